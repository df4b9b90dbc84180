"""Game records: one JSON file per game, and replaying it (docs/records.md).

A record holds everything needed to play the game again on any machine: the full resolved
ruleset (with the SHA-256 of its canonical JSON, so an edited record is caught), the seed, the
players, and every move in notation, chance outcomes included.  Replaying rebuilds the game from
the record alone and must reach the recorded result.

A record comes from outside (a file someone sent, a disk that failed), so reading one caps the
file's size and nesting before the JSON is parsed and then checks every field's type and size
strictly (``type(x) is int``: JSON's ``true`` is no format number): whatever the file holds,
reading and replaying it raise `RecordError` with a message naming the file and the fault, and
nothing else.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import reprlib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Any

from marblestudio.engine import family, new_game
from marblestudio.engine.core import Event, IllegalMoveError, Move, NotationError, Outcome, State, Termination
from marblestudio.engine.rules import Ruleset

FORMAT = 1
"""The record format this code writes and reads."""

KEYS = ("format", "ruleset", "seed", "players", "moves", "result")
"""The keys every record has."""
OPTIONAL_KEYS = ("game", "resigned", "start")
"""The keys a record may have besides.  Any other key is refused: a misspelt `resigned` would
otherwise be ignored without a word."""

MAX_BYTES = 16 * 1024 * 1024
"""The largest record file read (16 MB).  A record is about 10 KB and a long game about 1 MB;
the cap keeps a hostile file from taking gigabytes (parsed JSON takes ten times its text)."""
MAX_DEPTH = 64
"""The deepest nesting of arrays and objects in a record; a real one nests about 8 deep.  It is
checked on the text before parsing, as Python's JSON parser and the ruleset loader recurse."""
MAX_DIGITS = 100
"""The most digits of a whole number in a record (a 64-bit seed has 20)."""
MAX_TEXT = 1_000
"""The longest ruleset id, player name, player kind, string seed or result reason."""
MAX_MOVE = 10_000
"""The longest move notation (a shuffled ALIVE deck is about 250 characters)."""

