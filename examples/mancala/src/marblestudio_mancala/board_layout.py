"""Where everything of the Mancala board is, in world units (one house to the next = 1): geometry only.

The board lies along x with the first player (South, seat 0) at the front (-y), as the
notation's diagram draws it from South's seat::

        F   E   D   C   B   A
   S                            s
        a   b   c   d   e   f

South's houses run left to right (``a`` .. ``f``) into South's store ``s`` at the right end;
North's run right to left (``A`` .. ``F``) into ``S`` at the left, so a house faces the one
with the same x.  Pits are indexed as the engine's `board` indexes them (0 .. n-1 South's
houses, n its store, n+1 .. 2n North's houses, 2n+1 North's store).  The board's top is z = 0;
it stands on the table at z = `TABLE_Z`.  Each count is printed on a dark rail along its owner's
edge of the board, each pit's name on the wood between the pit and that rail.

Seeds rest in a pile: seed number i of a pit always lies at the same spot (`pile_offsets`), so
a pile grows by one seed without the others moving.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

Point = tuple[float, float, float]
Colour = tuple[float, float, float, float]

HOUSE_R = 0.4  # radius of a house's dish
ROW_Y = 0.56  # house centres at y = -ROW_Y (South) and +ROW_Y (North)
STORE_RX, STORE_RY = 0.42, 0.98  # half axes of a store's oval
STORE_GAP = 0.62  # from the outermost house's edge to its store's centre
RAIL = (1.5, 2.12)  # the dark rail along each long edge that the counts are printed on (|y|)
EDGE_Y = 2.2  # the board's long edges at y = -EDGE_Y and +EDGE_Y
END_MARGIN = 0.2  # board beyond a store's end
TABLE_Z = -0.32  # the table's top: the board's foot
SEED_R = 0.085  # a seed's radius
HAND_Z = 0.95  # the height the hand carries seeds at while sowing
NAME_Y = (ROW_Y + HOUSE_R + RAIL[0]) / 2  # the names on the board, between the houses and the rail
COUNT_Y = (RAIL[0] + RAIL[1]) / 2  # the counts on the rail
COUNT_HALF = (0.42, 0.27)  # half width and height of a count's room
NAME_HALF = (0.3, 0.2)
RAIL_TOP = 0.01
LEGAL_RIM = (HOUSE_R + 0.005, HOUSE_R + 0.045)  # the ring round a house that can be sown
MARKER_RIM = (HOUSE_R + 0.055, HOUSE_R + 0.1)  # the last-move ring, just outside it
HOUSE_LAYER, STORE_LAYER = 10, 26  # seeds in the bottom layer of a pile
MAX_LAYERS = 6  # seeds beyond these layers are counted, not drawn

WOOD: Colour = (0.64, 0.43, 0.24, 1.0)
WOOD_SIDE: Colour = (0.5, 0.32, 0.17, 1.0)
DISH_RIM: Colour = (0.42, 0.26, 0.13, 1.0)
DISH_FLOOR: Colour = (0.22, 0.13, 0.06, 1.0)
RAIL_WOOD: Colour = (0.2, 0.12, 0.06, 1.0)
TABLE: Colour = (0.16, 0.22, 0.18, 1.0)
LEGAL: Colour = (0.95, 0.75, 0.2, 1.0)
HOVER: Colour = (0.3, 1.0, 0.55, 1.0)
SEEDS: tuple[Colour, ...] = (
    (0.93, 0.9, 0.8, 1.0),  # ivory
    (0.45, 0.68, 0.92, 1.0),  # sky blue
    (0.9, 0.42, 0.35, 1.0),  # coral
    (0.2, 0.62, 0.62, 1.0),  # teal
    (0.6, 0.5, 0.82, 1.0),  # lilac
)
"""Glass seeds in a few shades, so that the seeds of a pile can be told apart and counted; no
seat owns a colour (a seed belongs to whoever's house it lies in)."""

GOLDEN = math.pi * (3.0 - math.sqrt(5.0))


@dataclass(frozen=True)
class Layout:
    """The geometry of a board with `houses` houses a side."""

    houses: int

    @property
    def size(self) -> int:
        return 2 * self.houses + 2

    @property
    def stores(self) -> tuple[int, int]:
        return self.houses, 2 * self.houses + 1

    @property
    def store_x(self) -> float:
        return (self.houses - 1) / 2 + HOUSE_R + STORE_GAP

    @property
    def half_length(self) -> float:
        """Half the board's length along x."""
        return self.store_x + STORE_RX + END_MARGIN

    def is_store(self, pit: int) -> bool:
        return pit in self.stores

    def owner(self, pit: int) -> int:
        return 0 if pit <= self.houses else 1

    def pit_xy(self, pit: int) -> tuple[float, float]:
        """The centre of pit `pit` on the board."""
        n = self.houses
        if pit == n:
            return self.store_x, 0.0
        if pit == 2 * n + 1:
            return -self.store_x, 0.0
        if pit < n:
            return pit - (n - 1) / 2, -ROW_Y
        return (n - 1) / 2 - (pit - n - 1), ROW_Y

    def centre(self, pit: int) -> Point:
        """The pit's centre on the board's top."""
        x, y = self.pit_xy(pit)
        return (x, y, 0.0)

    def above(self, pit: int) -> Point:
        """Where the hand holds the seeds over pit `pit`."""
        x, y = self.pit_xy(pit)
        return (x, y, HAND_Z)

    def _side(self, pit: int) -> float:
        return -1.0 if self.owner(pit) == 0 else 1.0

    def count_at(self, pit: int) -> Point:
        """Where the pit's count is printed: on the rail along its owner's edge."""
        x, _ = self.pit_xy(pit)
        return (x, self._side(pit) * COUNT_Y, RAIL_TOP)

    def name_at(self, pit: int) -> Point:
        """Where the pit's name is printed: on the board between it and its owner's edge."""
        x, _ = self.pit_xy(pit)
        return (x, self._side(pit) * NAME_Y, 0.0)

    def seed_spot(self, pit: int, index: int) -> Point:
        """Where seed number `index` of pit `pit` rests (see `pile_offsets`)."""
        dx, dy, dz = pile_offsets(self.is_store(pit), pit)[min(index, drawn_limit(self.is_store(pit)) - 1)]
        x, y = self.pit_xy(pit)
        return (x + float(dx), y + float(dy), float(dz))

    def bounds(self) -> tuple[Point, Point]:
        """The board and the piles on it."""
        return ((-self.half_length, -EDGE_Y, TABLE_Z), (self.half_length, EDGE_Y, 0.5))


@lru_cache(maxsize=64)
def pile_offsets(store: bool, pit: int) -> np.ndarray:
    """(x, y, z) of every seed a house (or a store) draws, from its centre on the board, in the
    order seeds arrive: a spiral on the floor, then smaller spirals on top, a mound.  The spiral
    is turned by the pit's number so that neighbouring piles do not look alike."""
    rx = (STORE_RX - SEED_R - 0.05) if store else (HOUSE_R - SEED_R - 0.05)
    ry = (STORE_RY - SEED_R - 0.08) if store else rx
    first = STORE_LAYER if store else HOUSE_LAYER
    turn = pit * 1.7
    spots: list[tuple[float, float, float]] = []
    for layer in range(MAX_LAYERS):
        shrink = max(0.3, 1.0 - 0.17 * layer)
        count = max(2, round(first * shrink * shrink))
        for k in range(count):
            r = math.sqrt((k + 0.5) / count) * shrink
            a = turn + k * GOLDEN + layer * 1.1
            spots.append((r * rx * math.cos(a), r * ry * math.sin(a), SEED_R * (1.0 + 1.45 * layer)))
    return np.array(spots)


def drawn_limit(store: bool) -> int:
    """The most seeds a pile draws (its count says how many it holds)."""
    return len(pile_offsets(store, 0))


def seed_colour_index(pit: int, index: int) -> int:
    """The shade of seed `index` of a pile laid out fresh in `pit` (a position shown without
    the moves that led to it): mixed, but the same every time."""
    return (pit * 7 + index * 3 + (index * index) // 5) % len(SEEDS)


def dim(colour: Colour, by: float) -> Colour:
    """`colour` darker (`by` of its brightness): a seat's colour while the other player moves,
    still its own hue (mixed with the wood, green and blue would turn olive and grey)."""
    r, g, b, a = colour
    return (r * by, g * by, b * by, a)


__all__ = [
    "DISH_FLOOR",
    "DISH_RIM",
    "HOVER",
    "LEGAL",
    "SEEDS",
    "TABLE",
    "WOOD",
    "Layout",
    "drawn_limit",
    "pile_offsets",
    "seed_colour_index",
]
