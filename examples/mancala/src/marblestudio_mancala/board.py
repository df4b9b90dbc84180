"""Mancala in 3D: a wooden board with two rows of houses and a store at each end, seeds as small
glass marbles piled in them, and the count of every house and store printed beside it.

The geometry is in `board_layout`, the dishes' meshes in `board_meshes`, the sowing seed by seed
in `board_motion`.  Click a highlighted house of your row to sow it (the key is
``("house", "c")``, the move's notation); a click on another house asks the engine, which names
the rule (``house C is North's``).  Each store's rim and the line along each row's edge are in
the seat's colour, bright for the player to move.  A magenta ring marks the house sown last.
The board keeps its own piles of seeds (one shade per seed) so that a seed keeps its shade
while it is sown and captured; `show()` lays a pile out afresh only where its count differs.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np

from marblestudio.engine.core import Event, Move
from marblestudio.engine.rules import Ruleset
from marblestudio.views.board import meshes
from marblestudio.views.board.animation import Step
from marblestudio.views.board.base import BoardView, Colour
from marblestudio.views.board.camera import CameraPresets
from marblestudio.views.board.label_fit import FittedText
from marblestudio.views.board.labels import centred_text, font
from marblestudio.views.board.last_move import Marker, at, last_move, ring
from marblestudio.views.board.picking import Pickable
from marblestudio.views.board.pool import Pool

from marblestudio_mancala.board_layout import (
    COUNT_HALF,
    EDGE_Y,
    RAIL,
    RAIL_TOP,
    RAIL_WOOD,
    HOUSE_R,
    HOVER,
    LEGAL,
    LEGAL_RIM,
    MARKER_RIM,
    NAME_HALF,
    SEED_R,
    SEEDS,
    STORE_RX,
    STORE_RY,
    TABLE,
    TABLE_Z,
    WOOD,
    Layout,
    dim,
    drawn_limit,
    pile_offsets,
    seed_colour_index,
)
from marblestudio_mancala.board_meshes import dishes, oval_ring
from marblestudio_mancala.board_motion import Motion
from marblestudio_mancala.engine.board import tables_for
from marblestudio_mancala.engine.moves import SowMove
from marblestudio_mancala.engine.rules import MancalaRules
from marblestudio_mancala.engine.view import MancalaView

HOME_ELEVATION = 55.0  # from South's side, high enough to see into the far row's houses
SEAT_ELEVATION = 52.0
COUNT_TEXT = (245, 240, 228, 255)
NAME_TEXT = (62, 38, 18, 255)
COUNT, NAME = 60, 20  # which texts keep their size when they compete for room
EMPTY = meshes.box((0, 0, 0), (0, 0, 0))


class Board(BoardView[MancalaView]):
    """The Mancala board."""

    family = "mancala"

    def build(self, rules: Ruleset, colours: Sequence[Colour]) -> None:
        super().build(rules, colours)
        self.clear()
        family: MancalaRules = rules.family
        self.layout = layout = Layout(family.houses)
        self.names: tuple[str, ...] = tables_for(family).names
        self.piles: list[list[int]] = [[] for _ in range(layout.size)]
        self.hand: list[int] = []  # the shades of the seeds being sown, in the order they go
        self._legal: set[Hashable] = set()
        self._hover: Hashable | None = None
        self._to_move: int | None = 0
        self._laid_out = [False] * layout.size  # whether each pile was drawn since the board was built
        self._seed = meshes.sphere(SEED_R, 8, 12)
        self._build_board()
        self._pile_items = [self._hidden_mesh() for _ in range(layout.size)]
        self.hand_item = self._hidden_mesh()
        self._flyers: Pool[Any] = Pool(self._hidden_mesh, lambda item: item.hide())
        self.house_marker = ring(self, *MARKER_RIM)
        self.motion = Motion(self)
        self._counts = [self._text(COUNT, layout.count_at(p), COUNT_HALF, COUNT_TEXT, f"counts-{layout.owner(p)}")
                        for p in range(layout.size)]
        for pit in range(layout.size):
            name = self._text(NAME, layout.name_at(pit), NAME_HALF, NAME_TEXT, "names", bold=False)
            name.set((self.names[pit],), name.slot)

    # Building ------------------------------------------------------------------------------------
    def _build_board(self) -> None:
        lay = self.layout
        length = lay.half_length
        self.add(self.mesh(meshes.box((-length - 150, -EDGE_Y - 150, TABLE_Z - 0.3), (length + 150, EDGE_Y + 150, TABLE_Z)), TABLE))
        self.add(self.mesh(meshes.box((-length, -EDGE_Y, TABLE_Z), (length, EDGE_Y, 0.0)), WOOD))
        rails = [((-length + 0.08, sign * RAIL[0] if sign > 0 else -RAIL[1], 0.0),
                  (length - 0.08, sign * RAIL[1] if sign > 0 else -RAIL[0], RAIL_TOP)) for sign in (-1, 1)]
        self.add(self.mesh(meshes.boxes(rails), RAIL_WOOD))
        pits = [(*lay.pit_xy(p), STORE_RX, STORE_RY) if lay.is_store(p) else (*lay.pit_xy(p), HOUSE_R, HOUSE_R)
                for p in range(lay.size)]
        self.add(self.mesh(dishes(pits), WOOD, smooth=True))
        self._store_rims = []
        self._edges = []
        for seat, store in enumerate(lay.stores):
            rim = self.add(self.mesh(oval_ring(STORE_RX, STORE_RY, 0.06), self.colours[seat]))
            rim.translate(*lay.centre(store))
            self._store_rims.append(rim)
            y = -RAIL[0] if seat == 0 else RAIL[0] - 0.07  # a line in the seat's colour along its rail
            edge = meshes.box((-length + 0.08, y, 0.0), (length - 0.08, y + 0.07, RAIL_TOP + 0.002))
            self._edges.append(self.add(self.mesh(edge, self.colours[seat])))
        self._rims: dict[int, Any] = {}
        for pit in range(lay.size):
            if not lay.is_store(pit):
                rim = self.add(self.mesh(meshes.annulus(*LEGAL_RIM, height=0.015), LEGAL))
                rim.translate(*lay.centre(pit))
                rim.hide()
                self._rims[pit] = rim

    def _hidden_mesh(self) -> Any:
        item = self.add(self.mesh(EMPTY, WOOD, smooth=True))
        item.hide()
        return item

    def _text(self, priority: int, point: tuple[float, float, float], half: tuple[float, float],
              colour: tuple[int, int, int, int], group: str, bold: bool = True) -> FittedText:
        """A text lying on the board or the table, sized for its room there (label_fit)."""
        text = self.fitted_text(centred_text(font(11, bold), colour), priority, point, *half, bold=bold)
        text.group = group  # one size for a row's counts, one for the names
        return text

    # Seeds ---------------------------------------------------------------------------------------
    def cluster(self, item: Any, shades: Sequence[int]) -> None:
        """Make `item` the seeds of `shades` heaped round its origin (seeds carried or flying)."""
        if not shades:
            item.hide()
            return
        count = min(len(shades), drawn_limit(False))
        centres = pile_offsets(False, 0)[:count] - np.array([0.0, 0.0, SEED_R])
        item.setMeshData(meshdata=meshes.merged_copies(self._seed, centres, np.array([SEEDS[s] for s in shades[:count]])))

    def flyer(self, shades: Sequence[int]) -> Any:
        """An item for seeds in flight (reused when one is spare), shown."""
        item = self._flyers.take()
        self.cluster(item, shades)
        item.show()
        return item

    def land(self, item: Any) -> None:
        self._flyers.release(item)

    def take(self, pit: int) -> list[int]:
        """Lift every seed out of `pit`: their shades."""
        seeds, self.piles[pit] = self.piles[pit], []
        self._draw_pile(pit)
        return seeds

    def drop(self, pit: int, shades: Sequence[int]) -> None:
        """Put seeds of `shades` into `pit`, on top of its pile."""
        self.piles[pit].extend(shades)
        self._draw_pile(pit)

    def _draw_pile(self, pit: int) -> None:
        pile = self.piles[pit]
        item = self._pile_items[pit]
        count = min(len(pile), drawn_limit(self.layout.is_store(pit)))
        if count:
            x, y = self.layout.pit_xy(pit)
            centres = pile_offsets(self.layout.is_store(pit), pit)[:count] + np.array([x, y, 0.0])
            shades = np.array([SEEDS[s % len(SEEDS)] for s in pile[:count]])
            item.setMeshData(meshdata=meshes.merged_copies(self._seed, centres, shades))
        item.setVisible(bool(count))
        text = self._counts[pit]
        text.set((str(len(pile)),), text.slot)

    def count(self, pit: int) -> int:
        """The seeds the board shows in `pit` now (its label)."""
        return len(self.piles[pit])

    def seeds_drawn(self, pit: int) -> int:
        """How many seeds are drawn in `pit` (its count, up to what a pile can hold)."""
        return min(len(self.piles[pit]), drawn_limit(self.layout.is_store(pit)))

    def pulse_store(self, seat: int, amount: float) -> None:
        """Swell the rim of `seat`'s store by `amount` (0: at rest): the extra turn's flash."""
        rim = self._store_rims[seat]
        rim.resetTransform()
        rim.scale(1.0 + 0.18 * amount, 1.0 + 0.08 * amount, 1.0 + 6.0 * amount)
        rim.translate(*self.layout.centre(self.layout.stores[seat]))

    # Showing a position ------------------------------------------------------------------------------
    def show(self, view: MancalaView) -> None:
        lay = self.layout
        houses, stores = view.houses, view.stores
        counts = [0] * lay.size
        for seat in (0, 1):
            first = 0 if seat == 0 else lay.houses + 1
            for index, seeds in enumerate(houses[seat][: lay.houses]):
                counts[first + index] = int(seeds)
            counts[lay.stores[seat]] = int(stores[seat])
        self.hand = []
        self.hand_item.hide()
        self._flyers.release_all()
        for seat in (0, 1):
            self.pulse_store(seat, 0.0)
        for pit, seeds in enumerate(counts):
            if len(self.piles[pit]) != seeds or not self._laid_out[pit]:
                self.piles[pit] = [seed_colour_index(pit, i) for i in range(seeds)]
                self._draw_pile(pit)
                self._laid_out[pit] = True
        self._to_move = view.to_move
        for seat in (0, 1):
            colour = self.colours[seat] if self._to_move == seat else dim(self.colours[seat], 0.55)
            self._store_rims[seat].setColor(colour)
            self._edges[seat].setColor(colour)
        self._show_last_move()

    def _show_last_move(self) -> None:
        """The ring round the house sown last."""
        last = last_move(self.session)
        move = last[1] if last is not None else None
        if isinstance(move, SowMove) and move.place in self.names:
            self.house_marker.put(at(*self.layout.centre(self.names.index(move.place))))
        else:
            self.house_marker.hide()

    def last_move_marker(self) -> Marker | None:
        """The last-move marker shown, if any."""
        marker: Marker = self.house_marker
        return marker if marker.shown else None

    # Events -------------------------------------------------------------------------------------
    def animate(self, event: Event) -> list[Step]:
        steps: list[Step] = self.motion.steps(event)
        return steps

    # Picking and highlighting ---------------------------------------------------------------------
    def pit_of(self, key: Hashable) -> int | None:
        """The pit a key names (``("house", "c")``), or None."""
        if isinstance(key, tuple) and len(key) == 2 and key[0] == "house" and key[1] in self.names:
            pit = self.names.index(key[1])
            return None if self.layout.is_store(pit) else pit
        return None

    def pickables(self) -> list[Pickable]:
        out = []
        for pit in range(self.layout.size):
            if not self.layout.is_store(pit):
                x, y = self.layout.pit_xy(pit)
                out.append(Pickable(("house", self.names[pit]), (x, y, 0.1), half=(HOUSE_R + 0.05, HOUSE_R + 0.05, 0.2)))
        return out

    def target_of(self, move: Move) -> Hashable | None:
        return ("house", move.place) if isinstance(move, SowMove) else None

    def move_text(self, key: Hashable, view: MancalaView) -> str | None:
        pit = self.pit_of(key)
        return None if pit is None else self.names[pit]

    def world_position(self, key: Hashable) -> tuple[float, float, float] | None:
        pit = self.pit_of(key)
        return None if pit is None else self.layout.centre(pit)

    def set_highlight(self, legal: set[Hashable], hover: Hashable | None) -> None:
        self._legal, self._hover = set(legal), hover
        for pit, rim in self._rims.items():
            key = ("house", self.names[pit])
            rim.setVisible(key in legal or key == hover)
            rim.setColor(HOVER if key == hover else LEGAL)

    def highlighted(self) -> list[str]:
        """The names of the houses ringed as playable now (for tests)."""
        return [self.names[p] for p, rim in self._rims.items() if rim.visible()]

    def describe(self, view: MancalaView) -> list[str]:
        return [f"store {view.stores[s]}, {sum(view.houses[s])} in houses{_next_sowing(view) if view.to_move == s else ''}"
                for s in (0, 1)]

    def camera_presets(self) -> CameraPresets:
        """The board with the counts beyond both edges; South sits at the front, North behind."""
        return CameraPresets(self.layout.bounds(), HOME_ELEVATION, -90.0, (-90.0, 90.0), SEAT_ELEVATION)


def _next_sowing(view: MancalaView) -> str:
    """What a house rule made of the next sowing, for the status line ('' as the book has it)."""
    said = [words for words, on in (("sows clockwise next", view.clockwise), ("may sow any house next", view.any_house)) if on]
    return "".join(f", {words}" for words in said)
