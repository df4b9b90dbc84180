"""Camera views of a board: each game's presets, and fitting the camera to what must be seen.

Pure geometry (numpy, no Qt), in the conventions of pyqtgraph's `GLViewWidget`: the camera
looks at `centre` from `distance` away, raised `elevation` degrees above the table and turned
`azimuth` degrees about z (azimuth -90 puts the camera at -y, the front of the table), with a
horizontal field of view `fov`.

A game's board gives a `CameraPresets`: the box that every view keeps in sight (its bounds),
its home view, and where each seat sits round the table.  `fit_view` finds the centre and the
distance that show the whole box as large as the viewport's aspect ratio allows, so that a
narrow window still shows the whole board and a wide one is not mostly empty.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import product
from typing import Protocol, runtime_checkable

import numpy as np

Point = tuple[float, float, float]
Bounds = tuple[Point, Point]

MIN_ELEVATION = 10.0
"""The lowest the camera goes: low enough to see the board from the side, never under it."""
MAX_ELEVATION = 89.0
"""The highest: straight down, short of the pole where the azimuth would stop meaning anything."""
TOP_DOWN = MAX_ELEVATION
FIT_MARGIN = 0.04
"""The share of the viewport left free at each side of a fitted view."""


@dataclass(frozen=True)
class CameraPresets:
    """A game's camera: the box every view keeps in sight, the home view, and the seats.

    `seat_azimuths[s]` is the azimuth of a camera behind seat `s`, looking across the table
    (the "from my seat" view); a board with no seats round it may leave it empty.
    """

    bounds: Bounds
    elevation: float
    azimuth: float = -90.0
    seat_azimuths: tuple[float, ...] = ()
    seat_elevation: float | None = None  # None: the home elevation

    def seat_view(self, seat: int) -> tuple[float, float]:
        """(elevation, azimuth) from behind `seat` (the home view for a seat it does not know)."""
        elevation = self.elevation if self.seat_elevation is None else self.seat_elevation
        if 0 <= seat < len(self.seat_azimuths):
            return elevation, self.seat_azimuths[seat]
        return elevation, self.azimuth


@runtime_checkable
class HasCameraPresets(Protocol):
    """A board that knows its camera presets (every bundled board; BoardView may adopt it)."""

    def camera_presets(self) -> CameraPresets: ...


def clamp_elevation(elevation: float) -> float:
    """`elevation` kept between `MIN_ELEVATION` and `MAX_ELEVATION`."""
    return min(MAX_ELEVATION, max(MIN_ELEVATION, elevation))


def camera_axes(elevation: float, azimuth: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The camera's right, up and forward unit vectors in world space."""
    e, a = math.radians(elevation), math.radians(azimuth)
    back = np.array([math.cos(e) * math.cos(a), math.cos(e) * math.sin(a), math.sin(e)])
    right = np.array([-math.sin(a), math.cos(a), 0.0])
    up = np.cross(right, -back)
    return right, up / np.linalg.norm(up), -back


def corners(bounds: Bounds) -> np.ndarray:
    """The 8 corners of the box `bounds` (lowest corner, highest corner), as an (8, 3) array."""
    lo, hi = bounds
    return np.array([[(lo, hi)[i][axis] for axis, i in enumerate(pick)] for pick in product((0, 1), repeat=3)], dtype=float)


def fit_view(
    bounds: Bounds, elevation: float, azimuth: float, fov: float, aspect: float, margin: float = FIT_MARGIN
) -> tuple[Point, float]:
    """(centre, distance) of the closest camera at this elevation and azimuth that sees all of
    `bounds`, centred, in a viewport `aspect` = width / height wide for a horizontal `fov`.

    With the camera's orientation fixed, each side of the view frustum is a plane of fixed
    direction through the camera, so "every corner inside" is four linear conditions on the
    camera's position: the left and right ones give the closest distance for the width, the top
    and bottom ones the closest for the height.  The farther of the two wins, and the camera is
    then moved sideways and up so that the box's extremes sit at equal distances from the
    middle of the screen.
    """
    right, up, forward = camera_axes(elevation, azimuth)
    points = corners(bounds)
    middle = points.mean(axis=0)
    rel = points - middle
    px, py, pf = rel @ right, rel @ up, rel @ forward
    half = math.tan(math.radians(fov) / 2) * (1 - 2 * margin)
    tan_x, tan_y = half, half / max(aspect, 1e-6)
    a1, a2 = float(np.min(px + tan_x * pf)), float(np.min(-px + tan_x * pf))
    b1, b2 = float(np.min(py + tan_y * pf)), float(np.min(-py + tan_y * pf))
    forward_offset = min((a1 + a2) / (2 * tan_x), (b1 + b2) / (2 * tan_y))  # the camera, along forward
    depth = pf - forward_offset
    centre = middle + _centred(px, depth) * right + _centred(py, depth) * up
    distance = max(-forward_offset, 1e-3)
    return (float(centre[0]), float(centre[1]), float(centre[2])), distance


def _centred(lateral: np.ndarray, depth: np.ndarray) -> float:
    """The sideways offset of the camera that puts the points' extremes at equal distances from
    the middle of the screen (their screen offsets are (lateral - offset) / depth)."""
    lo, hi = float(lateral.min()), float(lateral.max())
    for _ in range(60):  # max + min of the screen offsets falls as the camera moves: bisect
        mid = (lo + hi) / 2
        screen = (lateral - mid) / depth
        if screen.max() + screen.min() > 0:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2
