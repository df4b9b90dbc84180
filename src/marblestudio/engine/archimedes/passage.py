"""Where a marble move takes the rocker board, changing nothing (compiled: docs/native.md).

Search and the fast playouts play marble moves without their events: all they need from a move
is whether an end touches the table on its way, and the board's `k` once the marble is down.
`way` works that out from the positions the move passes, each decided as the state's own
`_settle` decides it when it tells the story (`ArchimedesState._move_marble`).
"""

from __future__ import annotations

from marblestudio.engine.archimedes.moves import Cup, LiftMarble, RollMarble
from marblestudio.engine.archimedes.physics import Balance, End


def way(balance: Balance, k: int, n: int, move: RollMarble | LiftMarble) -> tuple[End | None, int]:
    """The end that touches the table on `move`'s way (None if none), and the board's `k` with
    the marble set down on its destination (where it was going, when an end touched first).
    `k` and `n`: the board before the move, the moving marble still on its start.

    A position whose |k| is within the lean limit of its marbles (`Balance.lean_limit`: every
    such k was found to rest without touching) is passed without looking it up; a marble rolled
    all the way (no jump) whose extreme rows stay within it touches nothing."""
    moments = balance.moments
    most = balance.lean_limit(n)  # None: no position of n marbles touches; -1: not even the level board stands
    start = move.start
    if type(move) is RollMarble:
        path: tuple[Cup, ...] = move.path
        jumps: tuple[bool, ...] = move.jumps
        if True not in jumps:  # rolled all the way: k is extreme on the extreme rows
            base = k - moments[start[0]]
            if most is None:
                return None, base + moments[path[-1][0]]
            low = high = path[0][0]
            for cup in path:
                row = cup[0]
                if row < low:
                    low = row
                elif row > high:
                    high = row
            if -most <= base + moments[low] and base + moments[high] <= most:
                return None, base + moments[path[-1][0]]
    else:
        path, jumps = (move.dest,), (True,)
    dest = path[-1]
    here: Cup | None = start
    end: End | None = None
    for i in range(len(path)):
        cup = path[i]
        assert here is not None
        if jumps[i]:  # in the air: the board loses the marble's weight, then lands
            k -= moments[here[0]]
            here = None
            in_air = balance.lean_limit(n - 1)
            if in_air is not None and not -in_air <= k <= in_air:
                end = balance.touching(k, n - 1)  # in the air, no landing yet
                if end is not None:
                    break
            before = k  # (with n - 1 marbles)
            k += moments[cup[0]]
            here = cup
            if most is None or -most <= k <= most:
                stable = True  # within the limit: resting, and not touching
            else:
                tilt = balance.settled(k, n).tilt
                end, stable = tilt.touching, tilt.slope is not None
            if stable and end is None:  # the swing of the landing may bring an end down
                end = balance.landing_end(before, k, n)
        else:  # rolled along the groove: the board feels it in each cup
            k += moments[cup[0]] - moments[here[0]]
            here = cup
            if most is not None and not -most <= k <= most:
                end = balance.touching(k, n)
        if end is not None:
            break
    if here != dest:  # the game ended on the way: the marble is set down where it was going
        k += moments[dest[0]] - (moments[here[0]] if here is not None else 0)
    return end, k
