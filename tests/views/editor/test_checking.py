"""Checking as you type: a pause re-validates, underlines the exact place, lists and explains it."""

from __future__ import annotations

from pathlib import Path

from marblestudio.rulesets import check_path

from .conftest import line_of


def _type(editor, old: str, new: str) -> None:  # type: ignore[no-untyped-def]
    text = editor.editor.toPlainText()
    assert old in text
    editor.editor.setPlainText(text.replace(old, new, 1))


def test_a_mistake_is_underlined_at_its_line_and_column_after_the_pause(editor, house_rule: Path, qtbot) -> None:
    editor.open_file(house_rule)
    assert editor.editor.underlines() == []
    _type(editor, "marbles_per_player: 3", "marbles_per_player: 0")
    line = line_of(editor.editor.toPlainText(), "marbles_per_player")
    assert editor.editor.underlines() == []  # nothing before the pause
    qtbot.waitUntil(lambda: editor.editor.underlines() != [], timeout=10000)
    # "  marbles_per_player: 0": the value 0 is at column 23.
    assert editor.editor.underlines() == [(line, 23, 1)]
    assert [(d.line, d.column) for d in editor.diagnostics] == [(line, 23)]
    assert "at least 1" in editor.diagnostics[0].message


def test_fixing_the_mistake_clears_the_underline(editor, house_rule: Path, qtbot) -> None:
    editor.open_file(house_rule)
    _type(editor, "marbles_per_player: 3", "marbles_per_player: 0")
    qtbot.waitUntil(lambda: editor.editor.underlines() != [], timeout=10000)
    _type(editor, "marbles_per_player: 0", "marbles_per_player: 4")
    qtbot.waitUntil(lambda: editor.editor.underlines() == [], timeout=10000)
    assert editor.problems.rows() == []
    assert editor.play_action.isEnabled()


def test_an_unknown_key_is_underlined_over_the_whole_key(editor, house_rule: Path, qtbot) -> None:
    editor.open_file(house_rule)
    _type(editor, "  marbles_per_player: 3", "  marbles_per_player: 3\n  marbels: 4")
    line = line_of(editor.editor.toPlainText(), "marbels")
    qtbot.waitUntil(lambda: editor.editor.underlines() != [], timeout=10000)
    assert editor.editor.underlines() == [(line, 3, len("marbels"))]
    assert not editor.play_action.isEnabled()


def test_the_editor_shows_the_same_diagnostics_as_validate(editor, house_rule: Path) -> None:
    text = house_rule.read_text(encoding="utf-8").replace("marbles_per_player: 3", "marbles_per_player: many")
    house_rule.write_text(text, encoding="utf-8")
    editor.open_file(house_rule)
    assert editor.diagnostics == check_path(house_rule)
    assert editor.diagnostics  # the file is wrong, so there is something to compare


def test_the_problems_panel_lists_each_problem_and_a_click_jumps_to_it(editor, house_rule: Path, qtbot) -> None:
    editor.open_file(house_rule)
    _type(editor, "marbles_per_player: 3", "marbles_per_player: 0\n  previous_slide: sometimes")
    editor.check_now()
    rows = editor.problems.rows()
    assert len(rows) == 2
    target = line_of(editor.editor.toPlainText(), "previous_slide")
    item = next(
        editor.problems.topLevelItem(i)
        for i in range(editor.problems.topLevelItemCount())
        if editor.problems.topLevelItem(i).text(0).startswith(f"{target}:")
    )
    with qtbot.waitSignal(editor.problems.jump_requested):
        editor.problems.itemClicked.emit(item, 0)
    cursor = editor.editor.textCursor()
    assert cursor.blockNumber() + 1 == target
    assert cursor.positionInBlock() + 1 == len("  previous_slide: ") + 1


def test_hovering_a_diagnostic_explains_it(editor, house_rule: Path) -> None:
    editor.open_file(house_rule)
    _type(editor, "marbles_per_player: 3", "marbles_per_player: 0")
    editor.check_now()
    line = line_of(editor.editor.toPlainText(), "marbles_per_player")
    cursor = editor.editor.textCursor()
    cursor.setPosition(editor.editor.document().findBlockByNumber(line - 1).position() + 22)
    point = editor.editor.cursorRect(cursor).center()
    text = editor.editor.tooltip_at(point)
    assert text is not None and "at least 1" in text
