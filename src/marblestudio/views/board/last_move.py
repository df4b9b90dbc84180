"""The last-move marker every board shows: a ring (or a frame round a card) in one colour that
is no seat's, round the cell, cup, hole, knob or card that the last move acted on.

The boards read the last move from the session they show (`last_move`), so the marker follows
undo, redo and a replay's timeline, and a new game starts without one.  Chance steps (a deal, a
die's value) are not moves of a player: the marker stays on the move before them.
"""

from __future__ import annotations

from typing import Any

from pyqtgraph.opengl import MeshData
from PySide6.QtGui import QMatrix4x4, QVector3D

from marblestudio.engine.core import CHANCE, Move
from marblestudio.views.board import meshes
from marblestudio.views.board.base import BoardView, Colour

LAST_MOVE: Colour = (1.0, 0.17, 0.84, 1.0)
"""Magenta: far from every seat colour of the bundled rulesets and of the colour-blind palette,
and from the highlights (yellow for what can be clicked, green under the mouse)."""
LIFT = 0.012  # above the surface it lies on, so that it is never hidden in it


def last_move(session: Any) -> tuple[int, Move] | None:
    """(seat, move) of the last step a player made in `session` (None: no session, or no move yet)."""
    history = getattr(session, "history", None) or ()
    for step in reversed(history):
        if step.mover != CHANCE:
            return step.mover, step.move
    return None


class Marker:
    """One marker item of a board (hidden until `put`): `put(matrix)` places its mesh, made
    round the origin, with the board's own transform for the target; `hide()` removes it.
    `reach` is how far in front of the origin (along -y) the middle of its band lies."""

    def __init__(self, board: BoardView, meshdata: MeshData, reach: float) -> None:
        self.item = board.add(board.mesh(meshdata, LAST_MOVE))
        self.item.hide()
        self.reach = reach

    def put(self, matrix: QMatrix4x4) -> None:
        self.item.setTransform(matrix)
        self.item.show()

    def hide(self) -> None:
        self.item.hide()

    @property
    def shown(self) -> bool:
        return bool(self.item.visible())

    def front(self) -> tuple[float, float, float]:
        """The world point on the middle of its band, on its front side (where tests look)."""
        v = self.item.transform().map(QVector3D(0.0, -self.reach, 0.01))
        return (v.x(), v.y(), v.z())


def ring(board: BoardView, inner: float, outer: float) -> Marker:
    """A marker ring from radius `inner` to `outer`."""
    return Marker(board, meshes.annulus(inner, outer), (inner + outer) / 2)


def card_frame(board: BoardView, half_width: float, half_height: float, bar: float = 0.07) -> Marker:
    """A marker frame round a card of this size (a little clear of its edges)."""
    gap = 0.03
    return Marker(board, meshes.frame(half_width + gap, half_height + gap, bar), half_height + gap + bar / 2)


def at(x: float, y: float, z: float, turn: float = 0.0) -> QMatrix4x4:
    """The transform to (x, y, z + LIFT), turned `turn` degrees about z."""
    m = QMatrix4x4()
    m.translate(x, y, z + LIFT)
    if turn:
        m.rotate(turn, 0.0, 0.0, 1.0)
    return m
