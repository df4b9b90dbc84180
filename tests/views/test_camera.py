"""The camera of every board: it stays above the table, its presets show the whole board, and
it keeps the board filling the window when the window is resized.

The GL tests draw real frames (Xvfb with GLX, Mesa) and read them back.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QImage, QMouseEvent, QWheelEvent
from PySide6.QtWidgets import QApplication, QMainWindow
from pytestqt.qtbot import QtBot

from marblestudio import rulesets
from marblestudio.session import HUMAN, Session
from marblestudio.views.board.alive import board as alive
from marblestudio.views.board.archimedes import board as archimedes
from marblestudio.views.board.avalanche import board as avalanche
from marblestudio.views.board.stay_alive import board as stay_alive
from marblestudio.views.board.stay_alive import layout as stay_alive_layout
from marblestudio.views.board.base import Colour
from marblestudio.views.board.camera import MAX_ELEVATION, MIN_ELEVATION, CameraPresets, camera_axes, corners, fit_view
from marblestudio.views.board.scene import FOV, Scene
from marblestudio.views.camera_actions import install_camera_actions
from marblestudio.views.game_view import GameView

from .helpers import open_game_view, open_main_window

GAMES = {
    # ruleset, a colour that only the board itself has (lit: any brightness of it)
    "stay-alive/standard": stay_alive_layout.RED_LAYER,
    "alive/standard": alive.FELT,
    "avalanche/standard": avalanche.PANEL,
    "archimedes/standard": archimedes.WOOD,
}


def _session(ruleset: str, seats: list[str] | None = None) -> Session:
    loaded = rulesets.load_with_source(ruleset)
    players = seats or [HUMAN, HUMAN]
    return Session(loaded.rules, players, 4, loaded.resolved, ruleset)


def _presets(scene: Scene) -> CameraPresets:
    presets = scene.camera_presets()
    assert presets is not None
    return presets


def _board_box_on_screen(scene: Scene) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) on screen of the corners of the board's bounds."""
    xy = np.array([scene.screen_position(tuple(c)) for c in corners(_presets(scene).bounds)])
    return float(xy[:, 0].min()), float(xy[:, 1].min()), float(xy[:, 0].max()), float(xy[:, 1].max())


def _lit_share(image: QImage, colour: Colour, tolerance: float = 30.0) -> float:
    """The share of the image's pixels that show `colour` under some light (0.3 to 1.3 times it)."""
    bits = image.convertToFormat(QImage.Format.Format_RGB888)
    pixels = np.frombuffer(bits.constBits(), dtype=np.uint8).reshape(bits.height(), bits.bytesPerLine())
    rgb = pixels[:, : bits.width() * 3].reshape(-1, 3)[::7].astype(float)
    base = np.array(colour[:3]) * 255
    k = rgb @ base / (base @ base)
    off = np.linalg.norm(rgb - k[:, None] * base, axis=1)
    return float(np.mean((k > 0.3) & (k < 1.3) & (off < tolerance)))


def _drag(scene: Scene, dx: float, dy: float, steps: int = 20) -> None:
    """Drag with the left button from the middle of the scene by (dx, dy) pixels."""
    start = QPointF(scene.width() / 2, scene.height() / 2)
    left, none = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton
    no_keys = Qt.KeyboardModifier.NoModifier

    def send(kind: QEvent.Type, at: QPointF, button: Qt.MouseButton, buttons: Qt.MouseButton) -> None:
        QApplication.sendEvent(scene, QMouseEvent(kind, at, scene.mapToGlobal(at), button, buttons, no_keys))

    send(QEvent.Type.MouseButtonPress, start, left, left)
    for i in range(1, steps + 1):
        send(QEvent.Type.MouseMove, start + QPointF(dx * i / steps, dy * i / steps), none, left)
    send(QEvent.Type.MouseButtonRelease, start + QPointF(dx, dy), left, none)


