"""`marblestudio list` and `marblestudio schema`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from marblestudio.cli import main

ROOT = Path(__file__).resolve().parents[2]
QUICK = ROOT / "rulesets" / "stay-alive" / "quick.yaml"
SCHEMA = ROOT / "src" / "marblestudio" / "rulesets" / "schema" / "ruleset.schema.json"


@pytest.fixture
def user_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "user"
    monkeypatch.setenv("MARBLESTUDIO_USER_DIR", str(folder))
    return folder


def test_list_shows_id_name_and_players(user_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["ID", "NAME", "PLAYERS"]
    standard = next(line for line in lines if line.startswith("stay-alive/standard "))
    assert standard.split() == ["stay-alive/standard", "Stay", "Alive", "2-4"]


def test_list_json_gives_objects_with_id_name_players(user_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list", "--json"]) == 0
    rows = {row["id"]: row for row in json.loads(capsys.readouterr().out)}
    assert rows["stay-alive/quick"]["name"] == "Stay Alive, quick game"
    assert rows["stay-alive/quick"]["players"] == {"min": 2, "max": 4, "default": 2}
    assert rows["stay-alive/quick"]["bundled"] is True


def test_list_includes_user_rulesets(user_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (user_dir / "house").mkdir(parents=True)
    (user_dir / "house" / "tiny.yaml").write_text(QUICK.read_text().replace("id: stay-alive/quick", "id: house/tiny"))
    assert main(["list"]) == 0
    line = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("house/tiny"))
    assert line.endswith("(user)")


def test_list_reports_a_shadowing_user_ruleset_and_skips_it(user_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (user_dir / "stay-alive").mkdir(parents=True)
    (user_dir / "stay-alive" / "quick.yaml").write_text(QUICK.read_text())
    assert main(["list", "--json"]) == 0
    captured = capsys.readouterr()
    assert [row["bundled"] for row in json.loads(captured.out) if row["id"] == "stay-alive/quick"] == [True]
    assert "would hide the bundled ruleset" in captured.err


def test_schema_prints_the_installations_schema_and_caches_it(capsys: pytest.CaptureFixture[str]) -> None:
    from marblestudio.engine import family
    from marblestudio.rulesets import schema

    assert main(["schema"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["properties"]["game"]["enum"] == list(family.names())  # plug-ins included
    static = json.loads(SCHEMA.read_text())  # the bundled games' file, for the bundled rulesets
    assert static["properties"]["game"]["enum"][:4] == printed["properties"]["game"]["enum"][:4]
    cached = schema.cache_dir() / "ruleset.schema.json"
    assert json.loads(cached.read_text()) == printed  # what files made by `new` point at


def test_schema_output_writes_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "ruleset.schema.json"
    assert main(["schema", "--output", str(target)]) == 0
    assert main(["schema"]) == 0
    assert target.read_text() == capsys.readouterr().out


def test_schema_output_to_a_missing_folder_exits_2(tmp_path: Path) -> None:
    assert main(["schema", "--output", str(tmp_path / "no" / "such" / "schema.json")]) == 2
