"""Notation (docs/notation.md) and illegal moves: a move that the rules forbid raises
`IllegalMoveError` naming the rule and leaves the state unchanged."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from marblestudio.engine.core import IllegalMoveError, Move, NotationError

from marblestudio_mancala.engine import MancalaState, SowMove
from mancala_helpers import kalah, play


def _refused(state: MancalaState, move: Move) -> str:
    before = (state.public_view(), state.to_move, [str(m) for m in state.legal_moves()], state.outcome())
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert (state.public_view(), state.to_move, [str(m) for m in state.legal_moves()], state.outcome()) == before
    assert info.value.rule
    return info.value.rule


def test_a_move_is_written_as_the_house_it_sows_lower_case_for_the_first_player() -> None:
    state = kalah()
    assert [str(m) for m in state.legal_moves()] == list("abcdef")
    play(state, "a")
    assert [str(m) for m in state.legal_moves()] == list("ABCDEF")


def test_notation_reads_back_every_house_as_the_same_move() -> None:
    state = kalah()
    for text in "abcdefABCDEF":
        move = state.parse_move(text)
        assert isinstance(move, SowMove) and str(move) == text
        assert move.seat == (0 if text.islower() else 1)
    assert state.parse_move(" c ") == state.legal_moves()[2]


def test_twelve_houses_a_side_are_a_to_l() -> None:
    state = kalah(houses=12)
    assert str(state.legal_moves()[-1]) == "l"
    assert str(state.parse_move("L")) == "L"


@pytest.mark.parametrize("text", ["g", "G", "aa", "1", "", " ", "é", "pass", "s", "a1"])
def test_text_that_names_no_house_of_this_board_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        kalah().parse_move(text)


def test_a_house_beyond_the_board_says_how_many_houses_there_are() -> None:
    with pytest.raises(NotationError, match="6 houses"):
        kalah().parse_move("g")


def test_sowing_an_empty_house_is_illegal() -> None:
    state = kalah()
    play(state, "c")  # another turn for South, c now empty
    assert "house c is empty" in _refused(state, state.parse_move("c"))


def test_sowing_an_opponents_house_is_illegal() -> None:
    rule = _refused(kalah(), kalah().parse_move("A"))
    assert "house A is North's" in rule and "South sows from a-f" in rule


def test_no_move_after_the_game_is_over() -> None:
    state = kalah(move_limit=1)
    play(state, "a")
    assert state.outcome() is not None
    assert _refused(state, state.parse_move("A")) == "the game is over"


def test_a_store_or_a_house_of_another_board_is_not_a_house_to_sow() -> None:
    state = kalah()
    assert "no house 's'" in _refused(state, SowMove(6, 0, "s"))
    assert "no house 'u'" in _refused(state, SowMove(20, 0, "u"))


def test_a_move_of_another_game_is_illegal() -> None:
    @dataclass(frozen=True)
    class Other(Move):
        def __str__(self) -> str:
            return "place c4"

    assert "not a Mancala move" in _refused(kalah(), Other())
