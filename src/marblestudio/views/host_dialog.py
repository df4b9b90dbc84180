"""Game > Host a Network Game: start a game server here and hand out one invitation per seat.

The dialog picks the game (a ruleset of the shelf, the number of players), the seat the host
plays (or none, to watch), who may connect (this network, or this machine only), the address
and port friends use, and optionally a certificate for a secure connection.  Start Server runs
`marblestudio serve` in a background process (`hosting.HostedServer`); once it listens, each seat
shows its invitation code with a Copy button.  Play joins the host's own seat.

An invitation code is the server's address with the seat's token (docs/protocol.md).  Friends on
the same network use this machine's address on it (filled in); friends over the internet need a
port forwarded on the router to this machine, and the router's public address in place of it.
"""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from marblestudio.net.invitation import Invitation
from marblestudio.views.hosting import Hosted, HostedServer, lan_address
from marblestudio.views.ruleset_box import RulesetBox

DEFAULT_PORT = 8765
WATCH = -1
"""The "You play" choice of a host who only watches."""


def for_friends(invitation: Invitation, address: str) -> Invitation:
    """`invitation` with the server's address replaced by `address` (the one friends reach)."""
    parts = urlsplit(invitation.url)
    port = f":{parts.port}" if parts.port else ""
    return Invitation(urlunsplit((parts.scheme, f"{address}{port}", parts.path, parts.query, "")), invitation.token,
                      invitation.fingerprint)


