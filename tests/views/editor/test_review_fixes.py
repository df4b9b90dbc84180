"""The rules editor as the app review saw it: what the Problems panel shows of a long message
and in which order, the editor beside the board of a 600-pixel window, and the tool bar's
names (those of the app's menus)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QMainWindow, QToolButton, QWidget

from marblestudio.rulesets import check_text
from marblestudio.rulesets.diagnostics import Diagnostic

from .conftest import line_of

BROKEN_RULE = """format: 1
extends: stay-alive/standard
id: house/broken
name: Broken
description: an unknown event and an unknown action
rules:
  - name: broken
    on: marble_fel
    if: event.seat != mover
    then: extra_tur
"""
"""The review's text: the validator reports the action (line 10) before the event (line 8)."""


# 1. The Problems panel ------------------------------------------------------------------------
def test_the_problems_are_listed_by_line_then_column(editor) -> None:
    found = check_text(BROKEN_RULE, "<text>")
    assert [d.line for d in found] == [10, 8]  # the validator's order is not the text's
    editor.editor.setPlainText(BROKEN_RULE)
    editor.check_now()
    assert [row.split()[0] for row in editor.problems.rows()] == ["8:9", "10:11"]
    same_line = [Diagnostic("<text>", 4, 12, "error", "b"), Diagnostic("<text>", 4, 3, "warning", "a"),
                 Diagnostic("base.yaml", 2, 1, "error", "in the base"), Diagnostic("<text>", 1, 5, "error", "c")]
    editor.problems.set_diagnostics(same_line, "<text>")
    assert editor.problems.rows() == [
        "1:5 error c", "4:3 warning a", "4:12 error b", "base.yaml:2:1 error in the base"]


def test_a_problem_row_leads_with_what_is_wrong_and_the_suggestion(editor, qtbot) -> None:
    editor.resize(600, 700)  # the editor's width beside the board of a 1400-pixel window
    editor.editor.setPlainText(BROKEN_RULE)
    editor.check_now()
    panel = editor.problems
    items = [panel.topLevelItem(i) for i in range(panel.topLevelItemCount())]
    on = next(item for item in items if item.text(0) == f"{line_of(BROKEN_RULE, 'on: marble_fel')}:9")
    message = next(d.message for d in editor.diagnostics if "'marble_fel'" in d.message)
    assert on.toolTip(2) == message  # the whole message, its list of events included
    assert on.text(2).startswith("rules[1].on is text 'marble_fel'; did you mean 'marble_fell'?")
    room = panel.columnWidth(2) - 2 * panel.style().pixelMetric(panel.style().PixelMetric.PM_FocusFrameHMargin) - 4
    shown = panel.fontMetrics().elidedText(on.text(2), Qt.TextElideMode.ElideRight, room)
    assert "did you mean 'marble_fell'?" in shown  # on screen, not only in the tooltip
    then = next(item for item in items if "extra_tur'" in item.toolTip(2))
    assert then.text(2).startswith("rules[1].then is text 'extra_tur'; did you mean 'extra_turn'?")


def test_in_a_narrow_editor_a_problem_row_wraps_its_whole_message(editor, qtbot) -> None:
    editor.resize(260, 700)  # beside the board of a 600-pixel window
    editor.editor.setPlainText(BROKEN_RULE)
    editor.check_now()
    panel = editor.problems
    editor.tabs.setCurrentWidget(panel)
    qtbot.wait(50)
    item = next(panel.topLevelItem(i) for i in range(panel.topLevelItemCount())
                if panel.topLevelItem(i).text(0) == "8:9")
    room = panel.columnWidth(2) - 8
    wrap = int(Qt.TextFlag.TextWordWrap)
    needed = panel.fontMetrics().boundingRect(QRect(0, 0, room, 0), wrap, item.text(2)).height()
    assert needed > 2 * panel.fontMetrics().height()  # a message of several lines at this width
    assert panel.visualItemRect(item).height() >= needed  # all of them shown, the suggestion among them


