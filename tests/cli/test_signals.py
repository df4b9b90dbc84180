"""Stopping a long command: SIGINT, SIGTERM or SIGKILL leaves no process of it running and no
partial or temporary file in its output folder; SIGINT and SIGTERM end it with a short message
and exit 130 or 143, never a traceback.

Each command runs as a real process.  Every process it starts (workers, Xvfb, the render under
Xvfb) inherits a marker in its environment, so `/proc` finds them all even after a killed
parent's children were handed to another process.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from marblestudio.atomic import sweep

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs Linux signals and /proc")

MARK = "MARBLESTUDIO_SIGNAL_TEST"
SETTLE_SECONDS = 20.0
"""How long the processes of a stopped command may take to be gone (a guard against hangs)."""

SIGNALS = [
    pytest.param(signal.SIGINT, id="SIGINT"),
    pytest.param(signal.SIGTERM, id="SIGTERM"),
    pytest.param(signal.SIGKILL, id="SIGKILL"),
]


def _state(pid: str) -> str:
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().rsplit(")", 1)[1].split()[0]


def _marked(token: str) -> list[int]:
    """The running processes (not zombies) whose environment carries `token`."""
    wanted = f"{MARK}={token}".encode()
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/environ", "rb") as environ:
                marked = wanted in environ.read().split(b"\0")
            if marked and _state(pid) != "Z":
                found.append(int(pid))
        except OSError:  # ended meanwhile, or not ours to read
            continue
    return found


def _wait_for(condition: Callable[[], bool], what: str, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


@dataclass
class Command:
    """A command started as its own process, with its marker."""

    process: subprocess.Popen[str]
    token: str

    def others(self) -> list[int]:
        return [pid for pid in _marked(self.token) if pid != self.process.pid]


def _reset_stop_signals() -> None:
    """In the child before exec: Ctrl-C and SIGTERM at their defaults, as at a terminal (a test
    run in the background may have them ignored, and ignored signals stay ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


@pytest.fixture
def start(tmp_path: Path) -> Iterator[Callable[..., Command]]:
    """Starts `marblestudio ARGS...` with no display (so render starts its own Xvfb), and
    makes sure nothing of it is left running after the test, whatever the test found."""
    started: list[Command] = []

    def run(*args: str) -> Command:
        token = uuid.uuid4().hex
        env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "XAUTHORITY", "QT_QPA_PLATFORM")}
        env[MARK] = token
        process = subprocess.Popen(
            [sys.executable, "-m", "marblestudio", *args], cwd=tmp_path, env=env,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=_reset_stop_signals,
        )
        started.append(Command(process, token))
        return started[-1]

    yield run
    for command in started:
        for pid in _marked(command.token):
            os.kill(pid, signal.SIGKILL)
        command.process.kill()
        command.process.communicate()


