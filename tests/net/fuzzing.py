"""Fuzzed client frames for the server: random bytes, JSON junk, mutated messages, huge and
deeply nested ones.  Shared by tests/net/test_fuzz.py and scripts/fuzz_server.py."""

from __future__ import annotations

import asyncio
import json
import random
from collections import Counter
from typing import Any

from marblestudio.net.client import Client

SENTINEL = "end-of-fuzz"
TYPES = ["hello", "move", "create", "ping", "chat", "resign", "undo", "whisper", "", "HELLO", None, 1, [], {}]


def _junk(rng: random.Random, depth: int = 0) -> Any:
    pick = rng.randrange(9 if depth < 3 else 6)
    if pick == 0:
        return None
    if pick == 1:
        return rng.choice([True, False])
    if pick == 2:
        return rng.choice([0, -1, 1, 2**31, 2**64, 10**30, 1.5, -0.0, 1e308])
    if pick == 3:
        return "".join(chr(rng.randrange(0x20, 0x2FF)) for _ in range(rng.randrange(12)))
    if pick == 4:
        return "%032x" % rng.getrandbits(128)
    if pick == 5:
        return rng.choice(["a1", "pass", "deal", "0", "\x00", "\ud800", "x" * 20000])
    if pick == 6:
        return [_junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    keys = ["type", "protocol", "token", "game", "move", "ply", "admin", "ruleset", "players", "extra"]
    return {rng.choice(keys): _junk(rng, depth + 1) for _ in range(rng.randrange(5))}


def _message(rng: random.Random, tokens: list[str], game: str) -> dict[str, Any]:
    """A message close to a real one, with one or two fields wrong."""
    base: dict[str, Any] = rng.choice([
        {"type": "hello", "protocol": 1, "token": rng.choice(tokens)},
        {"type": "hello", "protocol": 1, "game": game},
        {"type": "move", "move": rng.choice(["a1", "R1+", "pass", "deal 1 2 3", "0", "=21"]), "ply": rng.randrange(5)},
        {"type": "create", "admin": "%032x" % rng.getrandbits(128), "ruleset": "alive/standard", "players": 2},
        {"type": "ping"},
    ])
    for _ in range(rng.randrange(3)):
        key = rng.choice([*base, "type", "extra"])
        base[key] = rng.choice(TYPES) if key == "type" else _junk(rng)
    return base


def frame(rng: random.Random, tokens: list[str], game: str) -> str | bytes:
    """One fuzzed frame (at most 200 KB: larger ones end the connection, tested apart)."""
    kind = rng.randrange(10)
    if kind == 0:
        return bytes(rng.getrandbits(8) for _ in range(rng.randrange(64)))
    if kind == 1:
        return "".join(chr(rng.randrange(1, 0x7F)) for _ in range(rng.randrange(64)))
    if kind == 2:
        return json.dumps(_junk(rng))
    if kind == 3:
        depth = rng.choice([9, 100, 10_000, 60_000])
        opening, closing = rng.choice([("[", "]"), ('{"a":', "}")])
        return opening * depth + "1" + closing * rng.choice([0, depth])
    if kind == 4:
        size = rng.choice([65_537, 100_000, 200_000])
        return json.dumps({"type": "move", "move": "x" * size, "ply": 0})
    if kind == 5:
        text = json.dumps(_message(rng, tokens, game))
        cut = rng.randrange(len(text) + 1)
        return text[:cut] + rng.choice(["", "}", "\x00", "\\", '"']) + text[cut + 1:]
    return json.dumps(_message(rng, tokens, game))


async def blast(url: str, count: int, seed: int, tokens: list[str], game: str) -> Counter[str]:
    """Send `count` fuzzed frames over fresh connections (a new one each 200 frames, or when the
    server closed one); return the replies received, counted by type (errors by code).  Every connection ends with a message of
    the unknown type `SENTINEL`, whose error must come back (so the server still answers)."""
    rng = random.Random(seed)
    replies: Counter[str] = Counter()
    sent = 0
    while sent < count:
        client = await Client.open(url)
        batch = min(200, count - sent)
        async def read(c: Client = client) -> None:
            while SENTINEL not in (reply := await c.recv()).get("message", ""):
                replies[reply.get("code") or reply["type"]] += 1

        reader = asyncio.create_task(read())
        for _ in range(batch):
            await client.ws.send(frame(rng, tokens, game))
        await client.send({"type": SENTINEL})
        await asyncio.wait_for(reader, 30)
        sent += batch
        await client.close()
    return replies
