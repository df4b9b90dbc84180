"""Stay Alive in 3D: the grid, 14 slides in two layers with their holes, knobs, marbles.

The geometry is in `layout.py`.  A slide is a bar with a hole over each cell it
leaves open, so a cell looks open (dark, down to the table) exactly where both layers are open.
Each slide has a knob at both ends; clicking a knob pulls the slide one position towards it
(`R3+` at the outer end, `R3-` at the other).  Marbles rest on the upper layer.  A magenta ring
marks the last move: round the cell of the marble placed, or round the knob pulled.  The target
under the mouse or selected by the arrow keys is green and ringed in black and white (`SELECTION`),
so that it differs from the other legal targets in shape and contrast, not only in shade.
"""

from __future__ import annotations

from functools import partial
from itertools import groupby

from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np

from marblestudio.engine.cells import cell_name, parse_cell
from marblestudio.engine.core import Event, Move
from marblestudio.engine.rules import Ruleset
from marblestudio.engine.stay_alive.moves import PlaceMove, SlideMove
from marblestudio.engine.stay_alive.rules import Layer, StayAliveRules
from marblestudio.engine.stay_alive.view import StayAliveView
from marblestudio.views.board import meshes
from marblestudio.views.board.animation import Step, ease, together
from marblestudio.views.board.base import BoardView, Colour
from marblestudio.views.board.camera import CameraPresets
from marblestudio.views.board.last_move import Marker, at, last_move, ring
from marblestudio.views.board.stay_alive import placing
from marblestudio.views.board.stay_alive.layout import (
    BASE,
    CELL_LEGAL,
    FALL_Z,
    HOVER,
    KNOB,
    KNOB_IDLE,
    KNOB_LEGAL,
    MARBLE,
    OVERHANG,
    PLATE_Z,
    RED_LAYER,
    SHIFT,
    TOP,
    WHITE_LAYER,
    Layout,
)
from marblestudio.views.board.picking import Pickable
from marblestudio.views.board.pool import Pool

HOME_ELEVATION = 58.0  # the default view: from the front, high enough to see every cell
SEAT_ELEVATION = 55.0
FALL_STAGGER = 0.06
"""Seconds between the starts of marbles that fall through one slide's move (they drop together)."""
NEUTRAL: Colour = (0.55, 0.55, 0.58, 1.0)  # a neutral marble, owned by no one: grey, unlike every seat colour
SELECTION: tuple[Colour, Colour] = ((0.02, 0.02, 0.03, 1.0), (1.0, 1.0, 1.0, 1.0))
"""The selected target's ring: a black band inside a white one, so that one of them stands out on
the cream slides, the red ones and the dark table alike."""


def seat_azimuths(players: int) -> tuple[float, ...]:
    """Where the players sit round the square board: two face each other (front and back);
    three or four take a side each, clockwise (seen from above) from the front."""
    step = 180.0 if players <= 2 else 90.0
    return tuple(-90.0 - step * k for k in range(players))


