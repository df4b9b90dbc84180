"""Fuzzed frames against a live server: it answers every one and keeps serving, and another game
on the same server is played to its end meanwhile, unaffected."""

from __future__ import annotations

import asyncio
import json
import logging
from collections import Counter
from pathlib import Path

import pytest
from net.fuzzing import blast
from net.netkit import raw_reply, run, serving
from websockets.exceptions import ConnectionClosed

from marblestudio.net import protocol
from marblestudio.net.client import Client, play_bot
from marblestudio.net.server import GameServer
from marblestudio.records import load_record, replay

COUNT = 2_000


def test_fuzzed_frames_crash_nothing_and_another_game_goes_on(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    server = GameServer(tmp_path, rate=1e6, burst=1e6)
    target = server.create_game("alive/standard", 2)
    other = server.create_game("alive/standard", 2)

    async def main() -> Counter[str]:
        async with serving(server) as url:
            fuzz = blast(url, COUNT, 19, [*target.seats, target.spectator, "0" * 32], target.game_id)
            replies, *results = await asyncio.gather(fuzz, *(play_bot(url, t, "random", i) for i, t in enumerate(other.seats)))
            assert results[0] == results[1]
            client = await Client.connect(url, other.spectator)
            assert client.welcome["game"] == other.game_id
            await client.close()
            return replies  # type: ignore[no-any-return]

    replies = run(main, timeout=90)
    assert sum(replies.values()) >= COUNT and protocol.INTERNAL not in replies
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    record = load_record(tmp_path / f"{other.game_id}.json")
    state, _ = replay(record)
    assert state.outcome() == server.games[other.game_id].state.outcome()
    replay(load_record(tmp_path / f"{target.game_id}.json"))  # the fuzzed game's record is still whole


def test_messages_that_are_too_large_deep_or_not_json_get_an_error(tmp_path: Path) -> None:
    server = GameServer(tmp_path)

    async def main() -> None:
        async with serving(server) as url:
            client = await Client.open(url)
            big = json.dumps({"type": "ping", "pad": "x" * (protocol.MAX_MESSAGE + 1)})
            assert (await raw_reply(client, big))["code"] == protocol.TOO_LARGE
            assert (await raw_reply(client, "[" * 60_000))["code"] == protocol.BAD_MESSAGE
            assert (await raw_reply(client, b"\xff\xfe"))["code"] == protocol.BAD_JSON
            assert (await raw_reply(client, '{"type": NaN}'))["code"] == protocol.BAD_JSON
            assert (await raw_reply(client, '{"type":"whisper"}'))["code"] == protocol.UNKNOWN_TYPE
            assert (await raw_reply(client, '{"type":"move","move":"a1"}'))["code"] == protocol.BAD_MESSAGE
            await client.ws.send("x" * (protocol.MAX_FRAME + 1))  # past websockets' max_size: closed, 1009
            try:
                await asyncio.wait_for(client.ws.recv(), 10)
                raise AssertionError("the server answered a frame past max_size")
            except ConnectionClosed as exc:
                assert exc.rcvd is not None and exc.rcvd.code == 1009
            again = await Client.open(url)
            assert (await raw_reply(again, '{"type":"ping"}'))["type"] == "pong"
            await again.close()

    run(main)
