"""The rules editor and rule pieces: a mistake inside an expression is underlined at its word, and
the text completes and explains hooks, events, actions and the names of expressions."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QHelpEvent, QTextCursor
from PySide6.QtWidgets import QApplication, QToolTip

from house_texts import FALL_AGAIN_EDITED
from marblestudio.engine.pieces import program, vocab
from marblestudio.views.editor.code_editor import token_span

from .conftest import line_of

HOUSE = FALL_AGAIN_EDITED


def _cursor_after(editor, needle: str) -> None:  # type: ignore[no-untyped-def]
    """Put the text cursor just after the first `needle`."""
    index = editor.editor.toPlainText().index(needle) + len(needle)
    cursor = QTextCursor(editor.editor.document())
    cursor.setPosition(index)
    editor.editor.setTextCursor(cursor)


def _checked(editor, qtbot, text: str) -> list[tuple[int, int, int]]:  # type: ignore[no-untyped-def]
    editor.editor.setPlainText(text)
    qtbot.waitUntil(lambda: editor.editor.underlines() != [], timeout=10000)
    return editor.editor.underlines()


def _column(line_text: str, word: str) -> int:
    return line_text.index(word) + 1


def _tooltip_over(editor, qtbot, needle: str) -> str:  # type: ignore[no-untyped-def]
    """The tooltip shown with the mouse over the middle of the first `needle`."""
    index = editor.editor.toPlainText().index(needle) + len(needle) // 2
    cursor = QTextCursor(editor.editor.document())
    cursor.setPosition(index)
    rect = editor.editor.cursorRect(cursor)
    point = QPoint(rect.x() + 1, rect.center().y())
    viewport = editor.editor.viewport()
    QApplication.sendEvent(viewport, QHelpEvent(QEvent.Type.ToolTip, point, viewport.mapToGlobal(point)))
    qtbot.waitUntil(QToolTip.isVisible, timeout=10000)
    text = QToolTip.text()
    QToolTip.hideText()
    return text


# Underlines -----------------------------------------------------------------------------------
def test_an_unknown_function_in_a_condition_is_underlined_at_its_name(editor, qtbot) -> None:
    text = HOUSE.replace("marbles_left(mover)", "marbles_lef(mover)")
    line = line_of(text, "marbles_lef")
    column = _column(text.split("\n")[line - 1], "marbles_lef")
    assert _checked(editor, qtbot, text) == [(line, column, len("marbles_lef"))]
    assert "did you mean 'marbles_left'" in editor.diagnostics[0].message


def test_a_wrong_field_in_a_quoted_constraint_is_underlined_at_its_word(editor, qtbot) -> None:
    text = HOUSE.replace("move.slide ==", "move.sld ==")
    line = line_of(text, "move.sld")
    assert _checked(editor, qtbot, text) == [(line, _column(text.split("\n")[line - 1], "move.sld"), len("move.sld"))]


def test_a_mistake_on_the_second_line_of_a_block_condition_is_underlined_there(editor, qtbot) -> None:
    text = HOUSE.replace(
        "    if: event.seat != mover and marbles_left(mover) <= 2\n",
        "    if: |\n      event.seat != mover and\n        lives(mover) <= 2\n",
    )
    line = line_of(text, "lives(mover)")
    assert _checked(editor, qtbot, text) == [(line, _column(text.split("\n")[line - 1], "lives"), len("lives"))]


def test_in_an_expression_the_underline_stops_at_an_operator(editor, qtbot) -> None:
    text = HOUSE.replace("marbles_left(mover) <= 2", "moverr-1 <= 2")
    line = line_of(text, "moverr-1")
    assert _checked(editor, qtbot, text) == [(line, _column(text.split("\n")[line - 1], "moverr"), len("moverr"))]


def test_a_yaml_words_underline_keeps_its_dashes() -> None:
    assert token_span("game: stay-alive", 6) == (6, 16)
    assert token_span("    if: moverr-1 <= 2", 8, expression=True) == (8, 14)
    assert token_span("    if: mover && x", 14, expression=True) == (14, 16)


def test_the_tooltip_over_the_underlined_name_gives_the_problem(editor, qtbot) -> None:
    _checked(editor, qtbot, HOUSE.replace("marbles_left(mover)", "marbles_lef(mover)"))
    assert "unknown function 'marbles_lef'" in _tooltip_over(editor, qtbot, "marbles_lef")


# Completion -----------------------------------------------------------------------------------
def test_after_on_the_editor_offers_the_familys_events(editor) -> None:
    editor.editor.setPlainText(HOUSE)
    _cursor_after(editor, "    on: ")
    assert editor.editor.show_completions()
    offered = editor.editor.offered()
    assert "marble_fell" in offered
    assert set(offered) == {*program.family_hooks("stay-alive").events, *vocab.CORE_EVENTS}


def test_a_new_entrys_on_offers_the_events(editor) -> None:
    text = HOUSE + "  - on: "
    editor.editor.setPlainText(text)
    _cursor_after(editor, text)
    assert editor.editor.show_completions()
    assert "marble_fell" in editor.editor.offered() and "card_played" not in editor.editor.offered()


def test_after_then_the_editor_offers_the_actions(editor) -> None:
    text = HOUSE + "  - on: player_out\n    then: "
    editor.editor.setPlainText(text)
    _cursor_after(editor, text)
    assert editor.editor.show_completions()
    assert set(editor.editor.offered()) == set(vocab.ACTIONS)


def test_a_name_in_a_condition_completes_after_an_operator(editor) -> None:
    text = HOUSE + "  - on: player_out\n    if: fired('fall again')==0 and marbles_l"
    editor.editor.setPlainText(text)
    _cursor_after(editor, text)
    assert editor.editor.show_completions()
    assert editor.editor.offered() == ["marbles_left"]
    editor.editor.insert_completion("marbles_left")
    assert editor.editor.toPlainText().endswith("    if: fired('fall again')==0 and marbles_left")


def test_typing_a_dot_after_event_offers_the_events_fields(editor, qtbot) -> None:
    text = HOUSE + "  - on: slide_moved\n    if: event"
    editor.editor.setPlainText(text)
    _cursor_after(editor, text)
    editor.editor.setFocus()
    qtbot.keyClick(editor.editor, ".")
    popup = editor.editor.completer.popup()
    qtbot.waitUntil(popup.isVisible, timeout=10000)
    assert sorted(editor.editor.offered()) == ["from", "slide", "to"]
    qtbot.keyClicks(editor.editor, "sl")
    qtbot.keyClick(popup, Qt.Key.Key_Return)
    assert editor.editor.toPlainText().endswith("    if: event.slide")


def test_choosing_a_hook_completes_it_with_its_colon_and_offers_its_values(editor, qtbot) -> None:
    text = HOUSE + "  - o"
    editor.editor.setPlainText(text)
    _cursor_after(editor, text)
    assert editor.editor.show_completions()
    assert editor.editor.offered() == ["on"]
    editor.editor.insert_completion("on")
    assert editor.editor.toPlainText().endswith("  - on: ")
    popup = editor.editor.completer.popup()
    qtbot.waitUntil(popup.isVisible, timeout=10000)  # then the events
    assert "marble_fell" in editor.editor.offered()


# Hover ----------------------------------------------------------------------------------------
def test_hovering_a_function_shows_its_signature_and_doc(editor, qtbot) -> None:
    editor.editor.setPlainText(HOUSE)
    shown = _tooltip_over(editor, qtbot, "marbles_left")
    assert "marbles_left(seat) → number" in shown
    assert program.family_hooks("stay-alive").functions["marbles_left"].doc in shown


def test_hovering_an_event_shows_its_doc(editor, qtbot) -> None:
    editor.editor.setPlainText(HOUSE)
    assert program.family_hooks("stay-alive").events["marble_fell"].doc in _tooltip_over(editor, qtbot, "marble_fell")


def test_hovering_an_action_shows_its_doc(editor, qtbot) -> None:
    editor.editor.setPlainText(HOUSE)
    assert vocab.ACTIONS["extra_turn"].doc in _tooltip_over(editor, qtbot, "extra_turn")
