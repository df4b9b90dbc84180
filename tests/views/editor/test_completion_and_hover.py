"""Completion offers the schema's keys at the cursor, at any depth, and enum values; hover explains keys."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint
from PySide6.QtGui import QHelpEvent, QTextCursor
from PySide6.QtWidgets import QApplication, QToolTip

from marblestudio.rulesets import assist

from .conftest import line_of

HOUSE = """format: 1
extends: stay-alive/standard
id: stay-alive/mine
name: Mine
stay_alive:
  marbles_per_player: 3
  grid: {rows: 7, columns: 7}
"""


def _put_cursor(editor, line: int, column: int) -> None:  # type: ignore[no-untyped-def]
    block = editor.editor.document().findBlockByNumber(line - 1)
    cursor = QTextCursor(block)
    cursor.setPosition(block.position() + column - 1)
    editor.editor.setTextCursor(cursor)


def _schema_keys(*path: str) -> set[str]:
    nav = assist.SchemaNavigator(assist.load_schema())
    return set(nav.keys(nav.at(path)))


def test_completion_offers_the_family_keys_not_yet_written_inside_a_section(editor) -> None:
    editor.editor.setPlainText(HOUSE + "  ")
    _put_cursor(editor, HOUSE.count("\n") + 1, 3)
    assert editor.editor.show_completions()
    offered = set(editor.editor.offered())
    expected = _schema_keys("stay_alive") - {"marbles_per_player", "grid"}
    assert "previous_slide" in offered
    assert offered == expected


def test_completion_offers_nested_keys_inside_a_slide(editor) -> None:
    text = HOUSE + "  slides:\n    R1:\n      la"
    editor.editor.setPlainText(text)
    _put_cursor(editor, text.count("\n") + 1, 9)
    assert editor.editor.show_completions()
    assert editor.editor.offered() == ["layer"]


def test_completion_offers_keys_inside_a_flow_mapping(editor) -> None:
    text = HOUSE.replace("grid: {rows: 7, columns: 7}", "grid: {rows: 7, ")
    editor.editor.setPlainText(text)
    line = line_of(text, "grid")
    _put_cursor(editor, line, len("  grid: {rows: 7, ") + 1)
    assert editor.editor.show_completions()
    assert editor.editor.offered() == ["columns"]


def test_completion_offers_the_values_of_an_enum(editor) -> None:
    text = HOUSE + "  previous_slide: "
    editor.editor.setPlainText(text)
    _put_cursor(editor, text.count("\n") + 1, len("  previous_slide: ") + 1)
    assert editor.editor.show_completions()
    assert sorted(editor.editor.offered()) == ["allowed", "forbidden"]


def test_choosing_a_key_completes_it_with_its_colon(editor) -> None:
    text = HOUSE + "  previous_s"
    editor.editor.setPlainText(text)
    _put_cursor(editor, text.count("\n") + 1, len("  previous_s") + 1)
    assert editor.editor.show_completions()
    editor.editor.insert_completion("previous_slide")
    assert editor.editor.toPlainText().endswith("  previous_slide: ")


def test_top_level_completion_leaves_out_other_games_sections(editor) -> None:
    text = "game: stay-alive\n"
    editor.editor.setPlainText(text)
    _put_cursor(editor, 2, 1)
    editor.editor.show_completions()
    offered = set(editor.editor.offered())
    assert {"stay_alive", "players", "move_limit"} <= offered
    assert "game" not in offered
    assert not offered & {"alive", "avalanche", "archimedes"}


def test_hovering_a_key_shows_its_schema_description(editor, qtbot) -> None:
    editor.editor.setPlainText(HOUSE)
    line = line_of(HOUSE, "marbles_per_player")
    block = editor.editor.document().findBlockByNumber(line - 1)
    cursor = QTextCursor(block)
    cursor.setPosition(block.position() + 6)
    rect = editor.editor.cursorRect(cursor)
    point = QPoint(rect.x() + 2, rect.center().y())
    viewport = editor.editor.viewport()
    event = QHelpEvent(QEvent.Type.ToolTip, point, viewport.mapToGlobal(point))
    QApplication.sendEvent(viewport, event)
    expected = assist.description(assist.SchemaNavigator(assist.load_schema()).at(("stay_alive", "marbles_per_player")))
    assert expected
    qtbot.waitUntil(QToolTip.isVisible, timeout=10000)
    assert expected in QToolTip.text()
    QToolTip.hideText()


def test_typing_opens_the_completion_and_return_takes_it(editor, qtbot) -> None:
    from PySide6.QtCore import Qt

    editor.editor.setPlainText(HOUSE)
    _put_cursor(editor, HOUSE.count("\n") + 1, 1)
    editor.editor.setFocus()
    qtbot.keyClicks(editor.editor, "  previous_s")
    popup = editor.editor.completer.popup()
    qtbot.waitUntil(popup.isVisible, timeout=10000)
    assert editor.editor.offered() == ["previous_slide"]
    qtbot.keyClick(popup, Qt.Key.Key_Return)
    assert editor.editor.toPlainText().endswith("  previous_slide: ")
    qtbot.waitUntil(popup.isVisible, timeout=10000)  # after "key: " the values are offered
    assert sorted(editor.editor.offered()) == ["allowed", "forbidden"]
    qtbot.keyClick(popup, Qt.Key.Key_Down)
    qtbot.keyClick(popup, Qt.Key.Key_Return)
    assert editor.editor.toPlainText().split("\n")[-1] in ("  previous_slide: allowed", "  previous_slide: forbidden")
