"""Every shortcut of the window means one thing (issue 14, items 2 and 9): with the rules
editor shown, Ctrl+O and Ctrl+S reach the editor while the focus is in it and the window
otherwise (an "Ambiguous shortcut overload" warning fails the test), and Ctrl+Z in the move box
undoes the move, not the typed text."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QWidget
from pytestqt.qtbot import QtBot

from marblestudio.session import HUMAN
from marblestudio.views.main_window import MainWindow

from .helpers import activate, shown_editor
from .helpers import focus as focus_on
from .window_fixtures import Answers, answers, human_place, window  # noqa: F401

pytestmark = pytest.mark.gl


@pytest.fixture
def no_file_dialogs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """File dialogs answer "cancel" at once and say who asked."""
    asked: list[str] = []

    def cancel(kind: str):  # type: ignore[no-untyped-def]
        def dialog(*_args: object, **_kwargs: object) -> tuple[str, str]:
            asked.append(kind)
            return "", ""

        return dialog

    monkeypatch.setattr(QFileDialog, "getOpenFileName", cancel("open"))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", cancel("save"))
    return asked


def _press(qtbot: QtBot, widget: QWidget, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.ControlModifier) -> None:
    """Press `key` with the focus in `widget` of an active window, as a user does."""
    focus_on(qtbot, widget)
    qtbot.keyClick(widget, key, modifier)


@pytest.mark.parametrize("where", ["code", "problems"])
def test_with_the_focus_in_the_editor_ctrl_o_and_ctrl_s_are_the_editors(
    qtbot: QtBot, window: MainWindow, no_file_dialogs: list[str], where: str
) -> None:
    assert window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=1)  # the window's Save is on too
    shown_editor(qtbot, window)
    editor = window.editor_dock.widget()  # type: ignore[union-attr]
    target = editor.editor if where == "code" else editor.problems
    heard: list[str] = []
    editor.open_action.triggered.connect(lambda: heard.append("editor open"))
    editor.save_action.triggered.connect(lambda: heard.append("editor save"))
    window.open_action.triggered.connect(lambda: heard.append("window open"))
    window.save_action.triggered.connect(lambda: heard.append("window save"))
    _press(qtbot, target, Qt.Key.Key_O)
    _press(qtbot, target, Qt.Key.Key_S)
    assert heard == ["editor open", "editor save"]


def test_with_the_focus_elsewhere_ctrl_o_and_ctrl_s_are_the_windows(
    qtbot: QtBot, window: MainWindow, no_file_dialogs: list[str]
) -> None:
    assert window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=1)
    shown_editor(qtbot, window)
    editor = window.editor_dock.widget()  # type: ignore[union-attr]
    heard: list[str] = []
    editor.open_action.triggered.connect(lambda: heard.append("editor open"))
    editor.save_action.triggered.connect(lambda: heard.append("editor save"))
    window.open_action.triggered.connect(lambda: heard.append("window open"))
    window.save_action.triggered.connect(lambda: heard.append("window save"))
    _press(qtbot, window.game.scene, Qt.Key.Key_O)
    _press(qtbot, window.move_log, Qt.Key.Key_S)
    assert heard == ["window open", "window save"]
    assert no_file_dialogs == ["open", "save"]


def test_the_window_starts_with_its_own_shortcuts_when_the_editor_was_left_open(
    qtbot: QtBot, window: MainWindow, no_file_dialogs: list[str]
) -> None:
    shown_editor(qtbot, window)
    window.close()
    again = MainWindow()
    qtbot.addWidget(again)
    again.show()
    qtbot.waitExposed(again)
    assert again.editor_dock is not None and again.editor_dock.isVisible()  # remembered
    activate(qtbot, again)
    heard: list[str] = []
    again.open_action.triggered.connect(lambda: heard.append("window open"))
    focus = QApplication.focusWidget()
    assert focus is not None
    qtbot.keyClick(focus, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
    assert heard == ["window open"]


def test_ctrl_z_in_the_move_box_undoes_the_move(qtbot: QtBot, window: MainWindow) -> None:
    assert window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=8)
    session = window.game.session
    assert session is not None
    human_place(qtbot, window)
    qtbot.waitUntil(lambda: session.ply == 2, timeout=5000)
    entry = window.move_panel.entry
    focus_on(qtbot, entry)
    qtbot.keyClicks(entry, "R1")
    qtbot.keyClick(entry, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert session.ply == 1  # the move went back
    assert entry.text() == "R1"  # the typed text stayed
    qtbot.keyClick(entry, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert session.ply == 2


def test_the_controls_sheet_names_every_camera_key() -> None:
    # F1's Controls left out Ctrl+1 and Ctrl+2, which the View menu has
    from marblestudio.views.board.help import COMMON_CONTROLS
    from marblestudio.views.camera_actions import CAMERA_ACTIONS

    for _text, shortcut, _act, _tip in CAMERA_ACTIONS:
        assert shortcut in COMMON_CONTROLS, shortcut
