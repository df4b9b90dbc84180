"""Team play in the games of two sides (engine.partners): partners take their side's turns in
turn, an extra turn stays with the player who earned it, and the whole team wins.  Worked out by
hand from the two rulebooks (Kalah's sowing and extra turn; Archimedes' start roll and turn)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from marblestudio.agents import make_agent
from marblestudio.engine import from_position, new_game
from marblestudio.engine.core import CHANCE
from marblestudio.engine.partners import Partners
from marblestudio.rulesets import RulesetError, load

ROOT = Path(__file__).resolve().parents[2]
MANCALA = ROOT / "examples" / "house-rules" / "mancala-partners.yaml"
ARCHIMEDES = ROOT / "examples" / "house-rules" / "archimedes-partners.yaml"


def _play(state: Partners, *moves: str) -> list[int]:
    """Play `moves` (notation); the seat to move before each."""
    seats = []
    for text in moves:
        seats.append(state.to_move)
        state.apply(state.parse_move(text))
    return seats


def test_kalah_partners_take_turns_and_an_extra_turn_stays_with_its_player() -> None:
    state = new_game(load(MANCALA), 4)
    assert isinstance(state, Partners) and state.num_players == 4
    # South's c holds 4: d, e, f and the store; the last seed in the store gives South another
    # turn, which South's first player (seat 0) takes.  South's a (4: b, c, d, e) ends the turn;
    # North's first player (seat 1) sows A (4 seeds: B-E, all on North's side); then South's
    # second player (seat 2): f holds 5 (South's store, then North's A-D); then North's second
    # (seat 3) sows B (6: C-F, North's store, South's a).
    assert _play(state, "c", "a", "A", "f") == [0, 0, 1, 2]
    assert state.to_move == 3
    state.apply(state.parse_move("B"))
    assert state.to_move == 0  # round again: South's first player


def test_the_whole_team_of_the_winning_side_wins() -> None:
    rules = load(MANCALA)
    # South's second player is to move with one seed in f: it goes to the store (an extra turn),
    # South's houses are empty, North stores its last seed: South 21, North 27.
    state = from_position(rules, "mancala players=4 turn=0 houses=0,0,0,0,0,1/0,0,0,0,0,1 stores=20/26 moves=10 result=- "
                                 "partners=1,0 partners-last=none")
    assert state.to_move == 2
    state.apply(state.parse_move("f"))
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1, 3)


def test_archimedes_partners_take_whole_turns_roll_and_all() -> None:
    state = new_game(load(ARCHIMEDES), 4)
    assert state.to_move == CHANCE
    state.apply(state.parse_move("start 1-2"))  # White rolled higher: White (seat 1) begins
    assert _play(state, "place b8", "place a9") == [1, 0]
    assert state.to_move == 3  # White's second player
    state.apply(state.parse_move("roll"))
    assert state.to_move == CHANCE
    text = state.position()
    assert text.endswith("partners=1,1 partners-last=1")  # Black next plays its second; White's second is playing
    again = from_position(load(ARCHIMEDES), text)  # read back between the roll and the die
    for game in (state, again):
        game.apply(game.parse_move("die 3"))
        movers = []
        while game.to_move not in (CHANCE, 2) and game.outcome() is None and len(movers) < 10:
            movers.append(game.to_move)
            game.apply(game.legal_moves()[0])
        assert movers and set(movers) == {3}  # the whole turn is White's second player's
        assert game.to_move == 2  # then Black's second player
    assert again.position() == state.position()


def test_each_seat_sees_its_side_and_a_computer_plays_any_seat() -> None:
    state = new_game(load(MANCALA), 4)
    assert isinstance(state, Partners)
    asked: list[int] = []
    seen = state.inner.observation
    state.inner.observation = lambda seat: asked.append(seat) or seen(seat)  # type: ignore[method-assign]
    for seat in range(4):
        state.observation(seat)
    assert asked == [0, 1, 0, 1]  # each seat sees what its side sees
    del state.inner.observation
    rng = random.Random(3)
    for _ in range(12):
        if state.outcome() is not None:
            break
        seat = state.to_move
        move = make_agent("mcts:40", f"partners:{seat}").choose(state.copy(), seat, rng)
        assert move in state.legal_moves()
        state.apply(move)


@pytest.mark.parametrize(("players", "teams", "says"), [
    ("{min: 4, max: 4, default: 4}", "", "exactly 2 players"),
    ("{min: 4, max: 4, default: 4}", "teams: {count: 4}", "team play is for 2 teams"),
    ("{min: 4, max: 6, default: 4}", "teams: {count: 2}", "4 or 6 players"),
])
def test_a_team_game_of_two_sides_is_two_teams_of_a_fixed_size(tmp_path: Path, players: str, teams: str, says: str) -> None:
    path = tmp_path / "teams.yaml"
    path.write_text(f"format: 1\nid: mancala/teams\nname: Teams\nextends: mancala/kalah\nplayers: {players}\n{teams}\n", encoding="utf-8")
    with pytest.raises(RulesetError, match=says):
        load(path)
