"""Avalanche in 3D: the inclined board of gates, held marbles, the trays, cards and hands.

Geometry is in `avalanche_layout`, the animated avalanche in `avalanche_motion`.  To drop a
marble the player chooses a colour (click a big marble on the trays at the right; the colour
is chosen for you when only one is possible, e.g. held marbles first) and then clicks a hole at
the top.  A hole's pick key carries the chosen colour, ("hole", number, colour index), so each
legal drop has its own key; `pass`, `out` and `stay` are buttons beside the trays, shown only
while they can be clicked.  A magenta ring marks the hole of the last drop.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import Any

from PySide6.QtGui import QMatrix4x4

from marblestudio.engine.avalanche.moves import Drop, GoOut, Pass
from marblestudio.engine.avalanche.rules import AvalancheRules
from marblestudio.engine.avalanche.view import AvalancheView, CardView
from marblestudio.engine.core import Event, Move
from marblestudio.engine.rules import Ruleset
from marblestudio.views.board import meshes
from marblestudio.views.board.animation import Step
from marblestudio.views.board.avalanche.layout import (
    CARD,
    INCLINE,
    MARBLE,
    ORIGIN,
    Layout,
    Point,
    spin_of,
    world,
)
from marblestudio.views.board.avalanche.motion import Motion
from marblestudio.views.board.base import BoardView, Colour
from marblestudio.views.board.camera import CameraPresets
from marblestudio.views.board.last_move import LIFT, Marker, last_move, ring
from marblestudio.views.board.label_fit import BoardTexts, FittedText
from marblestudio.views.board.labels import centred_text, font
from marblestudio.views.board.picking import Pickable
from marblestudio.views.board.pool import Pool
from marblestudio.views.palette import hex_to_rgba

PANEL: Colour = (0.82, 0.71, 0.52, 1.0)
RAIL: Colour = (0.45, 0.3, 0.18, 1.0)
TRAY: Colour = (0.25, 0.2, 0.16, 1.0)
HOLE_IDLE: Colour = (0.12, 0.1, 0.09, 1.0)
HOLE_LEGAL: Colour = (0.95, 0.75, 0.2, 1.0)
HOVER: Colour = (0.3, 1.0, 0.55, 1.0)
GATE: Colour = (0.93, 0.93, 0.9, 1.0)
PIN: Colour = (0.35, 0.35, 0.38, 1.0)
CARD_FACE: Colour = (0.96, 0.95, 0.9, 1.0)
TABLE: Colour = (0.16, 0.22, 0.18, 1.0)
HOME_ELEVATION = 38.0  # the default view: from the players' side, looking up the inclined board
SEAT_ELEVATION = 34.0
BUTTONS = (("pass",), ("out",), ("stay",))
BUTTON_TEXT = {("pass",): ("pass",), ("out",): ("go out", "out"), ("stay",): ("stay in", "stay")}
BUTTON, COUNT, SEAT = 90, 60, 50  # which texts keep their size when they compete for room


def _dim(colour: Colour, by: float) -> Colour:
    return (colour[0] * by, colour[1] * by, colour[2] * by, 1.0)


class Board(BoardView[AvalancheView]):
    """The Avalanche board."""

    family = "avalanche"

    def build(self, rules: Ruleset, colours: Sequence[Colour]) -> None:
        super().build(rules, colours)
        self.clear()
        av: AvalancheRules = rules.family
        self.av = av
        self.players = len(colours)
        self.layout = Layout(av, self.players, av.game.cards_per_player)
        self.marble_colours = [hex_to_rgba(c.display) for c in av.colours]
        self.tilts: dict[str, str] = {g.id: "left" for g in av.gates}
        self.held_items: dict[str, Any] = {}
        self.chosen: int | None = None
        self._colours_before: list[int] = []
        self._legal: set[Hashable] = set()
        self._hover: Hashable | None = None
        self._marbles: Pool[Any] = Pool(self._new_marble, lambda item: item.hide())
        self._card_ids: list[list[str]] = []
        self._card_items: list[Any] = []
        self._hand_items: list[list[tuple[str, Any]]] = []
        self._marble_mesh = meshes.sphere(MARBLE, 12, 16)
        self.motion = Motion(self)
        self.texts = BoardTexts(self.scene)
        self._build_board()
        self._build_table()
        self.hole_marker = ring(self, 0.33, 0.42)
        self.listen_for_picks(self._on_picked)

    # Building ------------------------------------------------------------------------------------
    def _local_item(self, meshdata: Any, colour: Colour, at: Point = (0.0, 0.0, 0.0), spin: float = 0.0) -> Any:
        item = self.add(self.mesh(meshdata, colour))
        self._place_local(item, at, spin)
        return item

    @staticmethod
    def _place_local(item: Any, at: Point, spin: float = 0.0) -> None:
        """Put `item` (a mesh made in the board's local frame) at local point `at`, turned by `spin`."""
        item.resetTransform()
        if spin:
            item.rotate(spin, 0, 0, 1)
        item.translate(*at)
        item.rotate(INCLINE, 1, 0, 0)
        item.translate(*ORIGIN)

    def _build_board(self) -> None:
        lay = self.layout
        w, bottom = lay.half_width, lay.tray_y - 0.45
        self._local_item(meshes.box((-w, bottom, -0.25), (w, 0.8, 0.0)), PANEL)
        rails = [((-w - 0.15, bottom, -0.25), (-w, 0.8, 0.35)), ((w, bottom, -0.25), (w + 0.15, 0.8, 0.35)),
                 ((-w - 0.15, 0.8, -0.25), (w + 0.15, 0.95, 0.35))]
        self._local_item(meshes.boxes(rails), RAIL)
        self._local_item(meshes.box((-w, bottom, 0.0), (w, lay.tray_y + 0.35, 0.06)), TRAY)
        self._local_item(meshes.box((-w, bottom - 0.15, -0.25), (w, bottom, 0.4)), RAIL)
        # the easel under the board and the table
        front = min(lay.seat_label(s)[1] for s in range(self.players)) - 1.1
        self.add(self.mesh(meshes.box((-w - 4, front, -0.3), (w + 6.5, 5.0, 0.0)), TABLE))
        foot = world((0.0, lay.tray_y - 0.5, -0.25))
        self.add(self.mesh(meshes.box((-w * 0.6, foot[1] - 0.1, 0.0), (w * 0.6, ORIGIN[1] + 0.4, 0.12)), RAIL))
        self.hole_items = []
        rim = meshes.cylinder(0.27, 0.06, 20)
        for number in range(1, len(self.av.holes) + 1):
            x, y, _ = lay.hole(number)
            self.hole_items.append(self._local_item(rim, HOLE_IDLE, (x, y, 0.03)))
        bar = meshes.boxes([((-0.52, -0.045, 0.0), (0.52, 0.045, 0.2)),
                            ((-0.56, -0.045, 0.0), (-0.46, 0.22, 0.2)), ((0.46, -0.045, 0.0), (0.56, 0.22, 0.2))])
        self.gate_items: dict[str, Any] = {}
        for gate in self.av.gates:
            self.gate_items[gate.id] = self._local_item(bar, GATE, lay.gate(gate.id), spin_of("left"))
        pins = [(*lay.gate(gate.id)[:2], 0.15) for gate in self.av.gates]
        self._local_item(meshes.copies(meshes.cylinder(0.07, 0.3, 10), pins), PIN)  # every gate's pin: one draw

    def _build_table(self) -> None:
        lay = self.layout
        self.chooser_items, self.count_texts, self.chooser_marks = [], [], []
        self.tray_counts: dict[str, int] = {}
        for c, colour in enumerate(self.marble_colours):
            x, y, z = lay.bin_centre(c)
            self.add(self.mesh(meshes.box((x - 0.75, y - 0.6, 0.0), (x + 0.75, y + 0.6, z)), _dim(colour, 0.55)))
            mark = self.add(self.mesh(meshes.cylinder(0.5, 0.04, 24), HOVER))
            mark.translate(x, y, z + 0.02)
            mark.hide()
            self.chooser_marks.append(mark)
            ball = self.add(self.mesh(meshes.sphere(MARBLE * 1.8, 14, 20), colour, smooth=True))
            ball.translate(*lay.chooser(c))
            self.chooser_items.append(ball)
            self.count_texts.append(self._text(COUNT, (x + 2.3, y, z + 0.2), 1.45, 0.42))
            self.count_texts[-1].group = "counts"  # one size and wording for the three
        self.button_items: dict[Hashable, tuple[Any, Any]] = {}
        for i, key in enumerate(BUTTONS):
            x, y, z = self._button_centre(i)
            box = self.add(self.mesh(meshes.box((x - 0.7, y - 0.28, 0.0), (x + 0.7, y + 0.28, 0.18)), HOLE_LEGAL))
            text = self._text(BUTTON, (x, y, 0.2), 0.62, 0.2, BUTTON_TEXT[key])
            box.hide()
            text.item.hide()
            self.button_items[key] = (box, text.item)
        self.seat_plates, self.seat_names, self.seat_texts = [], [], []
        for seat in range(self.players):
            x, y, z = lay.name_plate(seat)
            plate = self.add(self.mesh(meshes.box((x - lay.seat_width() / 2 + 0.1, y - 0.2, 0.0),
                                                  (x + lay.seat_width() / 2 - 0.1, y + 0.2, 0.06)), self.colours[seat]))
            self.seat_plates.append(plate)
            x, y, z = lay.seat_label(seat)
            half = lay.seat_width() / 2 - 0.15
            self.seat_names.append(self._text(SEAT, (x, y, z), half, 0.18, (self.seat_name(seat),)))
            self.seat_texts.append(self._text(SEAT - 1, (x, y - 0.45, z), half, 0.15))

    def _button_centre(self, index: int) -> Point:
        x, y, _ = self.layout.bin_centre(len(self.av.colours) - 1)
        return (x, y - 1.4 - index * 0.75, 0.09)

    def _text(self, priority: int, at: Point, half_width: float, half_height: float, wordings: Sequence[str] = ()) -> FittedText:
        """A text on the table, sized for a strip of it (label_fit)."""
        return self.fitted_text(centred_text(font(11)), priority, at, half_width, half_height, wordings)

    # Marbles ---------------------------------------------------------------------------------------
    def colour_number(self, name: str) -> int:
        return self.av.colour_index(name)

    def _new_marble(self) -> Any:
        return self.add(self.mesh(self._marble_mesh, (1, 1, 1, 1), smooth=True))

    def spare_marble(self, colour_name: str) -> Any:
        """A marble item of that colour (reused when one is spare), not yet shown."""
        item = self._marbles.take()
        item.setColor(self.marble_colours[self.colour_number(colour_name)])
        item.hide()
        return item

    def retire(self, item: Any) -> None:
        self._marbles.release(item)

    def _marble_at(self, colour_name: str, point: Point) -> Any:
        item = self.spare_marble(colour_name)
        item.resetTransform()
        item.translate(*point)
        item.show()
        return item

    def hide_hand_marble(self, seat: int, colour_name: str) -> None:
        """Take one marble of that colour out of the drawn hand (it is being dropped)."""
        hand = self._hand_items[seat] if seat < len(self._hand_items) else []
        for i, (name, item) in enumerate(hand):
            if name == colour_name:
                self.retire(item)
                del hand[i]
                return

    def adjust_tray(self, colour_name: str, change: int) -> None:
        """A marble of that colour left the trays (-1) or came back (+1): the count beside the
        trays follows the animation rather than waiting for its end."""
        names = list(self.tray_counts)
        if colour_name in self.tray_counts:
            self.tray_counts[colour_name] += change
            c = names.index(colour_name)
            self._show_count(c, colour_name)

    def _show_count(self, c: int, name: str) -> None:
        text = self.count_texts[c]
        count = self.tray_counts[name]
        text.set((f"{name} {count}", str(count)), text.slot)

    def card_hole_point(self, card_id: str, hole: int) -> Point | None:
        """Where a marble sits in hole `hole` (from 0) of the dealt card `card_id`."""
        for seat, ids in enumerate(self._card_ids):
            if card_id in ids:
                x, y, z = self.layout.card_hole(seat, ids.index(card_id), hole)
                return (x, y, z + MARBLE * 0.7)
        return None

    def place_gate(self, gate_id: str, spin: float) -> None:
        self._place_local(self.gate_items[gate_id], self.layout.gate(gate_id), spin)

    # Showing a position -----------------------------------------------------------------------------
    def show(self, view: AvalancheView) -> None:
        lay = self.layout
        self._marbles.release_all()
        self.held_items = {}
        for gate in view.gates:
            tilt = gate.tilt.word
            self.tilts[gate.id] = tilt
            self.place_gate(gate.id, spin_of(tilt))
            if gate.held is not None:
                self.held_items[gate.id] = self._marble_at(gate.held, world(lay.held(gate.id, tilt)))
        self.tray_counts = dict(zip(view.colours, view.trays, strict=True))
        for c, name in enumerate(self.tray_counts):
            self._show_count(c, name)
        self._hand_items = []
        for seat, hand in enumerate(view.hands):
            per_row, rows = lay.hand_rows()
            names = [name for name, n in zip(view.colours, hand) for _ in range(n)][: per_row * rows]
            self._hand_items.append([(name, self._marble_at(name, lay.hand_spot(seat, i, len(names))))
                                     for i, name in enumerate(names)])
        self._show_cards(view.cards)
        to_move = view.to_move
        for seat, plate in enumerate(self.seat_plates):
            plate.setColor(self.colours[seat] if seat == to_move else _dim(self.colours[seat], 0.35))
        for seat, text in enumerate(self.seat_texts):
            status = self._seat_line(view, seat)
            text.set((status, status.replace("hand ", "").replace("card ", "")), text.slot)
        self._show_last_move()
        self.set_highlight(self._legal, self._hover)

    def _show_last_move(self) -> None:
        """The ring round the hole of the last drop (none after a pass or a choice to go out)."""
        last = last_move(self.session)
        move = last[1] if last is not None else None
        if not isinstance(move, Drop) or not 1 <= move.hole <= len(self.av.holes):
            self.hole_marker.hide()
            return
        x, y, _ = self.layout.hole(move.hole)
        m = QMatrix4x4()  # as _place_local puts a piece of the inclined board
        m.translate(*ORIGIN)
        m.rotate(INCLINE, 1, 0, 0)
        m.translate(x, y, 0.03 + LIFT)
        self.hole_marker.put(m)

    def last_move_marker(self) -> Marker | None:
        """The last-move marker shown, if any."""
        return self.hole_marker if self.hole_marker.shown else None

    def _show_cards(self, cards: Sequence[Sequence[CardView]]) -> None:
        ids = [[card.id for card in seat_cards] for seat_cards in cards]
        if ids != self._card_ids:
            for item in self._card_items:
                item.hide()
            self._card_items = []
            self._card_ids = ids
            for seat, seat_cards in enumerate(cards):
                for index, card in enumerate(seat_cards):
                    self._build_card(seat, index, card)
        for seat, seat_cards in enumerate(cards):
            for index, card in enumerate(seat_cards):
                for hole, spot in enumerate(card.holes):
                    point = self.card_hole_point(card.id, hole)
                    if spot.filled and point is not None:
                        self._marble_at(spot.colour, point)

    def _build_card(self, seat: int, index: int, card: CardView) -> None:
        lay = self.layout
        x, y, z = lay.card_centre(seat, index)
        half = CARD / 2
        parts = [(*meshes.box_arrays((x - half, y - half, 0.0), (x + half, y + half, z)), CARD_FACE)]
        side = CARD / 3.6 / 2
        for hole, spot in enumerate(card.holes):
            hx, hy, hz = lay.card_hole(seat, index, hole)
            colour = self.marble_colours[self.colour_number(spot.colour)]
            parts.append((*meshes.box_arrays((hx - side, hy - side, z), (hx + side, hy + side, hz)), _dim(colour, 0.8)))
        self._card_items.append(self.add(self.mesh(meshes.coloured(parts), CARD_FACE)))  # the card and its squares: one draw

    def _seat_line(self, view: AvalancheView, seat: int) -> str:
        status = self.describe(view)
        return status[seat] if seat < len(status) else ""

    # Events ----------------------------------------------------------------------------------------
    def animate(self, event: Event) -> list[Step]:
        return self.motion.steps(event)

    # Choosing and clicking -------------------------------------------------------------------------
    def _on_picked(self, key: Hashable) -> None:
        if isinstance(key, tuple) and key and key[0] == "colour":
            self.chosen = key[1]
            self.set_highlight(self._legal, None)
            self.scene.update()

    def legal_colours(self) -> list[int]:
        return sorted({k[2] for k in self._legal if isinstance(k, tuple) and k[0] == "hole"})

    def pickables(self) -> list[Pickable]:
        lay = self.layout
        out = [Pickable(("hole", n, self.chosen), world((*lay.hole(n)[:2], 0.1)), radius=0.36)
               for n in range(1, len(self.av.holes) + 1)]
        out += [Pickable(("colour", c), lay.chooser(c), radius=MARBLE * 2.2) for c in range(len(self.av.colours))]
        for i, key in enumerate(BUTTONS):
            if key in self._legal:
                out.append(Pickable(key, self._button_centre(i), half=(0.7, 0.28, 0.2)))
        return out

    def target_of(self, move: Move) -> Hashable | None:
        if isinstance(move, Drop):
            return ("hole", move.hole, move.colour)
        if isinstance(move, Pass):
            return ("pass",)
        if isinstance(move, GoOut):
            return ("out",) if move.out else ("stay",)
        return None

    def move_text(self, key: Hashable, view: AvalancheView) -> str | None:
        if not isinstance(key, tuple) or not key:
            return None
        if key[0] == "hole" and key[2] is not None:
            return f"{self.av.colours[key[2]].letter}{key[1]}"
        if key in BUTTONS:
            return str(key[0])
        return None

    def world_position(self, key: Hashable) -> tuple[float, float, float] | None:
        if isinstance(key, tuple) and key and key[0] == "hole":
            return world((*self.layout.hole(key[1])[:2], 0.1))
        if isinstance(key, tuple) and key and key[0] == "colour":
            return self.layout.chooser(key[1])
        if key in BUTTONS:
            return self._button_centre(BUTTONS.index(key))
        return None

    def held_position(self, gate_id: str) -> Point | None:
        """Where the marble held by `gate_id` is drawn, if the gate holds one (for tests)."""
        if gate_id not in self.held_items:
            return None
        return world(self.layout.held(gate_id, self.tilts[gate_id]))

    def set_highlight(self, legal: set[Hashable], hover: Hashable | None) -> None:
        self._legal, self._hover = set(legal), hover
        colours = self.legal_colours()
        if colours != self._colours_before:  # a new decision: keep the choice if it is still possible
            self._colours_before = colours
            if colours and self.chosen not in colours:
                self.chosen = colours[0]
        if isinstance(hover, tuple) and hover and hover[0] == "hole" and hover[2] in colours:
            self.chosen = hover[2]  # a hint or the keyboard chose a hole of another colour: show that colour's holes
        for number, item in enumerate(self.hole_items, start=1):
            hole = ("hole", number, self.chosen)
            item.setColor(HOVER if hole == hover else HOLE_LEGAL if hole in self._legal else HOLE_IDLE)
        for c, mark in enumerate(self.chooser_marks):
            mark.setVisible(c in colours)
            mark.setColor(HOVER if c == self.chosen else _dim(HOLE_LEGAL, 0.8))
        for key, (box, text) in self.button_items.items():
            box.setVisible(key in self._legal)
            text.setVisible(key in self._legal)
            box.setColor(HOVER if key == hover else HOLE_LEGAL)

    def describe(self, view: AvalancheView) -> list[str]:
        out = []
        for seat, hand in enumerate(view.hands):
            if view.forfeited[seat]:
                out.append("forfeited")
                continue
            text = "out" if view.gone_out[seat] else f"hand {sum(hand)}"
            cards = view.cards[seat]
            holes = sum(len(card.holes) for card in cards)
            if holes:
                text += f" · card {sum(card.filled for card in cards)}/{holes}"
            out.append(text)
        return out

    def camera_presets(self) -> CameraPresets:
        """The board, the trays and counts at its right, and the seats' cards and names in front.

        Every player sits at the front; "from my seat" looks at the board from in front of
        the seat's own cards."""
        lay = self.layout
        w = lay.half_width + 0.15
        panel = [world((x, y, z)) for x in (-w, w) for y in (lay.tray_y - 0.6, 0.95) for z in (-0.25, 0.35)]
        right = lay.bin_centre(0)[0] + 3.2  # the counts beside the trays
        front = min(lay.seat_label(s)[1] for s in range(self.players)) - 0.85  # the seats' names and counts
        lo = (min(p[0] for p in panel), front, 0.0)
        hi = (right, max(p[1] for p in panel), max(p[2] for p in panel))
        seats = tuple(math.degrees(math.atan2(lay.seat_centre(s)[1] - ORIGIN[1], lay.seat_centre(s)[0])) for s in range(self.players))
        return CameraPresets((lo, hi), HOME_ELEVATION, -90.0, seats, SEAT_ELEVATION)
