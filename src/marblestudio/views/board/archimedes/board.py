"""Rock Me Archimedes in 3D: the long board of cups on its rocker, the platform, the table.

The board tilts to the engine's angle (`public_view().angle`, and each `board_tilted` event)
and swings when the ruleset says so; faint red lines mark the angle at which an end touches the
table.  To play: click an empty midzone cup to add a marble, or the die (or the "roll" pad) to
roll; then click one of your marbles (rings mark those that can move) and a destination cup.
Hovering a destination previews the path (dots coloured from safe to touching) and a bar along
the board's front edge at the steepest angle the move would bring; while a marble is to move, the
"roll" and "lift" pads choose rolling it along the grooves or lifting it.  A pad that can do
nothing now lies dark and flat with a dim label.  A magenta ring marks the last move: round the
cup it placed or moved a marble to, or round the die it rolled.  Among several paths to one cup, the click takes
the one whose steepest angle is smallest.  The arrow keys and Enter select and click the same
pieces.  Cups are named as in the notation (b8): the rows across the board are numbered on the
table in front of it, and the lines of cups along it are lettered beyond both ends (a nearest),
in line with their cups as the board rocks.  Neutral marbles (the house rule
`archimedes.neutral`, seat -1 in the view) are grey.
The die shows the roll in use (the view's `die`), and is blank between rolls.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import Any

import pyqtgraph.opengl as gl
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QMatrix4x4

from marblestudio.engine.archimedes import ArchimedesView, End, LiftMarble, Phase, Place, Roll, RollMarble, cup_name, parse_cup
from marblestudio.engine.archimedes.rules import NEUTRAL, ArchimedesRules, Carrying, ZoneKind
from marblestudio.engine.cells import column_name  # the letters of cups, as of Stay Alive's cells (b8)
from marblestudio.engine.core import Move
from marblestudio.engine.rules import Ruleset
from marblestudio.views.board import meshes
from marblestudio.views.board.archimedes.layout import DIE, MARBLE, Geometry, disc_mesh, pip_offsets, rocker_mesh
from marblestudio.views.board.archimedes.motion import Motion, Point
from marblestudio.views.board.archimedes.preview import Preview
from marblestudio.views.board.base import BoardView, Colour
from marblestudio.views.board.camera import CameraPresets
from marblestudio.views.board.label_fit import BoardTexts, FittedText, flat_slot
from marblestudio.views.board.last_move import LIFT, Marker, at, last_move, ring
from marblestudio.views.board.picking import Pickable

WOOD: Colour = (0.72, 0.53, 0.32, 1.0)
ROCKER: Colour = (0.55, 0.38, 0.22, 1.0)
PLATFORM: Colour = (0.45, 0.31, 0.19, 1.0)
TABLE: Colour = (0.16, 0.28, 0.22, 1.0)
CUP: Colour = (0.33, 0.22, 0.12, 1.0)
MIDZONE: Colour = (0.86, 0.76, 0.55, 1.0)
TOUCHED: Colour = (0.9, 0.12, 0.1, 1.0)
DIE_FACE: Colour = (0.95, 0.93, 0.88, 1.0)
PIP: Colour = (0.08, 0.08, 0.08, 1.0)
LEGAL: Colour = (0.55, 0.85, 0.6, 1.0)
HOVER: Colour = (0.3, 1.0, 0.55, 1.0)
MOVABLE: Colour = (0.95, 0.75, 0.2, 1.0)
IDLE_PAD: Colour = (0.42, 0.42, 0.46, 1.0)
INERT_PAD: Colour = (0.2, 0.25, 0.22, 1.0)  # nearly the table: a pad that does nothing now
PAD_TEXT = QColor(235, 235, 235)
INERT_TEXT = QColor(110, 122, 115)
ROW_TEXT = QColor(225, 225, 225)
CENTRED = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter
PAD_LABEL, ROW_NUMBER = 80, 50  # which texts keep their size when they compete for room
NUMBER_HALF = (0.42, 0.17)  # half the width and depth of the strip of the table a row number may fill
LETTER_HALF = (0.35, 0.35)  # and round a column letter (the numbers' size is theirs: one group)
LIMIT: Colour = (1.0, 0.3, 0.25, 0.45)
NEUTRAL_MARBLE: Colour = (0.55, 0.56, 0.58, 1.0)  # a neutral marble (the house rule `archimedes.neutral`): nobody's colour
HOME_ELEVATION = 52.0  # the default view: from the front, high enough that cups are round ovals
SEAT_ELEVATION = 45.0
SEAT_TURN = 40.0  # "from my seat": turned this far from the front towards the seat's end zone


class Board(Motion, Preview, BoardView[ArchimedesView]):
    """The Rock Me Archimedes board."""

    family = "archimedes"

    def build(self, rules: Ruleset, colours: Sequence[Colour]) -> None:
        super().build(rules, colours)
        self.clear()
        family: ArchimedesRules = rules.family
        self.family_rules = family
        self.geo = geo = Geometry.of(family)
        self.angle = 0.0
        self._attached: list[tuple[Any, QMatrix4x4]] = []  # items that rock with the board
        self._marbles: dict[tuple[int, int], Any] = {}
        self._pool: list[Any] = []
        self._supply: list[Any] = []  # the marbles still to add, on the table
        self._refreshing = False
        self._selected: tuple[int, int] | None = None
        self._movable: set[tuple[int, int]] = set()
        self._mode = "lift" if family.carrying is Carrying.LIFT_ONLY else "roll"
        self._marble_mesh = meshes.sphere(MARBLE, 12, 18)
        self.texts = BoardTexts(self.scene)
        self._build_static(geo)
        self._build_board(geo, family)
        self._build_die(geo)
        self._build_letters(geo)
        self.cup_marker = ring(self, 0.36, 0.47)
        self._rock_with_board(self.cup_marker.item)
        self.die_marker = ring(self, DIE * 0.8, DIE * 1.05)
        self.build_preview(geo)
        self.reset_plan()
        self.pose()

    # Building ------------------------------------------------------------------------------
    def _build_static(self, geo: Geometry) -> None:
        half_l, half_w = geo.half_length, geo.half_width
        table_z = -geo.drop
        self.add(self.mesh(meshes.box((-half_l - 3, -half_w - 4, table_z - 0.4), (half_l + 3, half_w + 3, table_z)), TABLE))
        if geo.platform and geo.drop > 0:
            self.add(self.mesh(meshes.box((-3.0, -half_w - 0.3, table_z), (3.0, half_w + 0.3, 0.0)), PLATFORM))
        if geo.touch_angle is not None:  # faint red bars where the board's underside would touch
            for sign in (1, -1):
                x0, x1 = sorted((0.0, sign * half_l))
                bar = meshes.box((x0, -half_w - 0.06, geo.end_height - 0.04), (x1, -half_w - 0.02, geo.end_height))
                limit = self.add(self.mesh(bar, LIMIT))
                limit.setGLOptions("translucent")
                limit.setTransform(geo.transform(sign * geo.touch_angle))
        for row in range(geo.rows):
            x, _ = geo.cup_xy(row, 0)
            number = self._text(ROW_NUMBER, (x, -half_w - 0.9, table_z + 0.05), *NUMBER_HALF, (str(row + 1),), ROW_TEXT)
            number.group = "rows"  # one size for all, the column letters' too

    def _build_board(self, geo: Geometry, family: ArchimedesRules) -> None:
        half_l, half_w = geo.half_length, geo.half_width
        self._attach(self.mesh(meshes.box((-half_l + 0.25, -half_w, geo.end_height), (half_l - 0.25, half_w, geo.top)), WOOD))
        self._ends = {}
        for end, x0, x1 in (("low", -half_l, -half_l + 0.25), ("high", half_l - 0.25, half_l)):
            self._ends[end] = self._attach(self.mesh(meshes.box((x0, -half_w, geo.end_height), (x1, half_w, geo.top + 0.06)), WOOD))
        self._attach(self.mesh(rocker_mesh(geo, 2 * half_w * 0.7), ROCKER))
        zone_colour: dict[tuple[int, int], Colour] = {}
        for zone in family.zones:
            tint = MIDZONE if zone.kind is ZoneKind.MIDZONE else self._dim(self.colours[zone.seat or 0])
            for cup in zone.cups():
                zone_colour[cup] = tint
        pads: dict[Colour, list[tuple[tuple[float, float, float], tuple[float, float, float]]]] = {}
        for cup, tint in zone_colour.items():
            x, y = geo.cup_xy(*cup)
            pads.setdefault(tint, []).append(((x - 0.48, y - 0.48, geo.top), (x + 0.48, y + 0.48, geo.top + 0.01)))
        for tint, boxes in pads.items():
            self._attach(self.mesh(meshes.boxes(boxes), tint))
        cups = [(*geo.cup_xy(row, column), geo.top + 0.01) for row in range(geo.rows) for column in range(geo.columns)]
        self._attach(self.mesh(meshes.copies(disc_mesh(0.3, 0.02), cups), CUP))  # every cup: one draw
        self._markers: dict[tuple[int, int], Any] = {}
        ring = disc_mesh(0.42, 0.015)
        for row in range(geo.rows):
            for column in range(geo.columns):
                x, y = geo.cup_xy(row, column)
                marker = self._attach(self.mesh(ring, LEGAL), (x, y, geo.top + 0.012))
                marker.hide()
                self._markers[(row, column)] = marker

    def _build_letters(self, geo: Geometry) -> None:
        """The letters of the lines of cups along the board (a, b, c), beyond both of its ends,
        in line with their cups: they rock with the board (`pose`), at the row numbers' size."""
        self._letters: list[tuple[FittedText, Point]] = []
        for end in (-1, 1):
            for column in range(geo.columns):
                local = geo.letter_xyz(column, end)
                letter = self._text(ROW_NUMBER, local, *LETTER_HALF, (column_name(column),), ROW_TEXT)
                letter.group = "rows"
                self._letters.append((letter, local))

    def _build_die(self, geo: Geometry) -> None:
        table_z = -geo.drop
        self._die_at = (geo.half_length - 1.5, -geo.half_width - 2.2, table_z + DIE / 2)
        self._die = self.add(self.mesh(meshes.box((-DIE / 2,) * 3, (DIE / 2,) * 3), DIE_FACE))
        self._pips = self.add(self.mesh(meshes.box((0, 0, 0), (0.01, 0.01, 0.01)), PIP))
        self._die_value: int | None = None
        self._pads: dict[str, Any] = {}
        self._pad_texts: dict[str, Any] = {}
        modes = ["lift"] if self.family_rules.carrying is Carrying.LIFT_ONLY else ["roll", "lift"]
        for i, mode in enumerate(modes):
            x, y = -geo.half_length + 1.0 + 1.4 * i, -geo.half_width - 2.2
            pad = self.add(self.mesh(meshes.box((x - 0.5, y - 0.4, table_z), (x + 0.5, y + 0.4, table_z + 0.12)), INERT_PAD))
            pad.opts["_centre"] = (x, y, table_z + 0.06)
            self._pads[mode] = pad
            self._pad_texts[mode] = self._text(PAD_LABEL, (x, y - 0.72, table_z + 0.02), 0.65, 0.2, (mode,), INERT_TEXT).item
        self.show_die(None)

    def _text(self, priority: int, at: Point, half_width: float, half_height: float, wordings: tuple[str, ...],
              colour: QColor) -> FittedText:
        """A text on the table, sized for a strip of it (label_fit)."""
        item = gl.GLTextItem(color=colour, font=QFont("DejaVu Sans", 10), alignment=CENTRED)
        return self.fitted_text(item, priority, at, half_width, half_height, wordings, bold=False)

    def _attach(self, item: Any, at: Point | None = None) -> Any:
        """Add `item` to the scene, rocking with the board (at `at` in the board's frame)."""
        self.add(item)
        return self._rock_with_board(item, at)

    def _rock_with_board(self, item: Any, at: Point | None = None) -> Any:
        """Make `item` (in the scene already) rock with the board; its place in the board's
        frame is the matrix `item.opts["_local"]`, changed in place to move it."""
        local = QMatrix4x4()
        if at is not None:
            local.translate(*at)
        self._attached.append((item, local))
        item.opts["_local"] = local
        return item

    @staticmethod
    def _dim(colour: Colour) -> Colour:
        r, g, b, _ = colour
        return (0.55 * r + 0.45 * 0.86, 0.55 * g + 0.45 * 0.76, 0.55 * b + 0.45 * 0.55, 1.0)

    # Posing (used by the motion mixin) -----------------------------------------------------------
    def pose(self) -> None:
        """Put every piece that rocks with the board where the current angle says."""
        world = self.geo.transform(self.angle)
        for item, local in self._attached:
            item.setTransform(world * local)
        for item in self._marbles.values():
            item.setTransform(world * item.opts["_local"])
        for item in self.planned_items():
            item.setTransform(world * item.opts["_local"])
        for text, point in self._letters:
            text.set(text.wordings, flat_slot(self.geo.to_world(self.angle, point), *LETTER_HALF))

    def set_local(self, item: Any, point: Point) -> None:
        local = QMatrix4x4()
        local.translate(*point)
        item.opts["_local"] = local

    def marble_item(self, cup: tuple[int, int]) -> Any:
        """The marble item on `cup` in the position shown, if any."""
        return self._marbles.get(cup)

    def marble_colour(self, seat: int) -> Colour:
        """The colour of `seat`'s marbles; a neutral marble's (`NEUTRAL`) is grey."""
        return NEUTRAL_MARBLE if seat == NEUTRAL else self.colours[seat % len(self.colours)]

    def new_marble(self, seat: int) -> Any:
        colour = self.marble_colour(seat)
        item = self._pool.pop() if self._pool else self.add(self.mesh(self._marble_mesh, colour, smooth=True))
        item.setColor(colour)
        item.opts["_local"] = QMatrix4x4()
        item.show()
        return item

    def show_die(self, value: int | None, spin: float = 0.0) -> None:
        if value is not None and value != self._die_value:
            self._die_value = value
            half = DIE / 2
            pips = [((x * half - 0.05, y * half - 0.05, half), (x * half + 0.05, y * half + 0.05, half + 0.02)) for x, y in pip_offsets(value)]
            self._pips.setMeshData(meshdata=meshes.boxes(pips))
        for item in (self._die, self._pips):
            m = QMatrix4x4()
            m.translate(*self._die_at)
            m.rotate(spin, 0.6, 0.3, 1.0)
            item.setTransform(m)
        self._pips.setVisible(self._die_value is not None)

    def flash_end(self, end: str | None) -> None:
        for name, item in self._ends.items():
            item.setColor(TOUCHED if name == end or end == "either" else WOOD)

    # Showing a position --------------------------------------------------------------------------
    def show(self, view: ArchimedesView) -> None:
        touched = view.touched
        limit = self.geo.touch_angle or 0.0
        self.angle = limit if touched is End.HIGH else -limit if touched is End.LOW else view.angle
        self.flash_end(None if touched is None else touched.value)
        for item in [*self._marbles.values(), *self.planned_items()]:  # disjoint: a show() starts a new plan
            item.hide()
            self._pool.append(item)
        self._marbles = {}
        for name, seat in view.cups:
            cup = parse_cup(name)
            item = self.new_marble(seat)
            x, y = self.geo.cup_xy(*cup)
            self.set_local(item, (x, y, self.geo.marble_z))
            self._marbles[cup] = item
        self._show_supply(view.supply)
        if view.die is None:
            self._die_value = None  # no roll in use: a blank die, whatever was rolled before
        self.show_die(view.die)
        self.reset_plan()
        self._update_choices()
        self._show_last_move()
        self.pose()

    def _show_last_move(self) -> None:
        """The ring round the cup of the last marble placed or moved, or round the die rolled."""
        self.cup_marker.hide()
        self.die_marker.hide()
        last = last_move(self.session)
        move = last[1] if last is not None else None
        cup = move.cup if isinstance(move, Place) else move.dest if isinstance(move, (RollMarble, LiftMarble)) else None
        if cup is not None:
            x, y = self.geo.cup_xy(*cup)
            local = self.cup_marker.item.opts["_local"]
            local.setToIdentity()
            local.translate(x, y, self.geo.top + LIFT)
            self.cup_marker.item.show()  # placed by pose(), with the board
        elif isinstance(move, Roll):
            x, y, _ = self._die_at
            self.die_marker.put(at(x, y, -self.geo.drop))

    def last_move_marker(self) -> Marker | None:
        """The last-move marker shown, if any."""
        return next((m for m in (self.cup_marker, self.die_marker) if m.shown), None)

    def _show_supply(self, supply: Sequence[int]) -> None:
        """Each player's marbles still to add, in two rows on the table in front, on their side."""
        for item in self._supply:
            item.hide()
        table_z = -self.geo.drop
        used = 0
        for seat, count in enumerate(supply):
            side = -1 if seat == 0 else 1
            for i in range(count):
                if used == len(self._supply):
                    self._supply.append(self.add(self.mesh(self._marble_mesh, self.colours[seat], smooth=True)))
                item = self._supply[used]
                used += 1
                item.setColor(self.colours[seat % len(self.colours)])
                item.resetTransform()
                x = side * (0.6 + 0.7 * (i // 2))
                item.translate(x, -self.geo.half_width - 2.5 - 0.7 * (i % 2), table_z + MARBLE)
                item.show()

    def animate(self, event: Any) -> list[Any]:
        return self.plan(event)

    # Choosing a move ------------------------------------------------------------------------------
    def _state(self) -> Any:
        """The game when a person is to choose a move in it (None while chance or the computer moves)."""
        session = self.session  # set by GameView
        if session is None or session.is_over() or not session.waiting_for_human() or not self.scene.accepts_clicks():
            return None
        return session.state

    def _update_choices(self) -> None:
        """The marbles that can move now, the selection, and the move each destination makes."""
        state = self._state()
        moves = [m for m in state.legal_moves() if isinstance(m, (RollMarble, LiftMarble))] if state is not None else []
        self._movable = {m.start for m in moves}
        if self._selected not in self._movable:
            self._selected = next(iter(self._movable)) if len(self._movable) == 1 else None
        if self._mode == "roll" and self._selected is not None and not any(
            isinstance(m, RollMarble) and m.start == self._selected for m in moves
        ):
            self._mode = "lift"
        kind = RollMarble if self._mode == "roll" else LiftMarble
        mine = [m for m in moves if isinstance(m, kind) and m.start == self._selected]
        self.choose_paths(state, mine)

    def _refresh_targets(self) -> bool:
        """Offer the scene the cups and die that make moves, and the marbles one may pick up.

        A marble is not a move by itself, so GameView does not list it; adding it here lets the
        mouse highlight it and the keyboard select it, and a click on it selects (`move_text`).
        False when no person is to move now (nothing offered).
        """
        state = self._state()
        if state is None or self.scene.clock.is_running():
            return False
        legal: dict[Hashable, Any] = {("marble", cup): "select" for cup in sorted(self._movable)}
        legal.update(self._pad_targets(state))
        for move in state.legal_moves():
            key = self.target_of(move)
            if key is not None:
                legal[key] = move
        self._refreshing = True
        try:
            self.scene.set_legal(legal)
        finally:
            self._refreshing = False
        return True

    def _pad_targets(self, state: Any) -> dict[Hashable, Any]:
        """The pads that do something now, each with what: the "roll" pad rolls the die when
        rolling is a legal move; while a marble is to move, a pad chooses rolling or lifting it
        when such moves exist (the pad of the mode chosen already is not a target)."""
        if state is None:
            return {}
        out: dict[Hashable, Any] = {}
        moves = state.legal_moves()
        roll = next((m for m in moves if isinstance(m, Roll)), None)
        if roll is not None and "roll" in self._pads:
            out[("mode", "roll")] = roll
        if self._movable:
            kinds = {"roll" if isinstance(m, RollMarble) else "lift" for m in moves
                     if isinstance(m, (RollMarble, LiftMarble)) and self._selected in (None, m.start)}
            for mode in kinds - {self._mode}:
                if mode in self._pads:
                    out[("mode", mode)] = "choose"
        return out

    def target_of(self, move: Move) -> Hashable | None:
        if isinstance(move, Place):
            return ("cup", move.cup)
        if isinstance(move, Roll):
            return ("die",)
        if isinstance(move, (RollMarble, LiftMarble)) and self._choice.get(move.dest) == move:
            return ("cup", move.dest)
        return None

    def move_text(self, key: Hashable, view: ArchimedesView) -> str | None:
        if not isinstance(key, tuple) or not key:
            return None
        state = self._state()
        if key[0] == "mode":
            what = self._pad_targets(state).get(key)
            if isinstance(what, Roll):
                return str(what)  # the "roll" pad rolls the die, as a click on the die does
            if what is not None:
                self._mode = key[1]
                self._update_choices()
                self._refresh_targets()
            return None
        if key[0] == "marble":
            cup = key[1]
            if cup in self._movable:
                self._selected = cup
                self._update_choices()
                self._refresh_targets()
                return None
            return f"{cup_name(cup)}^{cup_name(cup)}/1"  # the engine names the rule: not yours, moved, ...
        if key[0] == "cup":
            if state is not None and view.phase is Phase.MOVING and self._selected is not None:
                return f"{cup_name(self._selected)}^{cup_name(key[1])}/{view.remaining}"
            return f"place {cup_name(key[1])}"
        if key[0] == "die":
            return "roll"
        return None

    def pickables(self) -> list[Pickable]:
        geo = self.geo
        out = []
        for row in range(geo.rows):
            for column in range(geo.columns):
                x, y = geo.cup_xy(row, column)
                out.append(Pickable(("cup", (row, column)), geo.to_world(self.angle, (x, y, geo.top)), half=(0.45, 0.45, 0.12)))
        for cup in self._marbles:
            x, y = geo.cup_xy(*cup)
            out.append(Pickable(("marble", cup), geo.to_world(self.angle, (x, y, geo.marble_z)), radius=MARBLE * 1.15))
        out.append(Pickable(("die",), self._die_at, half=(DIE / 2 + 0.05,) * 3))
        for mode, pad in self._pads.items():
            out.append(Pickable(("mode", mode), pad.opts["_centre"], half=(0.5, 0.4, 0.1)))
        return out

    def world_position(self, key: Hashable) -> tuple[float, float, float] | None:
        if isinstance(key, tuple) and key and key[0] == "cup":
            x, y = self.geo.cup_xy(*key[1])
            return self.geo.to_world(self.angle, (x, y, self.geo.top))
        return super().world_position(key)

    def set_highlight(self, legal: set[Hashable], hover: Hashable | None) -> None:
        missing = any(("marble", cup) not in legal for cup in self._movable) or any(
            key not in legal for key in self._pad_targets(self._state())
        )
        if missing and not self._refreshing and self._refresh_targets():
            return  # GameView listed only the moves; the scene was given the marbles too, and drew them
        for cup, marker in self._markers.items():
            key = ("cup", cup)
            if key == hover or ("marble", cup) == hover:
                marker.setColor(HOVER)
            elif cup == self._selected:
                marker.setColor(HOVER)
            elif cup in self._movable:
                marker.setColor(MOVABLE)
            else:
                marker.setColor(LEGAL)
            marker.setVisible(key in legal or key == hover or cup in self._movable or ("marble", cup) == hover)
        self._die.setColor(HOVER if hover == ("die",) else MOVABLE if ("die",) in legal else DIE_FACE)
        choosing = len(self._pads) > 1 and bool(self._movable) and self._state() is not None  # the mode shows
        for mode, pad in self._pads.items():
            pad_key = ("mode", mode)
            if pad_key == hover and pad_key in legal:
                colour, text = HOVER, PAD_TEXT
            elif pad_key in legal and mode == "roll" and ("die",) in legal:
                colour, text = MOVABLE, PAD_TEXT  # rolls the die
            elif choosing and mode == self._mode:
                colour, text = MOVABLE, PAD_TEXT  # the mode chosen
            elif pad_key in legal:
                colour, text = IDLE_PAD, PAD_TEXT  # the other mode, to choose
            else:
                colour, text = INERT_PAD, INERT_TEXT
            pad.setColor(colour)
            self._pad_texts[mode].setData(color=text)
        dest = hover[1] if isinstance(hover, tuple) and hover and hover[0] == "cup" and hover in legal else None
        self.show_preview(dest)

    def describe(self, view: ArchimedesView) -> list[str]:
        """Each seat's marbles to place and home: in the end zone that counts most for its win
        (its own; in variation 2 whichever end zone holds more of its marbles)."""
        out = []
        for seat, left in enumerate(view.supply):
            mine = [parse_cup(n) for n, s in view.cups if s == seat]
            home = max((sum(1 for cup in mine if zone.contains(*cup)) for zone in self.family_rules.win_zones(seat)), default=0)
            out.append(f"{left} to place, {home} home")
        return out

    def camera_presets(self) -> CameraPresets:
        """The board at any tilt up to the touching angle, its row numbers, and in front the
        marbles to place, the die and the pads (the column letters beyond the board's ends are
        in view too: they stand further back than the box's front corners, which reach wider on
        the screen).  Both players sit at the front, each on the side of their own end zone."""
        geo = self.geo
        limit = math.radians(geo.touch_angle if geo.touch_angle is not None else 15.0)
        lo = (-geo.half_length - 0.3, -geo.half_width - 3.5, -geo.drop)
        hi = (geo.half_length + 0.3, geo.half_width + 0.3, geo.top + 2 * MARBLE + geo.half_length * math.sin(limit))
        seats = []
        for seat in range(len(self.colours)):
            zone = self.family_rules.end_zone_of(seat)
            rows = [row for row, _ in zone.cups()] if zone is not None else []
            side = math.copysign(1.0, geo.cup_xy(round(sum(rows) / len(rows)), 0)[0]) if rows else 0.0
            seats.append(-90.0 + SEAT_TURN * side)
        return CameraPresets((lo, hi), HOME_ELEVATION, -90.0, tuple(seats), SEAT_ELEVATION)
