"""Game > Host a Network Game: the dialog starts a real `marblestudio serve` process, shows one
invitation code per seat (and the spectators'), copies them, and the host then plays its seat;
a friend's window joins with the copied code."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from marblestudio.net.invitation import parse
from marblestudio.net.remote import RemoteSession
from marblestudio.views.host_dialog import HostDialog

from .helpers import open_main_window
from .window_fixtures import Answers, answers  # noqa: F401 - the fixture

WAIT = 30_000


def test_hosting_shows_a_code_per_seat_and_a_friend_joins_with_one(qtbot: QtBot, answers: Answers) -> None:  # noqa: F811
    host = open_main_window(qtbot, 1000, 700)
    seen: dict[str, object] = {}

    def drive() -> None:
        dialog = host.network.host_dialog
        if dialog is None:
            QTimer.singleShot(50, drive)
            return
        assert isinstance(dialog, HostDialog)
        dialog.ruleset.choose("mancala/kalah")
        dialog._ruleset_changed()
        dialog.reach.setCurrentIndex(1)  # this machine only
        dialog.port.setValue(0)  # any free port
        assert not dialog.play_button.isEnabled()
        dialog.start()

        def ready() -> None:
            if not dialog.play_button.isEnabled():
                QTimer.singleShot(50, ready)
                return
            seen["codes"] = [field.text() for field in dialog.code_fields]
            dialog.invitation_grid.itemAtPosition(1, 2).widget().click()  # Copy, the second seat's code
            seen["copied"] = QGuiApplication.clipboard().text()
            dialog.play_button.click()

        ready()

    QTimer.singleShot(0, drive)
    host.network.host()
    codes = seen["codes"]
    assert isinstance(codes, list) and len(codes) == 3  # two seats and the spectators
    invitations = [parse(code) for code in codes]
    assert all(i.url.startswith("ws://127.0.0.1:") for i in invitations)
    assert seen["copied"] == codes[1]
    assert host.network.server.is_running()
    qtbot.waitUntil(lambda: host.network.is_network_game(), timeout=WAIT)
    session = host.game.session
    assert isinstance(session, RemoteSession) and session.me == 0
    friend = open_main_window(qtbot, 800, 600)
    friend.network.join(invitations[1])
    qtbot.waitUntil(lambda: friend.network.is_network_game(), timeout=WAIT)
    assert friend.game.session.me == 1  # type: ignore[union-attr]
    friend.network.leave()
    host.network.shutdown()
    assert not host.network.server.is_running()


def test_a_port_in_use_is_said_in_the_dialog(qtbot: QtBot, answers: Answers) -> None:  # noqa: F811
    import socket

    from marblestudio.views.hosting import HostedServer

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        server = HostedServer()
        dialog = HostDialog(server)
        qtbot.addWidget(dialog)
        dialog.reach.setCurrentIndex(1)
        dialog.port.setValue(taken.getsockname()[1])
        dialog.start()
        qtbot.waitUntil(lambda: "did not start" in dialog.status.text(), timeout=WAIT)
    assert "cannot listen" in dialog.status.text()
    assert dialog.start_button.isEnabled() and not dialog.play_button.isEnabled()


def test_quitting_while_hosting_asks_first(qtbot: QtBot, answers: Answers) -> None:  # noqa: F811
    from PySide6.QtWidgets import QMessageBox

    window = open_main_window(qtbot, 800, 600)
    server = window.network.server
    server.start("mancala/kalah", 2, 0, everywhere=False)
    qtbot.waitUntil(lambda: bool(server.hosted.url), timeout=WAIT)
    answers.answer = QMessageBox.StandardButton.Cancel
    assert not window.close()  # "Stop hosting and quit?" answered Cancel: the window stays, the server runs
    assert "Your server is running" in answers.questions[-1] and server.is_running()
    answers.answer = QMessageBox.StandardButton.Yes
    assert window.close()
    assert not server.is_running()