_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+(?:"|\\?\Z)', re.DOTALL)
"""A JSON string, or an unterminated one running to the end of the text (which is then no JSON
at all): one left-to-right pass, never a second look at the same text."""
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
_SHA256 = re.compile(r"[0-9a-fA-F]{64}")
_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = _SHORT.maxlong = 40
_SHORT.maxlevel, _SHORT.maxlist, _SHORT.maxdict = 3, 6, 4


UNREADABLE = "unreadable-record"
"""`RecordError.kind` of a record that is not one: a file, JSON, field or start position at fault."""
RULESET_CHANGED = "ruleset-changed"
"""... of a record whose ruleset was edited after it was written (its SHA-256 does not match)."""
RULESET_INVALID = "ruleset-invalid"
"""... of a record whose ruleset this version cannot build."""
ILLEGAL_MOVE = "illegal-move"
"""... of a move that is no move, is illegal, comes after the end, or names the wrong seat."""
WRONG_RESULT = "wrong-result"
"""... of a replay that ends otherwise than the record's `result` says."""
KINDS = (UNREADABLE, RULESET_CHANGED, RULESET_INVALID, ILLEGAL_MOVE, WRONG_RESULT)


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says why, `index` which move and
    `kind` what kind of fault (one of KINDS: `replay --json` reports it for tools).

    It pickles with its index and kind (errors cross process boundaries): an exception pickles
    as its `args`, the message here, and its `__dict__`, which holds the rest."""

    def __init__(self, message: str, index: int | None = None, kind: str = UNREADABLE) -> None:
        super().__init__(message)
        self.index = index
        self.kind = kind


class RecordUnreadable(RecordError):
    """The record file itself cannot be read (missing, a folder, no permission): a usage error
    of the command line (exit 2), where a bad record is exit 1."""


def canonical_json(data: Any) -> str:
    """The one text of `data` that the SHA-256 is taken over."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def ruleset_sha256(resolved: Mapping[str, Any]) -> str:
    return hashlib.sha256(canonical_json(resolved).encode("utf-8")).hexdigest()


def plain_ruleset(resolved: Mapping[str, Any]) -> tuple[dict[str, Any], str]:
    """`resolved` as the plain data a record holds, and its SHA-256 (see `record_from_game`)."""
    plain = json.loads(json.dumps(resolved, ensure_ascii=False))
    return plain, ruleset_sha256(plain)


@dataclass
class GameRecord:
    """A game as data.  `result` is None for a game that was not finished."""

    ruleset_id: str
    resolved: dict[str, Any]
    players: list[dict[str, str]]
    moves: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None
    seed: Any = None  # None, an int or a str (see _seed)
    game: int | None = None  # the game's index in a `simulate` run (its chance: seed and index)
    resigned: int | None = None  # the seat that gave up after the last move (the result says so)
    start: str | None = None  # the position the game started from (docs/notation.md), None for the rules' set-up
    source: str | None = field(default=None, compare=False, repr=False)  # the file it was read from
    digest: str | None = field(default=None, compare=False, repr=False)  # `sha256` worked out before, if known


    def where(self) -> str:
        """"FILE: " for a record read from a file (so messages name it), else ""."""
        return f"{self.source}: " if self.source else ""

    @property
    def sha256(self) -> str:
        return self.digest if self.digest is not None else ruleset_sha256(self.resolved)

    @property
    def outcome(self) -> Outcome | None:
        return None if self.result is None else Outcome.from_json(self.result)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "ruleset": {"id": self.ruleset_id, "resolved": self.resolved, "sha256": self.sha256},
            "seed": self.seed,
            "players": self.players,
            "moves": self.moves,
            "result": self.result,
        }
        if self.game is not None:
            data["game"] = self.game
        if self.resigned is not None:
            data["resigned"] = self.resigned
        if self.start is not None:
            data["start"] = self.start
        return data

    @classmethod
    def from_json(cls, data: Any, source: str = "record") -> GameRecord:
        """Check the shape and every field of `data` and build the record (raises `RecordError`
        naming `source` and the field)."""
        if not isinstance(data, dict):
            raise RecordError(f"{source}: a game record is a JSON object, not {type(data).__name__}")
        if "games" in data and "ruleset" not in data:
            raise RecordError(f"{source}: this is a match record, not a game record: replay it with 'marblestudio replay {source}'")
        missing = [k for k in KEYS if k not in data]
        if missing:
            raise RecordError(f"{source}: not a game record: missing key(s) {', '.join(missing)}")
        _format(data["format"], source)
        unknown = [k for k in data if k not in KEYS and k not in OPTIONAL_KEYS]
        if unknown:
            raise RecordError(f"{source}: unknown key(s) {', '.join(_shown(k) for k in unknown)}: "
                              f"a record of format {FORMAT} has {', '.join(KEYS + OPTIONAL_KEYS)}")
        ruleset_id, resolved = _ruleset(data["ruleset"], source)
        players = _players(data["players"], source)
        result = _result(data["result"], len(players), source)
        return cls(
            ruleset_id=ruleset_id,
            resolved=resolved,
            players=players,
            moves=_moves(data["moves"], source),
            result=result,
            seed=_seed(data["seed"], source),
            game=_game(data.get("game"), source),
            resigned=_resigned(data.get("resigned"), len(players), result, source),
            start=None if data.get("start") is None else _text(data["start"], "start", source, limit=MAX_MOVE),
        )


# Checking the fields of a record ----------------------------------------------------------
def _shown(value: Any) -> str:
    """`value` for a message: a short repr (a hostile value may be megabytes long)."""
    try:
        return _SHORT.repr(value)
    except ValueError:  # an int too long to write out (only data built in memory holds one)
        return type(value).__name__


