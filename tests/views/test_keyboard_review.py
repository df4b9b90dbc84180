"""The window driven by the keyboard alone (the keyboard and accessibility review): no key traps
the focus, keys act where the focus is, every menu item has its own mnemonic, the replay steps
by keys, and the New Game dialog offers again what was last played."""

from __future__ import annotations

from pathlib import Path

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMenu, QWidget
from pytestqt.qtbot import QtBot

from marblestudio.session import HUMAN
from marblestudio.views.editor.editor_widget import RulesEditor
from marblestudio.views.main_window import MainWindow

from .helpers import focus, shown_editor
from .window_fixtures import Answers, answers, finished_record, window  # noqa: F401

pytestmark = pytest.mark.gl

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def _shown_editor(qtbot: QtBot, window: MainWindow) -> RulesEditor:
    editor = shown_editor(qtbot, window)
    assert isinstance(editor, RulesEditor)
    return editor


# 2. No keyboard trap in the rules editor's text -------------------------------------------------
def test_ctrl_tab_and_ctrl_shift_tab_leave_the_rules_text_and_tab_still_indents(qtbot: QtBot, window: MainWindow) -> None:
    assert window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=1)
    text = _shown_editor(qtbot, window).editor
    text.setPlainText("a:")
    focus(qtbot, text)
    qtbot.keyClick(text, Qt.Key.Key_Tab)
    assert text.hasFocus() and text.toPlainText() == "  a:"  # YAML authors indent with Tab
    qtbot.keyClick(text, Qt.Key.Key_Tab, CTRL)
    assert not text.hasFocus()
    focus(qtbot, text)
    qtbot.keyClick(text, Qt.Key.Key_Backtab, CTRL | SHIFT)
    assert not text.hasFocus()
    assert text.toPlainText() == "  a:"  # neither key wrote into the text


def test_escape_in_the_rules_text_with_nothing_open_goes_back_to_the_board(qtbot: QtBot, window: MainWindow) -> None:
    assert window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=1)
    text = _shown_editor(qtbot, window).editor
    focus(qtbot, text)
    qtbot.keyClick(text, Qt.Key.Key_Escape)
    qtbot.waitUntil(window.game.scene.hasFocus, timeout=2000)


def test_the_rules_texts_tooltip_names_the_keys_that_leave_it(qtbot: QtBot, window: MainWindow) -> None:
    tip = _shown_editor(qtbot, window).editor.toolTip()
    assert "Ctrl+Tab" in tip and "Esc" in tip


def test_the_controls_sheet_says_how_to_leave_the_rules_text() -> None:
    from marblestudio.views.board.help import COMMON_CONTROLS

    assert "Ctrl+Tab" in COMMON_CONTROLS


# 7. The move box: undo keys undo moves only; a new game starts with an empty box --------------
def test_ctrl_z_with_no_move_to_undo_does_not_bring_back_the_typed_move(qtbot: QtBot, window: MainWindow) -> None:
    assert window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=1)
    session = window.game.session
    assert session is not None
    start = session.ply
    entry = window.move_panel.entry
    focus(qtbot, entry)
    qtbot.keyClicks(entry, str(session.state.legal_moves()[0]))
    qtbot.keyClick(entry, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: session.ply == start + 1, timeout=5000)
    assert entry.text() == ""
    qtbot.keyClick(entry, Qt.Key.Key_Z, CTRL)
    qtbot.waitUntil(lambda: session.ply == start, timeout=5000)
    assert not window.undo_action.isEnabled()
    qtbot.keyClick(entry, Qt.Key.Key_Z, CTRL)  # nothing left to undo: nothing happens
    assert entry.text() == ""
    qtbot.keyClick(entry, Qt.Key.Key_Z, CTRL | SHIFT)  # the move again (the window's Redo Move)
    qtbot.waitUntil(lambda: session.ply == start + 1, timeout=5000)
    qtbot.keyClick(entry, Qt.Key.Key_Z, CTRL | SHIFT)  # nothing left to redo: nothing happens
    assert entry.text() == "" and session.ply == start + 1


