"""GAMES.md section 1, moving slides: each test worked out by hand on a small board.

The "quiet" board is one row of cells a1, b1, c1 (and d1): red slide R1 along the row, and one
white slide per column, W1..W4, each ".|o|o" (closed inside, open at centre and outside).
While R1 stays inside ("...") nothing is open, so white slides move without anything falling.
"""

from __future__ import annotations

import pytest

from marblestudio.engine.core import IllegalMoveError
from marblestudio.engine.stay_alive import SlideMove, StayAliveState
from marblestudio.engine.stay_alive.rules import PreviousSlide, TwoPlayerLimit

from .helpers import board, kinds, play, started


def quiet(players: int, limit: TwoPlayerLimit = TwoPlayerLimit.OWN_TURNS,
          previous: PreviousSlide = PreviousSlide.FORBIDDEN, red: str = "....|o...|o.o.") -> StayAliveState:
    """The quiet board with one marble each, placed a1, b1, c1, d1 in seat order."""
    width = max(players, 3)
    rules = board([ "|".join(p[:width] for p in red.split("|"))], [".|o|o"] * width, limit=limit, previous=previous)
    state = started(rules, players)
    play(state, *[f"place {'abcd'[i]}1" for i in range(players)])
    return state


def names(state: StayAliveState) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def test_marble_falls_only_where_both_layers_are_open() -> None:
    state = started(board(["..|o.|oo"], [".|o|o", ".|o|o"]), 2)
    play(state, "place a1", "place b1")
    events = play(state, "R1+")  # a1 open in red, but W1 inside: closed in white
    assert kinds(events) == ["slide_moved", "turn_over"] and not state.is_open("a1")
    events = play(state, "W1+")  # now a1 is open in both layers: seat 0's marble falls
    assert kinds(events) == ["slide_moved", "marble_fell", "player_out", "turn_over", "game_over"]
    assert events[1]["seat"] == 0 and (events[1]["row"], events[1]["col"]) == (0, 0)


def test_knob_moves_one_position_from_inside_to_centre() -> None:
    state = quiet(2)
    events = play(state, "W3+")
    assert (events[0]["slide"], events[0]["from"], events[0]["to"]) == ("W3", 0, 1)


def test_knob_cannot_jump_from_inside_to_outside() -> None:
    state = quiet(2)
    with pytest.raises(IllegalMoveError, match="a knob moves one position: W3 cannot go from inside to outside"):
        play(state, "W3++")
    assert state.slide_positions()["W3"] == 0 and state.to_move == 0


def test_knob_cannot_jump_from_outside_to_inside() -> None:
    state = quiet(2)
    play(state, "W3+", "W1+", "W3+")
    assert state.slide_positions()["W3"] == 2
    play(state, "W1-")
    with pytest.raises(IllegalMoveError, match="W3 cannot go from outside to inside"):
        state.apply(SlideMove(3, "W3", -2))


def test_knob_in_the_centre_may_move_either_way_and_not_past_the_ends() -> None:
    state = quiet(3)
    assert "R1-" not in names(state) and "R1+" in names(state)  # inside: only outwards
    play(state, "W3+", "W2+")
    assert state.to_move == 2 and {"W3-", "W3+"} <= set(names(state))  # centre: both ways
    play(state, "W3+", "W1+")
    assert state.to_move == 1 and "W3+" not in names(state) and "W3-" in names(state)  # outside: inwards
    with pytest.raises(IllegalMoveError, match="slide W3 is already at the outside"):
        play(state, "W3+")


def test_several_marbles_fall_at_once() -> None:
    # Two marbles each on a1 b1 c1 d1 (seats 0 1 0 1); R1 centre opens a1 and b1 in red.
    rules = board(["....|oo..|...."], [".|o|o"] * 4, start={f"W{i}": 1 for i in range(1, 5)}, marbles=2)
    state = started(rules, 2)
    play(state, "place a1", "place b1", "place c1", "place d1")
    events = play(state, "R1+")
    assert [(e.kind, e.get("seat"), e.get("cell")) for e in events] == [
        ("slide_moved", None, None), ("marble_fell", 0, "a1"), ("marble_fell", 1, "b1"), ("turn_over", 0, None)]
    assert state.counts() == {"to_place": 0, "on_grid": 2, "fallen": 2}
    assert state.marbles_of(0) == ["c1"] and state.marbles_of(1) == ["d1"]


def test_previous_players_slide_is_blocked() -> None:
    state = quiet(2)
    play(state, "W1+")
    assert "W1-" not in names(state) and "W1+" not in names(state)
    with pytest.raises(IllegalMoveError, match="slide W1 was moved by the previous player"):
        play(state, "W1-")


def test_previous_players_slide_is_blocked_with_four_players_but_not_the_one_before() -> None:
    state = quiet(4)
    play(state, "W1+")
    with pytest.raises(IllegalMoveError, match="slide W1 was moved by the previous player"):
        play(state, "W1+")
    play(state, "W2+")
    assert state.to_move == 2 and "W1+" in names(state)  # W1 moved two turns ago: free again
    play(state, "W1+")


