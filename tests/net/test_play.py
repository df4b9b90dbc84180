"""Two computer players play a whole game of every family through the server, and the record
the server wrote replays to the same result."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from net.netkit import FAMILIES, run, serving

from marblestudio.net.client import play_bot
from marblestudio.net.server import GameServer
from marblestudio.records import load_record, replay


@pytest.mark.parametrize("ruleset", FAMILIES)
def test_two_bots_play_a_whole_game_and_the_record_replays(ruleset: str, tmp_path: Path) -> None:
    server = GameServer(tmp_path, rate=1e6, burst=1e6)
    invitation = server.create_game(ruleset, 2)

    async def main() -> list[dict[str, object]]:
        async with serving(server) as url:
            return list(await asyncio.gather(*(play_bot(url, token, "random", seat) for seat, token in enumerate(invitation.seats))))

    results = run(main)
    game = server.games[invitation.game_id]
    assert results[0] == results[1] == game.state.outcome().to_json()  # type: ignore[union-attr]
    record = load_record(tmp_path / f"{invitation.game_id}.json")
    assert record.result == results[0]
    state, steps = replay(record)
    assert state.outcome() == game.state.outcome()
    assert len(steps) == len(game.moves)


def test_a_finished_game_is_not_resumed(tmp_path: Path) -> None:
    server = GameServer(tmp_path, rate=1e6, burst=1e6)
    invitation = server.create_game("mancala/kalah", 2)

    async def main() -> None:
        async with serving(server) as url:
            await asyncio.gather(*(play_bot(url, token, "random", seat) for seat, token in enumerate(invitation.seats)))

    run(main)
    assert invitation.game_id not in GameServer(tmp_path).games


def test_a_finished_game_is_forgotten_once_nobody_watches_it(tmp_path: Path) -> None:
    """A long-running server keeps the games in play, not every game ever played (its record stays)."""
    server = GameServer(tmp_path, rate=1e6, burst=1e6, finished_kept=0.05)
    invitation = server.create_game("mancala/kalah", 2)

    async def main() -> None:
        async with serving(server) as url:
            await asyncio.gather(*(play_bot(url, token, "random", seat) for seat, token in enumerate(invitation.seats)))
            for _ in range(100):  # the bots hang up at the end; the game goes after finished_kept
                if invitation.game_id not in server.games:
                    break
                await asyncio.sleep(0.05)

    run(main)
    assert invitation.game_id not in server.games and not server._tokens and not server._watchers
    assert load_record(tmp_path / f"{invitation.game_id}.json").result is not None


def test_a_sample_position_comes_only_to_a_connection_that_asked_for_it() -> None:
    # A computer player asks for a sample on its turn; a client that does not read one is not
    # sent one (in ALIVE each is a new deal of the unseen cards, made for that turn).
    from marblestudio.engine import from_position
    from marblestudio.net.client import Client

    server = GameServer(None, rate=1e6, burst=1e6)
    invitation = server.create_game("alive/standard", 2)
    game = server.games[invitation.game_id]
    mover = game.state.to_move

    async def main() -> tuple[dict[str, object], dict[str, object]]:
        async with serving(server) as url:
            plain = await Client.connect(url, invitation.seats[mover])
            asking = await Client.connect(url, invitation.seats[mover], sample=True)
            frames = []
            for client in (plain, asking):
                while (frame := await client.recv())["type"] != "state":
                    pass
                frames.append(frame)
                await client.close()
            return frames[0], frames[1]

    without, with_sample = run(main)
    assert without["legal"] and "sample" not in without
    assert with_sample["legal"] == without["legal"]
    sample = with_sample["sample"]
    assert isinstance(sample, str)
    state = from_position(game.state.ruleset, sample)  # a whole position of this game, on the seat's turn
    assert state.to_move == mover and [str(m) for m in state.legal_moves()] == with_sample["legal"]
