"""The board shown for a family whose 3D board does not exist yet: an empty table and a note."""

from __future__ import annotations

from collections.abc import Sequence

import pyqtgraph.opengl as gl

from marblestudio.engine.rules import Ruleset
from marblestudio.views.board import meshes
from marblestudio.views.board.base import BoardView, Colour
from marblestudio.views.board.camera import CameraPresets


class PlaceholderBoard(BoardView):
    """A plain table with a text saying that this game has no 3D board yet."""

    reason = ""

    def build(self, rules: Ruleset, colours: Sequence[Colour]) -> None:
        super().build(rules, colours)
        self.clear()
        table = self.mesh(meshes.box((-4, -3, -0.3), (4, 3, 0)), (0.35, 0.27, 0.2, 1.0))
        self.add(table)
        text = self.reason or f"No 3D board for {rules.game} yet: the game is played from the move list."
        self.add(gl.GLTextItem(pos=(-3.8, 0, 0.2), text=text, color=(255, 255, 255, 255)))

    def camera_presets(self) -> CameraPresets:
        """The plain table, from the front."""
        return CameraPresets(((-4.0, -3.0, -0.3), (4.0, 3.0, 0.3)), 45.0)
