"""Hostile game records (issue 13): any mutation of a valid record is refused with a message
naming the file and the fault, or replays to the result the record states.  Never another
exception (the `replay` command's exit 3), never a silently different result.

The valid records are the golden ones (tests/golden, tests/engine/archimedes/golden) and seeded
random games of every bundled family, a resigned game and an unfinished one among them.  A
mutation is made at the JSON level (a field given an odd value, a key deleted or added, moves
cut, reordered, repeated or edited, the result or the resignation changed, the resolved ruleset
edited with or without a matching SHA-256) or at the byte level (bytes flipped, the file cut,
brackets inserted).  Each mutant goes through `marblestudio replay --json` and through the part
of `marblestudio render` that builds a session from a record (no OpenGL needed).

The draws come from hypothesis, derandomized so that the suite repeats itself: 300 mutants of
each level in the normal run (a few seconds) and 1,500 more in the tests marked `slow`.  Longer
runs by hand: `.venv/bin/python tests/test_record_fuzz.py COUNT SEED`.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import io
import json
import math
import random
import re
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from marblestudio.cli import main
from marblestudio.cli.render import _session
from marblestudio.engine.core import Outcome
from marblestudio.playtest import game_rng, play_game
from marblestudio.records import KINDS, MAX_DIGITS, MAX_TEXT, player_entries, record_from_game, ruleset_sha256
from marblestudio.rulesets import load_with_source
from marblestudio.session import HUMAN, Session, to_record

TESTS = Path(__file__).resolve().parent
GOLDEN = sorted([*(TESTS / "golden").glob("*.json"), *(TESTS / "engine" / "archimedes" / "golden").glob("*.json")])
PLAYED = [  # (ruleset, players): seeded random games, so every family is mutated
    ("alive/standard", 3),
    ("alive/team-play", 4),
    ("avalanche/standard", 2),
    ("avalanche/partnership", 4),
    ("archimedes/variation-4", 2),
    ("stay-alive/big-board", 3),
]

Json = Any
FieldPath = tuple[str | int, ...]


# The valid records ---------------------------------------------------------------------------
def _text(data: Json) -> bytes:
    """A record's file, as `save_record` writes it."""
    return (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def _played(ruleset: str, players: int) -> bytes:
    loaded = load_with_source(ruleset)
    result = play_game(loaded.rules, players, game_rng("fuzz", players))
    names = [loaded.rules.presentation.seat_name(s) for s in range(players)]
    record = record_from_game(loaded.rules.id, loaded.resolved, player_entries(names), result.moves,
                              result.outcome, seed="fuzz", game=players)
    return _text(record.to_json())


def _random_steps(session: Session, rng: random.Random, steps: int) -> None:
    """`steps` random moves of the players (chance played as it comes); the game must go on."""
    for _ in range(steps):
        session.advance_chance()
        moves = session.state.legal_moves()
        session.play(moves[rng.randrange(len(moves))])
    assert not session.is_over(), "the base record must be a game still on"


def _session_record(ruleset: str, players: int, steps: int, resign: int | None) -> bytes:
    """A game of people played `steps` random steps: resigned by seat `resign`, or unfinished."""
    loaded = load_with_source(ruleset)
    session = Session(loaded.rules, [HUMAN] * players, 5, loaded.resolved, loaded.rules.id)
    _random_steps(session, random.Random(f"{ruleset}:{steps}"), steps)
    if resign is not None:
        session.resign(resign)
    return _text(to_record(session).to_json())


def _position_record(ruleset: str, players: int, before: int, after: int) -> bytes:
    """A game that starts from the position after `before` random steps (its `start`), then
    `after` more steps: a tampered start must be refused as a record's field is."""
    loaded = load_with_source(ruleset)
    probe = Session(loaded.rules, [HUMAN] * players, 7, loaded.resolved, loaded.rules.id)
    rng = random.Random(f"{ruleset}:start")
    _random_steps(probe, rng, before)
    session = Session(loaded.rules, [HUMAN] * players, 7, loaded.resolved, loaded.rules.id, probe.state.position())
    _random_steps(session, rng, after)
    return _text(to_record(session).to_json())


@cache
def bases() -> tuple[bytes, ...]:
    """Every valid record the mutations start from (each replays: test_bases_replay)."""
    return (
        *(path.read_bytes() for path in GOLDEN),
        *(_played(ruleset, players) for ruleset, players in PLAYED),
        _session_record("stay-alive/standard", 2, 20, resign=1),
        _session_record("alive/standard", 3, 12, resign=0),
        _session_record("avalanche/standard", 3, 9, resign=None),
        _position_record("archimedes/standard", 2, 30, 10),
    )


# Odd values, and what a record may hold (docs/records.md) ------------------------------------
ODD: list[Json] = [
    None, True, False, 0, 1, -1, 2, 3, 12, 2**63, -(10**30), 10**99, 10**150, 0.5, 1.0, -0.0, 1e300,
    math.inf, math.nan, "", "x", "1", "win", "draw", "human", "mcts:3", "é ü", "a\nb", "\x07", "\ud800",
    "\U0001f600", "x" * 2000, "[[[", [], [0], [1, 0], [0, 0], ["x"], [[]], [None], {}, {"name": "x"},
    {"termination": "win"}, {"a": 1},
]
NAMES = ["Ann", "computer", "random", "mcts:5", "easy", "banana", "Zoë", "R" * MAX_TEXT]


def _parse_level(value: Json) -> bool:
    """True when `value` is refused as soon as the file is parsed (with a line and column
    instead of the field): a whole number of more than MAX_DIGITS digits, NaN or Infinity."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return len(str(abs(value))) > MAX_DIGITS
    if isinstance(value, float):
        return not math.isfinite(value)
    if isinstance(value, (list, dict)):
        return any(_parse_level(v) for v in (value.values() if isinstance(value, dict) else value))
    return False


def _fit_text(value: Json) -> bool:
    """A name, kind, id or string seed that a record may hold."""
    return (type(value) is str and 0 < len(value) <= MAX_TEXT and not re.search(r"[\x00-\x1f\x7f-\x9f]", value)
            and not re.search(r"[\ud800-\udfff]", value))


def _fit_whole(value: Json) -> bool:
    return type(value) is int and len(str(abs(value))) <= MAX_DIGITS


HARMLESS: dict[str, Callable[[Json], bool]] = {
    # fields that do not change the game: any value these accept must replay as before
    "seed": lambda v: v is None or _fit_whole(v) or v == "" or _fit_text(v),
    "game": lambda v: v is None or (_fit_whole(v) and v >= 0),
    "ruleset.id": _fit_text,
    "name": _fit_text,
    "kind": _fit_text,
}


# Mutations -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Mutant:
    """A mutated record file.  `same`: the mutation cannot change the replay, so the record
    must replay.  A refusal must name one of `names` (the field, the move, the result)."""

    what: str
    content: bytes
    same: bool = False
    names: tuple[str, ...] = ()


def _get(data: Json, path: FieldPath) -> Json:
    for part in path:
        data = data[part]
    return data


def _field_names(data: Json) -> list[tuple[FieldPath, str, tuple[str, ...]]]:
    """(path, kind of field, what a refusal must name) for every field of `data`."""
    moves, players, result = data["moves"], data["players"], data["result"]
    fields: list[tuple[FieldPath, str, tuple[str, ...]]] = [
        (("format",), "format", ("format",)),
        (("ruleset",), "ruleset", ("ruleset",)),
        (("ruleset", "id"), "ruleset.id", ("ruleset.id",)),
        (("ruleset", "resolved"), "resolved", ("ruleset.resolved", "ruleset in the record was changed")),
        (("ruleset", "sha256"), "sha256", ("ruleset.sha256",)),
        (("seed",), "seed", ("'seed'",)),
        (("players",), "players", ("players",)),
        (("moves",), "moves", ("moves", "move ", "the replay ends")),
        (("result",), "result", ("result",)),
        (("game",), "game", ("'game'",)),
        (("resigned",), "resigned", ("resigned",)),
    ]
    if "start" in data:  # another start (null: the rules' set-up) makes the moves that follow illegal, or ends otherwise
        fields.append((("start",), "start", ("'start'", "move ", "the replay ends")))
    for seat in range(len(players)):
        fields += [
            (("players", seat), "player", (f"players[{seat}]",)),
            (("players", seat, "name"), "name", (f"players[{seat}].name",)),
            (("players", seat, "kind"), "kind", (f"players[{seat}].kind",)),
        ]
    if isinstance(result, dict):
        fields += [(("result", key), key, (f"result.{key}", "the replay ends")) for key in ("termination", "winners", "reason")]
    for index in {0, 1, len(moves) // 2, len(moves) - 1}:
        fields.append((("moves", index), "move", ("move ", "the replay ends", "resigned after")))
    return fields


def odd_value(data: Json, rng: random.Random) -> Mutant:
    """A field given an odd value: another type, a huge, negative or fractional number, odd text."""
    path, kind, names = rng.choice(_field_names(data))
    value = rng.choice(ODD + NAMES) if kind in ("name", "kind", "seed") and rng.random() < 0.3 else rng.choice(ODD)
    parent, key = _get(data, path[:-1]), path[-1]
    before = parent.get(key) if isinstance(parent, dict) else parent[key]  # "game", "resigned": absent is null
    parent[key] = value
    harmless = HARMLESS.get(kind)
    same = json.dumps(before) == json.dumps(value) or (harmless is not None and harmless(value))
    if _parse_level(value):
        names = ("the record is not valid",)
    return Mutant(f"{'.'.join(map(str, path))} = {value!r:.60}", _dumps(data), same, names)


def delete_key(data: Json, rng: random.Random) -> Mutant:
    """A key deleted from the record, its ruleset, its result or a player."""
    holders: list[FieldPath] = [(), ("ruleset",), *(("players", s) for s in range(len(data["players"])))]
    if isinstance(data["result"], dict):
        holders.append(("result",))
    path = rng.choice(holders)
    holder = _get(data, path)
    key = rng.choice(sorted(holder))
    del holder[key]
    same = key == "game" and path == () or key == "kind"  # a player's kind does not change the game
    names = (key, "move ", "the replay ends") if key == "start" and path == () else (key,)  # the game starts from the set-up
    return Mutant(f"del {'.'.join(map(str, (*path, key)))}", _dumps(data), same, names)


def add_key(data: Json, rng: random.Random) -> Mutant:
    """A key the format does not have, added to the record, its ruleset, its result or a player
    (or `game` and `resigned`, which a record may have)."""
    holders: list[FieldPath] = [(), ("ruleset",), ("players", 0)]
    if isinstance(data["result"], dict):
        holders.append(("result",))
    path = rng.choice(holders)
    key = rng.choice(["extra", "resign", "Format", "winner", "game", "resigned", "kind"] if path == () else ["extra", "kind", "id"])
    if key in _get(data, path):
        key = "extra"
    value = rng.choice(ODD)
    _get(data, path)[key] = value
    same = path == () and (key == "game" and HARMLESS["game"](value) or key == "resigned" and value is None)
    names = ("the record is not valid",) if _parse_level(value) else (key,)
    return Mutant(f"add {'.'.join(map(str, (*path, key)))} = {value!r:.60}", _dumps(data), same, names)


def edit_moves(data: Json, rng: random.Random) -> Mutant:
    """The moves cut, dropped, repeated, swapped, reversed, taken from elsewhere or edited."""
    moves: list[str] = data["moves"]
    before = list(moves)
    i, j = rng.randrange(len(moves)), rng.randrange(len(moves))
    op = rng.choice(["truncate", "drop", "duplicate", "swap", "reverse", "copy", "append", "edit", "other record"])
    if op == "truncate":
        del moves[i:]
    elif op == "drop":
        del moves[i]
    elif op == "duplicate":
        moves.insert(i, moves[i])
    elif op == "swap":
        moves[i], moves[j] = moves[j], moves[i]
    elif op == "reverse":
        moves.reverse()
    elif op == "copy":
        moves[i] = moves[j]
    elif op == "append":
        moves.append(moves[j])
    elif op == "edit":
        text = moves[i]
        at = rng.randrange(len(text) + 1)
        moves[i] = text[:at] + rng.choice(["", "x", " ", "1", "9", "-", "+", "=", "\x00", "é"]) + text[at + rng.randrange(2):]
    else:
        other = json.loads(rng.choice(bases()))["moves"]
        moves[i] = rng.choice(other)
    names = ("move ", "the replay ends", "resigned after")
    return Mutant(f"moves: {op} {i} {j}", _dumps(data), moves == before, names)


def edit_result(data: Json, rng: random.Random) -> Mutant:
    """Another result: other winners, termination or reason, none, or another record's."""
    before = copy.deepcopy(data["result"])
    seats = len(data["players"])
    result: dict[str, Any] = data["result"] if isinstance(data["result"], dict) else {"termination": "win", "winners": [0], "reason": ""}
    op = rng.choice(["winners", "termination", "reason", "none", "other record"])
    if op == "winners":
        result["winners"] = rng.sample(range(seats + 1), rng.randrange(seats + 1))
    elif op == "termination":
        result["termination"] = rng.choice(["win", "draw", "capped"])
    elif op == "reason":
        result["reason"] = rng.choice(["", "x", result["reason"] + ".", result["reason"].upper()])
    data["result"] = None if op == "none" else json.loads(rng.choice(bases()))["result"] if op == "other record" else result
    return Mutant(f"result: {op}", _dumps(data), data["result"] == before, ("result", "the replay ends"))


def edit_resigned(data: Json, rng: random.Random) -> Mutant:
    """Another seat resigned, or none."""
    before = data.get("resigned")
    value = rng.choice([None, *range(len(data["players"]) + 1)])
    if value is None:
        data.pop("resigned", None)
    else:
        data["resigned"] = value
    return Mutant(f"resigned = {value}", _dumps(data), value == before, ("resigned",))


def edit_players(data: Json, rng: random.Random) -> Mutant:
    """A player added or dropped (the game changes), or renamed or of another kind (it does not)."""
    players: list[Json] = data["players"]
    op = rng.choice(["add", "drop", "rename", "kind"])
    seat = rng.randrange(len(players))
    if op == "add":
        players.insert(seat, {"name": "Extra", "kind": "human"})
    elif op == "drop":
        del players[seat]
    else:
        players[seat]["name" if op == "rename" else "kind"] = rng.choice(NAMES)
    names = ("players", "cannot start", "move ", "the replay ends", "resigned", "result.winners")
    return Mutant(f"players: {op} {seat}", _dumps(data), op in ("rename", "kind"), names)


def edit_resolved(data: Json, rng: random.Random) -> Mutant:
    """A value inside the resolved ruleset changed, removed or added; mostly with a SHA-256
    that matches, so that the ruleset loader and the game see it."""
    resolved = data["ruleset"]["resolved"]
    before = copy.deepcopy(resolved)
    holder, key = _random_node(resolved, rng)
    op = rng.choice(["odd", "number", "delete", "add"])
    current = holder[key]
    if op == "delete" and isinstance(holder, dict):
        del holder[key]
    elif op == "add" and isinstance(holder, dict):
        holder[rng.choice(["extra", "id", "x-note", "max"])] = rng.choice(ODD)
    elif op == "number" and type(current) is int:
        holder[key] = rng.choice([current + 1, current - 1, -current, 0, current * 1000, 10**12, -(10**12)])
    else:
        holder[key] = rng.choice(ODD)
    matching = rng.random() < 0.85
    if _parse_level(resolved):
        names: tuple[str, ...] = ("the record is not valid",)
    elif "\\ud800" in json.dumps(resolved):  # a lone surrogate, written as JSON does
        names = ("'ruleset.resolved' holds a character that is not valid Unicode",)
    elif matching:
        data["ruleset"]["sha256"] = ruleset_sha256(resolved)
        names = ("ruleset", "cannot start", "move ", "the replay ends", "resigned")
    else:
        names = ("the ruleset in the record was changed",)
    same = _same_data(resolved, before)
    return Mutant(f"resolved: {op} {key!r} (sha256 {'matches' if matching else 'stale'})", _dumps(data), same, names)


def _random_node(tree: Json, rng: random.Random) -> tuple[Json, Any]:
    """A (container, key) inside `tree`, reached by a random walk down from the top."""
    holder, key = tree, rng.choice(sorted(tree))
    while isinstance(holder[key], (dict, list)) and holder[key] and rng.random() < 0.7:
        holder = holder[key]
        key = rng.choice(sorted(holder)) if isinstance(holder, dict) else rng.randrange(len(holder))
    return holder, key


TREE_MUTATIONS = [odd_value, odd_value, delete_key, add_key, edit_moves, edit_moves, edit_result, edit_resigned,
                  edit_players, edit_resolved, edit_resolved]


def _dumps(data: Json) -> bytes:
    # ensure_ascii: a lone surrogate is written as \ud800, which JSON allows and Python reads back
    return json.dumps(data, indent=1).encode("ascii")


def tree_mutant(base: bytes, rng: random.Random) -> Mutant:
    return rng.choice(TREE_MUTATIONS)(json.loads(base), rng)


def byte_mutant(base: bytes, rng: random.Random) -> Mutant:
    """The file's bytes flipped, cut, deleted, repeated or given brackets."""
    data = bytearray(base)
    at = rng.randrange(len(data))
    op = rng.choice(["flip", "truncate", "brackets", "delete", "repeat", "insert"])
    if op == "flip":
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(len(data))] ^= rng.randint(1, 255)
    elif op == "truncate":
        del data[at:]
    elif op == "brackets":
        data[at:at] = rng.choice([b"[", b"{"]) * rng.choice([1, 2, 70, 1000])
    elif op == "delete":
        del data[at:at + rng.randint(1, 40)]
    elif op == "repeat":
        data[at:at] = data[at:at + rng.randint(1, 40)]
    else:
        data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    return Mutant(f"bytes: {op} at {at}", bytes(data))