def test_a_new_game_starts_with_an_empty_move_box(qtbot: QtBot, window: MainWindow) -> None:
    assert window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=1)
    window.move_panel.entry.setText("place a1")
    assert window.start_game("avalanche/standard", seed=2)
    assert window.move_panel.entry.text() == ""


# 4. The replay steps by keys; its buttons and the move list have names ------------------------
def test_the_replay_menu_steps_a_replay_by_keys_and_is_off_in_a_game(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    replay = window.replay
    keys = {a.text(): a.shortcut().toString() for a in window.replay_menu.actions()}
    assert keys == {"&First Position": "Ctrl+Home", "&Back One Step": "Ctrl+Left",
                    "Forward One &Step": "Ctrl+Right", "&Last Position": "Ctrl+End"}
    assert window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=1)
    assert not any(a.isEnabled() for a in window.replay_menu.actions())  # a game is played, not watched
    assert window.open_path(finished_record(tmp_path))
    session = window.game.session
    assert session is not None and session.position == 0
    total = session.timeline_length
    focus(qtbot, window.game.scene)
    qtbot.keyClick(window.game.scene, Qt.Key.Key_Right, CTRL)
    qtbot.waitUntil(lambda: session.position == 1, timeout=5000)
    qtbot.keyClick(window.game.scene, Qt.Key.Key_End, CTRL)
    qtbot.waitUntil(lambda: session.position == total, timeout=5000)
    assert not replay.forward_action.isEnabled() and not replay.last_action.isEnabled()
    qtbot.keyClick(window.game.scene, Qt.Key.Key_Left, CTRL)
    qtbot.waitUntil(lambda: session.position == total - 1, timeout=5000)
    qtbot.keyClick(window.game.scene, Qt.Key.Key_Home, CTRL)
    qtbot.waitUntil(lambda: session.position == 0, timeout=5000)
    assert not replay.first_action.isEnabled() and replay.forward_action.isEnabled()
    qtbot.keyClick(window.game.scene, Qt.Key.Key_Right)  # plain arrows on the board step too (nothing to select)
    qtbot.waitUntil(lambda: session.position == 1, timeout=5000)
    qtbot.keyClick(window.game.scene, Qt.Key.Key_Left)
    qtbot.waitUntil(lambda: session.position == 0, timeout=5000)
    window.show_library()
    assert not any(a.isEnabled() for a in window.replay_menu.actions())


def test_the_replay_buttons_and_the_move_list_have_accessible_names(window: MainWindow) -> None:
    replay = window.replay
    names = [b.accessibleName() for b in (replay.first, replay.back, replay.forward, replay.last)]
    assert names == ["First position", "Back one step", "Forward one step", "Last position"]
    assert window.move_log.accessibleName() == "Moves"


def test_the_controls_sheet_names_the_replay_keys(window: MainWindow) -> None:
    from marblestudio.views.board.help import COMMON_CONTROLS

    for action in window.replay_menu.actions():
        assert action.shortcut().toString() in COMMON_CONTROLS, action.text()


# 8. Home in the move list goes to its first move; on the board it is the camera's --------------
def test_home_in_the_move_list_selects_the_first_move_and_leaves_the_camera(qtbot: QtBot, window: MainWindow) -> None:
    assert window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=1)
    session = window.game.session
    assert session is not None
    for _ in range(3):
        session.play(session.state.legal_moves()[0])
    qtbot.waitUntil(lambda: window.move_log.topLevelItemCount() >= 3, timeout=5000)
    scene = window.game.scene
    scene.orbit(40.0, 0.0)
    turned = scene.opts["azimuth"]
    log = window.move_log
    focus(qtbot, log)
    log.setCurrentItem(log.topLevelItem(log.topLevelItemCount() - 1))
    qtbot.keyClick(log, Qt.Key.Key_Home)
    assert log.indexOfTopLevelItem(log.currentItem()) == 0
    assert scene.opts["azimuth"] == turned  # the camera stayed where it was
    focus(qtbot, scene)
    qtbot.keyClick(scene, Qt.Key.Key_Home)
    assert scene.opts["azimuth"] != turned  # on the board, Home is Home View


