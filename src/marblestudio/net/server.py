"""The authoritative game server: asyncio and websockets, many games, seats by token.

Each connection says `hello` with a seat's token (or the spectator token, or a game's id to
watch) and is then sent, after every step of its game, only what its seat may see
(`NetGame.frame_for`).  Every message is checked (`protocol.parse_client`); a bad one gets an
`error` message and changes nothing, and no fault of one connection reaches another or another
game.  Each connection has a token bucket; games are saved after every move (`store`).  Tokens
never reach the log: it names games and seats only.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import ssl
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from marblestudio.engine import new_game
from marblestudio.net import protocol
from marblestudio.net.game import SPECTATOR, NetGame, new_token, token_hash
from marblestudio.net.ratelimit import TokenBucket
from marblestudio.net.store import SYNC_EVERY, Store
from marblestudio.records import plain_ruleset

if TYPE_CHECKING:
    from marblestudio.engine.rules import Ruleset

log = logging.getLogger(__name__)

RATE = 20.0
"""Messages a second a connection may send on average ..."""
BURST = 40.0
"""... and at once."""
DIRECT_LIMIT = 16 * 1024
"""A message goes straight to a connection's socket while its unsent bytes stay below this
(half of websockets' default high-water mark of 32 KiB, so that sending never waits); else it
is queued for the connection's writer task."""

BACKLOG = 1000
"""The most messages waiting to go out to one connection; a client that reads slower than its
game moves is disconnected past it (it reconnects and gets the whole current state), so that
no client ever holds up a game or another client."""


@dataclass(frozen=True)
class Invitation:
    """A new game's id and its tokens: one per seat, and the spectators'."""

    game_id: str
    seats: tuple[str, ...]
    spectator: str


@dataclass(eq=False)
class _Connection:
    """One client: its socket, its game and seat once it said hello, its rate limit, and the
    messages waiting to be sent to it (by its own writer task, in order)."""

    ws: ServerConnection
    bucket: TokenBucket
    game_id: str | None = None
    seat: int = SPECTATOR
    positions: bool = False  # asked for a full position in every `state` (an app that draws the board)
    samples: bool = False  # asked for a `sample` position on its turn (a computer player)
    outbox: asyncio.Queue[bytes | None] = field(default_factory=asyncio.Queue)  # UTF-8 JSON texts
    busy: bool = False  # a message is being sent (waiting for the socket)

    def ready(self, size: int) -> bool:
        """Whether a message of `size` bytes can go out at once without waiting: nothing is
        queued or being sent, the connection is open, and its socket buffer has room (below
        the level at which sending would wait for the client to read)."""
        ws = self.ws
        return (not self.busy and self.outbox.empty() and ws.state is State.OPEN
                and ws.transport.get_write_buffer_size() + size < DIRECT_LIMIT)

    async def send(self, text: bytes) -> bool:
        """Send one message (`busy` meanwhile); False once the connection is closed."""
        self.busy = True
        try:
            await self.ws.send(text, text=True)
            return True
        except ConnectionClosed:
            return False
        finally:
            self.busy = False

    async def write(self) -> None:
        """Send the outbox's messages until a None or the connection closes."""
        while (text := await self.outbox.get()) is not None:
            if not await self.send(text):
                return


RESAVE = 10.0
"""Seconds before a finished game whose record could not be written is tried again."""

FINISHED_KEPT = 300.0
"""Seconds a finished game stays in memory (for its players to see the end, or reconnect to it)
once nobody watches it; then it is forgotten (its record stays under --data), so a long-running
server holds the games in play, not every game ever played."""


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's event loop (libuv's, in C) where it is installed, else None: asyncio's own (for
    `asyncio.Runner`).  Under load it moved the server's slowest moves from about 50 ms to about
    30 (benchmarks/server.py, whose bots use it too)."""
    try:
        import uvloop
    except ImportError:  # Windows: asyncio's loop serves the same, a little slower
        return None
    return uvloop.new_event_loop


class GameServer:
    """Holds every game and serves them; `data` (a folder) makes the games durable."""

    def __init__(self, data: str | Path | None = None, *, rate: float = RATE, burst: float = BURST, admin_token: str | None = None,
                 finished_kept: float = FINISHED_KEPT) -> None:
        self.store = None if data is None else Store(data)
        self.finished_kept = finished_kept
        self.rate = rate
        self.burst = burst
        self.admin_token = admin_token or new_token()
        self.games: dict[str, NetGame] = {}
        self._tokens: dict[str, str] = {}  # token hash -> game id
        self._watchers: dict[str, set[_Connection]] = {}
        self._syncing: asyncio.Task[None] | None = None
        # each ruleset's plain data and SHA-256 for records, by its rules as loaded (kept: the id stays theirs)
        self._plain: dict[int, tuple[Ruleset, tuple[dict[str, Any], str]]] = {}
        if self.store is not None:
            for game in self.store.load_all():
                self._add(game)
            if self.games:
                log.info("resumed %d unfinished game(s)", len(self.games))

    # Games --------------------------------------------------------------------------------
    def _add(self, game: NetGame) -> None:
        self.games[game.game_id] = game
        for digest in [*game.seat_hashes, game.spectator_hash]:
            self._tokens[digest] = game.game_id
        self._watchers.setdefault(game.game_id, set())

    def _forget(self, game_id: str) -> None:
        """Drop a finished game from memory once nobody watches it (else look again later)."""
        if self._watchers.get(game_id):
            asyncio.get_running_loop().call_later(self.finished_kept, self._forget, game_id)
            return
        game = self.games.pop(game_id, None)
        self._watchers.pop(game_id, None)
        if game is not None:
            for digest in [*game.seat_hashes, game.spectator_hash]:
                self._tokens.pop(digest, None)

    def create_game(self, ruleset_id: str, players: int) -> Invitation:
        """A new game of the bundled or user ruleset `ruleset_id` (raises ProtocolError)."""
        game, invitation = self._make_game(ruleset_id, players)
        self._add(game)
        return invitation

    def _make_game(self, ruleset_id: str, players: int) -> tuple[NetGame, Invitation]:
        """A new game, saved but not yet served (safe in a worker thread: it touches no game
        in play)."""
        from marblestudio.rulesets import RulesetError, catalog, load_with_source

        path = catalog.find(ruleset_id)
        if path is None:
            raise protocol.ProtocolError(protocol.BAD_RULESET, f"no ruleset {ruleset_id!r}")
        try:
            loaded = load_with_source(path)  # the loader keeps it while the file and its bases are unchanged
            rules = loaded.rules
            found = self._plain.get(id(rules))
            if found is None or found[0] is not rules:  # once per ruleset as loaded, for every record of its games
                found = self._plain[id(rules)] = (rules, plain_ruleset(loaded.resolved))
            plain = found[1]
            if not rules.players.min <= players <= rules.players.max:
                raise ValueError(f"{rules.name} is for {rules.players}, not {players}")
            state = new_game(rules, players)
        except (RulesetError, ValueError, OSError) as exc:
            raise protocol.ProtocolError(protocol.BAD_RULESET, str(exc)[:300]) from None
        tokens = tuple(new_token() for _ in range(players))
        spectator = new_token()
        game_id = new_token()[:12]
        game = NetGame(game_id, ruleset_id, loaded.resolved, state, [token_hash(t) for t in tokens], token_hash(spectator), plain=plain)
        game.play_chance()
        if self.store is not None:
            self.store.save_seats(game)
            self.store.save(game)
        log.info("game %s created: %s for %d", game_id, ruleset_id, players)
        return game, Invitation(game_id, tokens, spectator)

    def _find(self, token: str) -> tuple[NetGame, int] | None:
        game_id = self._tokens.get(token_hash(token))
        game = None if game_id is None else self.games.get(game_id)
        if game is None:
            return None
        seat = game.seat_of(token)
        return None if seat is None else (game, seat)

    # Connections --------------------------------------------------------------------------
    async def handler(self, ws: ServerConnection) -> None:
        """Serve one connection until it closes."""
        conn = _Connection(ws, TokenBucket(self.rate, self.burst))
        writer = asyncio.create_task(conn.write())
        try:
            async for frame in ws:
                if not conn.bucket.take():
                    await self._send(conn, protocol.error(protocol.RATE_LIMITED, "too many messages; slow down"))
                    continue
                try:
                    await self._dispatch(conn, protocol.parse_client(frame))
                except protocol.ProtocolError as exc:
                    await self._send(conn, protocol.error(exc.code, str(exc)))
                except ConnectionClosed:
                    raise
                except Exception:  # noqa: BLE001 - one bad message must not end the server
                    log.exception("unexpected error serving game %s seat %s", conn.game_id, conn.seat)
                    await self._send(conn, protocol.error(protocol.INTERNAL, "the server failed on this message"))
        except ConnectionClosed:
            pass
        finally:
            if conn.game_id is not None:
                self._watchers.get(conn.game_id, set()).discard(conn)
            conn.outbox.put_nowait(None)
            await writer

    async def _dispatch(self, conn: _Connection, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "ping":
            await self._send(conn, {"type": "pong"})
        elif kind == "create":
            await self._create(conn, message)
        elif kind == "hello":
            await self._hello(conn, message)
        elif conn.game_id is None:
            raise protocol.ProtocolError(protocol.NOT_HELLO, "say hello with your token first")
        elif kind == "move":
            await self._move(conn, message)
        elif kind == "chat":
            game = self.games[conn.game_id]
            await self._broadcast(game, game.say(conn.seat, message["text"]))
        elif kind == "resign":
            await self._resign(conn)
        else:
            await self._undo(conn, message["action"])

    async def _create(self, conn: _Connection, message: dict[str, Any]) -> None:
        if not hmac.compare_digest(token_hash(message["admin"]), token_hash(self.admin_token)):
            raise protocol.ProtocolError(protocol.FORBIDDEN, "only the server's admin token creates games")
        # In a thread: loading a ruleset and writing two files (each flushed to the disk) would
        # hold up every game in play.  The game is known once it is made, before its tokens go out.
        game, invitation = await asyncio.to_thread(self._make_game, message["ruleset"], message["players"])
        self._add(game)
        await self._send(conn, {"type": "created", "game": invitation.game_id, "seats": list(invitation.seats),
                                "spectator": invitation.spectator})

    async def _hello(self, conn: _Connection, message: dict[str, Any]) -> None:
        if conn.game_id is not None:
            raise protocol.ProtocolError(protocol.ALREADY_HELLO, "this connection already said hello")
        if message["protocol"] != protocol.PROTOCOL:
            raise protocol.ProtocolError(protocol.PROTOCOL_VERSION, f"this server speaks protocol {protocol.PROTOCOL}")
        if "token" in message:
            found = self._find(message["token"])
            if found is None:
                raise protocol.ProtocolError(protocol.UNKNOWN_TOKEN, "no seat has this token")
            game, seat = found
        elif "game" in message and message["game"] in self.games:
            game, seat = self.games[message["game"]], SPECTATOR
        else:
            raise protocol.ProtocolError(protocol.UNKNOWN_GAME, "name a seat's token, or the game to watch")
        conn.game_id, conn.seat = game.game_id, seat
        conn.positions = bool(message.get("positions", False))
        conn.samples = bool(message.get("sample", False))
        self._watchers[game.game_id].add(conn)
        # DEBUG: a busy server sees hundreds of connections a second; games made and ended are INFO
        log.debug("game %s: %s connected", game.game_id, "a spectator" if seat == SPECTATOR else f"player {seat + 1}")
        await self._send(conn, game.welcome(seat))
        await self._send(conn, game.frame_for(seat, positions=conn.positions, history=True, sample=conn.samples))
        if game.undo is not None:
            await self._send(conn, self._undo_message("requested", game.undo.seat, game.undo.ply))

    async def _move(self, conn: _Connection, message: dict[str, Any]) -> None:
        assert conn.game_id is not None
        game = self.games[conn.game_id]  # a connection's game is never forgotten while it watches
        pending = game.undo
        steps = game.play(conn.seat, message["move"], message["ply"])
        await self._save(game)
        if pending is not None:  # a move answers a pending undo request: it no longer applies
            game.undo = None
            await self._broadcast(game, self._undo_message("cancelled", pending.seat, pending.ply))
        await self._after_change(game, steps)

    async def _save(self, game: NetGame) -> None:
        """Save the game's new steps before anyone hears of them (a line appended to its
        journal), or, once it is over, its whole record (in a thread: that write is flushed to
        the disk, and no other game waits for it; nothing changes a finished game meanwhile)."""
        if self.store is None:
            return
        try:
            if game.is_over():
                await asyncio.to_thread(self.store.save_changes, game)
            else:
                self.store.save_changes(game)
        except OSError as exc:  # a full disk: the game goes on, and the next save writes it all
            log.error("game %s could not be saved: %s", game.game_id, exc.strerror or exc)
            if game.is_over():  # no next move will: try again later
                asyncio.get_running_loop().call_later(RESAVE, lambda: asyncio.ensure_future(self._save(game)))

    async def _after_change(self, game: NetGame, steps: list[Any], rewound: bool = False) -> None:
        if game.is_over():
            log.info("game %s is over", game.game_id)
            asyncio.get_running_loop().call_later(self.finished_kept, self._forget, game.game_id)
        for watcher in list(self._watchers[game.game_id]):
            await self._send(watcher, game.frame_for(watcher.seat, steps, positions=watcher.positions, history=rewound,
                                                     sample=watcher.samples))

    async def _resign(self, conn: _Connection) -> None:
        assert conn.game_id is not None
        game = self.games[conn.game_id]
        pending = game.undo
        game.resign(conn.seat)
        await self._save(game)
        log.info("game %s: player %d resigned", game.game_id, conn.seat + 1)
        if pending is not None:  # the game is over: the request lapses
            await self._broadcast(game, self._undo_message("cancelled", pending.seat, pending.ply))
        await self._after_change(game, [])

    @staticmethod
    def _undo_message(what: str, seat: int, ply: int, by: int | None = None) -> dict[str, Any]:
        message: dict[str, Any] = {"type": "undo", "event": what, "seat": seat, "ply": ply}
        if by is not None:
            message["by"] = by
        return message

    async def _undo(self, conn: _Connection, action: str) -> None:
        assert conn.game_id is not None
        game = self.games[conn.game_id]
        if action == "request":
            asked = game.request_undo(conn.seat)
            await self._broadcast(game, self._undo_message("requested", asked.seat, asked.ply))
            return
        request = game.undo
        done = game.answer_undo(conn.seat, action == "accept")
        assert request is not None  # answer_undo raised otherwise
        if done is None:
            await self._broadcast(game, self._undo_message("agreed", request.seat, request.ply, conn.seat))
        elif not done:
            what = "withdrawn" if conn.seat == request.seat else "declined"
            await self._broadcast(game, self._undo_message(what, request.seat, request.ply, conn.seat))
        else:
            await self._save(game)
            log.info("game %s: back to ply %d by consent", game.game_id, request.ply)
            await self._broadcast(game, self._undo_message("done", request.seat, request.ply))
            await self._after_change(game, [], rewound=True)

    async def _broadcast(self, game: NetGame, message: dict[str, Any]) -> None:
        for watcher in list(self._watchers[game.game_id]):
            await self._send(watcher, message)

    async def _send(self, conn: _Connection, message: dict[str, Any]) -> None:
        """Queue `message` for one connection (never waits for the client); a connection whose
        backlog is full is closed (code 1013, "try again later")."""
        if conn.outbox.qsize() >= BACKLOG:
            log.info("game %s: a connection reads too slowly and is closed", conn.game_id)
            self._watchers.get(conn.game_id or "", set()).discard(conn)
            asyncio.get_running_loop().create_task(conn.ws.close(1013, "reading too slowly"))
            return
        text = protocol.dump(message)
        if conn.ready(len(text)):  # the usual case: written now, without a hop through the writer
            await conn.send(text)
            return
        conn.outbox.put_nowait(text)

    # Serving ------------------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0, tls: ssl.SSLContext | None = None) -> Server:
        """Listen on `host`:`port` (0: any free port), with TLS if given (`net.tls`); the caller
        closes the returned server."""
        frames = logging.getLogger("marblestudio.net.ws")
        # websockets logs frames (with tokens) at DEBUG, and every connection opened and closed at
        # INFO: the server says itself which seat connected, so only its warnings are kept.
        frames.setLevel(max(frames.getEffectiveLevel(), logging.WARNING))
        if self.store is not None and self._syncing is None:
            self._syncing = asyncio.get_running_loop().create_task(self._sync_journals(self.store))
        # No compression: a frame is a few kilobytes, and deflating every one for every seat
        # took a tenth of the server's time under load.
        return await serve(self.handler, host, port, max_size=protocol.MAX_FRAME, logger=frames, ssl=tls, compression=None)

    @staticmethod
    async def _sync_journals(store: Store) -> None:
        """Flush the journals to the disk every `SYNC_EVERY` seconds, in a thread."""
        while True:
            await asyncio.sleep(SYNC_EVERY)
            try:
                await asyncio.to_thread(store.sync)
            except OSError as exc:
                log.error("the games' journals could not be flushed to the disk: %s", exc.strerror or exc)


def bound_port(server: Server) -> int:
    """The port `server` listens on (the one the system picked for port 0)."""
    for sock in server.sockets:
        port: int = sock.getsockname()[1]
        return port
    raise RuntimeError("the server listens on no socket")
