"""The animation clock: plays a board's steps for the engine's events, in order.

A board turns each event into zero or more `Step`s (a slide sliding, a marble falling).  The
clock runs them one after another on a QTimer at an adjustable speed; `skip()` finishes them
all at once.  The view never invents motion: every step comes from an event the engine reported.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, QTimer, Signal


@dataclass
class Step:
    """One animated piece of an event: `start()` runs when the step's turn comes (not when it
    is queued), then `update(t)` with t from 0 to 1 over `duration` seconds (at speed 1), then
    `done()` once at the end; skipping still runs all three."""

    duration: float
    update: Callable[[float], None]
    done: Callable[[], None] = field(default=lambda: None)
    start: Callable[[], None] = field(default=lambda: None)


def together(steps: Sequence[Step], stagger: float = 0.0) -> Step:
    """One step that plays `steps` at once (marbles scooped up together), each starting `stagger`
    seconds after the one before: each one's `start`, `update` and `done` run as its own time
    comes, and all of them by the end (a skip, speed 0)."""
    starts = [i * stagger for i in range(len(steps))]
    total = max((at + step.duration for at, step in zip(starts, steps)), default=0.0)
    begun = [False] * len(steps)
    ended = [False] * len(steps)

    def update(t: float) -> None:
        now = t * total
        for i, step in enumerate(steps):
            if ended[i] or (now < starts[i] and t < 1.0):  # done, or not its time yet
                continue
            if not begun[i]:  # as the clock begins a step: start, then its first frame (none when skipped)
                begun[i] = True
                step.start()
                if t < 1.0:
                    step.update(0.0)
            share = 1.0 if t >= 1.0 or step.duration <= 0 else min(1.0, (now - starts[i]) / step.duration)
            if share > 0.0:
                step.update(share)
            if share >= 1.0:
                ended[i] = True
                step.done()

    return Step(total, update, lambda: update(1.0))


def ease(t: float) -> float:
    """Smooth start and stop."""
    return t * t * (3.0 - 2.0 * t)


Point = tuple[float, float, float]


def lerp(a: Point, b: Point, t: float) -> Point:
    """The point a fraction `t` of the way from `a` to `b` (a straight line)."""
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t)


class AnimationClock(QObject):
    """Runs queued steps in order; emits `finished` when the queue empties."""

    finished = Signal()
    speed_changed = Signal(float)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._queue: deque[Step] = deque()
        self._current: Step | None = None
        self._started = 0.0
        self._speed = 1.0
        self.skipping = False  # True while `skip()` finishes the queue at once
        self._timer = QTimer(self)
        self._timer.setInterval(16)
        self._timer.timeout.connect(self._tick)

    @property
    def speed(self) -> float:
        return self._speed

    def set_speed(self, speed: float) -> None:
        """Play at `speed` times normal; 0 or less means instantly."""
        self._speed = speed
        self.speed_changed.emit(speed)

    def is_running(self) -> bool:
        return self._current is not None or bool(self._queue)

    def play(self, steps: Iterable[Step]) -> None:
        """Queue `steps` after anything still playing."""
        self._queue.extend(steps)
        if self._current is None:
            self._next()

    def skip(self) -> None:
        """Finish every queued step at once."""
        self._timer.stop()
        self.skipping = True
        try:
            while self._current is not None:
                self._finish_current()
                self._current = self._queue.popleft() if self._queue else None
                if self._current is not None:
                    self._current.start()
        finally:
            self.skipping = False
        self.finished.emit()

    def _next(self) -> None:
        while self._queue:
            step = self._queue.popleft()
            step.start()
            if step.duration <= 0 or self._speed <= 0:
                step.update(1.0)
                step.done()
                continue
            self._current = step
            self._started = time.monotonic()
            step.update(0.0)
            self._timer.start()
            return
        self._current = None
        self._timer.stop()
        self.finished.emit()

    def _finish_current(self) -> None:
        step = self._current
        if step is not None:
            step.update(1.0)
            step.done()

    def _tick(self) -> None:
        step = self._current
        if step is None:
            self._timer.stop()
            return
        t = (time.monotonic() - self._started) * self._speed / step.duration
        if t >= 1.0:
            self._finish_current()
            self._current = None
            self._next()
        else:
            step.update(t)
