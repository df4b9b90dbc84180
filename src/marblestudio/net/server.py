"""The authoritative game server: asyncio and websockets, many games, seats by token.

Each connection says `hello` with a seat's token (or the spectator token, or a game's id to
watch) and is then sent, after every step of its game, only what its seat may see
(`NetGame.frame_for`).  Every message is checked (`protocol.parse_client`); a bad one gets an
`error` message and changes nothing, and no fault of one connection reaches another or another
game.  Each connection has a token bucket and a bounded backlog (`connection`); the server holds
a bounded number of connections (`limits`), and one that says no hello in `HELLO_TIMEOUT`
seconds is closed.  Games are saved after every move (`store`).  Tokens never reach the log: it
names games, seats and client addresses only.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import ssl
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from marblestudio.engine import new_game
from marblestudio.net import protocol
from marblestudio.net.connection import BACKLOG, BACKLOG_BYTES, Connection, CountedSocket, memory_trimmer
from marblestudio.net.game import SPECTATOR, NetGame, new_token, token_hash
from marblestudio.net.limits import Admission, Limits, open_files_allowed
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
HELLO_TIMEOUT = 10.0
"""Seconds a connection has to say hello (or create a game with the admin token) before it is
closed: an idle socket would hold a file descriptor for nothing."""


@dataclass(frozen=True)
class Invitation:
    """A new game's id and its tokens: one per seat, and the spectators'."""

    game_id: str
    seats: tuple[str, ...]
    spectator: str


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
                 finished_kept: float = FINISHED_KEPT, backlog: int = BACKLOG, backlog_bytes: int = BACKLOG_BYTES,
                 limits: Limits | None = None, hello_timeout: float = HELLO_TIMEOUT) -> None:
        self.store = None if data is None else Store(data)
        self.finished_kept = finished_kept
        self.rate = rate
        self.burst = burst
        self.backlog = backlog
        self.backlog_bytes = backlog_bytes
        self.limits = limits or Limits()
        self.admission = Admission(self.limits, open_files_allowed())
        self.hello_timeout = hello_timeout
        self.admin_token = admin_token or new_token()
        self.games: dict[str, NetGame] = {}
        self._tokens: dict[str, str] = {}  # token hash -> game id
        self._watchers: dict[str, set[Connection]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()  # closings under way (held: the loop keeps only weak references)
        self._trim = memory_trimmer()
        self._trimming = False
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
        peer = ws.remote_address
        conn = Connection(ws, TokenBucket(self.rate, self.burst), address=str(peer[0]) if peer else "")
        writer = asyncio.create_task(conn.write())
        try:
            refusal = ws.refusal if isinstance(ws, CountedSocket) else None  # decided as its socket was accepted
            if refusal is not None:  # closed here: were the handler to return first, websockets would close with 1000
                await self._refuse(conn, refusal, wait=True)
                return
            conn.deadline = asyncio.get_running_loop().call_later(self.hello_timeout, self._no_hello, conn)
            async for frame in ws:
                if conn.dropped:  # being closed: its messages are not read
                    continue
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
            if conn.deadline is not None:
                conn.deadline.cancel()
            if conn.game_id is not None:
                self._watchers.get(conn.game_id, set()).discard(conn)
            conn.outbox.put_nowait(None)
            await writer

    def _release_memory(self) -> None:
        """Return the memory a closed slow reader's backlog held to the system (`memory_trimmer`),
        a second from now: once for a burst of them."""
        if self._trim is None or self._trimming:
            return
        self._trimming = True

        async def trim(function: Callable[[int], int]) -> None:
            await asyncio.sleep(1.0)
            self._trimming = False
            await asyncio.to_thread(function, 0)

        self._spawn(trim(self._trim))

    def _no_hello(self, conn: Connection) -> None:
        """Close a connection that said no hello in time (and created no game)."""
        if conn.game_id is None and not conn.admin and not conn.dropped:
            self._spawn(self._refuse(conn, f"say hello within {self.hello_timeout:g} s of connecting", code=protocol.NOT_HELLO,
                                     close_code=1008, reason="no hello"))

    async def _refuse(self, conn: Connection, message: str, code: str = protocol.FULL, close_code: int = 1013,
                      reason: str = "full", wait: bool = False) -> None:
        """Tell a connection why it is refused (an `error`), log it, and close it (`wait`: before
        returning): with code 1013 (try again later) when the server or a game is full, 1008 when
        it said no hello."""
        self.admission.note("a connection from %s is refused (%s): %s", conn.address or "?", code, message)
        await self._send(conn, protocol.error(code, message))
        conn.dropped = True
        self._watchers.get(conn.game_id or "", set()).discard(conn)
        if wait:
            await conn.ws.close(close_code, reason)
        else:
            self._spawn(conn.ws.close(close_code, reason))

    def _spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _admitted(self, conn: Connection) -> None:
        """The connection said hello or proved it is the admin's: no deadline now."""
        if conn.deadline is not None:
            conn.deadline.cancel()
            conn.deadline = None

    async def _dispatch(self, conn: Connection, message: dict[str, Any]) -> None:
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

    async def _create(self, conn: Connection, message: dict[str, Any]) -> None:
        if not hmac.compare_digest(token_hash(message["admin"]), token_hash(self.admin_token)):
            raise protocol.ProtocolError(protocol.FORBIDDEN, "only the server's admin token creates games")
        # In a thread: loading a ruleset and writing two files (each flushed to the disk) would
        # hold up every game in play.  The game is known once it is made, before its tokens go out.
        conn.admin = True
        self._admitted(conn)
        game, invitation = await asyncio.to_thread(self._make_game, message["ruleset"], message["players"])
        self._add(game)
        await self._send(conn, {"type": "created", "game": invitation.game_id, "seats": list(invitation.seats),
                                "spectator": invitation.spectator})

    async def _hello(self, conn: Connection, message: dict[str, Any]) -> None:
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
        full = self._game_full(game, seat)
        if full is not None:
            await self._refuse(conn, full)
            return
        self._admitted(conn)
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

    def _game_full(self, game: NetGame, seat: int) -> str | None:
        """Why one more connection may not watch `game` as `seat` (a spectator, or a seat); None if it may."""
        holding = sum(1 for watcher in self._watchers[game.game_id] if watcher.seat == seat)
        if seat == SPECTATOR and holding >= self.limits.spectators:
            return f"at most {self.limits.spectators} spectators watch one game"
        if seat != SPECTATOR and holding >= self.limits.per_seat:
            return f"at most {self.limits.per_seat} connections play one seat; close one first"
        return None

    async def _move(self, conn: Connection, message: dict[str, Any]) -> None:
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

    async def _resign(self, conn: Connection) -> None:
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

    async def _undo(self, conn: Connection, action: str) -> None:
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

    async def _send(self, conn: Connection, message: dict[str, Any]) -> None:
        """Queue `message` for one connection (never waits for the client); a connection whose
        backlog is full (`backlog` messages, or `backlog_bytes`) is closed (code 1013, "try again
        later") and its backlog dropped."""
        if conn.dropped:
            return
        text = protocol.dump(message)
        if conn.ready(len(text)):  # the usual case: written now, without a hop through the writer
            await conn.send(text)
            return
        if not conn.fits(len(text), self.backlog, self.backlog_bytes):
            log.info("game %s: a connection from %s reads too slowly and is closed (%d messages, %d bytes waiting)",
                     conn.game_id, conn.address or "?", conn.outbox.qsize(), conn.queued)
            self._watchers.get(conn.game_id or "", set()).discard(conn)
            conn.drop()
            self._spawn(conn.ws.close(1013, "reading too slowly"))
            self._release_memory()
            return
        conn.queue(text)

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
        if self.admission.cap < self.limits.connections:
            log.warning("at most %d connections: the process may open only %s files (ulimit -n)",
                        self.admission.cap, open_files_allowed())
        counted = cast("type[ServerConnection]", type("CountedConnection", (CountedSocket,), {"admission": self.admission}))
        # No compression: a frame is a few kilobytes, and deflating every one for every seat
        # took a tenth of the server's time under load.
        return await serve(self.handler, host, port, max_size=protocol.MAX_FRAME, logger=frames, ssl=tls, compression=None,
                           create_connection=counted)

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
