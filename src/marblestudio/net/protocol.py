"""The network protocol's messages: versioned JSON, one object per WebSocket text frame.

A client's message is checked in three steps before the server acts on it: its size, its
nesting (before parsing, as Python's JSON parser recurses), then the JSON Schema
`protocol.schema.json` (package data).  Any fault becomes a `ProtocolError` with one of the
error codes below, which the server sends back as an `error` message (docs/protocol.md).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

import orjson

PROTOCOL = 1
"""The protocol version this code speaks; `hello` names the client's, `welcome` the server's."""

MAX_MESSAGE = 64 * 1024
"""The largest client message answered with an error (bytes); a move is at most 10 KB.  Frames
above `MAX_FRAME` close the connection (WebSocket close code 1009) without being read."""
MAX_FRAME = 1024 * 1024
"""The largest frame websockets reads at all (its `max_size`)."""
MAX_DEPTH = 8
"""The deepest nesting of a client message; a real one nests 1 deep."""

# Error codes (the `code` of an `error` message) -------------------------------------------
TOO_LARGE = "too-large"
BAD_JSON = "bad-json"
BAD_MESSAGE = "bad-message"
UNKNOWN_TYPE = "unknown-type"
PROTOCOL_VERSION = "protocol-version"
NOT_HELLO = "hello-first"
ALREADY_HELLO = "already-hello"
UNKNOWN_TOKEN = "unknown-token"
UNKNOWN_GAME = "unknown-game"
SPECTATOR = "spectator"
NOT_YOUR_TURN = "not-your-turn"
STALE = "stale"
GAME_OVER = "game-over"
BAD_NOTATION = "bad-notation"
ILLEGAL_MOVE = "illegal-move"
RATE_LIMITED = "rate-limited"
FORBIDDEN = "forbidden"
BAD_RULESET = "bad-ruleset"
INTERNAL = "internal"
UNDO_REFUSED = "undo-refused"
FULL = "full"
ERROR_CODES = (
    TOO_LARGE, BAD_JSON, BAD_MESSAGE, UNKNOWN_TYPE, PROTOCOL_VERSION, NOT_HELLO, ALREADY_HELLO, UNKNOWN_TOKEN,
    UNKNOWN_GAME, SPECTATOR, NOT_YOUR_TURN, STALE, GAME_OVER, BAD_NOTATION, ILLEGAL_MOVE, RATE_LIMITED,
    FORBIDDEN, BAD_RULESET, INTERNAL, UNDO_REFUSED, FULL,
)

CLIENT_TYPES = ("hello", "move", "create", "ping", "chat", "resign", "undo")
"""The `type`s a client may send."""


class ProtocolError(ValueError):
    """A client message the server refuses: `code` (one of ERROR_CODES) and a message for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code

    def __reduce__(self) -> tuple[type[ProtocolError], tuple[str, str]]:
        return type(self), (self.code, str(self))


@cache
def schema() -> dict[str, Any]:
    """The JSON Schema of every client message (package data)."""
    text = resources.files("marblestudio.net").joinpath("protocol.schema.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def _validators() -> dict[str, Any]:
    """One validator per client message type (so an error names the fault, not "oneOf")."""
    from jsonschema import Draft202012Validator

    full = schema()
    return {name: Draft202012Validator({**full["$defs"][name], "$defs": full["$defs"]}) for name in CLIENT_TYPES}


def _depth(text: str) -> int:
    from marblestudio.records import nesting_depth

    return nesting_depth(text)


def parse_client(frame: str | bytes) -> dict[str, Any]:
    """The client message in `frame`, checked (raises `ProtocolError`)."""
    if isinstance(frame, bytes):
        if len(frame) > MAX_MESSAGE:
            raise ProtocolError(TOO_LARGE, f"a message is at most {MAX_MESSAGE} bytes")
        try:
            frame = frame.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError(BAD_JSON, "a message is UTF-8 JSON text") from None
    if len(frame) > MAX_MESSAGE:
        raise ProtocolError(TOO_LARGE, f"a message is at most {MAX_MESSAGE} bytes")
    if frame.count("{") + frame.count("[") > MAX_DEPTH and _depth(frame) > MAX_DEPTH:  # few brackets: not deep
        raise ProtocolError(BAD_MESSAGE, f"a message nests at most {MAX_DEPTH} levels deep")
    try:  # orjson: strict JSON (no NaN or Infinity, no lone surrogates), and fast
        data = orjson.loads(frame)
    except orjson.JSONDecodeError as exc:
        raise ProtocolError(BAD_JSON, f"not JSON: {str(exc)[:100]}") from None
    if not isinstance(data, dict):
        raise ProtocolError(BAD_MESSAGE, "a message is a JSON object with a 'type'")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError(BAD_MESSAGE, "a message has a 'type' (a string)")
    if kind not in CLIENT_TYPES:
        raise ProtocolError(UNKNOWN_TYPE, f"unknown message type {kind[:40]!r}; a client sends {', '.join(CLIENT_TYPES)}")
    if (kind == "move" and plain_move(data)) or (kind == "hello" and plain_hello(data)):
        return data
    from jsonschema.exceptions import best_match

    error = best_match(_validators()[kind].iter_errors(data))
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path) or "the message"
        raise ProtocolError(BAD_MESSAGE, f"{kind}: {where}: {error.message[:200]}")
    return data


