"""Picking by ray casting in numpy: which game object is under the mouse.

pyqtgraph's `itemsAt` (legacy GL_SELECT) is unreliable, so we cast our own ray from the camera
through the mouse position, using the same projection and view matrices the scene draws with,
and intersect it with each pickable's bounding sphere or box.  The nearest hit wins.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Pickable:
    """Something the player may point at: a cell, a knob, a card.

    `key` is the game object the click reports (e.g. ("cell", 2, 3)).  The shape is a sphere
    (`radius` > 0, around `centre`) or an axis-aligned box (`half` extents around `centre`).
    """

    key: Hashable
    centre: tuple[float, float, float]
    radius: float = 0.0
    half: tuple[float, float, float] | None = None


def unproject_ray(
    x: float, y: float, width: int, height: int, projection: np.ndarray, view: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The ray (origin, unit direction) in world space through widget pixel (x, y).

    `projection` and `view` are 4x4 row-major matrices (as `QMatrix4x4.data()` reshaped and
    transposed); (x, y) is in widget coordinates with y growing downwards.
    """
    ndc_x = 2.0 * x / width - 1.0
    ndc_y = 1.0 - 2.0 * y / height
    inverse = np.linalg.inv(projection @ view)
    near = inverse @ np.array([ndc_x, ndc_y, -1.0, 1.0])
    far = inverse @ np.array([ndc_x, ndc_y, 1.0, 1.0])
    near = near[:3] / near[3]
    far = far[:3] / far[3]
    direction = far - near
    return near, direction / np.linalg.norm(direction)


def project_points(
    points: np.ndarray, width: int, height: int, projection: np.ndarray, view: np.ndarray
) -> np.ndarray:
    """Widget pixel coordinates (N, 2), y downwards, of world points (N, 3)."""
    pts = np.atleast_2d(np.asarray(points, dtype=float))
    homogeneous = np.column_stack([pts, np.ones(len(pts))])
    clip = homogeneous @ (projection @ view).T
    ndc = clip[:, :3] / clip[:, 3:4]
    sx = (ndc[:, 0] + 1.0) * 0.5 * width
    sy = (1.0 - ndc[:, 1]) * 0.5 * height
    return np.column_stack([sx, sy])


def ray_sphere(origin: np.ndarray, direction: np.ndarray, centre: Sequence[float], radius: float) -> float | None:
    """Distance along the ray to the sphere's first hit, or None."""
    oc = origin - np.asarray(centre, dtype=float)
    b = float(np.dot(oc, direction))
    c = float(np.dot(oc, oc)) - radius * radius
    disc = b * b - c
    if disc < 0:
        return None
    root = np.sqrt(disc)
    t = -b - root
    if t < 0:
        t = -b + root
    return t if t >= 0 else None


def ray_box(origin: np.ndarray, direction: np.ndarray, centre: Sequence[float], half: Sequence[float]) -> float | None:
    """Distance along the ray to the axis-aligned box's first hit (slab method), or None."""
    c = np.asarray(centre, dtype=float)
    h = np.asarray(half, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        inv = 1.0 / direction
        t1 = (c - h - origin) * inv
        t2 = (c + h - origin) * inv
    t1 = np.nan_to_num(t1, nan=-np.inf)
    t2 = np.nan_to_num(t2, nan=np.inf)
    t_near = float(np.max(np.minimum(t1, t2)))
    t_far = float(np.min(np.maximum(t1, t2)))
    if t_near > t_far or t_far < 0:
        return None
    return t_near if t_near >= 0 else t_far


def pick(origin: np.ndarray, direction: np.ndarray, pickables: Iterable[Pickable]) -> Pickable | None:
    """The pickable nearest the camera that the ray hits, or None."""
    best: Pickable | None = None
    best_t = np.inf
    for item in pickables:
        if item.half is not None:
            t = ray_box(origin, direction, item.centre, item.half)
        else:
            t = ray_sphere(origin, direction, item.centre, item.radius)
        if t is not None and t < best_t:
            best, best_t = item, t
    return best


def nearest_in_direction(
    current: np.ndarray | None, candidates: np.ndarray, direction: tuple[float, float]
) -> int | None:
    """Keyboard selection: the index of the candidate screen point best reached from `current`
    by moving in `direction` (dx, dy in screen pixels); with no current point, the first one."""
    if len(candidates) == 0:
        return None
    if current is None:
        return 0
    d = np.asarray(direction, dtype=float)
    offsets = candidates - current
    along = offsets @ d
    across = np.abs(offsets @ np.array([-d[1], d[0]]))
    ok = along > 1e-6
    if not ok.any():
        return None
    score = np.where(ok, along + 2.0 * across, np.inf)
    return int(np.argmin(score))
