"""What bounds a server's memory and sockets: each connection's backlog, in messages and in bytes
(of frames that hold no more memory than their text); the connections it holds in all, from one
address, watching one game and on one seat; and the time a connection has to say hello."""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import sys
from pathlib import Path

import pytest
from net.netkit import FakeSocket, next_of, run, serving
from websockets.exceptions import ConnectionClosed

from marblestudio.net import protocol
from marblestudio.net.client import Client, ServerError
from marblestudio.net.connection import DIRECT_LIMIT, Connection
from marblestudio.net.limits import REFUSING, RESERVED_FILES, Admission, Dropped, Limits, connection_cap
from marblestudio.net.ratelimit import TokenBucket
from marblestudio.net.server import GameServer
from marblestudio.net.store import OPEN_JOURNALS

LINE = "z" * 500


def _slow_reader(server: GameServer) -> tuple[Connection, FakeSocket]:
    """A connection watching game "g" whose client reads nothing (its socket buffer is full)."""
    ws = FakeSocket()
    ws.flowing.clear()
    ws.transport.buffered = DIRECT_LIMIT
    conn = Connection(ws, TokenBucket(10, 10))  # type: ignore[arg-type]
    conn.game_id = "g"
    server._watchers["g"] = {conn}
    return conn, ws


def test_a_client_whose_backlog_passes_the_byte_bound_is_closed_and_its_frames_dropped() -> None:
    async def main() -> None:
        server = GameServer(backlog=1000, backlog_bytes=2000)
        conn, ws = _slow_reader(server)
        for n in range(3):  # about 520 bytes each: 1,560 wait
            await asyncio.wait_for(server._send(conn, {"n": n, "text": LINE}), 1)
        assert ws.closed is None and conn.outbox.qsize() == 3 and 1500 < conn.queued <= 2000
        await asyncio.wait_for(server._send(conn, {"n": 3, "text": LINE}), 1)  # 2,080 would wait: over the bound
        await asyncio.sleep(0)
        assert ws.closed == (1013, "reading too slowly")
        assert conn not in server._watchers["g"]
        assert conn.queued == 0 and conn.outbox.get_nowait() is None  # nothing kept but the writer's stop
        await server._send(conn, {"n": 4, "text": LINE})  # a reply to its own message: not queued again
        assert conn.outbox.empty()

    run(main)


def test_a_frame_larger_than_the_byte_bound_still_reaches_a_client_that_keeps_up() -> None:
    async def main() -> None:
        server = GameServer(backlog_bytes=100)
        conn, ws = _slow_reader(server)
        await server._send(conn, {"n": 0, "text": LINE})  # nothing else waits: it is taken
        assert ws.closed is None and conn.outbox.qsize() == 1

    run(main)


def _usable_size() -> ctypes._CFuncPtr | None:  # type: ignore[name-defined]
    if sys.platform != "linux" or sys.implementation.name != "cpython":
        return None
    try:
        function = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_usable_size
    except (OSError, AttributeError):
        return None
    function.restype = ctypes.c_size_t
    function.argtypes = [ctypes.c_void_p]
    return function


@pytest.mark.skipif(_usable_size() is None, reason="needs glibc's malloc_usable_size")
def test_a_queued_frame_holds_no_more_memory_than_its_text() -> None:
    # orjson hands back its output in the buffer it grew while writing: a 534-byte frame held
    # 8 KB of heap, which made a thousand queued chat lines cost 8 MB.
    usable = _usable_size()
    assert usable is not None

    async def main() -> None:
        conn, _ = _slow_reader(GameServer())
        await GameServer()._send(conn, {"type": "chat", "seat": 0, "text": LINE})
        frame = conn.outbox.get_nowait()
        assert frame is not None and len(frame) > 512  # malloc's, not Python's small-object allocator
        assert usable(id(frame)) < len(frame) + 128

    run(main)


def test_the_cap_on_connections_follows_the_open_files_allowed() -> None:
    assert connection_cap(Limits(connections=2000), open_files=1024) == 1024 - RESERVED_FILES - REFUSING
    assert connection_cap(Limits(connections=50), open_files=1024) == 50
    assert connection_cap(Limits(connections=50), open_files=None) == 50
    assert RESERVED_FILES >= OPEN_JOURNALS + 64  # the journals the store keeps open, and more


def test_sockets_are_judged_as_they_are_accepted_and_past_the_refusing_room_dropped() -> None:
    admission = Admission(Limits(connections=2, per_address=1))
    assert admission.opened("a") is None
    assert "from one address" in (admission.opened("a") or "")  # refused: it does not count against "a"
    assert admission.opened("b") is None
    for _ in range(REFUSING - 1):  # with the first refusal, REFUSING in all
        assert "server is full" in (admission.opened("c") or "")
    with pytest.raises(Dropped):  # no room left even to say why
        admission.opened("c")
    admission.closed("c", refused=True)
    assert admission.opened("c") is not None
    admission.closed("a", refused=False)
    assert admission.opened("d") is None and admission.total == 2


