"""Helpers for the app's tests."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from marblestudio.engine.core import CHANCE, Move, State
from marblestudio.views.game_view import GameView
from marblestudio.views.palette import hex_to_rgba

if TYPE_CHECKING:
    from marblestudio.views.main_window import MainWindow

W = TypeVar("W", bound=QWidget)


def random_game(state: State, seed: str, limit: int = 5000) -> list[Move]:
    """Play `state` to its end with seeded random moves; the moves played."""
    rng = random.Random(seed)
    moves: list[Move] = []
    while state.outcome() is None and len(moves) < limit:
        move = state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.legal_moves())
        state.apply(move)
        moves.append(move)
    return moves


def _shown(qtbot: QtBot, widget: W, width: int, height: int) -> W:
    """`widget` resized, shown and exposed, closed with the test."""
    widget.resize(width, height)
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def open_game_view(qtbot: QtBot, width: int, height: int) -> GameView:
    """A shown GameView of the given size whose animations finish at once."""
    view = _shown(qtbot, GameView(), width, height)
    view.scene.clock.set_speed(0)
    return view


def open_main_window(qtbot: QtBot, width: int, height: int) -> MainWindow:
    """A shown main window of the given size whose animations finish at once."""
    from marblestudio.views.main_window import MainWindow

    win = _shown(qtbot, MainWindow(), width, height)
    win.game.scene.clock.set_speed(0)
    return win


def pixel_at(game: GameView, point: tuple[float, float, float]) -> tuple[int, int, int]:
    """The rendered colour at the screen position of a point of the 3D scene."""
    x, y = game.scene.screen_position(point)
    image = game.scene.render_image()
    colour = image.pixelColor(round(x * image.width() / game.scene.width()), round(y * image.height() / game.scene.height()))
    return colour.red(), colour.green(), colour.blue()


def near(pixel: tuple[int, int, int], hex_colour: str, tolerance: float) -> bool:
    """Whether a pixel is within `tolerance` (RGB distance, 0-255 scale) of a colour."""
    r, g, b, _ = hex_to_rgba(hex_colour)
    return sum((p - t * 255) ** 2 for p, t in zip(pixel, (r, g, b))) ** 0.5 < tolerance


def activate(qtbot: QtBot, window: QWidget) -> None:
    """Make `window` the active window: shortcuts work only there (under Xvfb, with no window
    manager, nothing activates it by itself)."""
    from PySide6.QtWidgets import QApplication

    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=2000)


def focus(qtbot: QtBot, widget: QWidget) -> None:
    """Give `widget` the keyboard focus in its active window, as a user's click or Tab does."""
    from PySide6.QtWidgets import QApplication

    activate(qtbot, widget.window())
    widget.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is widget, timeout=2000)


def shown_editor(qtbot: QtBot, window: MainWindow) -> QWidget:
    """The window's Rules Editor dock shown and raised; its widget (the `RulesEditor`)."""
    dock = window.editor_dock
    assert dock is not None
    dock.show()
    dock.raise_()
    qtbot.waitUntil(dock.isVisible, timeout=2000)
    editor = dock.widget()
    assert editor is not None
    return editor
