"""Text labels pinned to points of the scene, all drawn with one QPainter per frame.

pyqtgraph's GLTextItem opens a QPainter per label, which costs a lot on a software renderer;
`Labels` keeps every label of a board in one item.
"""

from __future__ import annotations

from collections.abc import Sequence

from pyqtgraph.opengl import GLGraphicsItem
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QFont, QFontMetrics, QMatrix4x4, QPainter, QVector3D


class Labels(GLGraphicsItem.GLGraphicsItem):
    """Texts centred on world points; `set_labels` replaces them all."""

    def __init__(self, font: QFont | None = None, colour: QColor | None = None) -> None:
        super().__init__()
        self.font = font or QFont("DejaVu Sans", 10)
        self.colour = colour or QColor(230, 230, 230)
        self._labels: list[tuple[tuple[float, float, float], str, QColor | None]] = []
        self.setGLOptions("additive")

    def set_labels(self, labels: Sequence[tuple[tuple[float, float, float], str, QColor | None]]) -> None:
        """(point, text, colour or None for the default) per label."""
        self._labels = list(labels)
        self.update()

    def paint(self) -> None:
        view = self.view()
        if not self._labels or view is None:
            return
        rect = QRectF(view.rect())
        viewport = QMatrix4x4()
        viewport.viewport(rect.left(), rect.bottom(), rect.width(), -rect.height())
        project = viewport * self.mvpMatrix()
        metrics = QFontMetrics(self.font)
        painter = QPainter(view)
        painter.setFont(self.font)
        painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        for point, text, colour in self._labels:
            at = project.map(QVector3D(*point)).toPointF()
            box = metrics.tightBoundingRect(text)
            painter.setPen(colour or self.colour)
            painter.drawText(QPointF(at.x() - box.width() / 2, at.y() + box.height() / 2), text)
        painter.end()
