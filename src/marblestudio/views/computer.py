"""The computer thinks in a worker process, so the window never freezes.

`ComputerWorker` submits `agents.tasks.computer_move` to a one-process pool started with 'spawn'
(no Qt state is inherited) and polls the future with a QTimer.  `request_hint` asks the same way
for a suggestion for a human seat (`agents.tasks.hint_move`), answered by `hinted`.  A request is tagged; a result
that arrives after the game moved on (undo, a new game) is dropped.  The pool is started early
(`warm_up`) so the first computer move does not wait for Python to start.
"""

from __future__ import annotations

import logging
import multiprocessing
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from marblestudio.engine.rules import Ruleset
from marblestudio.agents.tasks import computer_move, hint_move

log = logging.getLogger(__name__)


def _noop() -> int:
    return 0


class SpawnPool:
    """Worker processes started with 'spawn' (they share nothing with the GUI and import no Qt),
    made when first used and ended without waiting for a search that may be running."""

    def __init__(self, workers: int | Callable[[], int] = 1) -> None:
        """`workers`: how many processes, or a function that says (asked when the pool is first
        made, so that counting the cores costs the window's start-up nothing)."""
        self._workers = workers
        self._pool: ProcessPoolExecutor | None = None

    def get(self) -> ProcessPoolExecutor:
        if self._pool is None:
            count = self._workers() if callable(self._workers) else self._workers
            self._pool = ProcessPoolExecutor(max_workers=max(1, count), mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    def failed(self, error: BaseException | None) -> None:
        """A task of the pool raised `error`: when that is the pool itself broken (a worker
        process died), its processes are ended and the next `get` makes new ones."""
        if isinstance(error, BrokenProcessPool):
            self.shutdown()

    def warm_up(self) -> None:
        """Start a worker process now (it takes a moment to import Python)."""
        self.get().submit(_noop)

    def forget_cancelled(self) -> None:
        """Call after cancelling tasks of the pool: see `_forget_cancelled`."""
        if self._pool is not None:
            _forget_cancelled(self._pool)

    def shutdown(self) -> None:
        """End the worker processes (a broken pool too; the next `get` makes new ones)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            _forget_cancelled(pool)
            processes: dict[Any, Any] = getattr(pool, "_processes", None) or {}
            pool.shutdown(wait=False, cancel_futures=True)
            for process in list(processes.values()):
                process.terminate()


class _Cancelled(Future[Any]):
    """Stands in the pool's table for the future of a task that was cancelled: cancelled too, and
    failing it later does nothing (see `_forget_cancelled`)."""

    def __init__(self) -> None:
        super().__init__()
        self.cancel()

    def set_exception(self, exception: BaseException | None) -> None:
        """The pool failing every pending task once a worker has ended: this one was cancelled."""


def _forget_cancelled(pool: ProcessPoolExecutor) -> None:
    """Make the pool's tasks already cancelled safe to fail.  A cancelled task stays in the pool's
    table of pending ones (`_pending_work_items`) until its manager thread next wakes; if a
    worker process ends before that (ended by `shutdown`, or dead), Python 3.11's pool fails
    every pending task (`terminate_broken`), and setting an error on a cancelled future makes that
    thread raise InvalidStateError.  Each such entry's future is swapped for a `_Cancelled` one
    (the entry itself stays: the pool still holds its id in a queue).  Without the table there is
    nothing to do."""
    pending = getattr(pool, "_pending_work_items", None)
    if isinstance(pending, dict):
        for item in list(pending.values()):
            future = getattr(item, "future", None)
            if isinstance(future, Future) and future.cancelled() and not isinstance(future, _Cancelled):
                item.future = _Cancelled()


class ComputerWorker(QObject):
    """Asks a worker process for moves; emits `chosen(tag, notation)` (a computer's move),
    `hinted(tag, notation, note)` (a hint) or `failed(tag, message)`."""

    chosen = Signal(int, str)
    hinted = Signal(int, str, str)
    failed = Signal(int, str)

    def __init__(self, parent: QObject | None = None, poll_ms: int = 20) -> None:
        super().__init__(parent)
        self._pool = SpawnPool(1)
        self._future: Future[Any] | None = None
        self._tag = 0
        self._hint = False  # the pending request is a hint
        self._timer = QTimer(self)
        self._timer.setInterval(poll_ms)
        self._timer.timeout.connect(self._poll)

    def warm_up(self) -> None:
        """Start the worker process now (it takes a moment to import Python)."""
        self._pool.warm_up()

    def is_busy(self) -> bool:
        return self._future is not None

    def request(self, rules: Ruleset, players: int, moves: Sequence[str], spec: str, seed: int, start: str | None = None) -> int:
        """Ask for the move of `spec` after `moves` (from the position `start`, if the game began at
        one); returns the tag the answer will carry."""
        self.cancel()
        self._tag += 1
        self._future = self._pool.get().submit(computer_move, rules, players, list(moves), spec, seed, start)
        self._hint = False
        self._timer.start()
        return self._tag

    def request_hint(self, rules: Ruleset, players: int, moves: Sequence[str], seed: int, start: str | None = None,
                     **level: Any) -> int:
        """Ask for a suggestion for the seat to move after `moves` (from the position `start`, if
        the game began at one; `level`: `spec`, `time_limit` of `agents.tasks.hint_move`); returns
        the tag `hinted` will carry."""
        self.cancel()
        self._tag += 1
        self._future = self._pool.get().submit(hint_move, rules, players, list(moves), seed, start=start, **level)
        self._hint = True
        self._timer.start()
        return self._tag

    def cancel(self) -> None:
        """Forget the pending request (its answer, if it comes, is dropped)."""
        if self._future is not None and self._future.cancel():
            self._pool.forget_cancelled()
        self._future = None
        self._timer.stop()

    def _poll(self) -> None:
        future = self._future
        if future is None:
            self._timer.stop()
            return
        if not future.done():
            return
        self._future = None
        self._timer.stop()
        try:
            notation = future.result()
        except Exception as exc:  # noqa: BLE001 - reported to the user, the app goes on
            log.exception("the computer player failed")
            self._pool.failed(exc)  # a worker process that died: new ones next time
            self.failed.emit(self._tag, failure_text(exc))
            return
        if self._hint:
            move, note = notation
            self.hinted.emit(self._tag, move, note)
        else:
            self.chosen.emit(self._tag, notation)

    def shutdown(self) -> None:
        self.cancel()
        self._pool.shutdown()  # a search may be running: the worker is ended, not waited for


def failure_text(exc: BaseException) -> str:
    """What the window says of a computer player's failure: a plug-in family's fault in its own
    words (it names the family and its distribution), anything else with its type."""
    from marblestudio.engine.family import PluginFault

    return str(exc) if isinstance(exc, PluginFault) else f"{type(exc).__name__}: {exc}"
