"""Marble Studio's command line plays Mancala as it plays its own games: `list`, `validate`,
`simulate` (the heuristic beats random play; MCTS plays to the end), `replay` of a record that
`simulate --record-dir` wrote, `render` of the 3D board to a PNG, and `new` for a house rule.
Each runs as a user would run it, in a process of its own."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from mancala_helpers import bundled_rules

from marblestudio_mancala.board_layout import SEEDS, WOOD
from marblestudio_mancala.family import FAMILY

RULESETS = Path(str(FAMILY.resource("rulesets")))


def run(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """`marblestudio ARGS...` in a process of its own (the user folders are the test's)."""
    return subprocess.run([sys.executable, "-m", "marblestudio", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, env=dict(os.environ), timeout=240)


def test_list_shows_kalah_and_oware() -> None:
    done = run("list", "--json")
    assert done.returncode == 0, done.stderr
    ids = [entry["id"] for entry in json.loads(done.stdout) if entry["id"].startswith("mancala/")]
    assert ids == ["mancala/kalah", "mancala/oware"]


def test_validate_accepts_both_bundled_files() -> None:
    done = run("validate", RULESETS / "kalah.yaml", RULESETS / "oware.yaml")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 files checked: 2 valid, 0 invalid (0 errors, 0 warnings)" in done.stdout


def test_validate_names_the_line_of_a_wrong_setting(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text((RULESETS / "kalah.yaml").read_text(encoding="utf-8").replace("houses: 6", "houses: 13"), encoding="utf-8")
    done = run("validate", broken)
    assert done.returncode == 1
    line = next(n for n, text in enumerate(broken.read_text(encoding="utf-8").splitlines(), 1) if "houses: 13" in text)
    assert f"broken.yaml:{line}:" in done.stdout and "error" in done.stdout


def test_simulate_the_heuristic_wins_most_games_against_random_play(tmp_path: Path) -> None:
    done = run("simulate", "mancala/kalah", "--games", "50", "--seed", "1", "--agents", "heuristic,random", "--json",
               "--record-dir", tmp_path / "records")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["games"] == 50 and report["capped"] == 0
    heuristic, random_play = report["agent_wins"]["heuristic"], report["agent_wins"]["random"]
    assert heuristic["wins"] > 35 and heuristic["wins"] > 3 * random_play["wins"]
    records = sorted((tmp_path / "records").glob("*.json"))
    assert len(records) == 50
    # a record replays to its recorded result
    replayed = run("replay", records[7])
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr
    assert replayed.stdout.splitlines()[-1].startswith("result: ")
    as_json = json.loads(run("replay", records[7], "--json").stdout)
    assert as_json["ruleset"] == "mancala/kalah" and as_json["error"] is None


def test_a_record_whose_moves_break_the_rules_does_not_replay(tmp_path: Path) -> None:
    done = run("simulate", "mancala/oware", "--games", "1", "--seed", "2", "--agents", "random,random", "--record-dir", tmp_path)
    assert done.returncode == 0, done.stderr
    record = next(tmp_path.glob("*.json"))
    data = json.loads(record.read_text(encoding="utf-8"))
    text = json.dumps(data)
    assert '"moves"' in text
    moves = data["moves"]
    first = moves[0] if isinstance(moves[0], str) else moves[0].get("move", moves[0].get("notation"))
    assert first in list("abcdef")
    moves[0] = "A" if isinstance(moves[0], str) else {**moves[0], **{k: "A" for k in ("move", "notation") if k in moves[0]}}
    record.write_text(json.dumps(data), encoding="utf-8")
    replayed = run("replay", record)
    assert replayed.returncode == 1
    assert "house A is North's" in replayed.stdout + replayed.stderr


def test_mcts_plays_games_to_the_end() -> None:
    done = run("simulate", "mancala/kalah", "--games", "2", "--seed", "1", "--agents", "mcts:50,random", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["games"] == 2 and report["capped"] == 0
    assert report["agent_wins"]["mcts:50"]["wins"] + report["agent_wins"]["random"]["wins"] + report["draws"] == 2


@pytest.mark.gl
def test_render_draws_the_oware_board(tmp_path: Path) -> None:
    from PySide6.QtGui import QImage

    from mancala_qt import lit

    out = tmp_path / "x.png"
    done = run("render", "mancala/oware", "--out", out, "--size", "640x400")
    assert done.returncode == 0, done.stderr
    image = QImage(str(out))
    assert (image.width(), image.height()) == (640, 400)
    pixels = [image.pixelColor(x, y) for x in range(0, 640, 3) for y in range(0, 400, 3)]
    rgb = [(c.red(), c.green(), c.blue()) for c in pixels]
    wood = sum(lit(p, WOOD, 25.0) for p in rgb) / len(rgb)
    assert wood > 0.15, f"the wooden board covers {wood:.0%} of the picture"
    # the seeds: ivory, sky blue, teal and lilac (coral reads as lit wood to a test this loose)
    for shade in (SEEDS[0], SEEDS[1], SEEDS[3], SEEDS[4]):
        assert sum(lit(p, shade, 25.0) and not lit(p, WOOD, 40.0) for p in rgb) >= 3, shade


def test_new_starts_a_house_rule_that_validates_and_plays(tmp_path: Path) -> None:
    house = tmp_path / "small-kalah.yaml"
    done = run("new", "--from", "mancala/kalah", "--id", "house/small-kalah", "--name", "Small Kalah", house)
    assert done.returncode == 0, done.stderr
    text = house.read_text(encoding="utf-8")
    assert "extends: mancala/kalah" in text
    house.write_text(text.rstrip() + "\nmancala:\n  houses: 4\n  seeds: 3\n", encoding="utf-8")
    assert run("validate", house).returncode == 0
    played = run("simulate", house, "--games", "10", "--seed", "1", "--json")
    assert played.returncode == 0, played.stderr
    assert json.loads(played.stdout)["games"] == 10
    assert bundled_rules("kalah").family.houses == 6  # the bundled ruleset is untouched
