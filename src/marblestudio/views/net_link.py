"""A connection from the app to a game server, kept open in a thread of its own.

`NetLink` connects, says hello with its token (asking for a full position in every `state`),
and passes each message the server sends to the GUI thread as the `received` signal.  When the
connection is lost it says so (`status`: "lost") and tries again, waiting a little longer each
time (up to `RETRY_MAX` seconds), until `close`; the server then sends the whole current game
again.  A refusal that cannot get better by trying again (an unknown token, a certificate with
another fingerprint, an address that is not a server) ends the link: `status` "failed".

The websockets library's synchronous client is used in the thread: its `send` may be called
from the GUI thread while the thread reads.
"""

from __future__ import annotations

import json
import logging
import threading
from typing import Any

from PySide6.QtCore import QObject, Signal

from marblestudio.net import protocol, tls

log = logging.getLogger(__name__)

RETRY_FIRST = 0.5
"""Seconds before the first attempt to reconnect ..."""
RETRY_MAX = 5.0
"""... doubling up to this."""
FATAL = (protocol.UNKNOWN_TOKEN, protocol.UNKNOWN_GAME, protocol.PROTOCOL_VERSION, protocol.BAD_MESSAGE)
"""Refusals of a hello that trying again cannot mend."""


class NetLink(QObject):
    """One seat's (or a spectator's) connection to a game server."""

    received = Signal(object)  # a server message (a dict)
    status = Signal(str, str)  # "connecting", "open", "lost", "failed" or "closed"; words for people

    def __init__(self, url: str, token: str | None, fingerprint: str | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.url = url
        self.token = token
        self.fingerprint = fingerprint
        self._stop = threading.Event()
        self._ws: Any = None
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._was_open = False  # the connection has been up once

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="marblestudio-net", daemon=True)
        self._thread.start()

    def send(self, message: dict[str, Any]) -> None:
        """Send `message` (raises ConnectionError while the connection is down)."""
        with self._lock:
            ws = self._ws
        if ws is None:
            raise ConnectionError("the connection to the game's server is down; it is being made again")
        from websockets.exceptions import ConnectionClosed

        try:
            ws.send(json.dumps(message))
        except ConnectionClosed:
            raise ConnectionError("the connection to the game's server was lost; it is being made again") from None

    def close(self) -> None:
        """Stop for good (the thread ends soon after).  The closing handshake is left to a
        thread of its own: on a dead network it waits, and the window must not."""
        self._stop.set()
        with self._lock:
            ws, self._ws = self._ws, None
        if ws is not None:
            threading.Thread(target=ws.close, name="marblestudio-net-close", daemon=True).start()

    def wait(self, timeout: float = 5.0) -> None:
        if self._thread is not None:
            self._thread.join(timeout)

    # The thread ---------------------------------------------------------------------------------
    def _say(self, state: str, text: str) -> None:
        self._emit(self.status, state, text)

    def _emit(self, signal: Any, *args: Any) -> None:
        """Emit from the thread; once the window (and this object with it) is gone, stop."""
        try:
            signal.emit(*args)
        except RuntimeError:  # the Qt object was deleted: nobody listens any more
            self._stop.set()

    def _run(self) -> None:
        delay = RETRY_FIRST
        first = True
        while not self._stop.is_set():
            self._say("connecting", "Connecting…" if first else "Connection lost: reconnecting…")
            outcome = self._session()
            if outcome == "fatal" or self._stop.is_set():
                break
            if outcome == "served":
                delay = RETRY_FIRST  # it was up: try again soon
            first = False
            self._say("lost", f"Connection lost: trying again in {delay:.0f} s…" if delay >= 1 else "Connection lost: reconnecting…")
            if self._stop.wait(delay):
                break
            delay = min(RETRY_MAX, delay * 2)
        self._say("closed", "Disconnected.")

    def _session(self) -> str:
        """One connection, until it ends: "fatal", "served" (it was up) or "failed" (never up)."""
        import ssl

        from websockets.exceptions import InvalidHandshake, InvalidStatus, InvalidURI
        from websockets.sync.client import connect

        if self.fingerprint and not self.url.startswith("wss://"):
            self._say("failed", "The invitation names a certificate, but its address is not a secure one (wss://).")
            return "fatal"
        try:
            context = tls.pinned_context() if self.fingerprint else None
            with connect(self.url, ssl=context, open_timeout=10, close_timeout=2, max_size=16 * 1024 * 1024) as ws:
                return self._served(ws)
        except InvalidURI as exc:
            self._say("failed", f"Not a server address: {exc}")
            return "fatal"
        except InvalidHandshake as exc:
            # Something answers there, but not a game server (a server stopping mid-handshake
            # says so too: once the link was up, that is tried again).
            if isinstance(exc, InvalidStatus) or not self._was_open:
                self._say("failed", f"That address answers, but it is no Marble Studio server ({exc}).")
                return "fatal"
            log.info("the handshake with %s failed: %s", self.url, exc)
            return "failed"
        except ssl.SSLCertVerificationError:
            self._say("failed", "The server's certificate is not one this computer trusts: join with the host's "
                                "invitation code, which names the certificate.")
            return "fatal"
        except (OSError, InvalidHandshake, TimeoutError) as exc:
            log.info("cannot connect to %s: %s", self.url, exc)
            return "failed"
        except Exception:  # noqa: BLE001 - whatever breaks, the link says so and tries again
            log.exception("the connection to %s failed", self.url)
            return "failed"

    def _served(self, ws: Any) -> str:
        """Say hello on the open connection `ws` and pass on what the server sends."""
        from websockets.exceptions import ConnectionClosed

        try:
            if self.fingerprint:
                tls.check_peer(ws.socket, self.fingerprint)
            hello: dict[str, Any] = {"type": "hello", "protocol": protocol.PROTOCOL, "positions": True}
            if self.token is not None:
                hello["token"] = self.token
            ws.send(json.dumps(hello))
            reply = json.loads(ws.recv(timeout=10))
            if reply.get("type") != "welcome":
                fatal = reply.get("code") in FATAL
                self._say("failed" if fatal else "lost", f"The server refused: {reply.get('message', reply)}")
                return "fatal" if fatal else "failed"
            with self._lock:
                if self._stop.is_set():
                    return "fatal"
                self._ws = ws
            self._was_open = True
            self._emit(self.received, reply)
            self._say("open", "Connected.")
            for text in ws:
                self._emit(self.received, json.loads(text))
        except tls.FingerprintMismatch as exc:
            self._say("failed", str(exc))
            return "fatal"
        except (ConnectionClosed, OSError, TimeoutError, ValueError) as exc:
            log.info("the connection to %s ended: %s", self.url, exc)
        finally:
            with self._lock:
                if self._ws is ws:
                    self._ws = None
        return "served"
