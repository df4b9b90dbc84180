"""The board as one list of pits, and the tables every game of one rules object shares.

With ``n`` houses a side the pits are, in counter-clockwise (sowing) order::

    0 .. n-1        the first player's houses a, b, ...   (seat 0)
    n               the first player's store  s
    n+1 .. 2n       the second player's houses A, B, ...  (seat 1)
    2n+1            the second player's store S

House ``i`` faces house ``2n - i`` (a faces the second player's last house, the first
player's last house faces A).  `next_pit[seat][p]` is where `seat`'s sowing goes after pit
``p``: the opponent's store is always skipped, the own store too when stores are not sown;
`prev_pit` is the same the other way round, clockwise (a house rule's `sow_clockwise`).

`tables_for(rules)` caches the tables (and the interned moves and events) per rules object, so
that creating, copying and playing a game allocates little.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from marblestudio.engine.core import Event, EventKind

from marblestudio_mancala.engine.events import MancalaEvent
from marblestudio_mancala.engine.moves import SowMove, house_name
from marblestudio_mancala.engine.rules import MancalaRules, Stores

STORE_NAMES = ("s", "S")
"""The stores' names in events: the first player's ``s``, the second player's ``S``."""


@dataclass(eq=False)
class BoardTables:
    """Precomputed pits, moves and events of one `MancalaRules` (shared by all its games)."""

    rules: MancalaRules
    houses: int
    size: int  # pits on the board, stores included
    stores: tuple[int, int]  # each seat's store pit
    first: tuple[int, int]  # each seat's first house pit
    names: tuple[str, ...]  # by pit
    owner: tuple[int, ...]  # by pit: the seat whose house or store it is
    is_store: tuple[bool, ...]
    next_pit: tuple[tuple[int, ...], tuple[int, ...]]  # [seat][pit] -> the next pit that seat sows into
    prev_pit: tuple[tuple[int, ...], tuple[int, ...]]  # ... sowing clockwise (a house rule's `sow_clockwise`)
    moves: tuple[SowMove | None, ...]  # by pit (None for a store)
    moves_of: tuple[tuple[SowMove, ...], tuple[SowMove, ...]]  # each seat's moves in house order
    by_name: dict[str, SowMove] = field(default_factory=dict)
    _events: dict[tuple[EventKind, int, int, int], Event] = field(default_factory=dict)

    def opposite(self, pit: int) -> int:
        """The house facing house `pit`."""
        return 2 * self.houses - pit

    def side(self, seat: int) -> range:
        """`seat`'s house pits, in sowing order."""
        first = self.first[seat]
        return range(first, first + self.houses)

    # Interned events: immutable values, so every game of these rules shares them ----------
    def _pit_event(self, kind: MancalaEvent, seat: int, pit: int, seeds: int) -> Event:
        key = (kind, seat, pit, seeds)
        event = self._events.get(key)
        if event is None:
            if seat < 0:
                event = Event.of(kind, pit=pit, place=self.names[pit], seeds=seeds)
            else:
                event = Event.of(kind, seat=seat, pit=pit, place=self.names[pit], seeds=seeds)
            self._events[key] = event
        return event

    def taken(self, seat: int, pit: int, seeds: int) -> Event:
        """`seat` lifts the `seeds` seeds of house `pit`."""
        return self._pit_event(MancalaEvent.SEEDS_TAKEN, seat, pit, seeds)

    def sown(self, pit: int, seeds: int) -> Event:
        """One seed dropped into `pit`, which now holds `seeds` (the running count)."""
        return self._pit_event(MancalaEvent.SEED_SOWN, -1, pit, seeds)

    def captured(self, seat: int, pit: int, seeds: int) -> Event:
        """`seat` moves the `seeds` seeds of house `pit` into its store."""
        return self._pit_event(MancalaEvent.SEEDS_CAPTURED, seat, pit, seeds)

    def collected(self, seat: int, pit: int, seeds: int) -> Event:
        """At the end, `seat` stores the `seeds` seeds left in its own house `pit`."""
        return self._pit_event(MancalaEvent.SEEDS_COLLECTED, seat, pit, seeds)

    def seat_event(self, kind: EventKind, seat: int) -> Event:
        """``extra_turn`` or ``turn_over`` of `seat`."""
        key = (kind, seat, -1, -1)
        event = self._events.get(key)
        if event is None:
            event = self._events[key] = Event.of(kind, seat=seat)
        return event

    def grand_slam(self, seat: int, seeds: int) -> Event:
        """`seat`'s sowing would have captured all `seeds` of the opponent's seeds: it captures none."""
        key = (MancalaEvent.GRAND_SLAM, seat, -1, seeds)
        event = self._events.get(key)
        if event is None:
            event = self._events[key] = Event.of(MancalaEvent.GRAND_SLAM, seat=seat, seeds=seeds)
        return event


def build_tables(rules: MancalaRules) -> BoardTables:
    """Compute the tables of `rules` (see `tables_for`, which caches this)."""
    n = rules.houses
    size = 2 * n + 2
    stores = (n, 2 * n + 1)
    names: list[str] = []
    owner: list[int] = []
    for pit in range(size):
        seat = 0 if pit <= n else 1
        owner.append(seat)
        if pit in stores:
            names.append(STORE_NAMES[seat])
        else:
            names.append(house_name(seat, pit - (0 if seat == 0 else n + 1)))
    next_pit: list[tuple[int, ...]] = []
    prev_pit: list[tuple[int, ...]] = []
    for seat in (0, 1):
        skip = {stores[1 - seat]} if rules.stores is Stores.OWN else set(stores)
        for step, rows in ((1, next_pit), (-1, prev_pit)):
            row = []
            for pit in range(size):
                nxt = (pit + step) % size
                while nxt in skip:
                    nxt = (nxt + step) % size
                row.append(nxt)
            rows.append(tuple(row))
    moves = tuple(None if pit in stores else SowMove(pit, owner[pit], names[pit]) for pit in range(size))
    moves_of = tuple(tuple(m for m in moves if m is not None and m.seat == seat) for seat in (0, 1))
    return BoardTables(
        rules=rules,
        houses=n,
        size=size,
        stores=stores,
        first=(0, n + 1),
        names=tuple(names),
        owner=tuple(owner),
        is_store=tuple(pit in stores for pit in range(size)),
        next_pit=(next_pit[0], next_pit[1]),
        prev_pit=(prev_pit[0], prev_pit[1]),
        moves=moves,
        moves_of=(moves_of[0], moves_of[1]),
        by_name={m.place: m for m in moves if m is not None},
    )


_TABLES: dict[int, BoardTables] = {}


def tables_for(rules: MancalaRules) -> BoardTables:
    """The cached tables of `rules` (keyed by identity; the entry keeps `rules` alive, so an id
    is never reused while its entry exists)."""
    tables = _TABLES.get(id(rules))
    if tables is None or tables.rules is not rules:
        tables = build_tables(rules)
        if len(_TABLES) > 256:  # many throw-away rules objects (tests, generators): start over
            _TABLES.clear()
        _TABLES[id(rules)] = tables
    return tables


__all__ = ["STORE_NAMES", "BoardTables", "build_tables", "tables_for"]
