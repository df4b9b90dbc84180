"""The move log: every step of the game in notation, coloured by who made it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from marblestudio.engine.core import CHANCE
from marblestudio.session import Session
from marblestudio.views.palette import seat_hex


class MoveLog(QListWidget):
    """Shows a session's history; refresh with `show_session` when it changes."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.colour_blind = False
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)

    def show_session(self, session: Session | None) -> None:
        self.blockSignals(True)
        self.clear()
        if session is not None:
            turn = 0
            for step in session.history:
                if step.mover == CHANCE:
                    item = QListWidgetItem(f"      chance: {step.move}")
                    item.setForeground(QBrush(QColor("#888888")))
                else:
                    turn += 1
                    item = QListWidgetItem(f"{turn:4d}. {session.seat_name(step.mover)}: {step.move}")
                    item.setForeground(QBrush(QColor(seat_hex(session.rules.presentation, step.mover, self.colour_blind))))
                self.addItem(item)
            outcome = session.outcome()
            if outcome is not None:
                from marblestudio.views.game_view import outcome_text

                self.addItem(QListWidgetItem(outcome_text(session, outcome)))
            self.scrollToBottom()
        self.blockSignals(False)

    def lines(self) -> list[str]:
        return [self.item(i).text() for i in range(self.count())]
