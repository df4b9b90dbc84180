"""Opening a bad file in the app: a message naming the file (and the line or move), and the game
that was on screen stays there, untouched; the app goes on running."""

from __future__ import annotations

import builtins
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from marblestudio.session import HUMAN
from marblestudio.views.main_window import MainWindow

from .helpers import open_main_window

pytestmark = pytest.mark.gl

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "stay-alive-quick-3p.json"


class Boxes:
    """Stands in for QMessageBox: records the warnings, discards an unsaved game when asked."""

    def __init__(self) -> None:
        self.warnings: list[str] = []
        self.questions: list[str] = []

    def warning(self, _parent: object, _title: str, text: str, *_args: object) -> QMessageBox.StandardButton:
        self.warnings.append(text)
        return QMessageBox.StandardButton.Ok

    def question(self, _parent: object, _title: str, text: str, *_args: object) -> QMessageBox.StandardButton:
        self.questions.append(text)
        return QMessageBox.StandardButton.Discard

    def critical(self, _parent: object, _title: str, text: str, *_args: object) -> QMessageBox.StandardButton:
        raise AssertionError(f"an unexpected error reached the user: {text}")


@pytest.fixture
def boxes(monkeypatch: pytest.MonkeyPatch) -> Boxes:
    box = Boxes()
    for name in ("warning", "question", "critical"):
        monkeypatch.setattr(QMessageBox, name, getattr(box, name))
    return box


@pytest.fixture
def window(qtbot: QtBot, boxes: Boxes) -> MainWindow:
    win = open_main_window(qtbot, 1000, 700)
    assert win.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=5)
    qtbot.waitUntil(lambda: win.game.session is not None and win.game.session.waiting_for_human(), timeout=5000)
    return win


def _edited(edit: Callable[[dict[str, Any]], None]) -> str:
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    edit(data)
    return json.dumps(data, indent=1)


CASES: list[tuple[str, bytes | str | None, str]] = [
    ("missing.json", None, "missing.json: cannot read the record: No such file or directory"),
    ("folder.json", "<folder>", "folder.json: cannot read the record: Is a directory"),
    ("empty.json", b"", "empty.json: the file is empty: a game record is a JSON object"),
    ("junk.json", bytes(range(256)) * 2, "junk.json: not a game record: the file is not UTF-8 text"),
    ("cut.json", GOLDEN.read_bytes()[:300], "cut.json:14:3: the record is not valid JSON"),
    ("rules.yaml", "format: 1\nextends: stay-alive/standard\nid: a/b\nname: B\n",
     "rules.yaml: this is a ruleset, not a game record"),
    ("format2.json", _edited(lambda d: d.__setitem__("format", 2)), "format2.json: record format 2 is not supported"),
    ("tampered.json", _edited(lambda d: d["ruleset"]["resolved"].__setitem__("name", "X")),
     "tampered.json: the ruleset in the record was changed"),
    ("illegal.json", _edited(lambda d: d["moves"].__setitem__(3, d["moves"][2])),
     "illegal.json: move 3 (place e3) is illegal: cell e3 is taken"),
    ("notation.json", _edited(lambda d: d["moves"].__setitem__(4, "xyzzy")),
     "notation.json: move 4 (xyzzy): 'xyzzy' is not a Stay Alive move"),
    ("missing-key.json", _edited(lambda d: d.pop("moves")), "missing-key.json: not a game record: missing key(s) moves"),
    ("nobody.json", _edited(lambda d: d.__setitem__("players", [])), "nobody.json: 'players' is empty: a record lists one object per seat"),
]


@pytest.mark.parametrize(("name", "content", "expected"), CASES, ids=[c[0] for c in CASES])
def test_a_bad_file_is_a_message_and_the_game_stays(
    window: MainWindow, boxes: Boxes, tmp_path: Path, name: str, content: bytes | str | None, expected: str
) -> None:
    path = tmp_path / name
    if content == "<folder>":
        path.mkdir()
    elif isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    session = window.game.session
    assert session is not None
    before = [str(m) for m in session.moves]
    recent = window.files.recent_files()

    assert not window.open_path(path)

    assert len(boxes.warnings) == 1 and expected in boxes.warnings[0]
    assert str(path) in boxes.warnings[0]
    assert window.game.session is session and window.game.interactive
    assert [str(m) for m in session.moves] == before
    assert window.stack.currentWidget() is not window.library  # still on the game page
    assert window.files.recent_files() == recent  # a file that did not open is not a recent file
    assert window.isVisible()