class HostDialog(QDialog):
    """Choose a game, start its server, and copy the invitations."""

    def __init__(self, server: HostedServer, parent: QWidget | None = None, ruleset: str | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Host a Network Game")
        self.server = server
        self.hosted: Hosted | None = None
        self.ruleset = RulesetBox()
        if ruleset:
            self.ruleset.choose(ruleset)
        self.players = QSpinBox()
        self.seat = QComboBox()
        self.reach = QComboBox()
        self.reach.addItem("Friends on this network (or the internet, with a forwarded port)", True)
        self.reach.addItem("This machine only", False)
        self.address = QLineEdit(lan_address())
        self.address.setToolTip("The address friends connect to: this machine's on your network, or your router's "
                                "public address when a port is forwarded to this machine.")
        self.port = QSpinBox()
        self.port.setRange(0, 65535)
        self.port.setValue(DEFAULT_PORT)
        self.port.setSpecialValueText("any free port")
        self.cert = QLineEdit()
        self.cert.setPlaceholderText("optional: a PEM certificate (self-signed is fine)")
        self.key = QLineEdit()
        self.key.setPlaceholderText("its PEM private key")
        form = QFormLayout()
        form.addRow("Game", self.ruleset)
        form.addRow("Players", self.players)
        form.addRow("You play", self.seat)
        form.addRow("Who may join", self.reach)
        form.addRow("Friends connect to", self.address)
        form.addRow("Port", self.port)
        form.addRow("Certificate", self._with_browse(self.cert, "Choose a certificate"))
        form.addRow("Key", self._with_browse(self.key, "Choose its private key"))
        self.start_button = QPushButton("Start Server")
        self.start_button.clicked.connect(self.start)
        self.status = QLabel("")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.invitations = QGroupBox("Invitations: give each friend the code of their seat")
        self.invitation_grid = QGridLayout(self.invitations)
        self.invitations.hide()
        self.code_fields: list[QLineEdit] = []
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.play_button = self.buttons.addButton("Play", QDialogButtonBox.ButtonRole.AcceptRole)
        self.play_button.setEnabled(False)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        start_row = QHBoxLayout()
        start_row.addWidget(self.start_button)
        start_row.addWidget(self.status, 1)
        layout.addLayout(start_row)
        layout.addWidget(self.invitations)
        layout.addWidget(self.buttons)
        self.ruleset.currentIndexChanged.connect(self._ruleset_changed)
        self.players.valueChanged.connect(self._players_changed)
        self.reach.currentIndexChanged.connect(lambda _: self.address.setEnabled(bool(self.reach.currentData())))
        server.ready.connect(self._ready)
        server.failed.connect(self._failed)
        self.finished.connect(self._let_go)
        self._ruleset_changed()

    def _let_go(self) -> None:
        """The dialog is closed: the server's news is no longer its business."""
        self.server.ready.disconnect(self._ready)
        self.server.failed.disconnect(self._failed)

    def _with_browse(self, field: QLineEdit, title: str) -> QWidget:
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(field, 1)
        browse = QPushButton("Browse…")
        browse.clicked.connect(lambda: self._browse(field, title))
        layout.addWidget(browse)
        return row

    def _browse(self, field: QLineEdit, title: str) -> None:
        path, _ = QFileDialog.getOpenFileName(self, title, "", "PEM files (*.pem *.crt *.key);;All files (*)")
        if path:
            field.setText(path)

    # The choices ------------------------------------------------------------------------------
    def ruleset_id(self) -> str | None:
        """The chosen ruleset's id (a user ruleset's id is its place in the user folder)."""
        from pathlib import Path

        from marblestudio.rulesets.catalog import ID, place_of

        ref = self.ruleset.ref()
        if ID.fullmatch(ref):
            return ref
        place = place_of(Path(ref))
        return place[0] if place is not None else None

    def _ruleset_changed(self) -> None:
        from marblestudio.rulesets import RulesetError

        try:
            rules = self.ruleset.rules_of(self.ruleset.ref())
        except RulesetError as exc:
            self.status.setText(f"This ruleset cannot be played: {exc}")
            self.start_button.setEnabled(False)
            return
        self.start_button.setEnabled(not self.server.is_running())
        self.status.setText("")
        self.players.blockSignals(True)
        self.players.setRange(rules.players.min, rules.players.max)
        self.players.setValue(rules.players.default)
        self.players.blockSignals(False)
        self._players_changed()

    def _players_changed(self) -> None:
        rules = self.ruleset.rules_of(self.ruleset.ref())
        chosen = self.seat.currentData()
        self.seat.clear()
        for seat in range(self.players.value()):
            self.seat.addItem(rules.presentation.seat_name(seat), seat)
        self.seat.addItem("Nobody: I watch", WATCH)
        index = self.seat.findData(chosen if chosen is not None else 0)
        self.seat.setCurrentIndex(max(0, index))

    def my_seat(self) -> int | None:
        seat = self.seat.currentData()
        return None if seat in (None, WATCH) else int(seat)

    # Starting ---------------------------------------------------------------------------------
    def start(self) -> None:
        ruleset_id = self.ruleset_id()
        if ruleset_id is None:
            self.status.setText("Only a ruleset of the shelf can be hosted: save yours in the rules folder first.")
            return
        cert, key = self.cert.text().strip(), self.key.text().strip()
        if bool(cert) != bool(key):
            self.status.setText("A certificate needs its key (or leave both empty).")
            return
        everywhere = bool(self.reach.currentData())
        if everywhere and not self.address.text().strip():
            self.status.setText("Say the address friends connect to.")
            return
        self.start_button.setEnabled(False)
        for widget in (self.ruleset, self.players, self.seat, self.reach, self.address, self.port, self.cert, self.key):
            widget.setEnabled(False)
        self.status.setText("Starting the server…")
        self.server.start(ruleset_id, self.players.value(), self.port.value(), everywhere=everywhere, cert=cert or None, key=key or None)

    def _failed(self, text: str) -> None:
        self.status.setText(f"The server did not start: {text}")
        self.start_button.setEnabled(True)
        for widget in (self.ruleset, self.players, self.seat, self.reach, self.address, self.port, self.cert, self.key):
            widget.setEnabled(True)

    def _ready(self, hosted: Hosted) -> None:
        self.hosted = hosted
        address = self.address.text().strip() if self.reach.currentData() else "127.0.0.1"
        rules = self.ruleset.rules_of(self.ruleset.ref())
        rows = [(rules.presentation.seat_name(seat), code) for seat, code in enumerate(hosted.seats)]
        if hosted.spectator is not None:
            rows.append(("Spectators", hosted.spectator))
        self.code_fields = []
        for row, (name, code) in enumerate(rows):
            field = QLineEdit(str(for_friends(code, address)))
            field.setReadOnly(True)
            field.setCursorPosition(0)
            copy = QPushButton("Copy")
            copy.clicked.connect(lambda _=False, f=field: self._copy(f))
            mine = row == self.my_seat()
            self.invitation_grid.addWidget(QLabel(f"{name} (you)" if mine else name), row, 0)
            self.invitation_grid.addWidget(field, row, 1)
            self.invitation_grid.addWidget(copy, row, 2)
            self.code_fields.append(field)
        self.invitations.show()
        where = f"{self.address.text().strip()}:{urlsplit(hosted.url).port}" if self.reach.currentData() else "this machine only"
        secure = " with TLS (the codes carry the certificate's fingerprint)" if hosted.fingerprint else ""
        self.status.setText(f"Serving on {where}{secure}. Friends over the internet need this port forwarded to this machine.")
        self.play_button.setEnabled(True)
        self.play_button.setDefault(True)

    def _copy(self, field: QLineEdit) -> None:
        QGuiApplication.clipboard().setText(field.text())
        self.status.setText("Copied: send it to the friend who plays that seat.")

    def own_invitation(self) -> Invitation | None:
        """Where the host connects: its own seat's code (or the spectators'), on this machine."""
        if self.hosted is None:
            return None
        seat = self.my_seat()
        code = self.hosted.spectator if seat is None else self.hosted.seats[seat]
        return None if code is None else for_friends(code, "127.0.0.1")
