"""A game server the app runs for its user: `marblestudio serve` in a background process.

`HostedServer.start` runs ``python -m marblestudio serve`` (the same server as the command line)
with a new game, reads the invitation codes it prints, and says `ready` with them; `failed`
carries what the server wrote to its error output when it could not start.  The server keeps
its games under the app's data folder (`data_folder`), so a game survives the app closing: the
next server started there resumes every unfinished game, for players who keep their codes.  `stop` ends the process (SIGTERM, then SIGKILL after 3 seconds).
"""

from __future__ import annotations

import socket
import sys
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QObject, QProcess, QProcessEnvironment, Signal

from marblestudio.net.invitation import Invitation, parse


def data_folder() -> Path:
    """Where the app's hosted games are kept: `network-games` in the app's data folder."""
    from marblestudio.views.editor.files import default_data_dir

    return default_data_dir() / "network-games"


def lan_address() -> str:
    """This machine's address on its local network (the one a route to the internet would use),
    or 127.0.0.1.  No packet is sent: connecting a UDP socket only picks the route."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, only looked up
            address: str = probe.getsockname()[0]
            return address
    except OSError:
        return "127.0.0.1"


@dataclass
class Hosted:
    """What a started server printed: its URL, one invitation per seat, the spectators'."""

    url: str = ""
    seats: list[Invitation] = field(default_factory=list)
    spectator: Invitation | None = None
    fingerprint: str | None = None


class HostedServer(QObject):
    """One `marblestudio serve` process."""

    ready = Signal(object)  # Hosted
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.process: QProcess | None = None
        self.hosted = Hosted()
        self._out = b""
        self._err = b""

    def start(self, ruleset_id: str, players: int, port: int, *, everywhere: bool, cert: str | None = None,
              key: str | None = None) -> None:
        """Run the server with a new game of `ruleset_id` for `players`, on `port` (0: any
        free one), listening on every network when `everywhere` (else this machine only)."""
        self.stop()
        folder = data_folder()
        folder.mkdir(parents=True, exist_ok=True)
        arguments = ["-m", "marblestudio", "serve", "--host", "0.0.0.0" if everywhere else "127.0.0.1", "--port", str(port),
                     "--data", str(folder), "--new", ruleset_id, "--players", str(players)]
        if cert and key:
            arguments += ["--tls-cert", cert, "--tls-key", key]
        process = QProcess(self)
        environment = QProcessEnvironment.systemEnvironment()
        environment.insert("QT_QPA_PLATFORM", "offscreen")  # the server needs no display
        process.setProcessEnvironment(environment)
        process.readyReadStandardOutput.connect(self._read_out)
        process.readyReadStandardError.connect(self._read_err)
        process.finished.connect(self._finished)
        process.errorOccurred.connect(self._error)
        self.process = process
        self.hosted = Hosted()
        self._out = self._err = b""
        process.start(sys.executable, arguments)

    def is_running(self) -> bool:
        return self.process is not None and self.process.state() != QProcess.ProcessState.NotRunning

    def _read_out(self) -> None:
        if self.process is None:  # being stopped
            return
        self._out += bytes(self.process.readAllStandardOutput().data())
        *lines, self._out = self._out.split(b"\n")
        for raw in lines:
            self._line(raw.decode("utf-8", "replace").strip())

    def _line(self, line: str) -> None:
        words = line.split()
        hosted = self.hosted
        if line.startswith("player ") and "invitation" in words:  # `serve` prints each seat as "player N token T invitation CODE"
            hosted.seats.append(parse(words[-1]))
        elif line.startswith("spectator ") and "invitation" in words:
            hosted.spectator = parse(words[-1])
        elif line.startswith("certificate fingerprint "):
            hosted.fingerprint = words[-1]
        elif line.startswith("listening on "):
            hosted.url = words[-1]
            self.ready.emit(hosted)

    def _read_err(self) -> None:
        if self.process is None:
            return
        self._err = (self._err + bytes(self.process.readAllStandardError().data()))[-20_000:]

    def _error(self, error: QProcess.ProcessError) -> None:
        if error == QProcess.ProcessError.FailedToStart and self.process is not None:
            self.process = None
            self.failed.emit(f"the server could not be started ({sys.executable}: {error.name})")

    def _finished(self, code: int, _status: QProcess.ExitStatus) -> None:
        if not self.hosted.url:  # it never listened
            lines = [line for line in self._err.decode("utf-8", "replace").splitlines() if line.startswith("serve:")]
            self.failed.emit(lines[-1] if lines else f"the server stopped (exit code {code})")

    def stop(self) -> None:
        """End the server (its games stay saved)."""
        process, self.process = self.process, None
        if process is None:
            return
        for signal, slot in ((process.finished, self._finished), (process.readyReadStandardOutput, self._read_out),
                             (process.readyReadStandardError, self._read_err), (process.errorOccurred, self._error)):
            signal.disconnect(slot)
        if process.state() != QProcess.ProcessState.NotRunning:
            process.terminate()
            if not process.waitForFinished(3000):
                process.kill()
                process.waitForFinished(1000)
        process.deleteLater()