def _kind(value: Any) -> str:
    """What a JSON value is, in words, for "must be X, not Y" messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (int, float, str)):
        return _shown(value)
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _fail(source: str, message: str) -> RecordError:
    return RecordError(f"{source}: {message}")


def _text(value: Any, name: str, source: str, *, limit: int = MAX_TEXT, empty: bool = False) -> str:
    """`value` when it is a string fit to print: not empty (unless `empty`), at most `limit`
    characters, no control characters (a newline in a name would forge output lines) and
    valid Unicode (a lone surrogate cannot be written out as UTF-8)."""
    if type(value) is not str:
        raise _fail(source, f"'{name}' must be a string, not {_kind(value)}")
    if not value and not empty:
        raise _fail(source, f"'{name}' is empty")
    if len(value) > limit:
        raise _fail(source, f"'{name}' is {len(value):,} characters long; at most {limit:,} are allowed")
    problem = unprintable(value)
    if problem is not None:
        raise _fail(source, f"'{name}' {problem}: {_shown(value)}")
    return value


def unprintable(text: str) -> str | None:
    """Why `text` cannot stand in a record or a line of output, or None: a control character (a
    newline in a name would forge output lines), or a lone surrogate (not valid Unicode: a byte
    of a command line that is not UTF-8, say), which cannot be written out as UTF-8."""
    if _CONTROL.search(text):
        return "holds a control character"
    if _SURROGATE.search(text):
        return "holds a character that is not valid Unicode (a lone surrogate)"
    return None


def _whole(value: Any) -> bool:
    """True for a whole number of at most MAX_DIGITS digits (JSON's true and false are not)."""
    return type(value) is int and abs(value) < 10**MAX_DIGITS


def _members(value: Any, name: str, source: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict[str, Any]:
    """`value` when it is an object with the `required` keys and no keys but those and `optional`."""
    keys = ", ".join(f"'{k}'" for k in required + optional)
    if type(value) is not dict:
        raise _fail(source, f"'{name}' must be an object with {keys}, not {_kind(value)}")
    missing = [k for k in required if k not in value]
    if missing:
        raise _fail(source, f"'{name}' has no {', '.join(repr(k) for k in missing)}: it must be an object with {keys}")
    unknown = [k for k in value if k not in required and k not in optional]
    if unknown:
        raise _fail(source, f"'{name}' has unknown key(s) {', '.join(_shown(k) for k in unknown)}: it has only {keys}")
    return value


def _format(value: Any, source: str) -> None:
    """Refuse a record of another format (JSON's true is no number here, though True == 1)."""
    if type(value) is not int:
        raise _fail(source, f"'format' must be the number {FORMAT}, not {_kind(value)}")
    if value != FORMAT:
        raise _fail(source, f"record format {_shown(value)} is not supported (this version reads {FORMAT})")


def _ruleset(value: Any, source: str) -> tuple[str, dict[str, Any]]:
    """The ruleset's id and resolved data, after checking the SHA-256 of the data."""
    ruleset = _members(value, "ruleset", source, ("id", "resolved", "sha256"))
    ruleset_id = _text(ruleset["id"], "ruleset.id", source)
    resolved = ruleset["resolved"]
    if type(resolved) is not dict:
        raise _fail(source, f"'ruleset.resolved' must be an object (the full ruleset), not {_kind(resolved)}")
    said = ruleset["sha256"]
    if type(said) is not str or not _SHA256.fullmatch(said):
        raise _fail(source, f"'ruleset.sha256' must be 64 hex digits (the SHA-256 of 'ruleset.resolved'), not {_kind(said)}")
    try:
        actual = ruleset_sha256(resolved)
    except UnicodeEncodeError:
        raise _fail(source, "'ruleset.resolved' holds a character that is not valid Unicode (a lone surrogate)") from None
    except (TypeError, ValueError, RecursionError) as exc:  # data built in memory, not read from JSON
        raise _fail(source, f"'ruleset.resolved' is not plain JSON data: {exc}") from None
    if actual != said.lower():
        raise RecordError(f"{source}: the ruleset in the record was changed: its SHA-256 is {actual[:12]}..., the record says {said[:12]}...",
                          kind=RULESET_CHANGED)
    return ruleset_id, resolved


def _players(value: Any, source: str) -> list[dict[str, str]]:
    """One `{"name", "kind"}` per seat; `kind` defaults to "human" (a seat played by a person)."""
    if type(value) is not list:
        raise _fail(source, f"'players' must be a list of objects with a 'name', not {_kind(value)}")
    if not value:
        raise _fail(source, "'players' is empty: a record lists one object per seat")
    players = []
    for seat, entry in enumerate(value):
        name = f"players[{seat}]"
        entry = _members(entry, name, source, ("name",), ("kind",))
        players.append({
            "name": _text(entry["name"], f"{name}.name", source),
            "kind": _text(entry.get("kind", "human"), f"{name}.kind", source),
        })
    return players


def _moves(value: Any, source: str) -> list[str]:
    """The move notations (what they say is for the game to judge, when it is replayed)."""
    if type(value) is not list:
        raise _fail(source, f"'moves' must be a list of move notations (strings), not {_kind(value)}")
    for index, move in enumerate(value):
        if type(move) is not str:
            raise RecordError(f"{source}: move {index} must be a move notation (a string), not {_kind(move)}", index)
        if len(move) > MAX_MOVE:
            raise RecordError(f"{source}: move {index} is {len(move):,} characters long; a move is at most {MAX_MOVE:,}", index)
    return list(value)


def _result(value: Any, players: int, source: str) -> dict[str, Any] | None:
    """The stated result (None for an unfinished game): a known termination, distinct seats
    as winners, and a reason."""
    if value is None:
        return None
    result = _members(value, "result", source, ("termination", "winners", "reason"))
    termination = result["termination"]
    names = [t.value for t in Termination]
    if type(termination) is not str or termination not in names:
        raise _fail(source, f"'result.termination' must be {', '.join(names)}, not {_kind(termination)}")
    winners = result["winners"]
    seats = range(players)
    if type(winners) is not list or not all(type(w) is int and w in seats for w in winners):
        raise _fail(source, f"'result.winners' must list seats 0 to {players - 1}, not {_shown(winners)}")
    if len(set(winners)) < len(winners):
        raise _fail(source, f"'result.winners' names a seat twice: {_shown(winners)}")
    if (termination == Termination.WIN.value) != bool(winners):  # a win has winners; a draw or a capped game none
        raise _fail(source, f"'result.termination' {termination!r} and 'result.winners' {_shown(winners)} disagree: "
                            "a win names its winners, a draw or a capped game nobody")
    reason = _text(result["reason"], "result.reason", source, empty=True)
    return {"termination": termination, "winners": list(winners), "reason": reason}


def _seed(value: Any, source: str) -> int | str | None:
    """The run's seed: null, a whole number or a string (it is printed, and a whole number
    seeds the chance of a game played on from the record)."""
    if value is None or _whole(value):
        return value  # type: ignore[no-any-return]
    if type(value) is str:
        return _text(value, "seed", source, empty=True)
    raise _fail(source, f"'seed' must be null, a whole number of at most {MAX_DIGITS} digits or a string, not {_kind(value)}")


def _game(value: Any, source: str) -> int | None:
    """The game's index in its `simulate` run: a whole number from 0, if given."""
    if value is None or (_whole(value) and value >= 0):
        return value  # type: ignore[no-any-return]
    raise _fail(source, f"'game' must be the game's index in its run, a whole number from 0, not {_kind(value)}")


def _resigned(value: Any, players: int, result: dict[str, Any] | None, source: str) -> int | None:
    """The seat that resigned after the last move, if any; the record must then have a result."""
    if value is None:
        return None
    if type(value) is not int or value not in range(players):
        raise _fail(source, f"'resigned' must be the seat that resigned, 0 to {players - 1}, not {_kind(value)}")
    if result is None:
        raise _fail(source, f"the record says seat {value} resigned but has no 'result'")
    return value


def player_entries(names: Sequence[str], kind: str = "computer") -> list[dict[str, str]]:
    """``[{"name": ..., "kind": ...}]`` for a list of names."""
    return [{"name": name, "kind": kind} for name in names]


def save_record(path: str | os.PathLike[str], record: GameRecord) -> None:
    """Write `record` atomically (`marblestudio.atomic`): the old file or the whole new one, and
    no temporary file left behind, even when the process is killed.  (The game server writes its
    records itself, with orjson and without waiting for the disk: `net.store`.)"""
    from marblestudio.atomic import write_atomic

    write_atomic(path, json.dumps(record.to_json(), ensure_ascii=False, indent=1) + "\n")


def load_record(path: str | os.PathLike[str]) -> GameRecord:
    """Read and check a record file (raises `RecordError` with a message for the user).

    The size cap is checked before the file is read and the nesting before it is parsed, so a
    huge or deeply nested file is refused at once."""
    name = os.fspath(path)
    data = parse_record_text(_read_text(name), name)
    record = GameRecord.from_json(data, name)
    record.source = name
    return record


def _read_text(path: str, limit: int | None = None, what: str = "a game record is at most that (a long game is about 1 MB)") -> str:
    """The file's text: its size checked first, then at most `limit` (default MAX_BYTES) + 1
    bytes read (the file may grow between the two)."""
    limit = MAX_BYTES if limit is None else limit
    too_big = f"{path}: the file is larger than {limit // (1024 * 1024)} MB; {what}"
    try:
        if os.stat(path).st_size > limit:
            raise RecordError(too_big)
        with open(path, "rb") as handle:
            raw = handle.read(limit + 1)
    except OSError as exc:
        raise RecordUnreadable(f"{path}: cannot read the record: {exc.strerror or exc}") from None
    if len(raw) > limit:
        raise RecordError(too_big)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{path}: not a game record: the file is not UTF-8 text") from None


def parse_record_text(text: str, source: str) -> Any:
    """The JSON data of a record's `text` (raises `RecordError` naming `source`).

    Refused before parsing: empty text and nesting deeper than MAX_DEPTH.  Refused while
    parsing: a key twice in one object, NaN and Infinity (not JSON, though Python reads
    them), numbers too large for a float and whole numbers of more than MAX_DIGITS digits.
    """
    if not text.strip():
        raise RecordError(f"{source}: the file is empty: a game record is a JSON object (see docs/records.md)")
    depth = nesting_depth(text)
    if depth > MAX_DEPTH:
        raise RecordError(f"{source}: the record nests {depth:,} levels deep; a record nests at most {MAX_DEPTH} (a real one about 8)")
    try:
        return json.loads(text, object_pairs_hook=_object, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        if source.lower().endswith((".yaml", ".yml")):
            raise RecordError(
                f"{source}: this is a ruleset, not a game record: start a game of it from the library, "
                "or with: marblestudio play FILE"
            ) from None
        raise RecordError(f"{source}:{exc.lineno}:{exc.colno}: the record is not valid JSON: {exc.msg}") from None
    except _Refused as exc:
        raise RecordError(f"{source}{_position(text, exc.token)}: the record is not valid: {exc}") from None


def nesting_depth(text: str) -> int:
    """How deep arrays and objects nest in JSON `text`, counting brackets outside strings.

    Linear in the text and done in C (regular expressions, `accumulate`), so even a text of
    MAX_BYTES brackets is measured in well under a second; text that is no JSON gets some
    number, and the parser then says what is wrong with it."""
    skeleton = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, skeleton)), default=0)