class Board(BoardView[StayAliveView]):
    """The Stay Alive board."""

    family = "stay-alive"
    edit_position_help = placing.HELP  # the set-up dialog places marbles and moves slides by clicks

    def edit_position(self, rules: Ruleset, text: str, key: Hashable) -> tuple[str, str] | None:
        return placing.click(rules, text, key)

    def build(self, rules: Ruleset, colours: Sequence[Colour]) -> None:
        super().build(rules, colours)
        self.clear()
        sa: StayAliveRules = rules.family
        self.sa = sa
        self.rows, self.columns = sa.rows, sa.columns
        self.positions: dict[str, int] = {s.id: 0 for s in sa.slides}
        self.slides = {s.id: s for s in sa.slides}
        self.layout = Layout(sa, len(self.colours))
        self._slide_items: dict[str, Any] = {}
        self._knob_colours: dict[tuple[str, int], Colour] = {}  # (slide, end) -> colour, in drawing order
        self._knob_moving: dict[str, float] = {}  # slide -> position shown while it slides
        half_w, half_h = self.columns / 2, self.rows / 2
        edge = OVERHANG + 1.3  # room for the names of rows and slides beyond the knobs
        back = half_h + OVERHANG + 3.3  # room behind the board for the marbles still to place
        self._bounds = ((-half_w - edge, -half_h - edge, PLATE_Z - 0.3), (half_w + edge, back, TOP + 2 * MARBLE))
        for plate in self.layout.label_plates(edge):
            self.add(plate)
        table = meshes.box((-half_w - edge, -half_h - edge, PLATE_Z - 0.3), (half_w + edge, back, PLATE_Z - 0.01))
        self.add(self.mesh(table, BASE))
        for slide in sa.slides:
            item = self.add(self.mesh(self.layout.slide_mesh(slide, 0), RED_LAYER if slide.layer is Layer.RED else WHITE_LAYER))
            self._slide_items[slide.id] = item
            for end in (1, -1):
                self._knob_colours[(slide.id, end)] = KNOB_IDLE
        # all knobs are one mesh (one draw call): rebuilt when one moves or changes colour
        self._knob_template = meshes.sphere(KNOB, 10, 14)
        self._knobs = self.add(self.mesh(self._knob_template, KNOB_IDLE, smooth=True))
        # the marks on the cells where a marble may be placed: one mesh, rebuilt when they change
        self._markers = self.add(self.mesh(meshes.box((0, 0, 0), (0, 0, 0)), CELL_LEGAL))
        self._marked: tuple[tuple[tuple[int, int], Colour], ...] = ()
        self._markers.hide()
        self._marble_mesh = meshes.sphere(MARBLE, 14, 20)
        # marbles at rest (on the grid, or waiting behind the board) are one mesh; a marble in
        # flight (placed, falling) is a separate item while it moves
        self._resting: dict[tuple[int, int], int] = {}  # cell -> seat
        self._neutral: list[tuple[int, int]] = []  # cells of neutral marbles (owned by no one), drawn grey
        self._waiting = [0] * len(self.colours)  # per seat, marbles still to place
        self._rest_item = self.add(self.mesh(self._marble_mesh, BASE, smooth=True))
        self._rest_item.hide()
        self._flyers: Pool[Any] = Pool(self._new_flyer, lambda item: item.hide())  # marbles in flight
        self.cell_marker = ring(self, 0.4, 0.49)
        self.knob_marker = ring(self, KNOB * 1.25, KNOB * 2.1)
        self.cell_selection = self._selection_ring(0.29, 0.345, 0.4)  # inside the last-move ring
        self.knob_selection = self._selection_ring(KNOB * 2.1, KNOB * 2.5, KNOB * 2.9)  # outside it
        self._place_slides()

    def _selection_ring(self, inner: float, middle: float, outer: float) -> tuple[Marker, Marker]:
        """The two bands of a selection ring (`SELECTION`), hidden."""
        bands = ring(self, inner, middle), ring(self, middle, outer)
        for band, colour in zip(bands, SELECTION):
            band.item.setColor(colour)
        return bands

    def _place_slides(self, only: str | None = None, progress: float = 1.0, towards: int | None = None) -> None:
        """Redraw the knobs: at their slide's position, or part way to `towards` for `only`."""
        if only is not None and towards is not None and progress < 1.0:
            pos = self.positions[only]
            self._knob_moving[only] = pos + (towards - pos) * progress
        elif only is not None:
            self._knob_moving.pop(only, None)
        else:
            self._knob_moving.clear()
        centres, colours = [], []
        for (sid, end), colour in self._knob_colours.items():
            centres.append(self.layout.knob_centre(self.slides[sid], end, self._knob_moving.get(sid, self.positions[sid])))
            colours.append(colour)
        self._knobs.setMeshData(meshdata=meshes.merged_copies(self._knob_template, np.array(centres), np.array(colours)))

    # Showing a position ----------------------------------------------------------------------
    def show(self, view: StayAliveView) -> None:
        for sid, pos in view.slides:
            if sid in self.slides and (self.positions[sid] != pos or not self._slide_items[sid].opts.get("_built")):
                self.positions[sid] = pos
                self._rebuild_slide(sid)
        self._place_slides()
        self._resting = {}
        for r, row in enumerate(view.grid):
            for c, seat in enumerate(row):
                if seat is not None:
                    self._resting[(r, c)] = seat
        self._neutral = [parse_cell(cell, len(view.grid), len(view.grid[0])) for cell in view.neutral] if view.grid else []
        to_place = view.to_place
        self._waiting = [to_place[s] if s < len(to_place) else 0 for s in range(len(self.colours))]
        self._flyers.release_all()
        self._refresh_marbles()
        self._show_last_move()

    def _show_last_move(self) -> None:
        """The ring round the cell of the last marble placed, or round the knob last pulled."""
        self.cell_marker.hide()
        self.knob_marker.hide()
        last = last_move(self.session)
        move = last[1] if last is not None else None
        if isinstance(move, PlaceMove):
            x, y = self.layout.cell_xy(move.row, move.col)
            self.cell_marker.put(at(x, y, TOP))
        elif isinstance(move, SlideMove) and move.slide_id in self.slides:
            end = 1 if move.step > 0 else -1
            x, y, z = self.layout.knob_centre(self.slides[move.slide_id], end, self.positions[move.slide_id])
            self.knob_marker.put(at(x, y, z))

    def last_move_marker(self) -> Marker | None:
        """The last-move marker shown, if any."""
        return next((m for m in (self.cell_marker, self.knob_marker) if m.shown), None)

    def _rebuild_slide(self, sid: str) -> None:
        item = self._slide_items[sid]
        item.setMeshData(meshdata=self.layout.slide_mesh(self.slides[sid], self.positions[sid]))
        item.opts["_built"] = True
        item.resetTransform()

    def _refresh_marbles(self) -> None:
        """Redraw the mesh of the marbles at rest."""
        centres, colours = [], []
        for (r, c), seat in self._resting.items():
            x, y = self.layout.cell_xy(r, c)
            centres.append((x, y, TOP + MARBLE))
            colours.append(self.colours[seat % len(self.colours)])
        for r, c in self._neutral:
            x, y = self.layout.cell_xy(r, c)
            centres.append((x, y, TOP + MARBLE))
            colours.append(NEUTRAL)
        for seat, count in enumerate(self._waiting):
            for i in range(count):
                centres.append(self.layout.hand_position(seat, i))
                colours.append(self.colours[seat])
        self._rest_item.setVisible(bool(centres))
        if centres:
            self._rest_item.setMeshData(meshdata=meshes.merged_copies(self._marble_mesh, np.array(centres), np.array(colours)))

    def _flyer(self, seat: int) -> Any:
        """An item for a marble of `seat` in flight."""
        item = self._flyers.take()
        item.setColor(self.colours[seat % len(self.colours)])
        item.show()
        return item

    def _new_flyer(self) -> Any:
        return self.add(self.mesh(self._marble_mesh, BASE, smooth=True))

    def _land(self, item: Any) -> None:
        self._flyers.release(item)

    def waiting(self, seat: int) -> int:
        """How many marbles of `seat` are drawn waiting behind the board."""
        return self._waiting[seat] if seat < len(self._waiting) else 0

    def marble_position(self, row: int, col: int) -> tuple[float, float, float] | None:
        """Centre of the marble resting on (row, col), if one is drawn there."""
        if (row, col) not in self._resting:
            return None
        x, y = self.layout.cell_xy(row, col)
        return (x, y, TOP + MARBLE)

    # Events ---------------------------------------------------------------------------------
    def animate(self, event: Event) -> list[Step]:
        kind = event.kind
        if kind == "slide_moved":
            return [self._slide_step(event["slide"], event["from"], event["to"])]
        if kind == "marble_placed":
            return [self._place_step((event["row"], event["col"]), event["seat"])]
        if kind == "marble_fell":
            return [self._fall_step((event["row"], event["col"]), event["seat"])]
        if kind == "slides_set":
            return [Step(0.0, _still, partial(self._set_all, event))]
        return []

    def animate_all(self, events: Sequence[Event]) -> list[Step]:
        """As `animate`, but the marbles that one slide's move lets fall (consecutive `marble_fell`
        events) drop together, each `FALL_STAGGER` after the one before, not one after another."""
        steps: list[Step] = []
        for falling, run in groupby(events, key=lambda event: event.kind == "marble_fell"):
            drawn = [step for event in run for step in self.animate(event)]
            if falling and len(drawn) > 1:
                steps.append(together(drawn, FALL_STAGGER))
            else:
                steps.extend(drawn)
        return steps

    def _set_all(self, event: Event) -> None:
        for sid, pos in zip(event["slides"], event["positions"]):
            self.positions[sid] = pos
            self._rebuild_slide(sid)
        self._place_slides()

    def _slide_step(self, sid: str, old: int, new: int) -> Step:
        slide = self.slides[sid]
        item = self._slide_items[sid]
        axis = self.layout.axis(slide)

        def update(t: float) -> None:
            item.resetTransform()
            dx, dy, dz = axis * (new - old) * SHIFT * ease(t)
            item.translate(dx, dy, dz)
            self._place_slides(only=sid, progress=ease(t), towards=new)

        def done() -> None:
            self.positions[sid] = new
            self._rebuild_slide(sid)
            self._place_slides(only=sid)

        return Step(0.35, update, done)

    def _place_step(self, cell: tuple[int, int], seat: int) -> Step:
        """The marble leaves the row behind the board and arcs onto its cell."""
        x, y = self.layout.cell_xy(*cell)
        end = np.array([x, y, TOP + MARBLE])
        flight: dict[str, Any] = {}

        def start() -> None:
            left = self.waiting(seat)
            origin = self.layout.hand_position(seat, left - 1) if left else (x, y, TOP + MARBLE + 1.5)
            if left:
                self._waiting[seat] -= 1
                self._refresh_marbles()
            flight["origin"], flight["item"] = np.array(origin), self._flyer(seat)

        def update(t: float) -> None:
            k = ease(t)
            at = flight["origin"] + (end - flight["origin"]) * k
            flight["item"].resetTransform()
            flight["item"].translate(at[0], at[1], at[2] + 1.2 * 4 * k * (1 - k))

        def done() -> None:
            self._land(flight["item"])
            self._resting[cell] = seat
            self._refresh_marbles()

        return Step(0.4, update, done, start)

    def _fall_step(self, cell: tuple[int, int], seat: int) -> Step:
        """The marble drops through the opened cell, below the table."""
        x, y = self.layout.cell_xy(*cell)
        flight: dict[str, Any] = {}

        def start() -> None:
            self._resting.pop(cell, None)
            self._refresh_marbles()
            flight["item"] = self._flyer(seat)

        def update(t: float) -> None:
            flight["item"].resetTransform()
            flight["item"].translate(x, y, TOP + MARBLE + (FALL_Z - TOP - MARBLE) * t * t)

        return Step(0.45, update, lambda: self._land(flight["item"]), start)

    # Picking and highlighting ------------------------------------------------------------------
    def pickables(self) -> list[Pickable]:
        out = []
        for r in range(self.rows):
            for c in range(self.columns):
                x, y = self.layout.cell_xy(r, c)
                out.append(Pickable(("cell", r, c), (x, y, TOP), half=(0.45, 0.45, 0.08)))
        for sid, end in self._knob_colours:
            out.append(Pickable(("knob", sid, end), self.layout.knob_centre(self.slides[sid], end, self.positions[sid]), radius=KNOB * 1.6))
        return out

    def target_of(self, move: Move) -> Hashable | None:
        if isinstance(move, PlaceMove):
            return ("cell", move.row, move.col)
        if isinstance(move, SlideMove) and abs(move.step) == 1:  # a longer move (R3++) is typed, a click moves one position
            return ("knob", move.slide_id, move.step)
        return None

    def move_text(self, key: Hashable, view: StayAliveView) -> str | None:
        if not isinstance(key, tuple):
            return None
        if key[0] == "cell":
            return f"place {cell_name(key[1], key[2])}"
        if key[0] == "knob":
            return f"{key[1]}{'+' if key[2] > 0 else '-'}"
        return None

    def world_position(self, key: Hashable) -> tuple[float, float, float] | None:
        if isinstance(key, tuple) and key[0] == "cell":
            x, y = self.layout.cell_xy(key[1], key[2])
            return (x, y, TOP)
        if isinstance(key, tuple) and key[0] == "knob":
            return self.layout.knob_centre(self.slides[key[1]], key[2], self.positions[key[1]])
        return None

    def set_highlight(self, legal: set[Hashable], hover: Hashable | None) -> None:
        changed = False
        for sid, end in self._knob_colours:
            key = ("knob", sid, end)
            colour = HOVER if key == hover else KNOB_LEGAL if key in legal else KNOB_IDLE
            if self._knob_colours[(sid, end)] != colour:
                self._knob_colours[(sid, end)] = colour
                changed = True
        if changed:
            self._place_slides()
        marked = tuple(
            ((r, c), HOVER if ("cell", r, c) == hover else CELL_LEGAL)
            for r in range(self.rows)
            for c in range(self.columns)
            if ("cell", r, c) in legal or ("cell", r, c) == hover
        )
        if marked != self._marked:
            self._marked = marked
            self._markers.setVisible(bool(marked))
            if marked:
                self._markers.setMeshData(meshdata=self._marker_mesh(marked))
        self._show_selection(hover)

    def _show_selection(self, key: Hashable | None) -> None:
        """Ring the target `key` (a cell or a knob), or none."""
        where = self.world_position(key)
        for bands, kind in ((self.cell_selection, "cell"), (self.knob_selection, "knob")):
            for band in bands:
                if where is not None and isinstance(key, tuple) and key[0] == kind:
                    band.put(at(where[0], where[1], TOP))  # above both layers, a knob's ring too
                else:
                    band.hide()

    def selection_ring(self) -> tuple[Marker, Marker] | None:
        """The selection ring shown (its black and its white band), if any."""
        return next((bands for bands in (self.cell_selection, self.knob_selection) if bands[0].shown), None)

    def _marker_mesh(self, marked: Sequence[tuple[tuple[int, int], Colour]]) -> Any:
        parts, colours = [], []
        for (r, c), colour in marked:
            x, y = self.layout.cell_xy(r, c)
            verts, tris = meshes.box_arrays((x - 0.2, y - 0.2, TOP), (x + 0.2, y + 0.2, TOP + 0.025))
            parts.append((verts, tris))
            colours.append(np.tile(np.asarray(colour, dtype=float), (len(verts), 1)))
        md = meshes.merge(parts)
        md.setVertexColors(np.concatenate(colours))
        return md

    def describe(self, view: StayAliveView) -> list[str]:
        out = []
        for seat, (cells, to_place) in enumerate(zip(view.marbles, view.to_place)):
            if seat in view.out:
                out.append("out")
            elif to_place:
                out.append(f"{len(cells)} on the grid, {to_place} to place")
            else:
                out.append(f"{len(cells)} left")
        return out

    def camera_presets(self) -> CameraPresets:
        """The table with its printed names and the marbles waiting behind it; the seats round it."""
        return CameraPresets(self._bounds, HOME_ELEVATION, -90.0, seat_azimuths(len(self.colours)), SEAT_ELEVATION)


def _still(_t: float) -> None:
    """A step that changes nothing while it runs (its `done` does the work)."""
