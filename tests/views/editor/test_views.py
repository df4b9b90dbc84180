"""What a valid file shows: the resolved ruleset with its changes marked, the rules sheet, play, find."""

from __future__ import annotations

from pathlib import Path

import pytest

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QTextDocument
from PySide6.QtWidgets import QMessageBox

from project import BUNDLED
from marblestudio.rulesets import load

from .conftest import line_of


def test_the_resolved_view_marks_what_the_file_changes_from_its_base(editor, house_rule: Path, qtbot) -> None:
    editor.open_file(house_rule)
    qtbot.waitUntil(lambda: editor.resolution is not None, timeout=10000)
    view = editor.resolved_view
    text = view.text.toPlainText()
    marked = {text.split("\n")[n - 1].strip() for n in view.marked}
    assert "marbles_per_player: 3" in marked
    assert "id: stay-alive/quick" in marked
    assert "positions: 3" not in marked  # taken from the base unchanged
    assert line_of(text, "previous_slide: forbidden") not in view.marked


def test_the_resolved_view_shows_the_readings_as_rules_after_the_data(editor, house_rule: Path, qtbot) -> None:
    editor.open_file(house_rule)
    qtbot.waitUntil(lambda: editor.resolution is not None, timeout=10000)
    lines = editor.resolved_view.text.toPlainText().split("\n")
    start = lines.index("# The readings above, written as rule pieces: each plays the same as its reading")
    assert "# previous_slide: forbidden  =  previous_slide: allowed, with" in lines[start:]
    assert "#     forbid: move.kind == 'slide' and move.slide == previous_slide" in lines[start:]
    assert all(line.startswith("#") for line in lines[start:])  # comments: the data above is unchanged
    assert not any(line.startswith("#") for line in lines[:start - 1])


def test_the_rules_sheet_follows_the_text(editor, house_rule: Path, qtbot) -> None:
    editor.open_file(house_rule)
    qtbot.waitUntil(lambda: "Each player has 3 marbles (standard: 5)." in editor.sheet_view.plain_text(), timeout=10000)
    editor.editor.find("marbles_per_player: 3")
    editor.editor.insertPlainText("marbles_per_player: 4")
    qtbot.waitUntil(lambda: "Each player has 4 marbles (standard: 5)." in editor.sheet_view.plain_text(), timeout=10000)


def test_play_this_ruleset_asks_for_the_saved_file(editor, house_rule: Path, qtbot) -> None:
    editor.open_file(house_rule)
    qtbot.waitUntil(lambda: editor.resolution is not None, timeout=10000)
    with qtbot.waitSignal(editor.play_requested) as played:
        editor.play_action.trigger()
    assert played.args == [str(house_rule)]
    rules = load(played.args[0])
    assert rules.id == "stay-alive/quick" and rules.family.marbles_per_player == 3


def test_playing_unsaved_changes_saves_them_first(editor, house_rule: Path, qtbot, monkeypatch) -> None:
    editor.open_file(house_rule)
    editor.editor.find("marbles_per_player: 3")
    editor.editor.insertPlainText("marbles_per_player: 2")
    editor.check_now()
    qtbot.waitUntil(lambda: editor.resolution is not None and editor.resolution.rules.family.marbles_per_player == 2, timeout=10000)
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Cancel)
    with qtbot.assertNotEmitted(editor.play_requested):
        assert not editor.play()
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Save)
    with qtbot.waitSignal(editor.play_requested):
        assert editor.play()
    assert load(house_rule).family.marbles_per_player == 2


def test_the_main_window_hosts_the_editor_and_plays_from_it(qtbot, data_dir: Path, house_rule: Path, monkeypatch) -> None:
    from PySide6.QtWidgets import QMainWindow

    from marblestudio.views.editor import install_editor

    class Window(QMainWindow):
        def __init__(self) -> None:
            super().__init__()
            self.started: list[str] = []

        def start_game(self, ref: str) -> bool:
            self.started.append(ref)
            return True

    window = Window()
    qtbot.addWidget(window)
    window_saves: list[bool] = []
    window_save = QAction("Save game", window)
    window_save.setShortcut(QKeySequence.StandardKey.Save)
    window_save.triggered.connect(lambda: window_saves.append(True))
    window.addAction(window_save)
    dock = install_editor(window, data_dir=data_dir, preview=False)
    editor = dock.widget()
    assert dock.isHidden()
    editor.open_file(house_rule)
    editor._resolve()
    editor.play()
    assert window.started == [str(house_rule)]
    editor.editor.insertPlainText("# unsaved\n")
    assert dock.windowTitle() == "Rules Editor — quick.yaml*"
    window.show()
    dock.show()
    qtbot.waitExposed(window)
    editor.editor.setFocus()
    qtbot.keyClick(editor.editor, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)  # the editor's Ctrl+S
    assert window_saves == []
    assert house_rule.read_text(encoding="utf-8").startswith("# unsaved")
    assert dock.windowTitle() == "Rules Editor — quick.yaml"
    editor.editor.insertPlainText("# unsaved again\n")
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Cancel)
    assert not window.close()  # the unsaved rules stop the close
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Discard)
    assert window.close()


