"""The ruleset JSON Schema: the installation's, built from every installed game family's fragment
(`schema_build`), and the static file of the bundled families (`ruleset.schema.json`, package
data, which the bundled ruleset files' editor modelines point at)."""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

FILE_NAME = "ruleset.schema.json"


@functools.cache
def bundled_text() -> str:
    """The static schema of the bundled families, as JSON text."""
    return resources.files(__name__).joinpath(FILE_NAME).read_text(encoding="utf-8")


@functools.cache
def combined() -> dict[str, Any]:
    """The installation's schema: every installed family, plug-ins included (do not modify it)."""
    from marblestudio.rulesets.schema_build import build

    return build()


@functools.cache
def text() -> str:
    """The installation's schema as JSON text (what `marblestudio schema` prints)."""
    return json.dumps(combined(), indent=2, ensure_ascii=False) + "\n"


def forget() -> None:
    """Build the schema again on next use (after a plug-in is installed or removed, in tests)."""
    combined.cache_clear()
    text.cache_clear()
