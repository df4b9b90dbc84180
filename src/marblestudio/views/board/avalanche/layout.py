"""Where everything of the Avalanche board is drawn (no Qt here, only arithmetic).

The board is an inclined panel.  Its own ("local") frame: x across, y up the slope (a row
further down the board is lower y), z out of the panel.  `world()` tilts that frame by
`INCLINE` degrees about the x axis and lifts it onto the table: the top of the board is at the
back and high, the tray at the front and low.  A ruleset's `x` of holes and gates becomes local
x (centred); its `row` becomes local y.  Cards, hands and the colour trays lie flat on the table
in front of the board, in world coordinates.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from marblestudio.engine.avalanche.rules import AvalancheRules

INCLINE = 38.0  # degrees between the board and the table
ORIGIN = (0.0, 3.2, 5.2)  # world position of the board's local origin (the holes' row)
SX = 0.62  # local units per ruleset x unit
SR = 1.05  # local units per gate row
MARBLE = 0.2  # marble radius
GATE_HALF = 0.52  # half the length of a gate's bar
GATE_SPIN = 24.0  # degrees a gate turns from level; tilted left: its left end is low
CARD = 1.5  # side of a card on the table
TABLE_Z = 0.0

_SIN = math.sin(math.radians(INCLINE))
_COS = math.cos(math.radians(INCLINE))

Point = tuple[float, float, float]


def world(local: Point) -> Point:
    """The world position of a point given in the board's local frame."""
    x, y, z = local
    ox, oy, oz = ORIGIN
    return (ox + x, oy + y * _COS - z * _SIN, oz + y * _SIN + z * _COS)


def spin_of(tilt: str) -> float:
    """The gate's turn about the board's normal, in degrees, for a tilt 'left' or 'right'."""
    return GATE_SPIN if tilt == "left" else -GATE_SPIN


