"""Writing a file atomically, leaving nothing half-written behind, even when killed.

`write_atomic(path, data)` gives either the old file or the whole new one, never a mix.  The
bytes go first into a file with no name (Linux's ``O_TMPFILE``), which a crash or ``kill -9``
simply discards; only when it is complete does it get a temporary name beside the target
(``.NAME.PID.RANDOM.tmp``) and, at once, the target's name (``os.replace``).  Where
``O_TMPFILE`` is not available the temporary name exists while the data is written.  Either way
the temporary name carries the writer's pid, and a process's first write into a folder removes
temporary files of ours whose writer is no longer running (`sweep`), so even the narrow window
cannot leave litter for long.  (Once per folder, not at every write: `simulate --record-dir`
writes thousands of files into one folder, and listing it each time made that quadratic.)

The new file has the old one's permissions; a new file gets those of a plain ``open(path,
"w")`` (0o666 less the umask, or the folder's default ACL: the kernel applies them, we do not
guess).  A symlink is followed: the file it points to is replaced, the link stays a link (as
``QSaveFile`` does).

A target that exists and is not a regular file (a device such as ``/dev/null``, a named pipe,
``/dev/stdout``) is written in place, as a shell's ``>`` would: replacing it would delete the
device or the pipe (as root, ``/dev/null`` itself), and a stream cannot be half-written anyway.

A failed write (a full disk, a read-only folder) raises `OSError` whose `strerror` says why;
`describe(exc)` turns it into words for people ("No space left on device (ENOSPC)").
"""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Callable
from pathlib import Path

_TMP = re.compile(r"^\..+\.(\d+)\.[0-9a-f]{8}\.tmp\Z")

_swept: set[tuple[int, str]] = set()
"""(pid, folder) of the folders this process has swept (the pid: a forked child sweeps again)."""

_NEW_FILE_MODE = 0o666
"""What a new file asks for; the kernel takes off the umask (or applies a default ACL)."""

_CANNOT_LINK = (errno.EXDEV, errno.EPERM, errno.ENOENT, errno.EOPNOTSUPP, errno.EACCES)
"""Errors of naming a nameless file that mean "this file system or /proc will not", so a named
temporary file is written instead."""


def _old_mode(target: Path) -> int | None:
    """The permission bits of the file being replaced, or None when there is none."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        return None


def _temp_name(target: Path) -> Path:
    return target.with_name(f".{target.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    return True


def sweep(folder: str | os.PathLike[str]) -> list[Path]:
    """Remove the temporary files that writers of ours left in `folder` when they were killed;
    return what was removed.  A temporary file of a writer still running is left alone."""
    removed: list[Path] = []
    try:
        names = os.listdir(folder)
    except OSError:
        return removed
    for name in names:
        match = _TMP.match(name)
        if match is None or _alive(int(match.group(1))):
            continue
        path = Path(folder) / name
        try:
            path.unlink()
            removed.append(path)
        except OSError:
            pass
    return removed


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _anonymous(folder: Path) -> int | None:
    """A file with no name in `folder` (O_TMPFILE), or None where that is not available."""
    flag = getattr(os, "O_TMPFILE", 0)
    if not flag or not os.path.isdir("/proc/self/fd"):
        return None
    try:
        return os.open(folder, flag | os.O_WRONLY, _NEW_FILE_MODE)
    except OSError as exc:
        if exc.errno in (errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL, errno.ENOENT):
            return None  # the file system cannot do it; a named temporary file will
        raise


def _link(fd: int, name: Path) -> None:
    """Give the nameless file `fd` the name `name` (linkat with AT_SYMLINK_FOLLOW; os.link uses
    plain link(), which would not follow /proc/self/fd/N, unless a source dir_fd is given)."""
    proc = os.open("/proc/self/fd", os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.link(str(fd), name, src_dir_fd=proc, follow_symlinks=True)
    finally:
        os.close(proc)


def write_atomic(path: str | os.PathLike[str], data: bytes | str, *, fsync: bool = True) -> None:
    """Replace `path` with `data` (text is written as UTF-8) atomically; see the module docstring.

    Raises `OSError` and leaves the old file and the folder as they were on any failure."""
    content = data.encode("utf-8") if isinstance(data, str) else data
    write_with(path, lambda fd: _write_all(fd, content), fsync=fsync)


def write_with(path: str | os.PathLike[str], writer: Callable[[int], None], *, fsync: bool = True) -> None:
    """As `write_atomic`, with `writer(fd)` writing the content to an open file descriptor
    (it may be called twice, when a nameless file cannot be given a name on this file system)."""
    if _stream(path):
        _write_in_place(path, writer)
        return
    target = Path(os.path.realpath(path))
    folder = target.parent
    if (os.getpid(), str(folder)) not in _swept:
        sweep(folder)
        _swept.add((os.getpid(), str(folder)))
    mode = _old_mode(target)
    temp = _temp_name(target)
    try:
        _write_temp(folder, temp, mode, writer, fsync)
        os.replace(temp, target)
    except BaseException:  # a failure or Ctrl-C: the temporary name must not stay behind
        _unlink(temp)
        raise
    if fsync:
        _sync_folder(folder)


def _stream(path: str | os.PathLike[str]) -> bool:
    """Whether `path` (its links followed) is there and neither a regular file nor a folder: a
    device, a named pipe or a socket, which is written in place, never replaced."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def _write_in_place(path: str | os.PathLike[str], writer: Callable[[int], None]) -> None:
    """Write into the device or pipe `path` itself (no temporary file, no fsync: a pipe has none)."""
    fd = os.open(path, os.O_WRONLY | getattr(os, "O_NOCTTY", 0))
    try:
        writer(fd)
    finally:
        os.close(fd)


def _write_temp(folder: Path, temp: Path, mode: int | None, writer: Callable[[int], None], fsync: bool) -> None:
    """The complete content under the name `temp`: a nameless file named once written, or else a
    named file written in place."""
    fd = _anonymous(folder)
    if fd is not None:
        try:
            _fill(fd, mode, writer, fsync)
            try:
                _link(fd, temp)
                return
            except OSError as exc:
                if exc.errno not in _CANNOT_LINK:
                    raise
        finally:
            os.close(fd)
    named = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, _NEW_FILE_MODE)
    try:
        _fill(named, mode, writer, fsync)
    finally:
        os.close(named)


def _fill(fd: int, mode: int | None, writer: Callable[[int], None], fsync: bool) -> None:
    if mode is not None:
        os.fchmod(fd, mode)  # the old file's mode, which the umask must not trim
    writer(fd)
    if fsync:
        os.fsync(fd)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (best effort: not every system can open a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _unlink(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def describe(exc: OSError) -> str:
    """Why a write failed, in words, with the error's name: "No space left on device (ENOSPC)".

    Never "Unknown error" when the error has a number (Qt's messages and some C libraries say
    that for a full disk)."""
    code = exc.errno if isinstance(exc.errno, int) else None
    name = errno.errorcode.get(code, "") if code is not None else ""
    words = exc.strerror or ""
    if (not words or words.startswith("Unknown error")) and code is not None:
        words = os.strerror(code)
    if not words or words.startswith("Unknown error"):
        words = f"error {code}" if code is not None else str(exc) or type(exc).__name__
    return f"{words} ({name})" if name else words