def test_an_unreadable_record_is_a_message(window: MainWindow, boxes: Boxes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "secret.json"
    path.write_bytes(GOLDEN.read_bytes())
    real_open = io.open

    def refuse(file: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(file, (str, Path)) and Path(file) == path:
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(io, "open", refuse)
    monkeypatch.setattr(builtins, "open", refuse)
    session = window.game.session
    assert not window.open_path(path)
    assert boxes.warnings == [f"{path}: cannot read the record: Permission denied"]
    assert window.game.session is session


def test_after_a_bad_file_a_good_one_still_opens(window: MainWindow, boxes: Boxes, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert not window.open_path(bad)
    assert window.open_path(GOLDEN)
    assert window.game.session is not None and window.game.session.rules.id == "stay-alive/quick"
    assert len(boxes.warnings) == 1


def test_a_log_folder_that_cannot_be_made_falls_back_to_the_temporary_folder(
    qtbot: QtBot, boxes: Boxes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tempfile

    from marblestudio.views import app

    (tmp_path / "not-a-folder").write_text("x", encoding="utf-8")
    monkeypatch.setenv("MARBLESTUDIO_LOG_DIR", str(tmp_path / "not-a-folder"))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda _p, _t, text, *a: shown.append(text))
    before = list(app.log.handlers)
    try:
        try:
            raise RuntimeError("the marbles rolled away")
        except RuntimeError as exc:
            text = app.report_error(RuntimeError, exc, exc.__traceback__)
    finally:
        for handler in app.log.handlers[:]:
            if handler not in before:
                app.log.removeHandler(handler)
                handler.close()
    fallback = tmp_path / "tmp" / "marblestudio.log"
    assert shown == [text]
    assert f"The details were written to {fallback}. The app goes on running." in text
    assert "the marbles rolled away" in fallback.read_text(encoding="utf-8")


def test_render_that_cannot_write_keeps_the_old_image(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import errno
    import os

    from marblestudio.cli import main

    out = tmp_path / "board.png"
    out.write_bytes(b"the old picture")
    real_write = os.write

    def full_disc(fd: int, data: object) -> int:  # the PNG's bytes meet a full disc
        if isinstance(data, memoryview) and len(data) > 20:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "write", full_disc)
    code = main(["render", "stay-alive/standard", "--out", str(out), "--size", "64x64"])
    monkeypatch.undo()
    err = capsys.readouterr().err
    assert code == 2  # an output that cannot be written: as schema, expand and new
    assert f"marblestudio render: cannot write {out}: No space left on device (ENOSPC)" in err and "Traceback" not in err
    assert out.read_bytes() == b"the old picture"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.png"]  # no temporary file left


def test_render_writes_a_png_with_ordinary_permissions(qtbot: QtBot, tmp_path: Path) -> None:
    import os

    from marblestudio.cli import main

    out = tmp_path / "board.png"
    assert main(["render", "stay-alive/standard", "--out", str(out), "--size", "64x64"]) == 0
    mask = os.umask(0)
    os.umask(mask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~mask
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.png"]


RULESET_CASES: list[tuple[str, bytes | None, str]] = [
    ("stay-alive/standrd", None, "stay-alive/standrd:1:1: error: no bundled or user ruleset has the id 'stay-alive/standrd' (did you mean 'stay-alive/standard'?)"),
    ("missing.yaml", None, "missing.yaml:1:1: error: cannot read the file: No such file or directory"),
    ("empty.yaml", b"", "empty.yaml:1:1: error: the file is empty"),
    ("junk.yaml", bytes(range(256)) * 2, "junk.yaml:1:1: error: the file holds binary data (NUL bytes), not YAML text"),
    ("broken.yaml", b"format: 1\nid: stay-alive/mine\n  name: [\n", "broken.yaml:3:7: error: YAML syntax"),
    ("wrong.yaml", b"format: 1\nextends: alive/standard\nid: stay-alive/mine\nname: Mine\ngame: stay-alive\n",
     "wrong.yaml:2:10: error: the base 'alive/standard' is for the game 'alive', but this file is for 'stay-alive'"),
    ("game.yaml", GOLDEN.read_bytes(), "game.yaml:1:1: error: this is a game record, not a ruleset"),
]


@pytest.mark.parametrize(("ref", "content", "expected"), RULESET_CASES, ids=[c[0] for c in RULESET_CASES])
def test_a_bad_ruleset_is_a_message_and_the_game_stays(
    window: MainWindow, boxes: Boxes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ref: str, content: bytes | None, expected: str
) -> None:
    monkeypatch.chdir(tmp_path)
    if content is not None:
        (tmp_path / ref).write_bytes(content)
    session = window.game.session
    assert session is not None
    before = [str(m) for m in session.moves]
    assert not window.start_game(ref, [HUMAN, HUMAN], seed=1)
    assert len(boxes.warnings) == 1 and expected in boxes.warnings[0]
    assert window.game.session is session and window.game.interactive
    assert [str(m) for m in session.moves] == before


def test_render_draws_the_moves_before_an_illegal_one(qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from marblestudio.cli import main

    path = tmp_path / "illegal.json"
    path.write_text(_edited(lambda d: d["moves"].__setitem__(3, d["moves"][2])), encoding="utf-8")
    out = tmp_path / "board.png"
    assert main(["render", str(path), "--out", str(out), "--move", "3", "--size", "64x64"]) == 0
    assert "illegal.json after its first 3 moves" in capsys.readouterr().out
    assert main(["render", str(path), "--out", str(out), "--move", "4", "--size", "64x64"]) == 1
    assert f"{path}: move 3 (place e3) is illegal: cell e3 is taken" in capsys.readouterr().err


def test_a_record_with_an_illegal_move_offers_the_moves_before_it(
    qtbot: QtBot, window: MainWindow, boxes: Boxes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "illegal.json"
    path.write_text(_edited(lambda d: d["moves"].__setitem__(3, d["moves"][2])), encoding="utf-8")
    before = path.read_bytes()
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))

    def open_them(_parent: object, _title: str, text: str, *_args: object) -> QMessageBox.StandardButton:
        boxes.warnings.append(text)
        return QMessageBox.StandardButton.Open

    monkeypatch.setattr(QMessageBox, "warning", open_them)
    assert window.open_path(path)
    assert "move 3 (place e3) is illegal" in boxes.warnings[0] and "Open its first 3 moves" in boxes.warnings[0]
    session = window.game.session
    assert session is not None
    assert [str(m) for m in session.moves] == golden["moves"][:3]
    assert not session.saved  # a new game, to be saved under a name
    assert window.path is None and path.read_bytes() == before  # the file was not touched
    # Its three computers played on at once, past the moves opened to be looked at: watched now
    assert HUMAN not in session.seats and not window.game.interactive
    qtbot.wait(300)
    assert session.ply == 3
    window.play_from_here()
    branch = window.game.session
    assert branch is not session and branch is not None and window.game.interactive and HUMAN in branch.seats


def test_the_moves_before_an_illegal_one_with_a_human_seat_open_to_play_on(
    window: MainWindow, boxes: Boxes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def human_first(data: dict[str, Any]) -> None:
        data["moves"][3] = data["moves"][2]
        data["players"][0]["kind"] = "human"

    path = tmp_path / "illegal.json"
    path.write_text(_edited(human_first), encoding="utf-8")
    monkeypatch.setattr(QMessageBox, "warning", lambda *_args: QMessageBox.StandardButton.Open)
    assert window.open_path(path)
    session = window.game.session
    assert session is not None and session.seats[0] == HUMAN and len(session.moves) == 3
    assert window.game.interactive and not session.saved
