"""The text area of the rules editor: line numbers, wave underlines, hover help, completion.

`CodeEditor` knows nothing about files.  It shows the diagnostics it is given (`set_diagnostics`)
as wave underlines of the word at their exact line and column (inside a rule's expression too),
explains them and the schema's description of the key under the mouse in a tooltip, and
completes keys and enum values from the schema (`marblestudio.rulesets.assist`) at any depth;
in a rule piece, its hooks, the game's events and actions, and an expression's names (the help
for those words comes from the rules vocabulary).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QEvent, QPoint, QRect, QSize, QStringListModel, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QFontDatabase,
    QHelpEvent,
    QKeyEvent,
    QPainter,
    QPaintEvent,
    QResizeEvent,
    QTextCharFormat,
    QTextCursor,
    QTextFormat,
)
from PySide6.QtWidgets import QAbstractItemView, QCompleter, QPlainTextEdit, QTextEdit, QToolTip, QWidget

from marblestudio.rulesets import assist
from marblestudio.rulesets.diagnostics import Diagnostic

_SEVERITY_COLOURS = {"error": QColor("#d00000"), "warning": QColor("#d08000")}
_OPERATOR_CHARS = "=!<>&|"
KEYS_NOTE = (
    "Tab indents the text (two spaces). Ctrl+Tab and Ctrl+Shift+Tab move to the next and previous "
    "control; Esc goes back to the board (or first closes the completion list or the find bar)."
)
"""How the keyboard leaves the text, where Tab itself indents (the editor's tooltip says it)."""


def _in_expression(pointer: str) -> bool:
    """Whether a diagnostic's JSON pointer is a rule piece's expression (its condition, its
    constraint or an action's value), where a word ends at an operator such as '-'."""
    parts = pointer.split("/")
    return parts[:2] == ["", "rules"] and (parts[-1] in ("if", "forbid") or "then" in parts)


def token_span(text: str, col: int, expression: bool = False) -> tuple[int, int]:
    """The 0-based [start, end) of the token at 0-based `col` of a line's `text`: a word (in YAML a
    key or value such as `stay-alive`; in an expression a name such as `event.seat`), a
    quoted text, a run of operator characters, or the one character there."""
    first, more = ("_.", "_.") if expression else ("_-.", "_-.#")
    if col >= len(text):  # past the end: the line's last character
        return max(len(text) - 1, 0), len(text)
    ch = text[col]
    end = col + 1
    if ch.isalnum() or ch in first:
        while end < len(text) and (text[end].isalnum() or text[end] in more):
            end += 1
    elif ch in "\"'":
        close = text.find(ch, col + 1)
        end = close + 1 if close > 0 else len(text)
    elif expression and ch in _OPERATOR_CHARS:
        while end < len(text) and text[end] in _OPERATOR_CHARS:
            end += 1
    return col, end


class _LineNumbers(QWidget):
    """The gutter left of the text; the editor paints it."""

    def __init__(self, editor: CodeEditor) -> None:
        super().__init__(editor)
        self.editor = editor

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(self.editor.line_number_width(), 0)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        self.editor.paint_line_numbers(event)


class CodeEditor(QPlainTextEdit):
    """A YAML text editor with line numbers, diagnostics, hover help and schema completion."""

    completion_inserted = Signal(str)

    def __init__(self, parent: QWidget | None = None, schema: Mapping[str, Any] | None = None) -> None:
        super().__init__(parent)
        self._schema = schema
        self._diagnostics: list[Diagnostic] = []
        self._diagnostic_selections: list[QTextEdit.ExtraSelection] = []
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self.setFont(font)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.setTabStopDistance(self.fontMetrics().horizontalAdvance(" ") * 2)
        self.setMouseTracking(True)
        self._gutter = _LineNumbers(self)
        self.blockCountChanged.connect(self._on_block_count_change)
        self.updateRequest.connect(self._on_update_request)
        self.cursorPositionChanged.connect(self._refresh_selections)
        self._on_block_count_change()

        self.completer = QCompleter(self)
        self.completer.setWidget(self)
        self.completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.completer.setModel(QStringListModel([], self.completer))
        self.completer.activated.connect(self.insert_completion)
        self._completions: list[assist.Completion] = []
        self._refresh_selections()
        self.setToolTip(KEYS_NOTE)  # over the gutter and frame; the text's own hover help is `tooltip_at`
        self.setAccessibleName("Ruleset text")
        self.setAccessibleDescription(KEYS_NOTE)

    # Schema --------------------------------------------------------------------------------
    @property
    def schema(self) -> Mapping[str, Any]:
        return assist.load_schema() if self._schema is None else self._schema

    # Line numbers ------------------------------------------------------------------------------
    def line_number_width(self) -> int:
        digits = max(3, len(str(self.blockCount())))
        return 10 + self.fontMetrics().horizontalAdvance("9") * digits

    def _on_block_count_change(self, _count: int = 0) -> None:
        self.setViewportMargins(self.line_number_width(), 0, 0, 0)

    def _on_update_request(self, rect: QRect, dy: int) -> None:
        if dy:
            self._gutter.scroll(0, dy)
        else:
            self._gutter.update(0, rect.y(), self._gutter.width(), rect.height())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        rect = self.contentsRect()
        self._gutter.setGeometry(QRect(rect.left(), rect.top(), self.line_number_width(), rect.height()))

    def paint_line_numbers(self, event: QPaintEvent) -> None:
        painter = QPainter(self._gutter)
        painter.fillRect(event.rect(), QColor("#f0f0f0"))
        lines_with_errors = {d.line for d in self._diagnostics if d.is_error}
        block = self.firstVisibleBlock()
        number = block.blockNumber()
        top = round(self.blockBoundingGeometry(block).translated(self.contentOffset()).top())
        bottom = top + round(self.blockBoundingRect(block).height())
        current = self.textCursor().blockNumber()
        while block.isValid() and top <= event.rect().bottom():
            if block.isVisible() and bottom >= event.rect().top():
                colour = "#d00000" if number + 1 in lines_with_errors else "#202020" if number == current else "#909090"
                painter.setPen(QColor(colour))
                painter.drawText(0, top, self._gutter.width() - 5, self.fontMetrics().height(),
                                 int(Qt.AlignmentFlag.AlignRight), str(number + 1))
            block = block.next()
            top = bottom
            bottom = top + round(self.blockBoundingRect(block).height())
            number += 1
        painter.end()

    # Diagnostics -------------------------------------------------------------------------------
    def set_diagnostics(self, diagnostics: Sequence[Diagnostic]) -> None:
        """Underline each diagnostic at its line and column (1-based) with a wave."""
        self._diagnostics = list(diagnostics)
        selections = []
        for diag in self._diagnostics:
            cursor = self.diagnostic_cursor(diag)
            if cursor is None:
                continue
            sel = QTextEdit.ExtraSelection()
            fmt = QTextCharFormat()
            fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
            fmt.setUnderlineColor(_SEVERITY_COLOURS.get(diag.severity, QColor("#d00000")))
            fmt.setToolTip(diag.message)
            sel.format = fmt
            sel.cursor = cursor
            selections.append(sel)
        self._diagnostic_selections = selections
        self._refresh_selections()
        self._gutter.update()

    @property
    def diagnostics(self) -> list[Diagnostic]:
        return list(self._diagnostics)

    def underlines(self) -> list[tuple[int, int, int]]:
        """The wave underlines shown: (1-based line, 1-based column, length) each."""
        out = []
        for sel in self._diagnostic_selections:
            start = sel.cursor.selectionStart()
            block = self.document().findBlock(start)
            out.append((block.blockNumber() + 1, start - block.position() + 1, sel.cursor.selectionEnd() - start))
        return out

    def diagnostic_cursor(self, diag: Diagnostic) -> QTextCursor | None:
        """A selection of the token at the diagnostic's line and column (at least one character)."""
        block = self.document().findBlockByNumber(max(diag.line, 1) - 1)
        if not block.isValid():
            block = self.document().lastBlock()
        text = block.text()
        if not text:
            return None
        start, end = token_span(text, max(diag.column, 1) - 1, _in_expression(diag.pointer))
        cursor = QTextCursor(self.document())
        cursor.setPosition(block.position() + start)
        cursor.setPosition(block.position() + end, QTextCursor.MoveMode.KeepAnchor)
        return cursor

    def _refresh_selections(self) -> None:
        current = QTextEdit.ExtraSelection()
        current.format.setBackground(QColor("#f6f8ff"))
        current.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
        current.cursor = self.textCursor()
        current.cursor.clearSelection()
        self.setExtraSelections([current, *self._diagnostic_selections])
        self._gutter.update()

    def go_to(self, line: int, column: int) -> None:
        """Put the cursor at 1-based `line` and `column` and show it."""
        block = self.document().findBlockByNumber(max(line, 1) - 1)
        if not block.isValid():
            block = self.document().lastBlock()
        cursor = QTextCursor(block)
        cursor.setPosition(block.position() + min(max(column, 1) - 1, len(block.text())))
        self.setTextCursor(cursor)
        self.centerCursor()
        self.setFocus()

    # Hover -------------------------------------------------------------------------------------
    def tooltip_at(self, pos: QPoint) -> str | None:
        """The help for the viewport point `pos`: the diagnostics there, then the key's meaning."""
        cursor = self.cursorForPosition(pos)
        rect = self.cursorRect(cursor)
        if abs(rect.center().x() - pos.x()) > self.fontMetrics().horizontalAdvance("M") * 2 and pos.x() > rect.right():
            return None  # the mouse is right of the line's end
        offset = cursor.position()
        messages = []
        for diag, sel in zip(self._diagnostics, self._diagnostic_selections_for_all(), strict=False):
            if sel is not None and sel.selectionStart() <= offset <= sel.selectionEnd():
                messages.append(f"{diag.severity}: {diag.message}")
        line = cursor.blockNumber() + 1
        column = cursor.positionInBlock() + 1
        try:
            help_text = assist.describe_at(self.toPlainText(), line, column, self.schema)
        except (OSError, ValueError):
            help_text = None
        parts = messages + ([help_text] if help_text else [])
        return "\n\n".join(parts) if parts else None

    def _diagnostic_selections_for_all(self) -> list[QTextCursor | None]:
        return [self.diagnostic_cursor(d) for d in self._diagnostics]

    def viewportEvent(self, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            text = self.tooltip_at(event.pos())
            if text:
                QToolTip.showText(event.globalPos(), text, self.viewport())
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().viewportEvent(event)

    # Completion ------------------------------------------------------------------------------
    def completions_at_cursor(self) -> list[assist.Completion]:
        """What the schema allows at the text cursor (keys at any depth, or enum values)."""
        cursor = self.textCursor()
        try:
            return assist.completions(self.toPlainText(), cursor.blockNumber() + 1, cursor.positionInBlock() + 1, self.schema)
        except (OSError, ValueError):
            return []

    def _word_before_cursor(self) -> str:
        """The partial word a completion replaces (in an expression, the name being written)."""
        cursor = self.textCursor()
        try:
            return assist.word_before(self.toPlainText(), cursor.blockNumber() + 1, cursor.positionInBlock() + 1, self.schema)
        except (OSError, ValueError):
            return ""

    def show_completions(self, explicit: bool = True) -> bool:
        """Offer the completions at the cursor in a popup; False when there are none."""
        self._completions = self.completions_at_cursor()
        prefix = self._word_before_cursor()
        names = [c.text for c in self._completions]
        model = self.completer.model()
        assert isinstance(model, QStringListModel)
        model.setStringList(names)
        self.completer.setCompletionPrefix(prefix)
        if not names or self.completer.completionCount() == 0 or (
            not explicit and self.completer.completionCount() == 1 and self.completer.currentCompletion() == prefix
        ):
            self._popup().hide()
            return False
        popup = self._popup()
        popup.setCurrentIndex(self.completer.completionModel().index(0, 0))
        for row in range(len(names)):
            desc = self._completions[row].description
            if desc:
                model.setData(model.index(row, 0), desc, Qt.ItemDataRole.ToolTipRole)
        rect = self.cursorRect()
        rect.setWidth(popup.sizeHintForColumn(0) + popup.verticalScrollBar().sizeHint().width() + 8)
        self.completer.complete(rect)
        return True

    def _popup(self) -> QAbstractItemView:
        popup = self.completer.popup()
        assert popup is not None  # a QCompleter always makes one
        return popup

    def offered(self) -> list[str]:
        """The texts the completion popup offers now (after the typed prefix filtered them)."""
        model = self.completer.completionModel()
        return [model.index(row, 0).data() for row in range(model.rowCount())]

    def insert_completion(self, text: str) -> None:
        """Replace the word before the cursor with `text` (a key gets its ': ')."""
        kind = next((c.kind for c in self._completions if c.text == text), "value")
        cursor = self.textCursor()
        prefix = self._word_before_cursor()
        cursor.movePosition(QTextCursor.MoveOperation.Left, QTextCursor.MoveMode.KeepAnchor, len(prefix))
        suffix = ": " if kind == "key" and not self._next_is_colon() else ""
        cursor.insertText(text + suffix)
        self.setTextCursor(cursor)
        self._popup().hide()
        self.completion_inserted.emit(text)
        if kind == "key" and suffix:
            QTimer.singleShot(0, lambda: self.show_completions(explicit=False))  # then its values, if an enum

    def _next_is_colon(self) -> bool:
        cursor = self.textCursor()
        return cursor.block().text()[cursor.positionInBlock():].lstrip().startswith(":")

    # Keys ----------------------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        popup = self._popup()
        if popup.isVisible() and event.key() in (
            Qt.Key.Key_Enter, Qt.Key.Key_Return, Qt.Key.Key_Escape, Qt.Key.Key_Tab, Qt.Key.Key_Backtab
        ):
            event.ignore()  # the completer handles them
            return
        if event.key() == Qt.Key.Key_Space and event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.show_completions(explicit=True)
            return
        if event.key() in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab) and event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            backward = event.key() == Qt.Key.Key_Backtab or bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            self.leave(forward=not backward)
            return
        if event.key() == Qt.Key.Key_Tab and not event.modifiers():
            self.textCursor().insertText("  ")
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not event.modifiers():
            self._newline_with_indent()
            return
        super().keyPressEvent(event)
        text = event.text()
        if text and (text.isalnum() or text in "_-") and len(self._word_before_cursor()) >= 1:
            self.show_completions(explicit=False)
        elif text == ".":  # `event.` and `move.`: their fields
            self.show_completions(explicit=False)
        elif text in (" ",) and self.textCursor().block().text()[: self.textCursor().positionInBlock()].rstrip().endswith(":"):
            self.show_completions(explicit=False)
        elif popup.isVisible() and not text:
            pass
        elif popup.isVisible():
            popup.hide()

    def leave(self, forward: bool = True) -> None:
        """Move the focus to the next (or previous) control, as Tab does elsewhere: here Tab
        indents, so Ctrl+Tab and Ctrl+Shift+Tab leave (Qt's convention for text edits); without
        them the text was a keyboard trap."""
        self.setTabChangesFocus(True)  # an editable text refuses to pass the focus on otherwise
        try:
            self.focusNextPrevChild(forward)
        finally:
            self.setTabChangesFocus(False)

    def _newline_with_indent(self) -> None:
        cursor = self.textCursor()
        line = cursor.block().text()[: cursor.positionInBlock()]
        indent = len(line) - len(line.lstrip(" "))
        stripped = line.strip()
        if stripped.startswith("- "):
            indent += 2
        if stripped.endswith(":") and not stripped.startswith("#"):
            indent += 2
        cursor.insertText("\n" + " " * indent)
        self.setTextCursor(cursor)
        self.ensureCursorVisible()
