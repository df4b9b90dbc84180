"""The main window's game analysis: Game > Analyse Game (Ctrl+Shift+A) searches every position of
the game shown (`marblestudio.analysis`, as `marblestudio analyse` does) in worker processes, so
the window never waits; the Analysis dock, under the replay's timeline, shows the progress with
Cancel, then the graph of each seat's expected result with mistakes and blunders marked
(`analysis_view`).  A click on the graph goes to that position, as a row of the move list does.

While the board shows a position the analysis reviewed, the best move found there is marked on
the board as a hint is (the board's highlight under the mouse) and written in the message line
with the move played and its mark.  A game analysed once is not searched again: results are
kept by game, moves and budget (`cache`).  An analysis whose game has since changed (an undo, then
other moves) is not shown.  Failures are messages, never tracebacks.  A part of `MainWindow`
(its `analysis`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Hashable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMessageBox

from marblestudio.analysis import Analysis, Budget, MoveReview, percent
from marblestudio.engine.core import CHANCE
from marblestudio.session import Session
from marblestudio.net.remote import RemoteSession
from marblestudio.rulesets.sheet.base import plural
from marblestudio.views.secrecy import hidden_from_a_person
from marblestudio.views.analysis_view import AnalysisPanel, Seat
from marblestudio.views.analysis_worker import AnalysisJob, SearchWorker, job_key, prepare
from marblestudio.views.palette import seat_hex

if TYPE_CHECKING:
    from marblestudio.views.main_window import MainWindow

log = logging.getLogger(__name__)

DOCK_HEIGHT = 230
"""The Analysis dock's height when it opens (the user may change it)."""
PARTIAL_SECONDS = 0.3
"""How often the graph is drawn again while the analysis runs."""
CACHE_SIZE = 8
"""How many analysed games are kept."""


def default_workers() -> int:
    """Worker processes for an analysis: one per core this process may use, at most four."""
    from marblestudio.playtest.workers import resolve_workers

    return min(4, resolve_workers("auto"))


def seats_of(session: Session, colour_blind: bool) -> list[Seat]:
    """Each seat's name and colour, in the palette chosen."""
    return [Seat(session.seat_name(s), seat_hex(session.rules.presentation, s, colour_blind)) for s in range(session.num_players)]


