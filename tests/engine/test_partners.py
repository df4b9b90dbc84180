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


def _house(tmp_path: Path, rules: list[dict[str, object]]) -> Path:
    import yaml

    path = tmp_path / "house.yaml"
    path.write_text(yaml.safe_dump({"format": 1, "id": "house/partner-turn", "name": "Partner turn", "extends": str(MANCALA),
                                    "rules": rules}))
    return path


def test_a_partner_turn_is_played_by_the_sides_other_partner(tmp_path: Path) -> None:
    # Sowing c (once a game a side) earns the side a turn for the partner: seat 0 sows c (4 seeds:
    # d, e, f and the store: the game's own extra turn, which seat 0 plays: a, ending the turn);
    # then the side moves again, and its other partner, seat 2, plays it (c: 1 seed, to d); then
    # North's first player; then South's turns go round again from seat 0.
    rule = {"name": "c again", "on": "seeds_taken", "if": "event.place == 'c'", "times": 1, "then": "partner_turn"}
    state = new_game(load(_house(tmp_path, [rule])), 4)
    assert _play(state, "c", "a", "c", "A") == [0, 0, 2, 1]
    assert state.to_move == 0
    text = state.position()
    assert from_position(state.ruleset, text).position() == text


def test_a_partner_turn_given_mid_turn_is_in_the_position(tmp_path: Path) -> None:
    rule = {"name": "c again", "on": "seeds_taken", "if": "event.place == 'c'", "times": 1, "then": "partner_turn"}
    state = new_game(load(_house(tmp_path, [rule])), 4)
    state.apply(state.parse_move("c"))  # the game's extra turn: seat 0's turn goes on, the partner's waits
    text = state.position()
    assert "rule-partner=1" in text
    again = from_position(state.ruleset, text)
    assert _play(again, "a") == [0] and again.to_move == 2


def test_the_cookbook_three_for_your_partner_hands_the_extra_turn_over() -> None:
    state = new_game(load(ROOT / "examples" / "house-rules" / "archimedes-partner-three.yaml"), 4)
    rng = random.Random(3)
    checked = 0
    roller, threes = -1, False
    while state.outcome() is None and checked < 3:
        if state.to_move == CHANCE:
            move = state.sample_chance(rng)
            events = state.apply(move)
            if any(e.kind == "die_rolled" and e["purpose"] == "move" and e["value"] == 3 for e in events):
                threes = True
            continue
        seat = state.to_move
        if roller < 0:
            roller = seat
        elif seat != roller:  # the turn of `roller` is over
            if threes:
                assert seat == (roller + 2) % 4, "a 3 gives the roller's partner the side's next turn"
                checked += 1
            roller, threes = seat, False
        state.apply(rng.choice(state.legal_moves()))
    assert checked == 3


def test_a_rule_reads_which_partner_plays_the_side_s_turn(tmp_path: Path) -> None:
    # Kalah by partners with a rule on `player`, the seat who plays (mover is the side): each turn
    # that seat 3 (North's second player) ends scores North a point.  The same moves as the first
    # test: seats 0, 0, 1, 2, 3 play; only the last turn is seat 3's, so North has 1 point.
    import yaml

    from marblestudio.rulesets import load_with_source

    path = tmp_path / "house.yaml"
    path.write_text(yaml.safe_dump({"format": 1, "id": "house/p", "name": "P", "extends": str(MANCALA), "rules": [
        {"name": "second north", "on": "turn_over", "if": "player == 3", "then": {"score": {"seat": "mover", "points": 1}}}]}))
    state = new_game(load_with_source(path).rules, 4)
    assert _play(state, "c", "a", "A", "f", "B") == [0, 0, 1, 2, 3]
    inner = state.inner
    assert inner.rule_state.scores == [0, 1]  # type: ignore[attr-defined]
    # and a whole random game: the points equal the turns seat 3 ended, counted from outside
    state, rng, ended = new_game(load_with_source(path).rules, 4), random.Random(4), 0
    while state.outcome() is None:
        seat = state.to_move
        move = state.sample_chance(rng) if seat == CHANCE else rng.choice(state.legal_moves())
        events = state.apply(move)
        ended += seat == 3 and any(e.kind == "turn_over" for e in events)
    assert ended > 0 and state.inner.rule_state.scores[1] == ended  # type: ignore[attr-defined]