# 5. Every menu item has a mnemonic of its own ------------------------------------------------
def _mnemonic(text: str) -> str | None:
    found = re.search(r"&([^&])", text.replace("&&", ""))
    return found.group(1).lower() if found else None


def _clashes(items: list[str]) -> list[str]:
    """What is wrong with the mnemonics of one menu's `items`: one missing, or one shared."""
    wrong = [f"no mnemonic: {text!r}" for text in items if _mnemonic(text) is None]
    seen: dict[str, str] = {}
    for text in items:
        letter = _mnemonic(text)
        if letter is not None and letter in seen:
            wrong.append(f"{seen[letter]!r} and {text!r} share '{letter}'")
        elif letter is not None:
            seen[letter] = text
    return wrong


def test_every_menu_item_has_a_mnemonic_no_other_item_of_its_menu_has(qtbot: QtBot, window: MainWindow) -> None:
    # Alt+V, S reached Skip Animation, never Animation Speed; the Game menu had three A's
    assert window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=1)
    qtbot.waitUntil(lambda: bool(window.camera_actions), timeout=5000)  # the View menu's camera items
    assert window.editor_dock is not None and window.analysis.action is not None  # every part installed
    for name in ("a.json", "b&c.json"):  # Open Recent numbers its files 1, 2, ... (an '&' in a name is no mnemonic)
        window.files._add_recent(Path("/tmp") / name)  # noqa: SLF001 - as opening the file adds it
    assert [a.text() for a in window.recent_menu.actions()][:2] == ["&1 /tmp/b&&c.json", "&2 /tmp/a.json"]
    wrong = _clashes([a.text() for a in window.menuBar().actions()])

    def walk(menu: QMenu) -> None:
        items = [a for a in menu.actions() if not a.isSeparator()]
        wrong.extend(f"{menu.title()}: {w}" for w in _clashes([a.text() for a in items]))
        for action in items:
            sub = action.menu()
            if isinstance(sub, QMenu):
                walk(sub)

    for action in window.menuBar().actions():
        menu = action.menu()
        assert isinstance(menu, QMenu)
        walk(menu)
    assert wrong == []
    window.editor_dock.setWindowTitle("Rules Editor — mine.yaml *")  # as the editor retitles it
    assert window.editor_dock.toggleViewAction().text() == "Rules E&ditor"


# 6. Shortcuts for the rules editor, the rules sheet and Resign ---------------------------------
def test_the_rules_editor_the_rules_sheet_and_resign_have_free_shortcuts(qtbot: QtBot, window: MainWindow) -> None:
    from PySide6.QtGui import QAction

    from marblestudio.views.board.help import COMMON_CONTROLS

    dock = window.editor_dock
    assert dock is not None
    keys = {"Rules Editor": dock.toggleViewAction(), "Rules of This Game": window.rules_action, "Resign": window.resign_action}
    wanted = {"Rules Editor": "Ctrl+Shift+E", "Rules of This Game": "Ctrl+Shift+R", "Resign": "Ctrl+Shift+G"}
    assert {name: action.shortcut().toString() for name, action in keys.items()} == wanted
    for key in wanted.values():
        assert key in COMMON_CONTROLS
    editor = dock.widget()
    assert isinstance(editor, RulesEditor)
    every = [a for a in window.findChildren(QAction) if not a.shortcut().isEmpty() and a.parent() is not editor]
    shortcuts = [a.shortcut().toString() for a in every]
    assert sorted(set(shortcuts)) == sorted(shortcuts)  # each key means one thing
    editor_keys = {a.shortcut().toString() for a in editor.actions() if not a.shortcut().isEmpty()}
    assert not editor_keys & set(wanted.values())  # and none is one of the editor's own (Ctrl+O, S, Z, H, ...)


