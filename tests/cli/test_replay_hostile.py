"""`marblestudio replay` and `render` given hostile records (issue 13): exit 1 with a message
naming the file and the fault, never exit 3 (an unexpected error) and never exit 0 for a
record that does not replay to its stated result."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from marblestudio.cli import main
from marblestudio.records import ruleset_sha256

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "stay-alive-quick-3p.json"


def _golden() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return data


def _nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth - 1):
        value = [value]
    return value


def _deep_resolved() -> str:
    """A record whose ruleset holds a 500-deep list, with a SHA-256 that matches it."""
    data = _golden()
    data["ruleset"]["resolved"]["notes"] = _nested(500)
    data["ruleset"]["sha256"] = ruleset_sha256(data["ruleset"]["resolved"])
    return json.dumps(data)


def _edited(key: str, value: Any) -> str:
    data = _golden()
    data[key] = value
    return json.dumps(data)


def _name_with_newline() -> str:
    data = _golden()
    data["players"][0]["name"] = "Red\nresult: draw"  # would forge a line of the output
    return json.dumps(data)


def _surrogate_in_rules() -> str:
    data = _golden()
    data["ruleset"]["resolved"]["name"] = "\ud800"
    return json.dumps(data)  # written as \ud800, which JSON allows


HOSTILE: list[tuple[str, str, str]] = [  # (file, content, message)
    ("brackets.json", "[" * 1000 + "]" * 1000, "brackets.json: the record nests 1,000 levels deep; a record nests at most 64"),
    ("deep-rules.json", _deep_resolved(), "deep-rules.json: the record nests 503 levels deep; a record nests at most 64"),
    ("digits.json", '{"format": ' + "1" * 5000 + "}", "digits.json:1:12: the record is not valid: a number has 5,000 digits"),
    ("surrogate.json", _surrogate_in_rules(), "surrogate.json: 'ruleset.resolved' holds a character that is not valid Unicode"),
    ("format-true.json", _edited("format", True), "format-true.json: 'format' must be the number 1, not true"),
    ("newline.json", _name_with_newline(), "newline.json: 'players[0].name' holds a control character: 'Red\\nresult: draw'"),
    ("no-result.json", _edited("result", None),
     "no-result.json: the replay ends in a win for seat(s) 1 (last player with marbles on the grid), "
     "but the record says an unfinished game (its 'result' is null)"),
    ("draw-with-winner.json", _edited("result", {"termination": "draw", "winners": [1], "reason": "x"}),
     "draw-with-winner.json: 'result.termination' 'draw' and 'result.winners' [1] disagree: a win names its winners, "
     "a draw or a capped game nobody"),
    ("win-without-winner.json", _edited("result", {"termination": "win", "winners": [], "reason": "x"}),
     "win-without-winner.json: 'result.termination' 'win' and 'result.winners' [] disagree"),
]


@pytest.mark.parametrize(("name", "content", "message"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_replay_refuses_a_hostile_record_with_exit_1(capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     name: str, content: str, message: str) -> None:
    monkeypatch.chdir(tmp_path)
    Path(name).write_text(content, encoding="utf-8")
    code = main(["replay", name])
    _, err = capsys.readouterr()
    assert code == 1
    assert err.startswith(f"replay: {message}")
    assert "unexpected error" not in err


DRAWN = [h for h in HOSTILE if h[0] != "no-result.json"]  # render draws a prefix of a game: a null result says nothing


@pytest.mark.parametrize(("name", "content", "message"), DRAWN, ids=[h[0] for h in DRAWN])
def test_render_refuses_a_hostile_record_with_exit_1(capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     name: str, content: str, message: str) -> None:
    monkeypatch.chdir(tmp_path)
    Path(name).write_text(content, encoding="utf-8")
    code = main(["render", name, "--out", "board.png"])  # refused before any OpenGL
    _, err = capsys.readouterr()
    assert code == 1
    assert err.startswith(f"marblestudio render: {message}")
    assert not Path("board.png").exists()


def test_a_record_over_the_size_cap_is_refused_at_once(capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with open("huge.json", "wb") as handle:
        handle.truncate(400 * 1024 * 1024)  # sparse: 400 MB that take no disk, and are never read
    code = main(["replay", "huge.json", "--json"])
    out, _ = capsys.readouterr()
    assert code == 1
    assert json.loads(out)["error"]["message"].startswith("huge.json: the file is larger than 16 MB")
