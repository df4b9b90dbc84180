"""Where a game was won and lost: every position of a record evaluated by search (docs/analysis.md).

For each move a player made, a Monte Carlo tree search from the position before it gives the
mover's expected result with the best move it found ("before": that move's value) and a search
from the position after it gives the mover's expected result now ("after"; the real result once
the game is over).  A move that loses more than `MISTAKE` of expected result is a mistake, more
than `BLUNDER` a blunder; the best move found loses nothing by definition.

In a game with hidden cards every search reads only what the mover may know (information-set
search from `state.observation(mover)`): the analysis never peeks at another hand or the deck.
In a game without, one search per position serves every seat.

Each position is searched by a picklable task (`PositionTask`) rebuilt from plain values, so the
positions of a game are spread over worker processes (`playtest.workers.run_indexed`); each
search draws from its own generator seeded by the position, so the figures do not depend on how
many workers there are (unless a time budget, `--seconds`, stops the searches).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from marblestudio.agents.base import has_hidden_information, rewards, shared_out
from marblestudio.agents.mcts import Search, SearchConfig
from marblestudio.engine import CHANCE, State, rebuild
from marblestudio.engine.core import Outcome
from marblestudio.engine.rules import Ruleset

DEFAULT_ITERATIONS = 400
"""Search iterations per position unless told otherwise."""
MISTAKE = 0.15
"""A move that loses more than this of the mover's expected result (0 to 1) is a mistake ..."""
BLUNDER = 0.3
"""... and more than this a blunder."""
MOVES_SHOWN = 3
"""How many of a position's best moves an evaluation keeps (for the board's arrows and tools)."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How hard each position is searched: a number of iterations, or seconds of thinking."""

    iterations: int | None = DEFAULT_ITERATIONS
    seconds: float | None = None

    def config(self) -> SearchConfig:
        if self.seconds is not None:
            return SearchConfig(iterations=10**9, time_limit=self.seconds)
        return SearchConfig(iterations=self.iterations or DEFAULT_ITERATIONS)

    def describe(self) -> str:
        if self.seconds is not None:
            return f"{self.seconds:g} s per position"
        return f"{self.iterations or DEFAULT_ITERATIONS} iterations per position"


@dataclass(frozen=True, slots=True)
class Evaluation:
    """One search: the position (steps played before it) and the seat it was searched for, each
    seat's expected result there, and the best moves of the seat to move (notation, visits,
    value for that seat), best first."""

    index: int
    viewer: int
    values: tuple[float, ...]
    best: tuple[tuple[str, int, float], ...]
    iterations: int


@dataclass(frozen=True)
class PositionTask:
    """Searches position `jobs[i]` of a game (picklable: plain values, rebuilt in the worker)."""

    rules: Ruleset | Mapping[str, Any]
    players: int
    start: str | None
    moves: tuple[str, ...]
    jobs: tuple[tuple[int, int], ...]  # (position index, seat searched for)
    budget: Budget
    seed: int | str = 0

    def __call__(self, i: int) -> Evaluation:
        from marblestudio.playtest.workers import rules_of

        index, viewer = self.jobs[i]
        state = rebuild(rules_of(self.rules), self.players, self.moves[:index], self.start)
        return evaluate(state, viewer, self.budget, random.Random(f"analyse:{self.seed}:{index}:{viewer}"), index)


def percent(value: float) -> str:
    """An expected result (0 to 1) as people read it: '58%'."""
    return f"{100 * value:.0f}%"


def evaluate(state: State, viewer: int, budget: Budget, rng: random.Random, index: int = 0) -> Evaluation:
    """Search `state` for `viewer` (who need not be to move) and read what the search found."""
    search = Search(state, viewer, budget.config(), rng, any_root=state.to_move != viewer)
    search.run()
    values = search.root_values()
    scale = shared_out(values)
    best: tuple[tuple[str, int, float], ...] = ()
    if state.to_move == viewer:
        best = tuple((str(m.move), m.visits, m.value * scale) for m in search.stats()[:MOVES_SHOWN])
    return Evaluation(index, viewer, tuple(v * scale for v in values), best, search.iterations_done)


