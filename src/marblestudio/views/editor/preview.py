"""The live preview: the 3D board that the edited ruleset describes, redrawn as it changes.

The board comes from the board registry of `views/board/` (one `BoardView` per family), so the
preview shows exactly what a game of the ruleset would: board size, slides, gates, cards,
rocker.  The scene (OpenGL) is made only when the preview is first shown, so the rest of the
editor needs no OpenGL.  The position shown is a new game after its seeded set-up.
"""

from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE, State
from marblestudio.engine.rules import Ruleset

if TYPE_CHECKING:
    from marblestudio.views.board.base import BoardView
    from marblestudio.views.board.scene import Scene

log = logging.getLogger(__name__)

PREVIEW_SEED = "preview"
"""The set-up shown is drawn from `random.Random(PREVIEW_SEED)`: the same every time."""


def set_up(rules: Ruleset, players: int | None = None) -> State:
    """A new game of `rules` with its opening chance steps (random set-up) drawn from a fixed seed."""
    state = new_game(rules, players)
    rng = random.Random(PREVIEW_SEED)
    for _ in range(10_000):
        if state.outcome() is not None or state.to_move != CHANCE:
            break
        state.apply(state.sample_chance(rng))
    return state


class PreviewPanel(QWidget):
    """Shows the board of a ruleset in a 3D scene (made on first use)."""

    def __init__(self, parent: QWidget | None = None, enabled: bool = True) -> None:
        super().__init__(parent)
        self.enabled = enabled
        self.scene: Scene | None = None
        self.board: BoardView | None = None
        self.shown: Ruleset | None = None
        self._caption = ""
        self.note = QLabel("The board appears here while the file is valid.", self)
        self.note.setWordWrap(True)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.addWidget(self.note)

    def _ensure_scene(self) -> Scene | None:
        if self.scene is None and self.enabled:
            try:
                from marblestudio.views.board.scene import Scene
            except ImportError as exc:  # the 3D scene is not there (yet): say so, keep editing
                self.note.setText(f"No 3D preview: {exc}")
                self.enabled = False
                return None
            self.scene = Scene(self)
            self.scene.setMinimumSize(160, 120)  # the editor's tab may be small; the board scales
            self._layout.addWidget(self.scene, 1)
        return self.scene

    def show_invalid(self) -> None:
        """Say that the file has errors; the board of its last valid text stays."""
        if self.shown is not None:
            self.note.setText(f"The file has errors: the board shown is its last valid version ({self.shown.name}).")
        else:
            self.note.setText("The board appears here once the file is valid.")

    def show_rules(self, rules: Ruleset) -> bool:
        """Draw the board of `rules`; False when it cannot be drawn (the note says why)."""
        if rules == self.shown:
            self.note.setText(self._caption)
            return True
        scene = self._ensure_scene()
        if scene is None:
            return False
        from marblestudio.views.board.registry import board_class
        from marblestudio.views.palette import seat_colours

        try:
            state = set_up(rules)
            cls, reason = board_class(rules.game)
            board = cls(scene)
            if reason is not None and hasattr(board, "reason"):
                board.reason = reason
            scene.set_board(board, rules, seat_colours(rules.presentation, state.num_players))
            board.show(state.public_view())
        except Exception as exc:  # noqa: BLE001 - a board that cannot draw this ruleset must not break editing
            log.exception("preview of %s failed", rules.id)
            self.note.setText(f"The board cannot be drawn: {exc}")
            return False
        self.board = board
        self.shown = rules
        self._caption = f"{rules.name}: the board after a set-up drawn from seed '{PREVIEW_SEED}'." + (
            f" ({reason})" if reason else ""
        )
        self.note.setText(self._caption)
        return True