def _cmdline(pid: int) -> bytes:
    """A process's command line; b"" when it ended between being listed and being read (a race
    that a loaded machine, as in a full test run, makes likely)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def _stop(command: Command, signum: int) -> tuple[str, str]:
    """Send `signum` to the command; its output once it has ended and every process it started
    is gone."""
    command.process.send_signal(signum)
    out, err = command.process.communicate(timeout=60)
    deadline = time.monotonic() + SETTLE_SECONDS
    while command.others() and time.monotonic() < deadline:
        time.sleep(0.05)
    left = {pid: _cmdline(pid).replace(b"\0", b" ") for pid in command.others()}
    left = {pid: name for pid, name in left.items() if name}  # one that ended while it was listed is not left
    assert not left, f"processes left behind: {left}"
    return out, err


def _check_exit(command: Command, signum: int, out: str, err: str, name: str) -> None:
    if signum == signal.SIGKILL:
        assert command.process.returncode == -signal.SIGKILL
        return
    assert command.process.returncode == 128 + signum, err
    assert f"{name}: stopped" in err
    assert "Traceback" not in out + err


def _temporary(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.startswith(".") or p.name.endswith(".tmp")]


def _check_folder(folder: Path, signum: int, pid: int, whole: Callable[[Path], bool]) -> None:
    """No partial file, and no temporary file (a SIGKILL can land in the microseconds when a
    finished file has its temporary name: then it is the killed process's, and the next
    program that writes there removes it, as `sweep` does here)."""
    left = _temporary(folder)
    if signum == signal.SIGKILL and left:
        sweep(folder)
        left = _temporary(folder)
    assert left == []
    partial = [p.name for p in folder.iterdir() if not whole(p)]
    assert partial == []


def _whole_record(path: Path) -> bool:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except ValueError:
        return False
    return isinstance(data, dict) and data.get("result") is not None


def _whole_png(path: Path) -> bool:
    data = path.read_bytes()
    return data.startswith(b"\x89PNG\r\n\x1a\n") and data.endswith(b"IEND\xaeB`\x82")


# simulate and compare ---------------------------------------------------------------------------
GAMES = "200000"


def _progress_shown(command: Command) -> None:
    """Read stderr until the progress bar has moved: the run is in the thick of it."""
    stderr = command.process.stderr
    assert stderr is not None
    seen = ""
    while f"/{GAMES}" not in seen:
        char = stderr.read(1)
        assert char, f"the command ended before showing progress: {seen}"
        seen += char


@pytest.mark.parametrize("signum", SIGNALS)
@pytest.mark.parametrize(
    "options",
    [
        pytest.param(("--workers", "2"), id="2-workers"),
        pytest.param(("--workers", "1", "--record-dir", "records"), id="inline-records"),
        pytest.param(("--workers", "2", "--record-dir", "records"), id="2-workers-records"),
    ],
)
def test_a_stopped_simulate_leaves_nothing_behind(
    start: Callable[..., Command], tmp_path: Path, signum: int, options: tuple[str, ...]
) -> None:
    command = start("simulate", "stay-alive/standard", "--games", GAMES, "--json", "--progress", *options)
    workers = int(options[1])
    _progress_shown(command)
    _wait_for(lambda: len(command.others()) >= (workers if workers > 1 else 0), "the workers")
    records = tmp_path / "records"
    if "--record-dir" in options:
        _wait_for(lambda: any(records.glob("*.json")), "the first records")
    out, err = _stop(command, signum)
    _check_exit(command, signum, out, err, "simulate")
    if signum != signal.SIGKILL:
        report = json.loads(out)
        assert 0 < report["games"] < int(GAMES)
        if "--record-dir" in options:  # a record for every game of the report
            assert len(list(records.glob("*.json"))) >= report["games"]
    if "--record-dir" in options:
        _check_folder(records, signum, command.process.pid, _whole_record)


@pytest.mark.parametrize("signum", SIGNALS)
def test_a_stopped_compare_leaves_nothing_behind(start: Callable[..., Command], signum: int) -> None:
    command = start("compare", "stay-alive/standard", "stay-alive/quick", "--games", GAMES, "--workers", "2")
    _wait_for(lambda: len(command.others()) >= 2, "the workers")
    time.sleep(0.3)  # some games played
    out, err = _stop(command, signum)
    _check_exit(command, signum, out, err, "compare")
    if signum != signal.SIGKILL:
        assert "stay-alive/standard" in out  # the report of the games that finished


# render under its own Xvfb -------------------------------------------------------------------------
@pytest.mark.parametrize("signum", SIGNALS)
def test_a_stopped_render_under_xvfb_leaves_nothing_behind(
    start: Callable[..., Command], tmp_path: Path, signum: int
) -> None:
    if not any(os.access(Path(d) / "Xvfb", os.X_OK) for d in os.environ.get("PATH", "").split(os.pathsep)):
        pytest.skip("needs Xvfb")
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    command = start("render", "stay-alive/standard", "--out", str(out_dir / "board.png"), "--size", "2400x2000")
    _wait_for(lambda: len(command.others()) >= 2, "Xvfb and the render under it")
    names = {pid: _cmdline(pid) for pid in command.others()}
    assert any(b"Xvfb" in name for name in names.values()), names  # its own server, which must go too
    out, err = _stop(command, signum)
    _check_exit(command, signum, out, err, "marblestudio render")
    _check_folder(out_dir, signum, command.process.pid, _whole_png)


def test_render_under_xvfb_draws_the_board(start: Callable[..., Command], tmp_path: Path) -> None:
    """The re-run under a private Xvfb works from start to end (the tests above stop it)."""
    if not any(os.access(Path(d) / "Xvfb", os.X_OK) for d in os.environ.get("PATH", "").split(os.pathsep)):
        pytest.skip("needs Xvfb")
    command = start("render", "stay-alive/standard", "--out", "board.png", "--size", "320x200", "--seed", "3")
    out, err = command.process.communicate(timeout=120)
    assert command.process.returncode == 0, err
    assert "wrote board.png (320x200" in out
    assert _whole_png(tmp_path / "board.png")
    assert [p.name for p in tmp_path.iterdir()] == ["board.png"]
    _wait_for(lambda: not command.others(), "Xvfb to end", SETTLE_SECONDS)


# analyse -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_stopped_analyse_shows_what_it_found_and_exits_by_the_signal(
    start: Callable[..., Command], tmp_path: Path, signum: int
) -> None:
    # SIGTERM ended analyse with 130, Ctrl-C's code, where every other command gives 143.
    made = start("simulate", "stay-alive/standard", "--games", "1", "--workers", "1", "--record-dir", "records")
    made.process.communicate(timeout=60)
    record = next((tmp_path / "records").glob("*.json"))
    command = start("analyse", str(record), "--iterations", "3000", "--workers", "1", "--progress")
    stderr = command.process.stderr
    assert stderr is not None
    seen = ""
    while "/" not in seen:  # the progress bar: the searches have begun
        char = stderr.read(1)
        assert char, f"analyse ended before showing progress: {seen}"
        seen += char
    out, err = _stop(command, signum)
    _check_exit(command, signum, out, seen + err, "analyse")
    assert str(record) in out  # the moves analysed so far are shown
