"""Ray casting in numpy: rays through pixels, hits on spheres and boxes, keyboard neighbours."""

from __future__ import annotations

import numpy as np
import pytest

from marblestudio.views.board.picking import (
    Pickable,
    nearest_in_direction,
    pick,
    project_points,
    ray_box,
    ray_sphere,
    unproject_ray,
)


def _camera(distance: float = 10.0) -> tuple[np.ndarray, np.ndarray]:
    """A perspective camera at (0, 0, distance) looking down -z (OpenGL conventions)."""
    near, far, fov = 0.1, 100.0, np.radians(60)
    f = 1 / np.tan(fov / 2)
    projection = np.array(
        [[f, 0, 0, 0], [0, f, 0, 0], [0, 0, (far + near) / (near - far), 2 * far * near / (near - far)], [0, 0, -1, 0]]
    )
    view = np.eye(4)
    view[2, 3] = -distance
    return projection, view


def test_a_ray_through_the_centre_of_the_screen_goes_straight_ahead() -> None:
    projection, view = _camera()
    origin, direction = unproject_ray(50, 50, 100, 100, projection, view)
    assert np.allclose(direction, [0, 0, -1])
    assert np.allclose(origin[:2], [0, 0])


def test_projecting_a_point_and_casting_a_ray_there_passes_through_the_point() -> None:
    projection, view = _camera()
    point = np.array([1.5, -2.0, 0.5])
    x, y = project_points(point[None], 640, 480, projection, view)[0]
    origin, direction = unproject_ray(x, y, 640, 480, projection, view)
    to_point = point - origin
    assert np.linalg.norm(np.cross(to_point, direction)) < 1e-6


def test_screen_y_grows_downwards() -> None:
    projection, view = _camera()
    (_, y_high), (_, y_low) = project_points(np.array([[0, 1, 0], [0, -1, 0]]), 100, 100, projection, view)
    assert y_high < 50 < y_low


def test_ray_hits_sphere_at_its_near_surface() -> None:
    t = ray_sphere(np.array([0.0, 0, 10]), np.array([0.0, 0, -1]), (0, 0, 0), 1.0)
    assert t == pytest.approx(9.0)
    assert ray_sphere(np.array([0.0, 0, 10]), np.array([0.0, 0, -1]), (3, 0, 0), 1.0) is None


def test_ray_hits_box_at_its_near_face_and_misses_beside_it() -> None:
    origin, down = np.array([0.2, 0.1, 5.0]), np.array([0.0, 0, -1])
    assert ray_box(origin, down, (0, 0, 0), (0.5, 0.5, 0.5)) == pytest.approx(4.5)
    assert ray_box(origin, down, (2, 0, 0), (0.5, 0.5, 0.5)) is None
    assert ray_box(origin, -down, (0, 0, 0), (0.5, 0.5, 0.5)) is None  # behind the ray


def test_pick_returns_the_nearest_object_along_the_ray() -> None:
    far = Pickable("far", (0, 0, 0), radius=1.0)
    near = Pickable("near", (0, 0, 3), half=(0.5, 0.5, 0.5))
    beside = Pickable("beside", (5, 0, 3), radius=1.0)
    hit = pick(np.array([0.0, 0, 10]), np.array([0.0, 0, -1]), [far, beside, near])
    assert hit is not None and hit.key == "near"
    assert pick(np.array([0.0, 0, 10]), np.array([0.0, 1, 0]), [far, near]) is None


def test_keyboard_selection_moves_to_the_nearest_point_in_the_arrow_direction() -> None:
    points = np.array([[100.0, 100], [200, 100], [300, 100], [200, 200], [200, 40]])
    assert nearest_in_direction(None, points, (1, 0)) == 0
    assert nearest_in_direction(points[0], points, (1, 0)) == 1
    assert nearest_in_direction(points[1], points, (0, 1)) == 3
    assert nearest_in_direction(points[1], points, (0, -1)) == 4
    assert nearest_in_direction(points[2], points, (1, 0)) is None
