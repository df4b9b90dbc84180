"""Where everything of the Stay Alive board is, in world units (one cell = 1): pure geometry.

Cell (row, col) is centred at x = col - (columns-1)/2, y = (rows-1)/2 - row, so row 1 is at
the back.  Red slides run along rows in the lower layer, white slides along columns in the upper
layer; a slide moves along +x (red) or -y (white) towards its outer (+) knob.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from PySide6.QtGui import QColor

from marblestudio.engine.cells import column_name
from marblestudio.engine.stay_alive.rules import Layer, Slide, StayAliveRules
from marblestudio.views.board import meshes
from marblestudio.views.board.base import Colour
from marblestudio.views.board.labels import LabelPlate

BAR = 0.84  # width of a slide across its line
HOLE = 0.62  # side of a hole
THICK = 0.12  # thickness of a slide
RED_Z = 0.0  # bottom of the red layer
WHITE_Z = RED_Z + THICK + 0.02  # bottom of the white layer
TOP = WHITE_Z + THICK  # where marbles rest
MARBLE = 0.34  # marble radius
SHIFT = 0.22  # how far a slide travels per knob position
OVERHANG = 0.9  # how far a slide reaches past the grid
KNOB = 0.2  # knob radius
PLATE_Z = RED_Z - 0.01  # the table the slides lie on (holes open onto the dark below)
FALL_Z = PLATE_Z - 1.5

RED_LAYER: Colour = (0.62, 0.16, 0.13, 1.0)
WHITE_LAYER: Colour = (0.93, 0.91, 0.85, 1.0)
BASE: Colour = (0.06, 0.06, 0.07, 1.0)
KNOB_IDLE: Colour = (0.45, 0.45, 0.48, 1.0)
KNOB_LEGAL: Colour = (0.95, 0.75, 0.2, 1.0)
HOVER: Colour = (0.3, 1.0, 0.55, 1.0)
CELL_LEGAL: Colour = (0.55, 0.8, 0.6, 1.0)


class Layout:
    """The geometry of one Stay Alive board for `seats` players."""

    def __init__(self, rules: StayAliveRules, seats: int) -> None:
        self.sa = rules
        self.rows, self.columns = rules.rows, rules.columns
        self.seats = seats
        self.slides = {s.id: s for s in rules.slides}

    def label_plates(self, edge: float) -> list[LabelPlate]:
        """Strips of the table printed with the column letters (back), row numbers (left) and
        each slide's name beyond its outer knob (right, front): the names of the notation.
        Only the strips are textured, which keeps the software renderer fast."""
        half_w, half_h = self.columns / 2, self.rows / 2
        light, grey = QColor(235, 235, 235), QColor(185, 185, 185)
        r, g, b, _ = BASE
        background = QColor.fromRgbF(r, g, b)
        back_y = half_h + OVERHANG + 1.45
        left_x = -half_w - OVERHANG - 0.85
        letters = [((self.cell_xy(0, c)[0], back_y), column_name(c), light, 0.42) for c in range(self.columns)]
        numbers = [((left_x, self.cell_xy(r, 0)[1]), str(r + 1), light, 0.42) for r in range(self.rows)]
        right: list[tuple[tuple[float, float], str, QColor, float]] = []
        front: list[tuple[tuple[float, float], str, QColor, float]] = []
        for slide in self.slides.values():
            x, y, _ = self.knob_centre(slide, 1, 2)
            if slide.layer is Layer.RED:
                right.append(((x + 0.75, y), slide.id, grey, 0.32))
            else:
                front.append(((x, y - 0.6), slide.id, grey, 0.32))
        outer_x, outer_y = half_w + edge, half_h + edge
        strips = [
            ((-outer_x, back_y - 0.35, outer_x, back_y + 0.35), letters),
            ((-outer_x, -half_h, left_x + 0.45, half_h), numbers),
        ]
        if right:
            x = right[0][0][0]
            strips.append(((x - 0.45, -half_h, outer_x, half_h), right))
        if front:
            y = front[0][0][1]
            strips.append(((-outer_x, -outer_y, outer_x, y + 0.3), front))
        return [LabelPlate(rect, PLATE_Z, background, texts) for rect, texts in strips]

    def cell_xy(self, row: int, col: int) -> tuple[float, float]:
        return col - (self.columns - 1) / 2, (self.rows - 1) / 2 - row

    def hand_position(self, seat: int, index: int) -> tuple[float, float, float]:
        """Where the `index`-th waiting marble of `seat` rests, in a row behind the board."""
        per = self.sa.marbles_per_player
        seats = max(self.seats, 1)
        width = self.columns + 2 * OVERHANG
        step = min(0.8, width / (seats * per + (seats - 1) * 1.5))
        total = step * (seats * per + (seats - 1) * 1.5)
        x = -total / 2 + step * (seat * (per + 1.5) + index + 0.5)
        return (x, self.rows / 2 + OVERHANG + 2.6, PLATE_Z + MARBLE)

    def axis(self, slide: Slide) -> np.ndarray:
        """Unit vector along which the slide moves towards its outer (+) knob."""
        return np.array([1.0, 0.0, 0.0]) if slide.layer is Layer.RED else np.array([0.0, -1.0, 0.0])

    def cell_along(self, slide: Slide, i: int) -> tuple[float, float]:
        return self.cell_xy(slide.line, i) if slide.layer is Layer.RED else self.cell_xy(i, slide.line)

    def slide_mesh(self, slide: Slide, position: int) -> Any:
        """The bar at `position`, in world coordinates: rails along both sides, solid blocks
        between the holes over the cells it leaves open."""
        red = slide.layer is Layer.RED
        length = self.columns if red else self.rows
        z0 = RED_Z if red else WHITE_Z
        z1 = z0 + THICK
        open_cells = set(slide.open_cells[position]) if position < len(slide.open_cells) else set()
        offset = (position - 1) * SHIFT
        # work in (along, across) coordinates: along from -length/2 - OVERHANG to +..., then map
        start, end = -length / 2 - OVERHANG + offset, length / 2 + OVERHANG + offset
        rail = (BAR - HOLE) / 2
        spans: list[tuple[float, float, float, float]] = [  # along0, along1, across0, across1
            (start, end, -BAR / 2, -BAR / 2 + rail),
            (start, end, BAR / 2 - rail, BAR / 2),
        ]
        cursor = start
        for i in range(length):
            centre = i - (length - 1) / 2
            if i in open_cells:
                spans.append((cursor, centre - HOLE / 2, -HOLE / 2, HOLE / 2))
                cursor = centre + HOLE / 2
        spans.append((cursor, end, -HOLE / 2, HOLE / 2))
        line_x, line_y = self.cell_along(slide, 0)
        pairs = []
        for a0, a1, c0, c1 in spans:
            if a1 - a0 <= 1e-6:
                continue
            if red:  # along = x, across = y around the row's centre
                pairs.append(((a0, line_y + c0, z0), (a1, line_y + c1, z1)))
            else:  # along = -y (the outer knob is at the front), across = x
                pairs.append(((line_x + c0, -a1, z0), (line_x + c1, -a0, z1)))
        return meshes.boxes(pairs)

    def knob_centre(self, slide: Slide, end: int, position: float) -> tuple[float, float, float]:
        red = slide.layer is Layer.RED
        length = self.columns if red else self.rows
        along = end * (length / 2 + OVERHANG + KNOB * 0.6) + (position - 1) * SHIFT
        z = (RED_Z if red else WHITE_Z) + THICK / 2
        line_x, line_y = self.cell_along(slide, 0)
        return (along, line_y, z) if red else (line_x, -along, z)