def test_any_slide_any_time_option_allows_the_previous_players_slide() -> None:
    state = quiet(2, previous=PreviousSlide.ALLOWED)
    play(state, "W1+", "W1+")
    assert state.slide_positions()["W1"] == 2


def test_two_players_left_same_slide_three_own_turns_forbidden() -> None:
    state = quiet(2)
    play(state, "W1+", "W2+", "W1-", "W2-")  # each player's own slide, two own turns in a row
    assert state.to_move == 0
    with pytest.raises(IllegalMoveError, match="may not move slide W1 on three own turns in a row"):
        play(state, "W1+")
    # W1: third own turn; W2: the previous player's slide. R1 and W3 remain.
    assert names(state) == ["R1+", "W3+"]


def test_own_turns_limit_applies_only_with_two_players_left() -> None:
    state = quiet(3)
    play(state, "W1+", "W2+", "W3+", "W1-", "W2-", "W3-")
    play(state, "W1+")  # a third own turn in a row on W1 is fine with three players
    assert state.slide_positions()["W1"] == 1


def test_two_players_left_other_reading_opponent_may_move_slide_just_moved() -> None:
    state = quiet(2, limit=TwoPlayerLimit.CONSECUTIVE_TURNS)
    play(state, "W1+", "W1+")  # the opponent moves the slide just moved: relaxed rule
    assert state.slide_positions()["W1"] == 2


def test_two_players_left_other_reading_no_slide_three_turns_in_a_row() -> None:
    state = quiet(2, limit=TwoPlayerLimit.CONSECUTIVE_TURNS)
    play(state, "W1+", "W1+")
    with pytest.raises(IllegalMoveError, match="slide W1 may not move on three turns in a row"):
        play(state, "W1-")
    play(state, "W2+", "W1-")  # the run is broken: W1 may move again


def test_other_reading_keeps_the_previous_player_rule_with_three_players() -> None:
    state = quiet(3, limit=TwoPlayerLimit.CONSECUTIVE_TURNS)
    play(state, "W1+")
    with pytest.raises(IllegalMoveError, match="slide W1 was moved by the previous player"):
        play(state, "W1+")


def test_pass_when_no_legal_move() -> None:
    # One slide only (R1 along a1 b1, no white slides: nothing ever falls), no two-player limit.
    rules = board(["..|o.|oo"], [], limit=TwoPlayerLimit.NONE)
    state = started(rules, 2)
    play(state, "place a1", "place b1", "R1+")
    assert names(state) == ["pass"]  # R1 was moved by the previous player: nothing else to move
    assert kinds(play(state, "pass")) == ["passed", "turn_over"]
    assert state.to_move == 0


def test_no_restriction_after_a_pass() -> None:
    rules = board(["..|o.|oo"], [], limit=TwoPlayerLimit.NONE)
    state = started(rules, 2)
    play(state, "place a1", "place b1", "R1+", "pass")
    assert state.previous_slide is None
    assert names(state) == ["R1-", "R1+"]


def test_pass_is_illegal_while_a_move_is_legal() -> None:
    state = quiet(2)
    with pytest.raises(IllegalMoveError, match="may pass only when no move is legal"):
        play(state, "pass")


def test_illegal_move_leaves_state_unchanged() -> None:
    state = quiet(2)
    play(state, "W1+")
    before = (state.public_view(), dict(state.counts()), state.to_move, names(state))
    for text in ["W1-", "W1++", "R1-", "place c1", "pass"]:
        with pytest.raises(IllegalMoveError):
            play(state, text)
        assert (state.public_view(), dict(state.counts()), state.to_move, names(state)) == before


def test_no_two_player_limit_option_allows_three_own_turns_in_a_row() -> None:
    state = quiet(2, limit=TwoPlayerLimit.NONE)
    play(state, "W1+", "W2+", "W1-", "W2-", "W1+")
    assert state.slide_positions()["W1"] == 1


def test_own_turns_limit_starts_when_two_players_are_left_counting_earlier_turns() -> None:
    # Three players on a1 b1 c1; R1 outside ("o.o") would drop a1 and c1 together, so seat 2
    # (c1) is knocked out by opening c1 alone: R1 table "...|..o|..." opens c1 at the centre.
    state = quiet(3, red="....|..o.|....")
    play(state, "W1+", "W2+", "W3+")  # W3 at centre: c1 white-open, still red-closed
    play(state, "W1-")  # seat 0: W1 on two own turns in a row
    play(state, "R1+")  # seat 1 opens c1: seat 2 is out, two players are left
    assert state.is_out(2) and state.to_move == 0
    with pytest.raises(IllegalMoveError, match="may not move slide W1 on three own turns in a row"):
        play(state, "W1+")