# The property --------------------------------------------------------------------------------
def _replay(path: Path) -> tuple[int, Json, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["replay", "--json", str(path)])
    return code, json.loads(out.getvalue()) if code in (0, 1) else None, err.getvalue()


def _json_of(content: bytes) -> Json:
    """The file's data, or None when it is no JSON or holds a key twice (a record may not)."""

    def unique(pairs: list[tuple[str, Json]]) -> dict[str, Json]:
        if len({key for key, _ in pairs}) < len(pairs):
            raise ValueError("a key twice")
        return dict(pairs)

    try:
        return json.loads(content.decode("utf-8"), object_pairs_hook=unique)
    except (ValueError, RecursionError):  # RecursionError: brackets that a mutation inserted
        return None


def _same_data(a: Json, b: Json) -> bool:
    """Equal as JSON: 1, 1.0 and true differ (they are equal in Python)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def check(mutant: Mutant, base: bytes, folder: Path) -> None:
    """The property, for one mutant (an AssertionError names the mutation)."""
    path = folder / "mutant.json"
    path.write_bytes(mutant.content)
    code, printed, err = _replay(path)
    assert code in (0, 1), f"{mutant.what}: exit {code}: {err}"
    data = _json_of(mutant.content)
    same = mutant.same or (data is not None and _same_data(data, json.loads(base)))
    if code == 1:
        assert printed["error"]["kind"] in KINDS, f"{mutant.what}: {printed['error']}"
        error = printed["error"]["message"]
        assert error.startswith(f"{path}"), f"{mutant.what}: the message does not name the file: {error}"
        assert not same, f"{mutant.what}: a harmless change was refused: {error}"
        assert not mutant.names or any(name in error for name in mutant.names), f"{mutant.what}: {error} names none of {mutant.names}"
    else:
        assert printed["error"] is None
        assert printed["result"] == data["result"], f"{mutant.what}: replayed to {printed['result']}, the record says {data['result']}"
    _check_render(path, code, data, mutant)


def _check_render(path: Path, replay_code: int, data: Json, mutant: Mutant) -> None:
    """`render`'s session from the record: a session that ends as the record says, or a
    ValueError (RecordError is one) with a message naming the file; and so for a prefix."""
    args = argparse.Namespace(source=str(path), move=None, seed=None, players=None, position=None)
    try:
        session = _session(args)
    except ValueError as exc:
        assert str(exc).startswith(f"{path}"), f"{mutant.what}: render: {exc}"
        assert replay_code == 1, f"{mutant.what}: replay succeeded but render refused it: {exc}"
        return
    # from_record accepts a finished game whose result is null (a prefix of a game, as the app
    # opens one); replay refuses it.
    assert replay_code == 0 or data["result"] is None, f"{mutant.what}: render drew a record that replay refused"
    if data["result"] is not None:
        assert session.outcome() == Outcome.from_json(data["result"])
    for move in {0, len(data["moves"]) // 2, len(data["moves"])}:
        with contextlib.suppress(ValueError):
            _session(argparse.Namespace(source=str(path), move=move, seed=None, players=None, position=None))


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


def test_bases_replay(folder: Path) -> None:
    """The property's other half: every unmutated record replays (and so is no dud)."""
    for base in bases():
        check(Mutant("unchanged", base, same=True), base, folder)
    terminations = {json.loads(b)["result"]["termination"] if json.loads(b)["result"] else None for b in bases()}
    assert {"win", None} <= terminations
    assert any("resigned" in json.loads(b) for b in bases())


