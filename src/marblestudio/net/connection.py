"""One client connection on the server: its socket, its game and seat, its rate limit, and the
messages waiting to go out to it, bounded in number and in bytes so that a client that does not
read costs the server a bounded amount of memory; and the websockets connection that counts its
socket against the server's caps (`limits`)."""

from __future__ import annotations

import asyncio
import ctypes
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from marblestudio.net.game import SPECTATOR
from marblestudio.net.protocol import compact
from marblestudio.net.limits import Admission, Dropped
from marblestudio.net.ratelimit import TokenBucket

DIRECT_LIMIT = 16 * 1024
"""A message goes straight to a connection's socket while its unsent bytes stay below this
(half of websockets' default high-water mark of 32 KiB, so that sending never waits); else it
is queued for the connection's writer task."""

BACKLOG = 1000
"""The most messages waiting to go out to one connection; a client that reads slower than its
game moves is disconnected past it (it reconnects and gets the whole current state), so that
no client ever holds up a game or another client."""
BACKLOG_BYTES = 512 * 1024
"""The most bytes of messages waiting to go out to one connection (beyond the first, which is
always taken): with `BACKLOG`, what a client that stops reading can cost the server."""


def memory_trimmer() -> Callable[[int], int] | None:
    """glibc's `malloc_trim`, or None elsewhere.  Frames over 512 bytes come from malloc, which
    keeps the pages of freed blocks amid the heap: a slowread test's 400 dropped backlogs left
    the server at 268 MB after they were freed, and 54 MB once trimmed."""
    if sys.platform != "linux":
        return None
    try:
        trim: Callable[[int], int] = ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):  # musl: no malloc_trim
        return None
    return trim


@dataclass(eq=False)
class Connection:
    """One client: its socket, its game and seat once it said hello, its rate limit, and the
    messages waiting to be sent to it (by its own writer task, in order)."""

    ws: ServerConnection
    bucket: TokenBucket
    address: str = ""  # the client's IP address, for the log and the cap on one address's connections
    game_id: str | None = None
    seat: int = SPECTATOR
    positions: bool = False  # asked for a full position in every `state` (an app that draws the board)
    samples: bool = False  # asked for a `sample` position on its turn (a computer player)
    admin: bool = False  # created a game with the admin token (such a connection need not say hello)
    outbox: asyncio.Queue[bytes | None] = field(default_factory=asyncio.Queue)  # UTF-8 JSON texts
    queued: int = 0  # the bytes of the texts in `outbox`
    busy: bool = False  # a message is being sent (waiting for the socket)
    dropped: bool = False  # closed for reading too slowly: nothing more is queued for it
    deadline: asyncio.TimerHandle | None = None  # closes it if it has not said hello by then

    def ready(self, size: int) -> bool:
        """Whether a message of `size` bytes can go out at once without waiting: nothing is
        queued or being sent, the connection is open, and its socket buffer has room (below
        the level at which sending would wait for the client to read)."""
        ws = self.ws
        return (not self.busy and self.outbox.empty() and ws.state is State.OPEN
                and ws.transport.get_write_buffer_size() + size < DIRECT_LIMIT)

    def fits(self, size: int, backlog: int, backlog_bytes: int) -> bool:
        """Whether a message of `size` bytes may wait in the outbox: fewer than `backlog` wait
        and, unless none does, their bytes with it stay within `backlog_bytes`."""
        return self.outbox.qsize() < backlog and (self.queued == 0 or self.queued + size <= backlog_bytes)

    def queue(self, text: bytes) -> None:
        """Put `text` in the outbox (a compact copy: it may wait long)."""
        text = compact(text)
        self.queued += len(text)
        self.outbox.put_nowait(text)

    def drop(self) -> None:
        """Forget every waiting message and stop the writer after the one it is sending: the
        connection is being closed, and its backlog's memory is freed now, not when the client
        finally reads or the close times out."""
        self.dropped = True
        while not self.outbox.empty():
            self.outbox.get_nowait()
        self.queued = 0
        self.outbox.put_nowait(None)

    async def send(self, text: bytes) -> bool:
        """Send one message (`busy` meanwhile); False once the connection is closed."""
        self.busy = True
        try:
            await self.ws.send(text, text=True)
            return True
        except ConnectionClosed:
            return False
        finally:
            self.busy = False

    async def write(self) -> None:
        """Send the outbox's messages until a None or the connection closes."""
        while (text := await self.outbox.get()) is not None:
            self.queued -= len(text)
            if not await self.send(text):
                return


class CountedSocket(ServerConnection):
    """A websockets connection counted by its server's `Admission` from the moment its socket is
    accepted until it is gone (`GameServer.start` makes a subclass with the server's), with the
    reason it is refused, if it is; one with no room even to be refused is closed at once."""

    admission: ClassVar[Admission]
    counted = False
    refusal: str | None = None
    address = ""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        try:
            self.refusal = self.admission.opened(self.address)
        except Dropped:
            transport.close()  # nothing was sent: closed at once
            return
        self.counted = True

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        if self.counted:
            self.counted = False
            self.admission.closed(self.address, refused=self.refusal is not None)
