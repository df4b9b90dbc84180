"""Shared pieces of the network tests: a server on an ephemeral port, in this process."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from collections.abc import AsyncIterator, Callable, Coroutine, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import IO, Any, TypeVar

from websockets.protocol import State

from marblestudio.net.client import Client
from marblestudio.net.server import GameServer, bound_port

T = TypeVar("T")

FAMILIES = ["stay-alive/standard", "alive/standard", "avalanche/standard", "archimedes/standard", "mancala/kalah"]


@asynccontextmanager
async def serving(server: GameServer) -> AsyncIterator[str]:
    """`server` listening on 127.0.0.1 and a free port; yields its URL."""
    ws = await server.start("127.0.0.1", 0)
    try:
        yield f"ws://127.0.0.1:{bound_port(ws)}"
    finally:
        ws.close()
        await ws.wait_closed()


class FakeTransport:
    def __init__(self) -> None:
        self.buffered = 0

    def get_write_buffer_size(self) -> int:
        return self.buffered


class FakeSocket:
    """Enough of a websockets connection for the server's sending: its state, its transport's
    buffer, and `send`, which can be held (a client that does not read) by clearing `flowing`."""

    def __init__(self) -> None:
        self.state = State.OPEN
        self.transport = FakeTransport()
        self.sent: list[Any] = []
        self.flowing = asyncio.Event()
        self.flowing.set()
        self.closed: tuple[int, str] | None = None

    async def send(self, message: bytes, text: bool = True) -> None:
        await self.flowing.wait()
        self.sent.append(json.loads(message)["n"])

    async def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


def run(make: Callable[[], Coroutine[Any, Any, T]], timeout: float = 60) -> T:
    """Run a coroutine to its end, with a timeout that only guards against hangs."""

    async def guarded() -> T:
        return await asyncio.wait_for(make(), timeout)

    return asyncio.run(guarded())


async def next_of(client: Client, kind: str, timeout: float = 10) -> dict[str, Any]:
    """The next message of type `kind` (others skipped)."""
    while True:
        message = await asyncio.wait_for(client.recv(), timeout)
        if message["type"] == kind:
            return message


async def states_of(clients: list[Client]) -> list[dict[str, Any]]:
    """The next `state` each client reads, in the clients' order."""
    return [await next_of(c, "state") for c in clients]


async def seated(url: str, tokens: Sequence[str]) -> list[Client]:
    """A client connected (said hello) for each seat token, in order."""
    return [await Client.connect(url, t) for t in tokens]


async def move_first_legal(clients: list[Client], states: list[dict[str, Any]]) -> tuple[int, list[dict[str, Any]]]:
    """The seat to move (the one whose state lists legal moves) plays its first; every client
    then reads the next state.  Returns the mover and those states."""
    mover = next(i for i, s in enumerate(states) if s["legal"])
    await clients[mover].move(states[mover]["legal"][0], states[mover]["ply"])
    return mover, await states_of(clients)


async def raw_reply(client: Client, frame: str | bytes, timeout: float = 10) -> dict[str, Any]:
    """Send `frame` as it is and return the server's reply."""
    await client.ws.send(frame)
    reply: dict[str, Any] = json.loads(await asyncio.wait_for(client.ws.recv(), timeout))
    return reply


def record_text(data: Path, game_id: str) -> str:
    return (data / f"{game_id}.json").read_text(encoding="utf-8")


def start_server(data: Path, log: IO[bytes], *new: str, codes: list[str] | None = None) -> tuple[subprocess.Popen[bytes], str, list[str]]:
    """`marblestudio serve` on a free port: the process, its URL and the seat tokens it printed
    (their invitation codes are appended to `codes`)."""
    command = [sys.executable, "-m", "marblestudio", "serve", "--port", "0", "--data", str(data), *new]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert process.stdout is not None
    tokens = []
    for raw in process.stdout:
        line = raw.decode().strip()
        if line.startswith("player "):
            _, _, _, token, _, code = line.split()
            tokens.append(token)
            if codes is not None:
                codes.append(code)
        if line.startswith("listening on "):
            return process, line.split()[-1], tokens
    raise AssertionError(f"the server stopped: {process.wait()}")


def stop_server(process: subprocess.Popen[bytes], how: signal.Signals) -> int:
    process.send_signal(how)
    code = process.wait(10)
    assert process.stdout is not None
    process.stdout.close()
    return code
