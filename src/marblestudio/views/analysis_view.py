"""The analysis panel: where a game was won and lost, as a graph under the replay's timeline.

`AnalysisPanel` puts the graph (`analysis_graph.AnalysisGraph`, made with the first analysis it
shows: pyqtgraph is not loaded before) under a line that sums up each seat (its average loss,
mistakes and blunders) and, while an analysis runs, a progress bar with Cancel; before any
analysis, a note and a button that starts one.  This module also holds what the graph, the
panel and the evaluation bar share: the colours, a seat's look and a reviewed move in words.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QVBoxLayout, QWidget

from marblestudio.analysis import BLUNDER, MISTAKE, Analysis, MoveReview, percent
from marblestudio.views.palette import badge_text

if TYPE_CHECKING:
    from marblestudio.views.analysis_graph import AnalysisGraph

BACKGROUND = "#262a30"
"""The graph's background: the board's table (the 3D scene's background)."""
INK = "#d4d7dc"
"""Axes, their text and the position line."""
GUIDE = "#5a606a"
"""The line of an even game (50% with two players, 25% with four)."""
MISTAKE_COLOUR = "#ff9f1c"
BLUNDER_COLOUR = "#ff3b30"
MARKS = {"mistake": (MISTAKE_COLOUR, "t1", 15), "blunder": (BLUNDER_COLOUR, "star", 19)}
"""How a marked move is drawn: colour, pyqtgraph symbol and size in pixels."""
POINT_SIZE = 7


def review_text(review: MoveReview, name: str) -> str:
    """A reviewed move in words (the graph's tooltip, the window's message line), numbered by its
    step in the game, chance steps counted, as `marblestudio analyse` numbers it."""
    head = f"Step {review.index}, {name}: {review.move}"
    if review.mark:
        head += f" — {review.mark} (lost {percent(review.loss)})"
    best = "the best move found" if review.best == review.move else f"best found: {review.best} ({percent(review.best_value)})"
    return f"{head}\nexpected result {percent(review.before)} → {percent(review.after)}; {best}"


@dataclass(frozen=True)
class Seat:
    """A seat as the panel shows it: its name and colour ('#rrggbb')."""

    name: str
    colour: str


@dataclass(frozen=True)
class Spot:
    """One point of the graph: a reviewed move at (position after it, mover's result after it)."""

    x: int
    y: float
    seat: int
    mark: str
    colour: str  # its fill
    text: str  # its tooltip


class AnalysisPanel(QWidget):
    """The graph under each seat's summary, with a progress bar and Cancel while it runs; before
    an analysis, a note and a button to start one."""

    position_clicked = Signal(int)  # the graph was clicked: the timeline position nearest the click

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._graph: AnalysisGraph | None = None
        self.position = 0  # where the graph's position line goes
        self.summary = QLabel()
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setWordWrap(True)
        self.analyse_button = QPushButton("Analyse Game")
        self.analyse_button.setToolTip("Search every position of the game for the best move (Ctrl+Shift+A)")
        self.progress = QProgressBar()
        self.progress.setFormat("Analysing: %v of %m positions")
        self.progress.setMinimumWidth(120)
        self.cancel = QPushButton("Cancel")
        self.cancel.setToolTip("Stop the analysis")
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.summary, 1)
        top.addWidget(self.progress, 1)
        top.addWidget(self.cancel)
        top.addWidget(self.analyse_button)
        self._layout = layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 4)
        layout.setSpacing(2)
        layout.addLayout(top)
        layout.addStretch(0)  # takes the height only while the graph is hidden: the note stays at the top
        self.show_note("Analyse the game to see where it was won and lost.")

    @property
    def graph(self) -> AnalysisGraph:
        """The graph, made (and pyqtgraph loaded) on first use."""
        if self._graph is None:
            from marblestudio.views.analysis_graph import AnalysisGraph

            self._graph = AnalysisGraph()
            self._graph.set_position(self.position)
            self._graph.position_clicked.connect(self.position_clicked)
            self._layout.insertWidget(1, self._graph, 1)
        return self._graph

    def set_position(self, position: int) -> None:
        """Put the graph's position line at `position` of the timeline."""
        self.position = position
        if self._graph is not None:
            self._graph.set_position(position)

    def show_note(self, text: str) -> None:
        """No analysis to show: `text` and the Analyse button, no graph."""
        self._set_running(False)
        self.summary.setText(html.escape(text))
        self.analyse_button.show()
        if self._graph is not None:
            self._graph.clear_analysis()
            self._graph.hide()

    def show_running(self, done: int, total: int, partial: Analysis | None = None, seats: Sequence[Seat] = (), length: int = 0) -> None:
        """An analysis under way: `done` of `total` searches, and the moves reviewed so far
        (`partial`, drawn over a timeline of `length` positions)."""
        self._set_running(True)
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(done)
        if partial is not None:
            self.graph.show_analysis(partial.moves, seats, length)
            self.graph.show()

    def _set_running(self, running: bool) -> None:
        self.progress.setVisible(running)
        self.cancel.setVisible(running)
        self.summary.setVisible(not running)
        self.analyse_button.setVisible(False)

    def show_analysis(self, analysis: Analysis, seats: Sequence[Seat], length: int) -> None:
        """Draw `analysis` of a game with `seats` over a timeline of `length` positions."""
        self._set_running(False)
        self.graph.show_analysis(analysis.moves, seats, length)
        self.graph.show()
        parts = []
        for seat, look in enumerate(seats):
            s = analysis.summary(seat)
            badge = (f"<span style='background-color:{look.colour}; color:{badge_text(look.colour)}'>"
                     f"&nbsp;{html.escape(look.name)}&nbsp;</span>")
            counts = [f"loss {percent(s['average_loss'])} a move"]
            if s["mistakes"]:
                counts.append(f"<span style='color:{MISTAKE_COLOUR}'>▲</span> {s['mistakes']} mistake{'s' * (s['mistakes'] != 1)}")
            if s["blunders"]:
                counts.append(f"<span style='color:{BLUNDER_COLOUR}'>★</span> {s['blunders']} blunder{'s' * (s['blunders'] != 1)}")
            parts.append(f"{badge} {', '.join(counts)}")
        how = analysis.budget.describe() + ("; each search sees only what its mover may know" if analysis.hidden else "")
        self.summary.setText("&nbsp;&nbsp; ".join(parts) + f" <span style='color:gray'>({html.escape(how)})</span>")
        self.summary.setToolTip(f"Loss a move: how much of its expected result a seat gave away per move, as the search judges "
                                f"it.  ▲ a mistake loses more than {percent(MISTAKE)}, ★ a blunder more than {percent(BLUNDER)}.")
