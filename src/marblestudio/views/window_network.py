"""Network play in the main window: Host a Network Game, Join, the connection bar, table talk.

Game > Host a Network Game… (`host_dialog`) starts a server in a background process and joins
the host's own seat; Game > Join a Network Game… (`join_dialog`) joins a seat by its invitation
code; Game > Leave Network Game closes the connection (a hosted server goes on until Stop
Hosting or the app closes: friends may still be playing; its games stay saved).

While connected, the game is a `RemoteSession` (`net.remote`) fed by a `NetLink` (`net_link`):
the board, its animations and the move list work as in local play, the other seats' moves come
from the server.  Above the board a bar says when the connection is lost (it reconnects by
itself) and asks the other seats' consent to an undo (Edit > Undo Move sends the request).  The
Table Talk dock holds the chat.
"""

from __future__ import annotations

import html
import logging
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from marblestudio.net.invitation import Invitation
from marblestudio.net.remote import RemoteSession
from marblestudio.views.app import settings
from marblestudio.views.hosting import HostedServer
from marblestudio.views.net_link import NetLink

if TYPE_CHECKING:
    from marblestudio.views.main_window import MainWindow

log = logging.getLogger(__name__)

LAST_CODE = "network/last_invitation"


class NetBar(QWidget):
    """The bar above the board: the connection's trouble, or an undo request to answer."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("netbar")
        self.setAutoFillBackground(True)
        self.text = QLabel("")
        self.text.setWordWrap(True)
        self.agree = QPushButton("Agree")
        self.refuse = QPushButton("Refuse")
        self.withdraw = QPushButton("Withdraw")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self.text, 1)
        for button in (self.agree, self.refuse, self.withdraw):
            layout.addWidget(button)
            button.hide()
        self.hide()

    def say(self, text: str, tone: str = "info", buttons: tuple[QPushButton, ...] = ()) -> None:
        colour = {"info": "#e8eef7", "warning": "#fff1c2", "error": "#ffd6d6"}[tone]
        self.setStyleSheet(f"QWidget#netbar {{ background: {colour}; }} QLabel {{ color: #202020; }}")
        self.text.setText(text)
        for button in (self.agree, self.refuse, self.withdraw):
            button.setVisible(button in buttons)
        self.setVisible(bool(text))


class TableTalk(QWidget):
    """The chat: the lines said at the table, and a line to say one."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.lines = QPlainTextEdit()
        self.lines.setReadOnly(True)
        self.entry = QLineEdit()
        self.entry.setPlaceholderText("Say something to the table, then Enter")
        self.entry.setMaxLength(500)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.lines, 1)
        layout.addWidget(self.entry)

    def show_lines(self, lines: list[str]) -> None:
        self.lines.setPlainText("\n".join(lines))
        bar = self.lines.verticalScrollBar()
        bar.setValue(bar.maximum())


