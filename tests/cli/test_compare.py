"""`marblestudio compare`: reports side by side, JSON, the same games for every ruleset, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from marblestudio.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["compare", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_two_rulesets_side_by_side(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "stay-alive/standard", "stay-alive/quick", "--games", "6", "--seed", "2",
                         "--agents", "heuristic,random", "--workers", "1")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "agents: heuristic, random (seats rotated by game); seed 2"
    assert lines[1].split() == ["stay-alive/standard", "stay-alive/quick"]
    assert next(line for line in lines if line.startswith("games")).split() == ["games", "6", "6"]
    assert any(line.startswith("seat 1 wins") for line in lines)
    assert any(line.startswith("first player") for line in lines)
    assert any(line.startswith("length median") for line in lines)


def test_json_lists_one_report_per_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "stay-alive/quick", "stay-alive/any-slide", "--games", "4", "--json", "--workers", "1")
    data = json.loads(out)
    assert code == 0 and [d["title"] for d in data] == ["stay-alive/quick", "stay-alive/any-slide"]
    for report in data:
        assert report["games"] == 4
        wins = sum(r["wins"] for r in report["seat_wins"])
        assert wins + report["draws"] + report["capped"] == pytest.approx(4)


def test_the_same_ruleset_twice_gives_the_same_report(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "stay-alive/quick", "stay-alive/quick", "--games", "5", "--json", "--workers", "2")
    first, second = json.loads(out)
    assert code == 0
    assert first["title"] == "stay-alive/quick (1)" and second["title"] == "stay-alive/quick (2)"
    first.pop("title"), second.pop("title")
    assert first == second


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["stay-alive/quick"], "two or more rulesets"),
        (["stay-alive/quick", "stay-alive/standard", "--agents", "minimax"], "unknown agent 'minimax'"),
        (["stay-alive/quick", "stay-alive/standard", "--games", "0"], "--games must be at least 1"),
        (["stay-alive/quick", "stay-alive/standard", "--workers", "lots"], "'auto' or a whole number"),
        (["stay-alive/quick", "stay-alive/standard", "--players", "9"], "is for 2 to 4 players, not 9"),
    ],
)
def test_bad_options_exit_2_with_a_message(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert message in err and "Traceback" not in err


def test_a_broken_ruleset_exits_1_naming_file_and_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 1\nextends: stay-alive/standard\nid: x/bad\nmove_limit: many\n")
    code, out, err = run(capsys, "stay-alive/quick", str(bad), "--games", "2")
    assert code == 1 and out == ""
    assert f"{bad}:4:" in err and "cannot load the ruleset" in err
