"""The process pool: every chunk's result comes back, failures are raised, and Ctrl-C or a dead
worker ends the run at once with no process left behind."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time

import pytest

from marblestudio.pool import WorkerDied, run_chunks


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


def _no_children_left() -> bool:
    deadline = time.monotonic() + 10
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    return not multiprocessing.active_children()


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