def test_play_is_disabled_while_the_file_has_errors(editor, house_rule: Path) -> None:
    editor.open_file(house_rule)
    editor.editor.find("marbles_per_player: 3")
    editor.editor.insertPlainText("marbles_per_player: none")
    editor.check_now()
    assert not editor.play_action.isEnabled()


def test_new_from_base_starts_an_unsaved_house_rule_that_checks_clean(editor) -> None:
    assert editor.new_from_base("stay-alive/standard")
    assert editor.path is None and editor.is_modified()
    text = editor.editor.toPlainText()
    assert "extends: stay-alive/standard" in text
    assert [d for d in editor.check_now() if d.is_error] == []


def test_find_wraps_around_and_replace_all_is_one_undo_step(editor, house_rule: Path) -> None:
    editor.open_file(house_rule)
    original = editor.editor.toPlainText()
    bar = editor.find_bar
    editor.replace_action.trigger()
    assert bar.isVisible() and bar.replace_edit.isVisible()
    bar.find_edit.setText("stay")
    assert bar.find_next()
    first = editor.editor.textCursor().selectionStart()
    for _ in range(original.lower().count("stay")):
        assert bar.find_next()
    assert editor.editor.textCursor().selectionStart() == first  # wrapped round to the first match
    bar.case.setChecked(True)
    bar.find_edit.setText("Stay Alive")
    bar.replace_edit.setText("Keep Alive")
    assert bar.replace_all() == original.count("Stay Alive")
    assert "Stay Alive" not in editor.editor.toPlainText()
    editor.editor.undo()
    assert editor.editor.toPlainText() == original


def test_find_says_when_nothing_matches(editor, house_rule: Path) -> None:
    editor.open_file(house_rule)
    editor.find_action.trigger()
    editor.find_bar.find_edit.setText("no such words")
    assert not editor.find_bar.find_next()
    assert editor.find_bar.status.text() == "Not found"


@pytest.mark.gl
def test_the_preview_draws_the_board_of_the_file_and_follows_it(make_editor, house_rule: Path, qtbot) -> None:
    from marblestudio.views.board.registry import board_class

    editor = make_editor(preview=True)
    editor.open_file(house_rule)
    qtbot.waitUntil(lambda: editor.resolution is not None, timeout=10000)
    editor.tabs.setCurrentWidget(editor.preview)
    assert editor.preview.board is not None
    expected, _reason = board_class("stay-alive")
    assert type(editor.preview.board) is expected
    assert editor.preview.shown.family.marbles_per_player == 3
    editor.editor.find("marbles_per_player: 3")
    editor.editor.insertPlainText("marbles_per_player: 2")
    qtbot.waitUntil(lambda: editor.preview.shown.family.marbles_per_player == 2, timeout=10000)
    editor.editor.find("marbles_per_player: 2", QTextDocument.FindFlag.FindBackward)
    editor.editor.insertPlainText("marbles_per_player: -2")
    qtbot.waitUntil(lambda: "has errors" in editor.preview.note.text(), timeout=10000)
    assert editor.preview.shown.family.marbles_per_player == 2  # the last valid board stays


@pytest.mark.gl
@pytest.mark.parametrize("game", ["stay-alive", "alive", "avalanche", "archimedes"])
def test_the_preview_uses_the_board_registry_for_every_family(make_editor, game: str, tmp_path: Path, qtbot) -> None:
    from marblestudio.views.board.registry import board_class

    source = BUNDLED / game / "standard.yaml"
    if not source.exists():
        pytest.skip(f"no bundled {game} ruleset yet")
    editor = make_editor(preview=True)
    editor.open_file(source)
    qtbot.waitUntil(lambda: editor.resolution is not None, timeout=5000)
    editor.tabs.setCurrentWidget(editor.preview)
    expected, reason = board_class(game)
    assert type(editor.preview.board) is expected
    assert editor.preview.shown == editor.resolution.rules
    assert (reason or "") in editor.preview.note.text()


def test_the_new_from_base_menu_lists_the_catalog_and_starts_a_house_rule(editor) -> None:
    editor._fill_new_menu()
    actions = {action.text(): action for action in editor.new_menu.actions()}
    assert any("(alive/standard)" in text for text in actions)
    chosen = next(action for text, action in actions.items() if text.endswith("(avalanche/standard)"))
    chosen.trigger()
    assert "\nextends: avalanche/standard\n" in editor.editor.toPlainText()
    assert [d for d in editor.check_now() if d.is_error] == []
    editor.editor.document().setModified(False)
