"""What a valid file shows: the resolved ruleset with its changes marked, the rules sheet, play, find."""

from __future__ import annotations

from pathlib import Path

import pytest

from marblestudio.engine.rules import Ruleset

from .conftest import line_of


def test_the_resolved_view_marks_what_the_file_changes_from_its_base(editor, house_rule: Path, qtbot) -> None:
    editor.open_file(house_rule)
    qtbot.waitUntil(lambda: editor.resolution is not None, timeout=3000)
    view = editor.resolved_view
    text = view.text.toPlainText()
    marked = {text.split("\n")[n - 1].strip() for n in view.marked}
    assert "marbles_per_player: 3" in marked
    assert "id: stay-alive/quick" in marked
    assert "positions: 3" not in marked  # taken from the base unchanged
    assert line_of(text, "previous_slide: forbidden") not in view.marked


def test_the_rules_sheet_follows_the_text(editor, house_rule: Path, qtbot) -> None:
    editor.open_file(house_rule)
    qtbot.waitUntil(lambda: "Each player has 3 marbles (standard: 5)." in editor.sheet_view.plain_text(), timeout=3000)
    editor.editor.find("marbles_per_player: 3")
    editor.editor.insertPlainText("marbles_per_player: 4")
    qtbot.waitUntil(lambda: "Each player has 4 marbles (standard: 5)." in editor.sheet_view.plain_text(), timeout=3000)


def test_play_this_ruleset_emits_the_edited_rules(editor, house_rule: Path, qtbot) -> None:
    editor.open_file(house_rule)
    qtbot.waitUntil(lambda: editor.resolution is not None, timeout=3000)
    with qtbot.waitSignal(editor.play_requested) as played:
        editor.play_action.trigger()
    rules = played.args[0]
    assert isinstance(rules, Ruleset)
    assert rules.id == "stay-alive/quick" and rules.family.marbles_per_player == 3


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
    qtbot.waitUntil(lambda: editor.resolution is not None, timeout=3000)
    editor.tabs.setCurrentWidget(editor.preview)
    assert editor.preview.board is not None
    expected, _reason = board_class("stay-alive")
    assert type(editor.preview.board) is expected
    assert editor.preview.shown.family.marbles_per_player == 3
    editor.editor.find("marbles_per_player: 3")
    editor.editor.insertPlainText("marbles_per_player: 2")
    qtbot.waitUntil(lambda: editor.preview.shown.family.marbles_per_player == 2, timeout=3000)
