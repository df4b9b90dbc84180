"""Files the commands write (`schema --output`, `new`, the schema build): whole or not at all,
with the permissions of any new file (the umask) or of the file they replace, no temporary file
left behind, and a failure that says which error it was."""

from __future__ import annotations

import errno
import json
import os
import stat
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from marblestudio import atomic
from marblestudio.cli import main
from marblestudio.rulesets import schema_build


@pytest.fixture
def umask() -> Iterator[int]:
    """A known umask for the test, restored after it."""
    old = os.umask(0o027)
    yield 0o027
    os.umask(old)


def _full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Writes of more than a few bytes to a file fail as on a full disk."""
    real_write = os.write

    def write(fd: int, data: bytes) -> int:
        if fd > 2 and len(data) > 10:
            real_write(fd, bytes(data[:10]))
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(fd, data)

    monkeypatch.setattr(atomic.os, "write", write)


def test_schema_output_follows_the_umask_like_every_other_file(tmp_path: Path, umask: int) -> None:
    target = tmp_path / "ruleset.schema.json"
    assert main(["schema", "--output", str(target)]) == 0
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask  # was 0600, from mkstemp
    assert [p.name for p in tmp_path.iterdir()] == [target.name]


def test_schema_output_over_a_file_keeps_its_mode(tmp_path: Path, umask: int) -> None:
    target = tmp_path / "ruleset.schema.json"
    target.write_text("old")
    target.chmod(0o664)
    assert main(["schema", "--output", str(target)]) == 0
    assert target.stat().st_mode & 0o777 == 0o664
    assert target.read_text(encoding="utf-8").startswith("{")


def test_schema_output_on_a_full_disk_names_the_error_and_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "ruleset.schema.json"
    target.write_text("old")
    _full_disk(monkeypatch)
    assert main(["schema", "--output", str(target)]) == 2
    assert f"cannot write {target}: No space left on device (ENOSPC)" in capsys.readouterr().err
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == [target.name]


def test_new_follows_the_umask_and_leaves_no_temporary_file(tmp_path: Path, umask: int) -> None:
    target = tmp_path / "mine" / "house.yaml"
    assert main(["new", "--from", "stay-alive/standard", str(target)]) == 0
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask
    assert [p.name for p in target.parent.iterdir()] == ["house.yaml"]


def test_new_on_a_full_disk_names_the_error_and_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "house.yaml"
    _full_disk(monkeypatch)
    assert main(["new", "--from", "stay-alive/standard", str(target)]) == 2
    assert f"cannot write {target}: No space left on device (ENOSPC)" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_the_schema_build_replaces_its_output_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    output = tmp_path / "ruleset.schema.json"
    output.write_text("out of date")
    monkeypatch.setattr(schema_build, "OUTPUT", output)
    _full_disk(monkeypatch)
    with pytest.raises(OSError, match="No space left on device"):
        schema_build.main([])
    assert output.read_text() == "out of date"  # not half a schema
    monkeypatch.undo()
    monkeypatch.setattr(schema_build, "OUTPUT", output)
    assert schema_build.main([]) == 0
    assert "$schema" in json.loads(output.read_text(encoding="utf-8"))  # the whole schema
    assert [p.name for p in tmp_path.iterdir()] == [output.name]


def test_schema_output_to_a_named_pipe_goes_through_it_and_leaves_the_pipe(tmp_path: Path) -> None:
    # `--output` over a device or a pipe replaced it with a plain file (as root, /dev/null itself)
    fifo = tmp_path / "schema.fifo"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    assert main(["schema", "--output", str(fifo)]) == 0
    reader.join(10)
    assert json.loads(received[0])["$schema"]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


@pytest.mark.parametrize("command", [["schema"], ["list"], ["validate", "stay-alive/standard"]])
def test_output_to_a_full_device_is_one_line_and_a_usage_error_not_a_bug(command: list[str]) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}  # as a user's shell has it
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "marblestudio", *command], stdout=full, stderr=subprocess.PIPE,
                              text=True, timeout=120, check=False, env=env)
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip().splitlines()[-1] == f"{command[0]}: cannot write the output: No space left on device (ENOSPC)"
    assert "unexpected error" not in done.stderr


def test_output_into_a_closed_pipe_is_no_error() -> None:
    # the review: a short output whose reader had gone was "cannot write the output: Broken pipe", exit 2
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    reader, writer = os.pipe()
    os.close(reader)
    try:
        done = subprocess.run([sys.executable, "-m", "marblestudio", "list"], stdout=writer, stderr=subprocess.PIPE,
                              text=True, timeout=120, check=False, env=env)
    finally:
        os.close(writer)
    assert done.returncode == 0, done.stderr
    assert "Broken pipe" not in done.stderr and "Traceback" not in done.stderr
