"""The move log: every step of the game in notation, coloured by who made it.

The log is updated incrementally (rows past the common prefix are replaced), so replaying or
playing a long game does not rebuild the whole list at every step.
"""

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
        self._rows: list[tuple[str, str]] = []  # (text, colour) of each row shown

    def _wanted(self, session: Session | None) -> list[tuple[str, str]]:
        if session is None:
            return []
        rows = []
        turn = 0
        for step in session.history:
            if step.mover == CHANCE:
                rows.append((f"      chance: {step.move.public_text}", "#888888"))
            else:
                turn += 1
                colour = seat_hex(session.rules.presentation, step.mover, self.colour_blind)
                rows.append((f"{turn:4d}. {session.seat_name(step.mover)}: {step.move}", colour))
        outcome = session.outcome()
        if outcome is not None:
            from marblestudio.views.game_view import outcome_text

            rows.append((outcome_text(session, outcome), ""))
        return rows

    def show_session(self, session: Session | None) -> None:
        wanted = self._wanted(session)
        same = 0
        limit = min(len(wanted), len(self._rows))
        while same < limit and wanted[same] == self._rows[same]:
            same += 1
        self.blockSignals(True)
        while self.count() > same:
            self.takeItem(self.count() - 1)
        for text, colour in wanted[same:]:
            item = QListWidgetItem(text)
            if colour:
                item.setForeground(QBrush(QColor(colour)))
            self.addItem(item)
        self._rows = wanted
        if len(wanted) > same:
            self.scrollToBottom()
        self.blockSignals(False)

    def lines(self) -> list[str]:
        return [self.item(i).text() for i in range(self.count())]


class MovePanel(QWidget):
    """The move log with a line to type a move in notation (for every game, and for anyone who
    prefers the keyboard); `move_typed` carries the text when Enter is pressed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        from PySide6.QtWidgets import QLineEdit, QVBoxLayout

        super().__init__(parent)
        self.log = MoveLog(self)
        self.entry = QLineEdit(self)
        self.entry.setPlaceholderText("Type a move (e.g. place c4, R3+) and press Enter")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.log, 1)
        layout.addWidget(self.entry)