@dataclass
class Layout:
    """The positions for one ruleset and number of players."""

    rules: AvalancheRules
    players: int
    cards_per_player: int

    def __post_init__(self) -> None:
        xs = [h.x for h in self.rules.holes] + [g.x for g in self.rules.gates]
        self.centre_x = (min(xs) + max(xs)) / 2
        self.half_width = (max(xs) - min(xs)) / 2 * SX + 1.0
        self.rows = max((g.row for g in self.rules.gates), default=1)
        self.tray_y = -(self.rows + 0.9) * SR
        self.gate_rows = {g.id: g.row for g in self.rules.gates}
        self.gate_x = {g.id: g.x for g in self.rules.gates}

    # On the board (local frame) -----------------------------------------------------------------
    def local_x(self, x: float) -> float:
        return (x - self.centre_x) * SX

    def hole(self, number: int) -> Point:
        """Hole `number` (from 1), on the panel's surface."""
        return (self.local_x(self.rules.holes[number - 1].x), 0.0, 0.0)

    def gate(self, gate_id: str) -> Point:
        """The pivot of a gate."""
        return (self.local_x(self.gate_x[gate_id]), -self.gate_rows[gate_id] * SR, 0.0)

    def gate_end(self, gate_id: str, side: str, tilt: str) -> Point:
        """The end of the gate's bar on `side` when the gate tilts `tilt`."""
        gx, gy, _ = self.gate(gate_id)
        angle = math.radians(spin_of(tilt))
        sign = -1.0 if side == "left" else 1.0
        return (gx + sign * GATE_HALF * math.cos(angle), gy + sign * GATE_HALF * math.sin(angle), 0.0)

    def held(self, gate_id: str, tilt: str) -> Point:
        """Where a marble held by the gate rests: in the cup at its low (catching) end."""
        x, y, _ = self.gate_end(gate_id, tilt, tilt)
        return (x * 0.98 + self.gate(gate_id)[0] * 0.02, y + MARBLE * 1.05, MARBLE)

    def arrival(self, gate_id: str, side: str) -> Point:
        """Where a marble arriving at the gate's `side` touches it (above that end)."""
        gx, gy, _ = self.gate(gate_id)
        sign = -1.0 if side == "left" else 1.0
        return (gx + sign * GATE_HALF * 0.8, gy + 0.42, MARBLE)

    def above_hole(self, number: int) -> Point:
        x, _, _ = self.hole(number)
        return (x, 0.5, MARBLE)

    def in_tray(self, x: float) -> Point:
        """A point in the tray at the bottom of the board, below local x."""
        return (max(-self.half_width + 0.3, min(self.half_width - 0.3, x)), self.tray_y, MARBLE)

    # On the table (world frame) ------------------------------------------------------------------
    def seat_centre(self, seat: int) -> tuple[float, float]:
        """The centre of a seat's place at the front of the table (its cards, hand below)."""
        width = self.seat_width()
        total = width * self.players
        return (-total / 2 + width * (seat + 0.5), -3.9)

    def seat_width(self) -> float:
        return max(1, self.cards_per_player) * (CARD + 0.2) + 0.5

    def card_centre(self, seat: int, index: int) -> Point:
        cx, cy = self.seat_centre(seat)
        n = max(1, self.cards_per_player)
        x = cx + (index - (n - 1) / 2) * (CARD + 0.2)
        return (x, cy, TABLE_Z + 0.05)

    def card_hole(self, seat: int, index: int, hole: int, columns: int = 3, rows: int = 3) -> Point:
        """Hole `hole` (from 0, reading order) of a seat's card."""
        x, y, z = self.card_centre(seat, index)
        step = CARD / (max(columns, rows) + 0.6)
        r, c = divmod(hole, columns)
        return (x + (c - (columns - 1) / 2) * step, y + ((rows - 1) / 2 - r) * step, z + 0.03)

    def hand_rows(self) -> tuple[int, int]:
        """Marbles per row of a hand, and the most rows drawn (more marbles are only counted)."""
        return max(1, int(self.seat_width() / (MARBLE * 2.3))), 4

    def hand_spot(self, seat: int, index: int, count: int) -> Point:
        """The `index`-th marble of a hand of `count`, in rows below the cards (in their place
        when the game has no cards)."""
        cx, _ = self.seat_centre(seat)
        per_row, _ = self.hand_rows()
        r, c = divmod(index, per_row)
        in_row = min(per_row, count - r * per_row)
        x = cx + (c - (in_row - 1) / 2) * MARBLE * 2.3
        return (x, self.hand_point(seat)[1] - r * MARBLE * 2.3, TABLE_Z + MARBLE)

    def hand_point(self, seat: int) -> Point:
        cx, cy = self.seat_centre(seat)
        top = cy - CARD / 2 - 0.45 if self.cards_per_player else cy - 0.5
        return (cx, top, TABLE_Z + MARBLE)

    def seat_label(self, seat: int) -> Point:
        """Where a seat's name and counts are written: below the lowest row of its hand."""
        cx, _ = self.seat_centre(seat)
        _, rows = self.hand_rows()
        lowest = self.hand_point(seat)[1] - (rows - 1) * MARBLE * 2.3 - MARBLE
        return (cx, lowest - 0.4, TABLE_Z + 0.02)

    def name_plate(self, seat: int) -> Point:
        cx, cy = self.seat_centre(seat)
        return (cx, cy + CARD / 2 + 0.35, TABLE_Z + 0.02)

    def bin_centre(self, colour: int) -> Point:
        """A colour's tray on the table, to the right of the board; its big marble is the chooser."""
        count = len(self.rules.colours)
        y = 2.2 - colour * 1.5 + (count - 3) * 0.4
        return (self.half_width + 2.2, y, TABLE_Z + 0.1)

    def chooser(self, colour: int) -> Point:
        x, y, z = self.bin_centre(colour)
        return (x, y, z + 0.35)
