"""Many seeded games at once: inline, in a local process pool, or on a Dask cluster.

`run_indexed(task, count, ...)` calls the picklable `task(i)` for i in 0..count-1 and returns the
results in index order, so a report never depends on how many workers ran it or in which order
they finished.  Games are sent in small chunks (a Stay Alive game between random players takes
under a millisecond, far less than a round trip to a worker).  Ctrl-C (or SIGTERM, with
`pool.interrupt_on_signals`) stops the run cleanly: the chunks that finished are kept and the
result says the run was interrupted, and by which signal.  `on_result` sees each result as it
comes back, so a caller can write it out and keep only what it needs.

`GameTask` is the task of a playtest: game i of a run with seed S draws chance from
``random.Random(f"{S}:{i}")``, as do the players' own random choices (the playtest convention:
one generator per game, so any game replays alone), and seats the agents rotated by i.

Dask is optional (the ``dask`` extra): with a scheduler address the same chunks go through
``distributed.Client(address).get_executor()``, a `concurrent.futures` executor.
"""

from __future__ import annotations

import concurrent.futures as cf
import json
import os
import random
import signal
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, overload

from marblestudio.agents import Agent, RandomAgent, make_agent
from marblestudio.engine import CHANCE, family, from_position, new_game
from marblestudio.engine.core import Move, Outcome, State, Termination
from marblestudio.engine.pieces import runtime
from marblestudio.engine.rules import Ruleset
from marblestudio.playtest.pool import run_chunks
from marblestudio.playtest.stats import GameSummary

T = TypeVar("T")
K = TypeVar("K")
Progress = Callable[[int, int], None]
"""Called with (games finished, games in the run) as chunks come back."""


CONNECT_TIMEOUT = "10s"
"""How long to try to reach a Dask scheduler before giving up with a message."""


class WorkersError(ValueError):
    """A bad `--workers` value or an unusable scheduler; the message says what to do."""


class StopRun(Exception):
    """Raised by a run's `on_result` to end the run at once: the run keeps what finished (this
    result too, as `kept`) and says why it stopped (`RunResult.stopped`)."""

    def __init__(self, message: str, kept: Any) -> None:
        super().__init__(message)
        self.kept = kept

    def __reduce__(self) -> tuple[type[StopRun], tuple[str, Any]]:
        return type(self), (str(self), self.kept)


@dataclass
class RunResult(Generic[T]):
    """What a run produced: results in index order (`indices` says which), and whether it was
    stopped before the end (`signum`: by which signal, SIGINT for Ctrl-C or SIGTERM)."""

    results: list[T] = field(default_factory=list)
    indices: list[int] = field(default_factory=list)
    requested: int = 0
    interrupted: bool = False
    signum: int | None = None
    stopped: StopRun | None = None
    """What ended the run early from `on_result` (a record that could not be written, say)."""

    @property
    def complete(self) -> bool:
        return not self.interrupted and len(self.results) == self.requested


def resolve_workers(value: str | int | None) -> int:
    """The number of local worker processes: ``auto`` (or None) is the number of CPUs this
    process may run on (fewer than the machine's in a container or under `taskset`)."""
    if value is None or value == "auto":
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
        return max(1, cores)
    try:
        count = int(value)
    except (TypeError, ValueError):
        raise WorkersError(f"--workers must be 'auto' or a whole number, not {value!r}") from None
    if count < 1:
        raise WorkersError(f"--workers must be at least 1, not {count}")
    return count


