"""The rocker's statics, decided with exact arithmetic (docs/archimedes-physics.md).

The board rests on an arc of radius R that rolls on a flat surface.  With the centre of mass
of board and marbles at distance x along the board from the middle and height h above that
surface (board level), it settles at slope tan(theta) = x / (R - h), and is stable only while
h < R.  An end touches the table once the board turns far enough that the end's underside
comes down to the table; that condition is a polynomial inequality in the slope, so it is
decided with integers and never with trigonometry: the same position tips on every machine
or on none.

A position is summarised by two integers: `n`, the marbles on the board, and `k`, the sum over
them of (2 * row - (rows - 1)), which is twice each marble's distance from the middle in cup
spacings.  Columns do not matter: the board rocks only along its length.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import lcm
from typing import Any, Final, NamedTuple, cast

from marblestudio.engine.archimedes.rules import ArchimedesRules


class End(enum.Enum):
    """Which end of the board touched the table."""

    LOW = "low"  # the end beyond row 1
    HIGH = "high"  # the end beyond the last row
    EITHER = "either"  # the board fell over with its centre of mass exactly over the middle


@dataclass(frozen=True, slots=True)
class Tilt:
    """The board's rest slope for one position (`None` when the position is unstable)."""

    slope: Fraction | None
    touching: End | None

    @property
    def angle(self) -> float:
        """The rest angle in degrees, for views (positive: the high end is down)."""
        if self.slope is None:
            return math.copysign(90.0, 1.0 if self.touching is End.HIGH else -1.0)
        return angle(self.slope)


_UNKNOWN: Final = object()
"""Not yet worked out (a remembered `touching` may be None)."""

_LIMIT_UNKNOWN: Final = -2
_NO_LIMIT: Final = -3
"""`Balance._limits`' words for a lean limit not yet worked out, and for None (-1 means unstable)."""

MEMORY: Final = 100_000
"""At most this many landings are remembered per ruleset (then they are forgotten and relearnt)."""


class Settled(NamedTuple):
    """A position's tilt, its angle in degrees and its slope as events print it."""

    tilt: Tilt
    angle: float
    printed: str


class Swing(NamedTuple):
    """The peak of the swing after a landing: as printed, in degrees, and the end it brings down."""

    printed: str
    angle: float
    touching: End | None


def _integers(*values: Fraction) -> list[int]:
    """The values scaled by their common denominator: integers in the same ratios."""
    scale = lcm(*[v.denominator for v in values])
    return [int(v * scale) for v in values]