@dataclass(frozen=True, slots=True)
class MoveReview:
    """What the analysis says of one move: the mover's expected result before it (with the best
    move) and after it, what it lost, and its mark ("mistake", "blunder" or "")."""

    index: int
    seat: int
    move: str
    before: float
    after: float
    best: str
    best_value: float
    loss: float
    mark: str
    values: tuple[float, ...]  # each seat's expected result before the move (as the mover could know)
    alternatives: tuple[tuple[str, int, float], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index, "seat": self.seat, "move": self.move, "before": round(self.before, 4),
            "after": round(self.after, 4), "best": self.best, "best_value": round(self.best_value, 4),
            "loss": round(self.loss, 4), "mark": self.mark or None, "values": [round(v, 4) for v in self.values],
            "alternatives": [{"move": m, "visits": n, "value": round(v, 4)} for m, n, v in self.alternatives],
        }


@dataclass
class Analysis:
    """A game's moves as the analysis reviewed them, and how it was searched."""

    moves: list[MoveReview]
    budget: Budget
    players: int
    hidden: bool
    searches: int = 0
    iterations: int = 0
    interrupted: bool = False
    signum: int | None = None
    """The signal that stopped it (SIGINT for Ctrl-C, SIGTERM), when `interrupted`."""

    def by_seat(self, seat: int) -> list[MoveReview]:
        return [m for m in self.moves if m.seat == seat]

    def summary(self, seat: int) -> dict[str, Any]:
        """A seat's moves, average loss, mistakes and blunders."""
        mine = self.by_seat(seat)
        return {
            "seat": seat, "moves": len(mine),
            "average_loss": round(sum(m.loss for m in mine) / len(mine), 4) if mine else 0.0,
            "mistakes": sum(1 for m in mine if m.mark == "mistake"),
            "blunders": sum(1 for m in mine if m.mark == "blunder"),
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "budget": {"iterations": None if self.budget.seconds is not None else self.budget.iterations,
                       "seconds": self.budget.seconds},
            "information_sets": self.hidden,
            "moves": [m.to_json() for m in self.moves],
            "seats": [self.summary(s) for s in range(self.players)],
            "searches": self.searches, "iterations": self.iterations, "complete": not self.interrupted,
            "thresholds": {"mistake": MISTAKE, "blunder": BLUNDER},
        }


@dataclass(frozen=True, slots=True)
class Plan:
    """Which searches a game needs: for each player move, the position before it (for its mover)
    and after it (for its mover too); positions without hidden cards are searched once for all."""

    jobs: tuple[tuple[int, int], ...]
    steps: tuple[tuple[int, int, str, int], ...]  # (index, seat, move, legal moves there) of each player move
    terminal: int  # the index of the position after the last move if the game is over there, else -1
    hidden: bool
    to_move: tuple[int, ...]  # per position (after 0, 1, ... steps): the seat to move, CHANCE, or -2 once over
    outcome: Outcome | None  # how the game ended, None when it goes on after the last move

    def job(self, index: int, seat: int) -> tuple[int, int]:
        """The search a value of `seat` at position `index` comes from: its own with hidden cards,
        else the one search of the position, for the seat to move there (for `seat` at a chance step)."""
        if self.hidden:
            return (index, seat)
        to_move = self.to_move[index]
        return (index, to_move if to_move >= 0 else seat)


def plan(start: State, moves: Sequence[str]) -> Plan:
    """The searches that analysing `moves` from `start` needs (the game is replayed once here)."""
    state = start.copy()
    steps: list[tuple[int, int, str, int]] = []
    to_move: list[int] = []
    for index, text in enumerate(moves):
        seat = state.to_move
        to_move.append(seat)
        if seat != CHANCE:
            steps.append((index, seat, text, len(state.legal_moves())))
        state.apply(state.parse_move(text))
    outcome = state.outcome()
    over = outcome is not None
    to_move.append(-2 if over else state.to_move)
    partial = Plan((), tuple(steps), len(moves) if over else -1, has_hidden_information(start), tuple(to_move), outcome)
    wanted: dict[tuple[int, int], None] = {}
    for index, seat, _, legal in steps:
        if legal > 1:
            wanted[partial.job(index, seat)] = None
        if index + 1 != partial.terminal:
            wanted[partial.job(index + 1, seat)] = None
    return dataclasses.replace(partial, jobs=tuple(wanted))


