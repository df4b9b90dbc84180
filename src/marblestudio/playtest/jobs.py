"""The playtest's worker process: plays the games and reports back through a queue. No Qt here.

The editor starts `work` in a separate process (spawned, so it shares nothing with the GUI)
and polls the queue.  Each run uses `marblestudio.playtest.run_games`, the code behind
`marblestudio simulate`, so the same seed, players and agents give the same figures.  A game that
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
    """One run: the resolved ruleset to play, a label, players, games, seed and the agent spec of
    each seat (repeated and rotated as in `simulate --agents`); `ref` names the ruleset for
    `marblestudio simulate` (its file or id) in the line that reproduces a failure."""

    label: str
    resolved: Mapping[str, Any]
    players: int
    games: int
    seed: str
    ref: str = "RULESET"
    agents: tuple[str, ...] = ("random",)


def reproduce_line(job: Job, game: int) -> str:
    """The command that plays game `game` of `job` again alone."""
    agents = "" if job.agents == ("random",) else f" --agents {','.join(job.agents)}"
    return f"marblestudio simulate {job.ref} --seed {job.seed} --players {job.players}{agents} --game {game}"


def run_job(job: Job, progress: Any = None) -> dict[str, Any]:
    """Play `job` with `marblestudio.playtest.run_games` (what simulate runs) and return its
    report as `playtest.report_json` plus `errors` (failing games, each with the line that
    reproduces it), `ended` (games not capped) and `label`."""
    import time

    from marblestudio.playtest import report_json, run_games
    from marblestudio.rulesets import from_resolved

    rules = from_resolved(job.resolved)
    errors: list[dict[str, Any]] = []

    def on_game(index: int, played: Any) -> None:
        if played.summary is None:
            errors.append({
                "game": index,
                "seed": job.seed,
                "error": played.error,
                "traceback": played.trace,
                "reproduce": reproduce_line(job, index),
            })

    start = time.perf_counter()
    report = run_games(
        rules, job.players, job.games, job.seed, job.agents, workers=1, progress=progress,
        on_game=on_game, catch_errors=True,
    )
    data = report_json(report, rules, job.seed, time.perf_counter() - start)
    data["seat_names"] = [rules.presentation.seat_name(s) for s in range(job.players)]
    data["errors"] = errors
    data["ended"] = report.games - report.capped
    data["label"] = job.label
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
