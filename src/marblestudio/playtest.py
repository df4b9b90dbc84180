"""Play many games and gather statistics (the `simulate` command; agents and workers build on it).

Reproducibility: game ``i`` of a run with seed ``S`` takes every random draw, chance and the
random players' choices alike, from ``random.Random(f"{S}:{i}")`` (`game_rng`).  Python seeds a
`Random` from a string through SHA-512, the same on every machine and Python 3 version, so any
one game of a run can be played again alone.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE, Move, Outcome, State, Termination
from marblestudio.engine.rules import Ruleset

MAX_STEPS = 1_000_000
"""A guard for rulesets without a move limit: a game this long is stopped and counted capped."""


def game_rng(seed: object, index: int) -> random.Random:
    """The generator of game `index` in a run with `seed`: ``random.Random(f"{seed}:{index}")``."""
    return random.Random(f"{seed}:{index}")


class Agent(Protocol):
    """A player: picks a legal move for the seat to move."""

    name: str

    def choose(self, state: State, rng: random.Random) -> Move: ...


class RandomAgent:
    """Uniformly random among the legal moves (``rng.randrange`` over `legal_moves()`)."""

    name = "random"

    def choose(self, state: State, rng: random.Random) -> Move:
        moves = state.legal_moves()
        return moves[rng.randrange(len(moves))]


@dataclass
class GameResult:
    """One finished game: every move (chance included), how it ended, and its length in
    decisions of players (chance steps not counted)."""

    moves: list[Move]
    outcome: Outcome
    length: int


def play_game(rules: Ruleset, players: int, rng: random.Random, agents: Sequence[Agent] | None = None) -> GameResult:
    """Play one game to its end; chance and random choices come from `rng`."""
    state = new_game(rules, players)
    moves: list[Move] = []
    length = 0
    choose: Callable[[int], Move]
    if agents is None:
        def choose(_seat: int) -> Move:
            legal = state.legal_moves()
            return legal[rng.randrange(len(legal))]
    else:
        def choose(seat: int) -> Move:
            return agents[seat].choose(state, rng)
    for _ in range(MAX_STEPS):
        outcome = state.outcome()
        if outcome is not None:
            return GameResult(moves, outcome, length)
        seat = state.to_move
        if seat == CHANCE:
            move = state.sample_chance(rng)
        else:
            move = choose(seat)
            length += 1
        state.apply(move)
        moves.append(move)
    return GameResult(moves, Outcome(Termination.CAPPED, (), f"stopped after {MAX_STEPS} steps"), length)


@dataclass
class Report:
    """Statistics of a run of games."""

    ruleset_id: str
    players: int
    seed: object
    games: int = 0
    wins: list[int] = field(default_factory=list)  # per seat
    draws: int = 0  # ended with no winner by the rules
    capped: int = 0  # reached the move limit
    lengths: list[int] = field(default_factory=list)
    seconds: float = 0.0

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.lengths.append(result.length)
        outcome = result.outcome
        if outcome.termination is Termination.CAPPED:
            self.capped += 1
        elif not outcome.winners:
            self.draws += 1
        for seat in outcome.winners:
            self.wins[seat] += 1

    @property
    def mean_length(self) -> float:
        return statistics.fmean(self.lengths) if self.lengths else 0.0

    @property
    def median_length(self) -> float:
        return float(statistics.median(self.lengths)) if self.lengths else 0.0

    @property
    def max_length(self) -> int:
        return max(self.lengths, default=0)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset_id,
            "players": self.players,
            "seed": self.seed,
            "games": self.games,
            "wins": list(self.wins),
            "draws": self.draws,
            "capped": self.capped,
            "length": {"mean": self.mean_length, "median": self.median_length, "max": self.max_length},
            "seconds": self.seconds,
            "games_per_second": self.games_per_second,
        }


def run_games(
    rules: Ruleset,
    players: int,
    games: int,
    seed: object,
    agents: Sequence[Agent] | None = None,
    progress: Callable[[int, int], None] | None = None,
    on_game: Callable[[int, GameResult], None] | None = None,
    indexes: Sequence[int] | None = None,
) -> Report:
    """Play `games` games (indexes 0..games-1, or the given `indexes`), game i with
    `game_rng(seed, i)`.  `on_game(i, result)` sees each game (to write records);
    `progress(done, total)` is called after each."""
    todo = list(range(games)) if indexes is None else list(indexes)
    report = Report(rules.id, players, seed, wins=[0] * players)
    start = time.perf_counter()
    for done, index in enumerate(todo, 1):
        result = play_game(rules, players, game_rng(seed, index), agents)
        report.add(result)
        if on_game is not None:
            on_game(index, result)
        if progress is not None:
            progress(done, len(todo))
    report.seconds = time.perf_counter() - start
    return report