# Fitting, without drawing -----------------------------------------------------------------------
@pytest.mark.parametrize("aspect", [440 / 700, 1.0, 16 / 9, 3.0])
@pytest.mark.parametrize("elevation", [5.0, 30.0, 58.0, 89.0])
def test_a_fitted_view_sees_every_corner_and_touches_two_sides(aspect: float, elevation: float) -> None:
    bounds = ((-8.0, -2.0, -0.5), (8.0, 2.5, 1.0))
    centre, distance = fit_view(bounds, elevation, -70.0, FOV, aspect, margin=0.0)
    right, up, forward = camera_axes(elevation, -70.0)
    eye = np.array(centre) - distance * forward
    rel = corners(bounds) - eye
    depth = rel @ forward
    sx = (rel @ right) / depth / math.tan(math.radians(FOV) / 2)  # -1..1 across the view
    sy = (rel @ up) / depth / (math.tan(math.radians(FOV) / 2) / aspect)
    assert np.all(depth > 0)
    assert np.all(np.abs(sx) <= 1 + 1e-9) and np.all(np.abs(sy) <= 1 + 1e-9)
    # centred, and as close as it can be: both edges of one direction are touched
    assert sx.max() == pytest.approx(-sx.min(), abs=1e-6) and sy.max() == pytest.approx(-sy.min(), abs=1e-6)
    assert max(sx.max(), sy.max()) == pytest.approx(1.0)


# The scene's camera ------------------------------------------------------------------------------
@pytest.mark.gl
@pytest.mark.parametrize("ruleset", list(GAMES))
def test_dragging_400_px_never_takes_the_camera_under_the_table(qtbot: QtBot, ruleset: str) -> None:
    game = open_game_view(qtbot, 800, 500)
    game.set_session(_session(ruleset), interactive=False)
    scene = game.scene
    for dy in (-400, 400, -400):  # up (down towards the table), then down (over the top), then up
        _drag(scene, 37, dy)
        assert MIN_ELEVATION <= scene.opts["elevation"] <= MAX_ELEVATION
        assert _lit_share(scene.render_image(), GAMES[ruleset]) > 0.01, f"no board to be seen after a drag of {dy} px"
    assert scene.opts["elevation"] == MIN_ELEVATION


@pytest.mark.gl
@pytest.mark.parametrize("ruleset", list(GAMES))
@pytest.mark.parametrize("size", [(440, 700), (1280, 720), (1920, 1080)])
def test_every_preset_shows_the_whole_board_filling_the_window(qtbot: QtBot, ruleset: str, size: tuple[int, int]) -> None:
    game = open_game_view(qtbot, *size)
    game.set_session(_session(ruleset), interactive=False)
    scene = game.scene
    w, h = scene.width(), scene.height()
    for preset in (scene.view_top_down, scene.view_from_seat, scene.view_home):
        preset()
        left, top, right, bottom = _board_box_on_screen(scene)
        assert left >= 0 and top >= 0 and right <= w and bottom <= h, f"{preset.__name__} cuts the board off"
        assert right - left > 0.85 * w or bottom - top > 0.85 * h, f"{preset.__name__} leaves the window mostly empty"
    assert _lit_share(scene.render_image(), GAMES[ruleset]) > 0.02


@pytest.mark.gl
def test_the_view_is_refitted_when_the_window_is_resized_until_the_user_zooms(qtbot: QtBot) -> None:
    game = open_game_view(qtbot, 1280, 720)
    game.set_session(_session("archimedes/standard"), interactive=False)
    scene = game.scene
    game.resize(440, 700)
    qtbot.waitUntil(lambda: scene.width() == 440)
    left, _, right, _ = _board_box_on_screen(scene)
    assert left >= 0 and right <= 440 and right - left > 0.85 * 440
    fitted = scene.opts["distance"]
    wheel = QWheelEvent(  # one notch in
        QPointF(200, 300), QPointF(scene.mapToGlobal(QPoint(200, 300))), QPoint(0, 0), QPoint(0, 120),
        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False,
    )
    QApplication.sendEvent(scene, wheel)
    zoomed = scene.opts["distance"]
    assert zoomed < fitted and not scene.fitted
    game.resize(600, 700)
    qtbot.waitUntil(lambda: scene.width() == 600)
    assert scene.opts["distance"] == zoomed  # the user's zoom is kept
    scene.view_home()
    assert scene.fitted and scene.opts["distance"] != zoomed


