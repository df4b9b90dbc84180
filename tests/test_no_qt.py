"""The non-GUI commands never import Qt, pyqtgraph or OpenGL (checked in a fresh interpreter)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GUI = ("PySide6", "pyqtgraph", "OpenGL")

CHILD = """
import json, sys
from marblestudio.cli import main
args = json.loads(sys.argv[1])
code = main(args)
loaded = sorted(m for m in sys.modules if m.split(".")[0] in {gui!r})
with open(sys.argv[2], "w") as handle:
    json.dump({{"code": code, "loaded": loaded}}, handle)
""".format(gui=set(GUI))


def run_child(args: list[str], tmp_path: Path) -> dict[str, object]:
    report = tmp_path / "report.json"
    result = subprocess.run(
        [sys.executable, "-c", CHILD, json.dumps(args), str(report)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PATH": "/usr/bin:/bin", "MARBLESTUDIO_USER_DIR": str(tmp_path / "user"), "HOME": str(tmp_path)},
    )
    assert report.exists(), result.stdout + result.stderr
    outcome: dict[str, object] = json.loads(report.read_text())
    return outcome


def needs(command: str) -> None:
    if importlib.util.find_spec(f"marblestudio.cli.{command}") is None:
        pytest.skip(f"the {command} command does not exist yet")


@pytest.mark.parametrize(
    "args",
    [
        ["validate", "rulesets"],
        ["validate", "--format", "json", "rulesets/stay-alive/standard.yaml"],
        ["list"],
        ["list", "--json"],
        ["schema"],
    ],
    ids=lambda a: " ".join(a),
)
def test_ruleset_commands_do_not_load_qt(args: list[str], tmp_path: Path) -> None:
    outcome = run_child(args, tmp_path)
    assert outcome == {"code": 0, "loaded": []}


def test_simulate_and_replay_do_not_load_qt(tmp_path: Path) -> None:
    needs("simulate")
    needs("replay")
    records = tmp_path / "records"
    outcome = run_child(["simulate", "stay-alive/standard", "--games", "2", "--record-dir", str(records)], tmp_path)
    assert outcome == {"code": 0, "loaded": []}
    record = sorted(records.glob("*.json"))[0]
    outcome = run_child(["replay", str(record)], tmp_path)
    assert outcome == {"code": 0, "loaded": []}
