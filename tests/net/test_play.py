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
