"""Game records: one JSON file per game, and replaying it (docs/records.md).

A record holds everything needed to play the game again on any machine: the full resolved
ruleset (with the SHA-256 of its canonical JSON, so an edited record is caught), the seed, the
players, and every move in notation, chance outcomes included.  Replaying rebuilds the game from
the record alone and must reach the recorded result.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from marblestudio.engine import new_game
from marblestudio.engine.core import Event, IllegalMoveError, Move, NotationError, Outcome, State, Termination
from marblestudio.engine.rules import Ruleset

FORMAT = 1
"""The record format this code writes and reads."""

KEYS = ("format", "ruleset", "seed", "players", "moves", "result")


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says why (and `index` which move)."""

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index


def canonical_json(data: Any) -> str:
    """The one text of `data` that the SHA-256 is taken over."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def ruleset_sha256(resolved: Mapping[str, Any]) -> str:
    return hashlib.sha256(canonical_json(resolved).encode("utf-8")).hexdigest()


@dataclass
class GameRecord:
    """A game as data.  `result` is None for a game that was not finished."""

    ruleset_id: str
    resolved: dict[str, Any]
    players: list[dict[str, str]]
    moves: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None
    seed: Any = None
    game: int | None = None  # the game's index in a `simulate` run (its chance: seed and index)
    resigned: int | None = None  # the seat that gave up after the last move (the result says so)
    source: str | None = field(default=None, compare=False, repr=False)  # the file it was read from

    def where(self) -> str:
        """"FILE: " for a record read from a file (so messages name it), else ""."""
        return f"{self.source}: " if self.source else ""

    @property
    def sha256(self) -> str:
        return ruleset_sha256(self.resolved)

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
        return data

    @classmethod
    def from_json(cls, data: Any, source: str = "record") -> GameRecord:
        """Check the shape of `data` and build the record (raises `RecordError`)."""
        if not isinstance(data, dict):
            raise RecordError(f"{source}: a game record is a JSON object, not {type(data).__name__}")
        missing = [k for k in KEYS if k not in data]
        if missing:
            raise RecordError(f"{source}: not a game record: missing key(s) {', '.join(missing)}")
        if data["format"] != FORMAT:
            raise RecordError(f"{source}: record format {data['format']!r} is not supported (this version reads {FORMAT})")
        ruleset = data["ruleset"]
        if not isinstance(ruleset, dict) or not {"id", "resolved", "sha256"} <= ruleset.keys():
            raise RecordError(f"{source}: 'ruleset' must be an object with 'id', 'resolved' and 'sha256'")
        if not isinstance(ruleset["resolved"], dict):
            raise RecordError(f"{source}: 'ruleset.resolved' must be an object (the full ruleset)")
        actual = ruleset_sha256(ruleset["resolved"])
        if actual != ruleset["sha256"]:
            raise RecordError(
                f"{source}: the ruleset in the record was changed: its SHA-256 is {actual[:12]}..., "
                f"the record says {str(ruleset['sha256'])[:12]}..."
            )
        moves = data["moves"]
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise RecordError(f"{source}: 'moves' must be a list of move notations (strings)")
        players = data["players"]
        if not isinstance(players, list) or not all(isinstance(p, dict) and "name" in p for p in players):
            raise RecordError(f"{source}: 'players' must be a list of objects with a 'name'")
        if not players:
            raise RecordError(f"{source}: 'players' is empty: a record lists one object per seat")
        result = data["result"]
        if result is not None:
            try:
                Outcome.from_json(result)
            except (KeyError, TypeError, ValueError):
                raise RecordError(f"{source}: 'result' is not a game result: {result!r}") from None
            winners = result.get("winners", [])
            seats = range(len(players))
            if not isinstance(winners, list) or not all(type(w) is int and w in seats for w in winners):
                raise RecordError(f"{source}: 'result.winners' must list seats 0 to {len(players) - 1}, not {winners!r}")
        resigned = data.get("resigned")
        if resigned is not None:
            if type(resigned) is not int or resigned not in range(len(players)):
                raise RecordError(f"{source}: 'resigned' must be the seat that resigned, 0 to {len(players) - 1}, not {resigned!r}")
            if result is None:
                raise RecordError(f"{source}: the record says seat {resigned} resigned but has no 'result'")
        return cls(
            ruleset_id=str(ruleset["id"]),
            resolved=ruleset["resolved"],
            players=[{"name": str(p["name"]), "kind": str(p.get("kind", "human"))} for p in players],
            moves=list(moves),
            result=result,
            seed=data["seed"],
            game=data.get("game"),
            resigned=resigned,
        )


def player_entries(names: Sequence[str], kind: str = "computer") -> list[dict[str, str]]:
    """``[{"name": ..., "kind": ...}]`` for a list of names."""
    return [{"name": name, "kind": kind} for name in names]


def save_record(path: str | os.PathLike[str], record: GameRecord) -> None:
    """Write `record` atomically (`marblestudio.atomic`): the old file or the whole new one, and
    no temporary file left behind, even when the process is killed."""
    from marblestudio.atomic import write_atomic

    write_atomic(path, json.dumps(record.to_json(), ensure_ascii=False, indent=1) + "\n")


def load_record(path: str | os.PathLike[str]) -> GameRecord:
    """Read and check a record file (raises `RecordError` with a message for the user)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"{path}: cannot read the record: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path}: not a game record: the file is not UTF-8 text") from None
    if not text.strip():
        raise RecordError(f"{path}: the file is empty: a game record is a JSON object (see docs/records.md)")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        if Path(path).suffix.lower() in (".yaml", ".yml"):
            raise RecordError(
                f"{path}: this is a ruleset, not a game record: start a game of it from the library, "
                "or with: marblestudio play FILE"
            ) from None
        raise RecordError(f"{path}:{exc.lineno}:{exc.colno}: the record is not valid JSON: {exc.msg}") from None
    record = GameRecord.from_json(data, str(path))
    record.source = str(path)
    return record


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
        raise RecordError(f"{record.where()}the record's ruleset {record.ruleset_id!r} is not a valid ruleset: {first}") from None
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"{record.where()}the record's ruleset {record.ruleset_id!r} cannot be built: {exc}") from None


