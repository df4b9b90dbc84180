"""Writing a file atomically, leaving nothing half-written behind, even when killed.

`write_atomic(path, data)` gives either the old file or the whole new one, never a mix.  The
bytes go first into a file with no name (Linux's ``O_TMPFILE``), which a crash or ``kill -9``
simply discards; only when it is complete does it get a temporary name beside the target
(``.NAME.PID.tmp``) and, at once, the target's name (``os.replace``).  Where ``O_TMPFILE`` is not
available the temporary name exists while the data is written.  Either way the temporary name
carries the writer's pid, and the next write into the same folder removes temporary files of
ours whose writer is no longer running (`sweep`), so even the narrow window cannot leave litter
for long.

A failed write (a full disk, a read-only folder) raises `OSError` whose `strerror` says why;
`describe(exc)` turns it into words for people ("No space left on device (ENOSPC)").
"""

from __future__ import annotations

import errno
import os
import re
from collections.abc import Callable
from pathlib import Path

_TMP = re.compile(r"^\..+\.(\d+)\.[0-9a-f]{8}\.tmp\Z")


def default_mode() -> int:
    """0o666 less the umask: the mode an ordinary ``open(path, "w")`` would give a new file."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def _mode_for(target: Path) -> int:
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        return default_mode()


def _temp_name(target: Path) -> Path:
    return target.with_name(f".{target.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
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


def _anonymous(folder: Path, mode: int) -> int | None:
    """A file with no name in `folder` (O_TMPFILE), or None where that is not available."""
    flag = getattr(os, "O_TMPFILE", 0)
    if not flag or not os.path.isdir("/proc/self/fd"):
        return None
    try:
        return os.open(folder, flag | os.O_WRONLY, mode)
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

    The new file keeps the old one's permissions, or gets those of a plain write (the umask).
    Raises `OSError` and leaves the old file and the folder as they were on any failure."""
    write_with(path, lambda fd: _write_all(fd, data.encode("utf-8") if isinstance(data, str) else data), fsync=fsync)


def write_with(path: str | os.PathLike[str], writer: Callable[[int], None], *, fsync: bool = True) -> None:
    """As `write_atomic`, with `writer(fd)` writing the content to an open file descriptor
    (it may be called twice, when a nameless file cannot be given a name on this file system)."""
    target = Path(path)
    folder = target.parent
    sweep(folder)
    mode = _mode_for(target)
    temp = _temp_name(target)
    fd = _anonymous(folder, mode)
    if fd is not None:
        try:
            _fill(fd, mode, writer, fsync)
            _link(fd, temp)
        except OSError as exc:
            if exc.errno not in (errno.EXDEV, errno.EPERM, errno.ENOENT, errno.EOPNOTSUPP):
                raise
            fd = None  # the file system would not name it: write a named temporary file
        finally:
            if fd is not None:
                os.close(fd)
    if fd is None:
        named = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
        try:
            _fill(named, mode, writer, fsync)
        except BaseException:
            os.close(named)
            _unlink(temp)
            raise
        os.close(named)
    try:
        os.replace(temp, target)
    except BaseException:
        _unlink(temp)
        raise


def _fill(fd: int, mode: int, writer: Callable[[int], None], fsync: bool) -> None:
    os.fchmod(fd, mode)  # the umask does not apply to a copied mode
    writer(fd)
    if fsync:
        os.fsync(fd)


def _unlink(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def describe(exc: OSError) -> str:
    """Why a write failed, in words, with the error's name: "No space left on device (ENOSPC)"."""
    code = exc.errno
    name = errno.errorcode.get(code, "") if isinstance(code, int) else ""
    words = exc.strerror or (os.strerror(code) if isinstance(code, int) else "") or str(exc) or type(exc).__name__
    if words == "Unknown error" or words.startswith("Unknown error"):
        words = type(exc).__name__
    return f"{words} ({name})" if name else words
