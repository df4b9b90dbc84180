"""`marblestudio render` and its files: the PNG is written whole or not at all and a failure says
which error it was; SIGINT or SIGTERM while drawing writes nothing; the re-run under a private
Xvfb gets the same command line, and an Xvfb that cannot start is explained.

The drawing itself is replaced by fixed bytes here (the board pictures are tested in
tests/views/test_render_cli.py, with OpenGL)."""

from __future__ import annotations

import errno
import os
import signal
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from marblestudio import atomic
from marblestudio.cli import build_parser, main
from marblestudio.cli import render as render_cmd

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 5000 + b"IEND\xaeB`\x82"


class _Terminated(Exception):
    """What SIGTERM raises in this test process (instead of ending it) if render does not catch it."""


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """`render` draws fixed bytes on a display of its own (no Xvfb re-run); the list holds the
    signals to send to this process while drawing."""
    import marblestudio.views.render as views_render

    signals: list[int] = []

    def render_png(session: object, size: tuple[int, int], colour_blind: bool = False) -> bytes:
        for signum in signals:
            os.kill(os.getpid(), signum)
        return PNG

    def terminated(signum: int, frame: object) -> None:
        raise _Terminated

    monkeypatch.setattr(views_render, "render_png", render_png)
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    previous = signal.signal(signal.SIGTERM, terminated)
    yield signals
    signal.signal(signal.SIGTERM, previous)


def test_the_png_is_written_whole(drawn: list[int], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "board.png"
    assert main(["render", "stay-alive/standard", "--out", str(out), "--size", "320x200"]) == 0
    assert out.read_bytes() == PNG
    assert [p.name for p in tmp_path.iterdir()] == ["board.png"]
    assert "wrote" in capsys.readouterr().out


def test_a_full_disk_names_the_error_and_keeps_the_old_png(
    drawn: list[int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "board.png"
    out.write_bytes(b"old picture")
    real_write = os.write

    def full(fd: int, data: bytes) -> int:
        if fd > 2 and len(data) > 100:
            real_write(fd, bytes(data[:100]))
            raise OSError(errno.ENOSPC, "Unknown error")
        return real_write(fd, data)

    monkeypatch.setattr(atomic.os, "write", full)
    assert main(["render", "stay-alive/standard", "--out", str(out)]) == 2  # as schema, expand and new
    assert f"cannot write {out}: No space left on device (ENOSPC)" in capsys.readouterr().err
    assert out.read_bytes() == b"old picture"
    assert [p.name for p in tmp_path.iterdir()] == ["board.png"]


def test_a_new_png_gets_the_mode_of_a_plain_write(drawn: list[int], tmp_path: Path) -> None:
    mask = os.umask(0o027)
    try:
        assert main(["render", "stay-alive/standard", "--out", str(tmp_path / "board.png")]) == 0
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "board.png").stat().st_mode) == 0o640


@pytest.mark.parametrize(("signum", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_stop_signal_while_drawing_writes_nothing(
    drawn: list[int], tmp_path: Path, capsys: pytest.CaptureFixture[str], signum: int, code: int
) -> None:
    drawn.append(signum)
    assert main(["render", "stay-alive/standard", "--out", str(tmp_path / "board.png")]) == code
    err = capsys.readouterr().err
    assert "marblestudio render: stopped" in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "argv",
    [
        ["render", "stay-alive/standard", "--out", "b.png"],
        ["render", "game.json", "--out", "dir/k.png", "--move", "12", "--seed", "4", "--size", "320x240",
         "--players", "3", "--colour-blind"],
        ["render", "--out", "b.png", "--", "-odd-name.yaml"],
    ],
)
def test_the_rerun_under_xvfb_is_the_same_command(argv: list[str]) -> None:
    parser = build_parser()
    args = parser.parse_args(argv)
    again = parser.parse_args(render_cmd._argv(args))
    assert vars(again) == vars(args)


def test_an_xvfb_that_cannot_start_is_explained(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    fake = tmp_path / "Xvfb"
    fake.write_text("#!/bin/sh\necho 'Fatal server error: no screens found' >&2\nexit 1\n")
    fake.chmod(0o755)
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.setattr(render_cmd.shutil, "which", lambda name: str(fake) if name == "Xvfb" else None)
    out = tmp_path / "out" / "board.png"
    out.parent.mkdir()
    assert main(["render", "stay-alive/standard", "--out", str(out)]) == 1
    assert "Xvfb did not start: Fatal server error: no screens found" in capsys.readouterr().err
    assert list(out.parent.iterdir()) == []
