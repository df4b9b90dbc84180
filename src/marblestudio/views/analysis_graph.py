"""The analysis graph (pyqtgraph): each seat's expected result after each of its moves.

For each seat, in its colour, the mover's expected result (0 to 100%) after each of its moves,
at the timeline position that move leads to; a mistake is a larger orange triangle, a blunder a
larger red star, each with a tooltip (the move, its result before and after, the best move
found).  A vertical line shows the position on the board; a click anywhere over the graph goes
to the nearest position (`position_clicked`, as a row of the move list does), so the graph is a
timeline too.  It is drawn on the board's own dark table colour, with seat colours lightened
where they would not read on it (`palette.readable_on`), so it looks the same under a light or a
dark desktop theme.  Mouse panning and zooming are off: the whole game always shows.

pyqtgraph is imported with this module only, when the first analysis is shown
(`AnalysisPanel.graph`), never when the window starts.
"""

from __future__ import annotations

from collections.abc import Sequence

import pyqtgraph as pg
from PySide6.QtCore import QPoint, QPointF, QSize, Qt, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from marblestudio.analysis import MoveReview
from marblestudio.views.analysis_view import BACKGROUND, GUIDE, INK, MARKS, POINT_SIZE, Seat, Spot, review_text
from marblestudio.views.palette import readable_on


class AnalysisGraph(pg.PlotWidget):  # type: ignore[misc]
    """Each seat's expected result after its moves, mistakes and blunders marked (the module doc)."""

    position_clicked = Signal(int)  # a click over the graph: the timeline position nearest to it

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, background=BACKGROUND)
        self.spots: list[Spot] = []
        self.length = 0  # the positions of the timeline after the start
        self.setMinimumSize(160, 110)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        item = self.getPlotItem()
        item.hideButtons()
        item.setMenuEnabled(False)
        item.setMouseEnabled(x=False, y=False)
        item.layout.setContentsMargins(2, 6, 8, 2)
        for name in ("left", "bottom"):
            axis = item.getAxis(name)
            axis.setPen(pg.mkPen(INK))
            axis.setTextPen(pg.mkPen(INK))
        left = item.getAxis("left")
        left.setTicks([[(0.0, "0%"), (0.5, "50%"), (1.0, "100%")], []])
        left.setWidth(40)
        item.getAxis("bottom").setHeight(22)
        self.vb = item.getViewBox()
        self.vb.setYRange(0.0, 1.0, padding=0.06)
        self.vb.setXRange(0, 1, padding=0.02)
        self.guide = pg.InfiniteLine(0.5, angle=0, pen=pg.mkPen(GUIDE, width=1, style=Qt.PenStyle.DashLine))  # the fair share
        self.addItem(self.guide)
        self.cursor = pg.InfiniteLine(0, angle=90, pen=pg.mkPen(INK, width=1.5))
        self.cursor.setZValue(-5)
        self.addItem(self.cursor)
        self._curves: list[pg.PlotCurveItem] = []
        self._scatter = pg.ScatterPlotItem(hoverable=True, tip=lambda x, y, data: str(data))
        self._scatter.setZValue(10)
        self.addItem(self._scatter)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(480, 170)

    def show_analysis(self, reviews: Sequence[MoveReview], seats: Sequence[Seat], length: int) -> None:
        """Draw `reviews` (each seat's line in its colour) over a timeline of `length` positions."""
        for curve in self._curves:
            self.removeItem(curve)
        self._curves = []
        self.length = length
        self.spots = []
        self.guide.setValue(1 / len(seats) if seats else 0.5)  # an even game: each seat's share of a win
        for seat, look in enumerate(seats):
            mine = [r for r in reviews if r.seat == seat]
            colour = readable_on(look.colour, BACKGROUND, 3.0)
            if mine:
                curve = pg.PlotCurveItem([r.index + 1 for r in mine], [r.after for r in mine], pen=pg.mkPen(colour, width=2))
                self.addItem(curve)
                self._curves.append(curve)
            for r in mine:
                fill = MARKS[r.mark][0] if r.mark in MARKS else colour
                self.spots.append(Spot(r.index + 1, r.after, seat, r.mark, fill, review_text(r, look.name)))
        self._scatter.setData(
            x=[s.x for s in self.spots], y=[s.y for s in self.spots], data=[s.text for s in self.spots],
            brush=[pg.mkBrush(s.colour) for s in self.spots],
            symbol=[MARKS[s.mark][1] if s.mark in MARKS else "o" for s in self.spots],
            size=[MARKS[s.mark][2] if s.mark in MARKS else POINT_SIZE for s in self.spots],
            pen=[pg.mkPen("#ffffff" if s.mark in MARKS else BACKGROUND, width=1) for s in self.spots],
        )
        self.vb.setXRange(0, max(length, 1), padding=0.02)
        bottom = self.getPlotItem().getAxis("bottom")
        if length <= 12:
            bottom.setTickSpacing(1, 1)  # steps are whole: no "2.5" under a short game
        else:
            bottom.setTickSpacing()  # pyqtgraph's own, whole numbers at this length

    def clear_analysis(self) -> None:
        self.show_analysis([], [], 0)

    def set_position(self, position: int) -> None:
        """Put the position line at `position` of the timeline."""
        self.cursor.setValue(position)

    @property
    def position(self) -> int:
        return round(float(self.cursor.value()))

    def widget_point(self, x: float, y: float) -> QPoint:
        """Where the graph's point (x, y) is drawn, in this widget's coordinates."""
        point: QPoint = self.mapFromScene(self.vb.mapViewToScene(QPointF(x, y)))
        return point

    def position_at(self, point: QPoint) -> int | None:
        """The timeline position nearest to the widget point `point`, if it is over the graph."""
        scene_point = self.mapToScene(point)
        if not self.vb.sceneBoundingRect().contains(scene_point):
            return None
        x = float(self.vb.mapSceneToView(scene_point).x())
        return max(0, min(self.length, round(x)))

    def mousePressEvent(self, ev: QMouseEvent) -> None:
        super().mousePressEvent(ev)
        ev.accept()  # the graph takes every click: it is a timeline

    def mouseReleaseEvent(self, ev: QMouseEvent) -> None:
        super().mouseReleaseEvent(ev)
        ev.accept()
        if ev.button() == Qt.MouseButton.LeftButton and self.length:
            position = self.position_at(ev.position().toPoint())
            if position is not None:
                self.position_clicked.emit(position)
