"""Read-only views of a valid ruleset: the resolved data with its changes marked, the rules sheet."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QColor, QFontDatabase, QPageLayout, QPageSize, QTextCharFormat, QTextCursor, QTextDocument
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QTextBrowser,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from marblestudio.engine.pieces.readings import reading_lines
from marblestudio.rulesets.assist import changed_lines, resolved_lines
from marblestudio.rulesets.sheet import Sheet, rules_sheet
from marblestudio.views.editor.highlighter import YamlHighlighter
from marblestudio.views.editor.resolution import Resolution

CHANGED = QColor("#fff2a8")


class ResolvedView(QWidget):
    """The ruleset after `extends:` is merged, as YAML; the lines this file changes are marked."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.note = QLabel("The resolved ruleset appears here while the file is valid.", self)
        self.note.setWordWrap(True)
        self.text = QPlainTextEdit(self)
        self.text.setReadOnly(True)
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self._highlighter = YamlHighlighter(self.text.document())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.note)
        layout.addWidget(self.text)
        self.marked: list[int] = []

    def show_resolution(self, resolution: Resolution) -> None:
        lines = list(resolved_lines(resolution.resolved))
        found = resolution.changes()
        marks = changed_lines(lines, found)
        # the readings the rules language can say, as their rules (comments after the data)
        self.text.setPlainText("\n".join([text for text, _ in lines] + reading_lines(resolution.resolved)))
        selections = []
        self.marked = [i + 1 for i, marked in enumerate(marks) if marked]
        for number in self.marked:
            sel = QTextEdit.ExtraSelection()
            sel.cursor = QTextCursor(self.text.document().findBlockByNumber(number - 1))
            sel.format.setBackground(CHANGED)
            sel.format.setProperty(QTextCharFormat.Property.FullWidthSelection, True)
            selections.append(sel)
        self.text.setExtraSelections(selections)
        if resolution.base is None:
            self.note.setText("This file extends no base: every line is its own.")
        else:
            count = len(found)
            self.note.setText(
                f"After merging with its base '{resolution.base_ref}': "
                f"{count} setting{'s' if count != 1 else ''} changed (marked)."
            )

    def show_invalid(self) -> None:
        self.note.setText("The file has errors: the resolved ruleset below is the last valid one.")


class SheetView(QWidget):
    """The plain-language rules sheet, with buttons to save it as text or print it to PDF."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.browser = QTextBrowser(self)
        self.sheet: Sheet | None = None
        save = QPushButton("Save as Text…", self)
        pdf = QPushButton("Save as PDF…", self)
        save.clicked.connect(self._on_save_text)
        pdf.clicked.connect(self._on_save_pdf)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(save)
        buttons.addWidget(pdf)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.browser)
        layout.addLayout(buttons)
        self.browser.setPlainText("The rules sheet appears here while the file is valid.")

    def show_resolution(self, resolution: Resolution) -> None:
        self.sheet = rules_sheet(resolution.resolved, resolution.base)
        self.browser.setHtml(self.sheet.to_html())

    def plain_text(self) -> str:
        return self.sheet.to_text() if self.sheet else ""

    def _on_save_text(self) -> None:
        if self.sheet is None:
            return
        name, _ = QFileDialog.getSaveFileName(self, "Save the rules sheet", "rules.txt", "Text (*.txt)")
        if name:
            Path(name).write_text(self.sheet.to_text(), encoding="utf-8")

    def _on_save_pdf(self) -> None:
        if self.sheet is None:
            return
        name, _ = QFileDialog.getSaveFileName(self, "Save the rules sheet", "rules.pdf", "PDF (*.pdf)")
        if name:
            self.save_pdf(Path(name))

    def save_pdf(self, path: Path) -> None:
        """Print the sheet to a PDF file (to hand to friends)."""
        from PySide6.QtGui import QPdfWriter

        writer = QPdfWriter(str(path))
        writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
        writer.setPageOrientation(QPageLayout.Orientation.Portrait)
        doc = QTextDocument()
        doc.setHtml(self.sheet.to_html() if self.sheet else "")
        doc.print_(writer)
