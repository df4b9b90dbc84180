"""Where Marble Studio keeps what it can work out again: the user's cache folder."""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path:
    """The user's cache folder: `$MARBLESTUDIO_CACHE_DIR`, else `$XDG_CACHE_HOME/marblestudio`,
    else `~/.cache/marblestudio` (it need not exist)."""
    explicit = os.environ.get("MARBLESTUDIO_CACHE_DIR")
    if explicit:
        return Path(explicit).expanduser()
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache").expanduser() / "marblestudio"


__all__ = ["cache_dir"]
