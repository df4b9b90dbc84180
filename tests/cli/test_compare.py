"""`marblestudio compare`: reports side by side, JSON, the same games for every ruleset, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from marblestudio.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(["compare", *args])
    except SystemExit as usage:  # argparse's own usage errors (a bad --games)
        code = int(usage.code or 0)
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
    assert any(line.startswith("player 1 wins") for line in lines)
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
        (["stay-alive/quick", "stay-alive/standard", "--games", "0"], "argument --games: a whole number from 1 to 1,000,000, not 0"),
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


# Matches (issue 16: compare plays the matches of rulesets with `match:`) -------------------------
def _match_ruleset(folder: Path, name: str, match: str) -> Path:
    path = folder / f"{name}.yaml"
    path.write_text(f"format: 1\nextends: stay-alive/quick\nid: house/{name}\nname: {name}\nmatch:\n{match}", encoding="utf-8")
    return path


@pytest.fixture
def matches(tmp_path: Path) -> tuple[Path, Path]:
    return (_match_ruleset(tmp_path, "three-games", "  rounds: 3\n  points: [3, 1, 0]\n"),
            _match_ruleset(tmp_path, "to-five", "  to: 5\n  points: [2, 1, 0]\n"))


def test_rulesets_with_match_compare_matches_side_by_side(capsys: pytest.CaptureFixture[str], matches: tuple[Path, Path]) -> None:
    code, out, err = run(capsys, *map(str, matches), "--games", "4", "--players", "3", "--workers", "1", "--seed", "3")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "agents: random, random, random (seats rotated by match); seed 3"
    assert lines[1].split() == ["house/three-games", "house/to-five"]
    rows = {line[:19].strip(): line[19:] for line in lines[2:]}
    assert rows["each match"].split("  ")[0] == "3 games, points 3/1/0"
    assert rows["matches"].split() == ["4", "4"]
    assert {"Red wins", "Blue wins", "Yellow wins", "Red mean score", "games per match"} <= set(rows)
    # three games of 3/1/0 points hand out exactly 4 points a game in a three-player game without ties
    assert rows["games per match"].split()[:2] == ["3.00", "(3-3)"]


def test_match_reports_agree_with_simulate(capsys: pytest.CaptureFixture[str], matches: tuple[Path, Path]) -> None:
    code, out, _ = run(capsys, *map(str, matches), "--games", "3", "--players", "2", "--workers", "1", "--json")
    assert code == 0
    compared = json.loads(out)
    for path, report in zip(matches, compared, strict=True):
        assert main(["simulate", str(path), "--games", "3", "--players", "2", "--workers", "1", "--json"]) == 0
        alone = json.loads(capsys.readouterr()[0])
        assert report["player_wins"] == alone["player_wins"] and report["mean_scores"] == alone["mean_scores"]
        assert report["games"] == alone["games"]
    assert compared[1]["match"] == "first to 5, points 2/1/0"
    # first to five with two points a win: nobody wins a match before its third game
    assert compared[1]["games"]["min"] >= 3


def test_match_or_single_games_must_be_chosen_when_only_some_have_match(capsys: pytest.CaptureFixture[str], matches: tuple[Path, Path]) -> None:
    code, out, err = run(capsys, str(matches[0]), "stay-alive/quick", "--games", "2")
    assert code == 2 and out == "" and "give --match" in err
    code, out, err = run(capsys, str(matches[0]), "stay-alive/quick", "--games", "2", "--match")
    assert code == 2 and "stay-alive/quick has none" in err
    code, out, err = run(capsys, str(matches[0]), "stay-alive/quick", "--games", "2", "--no-match", "--workers", "1")
    assert code == 0, err
    assert next(line for line in out.splitlines() if line.startswith("games")).split() == ["games", "2", "2"]


def test_every_ruleset_that_cannot_be_loaded_is_named_and_the_highest_code_wins(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # it stopped at the first: the broken file, exit 1, and never said the id was unknown (2)
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 1\nextends: stay-alive/standard\nid: x/bad\nmove_limit: many\n")
    code, out, err = run(capsys, str(bad), "stay-alive/nope", "stay-alive/quick", "--games", "1")
    assert code == 2 and out == ""
    assert f"{bad}:4:" in err and "no bundled or user ruleset has the id 'stay-alive/nope'" in err
