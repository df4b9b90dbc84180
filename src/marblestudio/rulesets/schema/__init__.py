"""The ruleset JSON Schema, shipped as package data (`ruleset.schema.json`, built by `schema_build`)."""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

FILE_NAME = "ruleset.schema.json"


@functools.cache
def text() -> str:
    """The combined schema as JSON text."""
    return resources.files(__name__).joinpath(FILE_NAME).read_text(encoding="utf-8")


@functools.cache
def combined() -> dict[str, Any]:
    """The combined schema (do not modify the returned dict)."""
    schema: dict[str, Any] = json.loads(text())
    return schema
