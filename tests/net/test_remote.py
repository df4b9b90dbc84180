"""The app's side of a network game (`RemoteSession`, no Qt) against a real server: each seat's
mirrored game shows what the server's game shows that seat, step by step, to the end."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from net.netkit import FAMILIES, next_of, run, serving

from marblestudio.engine.core import CHANCE, IllegalMoveError, plain
from marblestudio.net import protocol
from marblestudio.net.client import Client
from marblestudio.net.remote import HeardChance, RemoteSession, event_from_json
from marblestudio.net.server import GameServer
from marblestudio.session import Change


@pytest.mark.parametrize("ruleset", FAMILIES)
def test_each_seat_mirrors_the_servers_game_to_its_end(ruleset: str) -> None:
    server = GameServer(None, rate=1e6, burst=1e6)
    invitation = server.create_game(ruleset, 3 if ruleset.startswith(("alive", "avalanche")) else 2)
    game = server.games[invitation.game_id]
    rng = random.Random(7)

    async def main() -> None:
        async with serving(server) as url:
            clients = [await Client.connect(url, t, positions=True) for t in invitation.seats]
            outbox: list[tuple[Client, dict[str, Any]]] = []
            sessions = [RemoteSession.joined(c.welcome, lambda m, c=c: outbox.append((c, m))) for c in clients]
            changes: list[list[Change]] = [[] for _ in sessions]
            for session, seen in zip(sessions, changes, strict=True):
                session.subscribe(seen.append)
            for client, session in zip(clients, sessions, strict=True):
                session.receive(await next_of(client, "state"))
            for _ in range(400):
                for seat, session in enumerate(sessions):
                    assert plain(session.state.observation(seat)) == plain(game.state.observation(seat))
                    assert [str(s.move) for s in session.history] == [step.public for step in game.log]
                    assert session.is_human(seat) and all(session.is_remote(s) for s in range(game.players) if s != seat)
                if game.is_over():
                    break
                mover = next(i for i, s in enumerate(sessions) if s.waiting_for_human())
                assert mover == game.state.to_move
                other = sessions[(mover + 1) % len(sessions)]
                with pytest.raises(IllegalMoveError, match="not your turn"):
                    other.play(other.state.legal_moves()[0] if other.state.legal_moves() else sessions[mover].state.legal_moves()[0])
                sessions[mover].play(rng.choice(sessions[mover].state.legal_moves()))
                assert not sessions[mover].waiting_for_human()  # sent, not yet answered
                for client, message in outbox:
                    await client.send(message)
                outbox.clear()
                for client, session in zip(clients, sessions, strict=True):
                    session.receive(await next_of(client, "state"))
            for client in clients:
                await client.close()
        assert game.is_over() or ruleset.startswith("archimedes")  # its games run to thousands of moves
        for seat, (session, seen) in enumerate(zip(sessions, changes, strict=True)):
            assert session.outcome() == game.outcome()
            played = [e for change in seen if change.what == "played" for e in change.events]
            assert played, "the board had events to animate"
            assert all(e.visible_to is None or seat in e.visible_to for e in played)
            assert any(isinstance(s.move, HeardChance) for s in session.history) == any(step.seat == CHANCE for step in game.log)

    run(main)


def test_an_event_read_back_from_json_is_the_event_sent() -> None:
    from marblestudio.engine import new_game
    from marblestudio.engine.core import play_random
    from marblestudio.rulesets import catalog, load_with_source

    for ruleset in FAMILIES:
        rules = load_with_source(catalog.find(ruleset)).rules  # type: ignore[arg-type]
        for _, events in play_random(new_game(rules, rules.players.default), random.Random(3), 60):
            for event in events:
                assert event_from_json(event.to_json()) == event


def test_a_spectator_mirrors_the_public_view_and_no_hand(tmp_path: Path) -> None:
    server = GameServer(None, rate=1e6, burst=1e6)
    invitation = server.create_game("alive/standard", 3)
    game = server.games[invitation.game_id]

    async def main() -> None:
        async with serving(server) as url:
            watcher = await Client.connect(url, invitation.spectator, positions=True)
            session = RemoteSession.joined(watcher.welcome, lambda m: None)
            session.receive(await next_of(watcher, "state"))
            assert session.me is None and not session.has_human()
            assert plain(session.state.public_view()) == plain(game.state.public_view())
            with pytest.raises(IllegalMoveError):
                session.play(session.state.legal_moves()[0])
            await watcher.close()

    run(main)


def test_looking_back_at_a_network_game_shows_the_position_then() -> None:
    server = GameServer(None, rate=1e6, burst=1e6)
    invitation = server.create_game("stay-alive/standard", 2)
    game = server.games[invitation.game_id]
    rng = random.Random(5)
    positions = [game.state.position()]
    for _ in range(7):
        game.play(game.state.to_move, str(rng.choice(game.state.legal_moves())), game.ply)
        positions.append(game.state.position())

    async def main() -> None:
        async with serving(server) as url:  # joins mid-game: only the history is told
            client = await Client.connect(url, invitation.seats[0], positions=True)
            session = RemoteSession.joined(client.welcome, lambda m: None)
            session.receive(await next_of(client, "state"))
            await client.close()
            start = game.ply - 7
            for k in range(8):
                assert session.state_at(start + k).position() == positions[k]
                assert session.branch_at(start + k).state.position() == positions[k]

    run(main)


def test_a_refused_move_is_not_sent_again_and_other_errors_leave_a_move_in_flight() -> None:
    server = GameServer(None, rate=1e6, burst=1e6)
    invitation = server.create_game("mancala/kalah", 2)
    game = server.games[invitation.game_id]
    seat = game.state.to_move
    welcome = game.welcome(seat)
    sent: list[dict[str, Any]] = []
    session = RemoteSession.joined(welcome, sent.append)
    session.receive(json.loads(protocol.dump(game.frame_for(seat, positions=True, history=True))))  # as sent
    move = session.state.legal_moves()[0]
    session.play(move)
    assert sent[-1] == {"type": "move", "move": str(move), "ply": game.ply}
    session.receive({"type": "error", "code": "undo-refused", "message": "nobody asked to undo"})
    assert session.pending == move  # an answer to something else
    session.receive({"type": "error", "code": "stale", "message": "the game is at another ply"})
    assert session.pending is None and session.waiting_for_human()
    with pytest.raises(IllegalMoveError, match="the server refused it"):
        session.play(move)
    assert len(sent) == 1
    session.play(session.state.legal_moves()[1])  # another move may go
    assert len(sent) == 2
