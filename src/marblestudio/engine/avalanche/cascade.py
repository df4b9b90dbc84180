"""The gates and the avalanche: what one dropped marble sets off (docs/avalanche.md).

A gate tilts fully left or right and catches on the side it tilts to.  A marble that arrives
on the catching side of an empty gate stops there.  Otherwise it strikes the gate: the gate
flips, the marble goes on from the side it arrived on, and a marble the gate held is released
and goes on from the side it sat on (the old catching side).

The order is fixed so that a drop always gives the same result: one marble moves at a time.
The moving marble runs gate by gate until it is held or falls out; each marble released on
its way joins the back of a first-in-first-out queue; then the next queued marble runs.

The board is compiled to integer tables (a port is `gate * 2 + side`, -1 is out) because
random playouts and Expert II's pass check drop many marbles.
"""

from __future__ import annotations

from collections import deque
from typing import Final

from marblestudio.engine.core import Event
from marblestudio.engine.avalanche.rules import OUT, AvalancheRules, Port, Side, Target
from marblestudio.engine.avalanche.events import AvalancheEvent

# The cascade's event kinds as module constants: the loop below builds one event per marble step,
# and a global lookup is cheaper than an enum attribute (measured: 6% of a game with events).
_MARBLE_DROPPED: Final = AvalancheEvent.MARBLE_DROPPED
_MARBLE_OUT: Final = AvalancheEvent.MARBLE_OUT
_MARBLE_AT_GATE: Final = AvalancheEvent.MARBLE_AT_GATE
_MARBLE_HELD: Final = AvalancheEvent.MARBLE_HELD
_GATE_FLIPPED: Final = AvalancheEvent.GATE_FLIPPED
_MARBLE_RELEASED: Final = AvalancheEvent.MARBLE_RELEASED

SIDES: Final = ("left", "right")
"""A side's word, by its number (`Side.LEFT` is 0)."""

EMPTY: Final = -1
"""`held[g]` when gate g holds no marble; otherwise the held marble's colour index."""


