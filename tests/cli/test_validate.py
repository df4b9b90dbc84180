"""`marblestudio validate`: positioned lines, a summary, JSON output, --strict, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from marblestudio.cli import main

ROOT = Path(__file__).resolve().parents[2]
STANDARD = ROOT / "rulesets" / "stay-alive" / "standard.yaml"


@pytest.fixture(autouse=True)
def _own_user_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MARBLESTUDIO_USER_DIR", str(tmp_path / "user"))


def write(folder: Path, name: str, old: str = "", new: str = "") -> Path:
    text = STANDARD.read_text()
    if old:
        assert text.count(old) == 1
        text = text.replace(old, new)
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_bundled_folder_is_valid(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["validate", str(ROOT / "rulesets")])
    out = capsys.readouterr().out.splitlines()
    count = len(list((ROOT / "rulesets").rglob("*.yaml")))
    assert code == 0
    assert out == [f"{count} files checked: {count} valid, 0 invalid (0 errors, 0 warnings)"]


def test_invalid_file_prints_path_line_column_and_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = write(tmp_path, "bad.yaml", "players: {min: 2, max: 4, default: 2}", "players: {min: 2, max: 1, default: 2}")
    code = main(["validate", str(bad)])
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    assert out == [
        f"{bad}:10:24: error: players.max (1) must be at least players.min (2)",
        "1 file checked: 0 valid, 1 invalid (1 error, 0 warnings)",
    ]


def test_folders_are_searched_recursively_for_yaml_and_yml(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path, "a/good.yaml")
    write(tmp_path, "a/b/bad.yml", "move_limit: 1000", "move_limit: 0")
    (tmp_path / "a" / "notes.txt").write_text("not a ruleset")
    code = main(["validate", str(tmp_path / "a")])
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    assert out == [
        f"{tmp_path / 'a' / 'b' / 'bad.yml'}:14:13: error: move_limit (0) must be at least 1",
        "2 files checked: 1 valid, 1 invalid (1 error, 0 warnings)",
    ]


def test_json_format_lists_objects(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = write(tmp_path, "bad.yaml", "move_limit: 1000", "move_limit: 0")
    code = main(["validate", "--format", "json", str(bad)])
    captured = capsys.readouterr()
    assert code == 1
    assert json.loads(captured.out) == [
        {"path": str(bad), "line": 14, "column": 13, "severity": "error", "message": "move_limit (0) must be at least 1", "pointer": "/move_limit"}
    ]
    assert "1 invalid" in captured.err


def test_json_format_of_valid_files_is_an_empty_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "--format", "json", str(STANDARD)]) == 0
    assert json.loads(capsys.readouterr().out) == []


def test_warning_passes_unless_strict(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    newer = write(tmp_path, "newer.yaml", "format: 1", "format: 2")
    assert main(["validate", str(newer)]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith(f"{newer}:3:9: warning: this file is written for ruleset format 2")
    assert main(["validate", "--strict", str(newer)]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "1 file checked: 0 valid, 1 invalid (0 errors, 1 warning)"


def test_file_level_problem_is_at_line_1_column_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.yaml"
    empty.write_text("")
    assert main(["validate", str(empty)]) == 1
    assert capsys.readouterr().out.splitlines()[0].startswith(f"{empty}:1:1: error: the file is empty")


def test_missing_path_exits_2_and_wins_over_invalid(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = write(tmp_path, "bad.yaml", "move_limit: 1000", "move_limit: 0")
    missing = tmp_path / "nope.yaml"
    code = main(["validate", str(bad), str(missing)])
    out = capsys.readouterr().out.splitlines()
    assert code == 2
    assert f"{missing}:1:1: error: no such file or folder" in out


def test_no_path_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["validate"])
    assert exited.value.code == 2
    assert "PATH" in capsys.readouterr().err


def test_unknown_format_is_a_usage_error() -> None:
    with pytest.raises(SystemExit) as exited:
        main(["validate", "--format", "xml", str(STANDARD)])
    assert exited.value.code == 2


def test_unreadable_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    locked = write(tmp_path, "locked.yaml")
    real_open = Path.open

    def refuse(self: Path, *args: object, **kwargs: object) -> object:
        if self == locked:
            raise PermissionError(13, "Permission denied")
        return real_open(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "open", refuse)
    assert main(["validate", str(tmp_path)]) == 2
    assert capsys.readouterr().out.splitlines()[0] == f"{locked}:1:1: error: cannot read the file: Permission denied"


def test_validate_imports_no_other_command_and_no_game_state() -> None:
    """`marblestudio validate` builds the parser of its own command only, and checks rulesets
    without importing any game's state (docs/cli.md: a quick check for editors and CI)."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from marblestudio.cli import main\n"
        "from marblestudio.rulesets import catalog\n"
        "assert main(['validate', *map(str, sorted(catalog.find(i) for i in catalog.bundled_ids()))]) == 0\n"
        "names = sorted(m for m in sys.modules if m.startswith('marblestudio.cli.') or m.endswith('.state'))\n"
        "print(' '.join(names), file=sys.stderr)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert out.stderr.split() == ["marblestudio.cli.errors", "marblestudio.cli.validate"]


def test_the_help_of_one_command_and_the_list_of_all_still_work(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["validate", "--help"])
    assert done.value.code == 0
    assert "usage: marblestudio validate" in capsys.readouterr().out
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    listed = capsys.readouterr().out
    assert all(name in listed for name in ("validate", "simulate", "replay", "render", "serve"))
    with pytest.raises(SystemExit) as done:
        main(["valdate", "x.yaml"])
    assert done.value.code == 2
    assert "invalid choice: 'valdate'" in capsys.readouterr().err


def test_the_list_of_all_commands_imports_only_the_command_line() -> None:
    """`marblestudio --help` reads every command's help line and nothing else of ours (0.043 s;
    an import of the rulesets at the top of `cli/new.py` made it 0.090 s)."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from marblestudio.cli import main\n"
        "try:\n"
        "    main(['--help'])\n"
        "except SystemExit as done:\n"
        "    assert done.code == 0\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('marblestudio') and not m.startswith('marblestudio.cli'))),"
        " file=sys.stderr)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    # and `serve`'s caps, whose defaults its help names: constants of a module that imports only
    # the standard library's logging, time, collections and dataclasses
    assert out.stderr.split() == ["marblestudio", "marblestudio.net", "marblestudio.net.limits"]


def test_a_folder_that_cannot_be_read_is_named_not_passed_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # A subfolder it could not open was skipped: "1 file checked: 1 valid", exit 0.  (As root a
    # chmod does not stop reading, so the folder's listing is made to fail as it would.)
    import os

    rules = tmp_path / "rules"
    (rules / "sub").mkdir(parents=True)
    for target in (rules / "ok.yaml", rules / "sub" / "hidden.yaml"):
        target.write_text(Path(ROOT / "rulesets" / "stay-alive" / "quick.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    real = os.scandir

    def scandir(path: object = ".") -> object:
        if Path(str(path)).name in ("sub", "rules") and Path(str(path)).name == locked[0]:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "scandir", scandir)
    locked = ["sub"]
    assert main(["validate", str(rules)]) == 2
    out = capsys.readouterr().out
    assert f"{rules / 'sub'}:1:1: error: cannot read the folder: Permission denied" in out
    assert "1 file checked: 1 valid" in out
    locked[0] = "rules"  # the folder itself: not "holds no ruleset files"
    assert main(["validate", str(rules)]) == 2
    out = capsys.readouterr().out
    assert f"{rules}:1:1: error: cannot read the folder: Permission denied" in out and "holds no" not in out
