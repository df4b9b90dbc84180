"""Marble Studio: play, watch and invent rules for marble and card games."""

from __future__ import annotations

import os
import sys

__version__ = "0.1.0"

PURE_ENV = "MARBLESTUDIO_PURE"
"""Set (to anything) in the environment, Marble Studio loads its modules from source."""


def _prefer_source() -> None:
    """Load Marble Studio's modules from their `.py` files, not from the native ones compiled
    beside them (`marblestudio.engine.native`); the rest of `sys.path` is left alone."""
    from importlib.machinery import SOURCE_SUFFIXES, FileFinder, SourceFileLoader

    root = os.path.dirname(os.path.abspath(__file__))

    def ours(path: str) -> bool:
        path = os.path.abspath(path)
        return path == root or path.startswith(root + os.sep)

    def hook(path: str) -> FileFinder:
        if not ours(path):
            raise ImportError  # not ours: the next hook finds it
        return FileFinder(path, (SourceFileLoader, SOURCE_SUFFIXES))

    sys.path_hooks.insert(0, hook)
    for cached in [p for p in sys.path_importer_cache if ours(p)]:
        del sys.path_importer_cache[cached]


if os.environ.get(PURE_ENV):
    _prefer_source()
