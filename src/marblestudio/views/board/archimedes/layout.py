"""Rock Me Archimedes' geometry in the scene: sizes, the rocking transform, and meshes.

World units are cup spacings (the ruleset's `cup_spacing` is 1).  The board runs along x
(row 1 at -x, the last row at +x), its columns along y, z is up.  World z = 0 is the surface
the rocker rolls on: the platform's top, or the table without a platform.  The board's own
frame has its origin at the rocker's lowest point when level; the rocker's centre is R above
it.  Tilting by an angle rolls the board: it turns about the rocker's centre, which moves R·θ
along x, so the arc stays on the surface (docs/archimedes-physics.md).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from pyqtgraph.opengl import MeshData
from PySide6.QtGui import QMatrix4x4, QVector3D

from marblestudio.engine.archimedes.physics import Balance
from marblestudio.engine.archimedes.rules import ArchimedesRules

MARBLE = 0.3  # marble radius
PLANK = 0.18  # the least thickness of the board
LIFT = 1.6  # how high a lifted marble travels above its cup
DIE = 0.55  # the die's side
LETTER_GAP = 0.75  # from an end of the board to the letters (a, b, c) of its lines of cups


@dataclass(frozen=True)
class Geometry:
    """The sizes of one ruleset's board, in cup spacings."""

    rows: int
    columns: int
    radius: float  # rocker radius R
    end_height: float  # underside of the board's ends
    top: float  # the board's upper surface, where cups open
    marble_z: float  # marble centres in the board's frame
    drop: float  # from the rolling surface down to the table (the platform's height, or 0)
    platform: bool
    touch_angle: float | None  # degrees; None when the ends can never reach the table

    @classmethod
    def of(cls, rules: ArchimedesRules) -> Geometry:
        p = rules.physics
        unit = float(p.cup_spacing)
        end = float(p.end_height) / unit
        marble_z = float(p.marble_com_height) / unit
        top = max(end + PLANK, marble_z - 0.6 * MARBLE)
        return cls(
            rows=rules.rows,
            columns=rules.columns,
            radius=float(p.rocker_radius) / unit,
            end_height=end,
            top=top,
            marble_z=top + 0.6 * MARBLE if marble_z < top + 0.3 * MARBLE else marble_z,
            drop=float(p.drop) / unit,
            platform=p.platform,
            touch_angle=Balance(rules).touch_angle(),
        )

    @property
    def half_length(self) -> float:
        return self.rows / 2

    @property
    def half_width(self) -> float:
        return self.columns / 2 + 0.2

    def cup_xy(self, row: int, column: int) -> tuple[float, float]:
        """A cup's centre in the board's frame (x along the board, y across)."""
        return row - (self.rows - 1) / 2, column - (self.columns - 1) / 2

    def letter_xyz(self, column: int, end: int) -> tuple[float, float, float]:
        """Where the letter of `column` (a for column 0) stands beyond the board's end `end` (-1:
        row 1's, 1: the last row's), in the board's frame: in line with the column's cups, at
        their height."""
        _, y = self.cup_xy(0, column)
        return end * (self.half_length + LETTER_GAP), y, self.top

    def transform(self, angle: float) -> QMatrix4x4:
        """Board frame -> world at a tilt of `angle` degrees (positive: the last row's end down)."""
        theta = math.radians(angle)
        m = QMatrix4x4()
        m.translate(self.radius * theta, 0.0, self.radius)
        m.rotate(angle, 0.0, 1.0, 0.0)
        m.translate(0.0, 0.0, -self.radius)
        return m

    def to_world(self, angle: float, point: tuple[float, float, float]) -> tuple[float, float, float]:
        v = self.transform(angle).map(QVector3D(*point))
        return (v.x(), v.y(), v.z())


def rocker_mesh(geo: Geometry, width: float) -> MeshData:
    """The rocker: the part of a disc of radius R (axis along y) below the board, as a solid."""
    r, top = geo.radius, geo.end_height
    cos_max = max(-1.0, 1.0 - top / r)
    phi_max = math.acos(cos_max)
    steps = 24
    phis = np.linspace(-phi_max, phi_max, steps)
    arc = np.column_stack([r * np.sin(phis), r - r * np.cos(phis)])  # (x, z) along the bottom
    verts: list[tuple[float, float, float]] = []
    tris: list[tuple[int, int, int]] = []
    for y in (-width / 2, width / 2):
        base = len(verts)
        verts.append((0.0, y, top))  # fan centre on the top edge
        verts += [(float(x), y, float(z)) for x, z in arc]
        for i in range(1, steps):
            tris.append((base, base + i, base + i + 1) if y > 0 else (base, base + i + 1, base + i))
    for i in range(steps - 1):  # the curved bottom strip
        a, b = 1 + i, 1 + i + 1
        c, d = a + steps + 1, b + steps + 1
        tris += [(a, b, d), (a, d, c)]
    return MeshData(vertexes=np.array(verts), faces=np.array(tris, dtype=np.uint32))


def disc_mesh(radius: float, height: float, sections: int = 18) -> MeshData:
    """A flat disc standing on z = 0 (a cup's floor, a path marker)."""
    angles = np.linspace(0, 2 * np.pi, sections, endpoint=False)
    ring = np.column_stack([np.cos(angles) * radius, np.sin(angles) * radius])
    verts = np.concatenate([np.column_stack([ring, np.zeros(sections)]), np.column_stack([ring, np.full(sections, height)]), [[0, 0, height]]])
    tris = []
    for i in range(sections):
        j = (i + 1) % sections
        tris += [(i, j, sections + j), (i, sections + j, sections + i), (2 * sections, sections + i, sections + j)]
    return MeshData(vertexes=verts, faces=np.array(tris, dtype=np.uint32))


_PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (-1, 1), (1, -1), (1, 1)],
    5: [(-1, -1), (-1, 1), (0, 0), (1, -1), (1, 1)],
    6: [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)],
}


def pip_offsets(value: int) -> list[tuple[float, float]]:
    """Where the pips of `value` sit on a face of the die, as fractions of its half side."""
    return [(0.5 * a, 0.5 * b) for a, b in _PIPS.get(value, _PIPS[6])]
