"""Shared mesh helpers for every board: boxes, spheres and cylinders as pyqtgraph MeshData.

Boxes are built with separate vertices per face so that flat shading gives crisp edges; several
boxes can be merged into one mesh (one draw call), which keeps the software renderer fast.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
from pyqtgraph.opengl import MeshData

_BOX_FACES = np.array(
    [
        # each face: 4 corner indexes of the unit cube (x, y, z bits), counter-clockwise seen from outside
        (0, 2, 3, 1),  # z-
        (4, 5, 7, 6),  # z+
        (0, 1, 5, 4),  # y-
        (2, 6, 7, 3),  # y+
        (0, 4, 6, 2),  # x-
        (1, 3, 7, 5),  # x+
    ]
)
_CORNERS = np.array([[(i >> 0) & 1, (i >> 1) & 1, (i >> 2) & 1] for i in range(8)], dtype=float)


def box_arrays(lo: Sequence[float], hi: Sequence[float]) -> tuple[np.ndarray, np.ndarray]:
    """Vertices (24, 3) and triangles (12, 3) of the axis-aligned box from `lo` to `hi`."""
    lo_a = np.asarray(lo, dtype=float)
    hi_a = np.asarray(hi, dtype=float)
    corners = lo_a + _CORNERS * (hi_a - lo_a)
    verts = corners[_BOX_FACES.reshape(-1)]
    base = np.arange(6) * 4
    tris = np.concatenate([np.stack([base, base + 1, base + 2], 1), np.stack([base, base + 2, base + 3], 1)])
    return verts, tris


def merge(parts: Iterable[tuple[np.ndarray, np.ndarray]]) -> MeshData:
    """One MeshData from several (vertices, triangles) parts."""
    all_verts: list[np.ndarray] = []
    all_tris: list[np.ndarray] = []
    offset = 0
    for verts, tris in parts:
        all_verts.append(verts)
        all_tris.append(tris + offset)
        offset += len(verts)
    if not all_verts:
        return MeshData(vertexes=np.zeros((0, 3)), faces=np.zeros((0, 3), dtype=np.uint32))
    return MeshData(vertexes=np.concatenate(all_verts), faces=np.concatenate(all_tris).astype(np.uint32))


def copies(template: MeshData, offsets: Iterable[Sequence[float]]) -> MeshData:
    """Copies of `template` moved by each of `offsets`, as one mesh (one draw call instead of
    one per copy: the cups of a board, the pins of its gates)."""
    verts, faces = template.vertexes(), template.faces()
    return merge((verts + np.asarray(offset, dtype=float), faces) for offset in offsets)


def coloured(parts: Iterable[tuple[np.ndarray, np.ndarray, Sequence[float]]]) -> MeshData:
    """One mesh from (vertices, triangles, RGBA colour) parts, each part in its own colour."""
    parts = list(parts)
    md = merge((verts, tris) for verts, tris, _ in parts)
    if parts:
        colours = np.concatenate([np.tile(np.asarray(colour, dtype=float), (len(verts), 1)) for verts, _, colour in parts])
        md.setVertexColors(colours)
    return md


def box(lo: Sequence[float], hi: Sequence[float]) -> MeshData:
    """An axis-aligned box from corner `lo` to corner `hi`."""
    return merge([box_arrays(lo, hi)])


def boxes(pairs: Iterable[tuple[Sequence[float], Sequence[float]]]) -> MeshData:
    """Several axis-aligned boxes in one mesh."""
    return merge(box_arrays(lo, hi) for lo, hi in pairs)


def sphere(radius: float, rows: int = 12, cols: int = 18) -> MeshData:
    """A sphere centred on the origin (smooth-shaded by the mesh item)."""
    return MeshData.sphere(rows=rows, cols=cols, radius=radius)


def cylinder(radius: float, length: float, sections: int = 16, axis: str = "z") -> MeshData:
    """A closed cylinder of `length` along `axis` ("x", "y" or "z"), centred on the origin."""
    angles = np.linspace(0, 2 * np.pi, sections, endpoint=False)
    ring = np.stack([np.cos(angles) * radius, np.sin(angles) * radius], 1)
    bottom = np.column_stack([ring, np.full(sections, -length / 2)])
    top = np.column_stack([ring, np.full(sections, length / 2)])
    centres = np.array([[0, 0, -length / 2], [0, 0, length / 2]])
    verts = np.concatenate([bottom, top, centres])
    tris = []
    for i in range(sections):
        j = (i + 1) % sections
        tris += [(i, j, sections + j), (i, sections + j, sections + i)]
        tris += [(2 * sections, j, i), (2 * sections + 1, sections + i, sections + j)]
    order = {"x": [2, 0, 1], "y": [1, 2, 0], "z": [0, 1, 2]}[axis]
    return MeshData(vertexes=verts[:, order], faces=np.array(tris, dtype=np.uint32))


def with_vertex_normals(meshdata: MeshData, normals: np.ndarray) -> MeshData:
    """Give `meshdata` its smooth normals directly: pyqtgraph computes them in a Python loop
    per vertex, far too slow for a mesh rebuilt while it animates."""
    meshdata._vertexNormals = np.asarray(normals, dtype=np.float32)  # noqa: SLF001 - its cache
    return meshdata


def merged_copies(template: MeshData, centres: np.ndarray, colours: np.ndarray) -> MeshData:
    """Copies of a sphere-like `template` (centred on the origin) moved to `centres`, each in
    its colour (one RGBA row per copy), as one mesh with smooth normals."""
    verts = template.vertexes()
    faces = template.faces()
    normals = template.vertexNormals()
    count, copies = len(verts), len(centres)
    all_verts = (verts[None, :, :] + np.asarray(centres, dtype=float)[:, None, :]).reshape(-1, 3)
    all_faces = (faces[None, :, :] + (np.arange(copies) * count)[:, None, None]).reshape(-1, 3)
    all_colours = np.repeat(np.asarray(colours, dtype=float), count, axis=0)
    md = MeshData(vertexes=all_verts, faces=all_faces.astype(np.uint32), vertexColors=all_colours)
    return with_vertex_normals(md, np.tile(normals, (copies, 1)))


def annulus(inner: float, outer: float, height: float = 0.02, sections: int = 36) -> MeshData:
    """A flat ring (a washer) from radius `inner` to `outer`, standing on z = 0, centred on the origin."""
    angles = np.linspace(0, 2 * np.pi, sections, endpoint=False)
    unit = np.column_stack([np.cos(angles), np.sin(angles)])
    rings = [np.column_stack([unit * r, np.full(sections, z)]) for r, z in ((inner, 0), (outer, 0), (inner, height), (outer, height))]
    verts = np.concatenate(rings)
    i_lo, o_lo, i_hi, o_hi = (k * sections for k in range(4))
    tris = []
    for a in range(sections):
        b = (a + 1) % sections
        for p, q in ((i_hi, o_hi), (o_lo, i_lo), (o_hi, o_lo), (i_lo, i_hi)):  # top, bottom, outer wall, inner wall
            tris += [(p + a, q + a, q + b), (p + a, q + b, p + b)]
    return MeshData(vertexes=verts, faces=np.array(tris, dtype=np.uint32))


def frame(half_width: float, half_height: float, bar: float, height: float = 0.02) -> MeshData:
    """A flat rectangular frame `bar` wide round a (2 half_width x 2 half_height) hole, on z = 0."""
    w, h = half_width, half_height
    return boxes([
        ((-w - bar, -h - bar, 0.0), (w + bar, -h, height)),
        ((-w - bar, h, 0.0), (w + bar, h + bar, height)),
        ((-w - bar, -h, 0.0), (-w, h, height)),
        ((w, -h, 0.0), (w + bar, h, height)),
    ])
