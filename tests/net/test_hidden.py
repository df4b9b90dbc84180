"""In ALIVE every frame sent to a seat or a spectator is scanned against the true state: no card
of another hand and no undealt card order ever appears."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest
from net.netkit import next_of, run, serving

from marblestudio.engine.core import CHANCE
from marblestudio.net import protocol
from marblestudio.net.client import Client, play_bot
from marblestudio.net.connection import Connection
from marblestudio.net.game import SPECTATOR
from marblestudio.net.server import GameServer

Frame = tuple[int, dict[str, Any], list[tuple[str, ...]], tuple[str, ...]]


class Recording(GameServer):
    """A server that keeps every frame it sends, with the true hands and deck at that moment."""

    def __init__(self) -> None:
        super().__init__(None, rate=1e6, burst=1e6)
        self.frames: list[Frame] = []

    async def _send(self, conn: Connection, message: dict[str, Any]) -> None:
        if conn.game_id is not None:
            table = self.games[conn.game_id].state.table  # type: ignore[attr-defined]
            ids = [card.id for card in table.rules.deck]
            hands = [table.hand_ids(s) for s in range(table.players)]
            self.frames.append((conn.seat, json.loads(protocol.dump(message)), hands, tuple(ids[k] for k in table.deck)))
        await super()._send(conn, message)


def _walk(value: Any, skip: tuple[str, ...] = ("sample", "position")) -> Iterator[Any]:
    """Every value nested in `value` (but under the keys `skip`: the full positions, with every
    hidden card dealt again at random, which the next test checks), `value` included."""
    yield value
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in skip:
                yield from _walk(item, skip)
    elif isinstance(value, list):
        for item in value:
            yield from _walk(item, skip)


def _contains(seq: list[Any], part: tuple[str, ...]) -> bool:
    return any(tuple(seq[i:i + len(part)]) == part for i in range(len(seq) - len(part) + 1))


@pytest.mark.parametrize("players", [2, 3])
def test_no_frame_shows_another_hand_or_the_deck_order(players: int) -> None:
    server = Recording()
    invitation = server.create_game("alive/standard", players)
    game = server.games[invitation.game_id]

    async def main() -> None:
        async with serving(server) as url:
            watcher = await Client.connect(url, invitation.spectator, positions=True)

            async def watch() -> None:
                while (await next_of(watcher, "state"))["result"] is None:
                    pass

            await asyncio.gather(watch(), *(play_bot(url, t, "random", i) for i, t in enumerate(invitation.seats)))
            await watcher.close()

    run(main)
    assert game.is_over()
    secrets = {m for m in game.moves if m.startswith(("deal", "redeal", "reshuffle")) and len(m) > 40}
    assert secrets, "the game dealt cards"
    seen_hand = 0
    for seat, frame, hands, deck in server.frames:
        values = list(_walk(frame))
        for value in values:
            if isinstance(value, str):
                assert not any(secret in value or value in secret and len(value) > 40 for secret in secrets)
            if isinstance(value, dict):
                if "visible_to" in value:
                    assert seat != SPECTATOR and seat in value["visible_to"]
                if "hand" in value:
                    assert seat != SPECTATOR and value["hand"] == list(hands[seat])
                    seen_hand += 1
                if value.get("kind") == "cards_seen":
                    assert value["seat"] == seat
            if isinstance(value, list) and len(deck) >= 8:  # eight cards in a row: never by chance
                assert not _contains(value, deck[-8:]) and not _contains(value, deck[::-1][:8]), "the deck's next cards"
        if seat == SPECTATOR:
            assert frame.get("legal") is None and "sample" not in frame
        if frame["type"] == "state" and frame["to_move"] not in (seat, None, CHANCE):
            assert frame["legal"] is None and "sample" not in frame
    assert seen_hand > 0


def test_the_full_positions_sent_deal_every_unseen_card_at_random() -> None:
    # The positions a seat (or a spectator) is sent to draw its board hold every hand and the
    # deck: the hands it may not see, and the deck, must be dealt at random, not the true ones.
    from marblestudio.engine import from_position

    server = Recording()
    invitation = server.create_game("alive/standard", 3)
    game = server.games[invitation.game_id]

    async def main() -> None:
        async with serving(server) as url:
            watcher = await Client.connect(url, invitation.spectator, positions=True)
            seated = await Client.connect(url, invitation.seats[0], positions=True)

            async def read(client: Client) -> None:
                while (await next_of(client, "state"))["result"] is None:
                    pass

            await asyncio.gather(read(watcher), read(seated), *(play_bot(url, t, "random", i) for i, t in enumerate(invitation.seats)))
            await watcher.close()
            await seated.close()

    run(main)
    rules = game.state.ruleset
    same_hands = hidden_hands = same_decks = decks = 0
    for seat, frame, hands, deck in server.frames:
        text = frame.get("position")
        if frame["type"] != "state" or text is None:
            continue
        table = from_position(rules, text).table  # type: ignore[attr-defined]
        ids = [card.id for card in table.rules.deck]
        for other in range(table.players):
            if other == seat:
                assert table.hand_ids(other) == hands[other], "a seat's own hand is its own"
            elif hands[other]:
                hidden_hands += 1
                same_hands += table.hand_ids(other) == hands[other]
        if len(deck) >= 8:
            decks += 1
            same_decks += tuple(ids[k] for k in table.deck)[-8:] == deck[-8:]
    assert hidden_hands > 100 and decks > 20
    assert same_hands < hidden_hands / 4, f"{same_hands} of {hidden_hands} hidden hands were the true ones"
    assert same_decks == 0, "the deck's next cards were sent"
