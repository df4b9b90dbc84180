"""The process pool: every chunk's result comes back, failures are raised, Ctrl-C, SIGTERM or a
dead worker ends the run at once with no process left behind, and no worker outlives a killed
parent."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

from marblestudio.playtest.pool import StopFlag, Stopped, WorkerDied, exit_code, interrupt_on_signals, run_chunks


def _square_all(chunk: list[int]) -> list[int]:
    return [i * i for i in chunk]


def _fail_on_seven(chunk: list[int]) -> list[int]:
    if 7 in chunk:
        raise ValueError("seven is not allowed")
    return chunk


def _die_on_seven(chunk: list[int]) -> list[int]:
    if 7 in chunk:
        os._exit(3)
    return chunk


def _slow(chunk: list[int]) -> list[int]:
    time.sleep(0.05)
    return chunk


def _unpicklable(chunk: list[int]) -> object:
    return threading.Lock()


@pytest.fixture(autouse=True)
def _children_before() -> None:
    """The child processes that other tests left (the app's computer player, say): not the pool's."""
    global _BEFORE
    _BEFORE = {p.pid for p in multiprocessing.active_children()}


_BEFORE: set[int | None] = set()


def _pool_children() -> list[object]:
    return [p for p in multiprocessing.active_children() if p.pid not in _BEFORE]


def _no_children_left() -> bool:
    """No process the pool started is still running (within 10 s)."""
    deadline = time.monotonic() + 10
    while _pool_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    return not _pool_children()


def test_every_chunk_comes_back_once() -> None:
    chunks = [[i, i + 1] for i in range(0, 40, 2)]
    got: list[list[int]] = []
    run_chunks(_square_all, chunks, 2, got.append)
    assert sorted(x for chunk in got for x in chunk) == [i * i for i in range(40)]
    assert len(got) == 20
    assert _no_children_left()


def test_more_workers_than_chunks_starts_only_what_is_needed() -> None:
    got: list[list[int]] = []
    run_chunks(_square_all, [[3]], 4, got.append)
    assert got == [[9]]


def test_a_workers_exception_is_raised_in_the_parent_with_its_message() -> None:
    with pytest.raises(ValueError, match="seven is not allowed"):
        run_chunks(_fail_on_seven, [[i] for i in range(20)], 2, lambda _: None)
    assert _no_children_left()


def test_a_dead_worker_ends_the_run_with_its_exit_code() -> None:
    with pytest.raises(WorkerDied, match="exit code 3"):
        run_chunks(_die_on_seven, [[i] for i in range(20)], 2, lambda _: None)
    assert _no_children_left()


def test_a_result_that_cannot_be_sent_back_is_an_error_naming_why() -> None:
    with pytest.raises(RuntimeError, match="TypeError"):
        run_chunks(_unpicklable, [[1]], 1, lambda _: None)
    assert _no_children_left()


def test_ctrl_c_stops_the_workers_and_keeps_what_was_passed_on() -> None:
    got: list[list[int]] = []
    previous = signal.getsignal(signal.SIGINT)

    def take(chunk: list[int]) -> None:
        got.append(chunk)
        if len(got) == 3:
            os.kill(os.getpid(), signal.SIGINT)  # as a terminal's Ctrl-C would

    with pytest.raises(KeyboardInterrupt):
        run_chunks(_slow, [[i] for i in range(400)], 2, take)
    assert 3 <= len(got) < 400
    assert _no_children_left()
    assert signal.getsignal(signal.SIGINT) is previous  # the run's own handler is gone


# SIGTERM, and processes that never outlive the parent ----------------------------------------------
def test_sigterm_stops_the_run_like_ctrl_c_and_says_which_signal() -> None:
    got: list[list[int]] = []

    def take(chunk: list[int]) -> None:
        got.append(chunk)
        if len(got) == 3:
            os.kill(os.getpid(), signal.SIGTERM)  # as `kill PID` would

    with interrupt_on_signals(), pytest.raises(Stopped) as stopped:
        run_chunks(_slow, [[i] for i in range(400)], 2, take)
    assert stopped.value.signum == signal.SIGTERM and exit_code(stopped.value) == 143
    assert 3 <= len(got) < 400
    assert _no_children_left()


def _sigterm_disposition(chunk: list[int]) -> list[object]:
    return [signal.getsignal(signal.SIGTERM)]


def test_a_worker_does_not_inherit_the_parents_sigterm_handler() -> None:
    """Otherwise `terminate()` would only set a flag in the worker, and stopping would wait."""
    got: list[list[object]] = []
    with interrupt_on_signals():
        run_chunks(_sigterm_disposition, [[1]], 1, got.append)
    assert got == [[signal.SIG_DFL]]


def test_a_stop_signal_that_was_not_acted_on_goes_to_the_previous_handler() -> None:
    with pytest.raises(Stopped) as stopped, interrupt_on_signals(), StopFlag():
        os.kill(os.getpid(), signal.SIGTERM)
    assert stopped.value.signum == signal.SIGTERM


def test_exit_codes_of_signals() -> None:
    assert exit_code(KeyboardInterrupt()) == exit_code(None) == exit_code(Stopped(signal.SIGINT)) == 130
    assert exit_code(Stopped(signal.SIGTERM)) == exit_code(signal.SIGTERM) == 143


_PARENT = textwrap.dedent(
    """
    import os, sys, time
    from marblestudio.playtest import pool

    how = sys.argv[1]
    if how in ("idle", "watched"):
        pool.set_parent_death_signal = lambda signum: False  # as where prctl is missing
    if how == "idle":
        pool._watch_parent = lambda parent: None  # only the closed pipe ends are left

    def work(chunk):
        os.write(1, b"%d\\n" % os.getpid())  # one write: the two workers' lines do not mix
        if how != "idle":
            time.sleep(600)  # busy in a long chunk
        return chunk

    def take(result):
        time.sleep(600)

    pool.run_chunks(work, [[1], [2]], 2, take)
    """
)


def _gone(pid: int) -> bool:
    """Whether `pid` has ended (a zombie waiting for a new parent to reap it counts as ended)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs /proc to watch the workers")
@pytest.mark.parametrize(
    "how",
    [
        pytest.param("busy", id="busy-worker-gets-the-parent-death-signal"),
        pytest.param("watched", id="busy-worker-without-prctl-is-ended-by-its-watcher"),
        pytest.param("idle", id="idle-worker-sees-end-of-file"),
    ],
)
def test_workers_end_when_the_parent_is_killed(how: str) -> None:
    workers: list[int] = []
    with subprocess.Popen(
        [sys.executable, "-c", _PARENT, how], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as parent:
        assert parent.stdout is not None and parent.stderr is not None
        try:
            workers = [int(parent.stdout.readline()) for _ in range(2)]
        finally:
            parent.kill()
            parent.wait(timeout=30)
        try:
            deadline = time.monotonic() + 10
            while not all(_gone(pid) for pid in workers) and time.monotonic() < deadline:
                time.sleep(0.05)
            assert all(_gone(pid) for pid in workers), "a worker outlived its killed parent"
        finally:
            for pid in workers:
                if not _gone(pid):
                    os.kill(pid, signal.SIGKILL)
        assert "Traceback" not in parent.stderr.read()  # the workers said nothing on their way out
