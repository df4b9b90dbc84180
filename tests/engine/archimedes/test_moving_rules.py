"""The rulebook's notes on moving marbles, a to h (GAMES.md section 4), each worked out by hand.

The board is so heavy here (`STEADY`) that nothing tips: these tests are about where marbles
may go.  Player 1 (seat 0) owns rows 1-2, player 2 rows 15-16; the midzone is rows 8-9.
"""

from __future__ import annotations

import pytest

from marblestudio.engine.archimedes import Phase
from marblestudio.engine.archimedes.rules import ArchimedesRules, Zone, ZoneKind
from marblestudio.engine.core import IllegalMoveError

from .helpers import STEADY, destinations, kinds, legal, play, position, rules


def rolled(cups: dict[str, list[str]], value: int) -> object:
    state = position(rules(STEADY), cups)
    play(state, "roll", f"die {value}")
    return state


def test_a_marbles_move_forwards_backwards_or_sideways_never_diagonally() -> None:
    state = rolled({"1": ["b5"]}, 1)
    assert destinations(state, "b5") == {("b6", 1), ("b4", 1), ("a5", 1), ("c5", 1)}


def test_a_paths_may_turn_but_never_visit_a_cup_twice() -> None:
    # From a5 with 2: a7, a3, b5 and the corners b6, b4 (one turn each), c5 straight across.
    # Going out and back (a5-a6-a5) would revisit a5, so a5 itself is not a destination.
    state = rolled({"1": ["a5"]}, 2)
    assert destinations(state, "a5") == {("a7", 2), ("a3", 2), ("b6", 2), ("b4", 2), ("c5", 2)}


def test_b_a_marble_may_be_rolled_along_the_grooves_or_lifted_and_placed() -> None:
    state = rolled({"1": ["b5"]}, 1)
    assert "b5-b6" in legal(state) and "b5^b6/1" in legal(state)
    events = play(state, "b5-b6")
    assert kinds(events)[0] == "marble_rolled" and events[0]["path"] == ("b6",)
    state = rolled({"1": ["b5"]}, 1)
    events = play(state, "b5^b6/1")
    assert kinds(events)[0] == "marble_lifted" and events[0]["dest"] == "b6"


def test_c_a_jump_over_a_line_of_opponent_marbles_counts_as_one_space() -> None:
    state = rolled({"1": ["b5"], "2": ["b6", "b7"]}, 1)
    assert ("b8", 1) in destinations(state, "b5")
    events = play(state, "b5xb8")
    assert events[0]["jumps"] == (True,)
    cups = dict(state.public_view().cups)
    assert cups == {"b6": 1, "b7": 1, "b8": 0}  # the jumped marbles stay where they were


def test_c_a_jump_lifts_the_marble_over_the_line_even_when_it_is_rolled() -> None:
    # Rolled b5xb8-c8: in the air over b6 and b7, landing on b8, then rolled to c8.
    state = rolled({"1": ["b5"], "2": ["b6", "b7"]}, 2)
    events = play(state, "b5xb8-c8")
    assert [e["marble_at"] for e in events if e.kind == "board_tilted"] == ["air", "b8", "c8"]


def test_c_a_jump_needs_an_empty_cup_beyond_the_line() -> None:
    # b6 is the opponent's, b7 is player 1's own: no landing beyond the line.
    state = rolled({"1": ["b5", "b7"], "2": ["b6"]}, 1)
    assert all(dest != "b8" for dest, _ in destinations(state, "b5"))


def test_d_a_marble_cannot_jump_its_own_marbles() -> None:
    state = rolled({"1": ["b5", "b6"]}, 1)
    assert destinations(state, "b5") == {("b4", 1), ("a5", 1), ("c5", 1)}