class WindowNetwork:
    """The window's network play (a part of `MainWindow`: its `network`)."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.link: NetLink | None = None
        self.session: RemoteSession | None = None
        self.server = HostedServer(window)
        self.bar = NetBar()
        self.talk = TableTalk()
        self.talk.entry.returnPressed.connect(self._say)
        self.talk_dock = window.add_dock("Table Talk", self.talk, Qt.DockWidgetArea.RightDockWidgetArea)
        self.talk_dock.hide()
        self.bar.agree.clicked.connect(lambda: self._answer(True))
        self.bar.refuse.clicked.connect(lambda: self._answer(False))
        self.bar.withdraw.clicked.connect(lambda: self._answer(False))
        self.connection = ""  # what the link last said
        self.host_dialog: QDialog | None = None  # the dialog while it is open (for tests)

    def install(self, menu: QMenu) -> None:
        window = self.window
        self.host_action = QAction("&Host a Network Game…", window)
        self.host_action.triggered.connect(self.host)
        self.join_action = QAction("&Join a Network Game…", window)
        self.join_action.setShortcut(QKeySequence("Ctrl+J"))
        self.join_action.triggered.connect(self.join_dialog)
        self.leave_action = QAction("Leave Net&work Game", window)
        self.leave_action.triggered.connect(lambda: self.leave())
        self.stop_action = QAction("S&top Hosting", window)
        self.stop_action.triggered.connect(self.stop_hosting)
        for action in (self.host_action, self.join_action, self.leave_action, self.stop_action):
            menu.addAction(action)
            window.addAction(action)
        self.update()

    # Hosting and joining ------------------------------------------------------------------------
    def host(self) -> None:
        """Start a server with a new game (the dialog), then join the host's seat."""
        from marblestudio.views.host_dialog import HostDialog

        window = self.window
        if self.server.is_running() and not self._confirm("Stop the game you host?",
                                                          "Your server is running: a new one replaces it, and friends playing on it are cut off."):
            return
        self.server.stop()
        selected = window.library.selected() if window._library is not None else None
        dialog = HostDialog(self.server, window, selected)
        self.host_dialog = dialog
        try:
            accepted = dialog.exec() == QDialog.DialogCode.Accepted
        finally:
            self.host_dialog = None
        invitation = dialog.own_invitation()
        if not accepted or invitation is None:
            self.server.stop()  # cancelled: nobody has the codes
            self.update()
            return
        self.join(invitation)

    def join_dialog(self) -> None:
        from marblestudio.views.join_dialog import JoinDialog

        last = settings().value(LAST_CODE, "")
        dialog = JoinDialog(self.window, last if isinstance(last, str) else "")
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        invitation = dialog.invitation()
        if invitation is not None:
            self.join(invitation)

    def join(self, invitation: Invitation) -> bool:
        """Connect to the seat of `invitation`; the game shows once the server sent it."""
        window = self.window
        if not window.maybe_save():
            return False
        self.leave()  # a network game on the board goes with its connection
        settings().setValue(LAST_CODE, str(invitation))  # offered again by Join (to rejoin after a restart)
        link = NetLink(invitation.url, invitation.token, invitation.fingerprint, window)
        # Only the link in use is listened to: a message an old link queued before it closed is dropped.
        link.received.connect(lambda message, sent_by=link: self._on_message(message) if sent_by is self.link else None)
        link.status.connect(lambda state, text, sent_by=link: self._on_status(state, text) if sent_by is self.link else None)
        self.link = link
        window.show_message(f"Connecting to {invitation.url}…")
        link.start()
        self.update()
        return True

    def leave(self, show_library: bool = True) -> None:
        """Close the connection (the game goes on at the server)."""
        link, self.link = self.link, None
        session, self.session = self.session, None
        if link is not None:
            link.close()
        if session is not None:
            session.send = None  # its moves, resignation or undo requests have nowhere to go now
        self.bar.say("")
        self.talk_dock.hide()
        shown = self.window.game.session
        if show_library and isinstance(shown, RemoteSession):  # a network game left shows no more
            self.window.show_library()
        self.update()

    def stop_hosting(self) -> None:
        if self.server.is_running() and self._confirm("Stop hosting?", "Friends playing on your server are cut off. "
                                                      "The game stays saved: hosting again resumes it, for players who keep their codes."):
            if self.link is not None and self.link.url.startswith(("ws://127.0.0.1", "wss://127.0.0.1")):
                self.leave()
            self.server.stop()
        self.update()

    def _confirm(self, title: str, text: str) -> bool:
        buttons = QMessageBox.StandardButton
        return QMessageBox.question(self.window, title, text, buttons.Yes | buttons.Cancel, buttons.Cancel) == buttons.Yes

    def may_close(self) -> bool:
        """Whether the window may close: asks first while it hosts a game friends may be playing."""
        if not self.server.is_running():
            return True
        return self._confirm("Stop hosting and quit?", "Your server is running: quitting stops it, and friends playing on it are cut "
                                                       "off. The game stays saved: hosting again resumes it, for players who keep their codes.")

    def shutdown(self) -> None:
        """The window closes: the connection and a hosted server end (the games stay saved)."""
        link = self.link
        self.leave(show_library=False)
        if link is not None:
            link.wait(3.0)
        self.server.stop()

    def forget(self, session: object) -> None:
        """The window shows another game: a network game it replaces is left."""
        if self.session is not None and session is not self.session:
            self.leave(show_library=False)

    # What the server says ----------------------------------------------------------------------
    def _send(self, message: dict[str, Any]) -> None:
        if self.link is None:
            raise ConnectionError("not connected to a game's server")
        self.link.send(message)

    def _on_message(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        try:
            if kind == "welcome":
                if self.session is None or self.session.game_id != message.get("game"):
                    self.session = RemoteSession.joined(message, self._send)
                    self.session.talk.append(self._on_talk)
                else:  # back after a lost connection: what was said meanwhile
                    self.session.hear_chat(message)
                self._show_chat()
                return
            session = self.session
            if session is not None:
                session.receive(message)
                if kind == "state" and self.window.game.session is not session:
                    self.window.path = None
                    self.window.set_session(session)
                    self.talk_dock.show()
            if kind == "error":
                self.window.show_message(f"The server refused: {message.get('message')}")
        except Exception as exc:  # noqa: BLE001 - a server this app cannot follow (or a ruleset it cannot load) ends no slot
            log.exception("cannot follow the server's %s message", kind)
            text = f"This game's server sent what this app cannot show ({exc}); leave and join again."
            if self._showing():
                self.bar.say(html.escape(text), "error")
            else:
                self.leave(show_library=False)
                QMessageBox.warning(self.window, "Cannot join the game", text)

    def _on_status(self, state: str, text: str) -> None:
        self.connection = state
        if not self._showing():  # no game on the board yet: the status line says how the connection goes
            if state == "failed":
                link = self.link
                self.leave(show_library=False)
                QMessageBox.warning(self.window, "Cannot join the game", f"{text}\n\n{link.url if link else ''}")
            elif state != "closed":
                self.window.show_message(text)
            self.update()
            return
        if state == "open":
            self.bar.say("")
            self.window.show_message("Connected.")
            self._on_talk("undo")  # a request pending before the connection was lost
        elif state in ("connecting", "lost"):
            self.bar.say(text, "warning")
        elif state == "failed":
            self.bar.say(f"{html.escape(text)} (Game > Join a Network Game to try another code.)", "error")
        self.update()

    def _on_talk(self, what: str) -> None:
        session = self.session
        if session is None:
            return
        if what == "chat":
            self._show_chat()
            self.talk_dock.show()
            return
        request = session.undo_request
        if request is None:
            self.bar.say("")
            # the server says a request was cancelled or done before it sends the position that
            # came of it: those messages are of the position to come
            if session.undo_event == "declined":
                self.window.show_message("The undo request was refused.")
            elif session.undo_event == "cancelled":
                self.window.show_message("The undo request lapsed: a move was made.", of_next_position=True)
            elif session.undo_event == "done":
                self.window.show_message("The move was taken back: every player agreed.", of_next_position=True)
        elif request[0] == session.me:
            self.bar.say("You asked to take back your last move: waiting for the other players…", "info", (self.bar.withdraw,))
        else:
            name = session.seat_name(request[0])
            agreed = session.me is None or session.me in session.undo_agreed
            if agreed:
                self.bar.say(f"{html.escape(name)} asks to take back their last move: waiting for the others…")
            else:
                self.bar.say(f"{html.escape(name)} asks to take back their last move. Do you agree?", "info",
                             (self.bar.agree, self.bar.refuse))

    def _show_chat(self) -> None:
        session = self.session
        if session is None:
            return
        lines = [f"{'Spectator' if seat is None else session.seat_name(seat)}: {text}" for seat, text in session.chat]
        self.talk.show_lines(lines)

    # What this seat does -----------------------------------------------------------------------
    def _say(self) -> None:
        text = self.talk.entry.text().strip()
        if not text or self.session is None:
            return
        try:
            self.session.say(text)
        except ConnectionError as exc:
            self.window.show_message(str(exc))
            return
        self.talk.entry.clear()

    def _answer(self, accept: bool) -> None:
        if self.session is None:
            return
        try:
            self.session.answer_undo(accept)
        except ConnectionError as exc:
            self.window.show_message(str(exc))

    def request_undo(self) -> None:
        session = self.session
        if session is None or session.me is None or session.is_over():
            return
        try:
            session.request_undo()
        except ConnectionError as exc:
            self.window.show_message(str(exc))

    def _showing(self) -> bool:
        """Whether the board shows the game of the connection in use."""
        return self.session is not None and self.window.game.session is self.session

    def is_network_game(self) -> bool:
        """Whether the board shows a network game (connected or left)."""
        return isinstance(self.window.game.session, RemoteSession)

    def update(self) -> None:
        if not hasattr(self, "leave_action"):
            return
        self.leave_action.setEnabled(self.link is not None)
        self.stop_action.setEnabled(self.server.is_running())
