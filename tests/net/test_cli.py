"""`marblestudio serve` and `marblestudio bot` as people run them: a server process and two bot
processes play a game to its end."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from net.netkit import start_server, stop_server


def _bot(url: str, token: str | None, seed: int) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "marblestudio", "bot", url, "--agent", "random", "--seed", str(seed)]
    if token is not None:
        command += ["--token", token]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})


def test_two_bot_processes_play_a_game_on_a_server_process(tmp_path: Path) -> None:
    with open(tmp_path / "server.log", "wb") as log:
        codes: list[str] = []
        server, url, tokens = start_server(tmp_path / "games", log, "--new", "avalanche/standard", "--players", "2", codes=codes)
        try:
            bots = [_bot(url, tokens[0], 0), _bot(codes[1], None, 1)]  # a token, and an invitation code
            outputs = [bot.communicate(timeout=60) for bot in bots]
            refused = _bot(url, "0" * 32, 0).communicate(timeout=30)
        finally:
            assert stop_server(server, signal.SIGTERM) == 0
    assert [bot.returncode for bot in bots] == [0, 0]
    assert outputs[0][0] == outputs[1][0] and outputs[0][0].startswith("game over: ")
    assert "unknown-token" in refused[1]


def test_serve_refuses_a_ruleset_it_cannot_play_and_half_a_certificate(tmp_path: Path) -> None:
    from marblestudio.cli import main

    assert main(["serve", "--port", "0", "--new", "nothing/here"]) == 1
    assert main(["serve", "--port", "0", "--new", "alive/standard", "--players", "99"]) == 1
    assert main(["serve", "--port", "0", "--tls-cert", str(tmp_path / "cert.pem")]) == 2
    assert main(["serve", "--port", "0", "--admin-token", "short"]) == 2


def test_bot_needs_a_token_or_an_invitation() -> None:
    from marblestudio.cli import main

    assert main(["bot", "ws://127.0.0.1:1", "--agent", "random"]) == 2
    assert main(["bot", "ws://127.0.0.1:1/#token=nope", "--agent", "random"]) == 2


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl command to make a certificate")
def test_serve_with_a_certificate_speaks_wss_and_bots_join_by_its_invitation_codes(tmp_path: Path) -> None:
    from marblestudio.net.tls import fingerprint

    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                    "-keyout", str(key), "-out", str(cert), "-days", "2", "-subj", "/CN=marblestudio"],
                   check=True, capture_output=True)
    with open(tmp_path / "server.log", "wb") as log:
        codes: list[str] = []
        server, url, _ = start_server(tmp_path / "games", log, "--new", "mancala/kalah", "--players", "2",
                                      "--tls-cert", str(cert), "--tls-key", str(key), codes=codes)
        try:
            bots = [_bot(code, None, seat) for seat, code in enumerate(codes)]
            outputs = [bot.communicate(timeout=60) for bot in bots]
        finally:
            assert stop_server(server, signal.SIGTERM) == 0
    assert url.startswith("wss://")
    assert all(code.startswith("wss://") and f"fp={fingerprint(cert)}" in code for code in codes)
    assert [bot.returncode for bot in bots] == [0, 0], outputs
    assert outputs[0][0] == outputs[1][0] and outputs[0][0].startswith("game over: ")
