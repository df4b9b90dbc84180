"""The playtest's worker process: plays the games and reports back through a queue. No Qt here.

The editor starts `work` in a separate process (spawned, so it shares nothing with the GUI)
and polls the queue.  Each run uses `marblestudio.playtest.run_games`, the code behind
`marblestudio simulate`, so the same seed and players give the same figures.  A game that
raises is reported with the seed and game index that reproduce it, and the run goes on.
"""

from __future__ import annotations

import traceback
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol


class _Queue(Protocol):
    def put(self, item: Any) -> None: ...


@dataclass(frozen=True, slots=True)
class Job:
    """One run: the resolved ruleset to play, a label, players, games and seed; `ref` names the
    ruleset for `marblestudio simulate` (its file or id) in the line that reproduces a failure."""

    label: str
    resolved: Mapping[str, Any]
    players: int
    games: int
    seed: str
    ref: str = "RULESET"


def run_job(job: Job, progress: Any = None) -> dict[str, Any]:
    """Play `job` and return its statistics as `Report.to_json()` plus `errors` and `ended`."""
    from marblestudio.playtest import Report, run_games
    from marblestudio.rulesets import from_resolved

    rules = from_resolved(job.resolved)
    report = Report(rules.id, job.players, job.seed, wins=[0] * job.players)
    errors: list[dict[str, Any]] = []
    remaining = list(range(job.games))
    seconds = 0.0
    finished = 0

    def on_game(index: int, result: Any) -> None:
        nonlocal finished
        report.add(result)
        finished += 1

    def on_progress(_done: int, _total: int) -> None:
        if progress is not None:
            progress(finished + len(errors), job.games)

    while remaining:
        before = finished
        try:
            part = run_games(rules, job.players, job.games, job.seed, on_game=on_game, progress=on_progress, indexes=remaining)
            seconds += part.seconds
            remaining = []
        except Exception as exc:  # noqa: BLE001 - a failing game is a finding of the playtest
            failed = remaining[finished - before]
            errors.append({
                "game": failed,
                "seed": job.seed,
                "error": f"{type(exc).__name__}: {exc}",
                "traceback": traceback.format_exc(),
                "reproduce": f"marblestudio simulate {job.ref} --seed {job.seed} --players {job.players} --game {failed}",
            })
            remaining = remaining[finished - before + 1 :]
            on_progress(0, 0)
    report.seconds = seconds
    data = report.to_json()
    data["errors"] = errors
    data["ended"] = report.games - report.capped
    data["label"] = job.label
    data["seat_names"] = [rules.presentation.seat_name(s) for s in range(job.players)]
    return data


def work(jobs: Sequence[Job], queue: _Queue) -> None:
    """The process's entry point: run `jobs` in order, reporting progress and each result."""
    total = sum(job.games for job in jobs)
    done_before = 0
    try:
        for job in jobs:
            def progress(done: int, _total: int, offset: int = done_before, label: str = job.label) -> None:
                queue.put(("progress", label, offset + done, total))

            queue.put(("report", job.label, run_job(job, progress)))
            done_before += job.games
    except Exception as exc:  # noqa: BLE001 - the panel shows it instead of hanging
        queue.put(("failed", f"{type(exc).__name__}: {exc}", traceback.format_exc()))
    queue.put(("done",))
