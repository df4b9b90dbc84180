"""The ruleset JSON Schema: the installation's, built from every installed game family's fragment
(`schema_build`), and the static file of the bundled families (`ruleset.schema.json`, package
data, which the bundled ruleset files' editor modelines point at).

The installation's schema is also kept as a file in the user's cache folder
(`installed_file()`), so that a house rule made with `marblestudio new` points an ordinary editor
at a schema that knows every installed game, plug-ins included.

A family whose fragment cannot be used is left out of the installation's schema, and
`problems()` says so; the other games keep theirs."""

from __future__ import annotations

import functools
import json
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from marblestudio.rulesets.schema_build import Installed

from marblestudio.engine.caches import cache_dir

FILE_NAME = "ruleset.schema.json"


@functools.cache
def bundled_text() -> str:
    """The static schema of the bundled families, as JSON text."""
    return resources.files(__name__).joinpath(FILE_NAME).read_text(encoding="utf-8")


@functools.cache
def _installed() -> Installed:
    from marblestudio.rulesets.schema_build import installed_fragments

    return installed_fragments()


@functools.cache
def combined() -> dict[str, Any]:
    """The installation's schema: every installed family, plug-ins included (do not modify it)."""
    from marblestudio.rulesets.schema_build import build

    return build(_installed().parts)


def problems() -> tuple[str, ...]:
    """Why families were left out of the installation's schema (empty when every fragment is usable)."""
    return _installed().problems


@functools.cache
def text() -> str:
    """The installation's schema as JSON text (what `marblestudio schema` prints)."""
    return json.dumps(combined(), indent=2, ensure_ascii=False) + "\n"


def installed_file() -> Path:
    """The installation's schema as a file in the cache folder, written (atomically) when it is
    missing or out of date; raises OSError when it cannot be written."""
    from marblestudio.atomic import write_atomic

    target = cache_dir() / FILE_NAME
    wanted = text()
    try:
        current = target.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        current = None
    if current != wanted:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, wanted)
    return target


def forget() -> None:
    """Build the schema again on next use (after a plug-in is installed or removed, in tests)."""
    _installed.cache_clear()
    combined.cache_clear()
    text.cache_clear()
