"""The common 3D scene of every board: camera, lights, picking, keyboard selection.

`Scene` is a pyqtgraph GLViewWidget.  Drag with the left button to orbit (the camera stays
between 10 and 89 degrees above the table, never under it), Ctrl+drag or the middle button to
pan, and the wheel to zoom.  The camera has three presets, from the board's `CameraPresets`
(camera.py): `view_home()` (the game's default view; `reset_camera()`), `view_top_down()` and
`view_from_seat()`; each fits the camera to the board's bounds and the viewport, and keeps it
fitted when the widget is resized until the user zooms or pans.
Meshes are lit by our own shader (a head light plus ambient, per vertex so that Mesa's
software renderer stays fast), since pyqtgraph's 'shaded' program lights from behind the camera.  A family board (`BoardView`) lives in the scene; the
scene casts rays to find which of its pickables is under the mouse, highlights it when it can
be clicked now, and emits `picked(key)` on a click (a press and release without dragging).
Boards whose labels depend on the view (their size on screen) lay them out in a paint hook
(`add_paint_hook`), called before every frame.
For screen readers the scene is named "Game board", and its accessible description says the
game and whose turn it is (`situation`, given by the game view) and the selected target; it is written again when the
position or the selection changes (`set_board`, `set_legal`, `select`), not at every frame.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from itertools import count
from typing import Any

import numpy as np
from pyqtgraph import Vector
from pyqtgraph.opengl import shaders
from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QImage, QKeyEvent, QMouseEvent, QResizeEvent, QWheelEvent

from marblestudio.engine.core import CHANCE, Move
from marblestudio.engine.rules import Ruleset
from marblestudio.views.board import picking
from marblestudio.views.board.animation import AnimationClock
from marblestudio.views.board.base import BoardView, Colour
from marblestudio.views.board.gl_view import GLView
from marblestudio.views.board.camera import TOP_DOWN, CameraPresets, HasCameraPresets, clamp_elevation, fit_view
from marblestudio.views.board.label_fit import FittedText, fit_texts
from marblestudio.views.board.renderer import Renderer

_VERTEX = """
uniform mat4 u_mvp;
uniform mat3 u_normal;
attribute vec4 a_position;
attribute vec3 a_normal;
attribute vec4 a_color;
varying vec4 v_color;
void main() {
    vec3 n = normalize(u_normal * a_normal);
    if (n.z < 0.0) n = -n;
    vec3 light = normalize(vec3(-0.3, 0.6, 1.0));
    float diffuse = max(dot(n, light), 0.0);
    float spec = pow(max(dot(n, normalize(light + vec3(0.0, 0.0, 1.0))), 0.0), 40.0);
    v_color = vec4(a_color.rgb * (0.35 + 0.65 * diffuse) + vec3(0.25) * spec, a_color.a);
    gl_Position = u_mvp * a_position;
}
"""
_FRAGMENT = """
#ifdef GL_ES
precision mediump float;
#endif
varying vec4 v_color;
void main() {
    gl_FragColor = v_color;
}
"""
_ids = count()
FOV = 60.0  # the horizontal field of view, in degrees
_CLICK_SLOP = 4.0  # pixels a press may move and still be a click
ACCESSIBLE_NAME = "Game board"
_ARROWS = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0), Qt.Key.Key_Up: (0, -1), Qt.Key.Key_Down: (0, 1)}


def make_shader() -> shaders.ShaderProgram:
    """A fresh lit shader program (one per scene, since each widget has its own GL context)."""
    return shaders.ShaderProgram(
        f"marblestudio-lit-{next(_ids)}", [shaders.VertexShader(_VERTEX), shaders.FragmentShader(_FRAGMENT)]
    )


def _matrix(m: Any) -> np.ndarray:
    return np.array(m.data(), dtype=float).reshape(4, 4).T


class Scene(GLView):
    """A 3D view that holds one family board."""

    picked = Signal(object)  # the key of the clicked pickable
    hovered = Signal(object)  # the key under the mouse that can be clicked now, or None
    frame_painted = Signal()
    stepped = Signal(int)  # Left (-1) or Right (+1) with nothing on the board to select: a replay steps

    def __init__(self, parent: Any = None, clock: AnimationClock | None = None) -> None:
        """`clock` plays the board's animations (a new one by default; a game view keeps its own)."""
        super().__init__(parent)
        self.shader = make_shader()
        self.renderer = Renderer(self.shader)
        self.board: BoardView | None = None
        self.clock = clock if clock is not None else AnimationClock(self)
        self._legal: dict[Hashable, Any] = {}
        self._hover: Hashable | None = None
        self._selected: Hashable | None = None
        self._press: QPointF | None = None
        self._dragged = False
        self._fitted = False  # the camera is a preset fitted to the viewport (refitted on resize)
        self._paint_hooks: list[Callable[[], None]] = []
        self.setBackgroundColor((38, 42, 48))
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(320, 240)
        self.setAccessibleName(ACCESSIBLE_NAME)
        self.situation: Callable[[], str] = lambda: "No game."
        """The game in words for a screen reader, given by the view that holds the game: its name
        and whose turn it is, or how it ended (`GameView` sets it)."""
        self._describe()

    # Board and camera -----------------------------------------------------------------------
    def set_board(self, board: BoardView, rules: Ruleset, colours: Sequence[Colour]) -> None:
        """Replace the board by `board`, built for `rules`, and point the camera at it."""
        if self.board is not None:
            self.clock.skip()
            self.board.clear()
        self._paint_hooks.clear()
        self.board = board
        self._legal = {}
        self._hover = self._selected = None
        board.build(rules, colours)
        self.reset_camera()
        self._describe()

    def camera_presets(self) -> CameraPresets | None:
        """The board's camera presets (None for a board that gives only `camera()`)."""
        return self.board.camera_presets() if isinstance(self.board, HasCameraPresets) else None

    def reset_camera(self) -> None:
        """Back to the board's default view (Home)."""
        self.view_home()

    def view_home(self) -> None:
        """The game's default view, fitted to the window."""
        presets = self.camera_presets()
        if presets is not None:
            self._look(presets.elevation, presets.azimuth)
            return
        cam = self.board.camera() if self.board is not None else {}
        self._look(cam.get("elevation", 45.0), cam.get("azimuth", -90.0))

    def view_top_down(self) -> None:
        """Straight down on the board, its back at the top of the window."""
        presets = self.camera_presets()
        self._look(TOP_DOWN, presets.azimuth if presets is not None else self.opts["azimuth"])

    def view_from_seat(self, seat: int | None = None) -> None:
        """From behind `seat` (by default `my_seat()`), looking across the table."""
        presets = self.camera_presets()
        if presets is None:
            self.view_home()
            return
        self._look(*presets.seat_view(self.my_seat() if seat is None else seat))

    def my_seat(self) -> int:
        """The seat of the person at the screen: the human to move, else the first human, else 0."""
        session = self.board.session if self.board is not None else None
        if session is None:
            return 0
        humans = [s for s in range(session.num_players) if session.is_human(s)]
        if not humans:
            return 0
        to_move = session.state.to_move
        return to_move if to_move != CHANCE and to_move in humans else humans[0]

    def _look(self, elevation: float, azimuth: float) -> None:
        """Look from (elevation, azimuth), fitted to the board's bounds and the viewport."""
        elevation = clamp_elevation(elevation)
        self.opts["fov"] = FOV
        presets = self.camera_presets()
        if presets is None:  # a board with a fixed distance (a placeholder, an older plug-in)
            cam = self.board.camera() if self.board is not None else {}
            self.opts["center"] = Vector(*cam.get("center", (0.0, 0.0, 0.0)))
            self.setCameraPosition(distance=cam.get("distance", 14.0), elevation=elevation, azimuth=azimuth)
            self._fitted = False
            return
        centre, distance = fit_view(presets.bounds, elevation, azimuth, FOV, max(self.width(), 1) / max(self.height(), 1))
        self.opts["center"] = Vector(*centre)
        self.setCameraPosition(distance=distance, elevation=elevation, azimuth=azimuth)
        self._fitted = True

    @property
    def fitted(self) -> bool:
        """Whether the camera is a preset fitted to the window (kept fitted when it is resized)."""
        return self._fitted

    def orbit(self, azim: float, elev: float) -> None:
        """Turn about the centre; the elevation stays above the table (drags and Shift+arrows)."""
        self.opts["azimuth"] += azim
        self.opts["elevation"] = clamp_elevation(self.opts["elevation"] + elev)
        self.update()

    def pan(self, dx: float, dy: float, dz: float, relative: str = "global") -> None:
        super().pan(dx, dy, dz, relative)
        self._fitted = False

    def wheelEvent(self, ev: QWheelEvent) -> None:
        super().wheelEvent(ev)
        self._fitted = False

    def resizeEvent(self, ev: QResizeEvent) -> None:
        super().resizeEvent(ev)
        if self._fitted:
            self._look(self.opts["elevation"], self.opts["azimuth"])

    def add_paint_hook(self, hook: Callable[[], None]) -> None:
        """Call `hook()` before every frame is drawn (e.g. to size labels for the view)."""
        self._paint_hooks.append(hook)

    def remove_paint_hook(self, hook: Callable[[], None]) -> None:
        if hook in self._paint_hooks:
            self._paint_hooks.remove(hook)

    def initializeGL(self) -> None:
        self.shader.prog = None  # a new context (e.g. after re-parenting) needs a new program
        self.renderer.new_context()
        super().initializeGL()

    def removeItem(self, item: Any) -> None:
        self.renderer.forget(item)
        super().removeItem(item)

    def drawItemTree(self, item: Any = None, useItemNames: bool = False) -> None:  # noqa: N803 - pyqtgraph's names
        """Draw the items through the scene's `Renderer` (pyqtgraph's own loop for a subtree)."""
        if item is not None or useItemNames:
            super().drawItemTree(item, useItemNames)
            return
        items = sorted((i for i in self.items if i.parentItem() is None and i.visible()), key=lambda i: i.depthValue())
        self.renderer.draw(self, items, self.currentProjection(), self.currentModelView())

    def paintGL(self) -> None:
        for hook in list(self._paint_hooks):
            hook()
        super().paintGL()
        self.frame_painted.emit()

    # Geometry -------------------------------------------------------------------------------
    def _matrices(self) -> tuple[np.ndarray, np.ndarray]:
        viewport = (0, 0, max(self.width(), 1), max(self.height(), 1))
        return _matrix(self.projectionMatrix(viewport, viewport)), _matrix(self.viewMatrix())

    def ray_at(self, x: float, y: float) -> tuple[np.ndarray, np.ndarray]:
        """The world-space ray through widget position (x, y)."""
        proj, view = self._matrices()
        return picking.unproject_ray(x, y, max(self.width(), 1), max(self.height(), 1), proj, view)

    def screen_position(self, point: tuple[float, float, float]) -> tuple[float, float]:
        """Widget coordinates (y downwards) where the world `point` is drawn."""
        proj, view = self._matrices()
        xy = picking.project_points(np.array([point]), max(self.width(), 1), max(self.height(), 1), proj, view)[0]
        return float(xy[0]), float(xy[1])

    def key_at(self, x: float, y: float) -> Hashable | None:
        """The key of the board's pickable under widget position (x, y), legal or not."""
        if self.board is None:
            return None
        origin, direction = self.ray_at(x, y)
        hit = picking.pick(origin, direction, self.board.pickables())
        return None if hit is None else hit.key

    def camera_matrices(self) -> tuple[np.ndarray, np.ndarray]:
        """The projection and view matrices the scene draws with now (row-major numpy 4x4)."""
        return self._matrices()

    def fit_texts(self, texts: Sequence[FittedText]) -> None:
        """Size and word `texts` for the current view and widget size (label_fit)."""
        fit_texts(texts, max(self.width(), 1), max(self.height(), 1), *self._matrices())

    def render_image(self) -> QImage:
        """The current frame, drawn now (works off screen too)."""
        return self.grabFramebuffer()

    # Legal targets and highlighting -----------------------------------------------------------
    def set_legal(self, legal: Mapping[Hashable, Any]) -> None:
        """The keys that can be clicked now, each with what it does (usually a move)."""
        self._legal = dict(legal)
        if self._hover not in self._legal:
            self._hover = None
        if self._selected not in self._legal:
            self._selected = None
        self._refresh_highlight()
        self._describe()

    def accepts_clicks(self) -> bool:
        """Whether a click can play now: False while the game view holding the scene only shows
        a game (a replay) or an earlier position of it (read-only), so that boards offer no
        targets of their own then."""
        owner = self.parent()
        return bool(getattr(owner, "interactive", True)) and getattr(owner, "viewing", None) is None

    def legal_keys(self) -> list[Hashable]:
        return list(self._legal)

    @property
    def selected(self) -> Hashable | None:
        return self._selected

    def select(self, key: Hashable) -> bool:
        """Make the legal target `key` the selection (kept while the mouse hovers elsewhere;
        Return plays it); False if it is not a legal target now."""
        if key not in self._legal:
            return False
        self._selected = key
        self._refresh_highlight()
        self._describe()
        return True

    def _refresh_highlight(self) -> None:
        if self.board is not None:
            focus = self._hover if self._hover is not None else self._selected
            self.board.set_highlight(set(self._legal), focus)
            self.update()

    def _set_hover(self, key: Hashable | None) -> None:
        key = key if key in self._legal else None
        if key != self._hover:
            self._hover = key
            self.hovered.emit(key)
            self._refresh_highlight()

    # Accessibility ----------------------------------------------------------------------------
    def accessible_text(self) -> str:
        """What a screen reader says of the board: the game and whose turn it is (`situation`),
        and the target selected by the arrow keys, e.g. 'Stay Alive. Red to move (you).
        Selected: place b2.'"""
        parts = [self.situation()]
        if self._selected is not None:
            parts.append(f"Selected: {self._target_text(self._selected)}.")
        return " ".join(parts)

    def _target_text(self, key: Hashable) -> str:
        """The move a legal target makes, in notation ('place b2'), else the target's own words
        ('marble (0, 3)'): never the board's `move_text`, which may act (select a marble)."""
        what = self._legal.get(key)
        if isinstance(what, Move):
            return str(what)
        return " ".join(map(str, key)) if isinstance(key, tuple) else str(key)

    def _describe(self) -> None:
        text = self.accessible_text()
        if text != self.accessibleDescription():
            self.setAccessibleDescription(text)

    # Mouse ------------------------------------------------------------------------------------
    def mousePressEvent(self, ev: QMouseEvent) -> None:
        self._press = ev.position()
        self._dragged = False
        super().mousePressEvent(ev)

    def mouseMoveEvent(self, ev: QMouseEvent) -> None:
        pos = ev.position()
        if ev.buttons() == Qt.MouseButton.NoButton:
            self._set_hover(self.key_at(pos.x(), pos.y()))
            return
        if self._press is not None and (pos - self._press).manhattanLength() > _CLICK_SLOP:
            self._dragged = True
        if self._dragged:
            super().mouseMoveEvent(ev)

    def mouseReleaseEvent(self, ev: QMouseEvent) -> None:
        if ev.button() == Qt.MouseButton.LeftButton and self._press is not None and not self._dragged:
            pos = ev.position()
            self.click_at(pos.x(), pos.y())
        self._press = None
        self._dragged = False

    def click_at(self, x: float, y: float) -> Hashable | None:
        """Click at widget position (x, y): emits `picked` with the key there, if any."""
        key = self.key_at(x, y)
        if key is not None:
            self.picked.emit(key)
        return key

    def leaveEvent(self, ev: Any) -> None:
        self._set_hover(None)
        super().leaveEvent(ev)

    # Keyboard ---------------------------------------------------------------------------------
    def keyPressEvent(self, ev: QKeyEvent) -> None:
        key = Qt.Key(ev.key())
        plain = not ev.modifiers() & (Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.ControlModifier)
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right) and plain and not self._legal:
            self.stepped.emit(-1 if key == Qt.Key.Key_Left else 1)  # nothing to select: a replay's step
            ev.accept()
        elif key in _ARROWS and not ev.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self.select_towards(_ARROWS[key])
            ev.accept()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.activate()
            ev.accept()
        else:
            super().keyPressEvent(ev)  # Shift+arrows orbit

    def select_towards(self, direction: tuple[int, int]) -> Hashable | None:
        """Move the keyboard selection to the clickable piece on screen in `direction`."""
        if self.board is None or not self._legal:
            return None
        keys = list(self._legal)
        points = [self.board.world_position(k) for k in keys]
        keys = [k for k, p in zip(keys, points) if p is not None]
        if not keys:
            return None
        proj, view = self._matrices()
        screen = picking.project_points(
            np.array([p for p in points if p is not None]), max(self.width(), 1), max(self.height(), 1), proj, view
        )
        current = None
        if self._selected in keys:
            current = screen[keys.index(self._selected)]
        index = picking.nearest_in_direction(current, screen, direction)
        if index is not None:
            self._selected = keys[index]
            self._refresh_highlight()
            self._describe()
        return self._selected

    def activate(self) -> Hashable | None:
        """Act on the keyboard selection, as a click would."""
        key = self._selected
        if key is not None:
            self.picked.emit(key)
        return key
