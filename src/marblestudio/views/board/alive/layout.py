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
PILE_SCALE = 0.9  # the discard pile's cards, as a share of a playing card
PILE_GAP = 0.7  # between the fanned cards of the discard pile
FRONT_LIVES_Y = -2.85  # the viewer's life cards
HINT_Y = -2.05  # what the viewer may do now
INFO_Y = -1.25  # the running total's limit and the direction of play
NAME_HALF_HEIGHT = 0.25  # a seat's name: half the height of its strip of the table
FAR_NAME_HALF_HEIGHT = 0.35  # at the far side, where the table looks thinnest, and has the room
COLUMN_STEEPNESS = 55.0  # degrees from across the screen: a row of life cards steeper than this is read as a column


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


def reads_forward(slot: Slot) -> bool:
    """Whether the viewer, at the front, reads a row of cards laid out left to right as the seat
    at `slot` sees them in that order: left to right across the screen, or top to bottom down a
    column (a row steeper than `COLUMN_STEEPNESS` on the table).  Not for the seats across the
    table, nor, at the sides, for one whose row runs up the screen."""
    right_x, right_y = -slot.out_y, slot.out_x  # the seat's right, as in Slot.along
    if abs(right_y) > abs(right_x) * math.tan(math.radians(COLUMN_STEEPNESS)):
        return right_y < 0  # down the screen: away from the far edge
    return right_x > 0


def life_positions(slot: Slot, lives: int, front: bool) -> list[tuple[float, float]]:
    """Centres of a seat's life cards, in the order the viewer reads them (see `reads_forward`).

    A card's letter is drawn upright on the screen whichever way the card lies, so a seat's
    A-L-I-V-E laid out left to right as the seat sees it would read E-V-I-L-A from the front
    when the seat sits across the table: the row is laid out for the viewer instead."""
    gap = LIFE_W + 0.06
    first = -gap * (lives - 1) / 2
    if front:  # the viewer's lives lie on the table just behind the hand
        return [(first + gap * i, FRONT_LIVES_Y) for i in range(lives)]
    spots = [slot.along(first + gap * i, -0.05) for i in range(lives)]
    return spots if reads_forward(slot) else spots[::-1]


def life_corners(slot: Slot, lives: int) -> list[tuple[float, float]]:
    """The corners of another seat's life cards (turned to face the seat), on the table."""
    turn = math.radians(facing_degrees(slot))
    cos, sin = math.cos(turn), math.sin(turn)
    out = []
    for x, y in life_positions(slot, lives, False):
        for dx in (-LIFE_W / 2, LIFE_W / 2):
            for dy in (-LIFE_H / 2, LIFE_H / 2):
                out.append((x + dx * cos - dy * sin, y + dx * sin + dy * cos))
    return out


def name_strip(slot: Slot, lives: int, front: bool) -> tuple[tuple[float, float], float, float]:
    """Where a seat's name may be written: (centre, half width, half height) of a strip of the
    table, clear of the seat's life cards.  A name is written across the
    screen, so it goes where the table has room across: the viewer's left of its lives; a seat
    at the far side, or at the left or right of the far half, beyond its lives towards the far
    edge; a seat at the left or right of the near half (five or six players), between its lives
    and the table's side edge (below them is the viewer's name)."""
    gap = 0.08
    if front:
        right = -lives * (LIFE_W + 0.06) / 2 - gap
        return (right - 1.5, FRONT_LIVES_Y), 1.5, NAME_HALF_HEIGHT
    corners = life_corners(slot, lives)
    if slot.out_y < -0.05:
        sign = math.copysign(1.0, slot.out_x)
        inner = max(sign * x for x, _ in corners) + gap  # the lives' outer edge, as |x|
        outer = TABLE_RX - gap
        _, y = slot.along(0.0, -0.45)
        return (sign * (inner + outer) / 2, y), max(outer - inner, 0.0) / 2, NAME_HALF_HEIGHT
    edge = max(y for _, y in corners) + gap
    half = 2.0 if abs(slot.out_y) >= abs(slot.out_x) else 1.8
    x = slot.x + slot.out_x * 0.45
    x = max(-TABLE_RX + half + gap, min(TABLE_RX - half - gap, x))
    return (x, edge + FAR_NAME_HALF_HEIGHT), half, FAR_NAME_HALF_HEIGHT


def content_bounds(players: int, lives: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """((x0, y0), (x1, y1)): the part of the table that holds everything, for any seat at the
    front: the longest hand, the middle, and every seat's cards and name (the empty felt
    round them may be left out of the view)."""
    half_hand = 11.5 / 2 + CARD_W / 2
    xs = [-half_hand, half_hand]
    ys = [HAND_Y - CARD_H / 2 * math.cos(math.radians(HAND_TILT)), DECK_XY[1] + CARD_H / 2]
    for k in range(players):
        slot = slot_of(k, 0, players)
        (nx, ny), half_w, half_h = name_strip(slot, lives, k == 0)
        xs += [nx - half_w, nx + half_w]
        ys += [ny - half_h, ny + half_h]
        if k:
            for x, y in life_corners(slot, lives) + fan_positions(slot, 14):
                xs.append(x)
                ys.append(y)
    margin = 0.35
    return (max(-TABLE_RX, min(xs) - margin), max(-TABLE_RY, min(ys) - margin)), (
        min(TABLE_RX, max(xs) + margin),
        min(TABLE_RY, max(ys) + margin),
    )


def pile_positions(count: int) -> list[tuple[float, float, float, float]]:
    """(x, y, z, rotation) of the last `count` cards of the discard pile, the top card last."""
    shown = min(count, FAN_SHOWN)
    out = []
    for i in range(shown):
        step = i - (shown - 1)
        out.append((PILE_XY[0] + PILE_GAP * (i - (FAN_SHOWN - 1) / 2), PILE_XY[1] + 0.05 * step, 0.03 + 0.012 * i, -6.0 + 3.0 * i))
    return out
