"""Atomic writes: the whole new file or the old one, the permissions a plain write would give (or
the old file's), a failure that says why, and no temporary file left behind, even by a kill."""

from __future__ import annotations

import errno
import os
import signal
import stat
import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from marblestudio import atomic
from marblestudio.atomic import describe, sweep, write_atomic, write_with


@pytest.fixture
def umask() -> Iterator[None]:
    """Restores the process's umask after a test that sets its own."""
    old = os.umask(0o022)
    yield
    os.umask(old)


@pytest.fixture(params=["nameless", "named"])
def kind(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each test runs with the nameless O_TMPFILE file and with the named fallback."""
    if request.param == "named":
        monkeypatch.setattr(atomic, "_anonymous", lambda folder: None)
    return str(request.param)


def _names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_writes_text_as_utf8_and_bytes_as_they_are(tmp_path: Path, kind: str) -> None:
    write_atomic(tmp_path / "a.txt", "Stay Alive – é\n")
    write_atomic(tmp_path / "b.bin", b"\x00\xff" * 100_000)
    assert (tmp_path / "a.txt").read_bytes() == "Stay Alive – é\n".encode()
    assert (tmp_path / "b.bin").read_bytes() == b"\x00\xff" * 100_000
    assert _names(tmp_path) == ["a.txt", "b.bin"]


def test_replaces_an_existing_file_whole(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "g.json"
    path.write_text("old and longer than the new text")
    write_atomic(path, "new")
    assert path.read_text() == "new"
    assert _names(tmp_path) == ["g.json"]


@pytest.mark.parametrize(("mask", "expected"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_new_file_gets_the_mode_a_plain_write_would(tmp_path: Path, kind: str, umask: None, mask: int, expected: int) -> None:
    os.umask(mask)
    write_atomic(tmp_path / "new.txt", "x")
    with open(tmp_path / "plain.txt", "w") as plain:
        plain.write("x")
    assert (tmp_path / "new.txt").stat().st_mode & 0o777 == expected
    assert (tmp_path / "plain.txt").stat().st_mode & 0o777 == expected


@pytest.mark.parametrize("mode", [0o600, 0o755, 0o666])
def test_a_replaced_file_keeps_its_mode_whatever_the_umask(tmp_path: Path, kind: str, umask: None, mode: int) -> None:
    path = tmp_path / "kept.txt"
    path.write_text("old")
    path.chmod(mode)
    os.umask(0o077)
    write_atomic(path, "new")
    assert path.stat().st_mode & 0o777 == mode


def test_a_symlink_stays_a_link_to_the_new_content(tmp_path: Path, kind: str) -> None:
    (tmp_path / "real").mkdir()
    real = tmp_path / "real" / "rules.yaml"
    real.write_text("old")
    link = tmp_path / "link.yaml"
    link.symlink_to(real)
    write_atomic(link, "new")
    assert link.is_symlink() and real.read_text() == "new"
    assert _names(tmp_path / "real") == ["rules.yaml"]


def test_a_failing_writer_leaves_the_old_file_and_no_temporary_file(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "g.json"
    path.write_text("old")

    def half_then_fail(fd: int) -> None:
        os.write(fd, b"half of the new")
        raise RuntimeError("the writer broke")

    with pytest.raises(RuntimeError, match="the writer broke"):
        write_with(path, half_then_fail)
    assert path.read_text() == "old"
    assert _names(tmp_path) == ["g.json"]


def test_ctrl_c_during_the_write_leaves_no_temporary_file(tmp_path: Path, kind: str) -> None:
    def interrupted(fd: int) -> None:
        os.write(fd, b"part")
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_with(tmp_path / "g.json", interrupted)
    assert _names(tmp_path) == []


def test_a_full_disk_is_an_oserror_that_names_it(tmp_path: Path, kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "g.json"
    path.write_text("old")
    real_write = os.write

    def full_after_a_little(fd: int, data: bytes) -> int:
        if fd > 2 and len(data) > 10:
            real_write(fd, bytes(data[:10]))
            raise OSError(errno.ENOSPC, "Unknown error")  # what a C library may say
        return real_write(fd, data)

    monkeypatch.setattr(atomic.os, "write", full_after_a_little)
    with pytest.raises(OSError) as caught:
        write_atomic(path, "x" * 1000)
    assert caught.value.errno == errno.ENOSPC
    assert describe(caught.value) == "No space left on device (ENOSPC)"
    assert path.read_text() == "old"
    assert _names(tmp_path) == ["g.json"]


def test_a_missing_folder_is_described(tmp_path: Path, kind: str) -> None:
    with pytest.raises(OSError) as caught:
        write_atomic(tmp_path / "gone" / "g.json", "x")
    assert describe(caught.value) == "No such file or directory (ENOENT)"
    assert _names(tmp_path) == []


def test_a_file_system_that_cannot_name_a_nameless_file_gets_a_named_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def cannot(fd: int, name: Path) -> None:
        raise OSError(errno.EXDEV, os.strerror(errno.EXDEV))

    monkeypatch.setattr(atomic, "_link", cannot)
    write_atomic(tmp_path / "g.json", "content")
    assert (tmp_path / "g.json").read_text() == "content"
    assert _names(tmp_path) == ["g.json"]


@pytest.mark.parametrize(
    ("error", "words"),
    [
        (OSError(errno.ENOSPC, "No space left on device"), "No space left on device (ENOSPC)"),
        (OSError(errno.ENOSPC, "Unknown error"), "No space left on device (ENOSPC)"),
        (OSError(errno.EROFS, "Unknown error 30"), "Read-only file system (EROFS)"),
        (OSError("the device went away"), "the device went away"),
        (OSError(), "OSError"),
    ],
)
def test_describe_says_which_error_and_never_unknown(error: OSError, words: str) -> None:
    assert describe(error) == words


# Temporary files of killed writers ---------------------------------------------------------------
def _dead_pid() -> int:
    """The pid of a process that has ended (and been reaped)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_sweep_removes_a_dead_writers_temporary_file_but_not_a_live_ones(tmp_path: Path) -> None:
    dead = tmp_path / f".g.json.{_dead_pid()}.0123abcd.tmp"
    live = tmp_path / f".g.json.{os.getppid()}.0123abcd.tmp"
    mine = tmp_path / f".g.json.{os.getpid()}.0123abcd.tmp"
    other = tmp_path / ".notes.tmp"  # not one of ours
    for path in (dead, live, mine, other):
        path.write_text("x")
    assert sweep(tmp_path) == [dead]
    assert _names(tmp_path) == sorted(p.name for p in (live, mine, other))


def test_the_next_write_into_the_folder_sweeps(tmp_path: Path) -> None:
    dead = tmp_path / f".a.json.{_dead_pid()}.0123abcd.tmp"
    dead.write_text("left by a kill")
    write_atomic(tmp_path / "b.json", "x")
    assert _names(tmp_path) == ["b.json"]


_SLOW_WRITER = textwrap.dedent(
    """
    import os, sys, time
    from marblestudio import atomic
    if sys.argv[2] == "named":
        atomic._anonymous = lambda folder: None

    def slow(fd):
        os.write(fd, b"partial")
        print("writing", flush=True)
        time.sleep(60)

    atomic.write_with(sys.argv[1], slow)
    """
)


@pytest.mark.parametrize("how", ["nameless", "named"])
def test_a_writer_killed_mid_write_leaves_the_old_file_and_no_litter_for_long(tmp_path: Path, how: str) -> None:
    path = tmp_path / "g.json"
    path.write_text("old")
    with subprocess.Popen([sys.executable, "-c", _SLOW_WRITER, str(path), how], stdout=subprocess.PIPE, text=True) as child:
        try:
            assert child.stdout is not None and child.stdout.readline() == "writing\n"
        finally:
            os.kill(child.pid, signal.SIGKILL)
            child.wait(timeout=30)
    assert path.read_text() == "old"
    left = [name for name in _names(tmp_path) if name != "g.json"]
    if how == "nameless":
        assert left == []  # the kernel dropped the file that had no name
    else:
        assert left and all(f".{child.pid}." in name for name in left)
    write_atomic(tmp_path / "other.json", "x")  # the next write there sweeps
    assert _names(tmp_path) == ["g.json", "other.json"]


@pytest.mark.skipif(not hasattr(os, "O_TMPFILE"), reason="no O_TMPFILE on this system")
def test_no_temporary_name_is_visible_while_a_nameless_file_is_written(tmp_path: Path) -> None:
    seen: list[list[str]] = []

    def look(fd: int) -> None:
        os.write(fd, b"x")
        seen.append(_names(tmp_path))

    write_with(tmp_path / "g.json", look)
    assert seen == [[]]


def test_a_device_is_written_in_place_and_stays_a_device() -> None:
    # `schema -o /dev/null` as root replaced /dev/null with a plain file before: a device or a
    # pipe must never be renamed over
    before = os.stat("/dev/null")
    write_atomic("/dev/null", "x" * 1000)
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and (after.st_ino, after.st_rdev) == (before.st_ino, before.st_rdev)


def test_a_named_pipe_gets_the_content_and_stays_a_pipe(tmp_path: Path) -> None:
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    link = tmp_path / "link"
    link.symlink_to(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    write_atomic(link, "through the pipe\n")
    reader.join(10)
    assert received == [b"through the pipe\n"]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and link.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link", "out.fifo"]
