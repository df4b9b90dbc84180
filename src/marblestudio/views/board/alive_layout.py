"""Where things lie on the ALIVE card table (world units, z up, the viewer at the front, -y).

Pure geometry, no Qt: the seats sit round an ellipse, the viewer's seat at the front and the
others clockwise from it (seen from above, the viewer's left comes next, as play goes to the
left).  The deck and the discard pile are in the middle, the running total behind them, and
the viewer's hand stands in a row at the front edge, tilted towards the camera.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

CARD_W, CARD_H, CARD_T = 0.9, 1.3, 0.02  # a playing card lying flat
LIFE_W, LIFE_H = 0.42, 0.6  # a life card
SMALL = 0.55  # face-down cards of the other seats are drawn at this scale
TABLE_RX, TABLE_RY = 7.6, 5.4  # the table's half extents
SEAT_RX, SEAT_RY = 5.6, 3.3  # the ellipse the seats sit on
DECK_XY = (-2.6, 0.9)
PILE_XY = (0.5, 0.9)
TOTAL_XYZ = (0.0, -0.5, 0.05)
HAND_Y, HAND_Z, HAND_TILT = -4.55, 0.75, 62.0  # the viewer's hand: y, height, tilt from flat (degrees)
HAND_GAP = 0.98  # distance between the viewer's cards
FAN_SHOWN = 5  # the last cards of the discard pile that are fanned
FRONT_LIVES_Y = -2.85  # the viewer's life cards
HINT_Y = -2.05  # what the viewer may do now


@dataclass(frozen=True)
class Slot:
    """A seat's place: its centre and the unit vector from the table's middle towards it."""

    x: float
    y: float
    out_x: float
    out_y: float

    def along(self, offset: float, inward: float = 0.0) -> tuple[float, float]:
        """A point `offset` along the table edge (to the seat's right) and `inward` towards the middle."""
        right_x, right_y = -self.out_y, self.out_x  # the seat faces the middle; this is its right
        return (
            self.x + right_x * offset - self.out_x * inward,
            self.y + right_y * offset - self.out_y * inward,
        )


def slot_of(seat: int, viewer: int, players: int) -> Slot:
    """The place of `seat` when `viewer` sits at the front."""
    k = (seat - viewer) % players
    angle = math.radians(-90.0 - k * 360.0 / players)
    x, y = SEAT_RX * math.cos(angle), SEAT_RY * math.sin(angle)
    norm = math.hypot(math.cos(angle) / SEAT_RX, math.sin(angle) / SEAT_RY)
    nx, ny = math.cos(angle) / SEAT_RX / norm, math.sin(angle) / SEAT_RY / norm
    return Slot(x, y, nx, ny)


def facing_degrees(slot: Slot) -> float:
    """The rotation about z that turns a card so its bottom edge faces the seat."""
    return math.degrees(math.atan2(slot.out_y, slot.out_x)) + 90.0


def hand_positions(count: int) -> list[tuple[float, float, float]]:
    """Centres of the viewer's face-up cards, left to right (squeezed when the hand is long)."""
    if count == 0:
        return []
    gap = min(HAND_GAP, 11.5 / max(count, 1))
    first = -gap * (count - 1) / 2
    return [(first + gap * i, HAND_Y, HAND_Z) for i in range(count)]


def fan_positions(slot: Slot, count: int, inward: float = 1.05) -> list[tuple[float, float]]:
    """Centres of a face-down hand of `count` cards in front of another seat."""
    shown = min(count, 14)
    gap = 0.16
    first = -gap * (shown - 1) / 2
    return [slot.along(first + gap * i, inward) for i in range(shown)]


def life_positions(slot: Slot, lives: int, front: bool) -> list[tuple[float, float]]:
    """Centres of a seat's life cards, left to right as the seat sees them."""
    gap = LIFE_W + 0.06
    first = -gap * (lives - 1) / 2
    if front:  # the viewer's lives lie on the table just behind the hand
        return [(first + gap * i, FRONT_LIVES_Y) for i in range(lives)]
    return [slot.along(first + gap * i, -0.05) for i in range(lives)]


def name_position(slot: Slot, lives: int, front: bool) -> tuple[float, float]:
    """Where a seat's name goes: behind its life cards, towards the table's edge."""
    if front:
        return (-lives * (LIFE_W + 0.06) / 2 - 1.45, FRONT_LIVES_Y)
    return slot.along(0.0, -1.55 if abs(slot.out_x) > abs(slot.out_y) else -0.75)


def pile_positions(count: int) -> list[tuple[float, float, float, float]]:
    """(x, y, z, rotation) of the last `count` cards of the discard pile, the top card last."""
    shown = min(count, FAN_SHOWN)
    out = []
    for i in range(shown):
        step = i - (shown - 1)
        out.append((PILE_XY[0] + 0.62 * (i - (FAN_SHOWN - 1) / 2), PILE_XY[1] + 0.05 * step, 0.03 + 0.012 * i, -6.0 + 3.0 * i))
    return out
