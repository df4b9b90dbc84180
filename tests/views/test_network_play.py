"""Network play in the app, against a real server (in a thread of this process): two windows
join the two seats of a game by their invitations and play it through the board, talk, take a
move back by consent, lose the connection and get it back, and resign."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from marblestudio.net.invitation import Invitation
from marblestudio.net.remote import RemoteSession
from marblestudio.net.server import GameServer, bound_port
from marblestudio.views.main_window import MainWindow

from .helpers import open_main_window
from .window_fixtures import Answers, answers  # noqa: F401 - the fixture

WAIT = 15_000


class ThreadedServer:
    """A GameServer listening on 127.0.0.1 in a thread of its own."""

    def __init__(self, server: GameServer) -> None:
        self.server = server
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.ws: Any = None
        self.port = 0

    def start(self) -> None:
        self.ws = asyncio.run_coroutine_threadsafe(self.server.start("127.0.0.1", self.port), self.loop).result(10)
        self.port = bound_port(self.ws)

    def stop_listening(self) -> None:
        async def close() -> None:
            self.ws.close()
            await self.ws.wait_closed()

        asyncio.run_coroutine_threadsafe(close(), self.loop).result(10)

    def close(self) -> None:
        self.stop_listening()
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()


@pytest.fixture
def served() -> Iterator[tuple[ThreadedServer, list[Invitation]]]:
    server = GameServer(None, rate=1e6, burst=1e6)
    made = server.create_game("stay-alive/standard", 2)
    threaded = ThreadedServer(server)
    threaded.start()
    url = f"ws://127.0.0.1:{threaded.port}"
    yield threaded, [Invitation(url, token) for token in made.seats]
    threaded.close()


def _joined(qtbot: QtBot, invitation: Invitation) -> MainWindow:
    window = open_main_window(qtbot, 900, 640)
    assert window.network.join(invitation)
    qtbot.waitUntil(lambda: window.network.is_network_game(), timeout=WAIT)
    return window


def _click_first_target(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.waitUntil(lambda: bool(window.game.legal_targets()), timeout=WAIT)  # the seat to move has moves to click
    window.game._on_picked(next(iter(window.game.legal_targets())))


def test_two_windows_play_talk_undo_reconnect_and_resign(qtbot: QtBot, answers: Answers, served: tuple[ThreadedServer, list[Invitation]]) -> None:  # noqa: F811
    threaded, invitations = served
    game = next(iter(threaded.server.games.values()))
    red, blue = (_joined(qtbot, invitation) for invitation in invitations)
    windows = [red, blue]
    sessions = [w.game.session for w in windows]
    assert all(isinstance(s, RemoteSession) for s in sessions)
    assert [s.me for s in sessions] == [0, 1]  # type: ignore[union-attr]

    # The seat to move clicks a cell; the other window's board and move list show the move.
    mover = game.state.to_move
    other = 1 - mover
    start = game.ply  # the set-up's chance steps
    assert [w.game.session.ply for w in windows] == [start, start]  # type: ignore[union-attr]
    _click_first_target(qtbot, windows[mover])
    qtbot.waitUntil(lambda: windows[other].game.session.ply == game.ply == start + 1, timeout=WAIT)  # type: ignore[union-attr]
    assert windows[other].move_log.topLevelItemCount() >= 1
    qtbot.waitUntil(lambda: bool(windows[other].game.legal_targets()), timeout=WAIT)  # now the other seat may click
    # the mover's window hears of its move in its own time (each seat has its own connection)
    qtbot.waitUntil(lambda: "on the network" in windows[mover].turn_label.text(), timeout=WAIT)
    assert not windows[mover].game.legal_targets()
    assert not windows[mover].hint_action.isEnabled() and not windows[mover].save_action.isEnabled()

    # Table talk reaches the other window.
    windows[mover].network.talk.entry.setText("good luck")
    windows[mover].network.talk.entry.returnPressed.emit()
    qtbot.waitUntil(lambda: "good luck" in windows[other].network.talk.lines.toPlainText(), timeout=WAIT)
    assert windows[other].network.talk_dock.isVisible()

    # Undo: the mover asks, the other window shows the question, agrees, and both go back.
    assert windows[mover].undo_action.isEnabled()
    windows[mover].undo_action.trigger()
    bar = windows[other].network.bar
    qtbot.waitUntil(lambda: bar.agree.isVisible(), timeout=WAIT)
    assert "asks to take back" in bar.text.text()
    bar.agree.click()
    qtbot.waitUntil(lambda: game.ply == start and all(w.game.session.ply == start for w in windows), timeout=WAIT)  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: not bar.isVisible(), timeout=WAIT)
    qtbot.waitUntil(lambda: bool(windows[mover].game.legal_targets()), timeout=WAIT)  # the mover is to move again
    qtbot.wait(200)  # the message came before the position without the move: it must outlast it
    assert all(w.message_label.text() == "The move was taken back: every player agreed." for w in windows)

    # The server stops listening (a lost connection): a banner says so; it comes back by itself.
    threaded.stop_listening()
    qtbot.waitUntil(lambda: windows[other].network.bar.isVisible() and "lost" in windows[other].network.bar.text.text().lower(), timeout=WAIT)
    threaded.start()
    qtbot.waitUntil(lambda: all(w.network.connection == "open" for w in windows), timeout=WAIT)
    qtbot.waitUntil(lambda: not windows[other].network.bar.isVisible(), timeout=WAIT)
    _click_first_target(qtbot, windows[mover])
    qtbot.waitUntil(lambda: windows[other].game.session.ply == start + 1, timeout=WAIT)  # type: ignore[union-attr]

    # Resign (asked first): every window shows the result.
    answers.answer = answers.answer  # the resign question is the window's own box
    windows[other]._confirm_resign = lambda session, seat: True  # type: ignore[method-assign]
    assert windows[other].resign()
    qtbot.waitUntil(lambda: all(w.game.session.is_over() for w in windows), timeout=WAIT)  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: windows[mover].banner.isVisible(), timeout=WAIT)
    name = windows[other].game.session.seat_name(other)  # type: ignore[union-attr]
    assert f"{name} resigned" in windows[mover].banner.text()
    assert game.resigned == other
    for window in windows:
        window.network.leave()


def test_a_wrong_invitation_says_why_and_leaves_nothing_behind(qtbot: QtBot, answers: Answers, served: tuple[ThreadedServer, list[Invitation]]) -> None:  # noqa: F811
    _, invitations = served
    window = open_main_window(qtbot, 900, 640)
    window.network.join(Invitation(invitations[0].url, "0" * 32))
    qtbot.waitUntil(lambda: bool(answers.warnings), timeout=WAIT)
    assert "no seat has this token" in answers.warnings[0]
    assert window.network.link is None and not window.network.is_network_game()


def test_an_address_that_is_no_game_server_is_said_at_once(qtbot: QtBot, answers: Answers) -> None:  # noqa: F811
    from http.server import BaseHTTPRequestHandler, HTTPServer

    class NotFound(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the standard library's name
            self.send_error(404)

        def log_message(self, *_args: object) -> None:
            pass

    web = HTTPServer(("127.0.0.1", 0), NotFound)
    thread = threading.Thread(target=web.serve_forever, daemon=True)
    thread.start()
    try:
        window = open_main_window(qtbot, 900, 640)
        window.network.join(Invitation(f"ws://127.0.0.1:{web.server_address[1]}", "1" * 32))
        qtbot.waitUntil(lambda: bool(answers.warnings), timeout=WAIT)
    finally:
        web.shutdown()
        web.server_close()
    assert "no Marble Studio server" in answers.warnings[0]
    assert window.network.link is None


def test_leaving_a_network_game_goes_back_to_the_library_and_sends_nothing(qtbot: QtBot, answers: Answers, served: tuple[ThreadedServer, list[Invitation]]) -> None:  # noqa: F811
    _, invitations = served
    window = _joined(qtbot, invitations[0])
    session = window.game.session
    assert isinstance(session, RemoteSession)
    assert window.resign_action.isEnabled() and window.network.leave_action.isEnabled()
    window.network.leave_action.trigger()
    assert window.stack.currentWidget() is window.library
    assert session.send is None and not window.resign_action.isEnabled()
    assert not window.network.leave_action.isEnabled()


@pytest.mark.skipif(__import__("shutil").which("openssl") is None, reason="needs the openssl command to make a certificate")
def test_a_secure_invitation_checks_the_servers_certificate(qtbot: QtBot, answers: Answers, tmp_path: Any) -> None:  # noqa: F811
    import subprocess

    from marblestudio.net.tls import fingerprint, server_context

    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                    "-keyout", str(key), "-out", str(cert), "-days", "2", "-subj", "/CN=marblestudio"], check=True, capture_output=True)
    server = GameServer(None, rate=1e6, burst=1e6)
    made = server.create_game("mancala/kalah", 2)
    threaded = ThreadedServer(server)
    threaded.ws = asyncio.run_coroutine_threadsafe(server.start("127.0.0.1", 0, server_context(cert, key)), threaded.loop).result(10)
    url = f"wss://127.0.0.1:{bound_port(threaded.ws)}"
    try:
        window = _joined(qtbot, Invitation(url, made.seats[0], fingerprint(cert)))
        assert window.game.session.me == 0  # type: ignore[union-attr]
        window.network.leave()
        other = open_main_window(qtbot, 800, 600)
        other.network.join(Invitation(url, made.seats[1], "0" * 64))
        qtbot.waitUntil(lambda: bool(answers.warnings), timeout=WAIT)
        assert "certificate is not the one" in answers.warnings[0]
        answers.warnings.clear()
        other.network.join(Invitation(url, made.seats[1]))  # no fingerprint: the system's authorities are asked
        qtbot.waitUntil(lambda: bool(answers.warnings), timeout=WAIT)
        assert "not one this computer trusts" in answers.warnings[0]
    finally:
        threaded.close()
