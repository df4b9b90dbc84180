"""One exit-code table for every command (README): 0 ok; 1 the input is invalid, a check failed
or a replay went wrong; 2 a usage error, an unreadable path or an unknown id; 3 unexpected."""

from __future__ import annotations

from pathlib import Path

import pytest

from marblestudio.cli import main

INVALID = "format: 1\nextends: stay-alive/standard\nid: house/x\nname: X\nplayers: {min: 9}\n"

# command -> its arguments, with {R} for a RULESET argument
COMMANDS = {
    "validate": ["{R}"],
    "new": ["--from", "{R}", "new.yaml"],
    "simulate": ["{R}", "--games", "1"],
    "compare": ["stay-alive/standard", "{R}", "--games", "1"],
    "render": ["{R}", "--out", "o.png"],
    "play": ["{R}"],
}


@pytest.fixture(autouse=True)
def _here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISPLAY", raising=False)  # play checks its ruleset before it needs a display
    (tmp_path / "invalid.yaml").write_text(INVALID, encoding="utf-8")


def _code(command: str, ruleset: str) -> int:
    return main([command, *(a.replace("{R}", ruleset) for a in COMMANDS[command])])


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_an_unknown_id_is_a_usage_error(command: str) -> None:
    assert _code(command, "stay-alive/nope") == 2  # validate takes paths: a missing file, 2 as well


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_missing_file_is_a_usage_error(command: str) -> None:
    assert _code(command, "missing.yaml") == 2


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_an_invalid_ruleset_is_invalid_input(command: str) -> None:
    assert _code(command, "invalid.yaml") == 1


@pytest.mark.parametrize("command", [*sorted(COMMANDS), "replay", "list", "schema"])
def test_a_bad_flag_is_a_usage_error_with_the_commands_usage(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main([command, "--no-such-flag"])
    assert stop.value.code == 2
    assert f"usage: marblestudio {command}" in capsys.readouterr().err


def test_replay_of_a_missing_record_is_a_usage_error_and_of_a_bad_one_invalid(tmp_path: Path) -> None:
    assert main(["replay", "missing.json"]) == 2
    (tmp_path / "bad.json").write_text("{}", encoding="utf-8")
    assert main(["replay", "bad.json"]) == 1


def test_ctrl_c_while_the_command_starts_exits_130_without_a_traceback(monkeypatch: pytest.MonkeyPatch,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    # a stop signal passed on to a command still importing its modules (render's child under Xvfb)
    import marblestudio.cli as cli

    def interrupted(only: str | None = None) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "build_parser", interrupted)
    assert main(["render", "stay-alive/standard", "--out", "x.png"]) == 130
    assert capsys.readouterr().err == "interrupted\n"
