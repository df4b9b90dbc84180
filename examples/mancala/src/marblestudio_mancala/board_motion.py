"""Sowing on the Mancala board, seed by seed, exactly as the engine's events tell it.

`seeds_taken` lifts a house's seeds into the hand above it; each `seed_sown` drops the next seed
of the hand into its pit while the hand moves on over that pit; `seeds_captured` (and, at the
end, `seeds_collected`) carries a house's whole pile into a store; `extra_turn` makes the
mover's store swell once.  Each step changes the board's own piles when its turn comes (in
`start` or `done`, never when it is queued), so the counts printed beside the pits follow the
seeds as they land, and skipping the animation runs the same changes at once.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from marblestudio.engine.core import Event
from marblestudio.views.board.animation import Step, ease, lerp

from marblestudio_mancala.board_layout import SEED_R, Point, seed_colour_index
from marblestudio_mancala.engine.events import MancalaEvent

if TYPE_CHECKING:
    from marblestudio_mancala.board import Board

LIFT = 0.3  # seconds to lift a house's seeds into the hand
SOW = 0.2  # seconds per seed sown
CAPTURE = 0.45  # seconds to carry a captured pile to the store
COLLECT = 0.3  # seconds to store the seeds left at the end
PULSE = 0.45  # seconds of the extra turn's swell
ARC = 0.45  # how high a sown seed rises above the straight line
PILE_ARC = 1.1  # how high a captured pile rises


def arc(a: Point, b: Point, t: float, height: float) -> Point:
    """The point a share `t` of the way along a hop from `a` to `b`, `height` high in its middle."""
    x, y, z = lerp(a, b, t)
    return (x, y, z + height * 4.0 * t * (1.0 - t))


def _place(item: Any, point: Point) -> None:
    item.resetTransform()
    item.translate(*point)


class Motion:
    """The animation steps of one board (`steps(event)`)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.hand_at: Point = (0.0, 0.0, 0.0)

    def steps(self, event: Event) -> list[Step]:
        kind = event.kind
        if kind == MancalaEvent.SEEDS_TAKEN:
            return [self._lift(event["pit"])]
        if kind == MancalaEvent.SEED_SOWN:
            return [self._sow(event["pit"])]
        if kind == MancalaEvent.SEEDS_CAPTURED:
            return [self._carry(event["pit"], event["seat"], CAPTURE)]
        if kind == MancalaEvent.SEEDS_COLLECTED:
            return [self._carry(event["pit"], event["seat"], COLLECT)]
        if kind == MancalaEvent.EXTRA_TURN:
            return [self._pulse(event["seat"])]
        return []  # turn_over, grand_slam, game_over: the window says them

    def _lift(self, pit: int) -> Step:
        board, lay = self.board, self.board.layout
        low, high = lay.centre(pit), lay.above(pit)

        def start() -> None:
            board.hand = board.take(pit)
            board.cluster(board.hand_item, board.hand)
            board.hand_item.show()

        def update(t: float) -> None:
            _place(board.hand_item, lerp((low[0], low[1], low[2] + SEED_R), high, ease(t)))

        def done() -> None:
            self.hand_at = high

        return Step(LIFT, update, done, start)

    def _sow(self, pit: int) -> Step:
        board, lay = self.board, self.board.layout
        flight: dict[str, Any] = {}

        def start() -> None:
            shade = board.hand.pop(0) if board.hand else seed_colour_index(pit, board.count(pit))
            flight["shade"] = shade
            flight["from"] = self.hand_at
            flight["to"] = lay.seed_spot(pit, board.seeds_drawn(pit))
            flight["item"] = board.flyer([shade])
            board.cluster(board.hand_item, board.hand)

        def update(t: float) -> None:
            k = ease(t)
            _place(flight["item"], arc(flight["from"], flight["to"], k, ARC))
            if board.hand:
                _place(board.hand_item, lerp(flight["from"], lay.above(pit), k))

        def done() -> None:
            board.land(flight["item"])
            board.drop(pit, [flight["shade"]])
            self.hand_at = lay.above(pit)
            if not board.hand:
                board.hand_item.hide()

        return Step(SOW, update, done, start)

    def _carry(self, pit: int, seat: int, duration: float) -> Step:
        """The whole pile of `pit` hops into `seat`'s store."""
        board, lay = self.board, self.board.layout
        store = lay.stores[seat]
        flight: dict[str, Any] = {}

        def start() -> None:
            flight["shades"] = board.take(pit)
            flight["item"] = board.flyer(flight["shades"])
            x, y, _ = lay.centre(pit)
            flight["from"] = (x, y, SEED_R)
            sx, sy, _ = lay.centre(store)
            flight["to"] = (sx, sy, SEED_R)

        def update(t: float) -> None:
            _place(flight["item"], arc(flight["from"], flight["to"], ease(t), PILE_ARC))

        def done() -> None:
            board.land(flight["item"])
            board.drop(store, flight["shades"])

        return Step(duration, update, done, start)

    def _pulse(self, seat: int) -> Step:
        board = self.board

        def update(t: float) -> None:
            board.pulse_store(seat, math.sin(math.pi * t))

        return Step(PULSE, update, lambda: board.pulse_store(seat, 0.0))


__all__ = ["Motion", "arc"]