FAST = settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=1500, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


def run_case(mutate: Callable[[bytes, random.Random], Mutant], folder: Path, index: int, rng: random.Random) -> None:
    base = bases()[index % len(bases())]
    check(mutate(base, rng), base, folder)


indices = st.integers(min_value=0, max_value=10_000)
randoms = st.randoms(use_true_random=False)


@FAST
@given(index=indices, rng=randoms)
def test_tree_mutations(folder: Path, index: int, rng: random.Random) -> None:
    run_case(tree_mutant, folder, index, rng)


@FAST
@given(index=indices, rng=randoms)
def test_byte_mutations(folder: Path, index: int, rng: random.Random) -> None:
    run_case(byte_mutant, folder, index, rng)


@pytest.mark.slow
@SLOW
@given(index=indices, rng=randoms)
def test_tree_mutations_long_run(folder: Path, index: int, rng: random.Random) -> None:
    run_case(tree_mutant, folder, index, rng)


@pytest.mark.slow
@SLOW
@given(index=indices, rng=randoms)
def test_byte_mutations_long_run(folder: Path, index: int, rng: random.Random) -> None:
    run_case(byte_mutant, folder, index, rng)


def long_run(count: int, seed: int) -> int:
    """Check `count` mutants drawn from `seed` (three in four at the JSON level), print each
    failure and a summary; the number of failures."""
    rng = random.Random(seed)
    failures = 0
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(count):
            base = rng.choice(bases())
            mutant = (tree_mutant if rng.random() < 0.75 else byte_mutant)(base, rng)
            try:
                check(mutant, base, Path(folder))
            except AssertionError as failure:
                failures += 1
                print(f"FAILED {failure}", file=sys.stderr)
    print(f"{count} mutants of seed {seed}: {failures} failures")
    return failures


if __name__ == "__main__":
    sys.exit(1 if long_run(int(sys.argv[1]), int(sys.argv[2])) else 0)