def test_e_a_two_or_three_may_be_split_among_marbles() -> None:
    state = rolled({"1": ["a5", "c5"]}, 3)
    assert "a5-a6" in legal(state)  # 1 of the 3 spaces, leaving 2 that c5 can use
    events = play(state, "a5-a6")
    assert "turn_over" not in kinds(events)
    assert state.to_move == 0 and state.remaining == 2
    events = play(state, "c5-c6-c7")
    assert kinds(events)[-1] == "turn_over" and state.to_move == 1


def test_f_a_marble_cannot_move_twice_in_one_turn() -> None:
    state = rolled({"1": ["a5", "c5"]}, 3)
    play(state, "a5-a6")
    assert all(not text.startswith("a6") for text in legal(state))
    with pytest.raises(IllegalMoveError) as info:
        play(state, "a6-a7")
    assert "rule f" in info.value.rule
    assert state.remaining == 2 and dict(state.public_view().cups) == {"a6": 0, "c5": 0}


def test_g_no_cup_is_off_limits_even_the_opponents_end_zone() -> None:
    state = rolled({"1": ["b14"]}, 2)
    assert {("b16", 2), ("a15", 2), ("c15", 2)} <= destinations(state, "b14")


def test_h_the_full_roll_must_be_used_even_out_of_your_own_end_zone() -> None:
    # A lone marble at home on b1 with a 3: only 3-space moves are offered, some leave home.
    state = rolled({"1": ["b1"]}, 3)
    found = destinations(state, "b1")
    assert found and all(spaces == 3 for _, spaces in found)
    assert ("b4", 3) in found


def test_h_only_partial_moves_that_can_be_completed_are_offered() -> None:
    # a1 is boxed in: the opponent's a2-a3 line can be jumped (to a4, 1 space), the b1-c1 line
    # runs to the edge and cannot.  So a1 can use 1, 2 or 3 spaces, always starting with a1xa4,
    # and the free marble b8 may take 1, 2 or 3 of the 3 with a1 taking the rest.
    state = rolled({"1": ["a1", "b8"], "2": ["a2", "a3", "b1", "c1"]}, 3)
    a1 = destinations(state, "a1")
    assert ("a4", 1) in a1 and all(dest != "b2" for dest, _ in a1)
    b8 = destinations(state, "b8")
    assert {spaces for _, spaces in b8} == {1, 2, 3}
    # after a1xa4 (1 space) the remaining 2 must all go to b8
    play(state, "a1xa4")
    assert {spaces for _, spaces in destinations(state, "b8")} == {2}


def tiny() -> object:
    """A 4 x 1 board: a1 player 1's end, a2-a3 the midzone, a4 player 2's end; nobody can win on it."""
    zones = (
        Zone("p1-end", ZoneKind.END, (0, 0), (0, 0), 0),
        Zone("midzone", ZoneKind.MIDZONE, (1, 2), (0, 0)),
        Zone("p2-end", ZoneKind.END, (3, 3), (0, 0), 1),
    )
    return rules(STEADY, rows=4, columns=1, zones=zones, marbles_to_win=2)


def test_a_player_who_cannot_make_a_full_move_passes() -> None:
    # a1 is player 1's; a2 a3 a4 the opponent's: the jump over them would leave the board.
    state = position(tiny(), {"1": ["a1"], "2": ["a2", "a3", "a4"]})  # type: ignore[arg-type]
    assert legal(state) == ["roll"]  # the midzone is full, so no placing
    play(state, "roll", "die 1")
    assert legal(state) == ["pass"]
    events = play(state, "pass")
    assert kinds(events) == ["passed", "turn_over"] and state.to_move == 1


def test_a_player_who_can_neither_place_nor_roll_passes() -> None:
    # Player 1 has no marble on the board and the midzone is full.
    state = position(tiny(), {"2": ["a2", "a3"]})  # type: ignore[arg-type]
    assert legal(state) == ["pass"]
    assert state.phase is Phase.CHOOSE


def test_the_tiny_board_is_a_real_ruleset() -> None:
    assert isinstance(tiny().family, ArchimedesRules)  # type: ignore[attr-defined]
