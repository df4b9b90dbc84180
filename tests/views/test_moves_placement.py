"""The Moves panel follows the window's shape until the player places it (views/window_layout.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from marblestudio.session import HUMAN
from marblestudio.views.main_window import MainWindow
from marblestudio.views.window_layout import UNDER_SHARE

from .helpers import open_main_window
from .window_fixtures import finished_record

pytestmark = pytest.mark.gl

RIGHT, BOTTOM = Qt.DockWidgetArea.RightDockWidgetArea, Qt.DockWidgetArea.BottomDockWidgetArea


def _game_window(qtbot: QtBot, width: int, height: int) -> MainWindow:
    win = open_main_window(qtbot, width, height)
    win.start_game("archimedes/standard", [HUMAN, HUMAN], seed=3)
    qtbot.waitUntil(lambda: win.log_dock.isVisible())
    win.game.session.saved = True
    return win


def test_a_portrait_window_puts_the_moves_under_the_board_which_gets_the_whole_width(qtbot: QtBot) -> None:
    # At 600 x 800 the panel beside the board took 185 pixels and the Archimedes board, wider
    # than tall, was drawn 415 wide with most of the window's height empty.
    win = _game_window(qtbot, 600, 800)
    qtbot.waitUntil(lambda: win.dockWidgetArea(win.log_dock) == BOTTOM)
    qtbot.waitUntil(lambda: win.log_dock.height() <= int(win.height() * UNDER_SHARE) + 1)
    assert win.game.width() == win.centralWidget().width() >= win.width() - 2
    assert win.game.height() > win.game.width() * 0.5  # the board still has its height
    assert win.log_dock.isVisible() and win.move_log.isVisible()


def test_a_landscape_window_keeps_the_moves_beside_the_board_and_a_change_of_shape_moves_them(qtbot: QtBot) -> None:
    win = _game_window(qtbot, 1200, 800)
    assert win.dockWidgetArea(win.log_dock) == RIGHT
    win.resize(600, 800)
    qtbot.waitUntil(lambda: win.dockWidgetArea(win.log_dock) == BOTTOM)
    win.resize(800, 600)  # narrow but wider than tall: beside the board again, at most its share
    qtbot.waitUntil(lambda: win.dockWidgetArea(win.log_dock) == RIGHT)
    assert not win.moves_placement.placed  # the window moved it, not the player


def test_where_the_player_puts_the_panel_it_stays_then_and_in_the_next_session(qtbot: QtBot) -> None:
    win = _game_window(qtbot, 1200, 800)
    qtbot.wait(50)  # the rules editor's dock is tabbed beside the panel once the window is up
    assert not win.moves_placement.placed
    win.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, win.log_dock)  # as a drag to the left edge does
    assert win.moves_placement.placed
    win.resize(600, 800)
    qtbot.wait(50)
    assert win.dockWidgetArea(win.log_dock) == Qt.DockWidgetArea.LeftDockWidgetArea
    win.close()

    again = MainWindow()
    qtbot.addWidget(again)
    again.resize(600, 800)
    again.show()
    qtbot.waitExposed(again)
    assert again.moves_placement.placed
    assert again.dockWidgetArea(again.log_dock) == Qt.DockWidgetArea.LeftDockWidgetArea


def test_a_panel_tabbed_with_an_open_editor_is_left_where_it_is(qtbot: QtBot) -> None:
    win = _game_window(qtbot, 1200, 800)
    editor = win.editor_dock
    assert editor is not None
    editor.show()
    qtbot.waitUntil(lambda: editor.isVisible())
    assert win.log_dock in win.tabifiedDockWidgets(editor)
    win.resize(600, 800)
    qtbot.wait(50)
    assert win.dockWidgetArea(win.log_dock) == RIGHT
    assert not win.moves_placement.placed


def test_under_the_replay_timeline_in_a_portrait_window_neither_panel_is_squeezed(qtbot: QtBot, tmp_path: Path) -> None:
    # Docked beside the timeline, the panel was 70 pixels wide and the timeline's buttons widened
    # the 600-pixel window to 633.
    win = open_main_window(qtbot, 600, 800)
    qtbot.wait(50)
    assert win.files.open_path(finished_record(tmp_path))
    qtbot.waitUntil(lambda: win.replay_dock.isVisible() and win.log_dock.isVisible())
    qtbot.waitUntil(lambda: win.dockWidgetArea(win.log_dock) == BOTTOM)
    assert win.width() == 600
    assert win.log_dock.width() >= win.width() - 4 and win.replay_dock.width() >= win.width() - 4
    assert win.log_dock.y() > win.replay_dock.y()  # the timeline stays next to the board


def test_the_rules_editor_opens_as_a_tab_of_the_move_list_under_a_portrait_board_with_room_to_write(qtbot: QtBot) -> None:
    # Installed after the move list had gone under the board, the editor was tabbed with the
    # hidden table talk at the right: opened, it widened a 600-pixel window to 714; tabbed under
    # the board at the move list's 30% it showed three lines of text.
    from marblestudio.views.editor.dock import UNDER_SHARE as EDITOR_SHARE

    win = _game_window(qtbot, 600, 800)
    qtbot.waitUntil(lambda: win.dockWidgetArea(win.log_dock) == BOTTOM)
    editor = win.editor_dock
    assert editor is not None
    editor.show()
    editor.raise_()
    qtbot.waitUntil(lambda: editor.isVisible())
    assert win.dockWidgetArea(editor) == BOTTOM
    assert editor in win.tabifiedDockWidgets(win.log_dock)
    qtbot.wait(50)
    assert win.width() == 600
    assert editor.height() >= win.height() * (EDITOR_SHARE - 0.05)  # (less its tab bar)


def test_over_the_library_the_empty_panel_steps_aside_and_comes_back_with_a_game(qtbot: QtBot) -> None:
    # The first screen showed the library beside (or, in a portrait window, over) a Moves panel
    # saying "No game in progress".
    win = open_main_window(qtbot, 1200, 800)
    assert win.stack.currentIndex() == 0 and win.log_dock.isHidden()
    win.start_game("archimedes/standard", [HUMAN, HUMAN], seed=3)
    qtbot.waitUntil(lambda: win.log_dock.isVisible())
    win.game.session.saved = True
    win.show_library()
    assert win.log_dock.isHidden()
    win.start_game("mancala/kalah", [HUMAN, HUMAN], seed=3)
    qtbot.waitUntil(lambda: win.log_dock.isVisible())
    assert not win.moves_placement.placed


def test_a_panel_the_player_closed_stays_closed_and_one_aside_comes_back_after_a_restart(qtbot: QtBot) -> None:
    win = _game_window(qtbot, 1200, 800)
    win.log_dock.close()  # the panel's close button
    win.show_library()
    win.start_game("mancala/kalah", [HUMAN, HUMAN], seed=3)
    win.game.session.saved = True
    qtbot.wait(50)
    assert win.log_dock.isHidden()  # the player's choice
    win.log_dock.show()
    win.show_library()  # aside, and the window closes on the library
    win.close()

    again = open_main_window(qtbot, 1200, 800)
    assert again.log_dock.isHidden()
    again.start_game("mancala/kalah", [HUMAN, HUMAN], seed=3)
    qtbot.waitUntil(lambda: again.log_dock.isVisible())
    again.game.session.saved = True