def replay_steps(record: GameRecord, rules: Ruleset | None = None) -> Iterator[ReplayStep]:
    """Play the record's moves one by one; an unreadable or illegal move raises `RecordError`
    naming its index (0-based) and the rule it breaks."""
    yield from play_moves(start(record, rules), record.moves, record.source)


def start(record: GameRecord, rules: Ruleset | None = None) -> State:
    """A new game of the record's rules and players (raises `RecordError`)."""
    rules = record_rules(record) if rules is None else rules
    try:
        return new_game(rules, len(record.players))
    except (ValueError, KeyError, ImportError) as exc:
        raise RecordError(f"{record.where()}cannot start a game of {record.ruleset_id!r}: {exc}") from None


def play_moves(state: State, moves: Sequence[str], source: str | None = None) -> Iterator[ReplayStep]:
    """Apply `moves` (notations) to `state`, yielding each step; raises `RecordError` at the
    first unreadable or illegal move, with its 0-based index (and the file `source`, if given)."""
    where = f"{source}: " if source else ""
    for index, text in enumerate(moves):
        if state.outcome() is not None:
            raise RecordError(f"{where}move {index} ({text}): the game was already over", index)
        try:
            move = state.parse_move(text)
        except NotationError as exc:
            raise RecordError(f"{where}move {index} ({text}): {exc}", index) from None
        seat = state.to_move
        try:
            events = state.apply(move)
        except IllegalMoveError as exc:
            raise RecordError(f"{where}move {index} ({text}) is illegal: {exc.rule}", index) from None
        yield ReplayStep(index, seat, move, events)


def resignation(state: State, rules: Ruleset, seat: int) -> Outcome:
    """The result when `seat` gives up: the players still in win (with two players, the other)."""
    is_out = getattr(state, "is_out", None)
    others = tuple(s for s in range(state.num_players) if s != seat and not (callable(is_out) and is_out(s)))
    return Outcome(Termination.WIN, others, f"{rules.presentation.seat_name(seat)} resigned")


def final_outcome(record: GameRecord, state: State, rules: Ruleset) -> Outcome | None:
    """How the replayed game ended: by its rules, or by the recorded resignation after the last
    move; raises `RecordError` if that is not what the record says."""
    got = state.outcome()
    if record.resigned is not None:
        if got is not None:
            raise RecordError(f"{record.where()}seat {record.resigned} resigned after the game was over", len(record.moves))
        got = resignation(state, rules, record.resigned)
    expected = record.outcome
    if expected is not None and got != expected:
        said = _describe(expected)
        raise RecordError(f"{record.where()}the replay ends in {_describe(got)}, but the record says {said}", len(record.moves))
    return got


def replay(record: GameRecord, rules: Ruleset | None = None) -> tuple[State, list[ReplayStep]]:
    """Replay the whole record; check that it reaches the recorded result."""
    rules = record_rules(record) if rules is None else rules
    state = start(record, rules)
    steps = list(play_moves(state, record.moves, record.source))
    final_outcome(record, state, rules)
    return state, steps


def _describe(outcome: Outcome | None) -> str:
    if outcome is None:
        return "an unfinished game"
    if outcome.winners:
        return f"a {outcome.termination.value} for seat(s) {', '.join(str(s + 1) for s in outcome.winners)}"
    return f"a {outcome.termination.value}"


def record_from_game(
    loaded_id: str,
    resolved: Mapping[str, Any],
    players: list[dict[str, str]],
    moves: Sequence[Move | str],
    outcome: Outcome | None,
    seed: Any = None,
    game: int | None = None,
    resigned: int | None = None,
) -> GameRecord:
    """A record of a game played (moves as Move objects or notations); `resigned` is the seat
    that gave up after the last move, whose `resignation` is the `outcome`."""
    return GameRecord(
        ruleset_id=loaded_id,
        resolved=json.loads(json.dumps(resolved, ensure_ascii=False)),  # plain data, mapping order kept
        players=players,
        moves=[str(m) for m in moves],
        result=None if outcome is None else outcome.to_json(),
        seed=seed,
        game=game,
        resigned=resigned,
    )
