"""With a certificate (self-signed here), the server speaks wss://; a client pins the
certificate's fingerprint and refuses, before sending its token, a server with another one."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
from pathlib import Path

import pytest
from net.netkit import run

from marblestudio.net.client import Client, play_bot
from marblestudio.net.server import GameServer, bound_port
from marblestudio.net.tls import FingerprintMismatch, fingerprint, server_context

pytestmark = pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl command to make a certificate")


def _certificate(folder: Path) -> tuple[Path, Path]:
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                    "-keyout", str(key), "-out", str(cert), "-days", "2", "-subj", "/CN=marblestudio"],
                   check=True, capture_output=True)
    return cert, key


def test_bots_play_over_tls_and_a_wrong_fingerprint_is_refused(tmp_path: Path) -> None:
    cert, key = _certificate(tmp_path)
    pin = fingerprint(cert)
    server = GameServer(None, rate=1e6, burst=1e6)
    invitation = server.create_game("mancala/kalah", 2)

    async def main() -> None:
        ws = await server.start("127.0.0.1", 0, server_context(cert, key))
        url = f"wss://127.0.0.1:{bound_port(ws)}"
        try:
            results = await asyncio.gather(*(play_bot(url, t, "random", i, pin) for i, t in enumerate(invitation.seats)))
            assert results[0] == results[1]
            with pytest.raises(FingerprintMismatch):
                await Client.connect(url, invitation.seats[0], fingerprint="0" * 64)
        finally:
            ws.close()
            await ws.wait_closed()

    run(main)
    assert server.games[invitation.game_id].is_over()