def test_a_long_list_is_cut_in_its_middle_on_screen() -> None:
    from marblestudio.views.editor.problems import shown_message

    settings = BROKEN_RULE.split("rules:")[0] + "stay_alive:\n  bogus_key: 1\n  previous_slide: sometimes\n"
    messages = [d.message for d in check_text(BROKEN_RULE, "<text>") + check_text(settings, "<text>")]
    on = next(m for m in messages if m.startswith("rules[1].on "))
    assert shown_message(on) == (
        "rules[1].on is text 'marble_fel'; did you mean 'marble_fell'? "
        "(it must be one of 'game_over', 'marble_fell', …, 'turn_over')"
    )
    unknown = next(m for m in messages if m.startswith("unknown key 'bogus_key'"))
    assert shown_message(unknown) == "unknown key 'bogus_key' in stay_alive; expected one of: grid, positions, …, slides"
    short = next(m for m in messages if m.startswith("stay_alive.previous_slide "))
    assert shown_message(short) == short  # two choices: nothing to cut or move
    plain = "stay_alive.marbles_per_player (-3) must be at least 1"
    assert shown_message(plain) == plain


def test_a_long_word_in_a_message_keeps_the_list_after_it_cut() -> None:
    # (a long word is tried from its first letter only: the first pattern took 70 ms on this
    # message, tried from each of its letters; speed is measured in benchmarks, not here)
    from marblestudio.views.editor.problems import shown_message

    allowed = "grid, positions, marbles_per_player, neutral, slides"
    message = f"unknown key '{'k' * 1900}' in stay_alive; expected one of: {allowed}"
    assert shown_message(message) == f"unknown key '{'k' * 1900}' in stay_alive; expected one of: grid, positions, …, slides"


# 2. A 600-pixel window ------------------------------------------------------------------------
class _Window(QMainWindow):
    """A main window whose page beside the editor is as wide as the game page at its narrowest."""

    BOARD = 320  # the game page's minimum width (the review's "game page: min hint 320")

    def __init__(self) -> None:
        super().__init__()
        board = QWidget(self)
        board.setMinimumWidth(self.BOARD)
        self.setCentralWidget(board)


def _reachable(editor) -> dict[str, bool]:  # type: ignore[no-untyped-def]
    """Each of the editor's actions: whether a click on something shown reaches it (a button of
    the tool bar inside its width, the File button's menu, the Play button under the text)."""
    bar = editor.toolbar
    shown: dict[str, bool] = {}
    buttons = [b for b in bar.findChildren(QToolButton) if b.isVisible() and b.geometry().right() <= bar.width()
               and b.objectName() != "qt_toolbar_ext_button"]
    below = [b for b in editor.findChildren(QToolButton)
             if b.isVisible() and b.parent() is not bar and b.defaultAction() is not None]
    for action in (editor.open_action, editor.save_action, editor.save_as_action, editor.undo_action, editor.redo_action,
                   editor.find_action, editor.replace_action, editor.play_action):
        direct = any(b.defaultAction() is action for b in buttons + below)
        in_menu = any(b.menu() is not None and action in b.menu().actions() for b in buttons)
        shown[action.text()] = direct or in_menu
    new = editor.new_menu
    shown["New from Base"] = any(
        b.menu() is new or (b.menu() is not None and new.menuAction() in b.menu().actions()) for b in buttons)
    return shown


def test_the_editor_fits_beside_the_board_of_a_600_pixel_window(qtbot, data_dir: Path) -> None:
    from marblestudio.views.editor import install_editor

    window = _Window()
    qtbot.addWidget(window)
    dock = install_editor(window, data_dir=data_dir, preview=False)
    editor = dock.widget()
    window.resize(600, 800)
    window.show()
    qtbot.waitExposed(window)
    dock.show()
    qtbot.waitUntil(dock.isVisible)
    editor.new_from_base("stay-alive/standard")
    try:
        for tab in range(editor.tabs.count()):  # every tab, and the find and replace bar open
            editor.tabs.setCurrentIndex(tab)
            qtbot.wait(20)
        editor.replace_action.trigger()
        window.resize(600, 800)
        qtbot.wait(50)
        assert editor.minimumSizeHint().width() <= 600 - _Window.BOARD - 10
        assert window.width() == 600 and window.minimumSizeHint().width() <= 600
        assert _reachable(editor) == dict.fromkeys(
            ["Open…", "Save", "Save As…", "Undo", "Redo", "Find", "Replace", "Play This Ruleset", "New from Base"], True)
    finally:
        editor.editor.document().setModified(False)  # no "save the changes?" when the window closes


