"""The evaluation bar during play (View > Evaluation Bar, off by default, kept in QSettings): a
thin bar above the board split into each seat's expected result, in the seat's colour.

After each move a short search (`analysis.evaluate`, `ITERATIONS` iterations) of the position
runs in a worker process of its own (`SearchWorker`), so the window never waits and the bar keeps
the last figures until the new ones come.  The search is made for a human seat (the human to
move, else the first human; without one, the seat to move): in a game with hidden cards it is an
information-set search, which reads only what that seat may see, never another seat's cards.  A
game that is over shows its result.  A part of `MainWindow` (its `eval_bar`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QAction, QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QMenu, QWidget

from marblestudio.agents.base import rewards
from marblestudio.analysis import Budget, Evaluation, PositionTask, percent
from marblestudio.engine.core import CHANCE
from marblestudio.session import Session
from marblestudio.views.analysis_view import BACKGROUND, Seat
from marblestudio.views.analysis_worker import SearchWorker
from marblestudio.views.app import settings
from marblestudio.views.palette import badge_text
from marblestudio.views.window_analysis import seats_of

if TYPE_CHECKING:
    from marblestudio.views.main_window import MainWindow

ITERATIONS = 200
"""The search after each move: short, so the bar keeps up with the game."""
SETTING = "view/eval_bar"


def viewer_seat(session: Session) -> int:
    """The seat the bar judges for: the human to move, else the first human; without a human,
    the seat to move (seat 0 at a chance step)."""
    humans = [s for s in range(session.num_players) if session.is_human(s)]
    to_move = session.state.to_move
    if to_move in humans:
        return to_move
    if humans:
        return humans[0]
    return to_move if to_move not in (CHANCE, None) and to_move >= 0 else 0


class EvalBar(QWidget):
    """Each seat's share of the bar is its expected result, labelled with its name and figure."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFixedHeight(20)
        self.values: tuple[float, ...] = ()
        self.seats: list[Seat] = []
        self.note = ""

    def show_values(self, values: Sequence[float], seats: Sequence[Seat], note: str) -> None:
        """Show `values` (one per seat, 0 to 1) of `seats`; `note` says how they were found."""
        self.values, self.seats, self.note = tuple(values), list(seats), note
        self.setToolTip(f"{self.text()}\n{note}")
        self.update()

    def recolour(self, seats: Sequence[Seat]) -> None:
        """The same figures in other seat colours (the colour-blind palette switched)."""
        if self.values and list(seats) != self.seats:
            self.show_values(self.values, seats, self.note)

    def clear(self) -> None:
        self.values, self.seats = (), []
        self.setToolTip("")
        self.update()

    def text(self) -> str:
        """What the bar says: 'Red 62% · Blue 38%' ('' before any figures)."""
        return " · ".join(f"{seat.name} {percent(value)}" for seat, value in zip(self.seats, self.values))

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor(BACKGROUND))
        total = sum(max(0.0, v) for v in self.values)
        if total <= 0:
            painter.end()
            return
        x = 0.0
        for seat, value in zip(self.seats, self.values):
            width = self.width() * max(0.0, value) / total
            box = QRectF(x, 0, width, self.height())
            painter.fillRect(box, QColor(seat.colour))
            label = f"{seat.name} {percent(value)}"
            if painter.fontMetrics().horizontalAdvance(label) + 8 <= width:
                painter.setPen(QColor(badge_text(seat.colour)))
                painter.drawText(box, Qt.AlignmentFlag.AlignCenter, label)
            x += width
        painter.end()


class WindowEvalBar:
    """The evaluation bar of one window: its View menu toggle, its searches, the bar itself."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.bar = EvalBar()
        self.bar.hide()
        self.budget = Budget(ITERATIONS)
        self.worker = SearchWorker(window, workers=1)
        self.action: QAction | None = None
        self.viewer: int | None = None  # the seat the last search was for
        self._asked: tuple[Session, int, bool] | None = None  # the game, ply and resignation last judged
        self._tag = 0
        self.worker.finished.connect(self._on_finished)
        self.worker.failed.connect(self._on_failed)

    def install(self, menu: QMenu) -> None:
        """Add the checkable View > Evaluation Bar, as it was left last time (off at first)."""
        self.action = QAction("&Evaluation Bar", self.window)
        self.action.setCheckable(True)
        self.action.setToolTip("After each move, a short search shows each seat's expected result above the board")
        self.action.setChecked(settings().value(SETTING, False) in (True, "true"))
        self.action.toggled.connect(self._on_toggle)
        menu.addAction(self.action)
        self.window.addAction(self.action)

    def is_on(self) -> bool:
        return self.action is not None and self.action.isChecked()

    def _on_toggle(self, on: bool) -> None:
        store = settings()
        store.setValue(SETTING, on)
        store.sync()
        self._asked = None
        if on:
            self.worker.warm_up()
        else:
            self.bar.clear()
        self.update()

    def _session(self) -> Session | None:
        """The game being played in the window, if the bar is for it (not a replay)."""
        window = self.window
        if window.stack.currentIndex() != 1 or not window.game.interactive or window.network.is_network_game():
            return None  # (in a network game the bar would be a hint your friends do not have)
        return window.game.session

    def update(self) -> None:
        """Show or hide the bar, and judge the game's position if it is new."""
        session = self._session() if self.is_on() else None
        self.bar.setVisible(session is not None)
        if session is None:
            self.worker.cancel()
            self._asked = None
            return
        seats = seats_of(session, self.window.palette_action.isChecked())
        self.bar.recolour(seats)
        asked = (session, session.ply, session.resigned is not None)
        last = self._asked
        if last is not None and last[0] is session and last[1:] == asked[1:]:
            return
        self._asked = asked
        outcome = session.outcome()
        if outcome is not None:
            self.worker.cancel()
            self.bar.show_values(rewards(outcome, session.num_players), seats, "The result of the game.")
            return
        viewer = viewer_seat(session)
        moves = tuple(str(m) for m in session.moves)
        task = PositionTask(session.rules, session.num_players, session.start, moves, ((len(moves), viewer),), self.budget,
                            session.seed)
        self.viewer = viewer
        self._tag = self.worker.start(task)

    def _on_finished(self, tag: int, found: list[Evaluation]) -> None:
        session = self._session()
        if tag != self._tag or session is None or not found:
            return
        evaluation = found[0]
        seats = seats_of(session, self.window.palette_action.isChecked())
        name = session.seat_name(evaluation.viewer)
        self.bar.show_values(evaluation.values, seats,
                             f"Expected results as {name} can judge them: a search of {evaluation.iterations} iterations.")

    def _on_failed(self, tag: int, text: str) -> None:
        if tag == self._tag:
            self.bar.clear()
            self.bar.setToolTip(f"No evaluation: {text}")

    def shutdown(self) -> None:
        self.worker.shutdown()
