"""Where a marble move takes the rocker board, changing nothing (compiled: docs/native.md).

Search and the fast playouts play marble moves without their events: all they need from a move
is whether an end touches the table on its way, and the board's `k` once the marble is down.
`way` works that out from the positions the move passes, each decided as the state's own
`_settle` decides it when it tells the story (`ArchimedesState._move_marble`).
"""

from __future__ import annotations

from marblestudio.engine.archimedes.moves import LiftMarble, RollMarble
from marblestudio.engine.archimedes.physics import Balance, End


def way(balance: Balance, k: int, n: int, move: RollMarble | LiftMarble) -> tuple[End | None, int]:
    """The end that touches the table on `move`'s way (None if none), and the board's `k` with
    the marble set down on its destination (where it was going, when an end touched first).
    `k` and `n`: the board before the move, the moving marble still on its start."""
    if type(move) is RollMarble:
        return travel(balance, k, n, move.start[0], move.rows, move.jump_bits)
    return travel(balance, k, n, move.start[0], [move.dest[0]], 1)  # lifted: one jump


def travel(balance: Balance, k: int, n: int, start: int, rows: tuple[int, ...] | list[int], jumps: int) -> tuple[End | None, int]:
    """`way` of a marble that leaves row `start` and passes `rows`, one per space (the last its
    destination), space i reached by a jump (in the air) when bit i of `jumps` is set.

    A position whose |k| is within the lean limit of its marbles (`Balance.lean_limit`: every
    such k was found to rest without touching) is passed without looking it up; a marble rolled
    all the way (no jump) whose extreme rows stay within it touches nothing."""
    moments = balance.moments
    most = balance.lean_limit(n)  # None: no position of n marbles touches; -1: not even the level board stands
    last = len(rows) - 1
    if jumps == 0:  # rolled all the way: k is extreme on the extreme rows
        base = k - moments[start]
        if most is None:
            return None, base + moments[rows[last]]
        low = high = rows[0]
        for i in range(1, last + 1):  # (by index: `rows` is a tuple or a list)
            row = rows[i]
            if row < low:
                low = row
            elif row > high:
                high = row
        if -most <= base + moments[low] and base + moments[high] <= most:
            return None, base + moments[rows[last]]
    here = start  # the row the marble is in: the board feels it there (-1: in the air)
    end: End | None = None
    i = 0
    while i <= last:
        row = rows[i]
        if jumps >> i & 1:  # in the air: the board loses the marble's weight, then lands
            k -= moments[here]
            here = -1
            in_air = balance.lean_limit(n - 1)
            if in_air is not None and not -in_air <= k <= in_air:
                end = balance.touching(k, n - 1)  # in the air, no landing yet
                if end is not None:
                    break
            before = k  # (with n - 1 marbles)
            k += moments[row]
            here = row
            if most is None or -most <= k <= most:
                stable = True  # within the limit: resting, and not touching
            else:
                tilt = balance.settled(k, n).tilt
                end, stable = tilt.touching, tilt.slope is not None
            if stable and end is None:  # the swing of the landing may bring an end down
                end = balance.landing_end(before, k, n)
        else:  # rolled along the groove: the board feels it in each cup
            k += moments[row] - moments[here]
            here = row
            if most is not None and not -most <= k <= most:
                end = balance.touching(k, n)
        if end is not None:
            break
        i += 1
    if i < last or here < 0:  # the game ended on the way: the marble is set down where it was going
        k += moments[rows[last]] - (moments[here] if here >= 0 else 0)
    return end, k
