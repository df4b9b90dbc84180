"""Which engine modules run as native code, compiled from their own source by mypyc.

The hot loops of a game (a random playout, a search's trial moves) are plain, fully annotated
Python.  mypyc (part of mypy, kept by the Python typing community) compiles those same files
into C extensions: there is one source, and the pure-Python module is always the fallback.
`scripts/build_native.py` builds them in place (`make` does it before `run`, `test` and
`bench`) and writes a stamp of the sources it compiled, so that a compiled module that no longer
matches its source can be told (`stale()`; a test fails on it).

`MARBLESTUDIO_PURE=1` in the environment makes Marble Studio's modules load from source even
where a compiled one lies beside it (`marblestudio/__init__.py`): for debugging, and for the
test that plays the same seeded games both ways.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[2]
"""The folder that holds the `marblestudio` package."""

MODULES = (
    "marblestudio.engine.archimedes.movegen",
    "marblestudio.engine.archimedes.passage",
    "marblestudio.engine.archimedes.paths",
    "marblestudio.engine.archimedes.physics",
    "marblestudio.engine.archimedes.playout",
    "marblestudio.engine.archimedes.position",
    "marblestudio.engine.draws",
    "marblestudio.engine.alive.playout",
    "marblestudio.engine.stay_alive.playout",
    "marblestudio.engine.stay_alive.turns",
    "marblestudio.engine.avalanche.cascade",
    "marblestudio.engine.pieces.triggers",
    "marblestudio.engine.pieces.rule_state",
)
"""The modules compiled to native code (each has a `.py` beside its compiled `.so`)."""

STAMP = SRC / "marblestudio" / "engine" / "native-stamp.json"
"""What `scripts/build_native.py` compiled: each module's source digest."""


def source_path(module: str) -> Path:
    return SRC.joinpath(*module.split(".")).with_suffix(".py")


def digest(module: str) -> str:
    return hashlib.sha256(source_path(module).read_bytes()).hexdigest()


def compiled(module: str) -> bool:
    """Whether `module`, imported now, runs as native code."""
    __import__(module)
    return not str(sys.modules[module].__file__).endswith(".py")


def stamped() -> dict[str, str]:
    """The source digests the last build compiled ({} when nothing was built)."""
    try:
        data = json.loads(STAMP.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    modules = data.get("modules") if isinstance(data, dict) else None
    return {str(k): str(v) for k, v in modules.items()} if isinstance(modules, dict) else {}


def stale() -> list[str]:
    """The compiled modules lying beside a source that changed since they were built."""
    built = stamped()
    found = []
    for module in MODULES:
        path = source_path(module)
        if any(path.parent.glob(path.stem + ".*.so")) and built.get(module) != digest(module):
            found.append(module)
    return found
