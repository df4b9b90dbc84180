"""Game records (docs/records.md): written atomically, read back with clear errors, replayed."""

from __future__ import annotations

import builtins
import dataclasses
import json
import os
import pickle
import re
from pathlib import Path
from typing import Any

import pytest

from marblestudio import records
from marblestudio.engine.core import Outcome, Termination
from marblestudio.playtest import game_rng, play_game
from marblestudio.records import (
    FORMAT,
    MAX_BYTES,
    MAX_DEPTH,
    GameRecord,
    RecordError,
    canonical_json,
    load_record,
    nesting_depth,
    player_entries,
    record_from_game,
    replay,
    ruleset_sha256,
    save_record,
)
from marblestudio.rulesets import load_with_source
from marblestudio.session import from_record


@pytest.fixture
def record() -> GameRecord:
    loaded = load_with_source("stay-alive/quick")
    result = play_game(loaded.rules, 2, game_rng(0, 1))
    return record_from_game(loaded.rules.id, loaded.resolved, player_entries(["Ann", "Bob"]), result.moves,
                            result.outcome, seed=0, game=1)


def test_record_has_the_documented_top_level_keys(record: GameRecord, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save_record(path, record)
    data = json.loads(path.read_text())
    assert list(data) == ["format", "ruleset", "seed", "players", "moves", "result", "game"]
    assert data["format"] == FORMAT
    assert data["ruleset"]["id"] == "stay-alive/quick"
    assert data["ruleset"]["resolved"]["stay_alive"]["marbles_per_player"] == 3
    assert data["players"] == [{"name": "Ann", "kind": "computer"}, {"name": "Bob", "kind": "computer"}]
    assert data["moves"][0].startswith("setup R1=")
    assert data["result"]["termination"] == "win"


def test_sha256_is_taken_over_canonical_json() -> None:
    data = {"b": [1, "é"], "a": {"y": 1, "x": 2}}
    assert canonical_json(data) == '{"a":{"x":2,"y":1},"b":[1,"é"]}'
    import hashlib

    assert ruleset_sha256(data) == hashlib.sha256('{"a":{"x":2,"y":1},"b":[1,"é"]}'.encode()).hexdigest()


def test_saved_record_replays_to_its_result(record: GameRecord, tmp_path: Path) -> None:
    save_record(tmp_path / "g.json", record)
    loaded = load_record(tmp_path / "g.json")
    state, steps = replay(loaded)
    assert state.outcome() == record.outcome
    assert len(steps) == len(record.moves)
    assert not list(tmp_path.glob(".*tmp")), "no temporary file is left behind"


def test_save_replaces_atomically_and_keeps_the_old_file_on_failure(record: GameRecord, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    path.write_text("old")
    record.resolved["bad"] = object()  # not JSON: the write fails before the rename
    with pytest.raises(TypeError):
        save_record(path, record)
    assert path.read_text() == "old"
    assert list(tmp_path.iterdir()) == [path]


def _write(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return path


def test_corrupt_json_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=r"r.json:1:\d+: the record is not valid JSON"):
        load_record(_write(tmp_path, '{"format": 1,'))


def test_missing_keys_are_named(record: GameRecord, tmp_path: Path) -> None:
    data = record.to_json()
    del data["moves"], data["result"]
    with pytest.raises(RecordError, match="missing key.s. moves, result"):
        load_record(_write(tmp_path, data))


def test_changed_ruleset_is_caught_by_its_sha256(record: GameRecord, tmp_path: Path) -> None:
    data = record.to_json()
    data["ruleset"]["resolved"]["stay_alive"]["marbles_per_player"] = 4
    with pytest.raises(RecordError, match="the ruleset in the record was changed"):
        load_record(_write(tmp_path, data))


def test_invalid_ruleset_in_record_is_named(record: GameRecord, tmp_path: Path) -> None:
    data = record.to_json()
    data["ruleset"]["resolved"]["game"] = "chess"
    data["ruleset"]["sha256"] = ruleset_sha256(data["ruleset"]["resolved"])
    with pytest.raises(RecordError, match="not a valid ruleset"):
        replay(load_record(_write(tmp_path, data)))


def test_illegal_move_stops_replay_naming_its_index_and_rule(record: GameRecord, tmp_path: Path) -> None:
    data = record.to_json()
    # After the set-up and 6 placements, seat 0 moves a slide; seat 1 then repeats it.
    first_slide = data["moves"][7]
    data["moves"] = data["moves"][:8] + [first_slide]
    data["result"] = None
    with pytest.raises(RecordError, match=rf"move 8 \({re.escape(first_slide)}\) is illegal: slide .* was moved by the previous player") as info:
        replay(load_record(_write(tmp_path, data)))
    assert info.value.index == 8


def test_unreadable_move_is_named(record: GameRecord, tmp_path: Path) -> None:
    data = record.to_json()
    data["moves"][3] = "fly away"
    with pytest.raises(RecordError, match=r"move 3 \(fly away\): .*not a Stay Alive move"):
        replay(load_record(_write(tmp_path, data)))


def test_wrong_result_is_reported(record: GameRecord, tmp_path: Path) -> None:
    data = record.to_json()
    data["result"] = Outcome(Termination.DRAW, (), "").to_json()
    with pytest.raises(RecordError, match="but the record says a draw"):
        replay(load_record(_write(tmp_path, data)))


# Hostile records (issue 13) -----------------------------------------------------------------------
GOLDEN = Path(__file__).resolve().parent / "golden" / "stay-alive-quick-3p.json"  # 3 players; seat 1 (the second) wins


def _golden(**edits: Any) -> dict[str, Any]:
    """The golden record's data, with `edits` (a JSON pointer-ish "a.b.0" -> value) applied."""
    data: dict[str, Any] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    for where, value in edits.items():
        *parents, last = where.split(".")
        holder: Any = data
        for part in parents:
            holder = holder[int(part)] if isinstance(holder, list) else holder[part]
        if value is _DELETE:
            del holder[last]
        else:
            holder[int(last) if isinstance(holder, list) else last] = value
    return data


class _Delete:
    """An edit that removes the field (a name of its own, so that test ids are the same in every process)."""

    def __repr__(self) -> str:
        return "DELETE"


_DELETE = _Delete()


def test_the_documented_limits_are_the_code_s() -> None:
    docs = (Path(__file__).resolve().parents[1] / "docs" / "records.md").read_text(encoding="utf-8")
    assert f"at most {MAX_BYTES // (1024 * 1024)} MB (`records.MAX_BYTES`)" in docs
    assert f"nest at most {MAX_DEPTH} levels deep (`records.MAX_DEPTH`" in docs
    assert f"more than {records.MAX_DIGITS} digits (`records.MAX_DIGITS`)" in docs
    assert f"at most {records.MAX_TEXT:,} characters (`records.MAX_TEXT`)" in docs
    assert f"at most {records.MAX_MOVE:,} characters (`records.MAX_MOVE`" in docs


def test_record_error_survives_pickling_with_its_index() -> None:
    error = pickle.loads(pickle.dumps(RecordError("g.json: move 8 (R5-) is illegal: slide R5 is blocked", 8)))
    assert type(error) is RecordError
    assert (str(error), error.index) == ("g.json: move 8 (R5-) is illegal: slide R5 is blocked", 8)


def test_a_deeply_nested_record_is_refused_before_parsing(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 1000 + "]" * 1000)
    with pytest.raises(RecordError, match=r"deep.json: the record nests 1,000 levels deep; a record nests at most 64"):
        load_record(path)


def test_nesting_is_counted_outside_strings_and_up_to_the_cap() -> None:
    assert nesting_depth('{"a": "[[[[{{", "b": [[1], {"c": "]]\\"[{"}]}') == 3
    assert nesting_depth('["unterminated [[[') == 1
    assert nesting_depth("[" * MAX_DEPTH + "]" * MAX_DEPTH) == MAX_DEPTH


def test_a_record_at_the_nesting_cap_is_parsed(tmp_path: Path) -> None:
    path = _write(tmp_path, "[" * MAX_DEPTH + "]" * MAX_DEPTH)
    with pytest.raises(RecordError, match="a game record is a JSON object, not list"):  # parsed, then judged
        load_record(path)


def test_a_record_over_the_size_cap_is_refused_without_reading_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as handle:
        handle.truncate(MAX_BYTES + 1)  # a sparse file: no disk used
    opened: list[object] = []
    real_open = builtins.open

    def noting_open(file: Any, *args: Any, **kwargs: Any) -> Any:
        opened.append(file)
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", noting_open)
    with pytest.raises(RecordError, match=r"huge.json: the file is larger than 16 MB"):
        load_record(path)
    assert str(path) not in map(str, opened)


def test_a_record_growing_past_the_cap_is_read_no_further(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _write(tmp_path, GOLDEN.read_text(encoding="utf-8"))
    real_stat = os.stat
    monkeypatch.setattr(os, "stat", lambda p, *a, **k: os.stat_result((0,) * 10) if str(p) == str(path) else real_stat(p, *a, **k))
    monkeypatch.setattr(records, "MAX_BYTES", 1000)  # the file "grew" from 0 bytes at stat to 20 KB
    with pytest.raises(RecordError, match=r"r.json: the file is larger than"):
        load_record(path)


@pytest.mark.parametrize(("value", "message"), [
    (True, "'format' must be the number 1, not true"),
    (1.0, "'format' must be the number 1, not 1.0"),
    ("1", "'format' must be the number 1, not '1'"),
    (2, "record format 2 is not supported (this version reads 1)"),
])
def test_format_is_the_number_1_and_nothing_equal_to_it(tmp_path: Path, value: object, message: str) -> None:
    with pytest.raises(RecordError, match=re.escape(f"r.json: {message}")):
        load_record(_write(tmp_path, _golden(format=value)))


def test_a_finished_game_recorded_as_unfinished_is_an_error(tmp_path: Path) -> None:
    record = load_record(_write(tmp_path, _golden(result=None)))
    with pytest.raises(RecordError, match=r"r.json: the replay ends in a win for seat\(s\) 1 \(last player with marbles on the grid\), "
                                          r"but the record says an unfinished game \(its 'result' is null\)") as info:
        replay(record)
    assert info.value.index == len(record.moves)


def test_a_result_differing_in_its_reason_only_says_both_reasons(tmp_path: Path) -> None:
    record = load_record(_write(tmp_path, _golden(**{"result.reason": "luck"})))
    with pytest.raises(RecordError, match=r"ends in a win for seat\(s\) 1, as the record says, but for another reason: "
                                          r"the rules say 'last player with marbles on the grid', the record says 'luck'") as caught:
        replay(record)
    assert caught.value.kind == "wrong-result"


@pytest.mark.parametrize(("text", "message"), [
    ('{"format": NaN}', r"r.json:1:12: the record is not valid: NaN is not a number JSON allows"),
    ('{"format":\n -Infinity}', r"r.json:2:2: the record is not valid: -Infinity is not a number JSON allows"),
    ('{"seed": "1e999", "format": 1e999}', r"r.json:1:29: the record is not valid: the number '1e999' is too large"),
    ('{"seed": ' + "7" * 150 + "}", r"r.json:1:10: the record is not valid: a number has 150 digits; a record's numbers have at most 100"),
    ('{"seed": ' + "7" * 5000 + "}", r"r.json:1:10: the record is not valid: a number has 5,000 digits"),
    ('{"game": 1, "game": 2}', r"r.json: the record is not valid: the key 'game' appears twice in one object"),
])
def test_json_that_no_record_holds_is_refused_while_parsing(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        load_record(_write(tmp_path, text))


BAD_FIELDS: list[tuple[dict[str, Any], str]] = [
    ({"ruleset": []}, "'ruleset' must be an object with 'id', 'resolved', 'sha256', not a list"),
    ({"ruleset.id": 5}, "'ruleset.id' must be a string, not 5"),
    ({"ruleset.extra": 1}, "'ruleset' has unknown key(s) 'extra': it has only 'id', 'resolved', 'sha256'"),
    ({"ruleset.sha256": 12}, "'ruleset.sha256' must be 64 hex digits (the SHA-256 of 'ruleset.resolved'), not 12"),
    ({"ruleset.resolved.name": "\ud800"}, "'ruleset.resolved' holds a character that is not valid Unicode (a lone surrogate)"),
    ({"seed": [1]}, "'seed' must be null, a whole number of at most 100 digits or a string, not a list"),
    ({"seed": True}, "'seed' must be null, a whole number of at most 100 digits or a string, not true"),
    ({"seed": 0.5}, "'seed' must be null, a whole number of at most 100 digits or a string, not 0.5"),
    ({"seed": "a\nb"}, "'seed' holds a control character: 'a\\nb'"),
    ({"players": {}}, "'players' must be a list of objects with a 'name', not an object"),
    ({"players.1": "x"}, "'players[1]' must be an object with 'name', 'kind', not 'x'"),
    ({"players.0.name": {}}, "'players[0].name' must be a string, not an object"),
    ({"players.0.name": "R" * 1001}, "'players[0].name' is 1,001 characters long; at most 1,000 are allowed"),
    ({"players.0.name": ""}, "'players[0].name' is empty"),
    ({"players.2.kind": 3}, "'players[2].kind' must be a string, not 3"),
    ({"players.2.kind": "\ud83d"}, "'players[2].kind' holds a character that is not valid Unicode (a lone surrogate): '\\ud83d'"),
    ({"players.0.age": 3}, "'players[0]' has unknown key(s) 'age': it has only 'name', 'kind'"),
    ({"players.0.name": _DELETE}, "'players[0]' has no 'name': it must be an object with 'name', 'kind'"),
    ({"moves": "place e4"}, "'moves' must be a list of move notations (strings), not 'place e4'"),
    ({"moves.2": 7}, "move 2 must be a move notation (a string), not 7"),
    ({"moves.2": "x" * 10_001}, "move 2 is 10,001 characters long; a move is at most 10,000"),
    ({"result": []}, "'result' must be an object with 'termination', 'winners', 'reason', not a list"),
    ({"result.termination": "won"}, "'result.termination' must be win, draw, capped, not 'won'"),
    ({"result.winners": [2, 2]}, "'result.winners' names a seat twice: [2, 2]"),
    ({"result.winners": [True]}, "'result.winners' must list seats 0 to 2, not [True]"),
    ({"result.reason": None}, "'result.reason' must be a string, not null"),
    ({"result.reason": _DELETE}, "'result' has no 'reason': it must be an object with 'termination', 'winners', 'reason'"),
    ({"result.by": "me"}, "'result' has unknown key(s) 'by': it has only 'termination', 'winners', 'reason'"),
    ({"game": -1}, "'game' must be the game's index in its run, a whole number from 0, not -1"),
    ({"game": True}, "'game' must be the game's index in its run, a whole number from 0, not true"),
    ({"resigned": True}, "'resigned' must be the seat that resigned, 0 to 2, not true"),
    ({"resign": 1}, "unknown key(s) 'resign': a record of format 1 has format, ruleset, seed, players, moves, result, game, resigned, start"),
]


@pytest.mark.parametrize(("edits", "message"), BAD_FIELDS, ids=[next(iter(e)) for e, _ in BAD_FIELDS])
def test_every_field_of_a_bad_type_or_size_is_named(tmp_path: Path, edits: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError) as info:
        load_record(_write(tmp_path, _golden(**edits)))
    assert str(info.value) == f"{tmp_path / 'r.json'}: {message}"
    assert info.value.index == (2 if "move 2" in message else None)


@pytest.mark.parametrize("edits", [
    {"seed": None}, {"seed": -3}, {"seed": 2**64}, {"seed": ""}, {"seed": "golden 2"}, {"game": _DELETE}, {"game": 0},
    {"players.0.kind": _DELETE}, {"players.0.kind": "mcts:5"}, {"players.1.name": "Zoë 😀"}, {"resigned": None},
    {"ruleset.id": "house/mine"}, {"ruleset.sha256": ruleset_sha256(_golden()["ruleset"]["resolved"]).upper()},
], ids=str)
def test_what_a_record_may_hold_replays(tmp_path: Path, edits: dict[str, Any]) -> None:
    state, _ = replay(load_record(_write(tmp_path, _golden(**edits))))
    assert state.outcome() == Outcome.from_json(_golden()["result"])


# session.from_record: how the app and `render` open a record -----------------------------------------
def test_from_record_checks_the_stated_result(tmp_path: Path) -> None:
    record = load_record(_write(tmp_path, _golden(**{"result.winners": [0]})))
    with pytest.raises(RecordError, match=r"r.json: the replay ends in a win for seat\(s\) 1 .*but the record says a win for seat\(s\) 0"):
        from_record(record)


def test_from_record_opens_the_first_moves_of_a_finished_game(tmp_path: Path) -> None:
    record = load_record(_write(tmp_path, _golden()))
    prefix = dataclasses.replace(record, moves=record.moves[:12], result=None)
    assert from_record(prefix).ply == 12
    finished = dataclasses.replace(record, result=None)  # as render --move K with K the last move
    assert from_record(finished).outcome() == record.outcome


def test_from_record_seeds_chance_with_a_whole_number_seed_only(tmp_path: Path) -> None:
    record = load_record(_write(tmp_path, _golden(seed=11)))
    assert from_record(record).seed == 11
    assert from_record(dataclasses.replace(record, seed="golden")).seed == 0
    assert from_record(dataclasses.replace(record, seed=True)).seed == 0  # True == 1, but no seed


def test_a_record_made_with_its_ruleset_worked_out_before_is_the_same_record() -> None:
    # The game server works a ruleset's plain data and SHA-256 out once for all its games' records.
    from marblestudio.records import plain_ruleset, record_from_game
    from marblestudio.rulesets import catalog, load_with_source

    path = catalog.find("avalanche/standard")
    assert path is not None
    resolved = load_with_source(path).resolved
    players = [{"name": "a", "kind": "human"}, {"name": "b", "kind": "human"}]
    plain = plain_ruleset(resolved)
    shared = record_from_game("avalanche/standard", resolved, players, ["deal"], None, plain=plain)
    fresh = record_from_game("avalanche/standard", resolved, players, ["deal"], None)
    assert shared.to_json() == fresh.to_json()
    assert shared.sha256 == fresh.sha256 == plain[1] and fresh.digest is None
