"""Avalanche's move notation (docs/avalanche.md): `R3`, `drop red 3`, `pass`, `out`/`stay`,
and the chance steps `deal C1 C2` and `gates LRRL`; illegal moves leave the state unchanged."""

from __future__ import annotations

import pytest

from marblestudio.engine.avalanche import Deal, Drop, GoOut, Pass, SetGates
from marblestudio.engine.core import IllegalMoveError, NotationError

from .helpers import play, rules, row_of_gates, started


def test_drop_is_written_colour_letter_then_hole_number() -> None:
    state = started(row_of_gates(3))
    assert str(Drop(1, 3, "R")) == "R3"
    assert state.parse_move("R3") == Drop(1, 3, "R")
    assert state.parse_move("drop red 3") == state.parse_move("r3") == Drop(1, 3, "R")


def test_other_moves_read_back_from_their_notation() -> None:
    state = started(row_of_gates(3))
    for move in (Pass(), GoOut(True), GoOut(False), Deal(("C2", "C1")), SetGates("LRRL")):
        assert state.parse_move(str(move)) == move
    assert SetGates("LR").is_chance and Deal(("C1",)).is_chance and not Pass().is_chance


@pytest.mark.parametrize("text", ["", "X3", "R0", "R5", "drop green 1", "gates LRX", "deal", "go"])
def test_bad_notation_is_refused_with_a_message(text: str) -> None:
    state = started(row_of_gates(3))  # holes 1 to 4
    with pytest.raises(NotationError):
        state.parse_move(text)


def test_random_gates_are_set_by_a_chance_step() -> None:
    state = started(rules({"A": ("random", "out", "out"), "B": ("right", "out", "out")}, ["A:left", "B:left"]),
                    2, "gates L")
    assert state.tilt == [0, 1]
    fresh = started(rules({"A": ("random", "out", "out"), "B": ("random", "out", "out")}, ["A:left"]), 2, "gates RL")
    assert fresh.tilt == [1, 0]


def test_illegal_move_leaves_the_state_unchanged() -> None:
    state = started(rules({"A": ("random", "out", "out")}, ["A:left"]), 2, "gates L")
    before = state.public_view()
    for text in ("gates R", "pass", "out"):
        with pytest.raises(IllegalMoveError):
            play(state, text)
    assert state.public_view() == before
