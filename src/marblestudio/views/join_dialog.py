"""Game > Join a Network Game: paste the invitation code a host gave you.

The code is checked as it is typed (`net.invitation.parse`): the Join button waits for a
complete one, and the line under it says what is missing.  The last code joined is offered
again (to rejoin a game after closing the app).
"""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QLineEdit, QVBoxLayout, QWidget

from marblestudio.net.invitation import Invitation, InvitationError, parse


class JoinDialog(QDialog):
    """One field: the invitation code."""

    def __init__(self, parent: QWidget | None = None, last: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle("Join a Network Game")
        self.code = QLineEdit(last)
        self.code.setPlaceholderText("ws://192.168.1.20:8765/#token=…")
        self.code.setMinimumWidth(460)
        self.problem = QLabel("")
        self.problem.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.join_button = self.buttons.addButton("Join", QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("The invitation code your host sent you:"))
        layout.addWidget(self.code)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self.code.textChanged.connect(self._check)
        self._check()

    def invitation(self) -> Invitation | None:
        try:
            return parse(self.code.text())
        except InvitationError:
            return None

    def _check(self) -> None:
        text = self.code.text().strip()
        try:
            parse(text)
        except InvitationError as exc:
            self.problem.setText(f"Not an invitation yet: {exc}." if text else "")
            self.join_button.setEnabled(False)
            return
        self.problem.setText("")
        self.join_button.setEnabled(True)
