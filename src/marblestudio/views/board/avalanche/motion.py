"""The avalanche, animated: each engine event of a drop becomes a few `Step`s.

The engine tells the whole story in order (docs/avalanche.md): the marble picked from a tray
or a hand, dropped into a hole, arriving at gates, gates flipping, marbles held and released,
marbles falling into the tray.  Steps are made when the events arrive, so this module follows
the story logically (which item is marble 0, 1, ...; how each gate tilts) and the steps only
move items between points worked out here.  When the steps end the board's `show()` puts
every piece where the engine's view says, so an animation can never leave a wrong picture.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from marblestudio.engine.core import Event
from marblestudio.views.board.animation import Step, ease, lerp, together
from marblestudio.views.board.avalanche.layout import Point, spin_of, world

if TYPE_CHECKING:
    from marblestudio.views.board.avalanche.board import Board

DROP = 0.32  # seconds from the tray or hand into the hole
TAKE = 0.25  # seconds from the board's tray to a card, a hand or a colour's tray
HOP = 0.13  # seconds from one gate to the next
FLIP = 0.09
SETTLE = 0.07
FALL = 0.2
SCOOP = 0.06  # seconds between the marbles of a handful carried together (to a hand, back to the trays)
PACE_FROM, PACE_RATE, PACE_FLOOR = 8, 0.93, 0.35
"""A long avalanche gathers speed: after the first `PACE_FROM` steps through the gates of a drop,
each step takes `PACE_RATE` of the time of the one before, down to `PACE_FLOOR` of its own (the
marbles of a real avalanche fall at once; told one after another at full time, a drop of 17
hops and 15 flips took 7.2 s, now 4.9 s)."""


def _glide(item: Any, start: Point, to: Point, duration: float, then: Callable[[], None] | None = None) -> Step:
    """A step that shows `item` moving in a straight line from `start` to `to`, then runs `then`."""

    def update(t: float) -> None:
        item.resetTransform()
        item.translate(*lerp(start, to, ease(t)))
        item.show()

    return Step(duration, update, then or (lambda: None))


class Motion:
    """Turns Avalanche events into steps for one board."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.moving: dict[int, Any] = {}  # cascade marble number -> its item
        self.at: dict[int, Point] = {}  # where each moving marble is (world), as the story goes
        self.told = 0  # steps through the gates so far in this drop (`_paced`)

    def steps(self, event: Event) -> list[Step]:
        handler: Callable[[Event], list[Step]] | None = getattr(self, f"_on_{event.kind}", None)
        return handler(event) if handler is not None else []

    # Helpers -------------------------------------------------------------------------------
    def _paced(self, duration: float) -> float:
        """`duration` for the next step through the gates, shorter as the avalanche goes on."""
        self.told += 1
        return duration * max(PACE_FLOOR, PACE_RATE ** max(0, self.told - PACE_FROM))

    def _travel(self, marble: int, to: Point, duration: float, then: Callable[[], None] | None = None) -> Step:
        start = self.at[marble]
        self.at[marble] = to
        return _glide(self.moving[marble], start, to, duration, then)

    # Events ------------------------------------------------------------------------------------
    def _on_gate_set(self, event: Event) -> list[Step]:
        gate, tilt = event["gate"], event["tilt"]
        self.board.tilts[gate] = tilt
        return [Step(0.0, lambda t: None, lambda: self.board.place_gate(gate, spin_of(tilt)))]

    def _on_marble_picked(self, event: Event) -> list[Step]:
        board = self.board
        colour = board.colour_number(event["colour"])
        layout = board.layout
        start = layout.chooser(colour) if event["source"] == "trays" else layout.hand_point(event["seat"])
        item = board.spare_marble(event["colour"])
        self.moving = {0: item}
        self.at = {0: start}
        if event["source"] == "hand":
            seat, colour_name = event["seat"], event["colour"]
            return [Step(0.0, lambda t: None, lambda: board.hide_hand_marble(seat, colour_name))]
        colour_name = event["colour"]
        return [Step(0.0, lambda t: None, lambda: board.adjust_tray(colour_name, -1))]

    def _on_marble_dropped(self, event: Event) -> list[Step]:
        layout = self.board.layout
        if 0 not in self.moving:
            self.moving = {0: self.board.spare_marble(event["colour"])}
            self.at = {0: world(layout.above_hole(event["hole"]))}
        self.told = 0
        above = world(layout.above_hole(event["hole"]))
        return [self._travel(0, above, DROP * 0.7), self._travel(0, world(layout.hole(event["hole"])), DROP * 0.3)]

    def _on_marble_at_gate(self, event: Event) -> list[Step]:
        point = world(self.board.layout.arrival(event["gate"], event["side"]))
        return [self._travel(event["marble"], point, self._paced(HOP))]

    def _on_gate_flipped(self, event: Event) -> list[Step]:
        gate, tilt = event["gate"], event["tilt"]
        board = self.board
        old = spin_of(board.tilts.get(gate, "left"))
        new = spin_of(tilt)
        board.tilts[gate] = tilt
        return [Step(self._paced(FLIP), lambda t: board.place_gate(gate, old + (new - old) * ease(t)))]

    def _on_marble_held(self, event: Event) -> list[Step]:
        gate = event["gate"]
        board = self.board
        marble = event["marble"]
        item = self.moving[marble]
        board.held_items[gate] = item
        return [self._travel(marble, world(board.layout.held(gate, board.tilts.get(gate, "left"))), self._paced(SETTLE))]

    def _on_marble_released(self, event: Event) -> list[Step]:
        board = self.board
        gate, marble = event["gate"], event["marble"]
        item = board.held_items.pop(gate, None) or board.spare_marble(event["colour"])
        self.moving[marble] = item
        self.at[marble] = world(board.layout.held(gate, event["side"]))
        return []

    def _on_marble_out(self, event: Event) -> list[Step]:
        board = self.board
        marble = event["marble"]
        item = self.moving[marble]
        local_x = self.at[marble][0] - world((0.0, 0.0, 0.0))[0]
        return [self._travel(marble, world(board.layout.in_tray(local_x)), self._paced(FALL), lambda: board.retire(item))]

    # The marbles taken, carried from the board's tray to where the rules put them ------------
    def _carry(self, colour_name: str, to: Point, then: Callable[[], None] | None = None) -> Step:
        board = self.board
        return _glide(board.spare_marble(colour_name), world(board.layout.in_tray(0.0)), to, TAKE, then)

    def _on_marble_on_card(self, event: Event) -> list[Step]:
        spot = self.board.card_hole_point(event["card"], event["hole"] - 1)
        return [] if spot is None else [self._carry(event["colour"], spot)]

    def _on_marbles_to_hand(self, event: Event) -> list[Step]:
        point = self.board.layout.hand_point(event["seat"])
        return [together([self._carry(colour, point) for colour in event["colours"]], SCOOP)]

    def _on_marbles_returned(self, event: Event) -> list[Step]:
        board = self.board
        return [together([
            self._carry(colour, board.layout.chooser(board.colour_number(colour)),
                        lambda colour=colour: board.adjust_tray(colour, +1))  # type: ignore[misc]
            for colour in event["colours"]
        ], SCOOP)]
