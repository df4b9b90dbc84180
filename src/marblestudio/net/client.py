"""A small asyncio client of the game server, and a computer player over the network.

`Client.connect(url, token=...)` says hello and returns once the server welcomed it; `recv`
gives the next server message, `move` sends a move.  `play_bot` plays one seat to the end of
its game with an agent of `agents.make_agent` (as `simulate` does): on its turn it rebuilds a
full position from the `sample` the server sends (what the seat may know; hidden cards dealt
again at random) and lets the agent choose.
"""

from __future__ import annotations

import asyncio
import logging
import random
from typing import TYPE_CHECKING, Any

import orjson
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from marblestudio.net import protocol, tls

if TYPE_CHECKING:
    from marblestudio.engine.rules import Ruleset

log = logging.getLogger(__name__)

RETRY = 0.1
"""Seconds a bot waits before sending a move the rate limit refused again."""


class ServerError(RuntimeError):
    """The server answered with an `error` message where the client needed something else."""

    def __init__(self, message: dict[str, Any]) -> None:
        super().__init__(f"{message.get('code')}: {message.get('message')}")
        self.code = message.get("code")
        self.reply = dict(message)

    def __reduce__(self) -> tuple[type[ServerError], tuple[dict[str, Any]]]:
        return type(self), (self.reply,)


class Client:
    """One connection to a game server."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.welcome: dict[str, Any] = {}
        self.last: dict[str, Any] | None = None  # the last `state` message

    @classmethod
    async def open(cls, url: str, fingerprint: str | None = None) -> Client:
        """A connection that has not said hello (to create games, or to test the server).

        With `fingerprint` (a ``wss://`` URL), the server's certificate must have that SHA-256
        (a self-signed one is fine); it is checked before anything is sent."""
        if fingerprint is None:
            return cls(await connect(url, max_size=16 * 1024 * 1024, open_timeout=10))
        ws = await connect(url, max_size=16 * 1024 * 1024, open_timeout=10, ssl=tls.pinned_context())
        try:
            tls.check(ws.transport, fingerprint)
        except tls.FingerprintMismatch:
            await ws.close()
            raise
        return cls(ws)

    @classmethod
    async def connect(cls, url: str, token: str | None = None, game: str | None = None, fingerprint: str | None = None,
                      positions: bool = False, sample: bool = False) -> Client:
        """Connect and say hello with a seat's or spectator's `token` (or watch `game`); with
        `positions`, every `state` carries a full position the connection may know; with `sample`,
        every `state` on the seat's turn carries one for a computer player (`sample`)."""
        client = await cls.open(url, fingerprint)
        await client.hello(token, game, positions=positions, sample=sample)
        return client

    async def hello(self, token: str | None = None, game: str | None = None, *, positions: bool = False,
                    sample: bool = False) -> None:
        """Say hello (as `connect` does) and keep the `welcome`; raises ServerError (and closes)
        if the server refuses, as a full server does at once, before the hello."""
        hello: dict[str, Any] = {"type": "hello", "protocol": protocol.PROTOCOL}
        if positions:
            hello["positions"] = True
        if sample:
            hello["sample"] = True
        if token is not None:
            hello["token"] = token
        if game is not None:
            hello["game"] = game
        try:
            await self.send(hello)
        except ConnectionClosed:  # refused before it could say hello: the reason is waiting to be read
            pass
        reply = await self.recv()
        if reply.get("type") != "welcome":
            await self.close()
            raise ServerError(reply)
        self.welcome = reply

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(orjson.dumps(message), text=True)

    async def recv(self) -> dict[str, Any]:
        """The next message from the server (a `state` is kept as `last`); read as bytes and
        parsed by orjson (no UTF-8 decoding into a str first)."""
        message: dict[str, Any] = orjson.loads(await self.ws.recv(decode=False))
        if message.get("type") == "state":
            self.last = message
        return message

    async def move(self, notation: str, ply: int) -> None:
        await self.send({"type": "move", "move": notation, "ply": ply})

    async def chat(self, text: str) -> None:
        await self.send({"type": "chat", "text": text})

    async def resign(self) -> None:
        await self.send({"type": "resign"})

    async def undo(self, action: str) -> None:
        """`request` (take back my last move), `accept` or `decline` (another seat's request)."""
        await self.send({"type": "undo", "action": action})

    async def create(self, admin: str, ruleset: str, players: int) -> dict[str, Any]:
        """Create a game (with the server's admin token): the `created` message, with its tokens."""
        await self.send({"type": "create", "admin": admin, "ruleset": ruleset, "players": players})
        while True:
            reply = await self.recv()
            if reply.get("type") == "created":
                return reply
            if reply.get("type") == "error":
                raise ServerError(reply)

    async def close(self) -> None:
        await self.ws.close()


def _rules_of(welcome: dict[str, Any]) -> Ruleset:
    """The game's rules, built from the `welcome` message's resolved ruleset."""
    from marblestudio.rulesets import from_resolved

    return from_resolved(welcome["resolved"])


def _choose(rules: Ruleset, state: dict[str, Any], spec: str, seed: int) -> str:
    """The move the agent `spec` picks for the seat to move in `state` (a `state` message)."""
    from marblestudio.agents import make_agent
    from marblestudio.engine import from_position

    legal: list[str] = state["legal"]
    sample = state.get("sample")
    rng = random.Random(f"{seed}:{state['ply']}")
    if sample is None:  # a family with no position notation: the agent cannot see the game
        return legal[rng.randrange(len(legal))]
    full = from_position(rules, sample)
    return str(make_agent(spec, f"{seed}:{state['ply']}").choose(full, state["seat"], rng))


async def play_bot(url: str, token: str, spec: str = "random", seed: int = 0, fingerprint: str | None = None) -> dict[str, Any]:
    """Play the seat of `token` with the agent `spec` until the game ends; return its result.

    A move refused for the rate limit is sent again a moment later; one the rules refuse (an
    agent's fault) is replaced by a random legal move, so the game always goes on.  The bot
    agrees to every undo request of another seat."""
    client = await Client.connect(url, token, fingerprint=fingerprint, sample=True)
    rules = await asyncio.to_thread(_rules_of, client.welcome)  # once: checking a ruleset is not free
    pending: tuple[str, int] | None = None
    try:
        while True:
            message = await client.recv()
            if message["type"] == "error":
                code = message.get("code")
                if code == protocol.RATE_LIMITED and pending is not None:
                    await asyncio.sleep(RETRY)
                    await client.move(*pending)
                    continue
                log.warning("the server refused: %s %s", code, message.get("message"))
                last = client.last
                if last is not None and last["legal"] and code in (protocol.ILLEGAL_MOVE, protocol.BAD_NOTATION):
                    legal = last["legal"]
                    pending = (legal[random.Random(seed).randrange(len(legal))], last["ply"])
                    await client.move(*pending)
                continue
            if message["type"] == "undo" and message["event"] == "requested" and message["seat"] != client.welcome["seat"]:
                await client.undo("accept")  # a computer player lets its opponents take a move back
                continue
            if message["type"] != "state":
                continue
            pending = None
            if message["result"] is not None:
                result: dict[str, Any] = message["result"]
                return result
            if message["legal"]:
                notation = await asyncio.to_thread(_choose, rules, message, spec, seed)
                pending = (notation, message["ply"])
                await client.move(*pending)
    finally:
        await client.close()