class Balance:
    """Tilt evaluation for one ruleset: a few integer products per position."""

    def __init__(self, rules: ArchimedesRules) -> None:
        self._rules = rules
        p = rules.physics
        self.rows = rules.rows
        half_length = p.cup_spacing * rules.rows / 2
        # slope = a_k * k / (b_0 + n * b_n)
        a_k = p.marble_mass * p.cup_spacing / 2
        b_0 = p.board_mass * (p.rocker_radius - p.board_com_height)
        b_n = p.marble_mass * (p.rocker_radius - p.marble_com_height)
        self._ak, self._b0, self._bn = _integers(a_k, b_0, b_n)
        # An end touches when L sin(t) + (R - e) cos(t) >= R + d (L: half length, e: end height,
        # d: the drop from the rolling surface to the table).
        self._length, self._rise, self._reach = _integers(half_length, p.rocker_radius - p.end_height, p.rocker_radius + p.drop)
        self.reachable = self._length**2 + self._rise**2 >= self._reach**2
        self._overshoot = p.swing_overshoot if p.swing else None
        self._rests: dict[tuple[int, int], Settled] = {}
        self._touching: dict[tuple[int, int], End | None] = {}
        self.moments = tuple(self.moment(row) for row in range(self.rows))
        """`moment` of every row, in row order (for loops that look one up per cup)."""
        self._landings: dict[tuple[int, int, int, int], Swing | None] = {}
        self._landing_ends: dict[int, End | None] = {}  # `landing_end`'s, by one integer (below)
        # Every k of up to `_cups` marbles lies within +-(_span // 2): (k_before * _span + k) * _cups + n
        # is a different integer for each landing.
        self._cups = rules.rows * rules.columns + 1
        self._span = 2 * max(abs(m) for m in self.moments) * self._cups + 1
        self._limits = [_LIMIT_UNKNOWN] * self._cups  # `lean_limit` by n (at most every cup's marble), `_NO_LIMIT` for None
        self._touch_angle: float | None = None
        if self.reachable:
            length, rise, reach = float(self._length), float(self._rise), float(self._reach)
            self._touch_angle = math.degrees(math.atan2(length, rise) - math.acos(reach / math.hypot(length, rise)))

    def __reduce__(self) -> tuple[Any, tuple[ArchimedesRules]]:
        """Pickled as its ruleset, without what it remembers: unpickled, it is the process's
        shared `Balance` of that ruleset."""
        return shared, (self._rules,)

    def touching(self, k: int, n: int) -> End | None:
        """`settled(k, n).tilt.touching`: the end a rest at (k, n) brings down, remembered."""
        found = self._touching.get((k, n), _UNKNOWN)
        if found is _UNKNOWN:
            found = self._touching[(k, n)] = self.settled(k, n).tilt.touching
        return found  # type: ignore[return-value]

    def moment(self, row: int) -> int:
        """A marble's contribution to `k` on `row` (0-based)."""
        return 2 * row - (self.rows - 1)

    def stable(self, n: int) -> bool:
        """Whether the board with `n` marbles has its centre of mass below the rocker's centre."""
        return self._b0 + n * self._bn > 0

    def touches(self, num: int, den: int) -> bool:
        """Whether the slope |num| / den (den > 0) reaches the slope at which an end touches."""
        num = abs(num)
        if not self.reachable:
            return False
        length, rise, reach = self._length, self._rise, self._reach
        if num * rise >= length * den:  # past the turn of the end's lowest point: it got there
            return True
        return (length * num + rise * den) ** 2 >= reach * reach * (num * num + den * den)

    def tilt(self, k: int, n: int) -> Tilt:
        """The rest slope of a position and the end it brings down to the table, if any."""
        num, den = self._ak * k, self._b0 + n * self._bn
        if den <= 0:
            return Tilt(None, End.EITHER if num == 0 else End.HIGH if num > 0 else End.LOW)
        slope = Fraction(num, den)
        return Tilt(slope, self.end_for(slope))

    def end_for(self, slope: Fraction) -> End | None:
        """The end that a board at `slope` has brought down to the table, or None."""
        if slope == 0 or not self.touches(slope.numerator, slope.denominator):
            return None
        return End.HIGH if slope > 0 else End.LOW

    def swing_peak(self, before: Fraction, after: Fraction) -> Fraction | None:
        """How far the board swings past `after` when a landing moves its rest slope from `before`.

        The damped swing overshoots the new rest slope by `overshoot` times the change; the later
        swings are smaller and stay between the old and new slopes, so only this peak counts.
        None when the ruleset has no swing.
        """
        if self._overshoot is None:
            return None
        return after + self._overshoot * (after - before)

    # Memoised, for the engine's hot path: a game visits few distinct (k, n) ------------------
    def settled(self, k: int, n: int) -> Settled:
        """`tilt(k, n)` with its angle and its slope as printed in events, remembered."""
        found = self._rests.get((k, n))
        if found is None:
            tilt = self.tilt(k, n)
            printed = "unstable" if tilt.slope is None else str(tilt.slope)
            found = self._rests[(k, n)] = Settled(tilt, tilt.angle, printed)
        return found

    def landing(self, before: tuple[int, int], k: int, n: int) -> Swing | None:
        """The swing's peak when a landing takes the position `before` (k, n) to (k, n), if the
        ruleset has a swing and the new position is stable; remembered."""
        key = (before[0], before[1], k, n)
        if key in self._landings:
            return self._landings[key]
        if len(self._landings) >= MEMORY:
            self._landings.clear()
        peak = self._landing_peak(before[0], before[1], k, n)
        found = None if peak is None else Swing(str(peak), angle(peak), self.end_for(peak))
        self._landings[key] = found
        return found

    def landing_end(self, before: int, k: int, n: int) -> End | None:
        """The end that the swing of a landing brings down: `landing((before, n - 1), k, n)`'s
        `touching`, None without a swing; remembered by one integer rather than a tuple (the
        fast playouts ask it at every lift and jump)."""
        if self._overshoot is None:
            return None
        key = (before * self._span + k) * self._cups + n
        found = self._landing_ends
        known = found.get(key, _UNKNOWN)  # (one look-up, not `in` and then `[]`)
        if known is not _UNKNOWN:
            return cast("End | None", known)
        if len(found) >= MEMORY:
            found.clear()
        peak = self._landing_peak(before, n - 1, k, n)  # (as `landing`, without the swing's printed words and angle)
        end = found[key] = None if peak is None else self.end_for(peak)
        return end

    def _landing_peak(self, k_before: int, n_before: int, k: int, n: int) -> Fraction | None:
        """The slope at the peak of the swing when a landing takes (k_before, n_before) to (k, n);
        None when the new position is unstable or the ruleset has no swing."""
        after = self.settled(k, n).tilt.slope
        if after is None:
            return None
        old = self.settled(k_before, n_before).tilt.slope
        return self.swing_peak(old if old is not None else Fraction(0), after)

    def lean_limit(self, n: int) -> int | None:
        """The largest `k` at which a board with `n` marbles rests without an end touching the
        table (by symmetry, -k too); None if no position of `n` marbles touches (remembered).

        -1 when even the level board is unstable.
        """
        limits = self._limits
        known = limits[n] if 0 <= n < len(limits) else _LIMIT_UNKNOWN  # (the fast playouts ask at every move)
        if known != _LIMIT_UNKNOWN:
            return None if known == _NO_LIMIT else known
        most = self.moment(self.rows - 1) * n  # every marble on an end row
        found: int | None = None
        for k in range(most + 1):
            if self.tilt(k, n).touching is not None:
                found = k - 1
                break
        if 0 <= n < len(limits):
            limits[n] = _NO_LIMIT if found is None else found
        return found

    def touch_angle(self) -> float | None:
        """The angle in degrees at which an end touches the table (for views and the computer's
        judgement), or None if never; worked out once."""
        return self._touch_angle


@cache
def shared(rules: ArchimedesRules) -> Balance:
    """One `Balance` per ruleset, so that its memory of positions serves every game of it."""
    return Balance(rules)


def angle(slope: Fraction) -> float:
    """A slope as an angle in degrees, for views and events.

    Rounded to 1/10000 of a degree, so that records and logs print the same on every machine
    (a library's arctangent may differ in the last bit); decisions use the exact slope.
    """
    return round(math.degrees(math.atan(slope)), 4)
