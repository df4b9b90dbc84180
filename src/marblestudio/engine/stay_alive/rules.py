"""Stay Alive's rules as typed values (GAMES.md section 1)."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Layer(enum.Enum):
    """A slide of the red layer runs along a row; a slide of the white layer along a column."""

    RED = "red"
    WHITE = "white"


class OpenCellPlacing(enum.Enum):
    """Placing a marble on a cell that is already open."""

    FORBIDDEN = "forbidden"  # [decision] the bundled reading
    FALLS = "falls"  # the marble drops through at once


class PreviousSlide(enum.Enum):
    """The rule that a player may not move the slide the player before moved [book]."""

    FORBIDDEN = "forbidden"  # the rulebook
    ALLOWED = "allowed"  # house rule "any slide any time"


class TwoPlayerLimit(enum.Enum):
    """Readings of "a player may move the SAME KNOB on 2 consecutive turns only" (2 players left)."""

    OWN_TURNS = "own-turns"  # [decision] a player may not move one slide on 3 own turns in a row
    CONSECUTIVE_TURNS = "consecutive-turns"  # previous-player rule relaxed to: never 3 game turns in a row
    NONE = "none"  # no extra rule


@dataclass(frozen=True, slots=True)
class Slide:
    """One sliding bar: which of its cells are open at each knob position.

    `line` is the 0-based row (red) or column (white) it runs along.  `open_cells[p]` is the
    tuple of 0-based indexes along the slide that are open at position p (0 = knob inside,
    1 = centre, 2 = outside for three positions).
    """

    id: str
    layer: Layer
    line: int
    open_cells: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class StayAliveRules:
    rows: int
    columns: int
    positions: int
    slides: tuple[Slide, ...]  # in id order as written in the ruleset (mapping order)
    marbles_per_player: int
    start_positions: tuple[tuple[str, int], ...] | None = None  # None: random set-up
    placing_on_open_cell: OpenCellPlacing = OpenCellPlacing.FORBIDDEN
    previous_slide: PreviousSlide = PreviousSlide.FORBIDDEN
    two_player_limit: TwoPlayerLimit = TwoPlayerLimit.OWN_TURNS
    neutral: tuple[tuple[int, int], ...] = ()  # (row, col) of each neutral marble, put on at the set-up
    knob_steps: int = 1  # [book] 1: a knob moves one position a move; a house rule may allow longer moves
