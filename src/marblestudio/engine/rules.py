"""The common part of every ruleset, as typed values built by `marblestudio.rulesets`.

A `Ruleset` holds what every game shares (identity, players, teams, presentation, move
limit) and `family`, the typed rules of one game family (for example `StayAliveRules`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
import typing
from typing import TYPE_CHECKING, Any, Generic

from marblestudio.engine.match import MatchRules

DEFAULT_MOVE_LIMIT = 10_000
"""The move limit of a ruleset that sets none, so that every game ends (a capped draw)."""


@dataclass(frozen=True, slots=True)
class Players:
    min: int
    max: int
    default: int

    def __str__(self) -> str:
        """The counts a game is for, in words: "2 to 4 players", "4 players"."""
        if self.min == self.max:
            return f"{self.min} player" if self.min == 1 else f"{self.min} players"
        return f"{self.min} to {self.max} players"


@dataclass(frozen=True, slots=True)
class Teams:
    """Two or more teams seated alternately around the table (seat i is in team i % count)."""

    count: int = 2
    seating: str = "alternate"

    def team_of(self, seat: int) -> int:
        return seat % self.count


@dataclass(frozen=True, slots=True)
class Presentation:
    """How a ruleset looks: a colour and a name per seat, and names of its pieces."""

    colours: tuple[str, ...] = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b")
    seat_names: tuple[str, ...] = ()
    labels: tuple[tuple[str, str], ...] = ()

    def colour(self, seat: int) -> str:
        return self.colours[seat % len(self.colours)]

    def seat_name(self, seat: int) -> str:
        return self.seat_names[seat] if seat < len(self.seat_names) else f"Player {seat + 1}"


if TYPE_CHECKING:
    from typing_extensions import TypeVar  # a TypeVar with a default (PEP 696), standard from Python 3.13

    F = TypeVar("F", default=Any)
else:  # the default is for type checkers alone: typing_extensions took 7-9 ms of every start
    F = typing.TypeVar("F")
"""The type of a family's own rules (`Ruleset[StayAliveRules]`); code that plays any family
writes plain `Ruleset`."""


@dataclass(frozen=True, slots=True)
class Ruleset(Generic[F]):
    """A complete, checked ruleset: what the engine plays by, generic in the family's rules."""

    id: str
    name: str
    description: str
    game: str
    players: Players
    family: F  # the family's rules dataclass, e.g. StayAliveRules
    teams: Teams | None = None
    presentation: Presentation = field(default_factory=Presentation)
    move_limit: int | None = None
    format: int = 1
    pieces: tuple[Any, ...] = ()
    """The ruleset's rule pieces (`engine.pieces.spec.Piece`, plain and picklable), in `rules:` order;
    `engine.new_game` compiles them (once per process) when there are any."""
    match: MatchRules | None = None
    """Match play (`match:`): several games in a row scored by place (`engine.match`); None for single games."""