class _Refused(ValueError):
    """A value that the JSON parser met and no record holds (raised by the parser's hooks);
    `token` is its text, to find where it is."""

    def __init__(self, message: str, token: str | None = None) -> None:
        super().__init__(message)
        self.token = token


def _position(text: str, token: str | None) -> str:
    """":LINE:COLUMN" of the first `token` outside JSON strings in `text`, or "" (the parser's
    hooks are not told where they are)."""
    if token is None:
        return ""
    for found in re.finditer(f"{_STRING.pattern}|{re.escape(token)}", text, re.DOTALL):
        if not found.group().startswith('"'):
            start = found.start()
            line = text.count("\n", 0, start) + 1
            column = start - text.rfind("\n", 0, start)
            return f":{line}:{column}"
    return ""


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refused when a key comes twice (the parser would keep the last silently)."""
    data = dict(pairs)
    if len(data) < len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Refused(f"the key {_shown(key)} appears twice in one object")
            seen.add(key)
    return data


def _int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise _Refused(f"a number has {digits:,} digits; a record's numbers have at most {MAX_DIGITS}", text)
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"the number {_shown(text)} is too large", text)
    return value


def _constant(name: str) -> float:
    raise _Refused(f"{name} is not a number JSON allows", name)


# Replay ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ReplayStep:
    index: int
    seat: int  # who moved (core.CHANCE for a chance outcome)
    move: Move
    events: list[Event]


def record_rules(record: GameRecord) -> Ruleset:
    """The record's ruleset, built from its resolved copy (never from the file it came from)."""
    from marblestudio.rulesets import RulesetError, from_resolved

    try:
        return from_resolved(record.resolved)
    except RulesetError as exc:
        first = exc.diagnostics[0].message if getattr(exc, "diagnostics", None) else str(exc)
        raise RecordError(f"{record.where()}the record's ruleset {record.ruleset_id!r} is not a valid ruleset: {first}",
                          kind=RULESET_INVALID) from None
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"{record.where()}the record's ruleset {record.ruleset_id!r} cannot be built: {exc}", kind=RULESET_INVALID) from None


