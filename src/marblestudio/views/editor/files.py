"""Files of the rules editor: atomic saving, and backups of unsaved text that survive a crash.

`save_atomic` writes through `marblestudio.atomic`: the text goes to a file that replaces the
old one only once it is complete, so a failed write leaves the old file whole, the file keeps
its permissions, and a crash or kill leaves no temporary file beside it.  (`QSaveFile`, used
before, leaves its ``NAME.XXXXXX`` temporary file behind when the app is killed, and says
"Unknown error" for a full disk.)  `BackupStore` keeps the unsaved text of each open file in
the app's data folder, written the same way; a file whose backup is still there when the app
starts was not saved or closed cleanly, and the editor offers it back.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QStandardPaths

from marblestudio.atomic import describe, write_atomic


class SaveError(OSError):
    """A file could not be saved; the message says why. The old file is unchanged."""


def save_atomic(path: Path, text: str) -> None:
    """Write `text` (UTF-8) to `path` all at once, or raise `SaveError` saying why (a full disk
    reads "No space left on device (ENOSPC)") and leave `path` as it was.

    A missing folder on the way is made (the user rulesets folder need not exist yet)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SaveError(f"cannot make the folder {path.parent}: {describe(exc)}") from exc
    try:
        write_atomic(path, text)
    except OSError as exc:
        raise SaveError(f"cannot write {path}: {describe(exc)}") from exc


def default_data_dir() -> Path:
    """The app's data folder (`$MARBLESTUDIO_DATA_DIR`, else the platform's app data location)."""
    explicit = os.environ.get("MARBLESTUDIO_DATA_DIR")
    if explicit:
        return Path(explicit).expanduser()
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericDataLocation)
    return Path(base or Path.home() / ".local" / "share") / "marblestudio"


@dataclass(frozen=True, slots=True)
class Backup:
    """Unsaved text found in the backup folder: of the file `path` (None: a new, unsaved file)."""

    path: Path | None
    text: str
    saved_at: float
    file: Path

    def describe(self) -> str:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved_at))
        return f"{self.path if self.path else 'a new ruleset'} (unsaved text from {when})"


class BackupStore:
    """One backup per edited file in `folder`: `<key>.yaml` holds the text, `<key>.json` what it is."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    @staticmethod
    def key(path: Path | None, untitled: str = "untitled") -> str:
        name = str(path.resolve()) if path is not None else f"untitled:{untitled}"
        return hashlib.sha256(name.encode("utf-8")).hexdigest()[:20]

    def write(self, path: Path | None, text: str, untitled: str = "untitled") -> Path:
        """Keep `text` as the unsaved text of `path`; returns the backup's file."""
        self.folder.mkdir(parents=True, exist_ok=True)
        key = self.key(path, untitled)
        target = self.folder / f"{key}.yaml"
        _write_replace(target, text)
        meta = {"path": str(path.resolve()) if path is not None else None, "saved_at": time.time()}
        _write_replace(self.folder / f"{key}.json", json.dumps(meta))
        return target

    def remove(self, path: Path | None, untitled: str = "untitled") -> None:
        key = self.key(path, untitled)
        for suffix in (".yaml", ".json"):
            (self.folder / f"{key}{suffix}").unlink(missing_ok=True)

    def discard(self, backup: Backup) -> None:
        backup.file.unlink(missing_ok=True)
        backup.file.with_suffix(".json").unlink(missing_ok=True)

    def pending(self) -> list[Backup]:
        """Every backup left in the folder, oldest first (unreadable ones are skipped)."""
        found = []
        if not self.folder.is_dir():
            return []
        for meta_file in sorted(self.folder.glob("*.json")):
            text_file = meta_file.with_suffix(".yaml")
            try:
                meta = json.loads(meta_file.read_text(encoding="utf-8"))
                text = text_file.read_text(encoding="utf-8")
            except (OSError, ValueError):
                continue
            path = Path(meta["path"]) if meta.get("path") else None
            found.append(Backup(path, text, float(meta.get("saved_at", 0.0)), text_file))
        return sorted(found, key=lambda b: b.saved_at)


def _write_replace(target: Path, text: str) -> None:
    """A backup, replaced whole (never half-written if the app dies meanwhile).  Not flushed to
    the disk: it guards against the app's crash, not the machine's, and runs on a timer in the
    window's thread, which must not wait for the disk."""
    write_atomic(target, text, fsync=False)
