"""Statistics of many games: win rates with 95% Wilson intervals, game lengths, the first-player
advantage, and the games worth a look, each with what reproduces it.

Input is a list of `GameSummary` (one finished game: who sat where, who won, how long); output is
a `Report`, plain data that `report.py` prints as text or JSON.  A game of a ruleset with rule
pieces also says how often each piece fired; the report sums that up as rule coverage
(`coverage.py`).  Nothing here plays a game.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from marblestudio.engine.core import MOVE_LIMIT
from marblestudio.playtest.coverage import RuleCoverage, coverage_of
from marblestudio.playtest.coverage import warnings as coverage_warnings

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""

CAPPED_TARGET = 0.01
"""The bundled rulesets reach their move limit in under 1% of seeded random games (GAMES.md):
a run whose share is surely above it is warned of."""


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One finished game of a run: game `index` of the run with seed `seed`."""

    index: int
    seed: int | str
    seating: tuple[str, ...]  # the agent spec in each seat
    termination: str  # "win", "draw" or "capped" (core.Termination values)
    winners: tuple[int, ...]  # seats
    length: int  # decisions by players (chance steps not counted)
    reason: str = ""
    fired: Mapping[str, int] = field(default_factory=dict, hash=False)
    """How often each rule piece fired in this game, by name (empty without pieces)."""
    first: int | None = None
    """The seat that made the first decision (after the set-up), None when no player moved."""

    @property
    def players(self) -> int:
        return len(self.seating)

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index, "seed": self.seed, "seating": list(self.seating), "termination": self.termination,
            "winners": list(self.winners), "length": self.length, "reason": self.reason, "fired": dict(self.fired),
            "first": self.first,
        }


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) for no trials.

    Shared wins count as fractions, which the formula takes as they are.
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(max(p * (1 - p) / trials + z2 / (4 * trials * trials), 0.0)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True, slots=True)
class Rate:
    """`wins` out of `games`, with its 95% Wilson interval."""

    wins: float
    games: int
    low: float
    high: float

    @classmethod
    def of(cls, wins: float, games: int) -> Rate:
        low, high = wilson(wins, games)
        return cls(wins, games, low, high)

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"wins": self.wins, "games": self.games, "rate": self.rate, "low": self.low, "high": self.high}


def _quantile(ordered: Sequence[int], q: float) -> float:
    """Linear interpolation between order statistics (numpy's default method)."""
    if not ordered:
        return 0.0
    pos = (len(ordered) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


@dataclass(frozen=True, slots=True)
class LengthSummary:
    """The distribution of game lengths (in player moves)."""

    count: int
    mean: float
    minimum: int
    p10: float
    q1: float
    median: float
    q3: float
    p90: float
    maximum: int

    @classmethod
    def of(cls, lengths: Sequence[int]) -> LengthSummary:
        ordered = sorted(lengths)
        if not ordered:
            return cls(0, 0.0, 0, 0.0, 0.0, 0.0, 0.0, 0.0, 0)
        q = _quantile
        return cls(
            len(ordered), sum(ordered) / len(ordered), ordered[0], q(ordered, 0.1), q(ordered, 0.25),
            q(ordered, 0.5), q(ordered, 0.75), q(ordered, 0.9), ordered[-1],
        )

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__slots__}


@dataclass(frozen=True, slots=True)
class FirstPlayer:
    """The first player's share of the decided games (those with a winner) against its fair
    share; `verdict` says whether the gap is real.  The first player is whoever made a game's
    first decision (ALIVE's is left of the dealer; a start roll or a house rule's `give_turn`
    chooses others), and a game that is drawn or stopped at the move limit says nothing of it."""

    rate: Rate
    fair: float

    @property
    def advantage(self) -> float:
        return self.rate.rate - self.fair

    @property
    def verdict(self) -> str:
        if self.rate.games == 0:
            return "no decided games"
        if self.rate.low > self.fair:
            return "first player favoured"
        if self.rate.high < self.fair:
            return "first player disfavoured"
        return "no clear advantage"

    def to_json(self) -> dict[str, Any]:
        return {"rate": self.rate.to_json(), "fair": self.fair, "advantage": self.advantage, "verdict": self.verdict}


@dataclass(frozen=True, slots=True)
class Notable:
    """A game worth replaying: why, and its index and run seed (which reproduce it)."""

    why: str
    index: int
    seed: int | str
    length: int
    result: str

    def to_json(self) -> dict[str, Any]:
        return {"why": self.why, "index": self.index, "seed": self.seed, "length": self.length, "result": self.result}