_MOVE_KEYS = frozenset({"type", "move", "ply"})


def plain_move(data: dict[str, Any]) -> bool:
    """Whether `data` is a `move` in its usual form, which the schema accepts: checked here in a
    few steps, as moves are most of what a server reads (the schema's validator took a twentieth
    of its time).  Anything else goes to the schema, which says what is wrong."""
    move, ply = data.get("move"), data.get("ply")
    return (data.keys() == _MOVE_KEYS and type(move) is str and 1 <= len(move) <= 10_000
            and type(ply) is int and 0 <= ply <= 100_000_000)


_HELLO_KEYS = frozenset({"type", "protocol", "token", "game", "positions", "sample"})
_HEX = frozenset("0123456789abcdef")


def _hex(value: Any, least: int, most: int) -> bool:
    return type(value) is str and least <= len(value) <= most and _HEX.issuperset(value)


def plain_hello(data: dict[str, Any]) -> bool:
    """Whether `data` is a `hello` the schema accepts, checked in a few steps (every connection
    sends one; the schema's validator took a tenth of the server's time when games come and go
    quickly).  Anything else goes to the schema, which says what is wrong."""
    version = data.get("protocol")
    return (_HELLO_KEYS.issuperset(data.keys()) and type(version) is int and 1 <= version <= 1000
            and ("token" not in data or _hex(data["token"], 32, 32))
            and ("game" not in data or _hex(data["game"], 1, 32))
            and all(type(data[flag]) is bool for flag in ("positions", "sample") if flag in data))


def dump(message: dict[str, Any]) -> bytes:
    """A server message as the UTF-8 text of one frame (orjson: the server writes a frame for
    every seat after every move, and the standard library's encoder took a seventh of its time).
    A game's views go in as they are: orjson writes a dataclass as an object of its fields, a
    tuple as a list and an enum as its value, and `_sorted` writes a set, as `core.plain` does."""
    return orjson.dumps(message, default=_sorted)


def compact(frame: bytes) -> bytes:
    """A copy of `frame` that holds only its bytes.  orjson returns its output in the buffer it
    grew while writing (4 KiB at first, doubling), so a 545-byte frame kept 8 KiB of heap and a
    5 KB one 64 KiB; a frame that waits in an outbox is kept as a copy of its text."""
    return bytes(memoryview(frame))


def fragment(value: Any) -> Any:
    """`value` written as JSON once, to go into many frames as it is (an orjson Fragment).  It is
    kept (a game's view, until the next step): a copy holds only the text, not the larger buffer
    orjson wrote it in (`compact`)."""
    return orjson.Fragment(compact(orjson.dumps(value, default=_sorted)))


def _sorted(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    raise TypeError(f"{type(value).__name__} is not JSON")


def error(code: str, message: str, **extra: Any) -> dict[str, Any]:
    """An `error` message."""
    return {"type": "error", "code": code, "message": message, **extra}
