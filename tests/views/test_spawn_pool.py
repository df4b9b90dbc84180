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
