"""`marblestudio render`: a board to a PNG, from a ruleset's set-up or a record after move K."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from marblestudio import rulesets
from marblestudio.cli import main
from marblestudio.cli import render as render_cmd
from marblestudio.records import save_record
from marblestudio.session import HUMAN, Session, to_record

from .helpers import random_game

pytestmark = pytest.mark.gl


def _record(tmp_path: Path) -> Path:
    loaded = rulesets.load_with_source("stay-alive/quick")
    session = Session(loaded.rules, [HUMAN, HUMAN], 2, loaded.resolved, "stay-alive/quick")
    for move in random_game(session.state.copy(), "render"):
        session.play(move)
    path = tmp_path / "game.json"
    save_record(path, to_record(session))
    return path


def _colours(image: QImage) -> int:
    return len({image.pixel(x, y) for x in range(0, image.width(), 16) for y in range(0, image.height(), 16)})


def test_render_a_rulesets_seeded_set_up(qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "board.png"
    assert main(["render", "stay-alive/standard", "--out", str(out), "--seed", "4", "--size", "640x360"]) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (640, 360)
    assert _colours(image) > 10  # a board was drawn, not an empty frame
    assert capsys.readouterr().out == f"wrote {out} (640x360): stay-alive/standard after its set-up (seed 4)\n"


def test_render_a_record_after_move_k(qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = _record(tmp_path)
    out = tmp_path / "k.png"
    assert main(["render", str(record), "--out", str(out), "--move", "5", "--size", "320x240"]) == 0
    assert QImage(str(out)).width() == 320
    assert capsys.readouterr().out == f"wrote {out} (320x240): {record} after its first 5 moves\n"


def test_render_says_what_is_wrong(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = str(tmp_path / "x.png")
    assert main(["render", "stay-alive/standard", "--out", out, "--size", "big"]) == 2
    assert "WIDTHxHEIGHT" in capsys.readouterr().err
    for size in ("0x0", "10000x10000"):  # said "write WIDTHxHEIGHT" to one who had
        assert main(["render", "stay-alive/standard", "--out", out, "--size", size]) == 2
        assert capsys.readouterr().err == f"marblestudio render: --size {size}: each side must be 16 to 8192 pixels\n"
    record = _record(tmp_path)
    # options that do not fit what is drawn are usage errors (2), as simulate says of the same
    for args, words in [
        ([str(record), "--move", "100000"], "the record has only"),
        ([str(record), "--players", "3"], "--players is for a RULESET"),
        ([str(record), "--seed", "5"], "--seed is for a RULESET"),
        (["stay-alive/standard", "--players", "7"], "stay-alive/standard is for 2 to 4 players, not 7"),
        (["stay-alive/standard", "--players", "-3"], "stay-alive/standard is for 2 to 4 players, not -3"),
    ]:
        assert main(["render", *args, "--out", out]) == 2, args
        assert words in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()


def test_render_with_no_display_and_no_xvfb_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.setattr(render_cmd.shutil, "which", lambda _name: None)
    assert main(["render", "stay-alive/standard", "--out", str(tmp_path / "x.png")]) == 1
    assert "apt-get install xvfb" in capsys.readouterr().err


POSITION = ("stay-alive players=2 phase=sliding turn=0 slides=12200212201001 marbles=c2,f2,c6,f6,b7/b3,e3,b6,d7 "
            "hand=0/0 fallen=0/1 last=R1 streak=1 own-last=W4/R1 own-streak=1/1 moves=14 result=-")


def test_render_a_position(qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The position's marbles are drawn: moving one of Red's marbles (c2 to a3, both closed cells in
    this position) changes the picture, and the text says what it shows."""
    first, second = tmp_path / "one.png", tmp_path / "two.png"
    assert main(["render", "stay-alive/standard", "--position", POSITION, "--out", str(first), "--size", "640x360"]) == 0
    assert capsys.readouterr().out == f"wrote {first} (640x360): stay-alive/standard at the position given\n"
    moved = POSITION.replace("marbles=c2,", "marbles=a3,")
    assert main(["render", "stay-alive/standard", "--position", moved, "--out", str(second), "--size", "640x360"]) == 0
    a, b = QImage(str(first)), QImage(str(second))
    assert _colours(a) > 10
    assert any(a.pixel(x, y) != b.pixel(x, y) for x in range(0, 640, 4) for y in range(0, 360, 4))


def test_render_refuses_a_bad_position(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "x.png"
    assert main(["render", "stay-alive/standard", "--position", POSITION.replace("turn=0", "turn=7"), "--out", str(out)]) == 1
    assert "--position: position field 'turn': there is no seat 7" in capsys.readouterr().err
    assert main(["render", "stay-alive/standard", "--position", "missing.txt", "--out", str(out)]) == 2
    assert "missing.txt: no such file" in capsys.readouterr().err
    assert not out.exists()
