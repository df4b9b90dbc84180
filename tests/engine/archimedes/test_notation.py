"""The move notation of docs/notation.md reads back to the same move."""

from __future__ import annotations

import pytest

from marblestudio.engine.archimedes import DieRoll, LiftMarble, Pass, Place, Roll, RollMarble, StartRolls, parse_cup
from marblestudio.engine.archimedes.moves import parse
from marblestudio.engine.core import NotationError


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("start 3-1", StartRolls(3, 1)),
        ("die 2", DieRoll(2)),
        ("place b8", Place((7, 1))),
        ("roll", Roll()),
        ("pass", Pass()),
        ("b8-b9-c9", RollMarble((7, 1), ((8, 1), (8, 2)), (False, False))),
        ("b5xb8-c8", RollMarble((4, 1), ((7, 1), (7, 2)), (True, False))),
        ("b8^b10/2", LiftMarble((7, 1), (9, 1), 2)),
        ("a16^c16/2", LiftMarble((15, 0), (15, 2), 2)),
    ],
)
def test_notation_reads_back(text: str, move: object) -> None:
    assert parse(text) == move
    assert str(move) == text


def test_cups_are_a_column_letter_and_a_row_from_1() -> None:
    assert parse_cup("a1") == (0, 0) and parse_cup("c16") == (15, 2)


@pytest.mark.parametrize("text", ["", "place", "place 8b", "b8", "b8-", "b8^b10", "die", "start 3", "jump b8", "a0-a1"])
def test_bad_notation_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse(text)
