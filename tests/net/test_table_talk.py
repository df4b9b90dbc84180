"""What players do at a network table besides moving: chat, resign, and take a move back when
every other seat agrees (refused once something hidden was revealed since the move)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from net.netkit import move_first_legal, next_of, run, seated, serving, states_of

from marblestudio.engine.core import CHANCE
from marblestudio.net import protocol
from marblestudio.net.client import Client
from marblestudio.net.server import GameServer
from marblestudio.records import load_record, replay


def _server(tmp_path: Path, ruleset: str = "stay-alive/standard", players: int = 2) -> tuple[GameServer, list[str], str, str]:
    server = GameServer(tmp_path, rate=1e6, burst=1e6)
    invitation = server.create_game(ruleset, players)
    return server, list(invitation.seats), invitation.spectator, invitation.game_id


def test_a_chat_line_reaches_every_seat_and_spectator_cleaned_and_latecomers_read_it(tmp_path: Path) -> None:
    server, tokens, spectator, _ = _server(tmp_path)

    async def main() -> None:
        async with serving(server) as url:
            seats = await seated(url, tokens)
            watcher = await Client.connect(url, spectator)
            await seats[1].chat("good\x07 luck\n")
            for client in [*seats, watcher]:
                assert await next_of(client, "chat") == {"type": "chat", "seat": 1, "text": "good luck"}
            await watcher.chat("x" * 1000)
            line = await next_of(seats[0], "chat")
            assert line["seat"] is None and len(line["text"]) == 500
            await watcher.chat("\x00\x01")
            assert (await next_of(watcher, "error"))["code"] == protocol.BAD_MESSAGE
            late = await Client.connect(url, tokens[0])
            assert [c["text"] for c in late.welcome["chat"]] == ["good luck", "x" * 500]
            for client in [*seats, watcher, late]:
                await client.close()

    run(main)


def test_a_resignation_ends_the_game_for_everyone_and_the_record_replays_to_it(tmp_path: Path) -> None:
    server, tokens, _, game_id = _server(tmp_path)

    async def main() -> None:
        async with serving(server) as url:
            seats = await seated(url, tokens)
            first = await states_of(seats)
            await seats[1].resign()
            ended = await states_of(seats)
            for state in ended:
                assert state["result"] == {"termination": "win", "winners": [0], "reason": "Blue resigned"}
                assert state["to_move"] is None and state["legal"] is None and state["resigned"] == 1
            mover = next(i for i, s in enumerate(first) if s["legal"])
            await seats[mover].move(first[mover]["legal"][0], first[mover]["ply"])
            assert (await next_of(seats[mover], "error"))["code"] == protocol.GAME_OVER
            await seats[0].resign()
            assert (await next_of(seats[0], "error"))["code"] == protocol.GAME_OVER
            for client in seats:
                await client.close()

    run(main)
    record = load_record(tmp_path / f"{game_id}.json")
    assert record.resigned == 1
    replay(record)  # raises if the record does not end as it says
    assert not (tmp_path / f"{game_id}.log").exists()
    assert GameServer(tmp_path).games == {}  # a finished game is not resumed


def test_an_undo_agreed_by_the_other_seat_takes_the_move_back_and_survives_a_restart(tmp_path: Path) -> None:
    server, tokens, _, game_id = _server(tmp_path)
    game = server.games[game_id]

    async def main() -> None:
        async with serving(server) as url:
            seats = [await Client.connect(url, t, positions=True) for t in tokens]
            states = await states_of(seats)
            _, states = await move_first_legal(seats, states)
            before = (game.ply, list(game.moves), game.state.position())
            mover, states = await move_first_legal(seats, states)
            other = 1 - mover
            await seats[mover].undo("request")
            for client in seats:
                assert await next_of(client, "undo") == {"type": "undo", "event": "requested", "seat": mover, "ply": before[0]}
            await seats[mover].undo("accept")  # the asker cannot agree for the others
            assert (await next_of(seats[mover], "error"))["code"] == protocol.UNDO_REFUSED
            await seats[other].undo("accept")
            assert (await next_of(seats[other], "undo"))["event"] == "done"
            back = await states_of(seats)
            assert [s["ply"] for s in back] == [before[0]] * 2
            assert back[mover]["legal"] and back[mover]["position"] == before[2]
            assert len(back[other]["history"]) == before[0]
            for client in seats:
                await client.close()
        assert (game.ply, game.moves, game.state.position()) == before

    run(main)
    journal = [json.loads(line) for line in (tmp_path / f"{game_id}.log").read_text().splitlines()]
    assert journal[-1] == {"rewind": len(game.moves)}
    resumed = GameServer(tmp_path).games[game_id]
    assert (resumed.moves, resumed.state.position()) == (game.moves, game.state.position())


def test_a_declined_or_overtaken_undo_request_changes_nothing(tmp_path: Path) -> None:
    server, tokens, _, game_id = _server(tmp_path)
    game = server.games[game_id]

    async def main() -> None:
        async with serving(server) as url:
            seats = await seated(url, tokens)
            states = await states_of(seats)
            mover, states = await move_first_legal(seats, states)
            moves = list(game.moves)
            await seats[mover].undo("request")
            await seats[1 - mover].undo("decline")
            for client in seats:
                assert (await next_of(client, "undo"))["event"] == "requested"
                assert (await next_of(client, "undo"))["event"] == "declined"
            assert game.moves == moves and game.undo is None
            await seats[mover].undo("request")
            for client in seats:
                assert (await next_of(client, "undo"))["event"] == "requested"
            other = 1 - mover
            await seats[other].move(states[other]["legal"][0], states[other]["ply"])  # a move instead of an answer
            for client in seats:
                assert (await next_of(client, "undo"))["event"] == "cancelled"
            assert game.undo is None and len(game.moves) == len(moves) + 1
            await seats[1 - mover].undo("accept")
            assert (await next_of(seats[1 - mover], "error"))["code"] == protocol.UNDO_REFUSED
            for client in seats:
                await client.close()

    run(main)


def test_an_undo_is_refused_once_a_chance_step_came_after_the_move() -> None:
    # Rock Me Archimedes: after a player's move the next player's die is rolled at once, so the
    # move cannot be taken back (its player would choose again knowing the roll).
    server = GameServer(None)
    invitation = server.create_game("archimedes/standard", 2)
    game = server.games[invitation.game_id]
    for _ in range(40):
        seat = game.state.to_move
        game.play(seat, str(game.state.legal_moves()[0]), game.ply)
        if game.log[-1].seat == CHANCE:
            break
    assert game.log[-1].seat == CHANCE and game.log[-2].seat == seat
    with pytest.raises(protocol.ProtocolError, match="revealed") as refused:
        game.request_undo(seat)
    assert refused.value.code == protocol.UNDO_REFUSED and game.undo is None


def test_a_journal_line_cut_short_by_a_crash_is_dropped_on_resume(tmp_path: Path) -> None:
    server, _, _, game_id = _server(tmp_path)
    game = server.games[game_id]
    for _ in range(3):
        game.play(game.state.to_move, str(game.state.legal_moves()[0]), game.ply)
        server.store.save_changes(game)  # type: ignore[union-attr]
    journal = tmp_path / f"{game_id}.log"
    with journal.open("ab") as file:
        file.write(b'{"move": "pla')  # the server died inside this write
    resumed = GameServer(tmp_path).games[game_id]
    assert resumed.moves == game.moves
    assert journal.read_bytes().endswith(b"}\n")


def test_a_resignation_lapses_a_pending_undo_request(tmp_path: Path) -> None:
    server, tokens, _, _ = _server(tmp_path)

    async def main() -> None:
        async with serving(server) as url:
            seats = await seated(url, tokens)
            states = await states_of(seats)
            mover, states = await move_first_legal(seats, states)
            await seats[mover].undo("request")
            for client in seats:
                assert (await next_of(client, "undo"))["event"] == "requested"
            await seats[1 - mover].resign()
            for client in seats:
                assert (await next_of(client, "undo"))["event"] == "cancelled"
                assert (await next_of(client, "state"))["result"] is not None
            for client in seats:
                await client.close()

    run(main)


def test_a_full_disk_cuts_no_journal_the_record_is_written_whole_next_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    from marblestudio.net import store as store_module

    server, _, _, game_id = _server(tmp_path)
    game = server.games[game_id]
    store = server.store
    assert store is not None
    game.play(game.state.to_move, str(game.state.legal_moves()[0]), game.ply)
    store.save_changes(game)
    real_write = os.write
    monkeypatch.setattr(store_module.os, "write", lambda fd, data: real_write(fd, data[:5]))  # the disk fills mid-line
    game.play(game.state.to_move, str(game.state.legal_moves()[0]), game.ply)
    with pytest.raises(OSError):
        store.save_changes(game)
    monkeypatch.setattr(store_module.os, "write", real_write)
    game.play(game.state.to_move, str(game.state.legal_moves()[0]), game.ply)
    store.save_changes(game)  # the whole record, in place of the journal cut short
    assert not (tmp_path / f"{game_id}.log").exists()
    assert load_record(tmp_path / f"{game_id}.json").moves == game.moves
    resumed = GameServer(tmp_path).games[game_id]
    assert resumed.moves == game.moves


def test_only_so_many_journals_stay_open_and_every_game_resumes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from marblestudio.net import store as store_module

    monkeypatch.setattr(store_module, "OPEN_JOURNALS", 3)
    server = GameServer(tmp_path)
    games = [server.games[server.create_game("mancala/kalah", 2).game_id] for _ in range(6)]
    assert server.store is not None
    for _ in range(3):
        for game in games:
            game.play(game.state.to_move, str(game.state.legal_moves()[0]), game.ply)
            server.store.save_changes(game)
    assert len(server.store._journals) == 3
    server.store.sync()
    resumed = GameServer(tmp_path).games
    assert {g.game_id: g.moves for g in games} == {k: v.moves for k, v in resumed.items()}


def test_a_finished_games_record_that_could_not_be_written_is_tried_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from marblestudio.net import server as server_module

    monkeypatch.setattr(server_module, "RESAVE", 0.05)
    server, tokens, _, game_id = _server(tmp_path)
    store = server.store
    assert store is not None
    real_save = store.save
    failures = [OSError(28, "No space left on device")]

    def full_once(game: object) -> None:
        if failures:
            raise failures.pop()
        real_save(game)  # type: ignore[arg-type]

    monkeypatch.setattr(store, "save", full_once)

    async def main() -> None:
        async with serving(server) as url:
            seat = await Client.connect(url, tokens[0])
            await next_of(seat, "state")
            await seat.resign()
            await next_of(seat, "state")
            for _ in range(100):
                if load_record(tmp_path / f"{game_id}.json").result is not None:
                    break
                await asyncio.sleep(0.02)
            await seat.close()

    run(main)
    assert not failures and load_record(tmp_path / f"{game_id}.json").resigned == 0
