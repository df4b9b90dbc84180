"""JSON-like trees: a ruleset's data and the schema that checks it are mappings, lists and scalars."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def plain(value: Any) -> Any:
    """A deep copy made of dicts, lists and scalars only (JSON-like): string keys, tuples as lists."""
    if type(value) is dict or isinstance(value, Mapping):  # a dict first: the common case, without the ABC check
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value
