"""Sowing clockwise, the other way round the board (a house rule's action `sow_clockwise`), worked
out by hand on hand-set boards: South's houses are a..f (pits 0-5, then its store s), North's
A..F (pits 7-12, then S); counter-clockwise a sowing goes a, b, ... s, A, ...; clockwise it goes
back: from c to b, a, then (past North's store, never sown by South) F, E, ..., A, then s."""

from __future__ import annotations

from pathlib import Path

import pytest

from marblestudio import rulesets
from marblestudio.engine import from_position
from marblestudio.engine.core import IllegalMoveError
from marblestudio.engine.position import PositionError

from mancala_helpers import board, captured, kalah, oware, play, position, sown

HOUSE = Path(__file__).resolve().parents[2] / "house-rules"


def test_a_clockwise_sowing_goes_back_and_past_the_opponents_store() -> None:
    state = position(kalah(), south=[4, 4, 4, 4, 4, 4], north=[4, 4, 4, 4, 4, 4])
    assert state.sow_clockwise()
    events = play(state, "c")
    assert sown(events) == [("b", 5), ("a", 5), ("F", 5), ("E", 5)]
    assert state.to_move == 1 and not state.clockwise  # one sowing only
    assert sown(play(state, "A")) == [("B", 5), ("C", 5), ("D", 5), ("E", 6)]  # North sows counter-clockwise again


def test_a_clockwise_sowing_reaches_the_own_store_last_and_earns_the_extra_turn() -> None:
    # from a, 7 seeds: F E D C B A, then South's own store
    state = position(kalah(), south=[7, 4, 4, 4, 4, 4], north=[4, 1, 4, 4, 4, 4])  # 48 seeds in all
    state.sow_clockwise()
    events = play(state, "a")
    assert [place for place, _ in sown(events)] == ["F", "E", "D", "C", "B", "A", "s"]
    assert "extra_turn" in [e.kind for e in events] and state.to_move == 0


def test_oware_captures_after_a_clockwise_sowing_run_back_the_other_way() -> None:
    # a's 2 seeds go to F (1 -> 2) and E (2 -> 3): E is taken, then F beyond it (not D)
    state = position(oware(), south=[2, 4, 4, 4, 4, 4], north=[4, 4, 4, 4, 2, 1], stores=(4, 3))
    state.sow_clockwise()
    events = play(state, "a")
    assert captured(events) == [("E", 3), ("F", 2)]
    assert board(state) == ([0, 4, 4, 4, 4, 4], [4, 4, 4, 4, 0, 0], (9, 3))
    # the same house counter-clockwise: b and c, no capture
    state = position(oware(), south=[2, 4, 4, 4, 4, 4], north=[4, 4, 4, 4, 2, 1], stores=(4, 3))
    assert captured(play(state, "a")) == [] and board(state)[0] == [0, 5, 5, 4, 4, 4]


def test_no_clockwise_sowing_when_none_would_feed_the_opponent() -> None:
    # North has no seeds: South must feed; only f's seeds (counter-clockwise) reach North, and
    # clockwise nothing would (a 1 in f goes to e), so the rule changes nothing
    state = position(oware(), south=[0, 0, 0, 0, 0, 2], north=[0, 0, 0, 0, 0, 0], stores=(24, 22))
    assert [str(m) for m in state.legal_moves()] == ["f"]
    assert not state.sow_clockwise() and not state.clockwise


def test_a_clockwise_sowing_to_come_is_in_the_position() -> None:
    rules = rulesets.load("mancala/kalah")
    state = from_position(rules, "mancala players=2 turn=0 houses=4,4,4,4,4,4/4,4,4,4,4,4 stores=0/0 moves=0 result=-")
    assert state.sow_clockwise()  # type: ignore[attr-defined]
    text = state.position()
    assert "sowing=clockwise moves=0" in text
    again = from_position(rules, text)
    assert again.clockwise and sown(play(again, "c")) == [("b", 5), ("a", 5), ("F", 5), ("E", 5)]  # type: ignore[attr-defined, arg-type]
    with pytest.raises(PositionError, match="not a way to sow"):
        from_position(rules, text.replace("sowing=clockwise", "sowing=sideways"))


