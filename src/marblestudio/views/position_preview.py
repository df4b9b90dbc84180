"""The set-up dialog's board: the position drawn by the family's own 3D board, as a game shows it.

The board comes from the board registry (`views/board/registry.py`), as in the rules editor's
preview, so a family without a board gets the placeholder that says so.  The scene (OpenGL) is
made when a position is first shown.  The board is built again only when the rules or the
number of seats change; a new position is just `show()`n.  The board's `session` is a game at
the position with the dialog's seats, so a board that shows a viewer's cards (ALIVE) shows what
the human seat will see.  A click on the board is `picked(key)` (direct placing, Stay Alive).
"""

from __future__ import annotations

import logging
from collections.abc import Hashable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from marblestudio.engine.rules import Ruleset
from marblestudio.session import Session
from marblestudio.views.palette import seat_colours

if TYPE_CHECKING:
    from marblestudio.views.board.base import BoardView
    from marblestudio.views.board.scene import Scene

log = logging.getLogger(__name__)


class PositionPreview(QWidget):
    """The board of the position being set up (the last legal one while the text is refused)."""

    picked = Signal(object)  # the key of the piece clicked on the board

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.scene: Scene | None = None
        self.board: BoardView | None = None
        self.game: Session | None = None  # the game drawn (named so that no board takes it for the window's session)
        self._built: tuple[Ruleset, int] | None = None
        self.interactive = False  # the scene asks its parent: boards offer no moves of their own here (`Scene.accepts_clicks`)
        self.waiting = QLabel("The board appears here once the position is legal.", self)
        self.waiting.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.waiting.setWordWrap(True)
        self.waiting.setMinimumSize(240, 180)
        self.waiting.setStyleSheet("QLabel { background: rgb(38, 42, 48); color: rgb(200, 200, 200); }")  # the scene's colours
        self.note = QLabel(self)
        self.note.setWordWrap(True)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.addWidget(self.waiting, 1)
        self._layout.addWidget(self.note)

    def _ensure_scene(self) -> Scene | None:
        if self.scene is None:
            try:
                from marblestudio.views.board.scene import Scene
            except ImportError as exc:  # no OpenGL: the form and the text still work
                self.waiting.setText(f"No board preview: {exc}")
                return None
            self.scene = Scene(self)
            self.scene.setMinimumSize(240, 180)
            self.scene.setFocusPolicy(Qt.FocusPolicy.ClickFocus)  # Tab goes from the fields to the text; the form is the keyboard's way
            self.scene.picked.connect(self.picked)
            self._layout.replaceWidget(self.waiting, self.scene)
            self.waiting.hide()
            if self.isVisible():
                self.scene.show()
        return self.scene

    def show_game(self, game: Session) -> bool:
        """Draw the position of `game` (no piece is marked as a move: a click on any piece is
        `picked`).  False (the note says why) when it cannot be drawn."""
        scene = self._ensure_scene()
        if scene is None:
            return False
        from marblestudio.views.board.registry import board_class

        rules = game.rules
        try:
            if self._built != (rules, game.num_players) or self.board is None:
                cls, reason = board_class(rules.game)
                board = cls(scene)
                if reason is not None and hasattr(board, "reason"):
                    board.reason = reason
                scene.set_board(board, rules, seat_colours(rules.presentation, game.num_players))
                self.board, self._built = board, (rules, game.num_players)
            self.board.session = game
            self.board.show(game.state.public_view())
        except Exception as exc:  # noqa: BLE001 - a board that cannot draw a position must not break the dialog
            log.exception("the set-up preview of %s failed", rules.id)
            self.note.setText(f"The board cannot draw this position: {exc}")
            self._built = None
            return False
        self.game = game
        scene.update()
        return True

    def key_position(self, key: Hashable) -> tuple[float, float] | None:
        """Where on the scene the piece `key` is drawn (widget coordinates), for tests and tips."""
        if self.scene is None or self.board is None:
            return None
        point = self.board.world_position(key)
        return None if point is None else self.scene.screen_position(point)
