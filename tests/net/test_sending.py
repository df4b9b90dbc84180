"""How the server sends to a connection: at once while the connection keeps up, in order through
its writer when it does not, and never waiting for a client (a slow reader is closed)."""

from __future__ import annotations

import asyncio

import orjson
from net.netkit import FakeSocket, run
from websockets.protocol import State

from marblestudio.net.connection import DIRECT_LIMIT, Connection
from marblestudio.net.ratelimit import TokenBucket
from marblestudio.net.server import GameServer


def _connection() -> tuple[Connection, FakeSocket]:
    ws = FakeSocket()
    return Connection(ws, TokenBucket(10, 10)), ws  # type: ignore[arg-type]


def test_a_message_goes_out_at_once_while_the_connection_keeps_up() -> None:
    async def main() -> None:
        server = GameServer()
        conn, ws = _connection()
        await server._send(conn, {"n": 1})
        assert ws.sent == [1] and conn.outbox.empty() and not conn.busy

    run(main)


def test_a_full_socket_buffer_queues_messages_for_the_writer_which_keeps_their_order() -> None:
    async def main() -> None:
        server = GameServer()
        conn, ws = _connection()
        ws.transport.buffered = DIRECT_LIMIT  # the client reads slowly: sending now could wait
        await server._send(conn, {"n": 1})
        ws.transport.buffered = 0
        await server._send(conn, {"n": 2})  # the buffer emptied, but 1 is still queued: 2 waits its turn
        assert ws.sent == [] and conn.outbox.qsize() == 2
        writer = asyncio.get_running_loop().create_task(conn.write())
        await asyncio.sleep(0)
        await server._send(conn, {"n": 3})
        conn.outbox.put_nowait(None)
        await writer
        assert ws.sent == [1, 2, 3]

    run(main)


def test_while_the_writer_waits_for_a_client_new_messages_queue_behind_it() -> None:
    async def main() -> None:
        server = GameServer()
        conn, ws = _connection()
        ws.flowing.clear()  # the writer's send will wait
        conn.outbox.put_nowait(orjson.dumps({"n": 1}))
        writer = asyncio.get_running_loop().create_task(conn.write())
        await asyncio.sleep(0)
        assert conn.busy
        await asyncio.wait_for(server._send(conn, {"n": 2}), 1)  # returns at once: queued, not sent
        assert conn.outbox.qsize() == 1 and ws.sent == []
        ws.flowing.set()
        conn.outbox.put_nowait(None)
        await writer
        assert ws.sent == [1, 2] and not conn.busy

    run(main)


def test_a_closing_connection_is_never_written_to_directly() -> None:
    # websockets' send on a closing connection waits for the close (seconds): the game must not.
    async def main() -> None:
        server = GameServer()
        conn, ws = _connection()
        ws.state = State.CLOSING
        ws.flowing.clear()
        await asyncio.wait_for(server._send(conn, {"n": 1}), 1)
        assert conn.outbox.qsize() == 1

    run(main)


def test_a_connection_whose_backlog_is_full_is_closed_and_the_game_goes_on() -> None:
    async def main() -> None:
        server = GameServer(backlog=3)
        conn, ws = _connection()
        conn.game_id = "g"
        server._watchers["g"] = {conn}
        ws.flowing.clear()
        ws.transport.buffered = DIRECT_LIMIT
        for n in range(4):
            await asyncio.wait_for(server._send(conn, {"n": n}), 1)
        await asyncio.sleep(0)
        assert ws.closed == (1013, "reading too slowly")
        assert conn not in server._watchers["g"]
        assert conn.outbox.get_nowait() is None and conn.outbox.empty()  # its 3 waiting messages dropped

    run(main)
