"""Playtests: one seeded game between given players, and many of them summed up in a report.

This is the driver behind `marblestudio simulate`, the editor's playtest and the game
records; many games run through `marblestudio.playtest.workers.run_indexed` (inline, a process pool or a
Dask cluster) and are summed up by `marblestudio.playtest.stats.summarize`, the same machinery as
`marblestudio compare`.

Reproducibility: game ``i`` of a run with seed ``S`` takes every chance draw and the players'
own random choices from ``random.Random(f"{S}:{i}")`` (`game_rng`), and seats the agents as
`workers.seating` says (the list repeated to fill the seats, turned one seat per game), each
agent seeded with ``f"{S}:{i}:{seat}"``.  Python seeds a `Random` from a string through
SHA-512, the same on every machine, so any one game of a run can be played again alone, and a
report does not depend on how many workers played it.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from marblestudio.engine.core import Outcome
from marblestudio.engine.rules import Ruleset
from marblestudio.playtest.stats import GameSummary, Report, summarize
from marblestudio.playtest.workers import (
    MAX_STEPS,
    GameResult,
    GameTask,
    Progress,
    game_rng,
    play_game,
    play_seeded,
    run_indexed,
    summary_of,
)

DEFAULT_AGENTS: tuple[str, ...] = ("random",)
"""Every seat random unless told otherwise."""

__all__ = [
    "DEFAULT_AGENTS", "MAX_STEPS", "GameResult", "Played", "PlaytestTask", "game_rng", "play_game",
    "play_seeded", "report_json", "run_games",
]


@dataclass(frozen=True)
class Played:
    """What one game of a run sends back: its summary, its moves in notation (when asked
    for), its outcome, or the error it stopped on (when errors are kept as findings)."""

    index: int
    summary: GameSummary | None
    moves: tuple[str, ...] = ()
    outcome: Outcome | None = None
    error: str = ""
    trace: str = ""


@dataclass(frozen=True)
class PlaytestTask:
    """Plays game ``indexes[k]`` (or game k) of a seeded run; picklable, for `run_indexed`."""

    game: GameTask
    keep_moves: bool = False
    catch_errors: bool = False
    indexes: Sequence[int] | None = None  # a range for a whole run

    def __call__(self, k: int) -> Played:
        index = k if self.indexes is None else self.indexes[k]
        g = self.game
        try:
            seats, result = play_seeded(g.ruleset(), g.players, g.seed, index, g.agents, g.rotate, g.start)
        except Exception as exc:
            if not self.catch_errors:
                raise
            return Played(index, None, error=f"{type(exc).__name__}: {exc}", trace=traceback.format_exc())
        moves = tuple(str(m) for m in result.moves) if self.keep_moves else ()
        return Played(index, summary_of(index, g.seed, seats, result), moves, result.outcome)


def run_games(
    rules: Ruleset,
    players: int,
    games: int,
    seed: int | str,
    agents: Sequence[str] = DEFAULT_AGENTS,
    *,
    resolved: Mapping[str, Any] | None = None,
    workers: str | int | None = 1,
    scheduler: str | None = None,
    progress: Progress | None = None,
    on_game: Callable[[int, Played], None] | None = None,
    indexes: Sequence[int] | None = None,
    rotate: bool = True,
    catch_errors: bool = False,
    title: str | None = None,
) -> Report:
    """Play games 0..games-1 (or the given `indexes`) of the run with `seed` and report them.

    Games run through `workers.run_indexed` (`workers`, `scheduler`; worker processes rebuild
    the ruleset from `resolved` when given).  `on_game(i, played)` then sees each game that
    finished, in index order (its moves in notation when `on_game` is given); a failing game
    raises, or with `catch_errors` is passed to `on_game` with its error and left out of the
    report.  Stopped with Ctrl-C, the report covers the games that finished (`requested` says
    how many were asked for).
    """
    todo = tuple(range(games)) if indexes is None else tuple(indexes)
    inline = scheduler is None and str(workers) == "1"
    source: Ruleset | Mapping[str, Any] = rules if inline or resolved is None else dict(resolved)
    task = PlaytestTask(
        GameTask(source, tuple(agents), seed, players, rotate),
        keep_moves=on_game is not None, catch_errors=catch_errors, indexes=todo,
    )
    run = run_indexed(task, len(todo), workers, scheduler, progress)
    if on_game is not None:
        for played in run.results:
            on_game(played.index, played)
    summaries = [p.summary for p in run.results if p.summary is not None]
    requested = len(todo) - sum(1 for p in run.results if p.summary is None)
    return summarize(summaries, rules.id if title is None else title, requested=requested)


def report_json(report: Report, rules: Ruleset, seed: int | str, seconds: float) -> dict[str, Any]:
    """A report as JSON with what simulate and the editor's playtest add: the ruleset's id,
    the seed, the seats' names, the time taken and the speed."""
    data = report.to_json()
    data.update({
        "ruleset": rules.id,
        "seed": seed,
        "seat_names": [rules.presentation.seat_name(s) for s in range(report.players)],
        "seconds": seconds,
        "games_per_second": report.games / seconds if seconds > 0 else 0.0,
    })
    return data
