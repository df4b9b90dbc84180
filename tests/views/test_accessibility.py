"""What a screen reader and a keyboard user are told (the keyboard and accessibility review, items
3 and 10): the board and the library list have names, the board's description says the game, the
turn and the selection; the selected Stay Alive target is ringed, and the board shows when it has
the keyboard focus.

The drawing tests draw real frames (Xvfb with GLX, Mesa) and read pixels.
"""

from __future__ import annotations

import random

import pytest
from PySide6.QtGui import QAccessible, QImage, QPalette
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from marblestudio import rulesets
from marblestudio.engine.core import CHANCE
from marblestudio.engine.stay_alive.moves import SlideMove
from marblestudio.session import HUMAN, Session
from marblestudio.views.board.gl_view import FOCUS_FRAME
from marblestudio.views.board.stay_alive.board import Board
from marblestudio.views.game_view import GameView
from marblestudio.views.library import LibraryWidget

from .helpers import open_game_view

pytestmark = pytest.mark.gl

Pixel = tuple[int, int, int]


def _session() -> Session:
    loaded = rulesets.load_with_source("stay-alive/standard")
    return Session(loaded.rules, [HUMAN, HUMAN], 5, loaded.resolved, "stay-alive/standard")


def _text(widget: QWidget, which: QAccessible.Text) -> str:
    iface = QAccessible.queryAccessibleInterface(widget)
    assert iface is not None
    return iface.text(which)


def _description(game: GameView) -> str:
    return _text(game.scene, QAccessible.Text.Description)


def _dark(pixel: Pixel) -> bool:
    return max(pixel) < 60


def _light(pixel: Pixel) -> bool:
    return min(pixel) > 200


def _around(game: GameView, point: tuple[float, float, float], reach: int = 2) -> list[Pixel]:
    """The rendered pixels within `reach` of where the 3D `point` is drawn (a band a few pixels wide)."""
    x, y = game.scene.screen_position(point)
    image = game.scene.render_image()
    sx, sy = image.width() / game.scene.width(), image.height() / game.scene.height()
    cx, cy = round(x * sx), round(y * sy)
    colours = (image.pixelColor(cx + dx, cy + dy) for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1))
    return [(c.red(), c.green(), c.blue()) for c in colours]


def _board(game: GameView) -> Board:
    assert isinstance(game.board, Board)
    return game.board


def test_the_board_is_named_and_describes_the_game_whose_turn_and_the_selection(qtbot: QtBot) -> None:
    game = open_game_view(qtbot, 900, 640)
    assert _text(game.scene, QAccessible.Text.Name) == "Game board"
    session = _session()
    game.set_session(session)
    assert _description(game) == f"{session.rules.name}. Red to move (you)."
    selected = game.scene.select_towards((1, 0))
    assert isinstance(selected, tuple) and selected[0] == "cell"
    _, row, col = selected
    assert _description(game) == f"{session.rules.name}. Red to move (you). Selected: place {'abcdefg'[col]}{row + 1}."
    game.scene.activate()
    qtbot.waitUntil(lambda: session.position > 0)
    assert _description(game) == f"{session.rules.name}. Blue to move (you)."  # the selection went with the move


def test_the_library_list_and_its_filter_are_named(qtbot: QtBot) -> None:
    library = LibraryWidget()
    qtbot.addWidget(library)
    assert _text(library.list, QAccessible.Text.Name) == "Rulesets"
    assert "Enter plays" in _text(library.list, QAccessible.Text.Description)
    assert _text(library.filter, QAccessible.Text.Name) == "Filter rulesets"


def test_the_selected_cell_is_ringed_in_black_and_white_and_the_other_legal_cells_are_not(qtbot: QtBot) -> None:
    game = open_game_view(qtbot, 1000, 700)
    game.set_session(_session())
    board = _board(game)
    assert board.selection_ring() is None
    selected = game.scene.select_towards((1, 0))
    ring = board.selection_ring()
    assert ring is not None
    inner, outer = ring
    assert any(map(_dark, _around(game, inner.front()))), "the black band of the ring is not drawn"
    assert any(map(_light, _around(game, outer.front()))), "the white band of the ring is not drawn"
    was = inner.front()
    other = next(k for k in game.scene.legal_keys() if k != selected)
    assert game.scene.select(other)
    assert inner.front() != was and any(map(_dark, _around(game, inner.front())))  # moved with the selection ...
    assert not any(map(_dark, _around(game, was)))  # ... and left the cell selected before


def test_a_selected_knob_is_ringed_too(qtbot: QtBot) -> None:
    session = _session()
    rng = random.Random("knobs")
    while not any(isinstance(m, SlideMove) for m in session.state.legal_moves()) or session.state.to_move == CHANCE:
        if session.state.to_move == CHANCE:
            session.advance_chance()
        else:
            session.play(rng.choice(session.state.legal_moves()))
    game = open_game_view(qtbot, 1000, 700)
    game.set_session(session)
    knob = next(k for k in game.scene.legal_keys() if isinstance(k, tuple) and k[0] == "knob")
    assert game.scene.select(knob)
    ring = _board(game).selection_ring()
    assert ring is not None
    assert any(map(_dark, _around(game, ring[0].front())))
    assert any(map(_light, _around(game, ring[1].front())))


def _edge_pixels(image: QImage) -> list[Pixel]:
    """Pixels on the view's edges, inside the focus frame's width: the middle of each side."""
    w, h, k = image.width(), image.height(), FOCUS_FRAME // 2
    points = ((w // 2, k), (w // 2, h - 1 - k), (k, h // 2), (w - 1 - k, h // 2))
    return [(c.red(), c.green(), c.blue()) for c in (image.pixelColor(x, y) for x, y in points)]


def test_the_board_draws_a_focus_frame_while_it_has_the_keyboard_focus(qtbot: QtBot) -> None:
    game = open_game_view(qtbot, 900, 640)
    game.set_session(_session())
    highlight = game.scene.palette().color(QPalette.ColorRole.Highlight)
    frame = (highlight.red(), highlight.green(), highlight.blue())

    def framed() -> bool:
        return all(sum(abs(p - q) for p, q in zip(pixel, frame)) < 12 for pixel in _edge_pixels(game.scene.render_image()))

    assert not framed()
    game.activateWindow()  # under Xvfb nothing activates the window by itself
    qtbot.waitUntil(lambda: QApplication.activeWindow() is game, timeout=2000)
    game.scene.setFocus()
    qtbot.waitUntil(game.scene.hasFocus, timeout=2000)
    assert framed()
    game.scene.clearFocus()
    assert not framed()


def test_the_seats_bar_is_named_and_reads_each_seat(qtbot: QtBot) -> None:
    from marblestudio.views.status_seats import SeatsBar

    bar = SeatsBar()
    qtbot.addWidget(bar)
    bar.show_seats([("Red", "#d62728", "5 left"), ("Blue", "#1f77b4", "4 left")])
    face = QAccessible.queryAccessibleInterface(bar)
    assert face is not None and face.text(QAccessible.Text.Name) == "Seats"
    assert face.text(QAccessible.Text.Description) == "Red: 5 left; Blue: 4 left"