def replay_steps(record: GameRecord, rules: Ruleset | None = None) -> Iterator[ReplayStep]:
    """Play the record's moves one by one; an unreadable or illegal move raises `RecordError`
    naming its index (0-based) and the rule it breaks."""
    yield from play_moves(start(record, rules), record.moves, record.source)


def start(record: GameRecord, rules: Ruleset | None = None) -> State:
    """A new game of the record's rules and players, at its `start` position if it has one
    (raises `RecordError`)."""
    rules = record_rules(record) if rules is None else rules
    if record.start is not None:
        return start_at(record, rules, record.start)
    try:
        return new_game(rules, len(record.players))
    except (ValueError, KeyError, ImportError) as exc:
        raise RecordError(f"{record.where()}cannot start a game of {record.ruleset_id!r}: {exc}") from None


def start_at(record: GameRecord, rules: Ruleset, position: str) -> State:
    """The game at the record's start `position` (raises `RecordError` naming the field at fault)."""
    from marblestudio.engine import PositionError, from_position

    try:
        state = from_position(rules, position)
    except PositionError as exc:
        raise RecordError(f"{record.where()}'start' is not a position of {record.ruleset_id}: {exc}") from None
    if state.num_players != len(record.players):
        raise RecordError(f"{record.where()}'start' is a position for {state.num_players} players, and the record has {len(record.players)}")
    return state


