"""Each family's board is found by name; a missing one gets a clear placeholder."""

from __future__ import annotations

from plugins import Families, families  # noqa: F401  (fixture)

from marblestudio.views.board import registry
from marblestudio.views.board.placeholder import PlaceholderBoard
from marblestudio.views.board.stay_alive.board import Board as StayAliveBoard


def test_stay_alive_has_its_own_board() -> None:
    cls, reason = registry.board_class("stay-alive")
    assert cls is StayAliveBoard
    assert reason is None


def test_a_family_whose_board_module_is_missing_gets_the_placeholder(families: Families) -> None:
    families.replace("avalanche", board="marblestudio.views.board.no_such_board:Board")
    cls, reason = registry.board_class("avalanche")
    assert cls is PlaceholderBoard
    assert reason == "the 3D board of Avalanche is not installed (marblestudio.views.board.no_such_board:Board)"


def test_a_family_without_a_board_gets_the_placeholder(families: Families) -> None:
    families.replace("avalanche", board=None)
    cls, reason = registry.board_class("avalanche")
    assert cls is PlaceholderBoard
    assert reason == "the game Avalanche has no 3D board"


def test_an_unknown_game_gets_the_placeholder() -> None:
    cls, reason = registry.board_class("chess")
    assert cls is PlaceholderBoard
    assert reason is not None and "chess" in reason
