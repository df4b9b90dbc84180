"""Rock Me Archimedes' animations: the story of the engine's events, step by step.

The board's `animate()` is asked for all of a move's events before any step plays, so this
mixin keeps a *plan*: the board's angle and the moving marble's place as they will be once the
steps planned so far have played.  Each step moves from the plan's old values to its new ones.
A rolled marble travels cup by cup while the board turns to each `board_tilted` angle; a lifted
or jumping marble rises into the air (the board turns without it) and lands; a landing that
swings passes its `peak_angle` and settles back; `board_touched` brings the end down to the
touching angle.  Nothing moves that the engine did not report.

Moves can be planned while earlier ones still play (a redo, a network opponent's move): the plan
also keeps which marble item stands on each cup once the planned steps have played, and the
items it made for marbles added, each hidden until its own step begins.  The board hands every
such item back to its pool when it next shows a position.
"""

from __future__ import annotations

import math
from typing import Any

from marblestudio.engine.archimedes.moves import parse_cup
from marblestudio.engine.core import Event
from marblestudio.views.board.animation import Step, ease
from marblestudio.views.board.archimedes.layout import LIFT, Geometry

Point = tuple[float, float, float]


class Motion:
    """Plans and builds the animation steps (mixed into the Archimedes `Board`)."""

    geo: Geometry
    angle: float
    _marbles: dict[tuple[int, int], Any]  # the marble item on each cup of the position shown

    # provided by the board
    def pose(self) -> None: ...
    def new_marble(self, seat: int) -> Any: ...
    def set_local(self, item: Any, point: Point) -> None: ...
    def show_die(self, value: int | None, spin: float = 0.0) -> None: ...
    def flash_end(self, end: str | None) -> None: ...

    def reset_plan(self) -> None:
        self._plan_angle = self.angle
        self._moving: Any = None
        self._moving_at: Point | None = None
        self._plan_cups: dict[tuple[int, int], Any] = dict(self._marbles)  # each cup's item once the plan has played
        self._planned: list[Any] = []  # the items the plan made (marbles added), for the board to take back

    def planned_items(self) -> list[Any]:
        """The marble items the plan made since the position was last shown."""
        return self._planned

    def cup_point(self, name: str, lifted: bool = False) -> Point:
        row, column = parse_cup(name)
        x, y = self.geo.cup_xy(row, column)
        return (x, y, self.geo.marble_z + (LIFT if lifted else 0.0))

    def plan(self, event: Event) -> list[Step]:
        kind = event.kind
        if kind == "die_rolled" and event.get("purpose") == "move":
            return [self._die_step(event["value"])]
        if kind == "marble_placed":
            return [self._place_step(event["seat"], event["cup"])]
        if kind in ("marble_rolled", "marble_lifted"):
            start = parse_cup(event["start"])
            dest = parse_cup(event["path"][-1] if kind == "marble_rolled" else event["dest"])
            self._moving = self._plan_cups.pop(start, None)
            if self._moving is not None:
                self._plan_cups[dest] = self._moving
            self._moving_at = self.cup_point(event["start"])
            return []
        if kind == "board_tilted":
            return self._tilt_steps(event)
        if kind == "board_touched":
            return [self._touch_step(event["end"])]
        if kind in ("marble_lost", "marble_sent_back"):
            # house rules: the next tilt lifts the marble away (to the supply, or out of the
            # game), or takes a moved one back
            self._moving = self._plan_cups.pop(parse_cup(event["cup"]), None)
            self._moving_at = self.cup_point(event["cup"])
            return []
        return []

    # Steps -------------------------------------------------------------------------------------
    def _die_step(self, value: int) -> Step:
        def update(t: float) -> None:
            self.show_die(None, spin=720.0 * (1.0 - ease(t)))

        return Step(0.6, update, lambda: self.show_die(value))

    def _place_step(self, seat: int, cup: str) -> Step:
        item = self.new_marble(seat)
        item.hide()  # until its step begins: behind other steps it would wait at the board's origin
        self._planned.append(item)
        end = self.cup_point(cup)
        above = (end[0], end[1], end[2] + LIFT)
        self._moving, self._moving_at = item, above
        self._plan_cups[parse_cup(cup)] = item

        def start() -> None:
            self.set_local(item, above)
            item.show()

        def update(t: float) -> None:
            self.set_local(item, _between(above, end, ease(t)))
            self.pose()

        return Step(0.3, update, start=start)

    def _tilt_steps(self, event: Event) -> list[Step]:
        old_angle, new_angle = self._plan_angle, float(event["angle"])
        at = event["marble_at"]
        item, old_at = self._moving, self._moving_at
        if at == "air" and old_at is not None:
            new_at: Point | None = (old_at[0], old_at[1], self.geo.marble_z + LIFT)
        elif at != "air":
            new_at = self.cup_point(at)
        else:
            new_at = None
        if item is not None and at != "air" and old_at is not None and old_at[2] > self.geo.marble_z + 1e-6:
            above = self.cup_point(at, lifted=True)  # fly over, then come down
            steps = [self._travel(item, old_at, above, old_angle, old_angle, 0.25)]
            old_at = above
        else:
            steps = []
        duration = 0.3 if item is not None else 0.35
        steps.append(self._travel(item, old_at, new_at, old_angle, new_angle, duration))
        peak = event.get("peak_angle")
        if peak is not None:  # the swing: past the new rest angle, and back
            steps.append(self._travel(None, None, None, new_angle, float(peak), 0.18))
            steps.append(self._travel(None, None, None, float(peak), new_angle, 0.3))
        self._plan_angle = new_angle
        self._moving_at = new_at
        return steps

    def _travel(self, item: Any, a: Point | None, b: Point | None, angle_a: float, angle_b: float, duration: float) -> Step:
        def update(t: float) -> None:
            s = ease(t)
            self.angle = angle_a + (angle_b - angle_a) * s
            if item is not None and a is not None and b is not None:
                self.set_local(item, _between(a, b, s))
            self.pose()

        return Step(duration, update)

    def _touch_step(self, end: str) -> Step:
        limit = self.geo.touch_angle if self.geo.touch_angle is not None else 90.0
        target = limit if end == "high" else -limit if end == "low" else math.copysign(limit, self._plan_angle or 1.0)
        start = self._plan_angle
        self._plan_angle = target

        def update(t: float) -> None:
            self.angle = start + (target - start) * t * t  # falling: faster and faster
            self.pose()

        return Step(0.35, update, lambda: self.flash_end(end))


def _between(a: Point, b: Point, s: float) -> Point:
    return (a[0] + (b[0] - a[0]) * s, a[1] + (b[1] - a[1]) * s, a[2] + (b[2] - a[2]) * s)
