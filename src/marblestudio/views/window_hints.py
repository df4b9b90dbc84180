"""The main window's Hint action: the computer suggests a move for the human to move.

The suggestion is worked out in a worker process of its own (`ComputerWorker.request_hint`), so
the window never freezes and a hint never delays a computer player's move.  The answer shows in
the status bar and as the highlighted target on the board (the board's `target_of(move)`); an
answer that comes after the game moved on is dropped, and a hint is forgotten when a new game
starts (`forget_hint`).  Enter in the empty move box plays the hint while it is still for the
position shown (`current_hint`).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from marblestudio.session import Session
from marblestudio.views.computer import ComputerWorker

if TYPE_CHECKING:
    from marblestudio.views.main_window import MainWindow

log = logging.getLogger(__name__)


class WindowHints:
    """The hint of one window (its `hints`): asks the worker, shows the answer, remembers it."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.hint_worker = ComputerWorker(window)
        self.hint_level: dict[str, Any] = {}  # `spec`/`time_limit` of the hint's search (default: agents.HINT)
        self.last_hint: str | None = None  # the notation of the last hint shown
        self._hint_at: tuple[Session, int] | None = None  # the session and ply the last hint is for
        self._hint_request: tuple[int, Session, int] | None = None  # tag, session, ply asked at
        self.hint_worker.hinted.connect(self.on_hint)
        self.hint_worker.failed.connect(self._on_hint_failed)

    def hint(self) -> bool:
        """Ask for a move for the human to move; False (with a message) when no hint can be
        given now.  The answer comes to `on_hint`."""
        session = self.window.game.session
        if self.window.network.is_network_game():
            self.window.show_message("No hints in a network game: your friends play without them too.")
            return False
        if session is None or not self.window.game.interactive or not session.waiting_for_human():
            self.window.show_message("A hint is for your turn in a game you are playing.")
            return False
        tag = self.hint_worker.request_hint(
            session.rules, session.num_players, [str(m) for m in session.moves], session.seed, session.start, **self.hint_level
        )
        self._hint_request = (tag, session, session.ply)
        self.window.show_message(f"Thinking of a move for {session.seat_name(session.state.to_move)}…")
        return True

    def forget_hint(self) -> None:
        """Drop the last hint and any hint still being worked out (a new game, the library)."""
        self.last_hint = None
        self._hint_at = None
        self._hint_request = None

    def current_hint(self) -> str | None:
        """The last hint, if it is for the position the human is to play now; else None."""
        session = self.window.game.session
        if self.last_hint is None or self._hint_at is None or session is None:
            return None
        if self._hint_at != (session, session.ply) or not session.waiting_for_human():
            return None
        return self.last_hint

    def _current_hint_session(self, tag: int) -> Session | None:
        """The session a hint answer is for, if it still shows the position it was asked about."""
        request = self._hint_request
        session = self.window.game.session
        if request is None or session is None or request[0] != tag or request[1] is not session:
            return None
        if session.ply != request[2] or not session.waiting_for_human():
            return None
        return session

    def on_hint(self, tag: int, notation: str, note: str) -> None:
        session = self._current_hint_session(tag)
        if session is None:
            return
        self._hint_request = None
        self.last_hint = notation
        self._hint_at = (session, session.ply)
        self.window.show_message(f"Hint for {session.seat_name(session.state.to_move)}: {notation} ({note})")
        board = self.window.game.board
        if board is None:
            return
        try:
            key = board.target_of(session.state.parse_move(notation))
        except Exception:  # noqa: BLE001 - the hint still shows as text
            log.exception("the hint %s has no place on the board", notation)
            return
        if key is not None:
            self.window.game.scene.select(key)  # stays marked under a passing mouse; Return plays it

    def _on_hint_failed(self, tag: int, text: str) -> None:
        if self._hint_request is not None and self._hint_request[0] == tag:
            self._hint_request = None
            self.window.show_message(f"No hint: {text}")
