"""The window's camera actions: Home view (Home), Top-Down View (Ctrl+1), From My Seat (Ctrl+2).

Each calls a preset of the board's scene (`Scene.view_home`, `view_top_down`,
`view_from_seat`), which fits the camera to the board and the window.  The main window calls
`install_camera_actions(self, view_menu)` once.  Ctrl+1 and Ctrl+2 live on the window, so they
work wherever the focus is; Home is the board's only (`BOARD_ONLY`): window-wide, it took Home
from the focused move list and library list, which go to their first row with it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QWidget

from marblestudio.views.board.scene import Scene

CAMERA_ACTIONS: tuple[tuple[str, str, Callable[[Scene], None], str], ...] = (
    # (menu text, shortcut, what it does to the scene, status tip)
    ("&Home View", "Home", Scene.view_home, "The game's default view of the whole board"),
    ("&Top-Down View", "Ctrl+1", Scene.view_top_down, "Straight down on the board"),
    ("View From &My Seat", "Ctrl+2", lambda scene: scene.view_from_seat(), "From your side of the table (the first seat when nobody plays here)"),
)
BOARD_ONLY = frozenset({"Home"})
"""The shortcuts that act only while the board (the scene) has the focus: elsewhere the key is
the focused widget's own (Home in a list or a text box)."""


def install_camera_actions(window: QWidget, menu: QMenu, scene: Scene | None = None) -> list[QAction]:
    """Add the camera actions to `menu` and to `window`; they act on `scene` (by default the
    scene of the window's game view, `window.game.scene`)."""
    target = scene if scene is not None else _game_scene(window)
    actions = []
    for text, shortcut, act, tip in CAMERA_ACTIONS:
        action = QAction(text, window)
        action.setShortcut(QKeySequence(shortcut))
        action.setStatusTip(tip)
        action.triggered.connect(lambda _checked=False, act=act: act(target))
        menu.addAction(action)
        if shortcut in BOARD_ONLY:
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            target.addAction(action)
        else:
            window.addAction(action)
        actions.append(action)
    return actions


def _game_scene(window: QWidget) -> Scene:
    game = getattr(window, "game", None)
    scene = getattr(game, "scene", None)
    if not isinstance(scene, Scene):
        raise TypeError(f"{type(window).__name__} has no game view with a 3D scene (window.game.scene)")
    return scene
