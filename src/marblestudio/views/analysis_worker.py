"""Searches of positions in worker processes, for the window's game analysis and evaluation bar.

`SearchWorker` submits the searches of an `analysis.PositionTask` (one per job) to a process pool
started with 'spawn' (no Qt state is inherited, as for the computer players: `views.computer`)
and polls the futures with a QTimer, so the window never waits: `progress(tag, done, total)` as
searches finish (`partial` gives those back so far), then `finished(tag, evaluations)` in job
order, or `failed(tag, message)`.  A request is tagged; `cancel` drops the searches not yet started and any answer still to come.

`AnalysisJob` is the plain-value side of a game's analysis: the plan of its searches (made here,
by replaying the game once) and, from their evaluations, the `Analysis` (`analysis.review`), as
`analysis.analyse` does on the command line.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass

from PySide6.QtCore import QObject, QTimer, Signal

from marblestudio import analysis
from marblestudio.analysis import Analysis, Budget, Evaluation, Job, PositionTask
from marblestudio.engine.rules import Ruleset
from marblestudio.views.computer import SpawnPool

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class AnalysisJob:
    """A game's analysis to be run (`analysis.Job`: its searches and what makes them an
    `Analysis`), with the `key` that tells the same game searched the same way, so a second run
    can reuse the first one's result."""

    key: Hashable
    moves: tuple[str, ...]
    job: Job

    @property
    def task(self) -> PositionTask:
        return self.job.task

    @property
    def searches(self) -> int:
        return self.job.searches

    def complete(self, found: Sequence[Evaluation]) -> Analysis:
        """The analysis from the evaluations of every search of the plan."""
        return self.job.complete(found)


def _rules_key(rules: Ruleset) -> Hashable:
    """The ruleset in a cache key: itself (a frozen dataclass), or its id and repr when a part of
    it cannot be hashed."""
    try:
        hash(rules)
    except TypeError:
        return (rules.id, repr(rules))
    return rules


def job_key(rules: Ruleset, players: int, moves: Sequence[str], start: str | None, budget: Budget, seed: int | str) -> Hashable:
    """What tells one analysis from another: the game (rules, players, start, moves) and how it
    is searched (budget, seed)."""
    return (_rules_key(rules), players, start, tuple(moves), budget, seed)


def prepare(rules: Ruleset, players: int, moves: Sequence[str], start: str | None, budget: Budget, seed: int | str) -> AnalysisJob:
    """The analysis of the game whose steps are `moves` (notation, chance included) from `start`
    (or the rules' set-up); raises the engine's errors when the moves do not replay."""
    job = analysis.prepare(rules, players, moves, start=start, budget=budget, seed=seed)
    return AnalysisJob(job_key(rules, players, moves, start, budget, seed), tuple(moves), job)


class SearchWorker(QObject):
    """Runs the searches of a `PositionTask` on up to `workers` processes (see the module doc)."""

    progress = Signal(int, int, int)  # tag, searches done, searches in all
    finished = Signal(int, object)  # tag, list[Evaluation] in job order
    failed = Signal(int, str)  # tag, what went wrong

    def __init__(self, parent: QObject | None = None, workers: int | Callable[[], int] = 1, poll_ms: int = 40) -> None:
        super().__init__(parent)
        self._pool = SpawnPool(workers)
        self._futures: list[Future[Evaluation]] = []
        self._tag = 0
        self._done = -1  # searches done at the last `progress`
        self._timer = QTimer(self)
        self._timer.setInterval(poll_ms)
        self._timer.timeout.connect(self._poll)

    def warm_up(self) -> None:
        """Start a worker process now (it takes a moment to import Python)."""
        self._pool.warm_up()

    def is_busy(self) -> bool:
        return bool(self._futures)

    def start(self, task: PositionTask) -> int:
        """Search every job of `task`; returns the tag the signals will carry."""
        self.cancel()
        self._tag += 1
        pool = self._pool.get()
        self._futures = [pool.submit(task, i) for i in range(len(task.jobs))]
        self._done = -1
        self._timer.start()
        return self._tag

    def partial(self) -> list[Evaluation]:
        """The evaluations of the pending request that have come back so far."""
        return [f.result() for f in self._futures if f.done() and not f.cancelled() and f.exception() is None]

    def cancel(self) -> None:
        """Drop the pending request: searches not started are cancelled, answers are ignored."""
        for future in self._futures:
            future.cancel()
        self._pool.forget_cancelled()
        self._futures = []
        self._timer.stop()

    def _poll(self) -> None:
        futures = self._futures
        failed = next((f for f in futures if f.done() and not f.cancelled() and f.exception() is not None), None)
        if failed is not None:
            self.cancel()
            error = failed.exception()
            log.error("a search of the analysis failed", exc_info=error)
            self._pool.failed(error)  # a worker process that died: new ones next time
            self.failed.emit(self._tag, f"{type(error).__name__}: {error}")
            return
        done = sum(1 for f in futures if f.done())
        if done != self._done:
            self._done = done
            self.progress.emit(self._tag, done, len(futures))
        if done == len(futures):
            self._futures = []
            self._timer.stop()
            self.finished.emit(self._tag, [f.result() for f in futures])

    def shutdown(self) -> None:
        """Cancel and end the worker processes (a search may be running: they are not waited for)."""
        self.cancel()
        self._pool.shutdown()