class WindowAnalysis:
    """The analysis of the game shown in one window (see the module doc)."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.budget = Budget()  # per position: the command's default
        self.worker = SearchWorker(window, workers=default_workers)  # counted when the first analysis starts
        self.panel = AnalysisPanel()
        self.dock = window.add_dock("Analysis", self.panel, Qt.DockWidgetArea.BottomDockWidgetArea)
        window.splitDockWidget(window.replay_dock, self.dock, Qt.Orientation.Vertical)  # under the timeline
        self.dock.hide()
        self.action: QAction | None = None
        self.cache: dict[Hashable, Analysis] = {}
        self.analysis: Analysis | None = None  # the analysis shown, if any
        self.moves: tuple[str, ...] = ()  # ... the steps it analysed
        self.job: AnalysisJob | None = None  # the analysis running, if any
        self._session: Session | None = None  # the game the window shows (the analysis is of it)
        self._drawn: tuple[int, list[Seat]] | None = None  # what the graph shows: id of the analysis, seat looks
        self._said = ""  # the last text this part put in the message line
        self._tag = 0
        self._drawn_at = 0.0  # when the moves reviewed so far were last drawn
        self.panel.position_clicked.connect(window.viewing.on_position_clicked)
        self.panel.cancel.clicked.connect(self.cancel)
        self.panel.analyse_button.clicked.connect(self.analyse)
        self.worker.progress.connect(self._on_progress)
        self.worker.finished.connect(self._on_finished)
        self.worker.failed.connect(self._on_failed)
        window.game.idle.connect(self.show_best)

    def install(self, menu: QMenu) -> None:
        """Add Analyse Game (Ctrl+Shift+A) to `menu`."""
        self.action = QAction("Analys&e Game", self.window)
        self.action.setShortcut(QKeySequence("Ctrl+Shift+A"))
        self.action.setToolTip("Search every position of the game: where was it won and lost?")
        self.action.triggered.connect(self.analyse)
        self.action.setEnabled(False)  # until a game with moves is shown (`update`)
        menu.addAction(self.action)
        self.window.addAction(self.action)

    # Running ---------------------------------------------------------------------------------
    def _shown_session(self) -> Session | None:
        window = self.window
        return window.game.session if window.stack.currentIndex() == 1 else None

    @staticmethod
    def _steps(session: Session) -> tuple[str, ...]:
        return tuple(str(s.move) for s in session.all_steps())

    @staticmethod
    def _has_moves(session: Session | None) -> bool:
        return session is not None and any(s.mover != CHANCE for s in session.all_steps())

    def _refusal(self, session: Session | None) -> str | None:
        """Why the game shown may not be analysed now, or None."""
        if session is None or not self._has_moves(session):
            return "There is no game with moves to analyse."
        if isinstance(session, RemoteSession):
            return ("A network game is analysed from its record, which the server keeps (the host's "
                    "network-games folder); open it once the game is over.")
        if hidden_from_a_person(session, self.window.game.interactive):
            return (f"{session.rules.name} hides cards from its players, and a human plays this game: its analysis "
                    "(each mover's best card) can be made once the game is over, or while watching a replay.")
        return None

    def analyse(self) -> bool:
        """Analyse the game shown (or show its analysis, if it was made before); False (with a
        message) when there is nothing to analyse, the game hides cards from a person playing it,
        or the analysis cannot start."""
        session = self._shown_session()
        why = self._refusal(session)
        if session is None or why is not None:
            self._say(why or "There is no game with moves to analyse.")
            return False
        if self.dock.isHidden():
            self.dock.show()
            self.window.resizeDocks([self.dock], [DOCK_HEIGHT], Qt.Orientation.Vertical)  # the board keeps most of the height
        self.dock.raise_()
        moves = self._steps(session)
        key = job_key(session.rules, session.num_players, moves, session.start, self.budget, analysis_seed(session))
        if self.job is not None and self.job.key == key:
            return True  # running already
        known = self.cache.get(key)
        if known is not None:
            self.cancel(quietly=True)
            self._show(known, moves)
            self._say(f"The analysis of this game, made before ({self.budget.describe()}).")
            return True
        try:
            job = prepare(session.rules, session.num_players, moves, session.start, self.budget, analysis_seed(session))
        except Exception as exc:  # noqa: BLE001 - a game that does not replay: said, not raised
            log.warning("cannot analyse the game: %s", exc)
            QMessageBox.warning(self.window, "Cannot analyse the game", f"The game cannot be analysed: {exc}")
            return False
        self.cancel(quietly=True)
        self.job = job
        self._tag = self.worker.start(job.task)
        self._drawn_at = 0.0
        self.panel.show_running(0, job.searches)
        self._say(f"Analysing the game: {job.searches} positions to search ({self.budget.describe()})…")
        return True

    def cancel(self, quietly: bool = False) -> None:
        """Stop the analysis running, if any (the one shown before stays)."""
        if self.job is None:
            return
        self.job = None
        self.worker.cancel()
        self._redraw(force=True)
        if not quietly:
            self._say("Analysis cancelled.")

    def is_running(self) -> bool:
        return self.job is not None

    def _on_progress(self, tag: int, done: int, total: int) -> None:
        """Move the progress bar, and draw the moves reviewed so far (now and then: each
        drawing reviews the whole game again)."""
        job, session = self.job, self._shown_session()
        if tag != self._tag or job is None:
            return
        now = time.monotonic()
        if session is None or now - self._drawn_at < PARTIAL_SECONDS:
            self.panel.show_running(done, total)
            return
        self._drawn_at = now
        seats = seats_of(session, self.window.palette_action.isChecked())
        self.panel.show_running(done, total, job.complete(self.worker.partial()), seats, session.timeline_length)

    def _on_finished(self, tag: int, found: list[object]) -> None:
        job = self.job
        if tag != self._tag or job is None:
            return
        self.job = None
        try:
            analysis = job.complete(found)  # type: ignore[arg-type]
        except Exception as exc:  # noqa: BLE001 - shown, not raised
            log.exception("the analysis could not be put together")
            self._on_failed(tag, f"{type(exc).__name__}: {exc}")
            return
        self.cache[job.key] = analysis
        while len(self.cache) > CACHE_SIZE:
            self.cache.pop(next(iter(self.cache)))
        session = self._shown_session()
        if session is not None and self._steps(session)[: len(job.moves)] == job.moves:
            self._show(analysis, job.moves)
            marks = [m.mark for m in analysis.moves]
            self._say(f"Analysis done: {plural(marks.count('mistake'), 'mistake')}, {plural(marks.count('blunder'), 'blunder')}. "
                      "Click the graph to go to a move.")

    def _on_failed(self, tag: int, text: str) -> None:
        if tag != self._tag:
            return
        self.job = None
        self._redraw(force=True)
        self._say(f"The analysis failed: {text}")
        QMessageBox.warning(self.window, "The analysis failed", f"The game could not be analysed: {text}")

    # Showing ---------------------------------------------------------------------------------
    def _show(self, analysis: Analysis, moves: tuple[str, ...]) -> None:
        self.analysis, self.moves = analysis, moves
        self._redraw(force=True)
        self.show_best()

    def _redraw(self, force: bool = False) -> None:
        """Draw the analysis shown (or a note) in the panel, if the game or the colours changed."""
        if self.job is not None:
            return
        session = self._shown_session()
        if session is None or self.analysis is None:
            if force or self._drawn is not None:
                self.panel.show_note("Analyse the game to see where it was won and lost.")
            self._drawn = None
            return
        seats = seats_of(session, self.window.palette_action.isChecked())
        drawn = (id(self.analysis), seats)
        if force or drawn != self._drawn:
            self._drawn = drawn
            self.panel.show_analysis(self.analysis, seats, session.timeline_length)

    def update(self) -> None:
        """Keep in step with the window: the action, the game shown, the position line."""
        session = self._shown_session()
        if self.action is not None:
            why = self._refusal(session)
            self.action.setEnabled(why is None)
            self.action.setToolTip(why or "Search every position of the game: each move's expected result, mistakes and blunders")
            self.action.setStatusTip(why or "")
        if session is not self._session:  # another game (or the library): its own analysis, if made before
            self._session = session
            self.cancel(quietly=True)
            self.analysis, self.moves = None, ()
            if session is not None:
                moves = self._steps(session)
                key = job_key(session.rules, session.num_players, moves, session.start, self.budget, analysis_seed(session))
                if key in self.cache:
                    self.analysis, self.moves = self.cache[key], moves
            if self.analysis is None:
                self.dock.hide()  # the dock shows an analysis: Analyse Game opens it again
            self._redraw(force=True)
        elif session is not None and self.analysis is not None and self._steps(session)[: len(self.moves)] != self.moves:
            self.analysis, self.moves = None, ()  # the game went another way since (undo, then other moves)
            self.panel.show_note("The game has changed since its analysis: analyse it again.")
            self._drawn = None
        else:
            self._redraw()
        if session is None:
            self.dock.hide()
            return
        self.panel.set_position(self.window.game.shown_position() or 0)
        self.show_best()

    # The best move on the board --------------------------------------------------------------
    def review_at(self, position: int | None) -> MoveReview | None:
        """The review of the move made at timeline `position` (from the position after
        `position` steps), if the analysis shown has one."""
        if self.analysis is None or position is None:
            return None
        return next((m for m in self.analysis.moves if m.index == position), None)

    def show_best(self) -> None:
        """Mark the best move found for the position shown on the board (as a hint is) and say it,
        with the move played there; a live game's own position is the player's to judge."""
        game = self.window.game
        session = self._shown_session()
        review = self.review_at(game.shown_position()) if session is not None else None
        live = game.interactive and game.viewing is None
        if review is None or live:
            if self._said and self.window.message_label.text() == self._said:
                self._say("")
            return
        name = session.seat_name(review.seat) if session is not None else ""
        best = f"Best move found for {name} here: {review.best} ({percent(review.best_value)})"
        if review.move == review.best:
            text = f"{best}, the move made."
        else:
            mark = f", a {review.mark}" if review.mark else ""
            text = f"{best}. Made: {review.move}{mark} ({percent(review.before)} → {percent(review.after)})."
        self._say(text)
        board = game.board
        if board is None or game.clock.is_running() or board.session is None:
            return
        try:
            key = board.target_of(board.session.state.parse_move(review.best))
        except Exception:  # noqa: BLE001 - the best move still shows as text
            log.exception("the best move %s has no place on the board", review.best)
            return
        if key is not None:
            board.set_highlight({key}, key)
            game.scene.update()

    def _say(self, text: str) -> None:
        self._said = text
        self.window.show_message(text)

    def shutdown(self) -> None:
        self.job = None
        self.worker.shutdown()


def analysis_seed(session: Session) -> int | str:
    """The seed an analysis of `session` searches with: the seed of the record it was opened from
    as written (so that the window and `marblestudio analyse` of that record agree, a `simulate`
    run's text seed included), or the game's own."""
    return session.recorded_seed if session.recorded_seed is not None else session.seed
