"""Find and replace for the rules editor: a small bar under the text (Ctrl+F, Ctrl+H).

The bar fits the editor beside the board of a 600-pixel window: small buttons (arrows for the
previous and next match), the case as a checkable "Aa" (its tooltip says "Match case") and a
status ("Not found") that is cut short rather than widening the window.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QTextCursor, QTextDocument
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLineEdit, QPlainTextEdit, QStyle, QToolButton, QWidget

from marblestudio.views.elided_label import ElidedLabel


def _button(text: str, parent: QWidget, tip: str = "", icon: QStyle.StandardPixmap | None = None) -> QToolButton:
    """A small button; with `icon`, only the icon shows (`text` names it for screen readers)."""
    button = QToolButton(parent)
    button.setText(text)
    button.setToolTip(tip)
    if icon is not None:
        button.setIcon(parent.style().standardIcon(icon))
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
    return button


class FindBar(QWidget):
    """Finds text in `editor` (wrapping around) and replaces one match or all (one undo step)."""

    def __init__(self, editor: QPlainTextEdit, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = editor
        self.find_edit = QLineEdit(self)
        self.find_edit.setPlaceholderText("Find")
        self.replace_edit = QLineEdit(self)
        self.replace_edit.setPlaceholderText("Replace with")
        for edit in (self.find_edit, self.replace_edit):  # room for a word when the bar is narrow (the status gives way)
            edit.setMinimumWidth(edit.fontMetrics().horizontalAdvance("0" * 10))
        self.case = _button("Aa", self, "Match case")
        self.case.setCheckable(True)
        self.status = ElidedLabel(self)
        self.next_button = _button("Next", self, "Next match (Enter)", QStyle.StandardPixmap.SP_ArrowDown)
        self.previous_button = _button("Previous", self, "Previous match", QStyle.StandardPixmap.SP_ArrowUp)
        self.replace_button = _button("Replace", self, "Replace this match and find the next (Enter)")
        self.replace_all_button = _button("Replace All", self, "Replace every match (one undo step)")
        close = _button("✕", self, "Close (Esc)")
        close.setAutoRaise(True)
        replace_row = QHBoxLayout()
        replace_row.addWidget(self.replace_button)
        replace_row.addWidget(self.replace_all_button)
        replace_row.addStretch(1)
        layout = QGridLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.addWidget(self.find_edit, 0, 0)
        layout.addWidget(self.status, 0, 1)
        layout.addWidget(self.case, 0, 2)
        layout.addWidget(self.previous_button, 0, 3)
        layout.addWidget(self.next_button, 0, 4)
        layout.addWidget(close, 0, 5)
        layout.addWidget(self.replace_edit, 1, 0)
        layout.addLayout(replace_row, 1, 1, 1, 5)
        layout.setColumnStretch(0, 1)
        self.find_edit.returnPressed.connect(self.find_next)
        self.replace_edit.returnPressed.connect(self.replace)
        self.next_button.clicked.connect(self.find_next)
        self.previous_button.clicked.connect(self.find_previous)
        self.replace_button.clicked.connect(self.replace)
        self.replace_all_button.clicked.connect(self.replace_all)
        close.clicked.connect(self.close_bar)
        self.hide()

    def open_find(self, replace: bool = False) -> None:
        """Show the bar (with the replace row when `replace`), seeded with the selected text."""
        selected = self.editor.textCursor().selectedText()
        if selected and "\u2029" not in selected:
            self.find_edit.setText(selected)
        for widget in (self.replace_edit, self.replace_button, self.replace_all_button):
            widget.setVisible(replace)
        self.show()
        self.find_edit.setFocus()
        self.find_edit.selectAll()

    def close_bar(self) -> None:
        self.hide()
        self.editor.setFocus()

    def _flags(self, backward: bool = False) -> QTextDocument.FindFlag:
        flags = QTextDocument.FindFlag(0)
        if self.case.isChecked():
            flags |= QTextDocument.FindFlag.FindCaseSensitively
        if backward:
            flags |= QTextDocument.FindFlag.FindBackward
        return flags

    def _find(self, backward: bool) -> bool:
        needle = self.find_edit.text()
        if not needle:
            return False
        doc = self.editor.document()
        found = doc.find(needle, self.editor.textCursor(), self._flags(backward))
        if found.isNull():  # wrap around
            start = QTextCursor(doc)
            if backward:
                start.movePosition(QTextCursor.MoveOperation.End)
            found = doc.find(needle, start, self._flags(backward))
        if found.isNull():
            self.status.setText("Not found")
            return False
        self.status.setText("")
        self.editor.setTextCursor(found)
        return True

    def find_next(self) -> bool:
        return self._find(backward=False)

    def find_previous(self) -> bool:
        return self._find(backward=True)

    def _selection_matches(self) -> bool:
        selected = self.editor.textCursor().selectedText()
        needle = self.find_edit.text()
        if self.case.isChecked():
            return selected == needle
        return selected.lower() == needle.lower() and bool(needle)

    def replace(self) -> bool:
        """Replace the selected match and go to the next one."""
        if not self._selection_matches() and not self.find_next():
            return False
        if self._selection_matches():
            self.editor.textCursor().insertText(self.replace_edit.text())
        self.find_next()
        return True

    def replace_all(self) -> int:
        """Replace every match in one undoable step; returns how many."""
        needle = self.find_edit.text()
        if not needle:
            return 0
        doc = self.editor.document()
        edit = QTextCursor(doc)
        edit.beginEditBlock()
        count = 0
        found = doc.find(needle, QTextCursor(doc), self._flags())
        while not found.isNull():
            found.insertText(self.replace_edit.text())
            count += 1
            found = doc.find(needle, found, self._flags())
        edit.endEditBlock()
        self.status.setText(f"{count} replaced")
        return count

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if event.key() == Qt.Key.Key_Escape:
            self.close_bar()
            return
        super().keyPressEvent(event)