# Caps on connections ---------------------------------------------------------------------------
def _game(limits: Limits, **options: float) -> tuple[GameServer, list[str], str]:
    server = GameServer(limits=limits, rate=1e6, burst=1e6, **options)  # type: ignore[arg-type]
    invitation = server.create_game("stay-alive/standard", 2)
    return server, list(invitation.seats), invitation.game_id


async def _refused(url: str, **hello: str) -> ServerError:
    """The `error` a connection that says hello gets, checking that the server then closes it
    with code 1013 (try again later)."""
    client = await Client.open(url)
    with pytest.raises(ServerError) as caught:
        await client.hello(**hello)
    await asyncio.wait_for(client.ws.wait_closed(), 10)
    assert client.ws.close_code == 1013
    return caught.value


def test_the_connection_past_the_servers_cap_is_refused_with_full() -> None:
    server, tokens, game_id = _game(Limits(connections=2))

    async def main() -> None:
        async with serving(server) as url:
            first = await Client.connect(url, tokens[0])
            second = await Client.connect(url, tokens[1])
            refusal = await _refused(url, game=game_id)
            assert refusal.code == protocol.FULL and "2 connections" in str(refusal)
            await first.close()
            for _ in range(100):  # the server counts a socket until it is gone
                try:
                    again = await Client.connect(url, tokens[0])
                    break
                except ServerError:
                    await asyncio.sleep(0.05)
            assert again.welcome["seat"] == 0
            await again.close()
            await second.close()

    run(main)


def test_the_connection_past_the_cap_of_one_address_is_refused_with_full() -> None:
    server, tokens, game_id = _game(Limits(connections=100, per_address=2))

    async def main() -> None:
        async with serving(server) as url:
            clients = [await Client.connect(url, t) for t in tokens]
            refusal = await _refused(url, game=game_id)
            assert refusal.code == protocol.FULL and "2 connections from one address" in str(refusal)
            for client in clients:
                await client.close()

    run(main)


def test_a_burst_from_one_address_admits_as_many_as_its_cap() -> None:
    server, _, game_id = _game(Limits(connections=100, per_address=3))

    async def main() -> None:
        async with serving(server) as url:
            async def watch() -> Client | ServerError:
                try:
                    return await Client.connect(url, game=game_id)
                except ServerError as exc:
                    return exc

            outcomes = await asyncio.gather(*(watch() for _ in range(8)))
            admitted = [o for o in outcomes if isinstance(o, Client)]
            assert len(admitted) == 3
            assert all(o.code == protocol.FULL for o in outcomes if isinstance(o, ServerError))
            for client in admitted:
                await client.close()

    run(main)


def test_the_spectator_past_a_games_cap_is_refused_and_the_seats_still_join() -> None:
    server, tokens, game_id = _game(Limits(spectators=1))

    async def main() -> None:
        async with serving(server) as url:
            watcher = await Client.connect(url, game=game_id)
            refusal = await _refused(url, game=game_id)
            assert refusal.code == protocol.FULL and "1 spectator" in str(refusal)
            players = [await Client.connect(url, t) for t in tokens]
            assert [p.welcome["seat"] for p in players] == [0, 1]
            for client in [watcher, *players]:
                await client.close()

    run(main)


def test_the_connection_past_a_seats_cap_is_refused_with_full() -> None:
    server, tokens, _ = _game(Limits(per_seat=1))

    async def main() -> None:
        async with serving(server) as url:
            player = await Client.connect(url, tokens[0])
            refusal = await _refused(url, token=tokens[0])
            assert refusal.code == protocol.FULL
            await player.close()

    run(main)


# The first message's deadline ------------------------------------------------------------------
def test_a_connection_that_says_no_hello_is_closed_after_the_deadline(tmp_path: Path) -> None:
    server, tokens, _ = _game(Limits(), hello_timeout=0.3)
    admin = server.admin_token

    async def main() -> None:
        async with serving(server) as url:
            silent = await Client.open(url)
            player = await Client.connect(url, tokens[0])
            creator = await Client.open(url)
            await creator.create(admin, "mancala/kalah", 2)  # the admin's connection needs no hello
            reply = await asyncio.wait_for(silent.recv(), 10)
            assert reply["type"] == "error" and reply["code"] == protocol.NOT_HELLO
            await asyncio.wait_for(silent.ws.wait_closed(), 10)
            assert silent.ws.close_code == 1008
            await asyncio.sleep(0.5)  # well past the deadline: the others are still served
            for client in (player, creator):
                await client.send({"type": "ping"})
                assert (await next_of(client, "pong"))["type"] == "pong"
            with pytest.raises(ConnectionClosed):
                await silent.send({"type": "ping"})
            await player.close()
            await creator.close()

    run(main)
