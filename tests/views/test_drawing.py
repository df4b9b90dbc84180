"""How the scene draws (issue 14, speed): into a native window of its own, its texts from textures
made once, its labels laid out again only when something moved, its many small parts in one
draw.  The figures themselves are in benchmarks/app.py; these tests check the behaviour."""

from __future__ import annotations

import ctypes
import ctypes.util
import random

import pytest
from PySide6.QtCore import QPoint
from pytestqt.qtbot import QtBot

from marblestudio import rulesets
from marblestudio.engine.core import CHANCE
from marblestudio.session import HUMAN, Session
from marblestudio.views.board.archimedes.board import Board as ArchimedesBoard
from marblestudio.views.board.avalanche.board import Board as AvalancheBoard

from .helpers import open_game_view
from .label_checks import drawn_texts

pytestmark = pytest.mark.gl


def _played(ruleset: str, plies: int) -> Session:
    loaded = rulesets.load_with_source(ruleset)
    session = Session(loaded.rules, [HUMAN, HUMAN], 3, loaded.resolved, ruleset)
    rng = random.Random(f"drawing:{ruleset}")
    while session.ply < plies and not session.is_over():
        if session.state.to_move == CHANCE:
            session.advance_chance()
        else:
            session.play(rng.choice(session.state.legal_moves()))
    session.saved = True
    return session


class _Pointer:
    """The X server's own pointer, moved and clicked through the XTest extension (so the events
    take the path a real mouse's take: into the native window, then to the widget under it)."""

    def __init__(self) -> None:
        try:
            self.x11 = ctypes.cdll.LoadLibrary(ctypes.util.find_library("X11") or "libX11.so.6")
            self.xtst = ctypes.cdll.LoadLibrary(ctypes.util.find_library("Xtst") or "libXtst.so.6")
        except OSError:
            pytest.skip("no libXtst to move the X pointer")
        self.x11.XOpenDisplay.restype = ctypes.c_void_p
        self.x11.XFlush.argtypes = [ctypes.c_void_p]
        self.x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
        self.xtst.XTestFakeMotionEvent.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_ulong]
        self.xtst.XTestFakeButtonEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
        self.display = self.x11.XOpenDisplay(None)
        if not self.display:
            pytest.skip("no X display for XTest")

    def move(self, x: int, y: int) -> None:
        self.xtst.XTestFakeMotionEvent(self.display, -1, x, y, 0)
        self.x11.XFlush(self.display)

    def button(self, down: bool) -> None:
        self.xtst.XTestFakeButtonEvent(self.display, 1, int(down), 0)
        self.x11.XFlush(self.display)

    def close(self) -> None:
        self.x11.XCloseDisplay(self.display)


def test_the_scene_draws_on_its_own_native_window_and_the_mouse_reaches_it(qtbot: QtBot) -> None:
    game = open_game_view(qtbot, 800, 600)
    session = _played("stay-alive/standard", 4)
    game.set_session(session)
    surface = game.scene.surface()
    assert surface is not None
    qtbot.waitUntil(surface.isExposed, timeout=5000)
    frames: list[int] = []
    game.scene.frame_painted.connect(lambda: frames.append(1))
    game.scene.update()
    qtbot.waitUntil(lambda: bool(frames), timeout=5000)
    key, move = next(iter(game.legal_targets().items()))
    assert game.board is not None
    point = game.board.world_position(key)
    assert point is not None
    x, y = game.scene.screen_position(point)
    at = game.scene.mapToGlobal(QPoint(round(x), round(y)))
    hovered: list[object] = []
    game.scene.hovered.connect(hovered.append)
    pointer = _Pointer()
    try:
        pointer.move(at.x(), at.y())
        qtbot.waitUntil(lambda: key in hovered, timeout=5000)  # a move with no button reaches the scene
        pointer.button(True)
        pointer.button(False)
        qtbot.waitUntil(lambda: session.moves[-1] == move, timeout=5000)  # and a click plays
    finally:
        pointer.close()
    assert game.scene.hasFocus()  # the click gave the scene the keyboard, as on any widget


def test_texts_are_drawn_from_textures_made_once(qtbot: QtBot) -> None:
    game = open_game_view(qtbot, 1280, 720)
    game.set_session(_played("archimedes/standard", 6))
    game.scene.render_image()
    made = game.scene.renderer.texts.made
    assert made >= len({text for text, _ in drawn_texts(game.scene)}) > 0  # (a, b and c stand at both ends: one texture each)
    for _ in range(3):
        game.scene.render_image()
    assert game.scene.renderer.texts.made == made  # the same texts at the same sizes: no new texture


def test_labels_are_laid_out_again_only_when_the_view_or_a_text_changes(qtbot: QtBot) -> None:
    game = open_game_view(qtbot, 1280, 720)
    game.set_session(_played("avalanche/standard", 6))
    board = game.board
    assert isinstance(board, AvalancheBoard)
    texts = board.texts
    game.scene.render_image()
    fits = texts.fits
    game.scene.render_image()
    assert texts.fits == fits  # nothing moved: the last layout is kept
    game.scene.orbit(20.0, 0.0)
    game.scene.render_image()
    assert texts.fits == fits + 1  # the camera turned
    count = texts.texts[0]
    count.set(("a longer text than before", "short"), count.slot)
    game.scene.render_image()
    assert texts.fits == fits + 2  # a text changed


def test_the_cups_of_rock_me_archimedes_are_one_draw(qtbot: QtBot) -> None:
    game = open_game_view(qtbot, 1000, 620)
    game.set_session(_played("archimedes/standard", 0))
    board = game.board
    assert isinstance(board, ArchimedesBoard)
    geo = board.geo
    cup_colour = (0.33, 0.22, 0.12, 1.0)
    cups = [i for i in game.scene.items if getattr(i, "opts", {}).get("color") == cup_colour]
    assert len(cups) == 1 and len(cups[0].opts["meshdata"].vertexes()) > geo.rows * geo.columns * 10


def test_gl_calls_go_through_pyopengl_accelerate() -> None:
    """PyOpenGL hands each call's arguments to C when its compiled helpers are installed (a
    dependency: the ALIVE scene drew about a quarter more frames a second); without them it
    silently falls back to Python, so an install that lost them would show only as a slow board."""
    from OpenGL import acceleratesupport

    assert acceleratesupport.ACCELERATE_AVAILABLE
