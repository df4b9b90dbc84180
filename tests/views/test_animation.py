"""The animation clock plays steps in order, at a speed, and can skip to the end."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from marblestudio.views.board.animation import AnimationClock, Step, together


def _recording_step(log: list[str], name: str, duration: float = 0.05) -> Step:
    return Step(duration, lambda t: log.append(f"{name}:{t:.1f}") if t in (0.0, 1.0) else None, lambda: log.append(f"{name}:done"))


def test_steps_play_in_order_and_the_clock_says_when_it_is_finished(qtbot: QtBot) -> None:
    clock = AnimationClock()
    log: list[str] = []
    with qtbot.waitSignal(clock.finished, timeout=5000):
        clock.play([_recording_step(log, "slide"), _recording_step(log, "fall")])
        assert clock.is_running()
    assert log == ["slide:0.0", "slide:1.0", "slide:done", "fall:0.0", "fall:1.0", "fall:done"]
    assert not clock.is_running()


def test_skip_finishes_every_queued_step_at_once(qtbot: QtBot) -> None:
    clock = AnimationClock()
    log: list[str] = []
    clock.play([_recording_step(log, "a", 10.0), _recording_step(log, "b", 10.0)])
    with qtbot.waitSignal(clock.finished, timeout=10000):
        clock.skip()
    assert log == ["a:0.0", "a:1.0", "a:done", "b:1.0", "b:done"]
    assert not clock.is_running()


def test_speed_zero_plays_instantly(qtbot: QtBot) -> None:
    clock = AnimationClock()
    clock.set_speed(0)
    log: list[str] = []
    with qtbot.waitSignal(clock.finished, timeout=10000):
        clock.play([_recording_step(log, "a", 10.0)])
    assert log == ["a:1.0", "a:done"]


def test_a_step_starts_when_its_turn_comes_not_when_it_is_queued(qtbot: QtBot) -> None:
    clock = AnimationClock()
    log: list[str] = []
    first = Step(0.05, lambda t: log.append("first") if t == 0.0 else None, lambda: log.append("first:done"))
    second = Step(0.05, lambda t: None, lambda: log.append("second:done"), lambda: log.append("second:start"))
    with qtbot.waitSignal(clock.finished, timeout=5000):
        clock.play([first, second])
        assert "second:start" not in log
    assert log == ["first", "first:done", "second:start", "second:done"]


def test_steps_played_together_each_start_and_end_in_their_own_time(qtbot: QtBot) -> None:
    clock = AnimationClock()
    log: list[str] = []
    steps = [Step(0.2, lambda t, n=n: log.append(f"{n}:{t:.1f}") if t in (0.0, 1.0) else None,
                  lambda n=n: log.append(f"{n}:done"), lambda n=n: log.append(f"{n}:start")) for n in "abc"]
    both = together(steps, stagger=0.1)
    assert both.duration == pytest.approx(0.4)  # the last starts at 0.2 and takes 0.2
    with qtbot.waitSignal(clock.finished, timeout=5000):
        clock.play([both])
    for n in "abc":  # each played once, in its own order
        assert [e for e in log if e.startswith(n)] == [f"{n}:start", f"{n}:0.0", f"{n}:1.0", f"{n}:done"]
    assert log.index("b:start") < log.index("a:done")  # b began before a had ended: at once, not in turn
    assert log.index("c:done") == len(log) - 1


def test_steps_played_together_are_finished_by_a_skip(qtbot: QtBot) -> None:
    clock = AnimationClock()
    log: list[str] = []
    steps = [Step(10.0, lambda t, n=n: log.append(f"{n}:{t:.1f}") if t == 1.0 else None, lambda n=n: log.append(f"{n}:done"),
                  lambda n=n: log.append(f"{n}:start")) for n in "ab"]
    clock.play([together(steps, stagger=5.0)])
    with qtbot.waitSignal(clock.finished, timeout=10000):
        clock.skip()
    assert log == ["a:start", "a:1.0", "a:done", "b:start", "b:1.0", "b:done"]