def test_ctrl_shift_e_opens_the_rules_editor_in_its_text_and_closes_it(qtbot: QtBot, window: MainWindow) -> None:
    assert window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=1)
    dock = window.editor_dock
    assert dock is not None and not dock.isVisible()
    focus(qtbot, window.game.scene)
    qtbot.keyClick(window.game.scene, Qt.Key.Key_E, CTRL | SHIFT)
    qtbot.waitUntil(dock.isVisible, timeout=2000)
    editor = dock.widget()
    assert isinstance(editor, RulesEditor)
    qtbot.waitUntil(editor.editor.hasFocus, timeout=2000)
    qtbot.keyClick(editor.editor, Qt.Key.Key_E, CTRL | SHIFT)
    qtbot.waitUntil(lambda: not dock.isVisible(), timeout=2000)
    qtbot.waitUntil(window.game.scene.hasFocus, timeout=2000)


# 9. New Game offers again the ruleset and the computer's level last played -------------------
@pytest.fixture
def dialogs(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """New Game dialogs open, are looked at, and are cancelled."""
    from marblestudio.views.new_game import NewGameDialog

    shown: list[object] = []

    def cancel(self: NewGameDialog) -> int:
        shown.append(self)
        return int(NewGameDialog.DialogCode.Rejected)

    monkeypatch.setattr(NewGameDialog, "exec", cancel)
    return shown


def _seats(dialog: object) -> list[str]:
    from marblestudio.views.new_game import NewGameDialog

    assert isinstance(dialog, NewGameDialog)
    return dialog.choice().seats


def test_new_game_offers_the_last_ruleset_and_level_after_a_restart(qtbot: QtBot, window: MainWindow, dialogs: list[object]) -> None:
    from marblestudio.views.new_game import GameChoice, NewGameDialog

    assert window.start_choice(GameChoice("avalanche/standard", [HUMAN, "medium", "hard"], 5))
    window.close()
    again = MainWindow()
    qtbot.addWidget(again)
    again.new_action.trigger()  # Ctrl+N
    dialog = dialogs[-1]
    assert isinstance(dialog, NewGameDialog)
    assert dialog.choice().ruleset == "avalanche/standard"
    assert _seats(dialog) == [HUMAN, "medium", "hard"]
    dialog.ruleset.setCurrentIndex(dialog.ruleset.findData("stay-alive/standard"))  # another ruleset: the level stays
    assert _seats(dialog) == [HUMAN, "hard"]


def test_a_ruleset_the_player_picked_in_the_library_wins_over_the_last_one(
    qtbot: QtBot, window: MainWindow, dialogs: list[object]
) -> None:
    from marblestudio.views.new_game import GameChoice

    assert window.start_choice(GameChoice("avalanche/standard", [HUMAN, "easy", "easy"], 5))
    window.show_library()
    window.new_action.trigger()
    assert _seats(dialogs[-1])[0] == HUMAN and dialogs[-1].choice().ruleset == "avalanche/standard"  # type: ignore[attr-defined]
    library = window.library
    refs = [library.list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(library.list.count())]
    row = next(i for i, ref in enumerate(refs) if isinstance(ref, str) and ref not in ("avalanche/standard", library.selected()))
    library.list.setCurrentRow(row)  # the player's choice
    window.new_action.trigger()
    chosen = dialogs[-1].choice()  # type: ignore[attr-defined]
    assert chosen.ruleset == library.selected() != "avalanche/standard"
    assert chosen.seats[1:] == ["easy"] * (len(chosen.seats) - 1)  # with the level last played


# 11. The first window fits the screen ---------------------------------------------------------
def test_the_first_window_fits_a_small_screen(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    # at QT_SCALE_FACTOR=2 on 1600x1200 the screen is 800x600: the window was 1280x800, its status bar off screen
    from PySide6.QtCore import QRect
    from PySide6.QtGui import QScreen

    monkeypatch.setattr(QScreen, "availableGeometry", lambda _self: QRect(0, 0, 800, 600))
    win = MainWindow()
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    assert win.width() <= 800 and win.height() <= 600
