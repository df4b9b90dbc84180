"""`marblestudio simulate`: statistics, --game, --json, --record-dir, exit codes, no tracebacks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from marblestudio.cli import main
from marblestudio.records import load_record, replay


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["simulate", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_prints_wins_draws_capped_lengths_and_speed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "stay-alive/quick", "--games", "4", "--seed", "3")
    assert code == 0, err
    assert "stay-alive/quick: 4 games, 2 players, seed 3" in out
    assert "wins by seat: Red " in out and "Blue " in out
    assert "draws: 0, capped (move limit): 0" in out
    assert "length in moves: mean" in out and "median" in out and "max" in out
    assert "games/s" in out


def test_json_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "stay-alive/quick", "--games", "3", "--players", "3", "--json")
    data = json.loads(out)
    assert code == 0 and data["games"] == 3 and data["players"] == 3 and len(data["wins"]) == 3
    assert sum(data["wins"]) + data["draws"] + data["capped"] == 3
    assert set(data["length"]) == {"mean", "median", "max"}


def test_game_i_reruns_one_game_of_the_run(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, _ = run(capsys, "stay-alive/quick", "--games", "3", "--seed", "5", "--record-dir", str(tmp_path / "all"))
    assert code == 0
    records = sorted((tmp_path / "all").glob("*.json"))
    assert [p.name for p in records] == [f"stay-alive-quick-5-{i}.json" for i in range(3)]
    code, out, _ = run(capsys, "stay-alive/quick", "--seed", "5", "--game", "2", "--json")
    assert code == 0
    assert json.loads(out)["moves"] == load_record(records[2]).moves


def test_record_dir_records_replay(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    run(capsys, "stay-alive/standard", "--games", "2", "--record-dir", str(tmp_path))
    for path in tmp_path.glob("*.json"):
        record = load_record(path)
        state, _ = replay(record)
        assert state.outcome() == record.outcome and record.seed == "0"


def test_unknown_ruleset_exits_1_with_a_message(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "stay-alive/nonexistent", "--games", "1")
    assert code == 1 and "cannot load the ruleset stay-alive/nonexistent" in err
    assert "Traceback" not in out + err


def test_invalid_ruleset_file_shows_line_and_column(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("format: 1\nextends: stay-alive/standard\nid: x/bad\nstay_alive:\n  marbles_per_player: many\n")
    code, _, err = run(capsys, str(path))
    assert code == 1 and f"{path}:5:" in err


@pytest.mark.parametrize("args, message", [
    (["--players", "9"], "is for 2 to 4 players, not 9"),
    (["--games", "0"], "--games must be at least 1"),
    (["--game", "-1"], "--game must be 0 or more"),
])
def test_bad_options_exit_2(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    code, _, err = run(capsys, "stay-alive/quick", *args)
    assert code == 2 and message in err
