"""The entry points of Marble Studio's plug-in groups (game families, Python rule pieces),
remembered on disk between runs.

`importlib.metadata` is the source of truth, but importing it (with the `email` package it
needs) and scanning every installed distribution took 40-60 ms of each command's start: about a
tenth of `marblestudio validate rulesets/`.  So what it finds is kept in the user's cache folder
(`entry-points.json` in `caches.cache_dir()`), stamped with what decides it: the interpreter,
`sys.path`, and the modification time of each folder on it.  Installing, upgrading or removing a package
adds or removes a `*.dist-info` folder in one of them, which changes that folder's time, and the
entry points are read again.  A cache that cannot be read or written is no error: the entry
points are then read from `importlib.metadata` as before.
"""

from __future__ import annotations

import functools
import importlib
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from marblestudio.engine.caches import cache_dir

FAMILIES = "marblestudio.families"
"""The group of game families (`engine.family`)."""
PIECES = "marblestudio.pieces"
"""The group of Python rule pieces (`engine.pieces.vocab`)."""
GROUPS = (FAMILIES, PIECES)
"""The groups remembered: every entry-point group Marble Studio reads."""

FILE_NAME = "entry-points.json"
FORMAT = 1
"""The cache file's format; a file of another format is read again from the packages."""


@dataclass(frozen=True, slots=True)
class Distribution:
    """The package that registered an entry point (`importlib.metadata`'s has more)."""

    name: str


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry point: what `importlib.metadata.EntryPoint` gives, as far as we use it."""

    name: str
    value: str  # 'package.module' or 'package.module:attribute.sub'
    group: str
    dist: Distribution

    def load(self) -> Any:
        """The object the entry point names (as `EntryPoint.load`)."""
        return load_ref(self.value)


def load_ref(ref: str) -> Any:
    """The module ('pkg.mod') or attribute ('pkg.mod:attr.sub') that `ref` names."""
    module_name, _, attribute = ref.partition(":")
    value: Any = importlib.import_module(module_name.strip())
    for part in filter(None, attribute.strip().split(".")):
        value = getattr(value, part)
    return value


def entry_points(group: str) -> tuple[Entry, ...]:
    """The entry points of `group` (one of `GROUPS`), as `importlib.metadata` finds them."""
    if group not in GROUPS:
        raise ValueError(f"{group!r} is not one of Marble Studio's entry-point groups {GROUPS}")
    return _all()[group]


def forget() -> None:
    """Read the entry points again on next use (in this process; the file checks itself)."""
    _all.cache_clear()


@functools.cache
def _all() -> dict[str, tuple[Entry, ...]]:
    stamp = _stamp()
    path = cache_dir() / FILE_NAME
    found = _read(path, stamp)
    if found is None:
        found = _from_metadata()
        _write(path, stamp, found)
    return found


def _stamp() -> list[Any]:
    """What the installed entry points depend on: the interpreter, and each folder on `sys.path`
    with its modification time (None when it does not exist)."""
    folders: list[Any] = []
    for entry in sys.path:
        try:
            folders.append([entry, os.stat(entry or ".").st_mtime_ns])
        except OSError:
            folders.append([entry, None])
    return [FORMAT, sys.executable, sys.version, folders]


def _from_metadata() -> dict[str, tuple[Entry, ...]]:
    from importlib import metadata

    found = {}
    for group in GROUPS:
        entries = []
        for point in metadata.entry_points(group=group):
            dist = getattr(point, "dist", None)
            entries.append(Entry(point.name, point.value, group, Distribution(getattr(dist, "name", "") or "")))
        found[group] = tuple(entries)
    return found


def _read(path: Path, stamp: list[Any]) -> dict[str, tuple[Entry, ...]] | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data["stamp"] != stamp:
            return None
        return {
            group: tuple(Entry(str(e["name"]), str(e["value"]), group, Distribution(str(e["dist"]))) for e in data["groups"][group])
            for group in GROUPS
        }
    except (OSError, ValueError, KeyError, TypeError):  # missing, unreadable, or not ours: read the packages
        return None


def _write(path: Path, stamp: list[Any], found: dict[str, tuple[Entry, ...]]) -> None:
    from marblestudio.atomic import write_atomic

    groups = {group: [{"name": e.name, "value": e.value, "dist": e.dist.name} for e in entries] for group, entries in found.items()}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps({"stamp": stamp, "groups": groups}, indent=1) + "\n", fsync=False)  # a cache: lost, it is read again
    except OSError:
        pass  # a read-only or full cache folder: the next run reads the packages again


__all__ = ["FAMILIES", "FILE_NAME", "GROUPS", "PIECES", "Distribution", "Entry", "entry_points", "forget", "load_ref"]