def test_a_wide_editor_shows_each_action_as_a_button(make_editor, qtbot) -> None:
    editor = make_editor()
    editor.resize(700, 700)
    qtbot.wait(20)
    bar = editor.toolbar
    texts = [b.text() for b in bar.findChildren(QToolButton) if b.isVisible() and b.geometry().right() <= bar.width()]
    for text in ("New from Base", "Open…", "Save", "Save As…", "Undo", "Redo", "Find", "Replace"):
        assert text in texts
    assert all(_reachable(editor).values())


@pytest.mark.gl
def test_the_editor_beside_the_board_keeps_a_600_pixel_main_window_600_wide(qtbot) -> None:
    # The review (s21_width.py): "editor open: width 714 min hint 714"; the tool bar ended in "»".
    from marblestudio.session import HUMAN

    from ..helpers import open_main_window

    win = open_main_window(qtbot, 600, 800)
    qtbot.waitUntil(lambda: win._editor_made, timeout=5000)  # made over the library, as the review's was
    win.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=4)
    dock = win.editor_dock
    assert dock is not None
    try:
        dock.show()
        qtbot.waitUntil(dock.isVisible)
        win.resize(600, 800)
        qtbot.wait(100)
        assert win.width() == 600 and win.minimumSizeHint().width() <= 600
        assert all(_reachable(dock.widget()).values())
    finally:
        win.game.session.saved = True  # no "save the game?" when the window closes


# 3. The names of the menus ----------------------------------------------------------------------
def test_the_tool_bar_names_its_actions_as_the_menus_do(editor) -> None:
    # The Game menu says "Open…" and "Save As…"; the tool bar said "Open" and "Save as".
    assert [a.text() for a in (editor.open_action, editor.save_action, editor.save_as_action, editor.play_action)] == [
        "Open…", "Save", "Save As…", "Play This Ruleset"]
    shown = {b.text() for b in editor.findChildren(QToolButton)}
    assert {"New from Base", "Open…", "Save As…", "Play This Ruleset"} <= shown  # the ellipsis stays on the buttons
    assert editor.open_action.toolTip() == "Open (Ctrl+O)"
    assert editor.save_as_action.toolTip() == "Save As (Ctrl+Shift+S)"
    assert editor.find_bar.replace_all_button.text() == "Replace All"


# 4. Escape ------------------------------------------------------------------------------------------
def test_escape_in_the_editor_closes_its_completion_list_and_find_bar_not_the_windows_animation(qtbot, monkeypatch) -> None:
    # View > Skip Animation (Escape) took the key: the list stayed open, and the Enter that
    # followed put "format: " into the text
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QKeyEvent
    from PySide6.QtWidgets import QApplication

    from marblestudio.views.editor.editor_widget import RulesEditor

    from ..helpers import open_main_window

    win = open_main_window(qtbot, 1100, 760)
    dock = win.editor_dock
    assert dock is not None
    dock.show()
    widget = dock.widget()
    editor = widget if isinstance(widget, RulesEditor) else widget.findChild(RulesEditor)
    assert editor is not None
    skipped: list[bool] = []
    monkeypatch.setattr(win.viewing, "on_escape", lambda: skipped.append(True))

    def claimed(target: QWidget) -> bool:
        override = QKeyEvent(QEvent.Type.ShortcutOverride, Qt.Key.Key_Escape, Qt.KeyboardModifier.NoModifier)
        override.ignore()
        QApplication.sendEvent(target, override)
        return override.isAccepted()

    text = editor.editor
    text.setFocus()
    text.setPlainText("form")
    cursor = text.textCursor()
    cursor.movePosition(cursor.MoveOperation.End)
    text.setTextCursor(cursor)
    assert text.show_completions(explicit=True)
    popup = text.completer.popup()
    qtbot.waitUntil(popup.isVisible, timeout=3000)
    assert claimed(text)  # the editor's, not the window's
    qtbot.keyClick(text, Qt.Key.Key_Escape)
    assert not popup.isVisible() and text.toPlainText() == "form"
    editor.find_action.trigger()
    assert editor.find_bar.isVisible()
    assert claimed(editor.find_bar.find_edit)
    qtbot.keyClick(editor.find_bar.find_edit, Qt.Key.Key_Escape)
    assert not editor.find_bar.isVisible()
    assert claimed(text)  # nothing of the editor's open: Escape leaves the text (the keyboard review's trap)
    assert not claimed(editor.problems)  # and elsewhere in the editor it is the window's again
    assert skipped == []