def test_the_cookbook_power_turns_one_sowing_round_once_a_game() -> None:
    state = rulesets_game(HOUSE / "mancala-clockwise-once.yaml")
    moves = [str(m) for m in state.legal_moves()]
    assert moves[-1] == "use the other way" and moves[:-1] == ["a", "b", "c", "d", "e", "f"]
    state.apply(state.parse_move("use the other way"))
    assert state.to_move == 0 and state.clockwise  # the power is used; South still sows
    assert sown(play(state, "c")) == [("b", 5), ("a", 5), ("F", 5), ("E", 5)]  # Oware: no store is sown
    play(state, "A")
    assert "use the other way" not in [str(m) for m in state.legal_moves()]  # once a game for South


def rulesets_game(path: Path):  # type: ignore[no-untyped-def]
    from marblestudio.engine import new_game

    return new_game(rulesets.load(str(path)), 2)


def test_the_view_tells_a_clockwise_sowing_to_come() -> None:
    state = position(kalah(), south=[4, 4, 4, 4, 4, 4], north=[4, 4, 4, 4, 4, 4])
    assert not state.public_view().clockwise and "clockwise" not in state.public_view().to_plain()
    state.sow_clockwise()
    assert state.public_view().clockwise and state.public_view().to_plain()["clockwise"] is True


# Sowing from any house (a house rule's `sow_any_house`) --------------------------------------------
def test_the_next_sowing_may_start_from_an_opponents_house() -> None:
    # South raids North's E (4 seeds): F, then (past North's store) South's a, b, c; the turn passes
    state = position(kalah(), south=[4, 4, 4, 4, 4, 4], north=[4, 4, 4, 4, 4, 4])
    assert state.sow_any_house()
    assert [str(m) for m in state.legal_moves()] == [*"abcdef", *"ABCDEF"]
    events = play(state, "E")
    assert sown(events) == [("F", 5), ("a", 5), ("b", 5), ("c", 5)]
    assert board(state) == ([5, 5, 5, 4, 4, 4], [4, 4, 4, 4, 0, 5], (0, 0)) and state.to_move == 1
    assert [str(m) for m in state.legal_moves()] == [*"ABCDF"]  # once: North sows its own houses as ever


def test_a_raid_ending_in_the_raiders_own_store_earns_the_extra_turn() -> None:
    # North's F holds 2: the first seed goes (past North's store S) to South's a... no: F is North's
    # last house, so F's 2 seeds skip S (South sows, S is never South's) and fall in a and b
    state = position(kalah(), south=[4, 4, 4, 4, 4, 1], north=[4, 4, 4, 4, 4, 2])
    state.sow_any_house()
    assert sown(play(state, "F")) == [("a", 5), ("b", 5)]
    # South's own f with 1 seed into its store: the book's extra turn, raid or not
    state = position(kalah(), south=[4, 4, 4, 4, 4, 1], north=[4, 4, 4, 4, 4, 2])
    state.sow_any_house()
    events = play(state, "f")
    assert "extra_turn" in [e.kind for e in events] and state.to_move == 0 and not state.any_house


def test_without_the_rule_an_opponents_house_is_refused() -> None:
    state = position(kalah(), south=[4, 4, 4, 4, 4, 4], north=[4, 4, 4, 4, 4, 4])
    with pytest.raises(IllegalMoveError, match="house E is North's: South sows from a-f"):
        play(state, "E")


def test_a_raid_to_come_is_in_the_position_with_a_clockwise_sowing() -> None:
    rules = rulesets.load("mancala/kalah")
    state = from_position(rules, "mancala players=2 turn=0 houses=4,4,4,4,4,4/4,4,4,4,4,4 stores=0/0 moves=0 result=-")
    state.sow_any_house()  # type: ignore[attr-defined]
    state.sow_clockwise()  # type: ignore[attr-defined]
    text = state.position()
    assert "sowing=clockwise,any-house moves=0" in text
    again = from_position(rules, text)
    assert again.any_house and again.clockwise  # type: ignore[attr-defined]
    # both at once: South sows North's B (4 seeds) clockwise: A, then South's own store s, f, e
    assert sown(play(again, "B")) == [("A", 5), ("s", 1), ("f", 5), ("e", 5)]  # type: ignore[arg-type]


def test_the_cookbook_raid_lets_a_player_sow_an_opponents_house_once() -> None:
    state = rulesets_game(HOUSE / "mancala-raid.yaml")
    state.apply(state.parse_move("use raid"))
    assert "A" in [str(m) for m in state.legal_moves()]
    play(state, "E")
    play(state, "A")  # North
    assert "use raid" not in [str(m) for m in state.legal_moves()] and "A" not in [str(m) for m in state.legal_moves()]