def play_moves(state: State, moves: Sequence[str], source: str | None = None) -> Iterator[ReplayStep]:
    """Apply `moves` (notations) to `state`, yielding each step; raises `RecordError` at the
    first unreadable or illegal move, with its 0-based index (and the file `source`, if given).

    A move may carry its seat before a colon (``"Blue: R3+"``, ``"chance: setup ..."``): the
    seat must be the one to move (a record written by hand is checked as it goes)."""
    where = f"{source}: " if source else ""
    for index, text in enumerate(moves):
        shown = _move_text(text)
        if state.outcome() is not None:
            raise RecordError(f"{where}move {index} ({shown}): the game was already over", index, ILLEGAL_MOVE)
        seat = state.to_move
        notation = _without_seat(state, text, seat, f"{where}move {index} ({shown})", index)
        try:
            move = state.parse_move(notation)
        except NotationError as exc:
            raise RecordError(f"{where}move {index} ({shown}): {exc}", index, ILLEGAL_MOVE) from None
        try:
            events = state.apply(move)
        except IllegalMoveError as exc:
            raise RecordError(f"{where}move {index} ({shown}) is illegal: {exc.rule}", index, ILLEGAL_MOVE) from None
        except Exception as exc:
            fault = family.blame_at(exc, f"at move {index} ({shown})" + (f" of {source}" if source else ""))  # a plug-in's bug
            if fault is None:
                raise
            raise fault from exc
        yield ReplayStep(index, seat, move, events)


CHANCE_NAME = "chance"
"""The seat a record may write before a chance outcome: ``"chance: setup ..."``."""


def seat_label(state: State, seat: int) -> str:
    """The name a record writes before a move of `seat`: the ruleset's seat name, or `chance`."""
    return CHANCE_NAME if seat < 0 else state.ruleset.presentation.seat_name(seat)


def _without_seat(state: State, text: str, seat: int, what: str, index: int) -> str:
    """`text` without a leading ``SEAT: `` (checked to be the seat to move), or `text` itself."""
    label, colon, rest = text.partition(": ")
    if not colon:
        return text
    names = {seat_label(state, s).casefold(): s for s in range(-1, state.num_players)}
    named = names.get(label.strip().casefold())
    if named is None:
        return text  # no seat's name: the notation itself (which then says what is wrong)
    if named != seat:
        raise RecordError(f"{what}: it is {seat_label(state, seat)}'s turn, not {seat_label(state, named)}'s", index, ILLEGAL_MOVE)
    return rest


