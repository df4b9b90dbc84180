"""Moves the server refuses with an error message, leaving the game (and its record) unchanged:
another seat's move, a stale move, a move after the end, a spectator's move, and more."""

from __future__ import annotations

import asyncio
from pathlib import Path

from net.netkit import next_of, raw_reply, record_text, run, seated, serving, states_of

from marblestudio.net import protocol
from marblestudio.net.client import Client, play_bot
from marblestudio.net.server import GameServer


def _server(tmp_path: Path) -> tuple[GameServer, list[str], str, str]:
    server = GameServer(tmp_path, rate=1e6, burst=1e6)
    invitation = server.create_game("stay-alive/standard", 2)
    return server, list(invitation.seats), invitation.spectator, invitation.game_id


def test_a_move_for_another_seat_is_refused_and_the_game_is_unchanged(tmp_path: Path) -> None:
    server, tokens, _, game_id = _server(tmp_path)
    game = server.games[game_id]

    async def main() -> None:
        async with serving(server) as url:
            first = await Client.connect(url, tokens[game.state.to_move])
            other = await Client.connect(url, tokens[1 - game.state.to_move])
            mine = await next_of(first, "state")
            theirs = await next_of(other, "state")
            assert theirs["legal"] is None and mine["legal"]
            before, text = list(game.moves), record_text(tmp_path, game_id)
            await other.move(mine["legal"][0], mine["ply"])  # the legal move of the seat to move
            reply = await next_of(other, "error")
            assert reply["code"] == protocol.NOT_YOUR_TURN
            assert game.moves == before and record_text(tmp_path, game_id) == text
            await first.close()
            await other.close()

    run(main)


def test_a_stale_move_is_refused(tmp_path: Path) -> None:
    server, tokens, _, game_id = _server(tmp_path)
    game = server.games[game_id]

    async def main() -> None:
        async with serving(server) as url:
            clients = await seated(url, tokens)
            states = await states_of(clients)
            mover = next(i for i, s in enumerate(states) if s["legal"])
            await clients[mover].move(states[mover]["legal"][0], states[mover]["ply"])
            now = await next_of(clients[0], "state")
            seat = now["to_move"]
            latest = now if seat == 0 else await next_of(clients[1], "state")
            before = list(game.moves)
            await clients[seat].move(latest["legal"][0], states[mover]["ply"])  # numbered for the old position
            assert (await next_of(clients[seat], "error"))["code"] == protocol.STALE
            assert game.moves == before
            for c in clients:
                await c.close()

    run(main)


def test_moves_after_the_end_and_by_spectators_are_refused(tmp_path: Path) -> None:
    server, tokens, spectator, game_id = _server(tmp_path)
    game = server.games[game_id]

    async def main() -> None:
        async with serving(server) as url:
            watcher = await Client.connect(url, spectator)
            first = await next_of(watcher, "state")
            assert first["seat"] is None and first["legal"] is None and "sample" not in first
            await watcher.move("anything", first["ply"])
            assert (await next_of(watcher, "error"))["code"] == protocol.SPECTATOR
            async def watch() -> dict[str, object]:
                while (message := await next_of(watcher, "state"))["result"] is None:
                    pass
                return message

            watched, *_ = await asyncio.gather(watch(), *(play_bot(url, t, "random", i) for i, t in enumerate(tokens)))
            assert game.is_over() and watched["ply"] == game.ply
            before, text = list(game.moves), record_text(tmp_path, game_id)
            late = await Client.connect(url, tokens[0])
            final = await next_of(late, "state")
            assert final["result"] is not None and final["legal"] is None
            await late.move("a1", final["ply"])
            assert (await next_of(late, "error"))["code"] == protocol.GAME_OVER
            assert game.moves == before and record_text(tmp_path, game_id) == text
            await late.close()
            await watcher.close()

    run(main)


def test_bad_notation_and_unknown_tokens_and_moves_before_hello(tmp_path: Path) -> None:
    server, tokens, _, game_id = _server(tmp_path)
    game = server.games[game_id]

    async def main() -> None:
        async with serving(server) as url:
            bare = await Client.open(url)
            assert (await raw_reply(bare, '{"type":"move","move":"a1","ply":0}'))["code"] == protocol.NOT_HELLO
            hello = '{"type":"hello","protocol":1,"token":"%s"}' % ("0" * 32)
            assert (await raw_reply(bare, hello))["code"] == protocol.UNKNOWN_TOKEN
            assert (await raw_reply(bare, '{"type":"hello","protocol":2}'))["code"] == protocol.PROTOCOL_VERSION
            create = '{"type":"create","admin":"%s","ruleset":"alive/standard","players":2}' % ("0" * 32)
            assert (await raw_reply(bare, create))["code"] == protocol.FORBIDDEN
            await bare.close()
            mover = await Client.connect(url, tokens[game.state.to_move])
            state = await next_of(mover, "state")
            await mover.move("not a move at all", state["ply"])
            assert (await next_of(mover, "error"))["code"] == protocol.BAD_NOTATION
            assert (await raw_reply(mover, '{"type":"hello","protocol":1,"game":"%s"}' % game_id))["code"] == protocol.ALREADY_HELLO
            assert game.ply == state["ply"]
            await mover.close()

    run(main)


def test_the_admin_token_creates_games(tmp_path: Path) -> None:
    server = GameServer(tmp_path)

    async def main() -> None:
        async with serving(server) as url:
            admin = await Client.open(url)
            created = await admin.create(server.admin_token, "alive/standard", 3)
            assert len(created["seats"]) == 3 and created["game"] in server.games
            await admin.send({"type": "create", "admin": server.admin_token, "ruleset": "nothing/here", "players": 2})
            assert (await next_of(admin, "error"))["code"] == protocol.BAD_RULESET
            await admin.close()

    run(main)
    assert (tmp_path / f"{next(iter(server.games))}.seats.json").exists()


def test_a_connection_over_its_rate_is_refused(tmp_path: Path) -> None:
    server = GameServer(tmp_path, rate=1, burst=5)

    async def main() -> None:
        async with serving(server) as url:
            client = await Client.open(url)
            codes = [(await raw_reply(client, '{"type":"ping"}')).get("code") for _ in range(8)]
            assert codes[:5] == [None] * 5 and protocol.RATE_LIMITED in codes[5:]
            await client.close()

    run(main)
