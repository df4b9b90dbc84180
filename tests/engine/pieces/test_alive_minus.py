"""ALIVE's minus card (`minus_next`): the seat's next card, if a number card, takes its points off
the running total instead of adding them, so a card too high to play may be played.  As a
once-a-game power it is the sixth audit's "once a game, play a number card as a minus"
(examples/house-rules/alive-minus-card.yaml).  Each case is worked out by hand from the ALIVE
rulebook's running total (a number card adds its points; the total may not pass 21, GAMES.md)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from typing import Any

import yaml

from marblestudio.engine import from_position
from marblestudio.engine.alive.state import AliveState
from marblestudio.engine.core import Event, IllegalMoveError
from marblestudio.engine.pieces import program, runtime
from marblestudio.engine.position import PositionError
from marblestudio.rulesets import load_with_source
from marblestudio.views.board.alive.viewer import why_not

MINUS = {"name": "minus card", "power": "minus_next"}
ROOT = Path(__file__).resolve().parents[3]


def ruled_table(tmp_path: Path, rules: list[dict[str, Any]], hands: list[list[str]], **kwargs: Any) -> Any:
    """A hand in progress (seat 0 to play) under the house rules on alive/standard."""
    path = tmp_path / "house.yaml"
    path.write_text(yaml.safe_dump({"format": 1, "id": "house/minus", "name": "Minus", "extends": "alive/standard", "rules": rules}))
    loaded = load_with_source(path).rules
    return runtime.ruled(AliveState.from_hands(loaded, hands, **kwargs), program.compile_pieces(loaded.game, loaded.pieces))


def play(state: Any, text: str) -> list[Event]:
    return state.apply(state.parse_move(text))  # type: ignore[no-any-return]


def playable(state: object) -> list[str]:
    return sorted(str(m) for m in state.legal_moves())  # type: ignore[attr-defined]


def test_a_card_too_high_becomes_playable_and_takes_its_points_off(tmp_path: Path) -> None:
    state = ruled_table(tmp_path, [MINUS], [["6", "3", "2"], ["4", "5"]], total=18)
    assert playable(state) == ["play 2", "play 3", "use minus card"]  # 18 + 6 would pass 21
    play(state, "use minus card")
    assert state.to_move == 0  # a power leaves the turn with the player
    assert playable(state) == ["play 2", "play 3", "play 6"]  # a minus card always fits
    events = play(state, "play 6")
    played = next(e for e in events if e.kind == "card_played")
    assert played["total"] == 12 and state.table.total == 12  # 18 - 6
    assert state.table.minus == -1 and state.to_move == 1  # the mark went with the card; the turn passed
    assert playable(state) == ["play 4", "play 5", "use minus card"]  # adds as usual (12 + 5 fits), and has a power of its own


def test_the_total_does_not_go_below_zero(tmp_path: Path) -> None:
    state = ruled_table(tmp_path, [MINUS], [["6", "3"], ["4"]], total=5)
    play(state, "use minus card")
    play(state, "play 6")
    assert state.table.total == 0  # 5 - 6, kept at 0


def test_a_wild_card_uses_the_mark_up_without_changing_its_effect(tmp_path: Path) -> None:
    state = ruled_table(tmp_path, [MINUS], [["SKIP", "7"], ["4", "5"], ["6"]], total=18)
    play(state, "use minus card")
    play(state, "play SKIP")
    assert state.table.total == 18 and state.table.minus == -1  # a SKIP has no points: the total stands
    assert state.to_move == 2  # the SKIP's own effect: seat 1 is skipped


def test_the_power_s_condition_can_read_the_mark(tmp_path: Path) -> None:
    rules = [{**MINUS, "if": "total >= 12 and minus_for < 0", "times": 2}]
    state = ruled_table(tmp_path, rules, [["6", "3"], ["4"]], total=11)
    assert "use minus card" not in playable(state)  # 11 < 12
    state = ruled_table(tmp_path, rules, [["6", "3"], ["4"]], total=12)
    play(state, "use minus card")
    assert state.table.minus == 0 and "use minus card" not in playable(state)  # marked already
    with pytest.raises(IllegalMoveError, match="condition does not hold"):
        play(state, "use minus card")


def test_a_position_keeps_the_mark_and_refuses_it_where_it_cannot_be() -> None:
    from marblestudio.engine import new_game
    from marblestudio.engine.core import CHANCE

    rules = load_with_source(ROOT / "examples" / "house-rules" / "alive-minus-card.yaml").rules
    state, rng = new_game(rules, 2), random.Random(3)
    while "use minus card" not in [str(m) for m in (state.legal_moves() if state.to_move != CHANCE else [])]:
        move = state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.legal_moves())
        state.apply(move)
    seat = state.to_move
    play(state, "use minus card")
    text = state.position()
    assert f" minus={seat} " in f" {text} "
    again = from_position(rules, text)
    assert again.table.minus == seat and playable(again) == playable(state)  # type: ignore[attr-defined]
    with pytest.raises(PositionError, match="position field 'minus'"):
        from_position(rules, text.replace(f" minus={seat}", " minus=7"))  # a two-player game has no seat 7


def test_the_board_lets_the_marked_player_click_a_high_card(tmp_path: Path) -> None:
    state = ruled_table(tmp_path, [MINUS], [["6", "3"], ["4"]], total=18)
    six = state.cat.kinds[state.cat.index["6"]]
    assert why_not(six, state.public_view(), 0, str) == "18 + 6 would take the total above 21"
    play(state, "use minus card")
    assert state.public_view().minus == 0
    assert why_not(six, state.public_view(), 0, str) is None


def test_the_cookbook_rule_plays_whole_games_that_replay_from_their_moves() -> None:
    from marblestudio.engine import new_game
    from marblestudio.engine.core import CHANCE

    rules = load_with_source(ROOT / "examples" / "house-rules" / "alive-minus-card.yaml").rules
    marked = 0
    for seed in range(8):
        rng = random.Random(f"minus:{seed}")
        state = new_game(rules, 3)
        start, written = state.copy(), []
        while state.outcome() is None:
            move = state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.legal_moves())
            marked += str(move) == "use minus card"
            written.append(str(move))
            state.apply(move)
            assert 0 <= state.table.total <= 21  # type: ignore[attr-defined]
        again = start
        for text in written:
            again.apply(again.parse_move(text))
        assert again.position() == state.position()
    assert marked >= 5


def test_next_seat_in_a_power_is_the_player_after_its_user(tmp_path: Path) -> None:
    # The seventh audit's 'once a game, make the next player draw two cards': a power comes before
    # its user's own card, so the game stands with the user to move; next_seat() there is the
    # seat after the user (seat 1 with three players, play going clockwise), not the user.
    curse = {"name": "curse", "power": {"draw_cards": {"seat": "next_seat()", "count": 2}}}
    state = ruled_table(tmp_path, [curse], [["3"], ["4"], ["5"]], deck=["1", "2", "6", "7"], total=3)
    events = play(state, "use curse")
    drawn = [e for e in events if e.kind == "cards_drawn"]
    assert [(e["seat"], e["count"]) for e in drawn] == [(1, 2)]
    assert state.table.hand_sizes == [1, 3, 1] and state.to_move == 0