@pytest.mark.gl
@pytest.mark.parametrize("ruleset", list(GAMES))
def test_from_my_seat_looks_from_the_humans_side(qtbot: QtBot, ruleset: str) -> None:
    game = open_game_view(qtbot, 800, 500)
    game.set_session(_session(ruleset, ["easy", HUMAN]), interactive=False)
    scene = game.scene
    presets = _presets(scene)
    assert scene.my_seat() == 1
    scene.view_from_seat()
    assert (scene.opts["elevation"], scene.opts["azimuth"]) == pytest.approx(presets.seat_view(1))
    scene.view_from_seat(0)
    assert scene.opts["azimuth"] == pytest.approx(presets.seat_view(0)[1])
    scene.view_top_down()
    assert scene.opts["elevation"] == MAX_ELEVATION
    scene.orbit(50, -30)
    scene.view_home()
    assert (scene.opts["elevation"], scene.opts["azimuth"]) == (presets.elevation, presets.azimuth)


@pytest.mark.gl
def test_my_seat_is_the_first_seat_when_nobody_plays_here(qtbot: QtBot) -> None:
    game = open_game_view(qtbot, 800, 500)
    game.set_session(_session("stay-alive/standard", ["easy", "easy"]), interactive=False)
    assert game.scene.my_seat() == 0


def test_the_seats_of_stay_alive_face_each_other_or_take_a_side_each() -> None:
    assert stay_alive.seat_azimuths(2) == (-90.0, -270.0)
    assert [a % 360 for a in stay_alive.seat_azimuths(4)] == [270.0, 180.0, 90.0, 0.0]


@pytest.mark.gl
def test_the_camera_actions_have_their_shortcuts_and_move_the_camera(qtbot: QtBot) -> None:
    window = QMainWindow()
    game = GameView()
    window.setCentralWidget(game)
    window.game = game  # type: ignore[attr-defined]  # as the main window has it
    window.resize(900, 600)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    game.scene.clock.set_speed(0)
    game.set_session(_session("archimedes/standard", [HUMAN, "easy"]), interactive=False)
    menu = window.menuBar().addMenu("View")
    actions = install_camera_actions(window, menu)
    assert [a.shortcut().toString() for a in actions] == ["Home", "Ctrl+1", "Ctrl+2"]
    assert all(a in menu.actions() for a in actions)
    assert [a in window.actions() for a in actions] == [False, True, True]  # Home is the board's only
    assert actions[0] in game.scene.actions()
    home, top, seat = actions
    scene = game.scene
    presets = _presets(scene)
    top.trigger()
    assert scene.opts["elevation"] == MAX_ELEVATION
    seat.trigger()
    assert scene.opts["azimuth"] == pytest.approx(presets.seat_view(0)[1])
    home.trigger()
    assert (scene.opts["elevation"], scene.opts["azimuth"]) == (presets.elevation, presets.azimuth)


@pytest.mark.gl
def test_the_main_window_has_the_camera_presets_once(qtbot: QtBot) -> None:
    window = open_main_window(qtbot, 900, 600)
    view_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    texts = [a.text() for a in view_menu.actions()]
    assert {"&Home View", "&Top-Down View", "View From &My Seat"} <= set(texts)
    homes = [a for a in window.actions() + window.game.scene.actions() if a.shortcut().toString() == "Home"]
    assert len(homes) == 1  # two actions on Home would be an ambiguous shortcut: neither fires