def _move_text(text: str) -> str:
    """A move's notation for a message: as written when it is short and printable."""
    if len(text) <= 80 and text.isprintable():
        return text
    return _shown(text)


def resignation(state: State, rules: Ruleset, seat: int) -> Outcome:
    """The result when `seat` gives up: the players still in win (with two players, the other)."""
    is_out = getattr(state, "is_out", None)
    others = tuple(s for s in range(state.num_players) if s != seat and not (callable(is_out) and is_out(s)))
    return Outcome(Termination.WIN, others, f"{rules.presentation.seat_name(seat)} resigned")


def final_outcome(record: GameRecord, state: State, rules: Ruleset, *, prefix: bool = False) -> Outcome | None:
    """How the replayed game ended: by its rules, or by the recorded resignation after the last
    move; raises `RecordError` if that is not what the record's `result` says.

    A `result` of None says the game is unfinished, and a finished game is then an error too;
    with `prefix`, None says nothing (the record holds the first moves of a game, as the app
    and `render --move` open them) and any ending is accepted."""
    got = state.outcome()
    if record.resigned is not None:
        if got is not None:
            raise RecordError(f"{record.where()}seat {record.resigned} resigned after the game was over", len(record.moves), WRONG_RESULT)
        got = resignation(state, rules, record.resigned)
    expected = record.outcome
    if got != expected and not (prefix and expected is None):
        if got is not None and expected is not None and (got.termination, got.winners) == (expected.termination, expected.winners):
            same = _describe(Outcome(got.termination, got.winners))
            raise RecordError(f"{record.where()}the replay ends in {same}, as the record says, but for another reason: "
                              f"the rules say '{got.reason}', the record says '{expected.reason}'", len(record.moves), WRONG_RESULT)
        said = "an unfinished game (its 'result' is null)" if expected is None else _describe(expected)
        raise RecordError(f"{record.where()}the replay ends in {_describe(got)}, but the record says {said}", len(record.moves), WRONG_RESULT)
    return got


def replay(record: GameRecord, rules: Ruleset | None = None) -> tuple[State, list[ReplayStep]]:
    """Replay the whole record; check that it reaches the recorded result."""
    rules = record_rules(record) if rules is None else rules
    state = start(record, rules)
    steps = list(play_moves(state, record.moves, record.source))
    final_outcome(record, state, rules)
    return state, steps


def _describe(outcome: Outcome | None) -> str:
    """An outcome in words, its reason included (two results may differ in the reason only)."""
    if outcome is None:
        return "an unfinished game"
    text = f"a {outcome.termination.value}"
    if outcome.winners:
        text += f" for seat(s) {', '.join(str(s) for s in outcome.winners)}"  # as the record numbers them, from 0
    return f"{text} ({outcome.reason})" if outcome.reason else text


def record_from_game(
    loaded_id: str,
    resolved: Mapping[str, Any],
    players: list[dict[str, str]],
    moves: Sequence[Move | str],
    outcome: Outcome | None,
    seed: Any = None,
    game: int | None = None,
    resigned: int | None = None,
    start: str | None = None,
    plain: tuple[dict[str, Any], str] | None = None,
) -> GameRecord:
    """A record of a game played (moves as Move objects or notations); `resigned` is the seat
    that gave up after the last move, whose `resignation` is the `outcome`.  `plain`: `resolved`
    already as plain data, and its SHA-256 (`plain_ruleset`), for a caller making many records
    of one ruleset (shared, not copied: records do not change their ruleset)."""
    data, digest = (json.loads(json.dumps(resolved, ensure_ascii=False)), None) if plain is None else plain  # mapping order kept
    return GameRecord(
        digest=digest,
        ruleset_id=loaded_id,
        resolved=data,
        players=players,
        moves=[str(m) for m in moves],
        result=None if outcome is None else outcome.to_json(),
        seed=seed,
        game=game,
        resigned=resigned,
        start=start,
    )