@dataclass(frozen=True, slots=True)
class Report:
    """The summary of a run of games (see `summarize`)."""

    title: str
    games: int
    players: int
    agents: tuple[str, ...]
    seat_wins: tuple[Rate, ...]
    agent_wins: tuple[tuple[str, Rate], ...]
    draws: int
    capped: int
    lengths: LengthSummary
    first_player: FirstPlayer
    notable: tuple[Notable, ...]
    requested: int = 0  # games asked for (more than `games` when the run was stopped)
    notes: tuple[str, ...] = field(default=())
    rules: tuple[RuleCoverage, ...] = ()
    """Rule coverage: each rule piece's firings over the games (empty without pieces)."""
    stopped: tuple[tuple[str, int], ...] = ()
    """Why the capped games were stopped, each reason with its count, commonest first."""

    @property
    def warnings(self) -> list[str]:
        """What the figures warn about: rule pieces that never fired, games stopped by the move
        limit surely more often than the bundled rulesets' 1%, and games stopped otherwise (a rule
        that makes chance act again and again)."""
        return coverage_warnings(self.rules) + capped_warnings(self.stopped, self.games)

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title, "games": self.games, "requested": self.requested or self.games,
            "players": self.players, "agents": list(self.agents),
            "seat_wins": [r.to_json() for r in self.seat_wins],
            "agent_wins": {name: r.to_json() for name, r in self.agent_wins},
            "draws": self.draws, "capped": self.capped, "lengths": self.lengths.to_json(),
            "first_player": self.first_player.to_json(), "notable": [n.to_json() for n in self.notable],
            "notes": list(self.notes),
            "rule_coverage": [c.to_json() for c in self.rules], "warnings": self.warnings,
        }


def _result(game: GameSummary) -> str:
    if game.termination == "capped":
        return f"capped ({game.reason})" if game.reason else "capped"
    if not game.winners:
        return "draw"
    names = ", ".join(f"player {s + 1} ({game.seating[s]})" for s in game.winners)
    return f"won by {names}"


def notable_games(games: Sequence[GameSummary], limit: int = 3) -> list[Notable]:
    """The shortest and longest decided games, and the first `limit` capped and drawn ones."""
    out: list[Notable] = []
    decided = [g for g in games if g.winners]
    if decided:
        shortest = min(decided, key=lambda g: (g.length, g.index))
        longest = max(decided, key=lambda g: (g.length, -g.index))
        out.append(Notable("shortest", shortest.index, shortest.seed, shortest.length, _result(shortest)))
        if longest.index != shortest.index:
            out.append(Notable("longest", longest.index, longest.seed, longest.length, _result(longest)))
    for kind, why in (("capped", "capped"), ("draw", "draw")):
        for g in [g for g in games if g.termination == kind][:limit]:
            out.append(Notable(why, g.index, g.seed, g.length, _result(g)))
    return out


def capped_warnings(stopped: Sequence[tuple[str, int]], games: int) -> list[str]:
    """The warnings of `Report.warnings` about the games stopped for each reason."""
    out = []
    at_limit = sum(count for reason, count in stopped if reason.startswith(MOVE_LIMIT))
    if at_limit and Rate.of(at_limit, games).low > CAPPED_TARGET:
        out.append(f"{at_limit} of {games} games ({100 * at_limit / games:.1f}%) were stopped by the move limit, which the "
                   f"bundled rulesets reach in under {100 * CAPPED_TARGET:g}% of random games: a rule may keep games from ending")
    for reason, count in stopped:
        if not reason.startswith(MOVE_LIMIT):
            out.append(f"{count} of {games} games were stopped before anyone won: {reason}")
    return out


def first_player(games: Sequence[GameSummary], players: int) -> FirstPlayer:
    """The first player's wins among the decided games whose first player is known (a shared
    win counts its share), against 1/players."""
    decided = [g for g in games if g.winners and g.first is not None]
    wins = sum(1.0 / len(g.winners) for g in decided if g.first in g.winners)
    return FirstPlayer(Rate.of(wins, len(decided)), 1.0 / players if players else 0.0)


def summarize(games: Sequence[GameSummary], title: str = "", requested: int = 0) -> Report:
    """The report of `games` (all of one ruleset and player count), in game-index order."""
    games = sorted(games, key=lambda g: g.index)
    players = max((g.players for g in games), default=0)
    n = len(games)
    seat_wins = [0.0] * players
    by_agent: dict[str, list[float]] = {}  # spec -> [wins, seats taken]
    for g in games:
        share = 1.0 / len(g.winners) if g.winners else 0.0
        for seat, spec in enumerate(g.seating):
            entry = by_agent.setdefault(spec, [0.0, 0])
            entry[1] += 1
            if seat in g.winners:
                entry[0] += share
                seat_wins[seat] += share
    agents = tuple(dict.fromkeys(spec for g in games for spec in g.seating))
    first = first_player(games, players)
    notes = []
    if requested and n < requested:
        notes.append(f"stopped early: {n} of {requested} games finished")
    return Report(
        title=title,
        games=n,
        players=players,
        agents=agents,
        seat_wins=tuple(Rate.of(w, n) for w in seat_wins),
        agent_wins=tuple((spec, Rate.of(w, int(t))) for spec, (w, t) in by_agent.items()),
        draws=sum(1 for g in games if g.termination == "draw"),
        capped=sum(1 for g in games if g.termination == "capped"),
        lengths=LengthSummary.of([g.length for g in games]),
        first_player=first,
        notable=tuple(notable_games(games)),
        requested=requested or n,
        notes=tuple(notes),
        rules=coverage_of([g.fired for g in games]) if any(g.fired for g in games) else (),
        stopped=tuple(Counter(g.reason for g in games if g.termination == "capped").most_common()),
    )