def _chunks(count: int, workers: int) -> list[range]:
    """Contiguous index ranges, about eight per worker and at most 50 games each."""
    size = max(1, min(50, -(-count // (workers * 8))))
    return [range(start, min(start + size, count)) for start in range(0, count, size)]


@dataclass(frozen=True)
class _Chunk(Generic[T]):
    """Picklable: runs `task` over one range of indices."""

    task: Callable[[int], T]

    def __call__(self, indices: range) -> list[tuple[int, T]]:
        try:
            return [(i, self.task(i)) for i in indices]
        except KeyboardInterrupt:
            # An executor (Dask's) passes on only ordinary exceptions; `run_indexed` turns this
            # one back into the interrupt.
            raise _Interrupted from None


class _Interrupted(Exception):
    """A task in a worker process was interrupted."""


class _Collector(Generic[T, K]):
    """Takes the results as they come back: keeps `on_result(i, value)` of each and reports
    progress."""

    def __init__(self, count: int, progress: Progress | None, on_result: Callable[[int, T], K]) -> None:
        self.count = count
        self.progress = progress
        self.on_result = on_result
        self.done: dict[int, K] = {}

    def keep(self, index: int, value: T) -> None:
        try:
            self.done[index] = self.on_result(index, value)
        except StopRun as stop:
            self.done[index] = stop.kept
            raise

    def report(self) -> None:
        if self.progress:
            self.progress(len(self.done), self.count)

    def take(self, chunk: Sequence[tuple[int, T]]) -> None:
        """A chunk that came back from a worker: every game of it kept, even after one ends the
        run (`StopRun`: they finished, and the report counts them), which then ends."""
        stopped: StopRun | None = None
        for i, value in chunk:
            try:
                self.keep(i, value)
            except StopRun as stop:
                stopped = stopped or stop
        self.report()
        if stopped is not None:
            raise stopped


def _keep_all(index: int, value: T) -> T:
    return value


@overload
def run_indexed(
    task: Callable[[int], T], count: int, workers: str | int | None = "auto", scheduler: str | None = None,
    progress: Progress | None = None,
) -> RunResult[T]: ...


@overload
def run_indexed(
    task: Callable[[int], T], count: int, workers: str | int | None = "auto", scheduler: str | None = None,
    progress: Progress | None = None, *, on_result: Callable[[int, T], K],
) -> RunResult[K]: ...


def run_indexed(
    task: Callable[[int], Any],
    count: int,
    workers: str | int | None = "auto",
    scheduler: str | None = None,
    progress: Progress | None = None,
    *,
    on_result: Callable[[int, Any], Any] = _keep_all,
) -> RunResult[Any]:
    """`task(i)` for every i < count, in index order (see the module docstring).

    `on_result(i, value)` is called in this process as each result comes back (in the order
    they finish, not by index) and returns what the run keeps of it: a caller that writes each
    game's record there keeps only its summary, so a long run does not hold every game in
    memory.  Stopped by SIGINT or SIGTERM (`pool.interrupt_on_signals`), the result holds what
    finished and says which signal it was."""
    result: RunResult[Any] = RunResult(requested=count)
    collector: _Collector[Any, Any] = _Collector(count, progress, on_result)
    try:
        if scheduler:
            _run_dask(task, count, scheduler, collector)
        else:
            n = min(resolve_workers(workers), max(count, 1))
            if n == 1:
                _run_inline(task, count, collector)
            else:
                run_chunks(_Chunk(task), _chunks(count, n), n, collector.take)
    except KeyboardInterrupt as stop:  # Ctrl-C, or SIGTERM as `pool.Stopped`
        result.interrupted = True
        result.signum = getattr(stop, "signum", signal.SIGINT)
    except _Interrupted:
        result.interrupted = True
        result.signum = signal.SIGINT
    except StopRun as stop:
        result.stopped = stop
    for i in sorted(collector.done):
        result.indices.append(i)
        result.results.append(collector.done[i])
    return result


def _run_inline(task: Callable[[int], T], count: int, collector: _Collector[T, Any]) -> None:
    for chunk in _chunks(count, 1):
        for i in chunk:
            collector.keep(i, task(i))  # each game kept at once: Ctrl-C loses none that finished
        collector.report()


def _collect(executor: cf.Executor, task: Callable[[int], T], count: int, workers: int, collector: _Collector[T, Any]) -> None:
    runner = _Chunk(task)
    futures = [executor.submit(runner, chunk) for chunk in _chunks(count, workers)]
    try:
        for future in cf.as_completed(futures):
            collector.take(future.result())
    except BaseException:
        for future in futures:
            future.cancel()
        raise


def _run_dask(task: Callable[[int], T], count: int, scheduler: str, collector: _Collector[T, Any]) -> None:
    try:
        from distributed import Client
    except ImportError:
        raise WorkersError(
            "running on a Dask cluster needs the optional 'dask' extra: pip install 'marblestudio[dask]'"
        ) from None
    try:
        client = Client(scheduler, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError) as error:
        raise WorkersError(f"cannot reach the Dask scheduler at {scheduler}: {error}") from None
    except ValueError as error:  # not an address at all ("garbage", "tcp://host" without a port)
        raise WorkersError(f"--scheduler {scheduler!r} is not a scheduler's address ({error}); "
                           "give it as tcp://HOST:PORT") from None
    try:
        workers = max(1, sum(client.nthreads().values()))
        with client.get_executor(pure=False) as executor:
            _collect(executor, task, count, workers, collector)
    finally:
        client.close()


# Seeded games ------------------------------------------------------------------------------
_RULES_CACHE: dict[str, Ruleset] = {}


def game_rng(seed: int | str, index: int) -> random.Random:
    """Chance of game `index` of the run with seed `seed` (the playtest convention)."""
    return random.Random(f"{seed}:{index}")


def seating(agents: Sequence[str], players: int, index: int, rotate: bool = True) -> tuple[str, ...]:
    """The agent spec in each seat of game `index`: the list repeated to fill the seats, then
    turned by one seat per game so every agent plays from every seat equally often."""
    filled = [agents[s % len(agents)] for s in range(players)]
    shift = index % players if rotate else 0
    return tuple(filled[(s + shift) % players] for s in range(players))


def rules_of(source: Ruleset | Mapping[str, Any]) -> Ruleset:
    """The ruleset a task was given: itself, or built from its resolved data (once per process)."""
    if isinstance(source, Ruleset):
        return source
    key = json.dumps(source, sort_keys=True, default=str)
    cached = _RULES_CACHE.get(key)
    if cached is None:
        from marblestudio.rulesets import from_resolved

        cached = _RULES_CACHE[key] = from_resolved(source)
    return cached


@dataclass(frozen=True)
class GameTask:
    """Plays game i of a seeded run and summarises it (picklable: holds the resolved ruleset).

    `rules` is a `Ruleset` or the resolved ruleset data (a mapping, rebuilt once per process
    with `marblestudio.rulesets.from_resolved`).
    """

    rules: Ruleset | Mapping[str, Any]
    agents: tuple[str, ...]
    seed: int | str
    players: int
    rotate: bool = True
    start: str | None = None
    """The position every game starts from (docs/notation.md); None for the rules' set-up."""

    def ruleset(self) -> Ruleset:
        return rules_of(self.rules)

    def __call__(self, index: int) -> GameSummary:
        seats, result = play_seeded(self.ruleset(), self.players, self.seed, index, self.agents, self.rotate, self.start)
        return summary_of(index, self.seed, seats, result)


# One game ------------------------------------------------------------------------------------
MAX_STEPS = 1_000_000
"""A guard for rulesets without a move limit: a game this long is stopped and counted capped."""


@dataclass
class GameResult:
    """One finished game: every move (chance included), how it ended, its length in decisions
    of players (chance steps not counted), and how often each rule piece fired (`fired_in`)."""

    moves: list[Move]
    outcome: Outcome
    length: int
    fired: dict[str, int] = field(default_factory=dict)
    first: int | None = None
    """The seat that made the game's first decision (after the set-up: the deal, the start
    rolls), None when no player moved."""


def fired_in(state: State) -> dict[str, int]:
    """{piece name: times fired} of a game whose ruleset has rule pieces; {} for one without.
    A plain dict, so it crosses back from a worker process as it is."""
    ruled = runtime.rules_of(state)  # partners' games (engine.partners) run the rules of the game inside
    return {} if ruled is None else dict(ruled.fired())


def play_game(rules: Ruleset, players: int, rng: random.Random, agents: Sequence[Agent] | None = None,
              start: str | None = None) -> GameResult:
    """Play one game to its end: chance from `rng`, each seat's move from its agent (random
    players when `agents` is None), which also draws its random choices from `rng`; from the
    position `start` when given (its player count wins over `players`).

    The one game loop of every playtest, report and comparison."""
    state = new_game(rules, players) if start is None else from_position(rules, start)
    chosen: Sequence[Agent] = agents if agents is not None else [RandomAgent()] * players
    moves: list[Move] = []
    length = 0
    first: int | None = None
    if all(type(agent) is RandomAgent for agent in chosen):  # random players: the game's own fast loop, if it has one
        initial = state.copy()
        length = state.random_game(rng, moves) or 0  # (the same moves and end as the loop below)
        if length:
            first = first_mover(initial, moves)
    try:
        for _ in range(MAX_STEPS - len(moves)):
            outcome = state.outcome()
            if outcome is not None:
                return GameResult(moves, outcome, length, fired_in(state), first)
            seat = state.to_move
            if seat == CHANCE:
                move = state.sample_chance(rng)
            else:
                move = chosen[seat].choose(state, seat, rng)
                length += 1
                if first is None:
                    first = seat
            state.apply(move)
            moves.append(move)
    except Exception as exc:
        fault = family.blame_at(exc, f"at step {len(moves)} of the game")  # a plug-in's own bug: named as its
        if fault is None:
            raise
        raise fault from exc
    return GameResult(moves, Outcome(Termination.CAPPED, (), f"stopped after {MAX_STEPS} steps"), length, fired_in(state), first)


def first_mover(state: State, moves: Sequence[Move]) -> int | None:
    """The seat that makes the first decision when `moves` are played on `state` (which they
    change), or None when they are all chance steps."""
    for move in moves:
        seat = state.to_move
        if seat != CHANCE:
            return seat
        state.apply(move)
    return None


def play_seeded(
    rules: Ruleset, players: int, seed: int | str, index: int,
    agents: Sequence[str] = ("random",), rotate: bool = True, start: str | None = None,
) -> tuple[tuple[str, ...], GameResult]:
    """Game `index` of the run with `seed` (from the position `start`, if given): the agent spec
    in each seat, and the game."""
    seats = seating(agents, players, index, rotate)
    players_of = [make_agent(spec, f"{seed}:{index}:{s}") for s, spec in enumerate(seats)]
    return seats, play_game(rules, players, game_rng(seed, index), players_of, start)


def summary_of(index: int, seed: int | str, seats: tuple[str, ...], result: GameResult) -> GameSummary:
    """The line a report keeps of one game."""
    outcome = result.outcome
    return GameSummary(
        index, seed, seats, outcome.termination.value, tuple(outcome.winners), result.length, outcome.reason,
        dict(result.fired), result.first,
    )