class Board:
    """A ruleset's board as integer tables: where each hole and each gate side leads."""

    def __init__(self, rules: AvalancheRules) -> None:
        self.rules = rules
        self.gate_ids = tuple(g.id for g in rules.gates)
        self.colour_names = tuple(c.name for c in rules.colours)
        index = {gid: i for i, gid in enumerate(self.gate_ids)}

        def code(target: Target) -> int:
            if isinstance(target, Port):
                return index[target.gate] * 2 + int(target.side)
            assert target == OUT
            return -1

        self.holes = tuple(code(h.to) for h in rules.holes)
        self.next = tuple(code(g.leads(side)) for g in rules.gates for side in Side)
        self.size = len(self.gate_ids)

    def __reduce__(self) -> tuple[type[Board], tuple[AvalancheRules]]:
        """Pickled as its ruleset, the tables built again from it (compiled by mypyc, the class
        has no `__dict__` for pickle to copy)."""
        return Board, (self.rules,)

    def drop(self, tilt: list[int], held: list[int], hole: int, colour: int,
             events: list[Event] | None = None) -> list[int]:
        """Drop a marble of `colour` into `hole` (0-based); update `tilt` and `held` in place.

        Returns the colours of the marbles that fell out, in the order they fell.  When
        `events` is given, the story is appended to it: every marble's path (numbered 0 for
        the dropped marble, 1, 2, ... for released ones in the order released) and every flip.
        """
        queue: deque[tuple[int, int, int]] = deque()
        queue.append((colour, self.holes[hole], 0))
        # Events are built with their keys already sorted (as Event.of would), for speed.
        if events is not None:
            events.append(Event(_MARBLE_DROPPED, (("colour", self.colour_names[colour]), ("hole", hole + 1), ("marble", 0))))
        return self._run(tilt, held, queue, 0, events)

    def nudge(self, tilt: list[int], held: list[int], gate: int, events: list[Event] | None = None) -> list[int]:
        """Swing gate `gate` (0-based) over by hand (a house rule's power): a marble it held is
        released and goes on from the side it sat on, as when a marble strikes the gate.  Returns
        the colours that fell out, in order; `events` as in `drop` (the released marbles numbered
        from 1)."""
        queue: deque[tuple[int, int, int]] = deque()
        old = tilt[gate]
        tilt[gate] = 1 - old
        if events is not None:
            events.append(Event(_GATE_FLIPPED, (("gate", self.gate_ids[gate]), ("tilt", SIDES[1 - old]))))
        if held[gate] == EMPTY:
            return []
        queue.append((held[gate], self.next[gate * 2 + old], 1))
        if events is not None:
            events.append(Event(_MARBLE_RELEASED, (("colour", self.colour_names[held[gate]]), ("gate", self.gate_ids[gate]),
                                                    ("marble", 1), ("side", SIDES[old]))))
        held[gate] = EMPTY
        return self._run(tilt, held, queue, 1, events)

    def _run(self, tilt: list[int], held: list[int], queue: deque[tuple[int, int, int]], released_count: int,
             events: list[Event] | None) -> list[int]:
        """Run the marbles of `queue` (colour, port, number) down one at a time, each released
        marble joining its back; the colours that fell out, in order."""
        names, ids = self.colour_names, self.gate_ids
        fallen: list[int] = []
        while queue:
            marble_colour, port, marble = queue.popleft()
            last = ""
            while True:
                if port < 0:
                    fallen.append(marble_colour)
                    if events is not None:
                        events.append(Event(_MARBLE_OUT, (("colour", names[marble_colour]), ("last", last),
                                                           ("marble", marble))))
                    break
                gate, side = port >> 1, port & 1
                if events is not None:
                    events.append(Event(_MARBLE_AT_GATE, (("gate", ids[gate]), ("marble", marble),
                                                           ("side", SIDES[side]))))
                if tilt[gate] == side and held[gate] == EMPTY:
                    held[gate] = marble_colour
                    if events is not None:
                        events.append(Event(_MARBLE_HELD, (("colour", names[marble_colour]), ("gate", ids[gate]),
                                                            ("marble", marble))))
                    break
                old = tilt[gate]
                tilt[gate] = 1 - old
                if events is not None:
                    events.append(Event(_GATE_FLIPPED, (("gate", ids[gate]), ("tilt", SIDES[1 - old]))))
                if held[gate] != EMPTY:
                    released_count += 1
                    queue.append((held[gate], self.next[gate * 2 + old], released_count))
                    if events is not None:
                        events.append(Event(_MARBLE_RELEASED, (("colour", names[held[gate]]), ("gate", ids[gate]),
                                                                ("marble", released_count), ("side", SIDES[old]))))
                    held[gate] = EMPTY
                if events is not None:
                    last = f"{ids[gate]}:{SIDES[side]}"
                port = self.next[port]
        return fallen

    def can_fall(self, tilt: list[int], held: list[int], marbles: int) -> bool:
        """Whether some order of dropping up to `marbles` marbles into any holes makes one fall.

        Exact: a depth-first search over the holes, remembering positions already shown
        hopeless.  Colours never change where a marble goes, so only occupancy matters.  A
        board of n gates holds at most n marbles, so more marbles than empty gates must fall.
        """
        free = held.count(EMPTY)
        if marbles > free:
            return True
        occupied = [0 if h == EMPTY else 1 for h in held]
        hopeless: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
        return self._search(list(tilt), [EMPTY if o == 0 else 0 for o in occupied], marbles, hopeless)

    def _search(self, tilt: list[int], held: list[int], marbles: int,
                hopeless: dict[tuple[tuple[int, ...], tuple[int, ...]], int]) -> bool:
        if marbles == 0:
            return False
        key = (tuple(tilt), tuple(held))
        if hopeless.get(key, -1) >= marbles:
            return False
        for hole in range(len(self.holes)):
            t, h = list(tilt), list(held)
            if self.drop(t, h, hole, 0):
                return True
            if self._search(t, h, marbles - 1, hopeless):
                return True
        hopeless[key] = marbles
        return False
