"""The move box's placeholder suggests only a move the game has: a family whose help gives no
`MOVE_EXAMPLE` gets a neutral "A move", not "e.g. pass" (a game such as Nim has no pass)."""

from __future__ import annotations

from types import ModuleType

from pytestqt.qtbot import QtBot

from marblestudio.views.board.help import GENERIC, GameHelp


def test_a_family_without_a_move_example_gets_a_neutral_placeholder() -> None:
    assert GENERIC.placeholder() == "A move"
    assert GameHelp.from_module(ModuleType("nim_help")).placeholder() == "A move"


def test_a_family_with_a_move_example_shows_it() -> None:
    module = ModuleType("nim_help")
    module.MOVE_EXAMPLE = "b2"  # type: ignore[attr-defined]
    assert GameHelp.from_module(module).placeholder() == "A move, e.g. b2"


def test_the_move_box_tooltip_gives_an_example_only_when_there_is_one(qtbot: QtBot) -> None:
    from marblestudio.views.move_log import MovePanel

    panel = MovePanel()
    panel.set_help(GENERIC)
    assert panel.entry.toolTip() == "A move in notation; Enter plays it (an empty box: the hint shown)"  # it read "e.g. ;"
    module = ModuleType("nim_help")
    module.MOVE_EXAMPLE = "b2"  # type: ignore[attr-defined]
    panel.set_help(GameHelp.from_module(module))
    assert panel.entry.toolTip().startswith("A move in notation, e.g. b2; Enter plays it")
