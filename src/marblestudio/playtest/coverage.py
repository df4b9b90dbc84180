"""Rule coverage: how often each rule piece of a ruleset fired in a run of games.

Each game sends back `state.fired()` as a plain dict, {piece name: times fired in that game}
(every piece named, those that never fired with 0; empty for a ruleset without pieces).
`coverage_of` sums those dicts up per piece: firings in all, the mean per game and the share of
games in which the piece fired at least once.  A piece that never fired in the whole run had no
effect on it, which `warnings` says in words.  Nothing here plays a game or imports Qt: the
text report, the JSON of `simulate` and `compare` and the editor's playtest panel all read
these figures.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class RuleCoverage:
    """One piece over a run: `total` firings in `games` games, `games_fired` of them with one or more."""

    name: str
    total: int
    games_fired: int
    games: int

    @property
    def mean(self) -> float:
        """Firings per game."""
        return self.total / self.games if self.games else 0.0

    @property
    def share(self) -> float:
        """The share of games in which the piece fired at least once (0 to 1)."""
        return self.games_fired / self.games if self.games else 0.0

    @property
    def never(self) -> bool:
        return self.total == 0

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "total": self.total, "mean": self.mean, "games_fired": self.games_fired,
            "share": self.share, "games": self.games,
        }


def coverage_of(fired: Sequence[Mapping[str, int]]) -> tuple[RuleCoverage, ...]:
    """The coverage of each piece named in the per-game counts `fired`, in the order the pieces
    first appear (their `rules:` order); () when no game had pieces."""
    totals: dict[str, int] = {}
    in_games: dict[str, int] = {}
    for game in fired:
        for name, count in game.items():
            totals[name] = totals.get(name, 0) + count
            in_games[name] = in_games.get(name, 0) + (1 if count > 0 else 0)
    games = len(fired)
    return tuple(RuleCoverage(name, totals[name], in_games[name], games) for name in totals)


def games_words(count: int) -> str:
    return f"{count} game" if count == 1 else f"{count} games"


def never_fired(rule: str, games: int) -> str:
    """The warning about a piece that never fired in a run of `games` games."""
    return f"the rule '{rule}' never fired in {games_words(games)}: it had no effect"


def warnings(coverage: Sequence[RuleCoverage]) -> list[str]:
    """A warning for each piece that never fired (none for a run of no games)."""
    return [never_fired(c.name, c.games) for c in coverage if c.never and c.games > 0]


def label(name: str) -> str:
    """The row label of a piece in a report."""
    return f"rule '{name}' fired"


def figures(total: int, mean: float, games_fired: int, share: float) -> str:
    """A piece's figures in one cell: '312 times (1.56 a game), in 143 games (71.5%)'."""
    times = "1 time" if total == 1 else f"{total} times"
    return f"{times} ({mean:.2f} a game), in {games_words(games_fired)} ({100 * share:.1f}%)"


def rows(coverage: Sequence[RuleCoverage]) -> list[tuple[str, str]]:
    """(label, figures) rows of the text report, one per piece."""
    return [(label(c.name), figures(c.total, c.mean, c.games_fired, c.share)) for c in coverage]


def rows_of_runs(runs: Sequence[Mapping[str, Any]]) -> list[tuple[str, list[str]]]:
    """Rows for runs given as JSON reports (`Report.to_json`, as the editor's playtest receives
    them): one row per piece of any run, with '' for a run whose ruleset lacks it."""
    by_run = [{c["name"]: c for c in run.get("rule_coverage", [])} for run in runs]
    names = list(dict.fromkeys(name for found in by_run for name in found))
    out = []
    for name in names:
        cells = []
        for found in by_run:
            c = found.get(name)
            cells.append("" if c is None else figures(c["total"], c["mean"], c["games_fired"], c["share"]))
        out.append((label(name), cells))
    return out


__all__ = ["RuleCoverage", "coverage_of", "figures", "label", "never_fired", "rows", "rows_of_runs", "warnings"]
