"""The app's pool of worker processes: sized when first used, made anew after a worker died."""

from __future__ import annotations

from concurrent.futures.process import BrokenProcessPool

from marblestudio.views.computer import SpawnPool


def test_the_count_is_asked_when_the_pool_is_made_and_a_broken_pool_is_replaced() -> None:
    asked: list[int] = []

    def count() -> int:
        asked.append(1)
        return 1

    pool = SpawnPool(count)
    assert asked == []  # making the window counts no cores
    try:
        first = pool.get()
        assert asked == [1] and pool.get() is first
        pool.failed(ValueError("a search's own error"))
        assert pool.get() is first
        pool.failed(BrokenProcessPool("a worker died"))
        assert pool.get() is not first
    finally:
        pool.shutdown()


def _three_tasks(pool: SpawnPool):  # type: ignore[no-untyped-def]
    """A search running in the one worker, one handed to its queue, one waiting in the pool's table."""
    import time

    executor = pool.get()
    running = executor.submit(time.sleep, 30)
    executor.submit(time.sleep, 0)  # handed to the worker's queue
    waiting = executor.submit(time.sleep, 0)
    deadline = time.monotonic() + 30
    while not running.running() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert running.running()
    return executor, waiting


def _errors_in_threads(monkeypatch):  # type: ignore[no-untyped-def]
    import threading

    raised: list[BaseException | None] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: raised.append(args.exc_value))
    return raised


def test_a_worker_that_dies_with_a_cancelled_task_waiting_raises_nothing_in_the_pools_thread(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    raised = _errors_in_threads(monkeypatch)
    pool = SpawnPool(1)
    try:
        executor, waiting = _three_tasks(pool)
        assert waiting.cancel()  # an undo, say: the request is taken back
        pool.forget_cancelled()
        manager = executor._executor_manager_thread  # type: ignore[attr-defined]
        for process in list(executor._processes.values()):  # type: ignore[attr-defined]
            process.terminate()  # the worker dies before the pool's thread wakes
        manager.join(timeout=30)
        assert not manager.is_alive()
        assert raised == []  # without forget_cancelled: InvalidStateError (Python 3.11 failed the cancelled task too)
    finally:
        pool.shutdown()


def test_ending_the_workers_with_a_cancelled_task_waiting_raises_nothing_in_the_pools_thread(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    raised = _errors_in_threads(monkeypatch)
    pool = SpawnPool(1)
    executor, waiting = _three_tasks(pool)
    assert waiting.cancel()
    manager = executor._executor_manager_thread  # type: ignore[attr-defined]
    pool.shutdown()  # the window closes while a search runs: the worker is ended
    manager.join(timeout=30)
    assert not manager.is_alive() and raised == []
