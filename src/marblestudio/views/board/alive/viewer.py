"""Whose cards the ALIVE table may show face up, and why a card cannot be played now.

The table shows one hand face up: the only human's, or, in hot-seat play with several humans,
the hand of the human to move once they have said they are at the table (the "pass to" screen
until then).  Everything else comes from the public view.  `HoverTips` tells the player, under
the mouse, why a dimmed card cannot be played (the scene itself highlights only legal keys).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QToolTip, QWidget

from marblestudio.engine.alive.hidden import AliveObservation, AliveView
from marblestudio.engine.alive.rules import CardKind
from marblestudio.engine.alive.table import Phase


@dataclass(frozen=True)
class Viewpoint:
    """The seat at the front of the table, its face-up hand (None: face down), and the seat a
    hot-seat "pass to" screen waits for (None: no screen)."""

    viewer: int = 0
    hand: tuple[str, ...] | None = None
    screen_for: int | None = None


def find_session(widget: QObject | None) -> Any:
    """The session of the nearest parent that has one (the game view), or None."""
    while widget is not None:
        session = getattr(widget, "session", None)
        if session is not None and hasattr(session, "state"):
            return session
        widget = widget.parent()
    return None


def viewpoint(session: Any, players: int, view: AliveView, revealed: int | None) -> Viewpoint:
    """Who sits at the front for `view`; `revealed` is the hot-seat player last shown their hand."""
    if session is None:
        return Viewpoint()
    humans = [s for s in range(players) if session.is_human(s)]
    if not humans:
        return Viewpoint()
    if len(humans) > 1:
        to_move = view.to_move
        if not (view.phase is Phase.PLAY and to_move in humans):
            return Viewpoint(revealed if revealed is not None else humans[0])
        if revealed != to_move:
            return Viewpoint(to_move, None, to_move)
        viewer = to_move
    else:
        viewer = humans[0]
    seen = session.state.observation(viewer)
    assert isinstance(seen, AliveObservation)
    return Viewpoint(viewer, seen.hand)


def why_not(kind: CardKind, view: AliveView | None, viewer: int, name: Callable[[int], str],
            answers: frozenset[str] = frozenset()) -> str | None:
    """Why `viewer` may not play a card of `kind` in `view` (None when it can be played; a
    None view: no position is shown yet); `answers` are the cards that answer the waiting card
    (a DRAW, SKIP or BOMB: `view.waiting`)."""
    if view is None:
        return "the game has not started"
    if view.outcome is not None:
        return "the game is over"
    if view.phase is not Phase.PLAY:
        return "the cards are being dealt"
    if view.to_move != viewer:
        return f"it is {name(view.to_move)}'s turn"
    if view.answering:
        if kind.id in answers:
            return None
        return f"a {view.waiting.upper()} waits: answer it with {' or '.join(sorted(answers))}, or click the deck to take it"
    if kind.effect is None and view.total + kind.points > view.limit and view.minus != viewer:  # a minus card always fits
        return f"{view.total} + {kind.points} would take the total above {view.limit}"
    return None


class HoverTips(QObject):
    """Shows `text_at(x, y)` as a tooltip while the mouse moves over `widget` without a button."""

    def __init__(self, widget: QWidget, text_at: Callable[[float, float], str | None]) -> None:
        super().__init__(widget)
        self.widget = widget
        self.text_at = text_at
        widget.installEventFilter(self)

    def remove(self) -> None:
        self.widget.removeEventFilter(self)
        self.deleteLater()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.MouseMove and isinstance(event, QMouseEvent) and event.buttons() == Qt.MouseButton.NoButton:
            pos = event.position()
            text = self.text_at(pos.x(), pos.y())
            if text:
                QToolTip.showText(event.globalPosition().toPoint(), text, self.widget)
            else:
                QToolTip.hideText()
        return False


def is_card_key(key: Hashable | None) -> bool:
    return isinstance(key, tuple) and len(key) == 2 and key[0] == "card"
