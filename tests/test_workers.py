"""Many games at once: the same results with 1 worker, 2 workers or a Dask cluster; progress;
and a stopped run keeps what finished."""

from __future__ import annotations

import importlib.util
import os
import signal

import pytest

from marblestudio.playtest.pool import interrupt_on_signals
from marblestudio.rulesets import load_with_source
from marblestudio.playtest.stats import GameSummary
from marblestudio.playtest.workers import GameTask, WorkersError, resolve_workers, run_indexed, seating

GAMES = 24


def _task() -> GameTask:
    resolved = load_with_source("stay-alive/quick").resolved
    return GameTask(resolved, ("heuristic", "random"), seed="workers", players=2)


def test_one_worker_and_two_give_identical_results() -> None:
    one = run_indexed(_task(), GAMES, workers=1)
    two = run_indexed(_task(), GAMES, workers=2)
    assert one.complete and two.complete
    assert one.indices == two.indices == list(range(GAMES))
    assert one.results == two.results
    assert all(isinstance(g, GameSummary) for g in one.results)
    assert len({g.length for g in one.results}) > 1  # real, different games


def test_game_i_alone_is_game_i_of_the_run() -> None:
    run = run_indexed(_task(), 6, workers=1)
    assert _task()(4) == run.results[4]


def test_seats_rotate_game_by_game() -> None:
    assert seating(("a", "b"), 2, 0) == ("a", "b")
    assert seating(("a", "b"), 2, 1) == ("b", "a")
    assert seating(("a", "b", "c"), 3, 2) == ("c", "a", "b")
    assert seating(("a",), 3, 1) == ("a", "a", "a")
    assert seating(("a", "b"), 2, 1, rotate=False) == ("a", "b")


def test_progress_reports_up_to_the_total() -> None:
    seen: list[tuple[int, int]] = []
    run_indexed(_task(), 10, workers=1, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (10, 10)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


class _StopAt:
    """A task that stands for Ctrl-C arriving while game `stop` is played."""

    def __init__(self, stop: int) -> None:
        self.stop = stop

    def __call__(self, index: int) -> int:
        if index == self.stop:
            raise KeyboardInterrupt
        return index * index


def test_ctrl_c_stops_cleanly_with_what_finished() -> None:
    result = run_indexed(_StopAt(7), 20, workers=1)
    assert result.interrupted and not result.complete
    assert result.indices == list(range(7))
    assert result.results == [i * i for i in range(7)]


def test_ctrl_c_in_a_pool_keeps_the_finished_games() -> None:
    result = run_indexed(_StopAt(150), 400, workers=2)
    assert result.interrupted
    assert 150 not in result.indices
    assert result.results == [i * i for i in result.indices]


class _TermAt:
    """A task that stands for `kill PARENT` (SIGTERM) arriving while game `stop` is played."""

    def __init__(self, stop: int) -> None:
        self.stop = stop
        self.parent = os.getpid()

    def __call__(self, index: int) -> int:
        if index == self.stop:
            os.kill(self.parent, signal.SIGTERM)
        return index * index


@pytest.mark.parametrize("workers", [1, 2])
def test_sigterm_stops_cleanly_with_what_finished_and_says_so(workers: int) -> None:
    with interrupt_on_signals():
        result = run_indexed(_TermAt(150), 400, workers=workers)
    assert result.interrupted and result.signum == signal.SIGTERM
    assert len(result.indices) < 400  # (game 150 itself may finish: the signal does not stop it)
    assert result.results == [i * i for i in result.indices]


def test_ctrl_c_is_sigint() -> None:
    assert run_indexed(_StopAt(3), 10, workers=1).signum == signal.SIGINT


@pytest.mark.parametrize("workers", [1, 2])
def test_on_result_sees_each_result_here_and_decides_what_is_kept(workers: int) -> None:
    seen: list[tuple[int, int]] = []

    def keep_length(index: int, game: GameSummary) -> int:
        seen.append((index, os.getpid()))
        return game.length

    run = run_indexed(_task(), GAMES, workers=workers, on_result=keep_length)
    full = run_indexed(_task(), GAMES, workers=1)
    assert run.complete and run.results == [g.length for g in full.results]
    assert sorted(i for i, _ in seen) == list(range(GAMES))
    assert {pid for _, pid in seen} == {os.getpid()}  # in the parent, as each chunk came back


@pytest.mark.parametrize("workers", [1, 2])
def test_on_result_may_end_the_run_keeping_what_finished(workers: int) -> None:
    # a record simulate could not write ends the run: the report keeps every game that came back
    from marblestudio.playtest.workers import StopRun

    def stop_at_first(index: int, game: GameSummary) -> int:
        if index == 0:
            raise StopRun("cannot write game 0", -1)
        return game.length

    run = run_indexed(_task(), GAMES, workers=workers, on_result=stop_at_first)
    assert run.stopped is not None and str(run.stopped) == "cannot write game 0" and not run.complete
    assert run.indices[0] == 0 and run.results[0] == -1  # what the stop asked to keep of it
    if workers == 2:  # the rest of game 0's chunk had finished too: kept, not dropped
        from marblestudio.playtest.workers import _chunks

        first = list(_chunks(GAMES, 2)[0])
        assert len(first) > 1 and run.indices[: len(first)] == first
    else:
        assert run.indices == [0]  # one process: nothing else was played


@pytest.mark.parametrize(("value", "message"), [("many", "'auto' or a whole number"), ("0", "at least 1")])
def test_a_bad_workers_value_is_explained(value: str, message: str) -> None:
    with pytest.raises(WorkersError, match=message):
        resolve_workers(value)


def test_auto_uses_every_cpu() -> None:
    assert resolve_workers("auto") >= 1
    assert resolve_workers("3") == 3


@pytest.mark.skipif(
    importlib.util.find_spec("distributed") is None,
    reason="Dask's distributed is not installed (the optional 'dask' extra)",
)
def test_a_dask_cluster_gives_the_same_results() -> None:
    from distributed import LocalCluster

    local = run_indexed(_task(), GAMES, workers=1)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        on_dask = run_indexed(_task(), GAMES, scheduler=cluster.scheduler_address)
    assert on_dask.complete
    assert on_dask.results == local.results


def test_an_unreachable_scheduler_is_explained(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("marblestudio.playtest.workers.CONNECT_TIMEOUT", "1s")
    if importlib.util.find_spec("distributed") is None:
        with pytest.raises(WorkersError, match="optional 'dask' extra"):
            run_indexed(_task(), 2, scheduler="tcp://127.0.0.1:9")
    else:
        with pytest.raises(WorkersError, match="cannot reach the Dask scheduler"):
            run_indexed(_task(), 2, scheduler="tcp://127.0.0.1:9")
