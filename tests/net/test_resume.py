"""A client killed mid-game reconnects with its token and gets its seat and observation back; a
server killed with SIGKILL and started again on the same --data resumes its games."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

from net.netkit import move_first_legal, next_of, run, seated, serving, start_server, states_of, stop_server

from marblestudio.engine.core import plain
from marblestudio.net.client import Client, play_bot
from marblestudio.net.server import GameServer
from marblestudio.records import load_record, replay


async def _play(clients: list[Client], until_ply: int) -> dict[str, object]:
    """Play the first legal move of whoever is to move until the game reaches `until_ply`;
    every client reads every state.  Returns the last state of seat 0."""
    latest = await states_of(clients)
    while latest[0]["ply"] < until_ply and latest[0]["result"] is None:
        _, latest = await move_first_legal(clients, latest)
    return latest[0]


def test_a_killed_client_reconnects_with_its_token(tmp_path: Path) -> None:
    server = GameServer(tmp_path, rate=1e6, burst=1e6)
    invitation = server.create_game("alive/standard", 2)
    game = server.games[invitation.game_id]

    async def main() -> None:
        async with serving(server) as url:
            clients = await seated(url, invitation.seats)
            await _play(clients, 6)
            clients[0].ws.transport.abort()  # the client dies: no close handshake
            await clients[1].close()
            await asyncio.sleep(0.05)
            again = await Client.connect(url, invitation.seats[0])
            assert again.welcome["seat"] == 0
            state = await next_of(again, "state")
            assert state["ply"] == game.ply >= 6
            assert state["observation"] == plain(game.state.observation(0))
            await again.close()
            await asyncio.gather(*(play_bot(url, t, "random", i) for i, t in enumerate(invitation.seats)))

    run(main)
    assert game.is_over()


def test_a_server_killed_with_sigkill_resumes_its_games(tmp_path: Path) -> None:
    data = tmp_path / "games"
    with open(tmp_path / "server.log", "wb") as log:
        process, url, tokens = start_server(data, log, "--new", "stay-alive/standard", "--players", "2")
        try:
            async def first() -> dict[str, object]:
                clients = await seated(url, tokens)
                last = await _play(clients, 6)
                for client in clients:
                    await client.close()
                return last

            before = run(first)
        finally:
            stop_server(process, signal.SIGKILL)
        process, url, _ = start_server(data, log)
        try:
            async def second() -> tuple[dict[str, object], list[dict[str, object]]]:
                client = await Client.connect(url, tokens[0])
                state = await next_of(client, "state")
                await client.close()
                results = await asyncio.gather(*(play_bot(url, t, "random", i) for i, t in enumerate(tokens)))
                return state, list(results)

            after, results = run(second)
        finally:
            assert stop_server(process, signal.SIGTERM) == 0
    assert (after["ply"], after["observation"]) == (before["ply"], before["observation"])
    assert results[0] == results[1]
    (record_file,) = [p for p in data.glob("*.json") if not p.name.endswith(".seats.json")]
    state, _ = replay(load_record(record_file))
    assert state.outcome().to_json() == results[0]  # type: ignore[union-attr]
    assert not any(t in (tmp_path / "server.log").read_text() for t in tokens), "a token reached the log"
    assert not any(t in p.read_text() for t in tokens for p in data.iterdir()), "a token reached the data folder"


def test_a_bad_file_in_the_data_folder_stops_no_other_game(tmp_path: Path) -> None:
    server = GameServer(tmp_path)
    good = server.create_game("alive/standard", 2)
    bad = server.create_game("alive/standard", 2)
    (tmp_path / f"{bad.game_id}.json").write_text("{not json", encoding="utf-8")
    (tmp_path / "123abc.seats.json").write_text("[]", encoding="utf-8")
    resumed = GameServer(tmp_path).games
    assert list(resumed) == [good.game_id]
    assert resumed[good.game_id].moves == server.games[good.game_id].moves
