"""`marblestudio replay`: each move with its events, the result; clear errors with exit 1."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from marblestudio.cli import main
from marblestudio.playtest import game_rng, play_game
from marblestudio.records import player_entries, record_from_game, save_record
from marblestudio.rulesets import load_with_source


@pytest.fixture
def record_path(tmp_path: Path) -> Path:
    loaded = load_with_source("stay-alive/quick")
    result = play_game(loaded.rules, 2, game_rng(2, 0))
    record = record_from_game(loaded.rules.id, loaded.resolved, player_entries(["Ann", "Bob"], "human"),
                              result.moves, result.outcome, seed=2, game=0)
    path = tmp_path / "game.json"
    save_record(path, record)
    return path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["replay", *args])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def test_prints_moves_events_and_result(capsys: pytest.CaptureFixture[str], record_path: Path) -> None:
    code, out, err = run(capsys, str(record_path))
    lines = out.splitlines()
    assert code == 0 and err == ""
    assert lines[0] == f"{record_path}: stay-alive/quick, 2 players: Ann (human), Bob (human); seed 2"
    assert lines[1].split()[1:3] == ["chance:", "setup"]
    assert "slides_set" in lines[2]
    assert any(line.split()[1:3] == ["Ann:", "place"] for line in lines)
    assert any("marble_fell" in line for line in lines)
    assert lines[-1].startswith("result: win: ")


def test_json(capsys: pytest.CaptureFixture[str], record_path: Path) -> None:
    code, out, _ = run(capsys, str(record_path), "--json")
    data = json.loads(out)
    assert code == 0 and data["error"] is None
    assert data["moves"][0]["seat"] == -1 and data["moves"][0]["events"][0]["kind"] == "slides_set"
    assert data["moves"][-1]["events"][-1]["kind"] == "game_over"
    assert data["result"]["termination"] == "win"


def test_illegal_move_stops_there_with_exit_1(capsys: pytest.CaptureFixture[str], record_path: Path) -> None:
    data = json.loads(record_path.read_text())
    data["moves"] = data["moves"][:8] + [data["moves"][7]]  # seat 1 repeats seat 0's slide
    data["result"] = None
    record_path.write_text(json.dumps(data))
    code, out, err = run(capsys, str(record_path))
    assert code == 1
    assert f"replay: {record_path}: move 8 ({data['moves'][7]}) is illegal: slide " in err and "moved by the previous player" in err
    printed = [line.split()[0] for line in out.splitlines()[1:] if line.split()[0].isdigit()]
    assert printed == [str(i) for i in range(8)]  # the moves before it were printed
    code, out, _ = run(capsys, str(record_path), "--json")
    assert code == 1 and "move 8" in json.loads(out)["error"]["message"] and len(json.loads(out)["moves"]) == 8


@pytest.mark.parametrize("content, message", [
    ("{not json", "the record is not valid JSON"),
    ("[]", "a game record is a JSON object"),
    ('{"format": 1}', "missing key(s) ruleset, seed, players, moves, result"),
])
def test_corrupt_record_is_a_clear_message(capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, _, err = run(capsys, str(path))
    assert code == 1 and message in err


def test_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, str(tmp_path / "nope.json"))
    assert code == 2 and "cannot read the record" in err  # an unreadable path: exit 2


def test_mismatched_ruleset(capsys: pytest.CaptureFixture[str], record_path: Path) -> None:
    data = json.loads(record_path.read_text())
    data["ruleset"]["resolved"]["stay_alive"]["marbles_per_player"] = 5
    record_path.write_text(json.dumps(data))
    code, _, err = run(capsys, str(record_path))
    assert code == 1 and "the ruleset in the record was changed" in err


def test_a_resigned_game_replays_to_the_resignation(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from marblestudio.session import HUMAN, Session, to_record

    loaded = load_with_source("stay-alive/quick")
    session = Session(loaded.rules, [HUMAN, HUMAN], 3, loaded.resolved, loaded.rules.id)
    session.advance_chance()
    session.play(session.state.legal_moves()[0])
    session.resign(1)
    path = tmp_path / "resigned.json"
    save_record(path, to_record(session))
    code, out, err = run(capsys, str(path))
    assert code == 0 and err == ""
    assert out.splitlines()[-1] == f"result: win: {session.seat_name(0)} ({session.seat_name(1)} resigned)"
    code, out, _ = run(capsys, str(path), "--json")
    assert code == 0 and json.loads(out)["result"]["winners"] == [0]
