"""The rules of one sowing on a bare list of pits, shared by `apply`, the feeding rule and the
fast playout: where the seeds go, what the last one captures, and who may still move.

Nothing here makes events or moves; `state` tells the story of what these functions decide.
"""

from __future__ import annotations

from marblestudio_mancala.engine.board import BoardTables
from marblestudio_mancala.engine.rules import Capture, Feeding, GrandSlam, Origin

NO_CAPTURE: tuple[tuple[tuple[int, int], ...], int] = ((), 0)


def sow(pits: list[int], t: BoardTables, seat: int, pit: int, clockwise: bool = False) -> int:
    """Lift every seed of house `pit` and drop them one by one into the pits after it, the way
    `seat` sows (stores as the rules say; the house itself skipped on a lap if the rules say so;
    `clockwise`: the other way round).  Returns the pit of the last seed."""
    nxt = t.prev_pit[seat] if clockwise else t.next_pit[seat]
    skip = t.rules.origin is Origin.SKIPPED
    seeds = pits[pit]
    pits[pit] = 0
    pos = pit
    while seeds:
        pos = nxt[pos]
        if pos == pit and skip:
            continue
        pits[pos] += 1
        seeds -= 1
    return pos


def side_seeds(pits: list[int], t: BoardTables, seat: int) -> int:
    first = t.first[seat]
    return sum(pits[first:first + t.houses])


def find_captures(pits: list[int], t: BoardTables, seat: int, last: int,
                  clockwise: bool = False) -> tuple[tuple[tuple[int, int], ...], int]:
    """What `seat`'s last seed, dropped in `last`, captures: the houses as (pit, seeds) in the
    order they are emptied, and the opponent's seeds a grand slam leaves uncaptured (0: none).
    `clockwise`: the seeds were sown the other way round (Oware's run goes back the other way)."""
    rule = t.rules.capture
    if rule is Capture.NONE or t.is_store[last]:
        return NO_CAPTURE
    taken: tuple[tuple[int, int], ...]
    if rule is Capture.OWARE_2_3:
        # The last seed makes 2 or 3 in an opponent's house; the houses before it on that
        # side (going backwards) are taken too while they hold 2 or 3.
        if t.owner[last] == seat or pits[last] not in (2, 3):
            return NO_CAPTURE
        first = t.first[1 - seat]
        run = []
        p, back = last, 1 if clockwise else -1
        while first <= p < first + t.houses and pits[p] in (2, 3):
            run.append((p, pits[p]))
            p += back
        taken = tuple(run)
        from_opponent = sum(k for _, k in run)
    else:
        # The last seed lands in an empty house of the sower's own: with seeds opposite (or,
        # with empty capture, even without) that seed and the opposite house go to the store.
        if t.owner[last] != seat or pits[last] != 1:
            return NO_CAPTURE
        opposite = t.opposite(last)
        from_opponent = pits[opposite]
        if from_opponent and from_opponent >= t.rules.capture_min:
            taken = ((last, 1), (opposite, from_opponent))
        elif from_opponent:  # too few seeds opposite (a house rule's capture_min): no capture
            return NO_CAPTURE
        elif rule is Capture.KALAH_EMPTY_CAPTURE:
            return ((last, 1),), 0
        else:
            return NO_CAPTURE
    if t.rules.grand_slam is GrandSlam.CAPTURES_NOTHING and from_opponent == side_seeds(pits, t, 1 - seat):
        return (), from_opponent
    return taken, 0


def take(pits: list[int], t: BoardTables, seat: int, taken: tuple[tuple[int, int], ...]) -> None:
    """Move the captured houses' seeds into `seat`'s store."""
    store = t.stores[seat]
    for pit, seeds in taken:
        pits[pit] = 0
        pits[store] += seeds


def feeds(pits: list[int], t: BoardTables, seat: int, pit: int, clockwise: bool = False) -> bool:
    """True when `seat` sowing house `pit` leaves the opponent seeds in their houses."""
    trial = pits[:]
    last = sow(trial, t, seat, pit, clockwise)
    take(trial, t, seat, find_captures(trial, t, seat, last, clockwise)[0])
    return side_seeds(trial, t, 1 - seat) > 0


def can_move(pits: list[int], t: BoardTables, seat: int, clockwise: bool = False) -> bool:
    """True when `seat` has a legal move (`legal_pits` is not empty), found without listing them."""
    first = t.first[seat]
    if not any(pits[first:first + t.houses]):
        return False
    if t.rules.feeding is Feeding.MUST_FEED and side_seeds(pits, t, 1 - seat) == 0:
        return any(pits[p] and feeds(pits, t, seat, p, clockwise) for p in range(first, first + t.houses))
    return True


def legal_pits(pits: list[int], t: BoardTables, seat: int, clockwise: bool = False) -> list[int]:
    """The houses `seat` may sow from, in house order: any house with seeds, and when the rules
    make a player feed an opponent whose houses are empty, only those that do (sowing clockwise
    when `clockwise`)."""
    first = t.first[seat]
    out = [p for p in range(first, first + t.houses) if pits[p]]
    if out and t.rules.feeding is Feeding.MUST_FEED and side_seeds(pits, t, 1 - seat) == 0:
        out = [p for p in out if feeds(pits, t, seat, p, clockwise)]
    return out
