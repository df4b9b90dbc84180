"""A one-line label that ends in "…" when it is cut short (the status bar's messages).

A plain QLabel narrower than its text shows as much as fits and stops mid-word ("Analysis
done: 1 mi"), which reads as the whole message.  This one draws the text cut at a whole
character with an ellipsis, keeps `text()` whole and says it in full as its tooltip.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QWidget


class ElidedLabel(QLabel):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        """One pixel wide at least: the label never widens the window, it is cut short instead."""
        return QSize(1, super().minimumSizeHint().height())

    def setText(self, text: str) -> None:  # noqa: N802 (Qt's name)
        super().setText(text)
        self.setToolTip(text)  # the whole text, when the window cuts it short

    def shown_text(self) -> str:
        """The text as drawn in the label's present width."""
        room = self.contentsRect().width()
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, room)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.drawText(self.contentsRect(), int(self.alignment() | Qt.AlignmentFlag.AlignVCenter), self.shown_text())
        painter.end()