def review(plan_: Plan, found: Mapping[tuple[int, int], Evaluation], players: int) -> list[MoveReview]:
    """Each player move's review from the searches `found` (a move whose searches did not finish,
    after an interruption, is left out)."""
    final = rewards(plan_.outcome, players) if plan_.outcome is not None else None
    out = []
    for index, seat, text, legal in plan_.steps:
        if index + 1 == plan_.terminal:
            assert final is not None
            after: float | None = final[seat]
        else:
            later = found.get(plan_.job(index + 1, seat))
            after = None if later is None else later.values[seat]
        if after is None:
            continue
        if legal > 1:
            here = found.get(plan_.job(index, seat))
            if here is None or not here.best:
                continue
            best, _, best_value = here.best[0]
            before, values, alternatives = best_value, here.values, here.best
        else:
            best, best_value, before, values, alternatives = text, after, after, (), ()
        loss = 0.0 if best == text else max(0.0, before - after)
        mark = "blunder" if loss > BLUNDER else "mistake" if loss > MISTAKE else ""
        out.append(MoveReview(index, seat, text, before, after, best, best_value, loss, mark, values, alternatives))
    return out


@dataclass(frozen=True)
class Job:
    """A game's analysis to be run: its searches (`task`, one per job of `plan`, to be spread over
    processes as the caller likes) and what turns their evaluations into the `Analysis`."""

    plan: Plan
    task: PositionTask

    @property
    def searches(self) -> int:
        return len(self.plan.jobs)

    def complete(self, found: Iterable[Evaluation], interrupted: bool = False, signum: int | None = None) -> Analysis:
        """The analysis from the evaluations `found` (all of the plan's, or those that finished;
        `signum`: the signal that stopped the run)."""
        by_job = {(e.index, e.viewer): e for e in found}
        players = self.task.players
        return Analysis(review(self.plan, by_job, players), self.task.budget, players, self.plan.hidden,
                        len(by_job), sum(e.iterations for e in by_job.values()), interrupted, signum)


def prepare(
    rules: Ruleset,
    players: int,
    moves: Sequence[str],
    *,
    start: str | None = None,
    budget: Budget = Budget(),
    seed: int | str = 0,
    source: Ruleset | Mapping[str, Any] | None = None,
) -> Job:
    """The analysis of the game of `rules` whose steps are `moves` (notation, chance included) from
    `start` (or the rules' set-up); `source` is what the task carries to rebuild the rules in a
    worker process (the resolved data; default: the rules themselves).  Raises the engine's errors
    when the moves do not replay."""
    the_plan = plan(rebuild(rules, players, (), start), moves)
    task = PositionTask(rules if source is None else source, players, start, tuple(moves), the_plan.jobs, budget, seed)
    return Job(the_plan, task)


def analyse(
    rules: Ruleset,
    players: int,
    moves: Sequence[str],
    *,
    start: str | None = None,
    budget: Budget = Budget(),
    workers: str | int | None = 1,
    resolved: Mapping[str, Any] | None = None,
    progress: Callable[[int, int], None] | None = None,
    seed: int | str = 0,
) -> Analysis:
    """Analyse a game of `rules` (from `start`, or the rules' set-up) whose steps are `moves`
    (notation, chance included); the searches run on `workers` processes (`resolved` lets them
    rebuild the rules).  Stopped by Ctrl-C, the analysis holds the moves whose searches finished."""
    from marblestudio.playtest.workers import run_indexed

    inline = str(workers) == "1"
    job = prepare(rules, players, moves, start=start, budget=budget, seed=seed,
                  source=None if inline or resolved is None else dict(resolved))
    run = run_indexed(job.task, job.searches, workers, None, progress)
    return job.complete(run.results, run.interrupted, run.signum)


__all__ = ["BLUNDER", "DEFAULT_ITERATIONS", "MISTAKE", "Analysis", "Budget", "Evaluation", "Job", "MoveReview", "analyse", "evaluate",
           "plan", "prepare"]
