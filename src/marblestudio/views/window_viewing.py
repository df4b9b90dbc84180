"""The main window's look at earlier positions: a click on a row of the move list shows that
position.  In a replay it moves the timeline; during a game the board shows it read-only (the
game view's `view_position`) under a bar that says what is shown, leads back (Escape, or a
click on the last move) or plays on from there as a new game with the same players.  A part of
`MainWindow` (its `viewing`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

if TYPE_CHECKING:
    from marblestudio.views.main_window import MainWindow


class WindowViewing:
    """Earlier positions from the move list, in one window."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window

    def play_from_viewed(self) -> None:
        """Play on from the earlier position shown during a game, with the same players (a new,
        unsaved game; the one in progress is offered for saving first)."""
        session, position = self.window.game.session, self.window.game.viewing
        if self.window.network.is_network_game():
            self.window.show_message("A network game goes on at its server: it cannot be played on from an earlier position here.")
            return
        if session is None or position is None or not self.window.maybe_save():
            return
        branch = session.branch_at(position)
        self.window.path = None
        self.window.set_session(branch)

    def on_position_clicked(self, position: int) -> None:
        """A row of the move list: in a replay, go there; during a game, look at it."""
        session = self.window.game.session
        if session is None:
            return
        if not self.window.game.interactive:
            self.window.replay.go_to(position)
        else:
            self.window.game.view_position(position)

    def on_escape(self) -> None:
        """Escape leaves an earlier position shown during a game, or skips the animation."""
        if self.window.game.viewing is not None:
            self.window.game.view_live()
        else:
            self.window.game.skip_animation()

    def update_bar(self) -> None:
        position = self.window.game.viewing
        if position is None or self.window.stack.currentIndex() != 1:
            self.window.viewing_bar.hide()
            return
        row = self.window.move_log.row_text(position)
        what = f"the position after {row}" if row else "the start of the game"
        self.window.viewing_bar.label.setText(f"Viewing {what} — Esc or click the last move to return.")
        self.window.viewing_bar.show()


class ViewingBar(QFrame):
    """Shown above the board while an earlier position is shown during a game: what is shown,
    the way back, and "Play from here"."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("viewing")
        self.setStyleSheet("QFrame#viewing { background-color: #fff1b8; } QFrame#viewing QLabel { color: #000000; }")
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.back = QPushButton("Back to the game")
        self.back.setToolTip("Show the game as it stands (Esc)")
        self.branch = QPushButton("Play from here")
        self.branch.setToolTip("Start a new game from this position, with the same players")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.branch)
        layout.addWidget(self.back)
        self.hide()
