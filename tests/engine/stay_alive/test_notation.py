"""Stay Alive's move notation (docs/notation.md): written and read back."""

from __future__ import annotations

import pytest

from marblestudio.engine.core import NotationError
from marblestudio.engine.stay_alive import PASS, PlaceMove, SetupMove, SlideMove, new_game
from marblestudio.engine.stay_alive.moves import cell_name, column_name

from .helpers import bundled


@pytest.fixture
def state():  # type: ignore[no-untyped-def]
    return new_game(bundled("stay-alive/standard"), 2)


def test_cells_are_column_letter_and_row_number() -> None:
    assert cell_name(3, 2) == "c4"
    assert cell_name(0, 0) == "a1"
    assert [column_name(i) for i in (0, 25, 26, 27)] == ["a", "z", "aa", "ab"]


def test_notation_examples(state) -> None:  # type: ignore[no-untyped-def]
    assert state.parse_move("place c4") == PlaceMove(3 * 7 + 2, 3, 2)
    assert state.parse_move("c4") == state.parse_move("place c4")
    assert state.parse_move("R3+") == SlideMove(2, "R3", 1)
    assert state.parse_move("W7-") == SlideMove(13, "W7", -1)
    assert state.parse_move("pass") is PASS
    setup = state.parse_move("setup R1=0 R2=2 R3=1 R4=0 R5=0 R6=0 R7=0 W1=0 W2=0 W3=0 W4=0 W5=0 W6=0 W7=2")
    assert isinstance(setup, SetupMove) and setup.positions == (0, 2, 1) + (0,) * 10 + (2,)
    assert state.parse_move("setup 02100000000002") == setup


def test_every_move_reads_back_from_its_notation(state) -> None:  # type: ignore[no-untyped-def]
    moves = [state.parse_move("setup " + "1" * 14)]
    moves += list(state.copy().legal_moves())
    s = state.copy()
    s.apply(moves[0])
    moves += s.legal_moves()
    moves += [SlideMove(i, f"R{i + 1}", step) for i in range(7) for step in (-1, 1)] + [PASS]
    for move in moves:
        assert state.parse_move(str(move)) == move


@pytest.mark.parametrize("text, message", [
    ("place z9", "off the board"),
    ("R9+", "there is no slide 'R9'"),
    ("jump", "not a Stay Alive move"),
    ("setup R1=0", "no position for slide"),
    ("setup 0123", "4 digits for 14 slides"),
    ("setup R1=5 R2=0 R3=0 R4=0 R5=0 R6=0 R7=0 W1=0 W2=0 W3=0 W4=0 W5=0 W6=0 W7=0", "slide R1 has no position 5"),
])
def test_bad_notation_is_a_notation_error_naming_the_problem(state, text: str, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(NotationError, match=message):
        state.parse_move(text)
