"""Each family's board is found by name; a missing one gets a clear placeholder."""

from __future__ import annotations

import pytest

from marblestudio.views.board import registry
from marblestudio.views.board.placeholder import PlaceholderBoard
from marblestudio.views.board.stay_alive import Board as StayAliveBoard


def test_stay_alive_has_its_own_board() -> None:
    cls, reason = registry.board_class("stay-alive")
    assert cls is StayAliveBoard
    assert reason is None


def test_a_family_whose_board_module_is_missing_gets_the_placeholder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.BOARDS, "avalanche", "marblestudio.views.board.no_such_board")
    cls, reason = registry.board_class("avalanche")
    assert cls is PlaceholderBoard
    assert reason is not None and "not written yet" in reason


def test_an_unknown_game_gets_the_placeholder() -> None:
    cls, reason = registry.board_class("chess")
    assert cls is PlaceholderBoard
    assert reason is not None and "chess" in reason
