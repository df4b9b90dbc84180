"""The meshes of the Mancala board that Marble Studio's `views.board.meshes` has no shape for:
the dishes of the houses and stores, and oval rings.

A dish is flat (seeds rest on it) but is drawn hollow: dark towards its middle, with normals
that lean towards its axis as a bowl's walls do, so that the scene's head light shades it like
a pit carved into the board.  All dishes are one mesh (one draw call).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from pyqtgraph.opengl import MeshData

from marblestudio.views.board import meshes

from marblestudio_mancala.board_layout import DISH_FLOOR, DISH_RIM, Colour

_RINGS = (0.0, 0.45, 0.8, 1.0)  # radii of a dish's rings, as a share of its own
_LEAN = (0.0, 0.25, 0.5, 0.7)  # how far each ring's normal leans towards the axis
_SECTIONS = 36
_DISH_Z = 0.004  # above the board's top, so that the top never shows through


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t, 1.0)


def _dish_arrays(cx: float, cy: float, rx: float, ry: float) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Vertices, faces, colours and normals of one dish of half axes (rx, ry) centred on (cx, cy)."""
    angles = np.linspace(0.0, 2 * np.pi, _SECTIONS, endpoint=False)
    cos, sin = np.cos(angles), np.sin(angles)
    verts, colours, normals = [], [], []
    for ring, (share, lean) in enumerate(zip(_RINGS, _LEAN)):
        count = 1 if ring == 0 else _SECTIONS
        c, s = (np.zeros(1), np.zeros(1)) if ring == 0 else (cos, sin)
        verts.append(np.column_stack([cx + c * rx * share, cy + s * ry * share, np.full(count, _DISH_Z)]))
        n = np.column_stack([-c * lean, -s * lean, np.ones(count)])
        normals.append(n / np.linalg.norm(n, axis=1, keepdims=True))
        colours.append(np.tile(_mix(DISH_FLOOR, DISH_RIM, share**2), (count, 1)))
    faces = [(0, 1 + i, 1 + (i + 1) % _SECTIONS) for i in range(_SECTIONS)]
    for ring in range(1, len(_RINGS) - 1):
        inner, outer = 1 + (ring - 1) * _SECTIONS, 1 + ring * _SECTIONS
        for i in range(_SECTIONS):
            j = (i + 1) % _SECTIONS
            faces += [(inner + i, outer + i, outer + j), (inner + i, outer + j, inner + j)]
    return np.concatenate(verts), np.array(faces), np.concatenate(colours), np.concatenate(normals)


def dishes(pits: Sequence[tuple[float, float, float, float]]) -> Any:
    """One mesh of dishes, each given as (centre x, centre y, half axis x, half axis y)."""
    all_verts, all_faces, all_colours, all_normals = [], [], [], []
    offset = 0
    for cx, cy, rx, ry in pits:
        verts, faces, colours, normals = _dish_arrays(cx, cy, rx, ry)
        all_verts.append(verts)
        all_faces.append(faces + offset)
        all_colours.append(colours)
        all_normals.append(normals)
        offset += len(verts)
    md = MeshData(
        vertexes=np.concatenate(all_verts),
        faces=np.concatenate(all_faces).astype(np.uint32),
        vertexColors=np.concatenate(all_colours),
    )
    return meshes.with_vertex_normals(md, np.concatenate(all_normals))


def oval_ring(rx: float, ry: float, width: float, height: float = 0.02, sections: int = 48) -> Any:
    """A flat ring `width` wide round an oval of half axes (rx, ry), standing on z = 0, centred
    on the origin (`meshes.annulus` with two radii each way)."""
    angles = np.linspace(0, 2 * np.pi, sections, endpoint=False)
    cos, sin = np.cos(angles), np.sin(angles)
    rings = [
        np.column_stack([cos * (rx + w), sin * (ry + w), np.full(sections, z)])
        for w, z in ((0.0, 0.0), (width, 0.0), (0.0, height), (width, height))
    ]
    i_lo, o_lo, i_hi, o_hi = (k * sections for k in range(4))
    faces = []
    for a in range(sections):
        b = (a + 1) % sections
        for p, q in ((i_hi, o_hi), (o_lo, i_lo), (o_hi, o_lo), (i_lo, i_hi)):  # top, bottom, outer wall, inner wall
            faces += [(p + a, q + a, q + b), (p + a, q + b, p + b)]
    return MeshData(vertexes=np.concatenate(rings), faces=np.array(faces, dtype=np.uint32))


__all__ = ["dishes", "oval_ring"]
