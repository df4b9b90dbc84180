"""Game records (docs/records.md): written atomically, read back with clear errors, replayed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from marblestudio.engine.core import Outcome, Termination
from marblestudio.playtest import game_rng, play_game
from marblestudio.records import (
    FORMAT,
    GameRecord,
    RecordError,
    canonical_json,
    load_record,
    player_entries,
    record_from_game,
    replay,
    ruleset_sha256,
    save_record,
)
from marblestudio.rulesets import load_with_source


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
