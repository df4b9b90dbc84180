"""`simulate --record-dir DIR`: one record file a game (or match), named by ruleset, seed and
index, written atomically as each comes back; a record that cannot be written ends the run, which
then reports what finished and names the file and the reason."""

from __future__ import annotations

import argparse
import hashlib
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

STEM_BYTES = 100
"""The longest start of a record's file name (ruleset id and seed), in UTF-8 bytes: a file name
has at most 255 bytes, and a 300-character seed made every write fail."""


def file_stem(ruleset_id: str, seed: object) -> str:
    """`ruleset-id-seed` with everything but letters, digits, '.', '_' and '-' made '-', and a
    long one cut (in bytes: a letter of another script takes two to four), with a digest of the
    whole so that two long seeds still name different files."""
    stem = re.sub(r"[^\w.-]+", "-", f"{ruleset_id}-{seed}")
    raw = stem.encode("utf-8")
    if len(raw) > STEM_BYTES:
        kept = raw[: STEM_BYTES - 11].decode("utf-8", errors="ignore")  # a letter cut in two goes
        stem = f"{kept}-{hashlib.sha256(raw).hexdigest()[:10]}"
    return stem


def index_width(args: argparse.Namespace) -> int:
    """Digits of the largest game index, so that the files sort in game order."""
    return len(str(max(args.games, (args.game or 0) + 1) - 1))


def unwritable(folder: Path) -> str | None:
    """Why records cannot be written into `folder` (made if missing), or None."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        return f"cannot use {folder} for records: it is a file, not a folder"
    except OSError as exc:
        return f"cannot create {folder}: {exc.strerror or exc}"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"cannot write records into {folder}: it is not writable by you (its permissions, or a read-only disk)"
    return None


def write_or_stop(path: Path, write: Callable[[Path], None], kept: Any) -> None:
    """`write(path)`; when it fails, end the run (`StopRun`), keeping `kept` of this game."""
    from marblestudio.atomic import describe
    from marblestudio.playtest.workers import StopRun

    try:
        write(path)
    except OSError as exc:
        raise StopRun(f"cannot write {path}: {describe(exc)}", kept) from None
