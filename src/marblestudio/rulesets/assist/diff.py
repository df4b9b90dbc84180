"""What a house rule changes from its base, and the resolved data as YAML lines tagged by pointer."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from marblestudio.rulesets.diagnostics import pointer_join


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
"""Stands for "not there" in a `Change` (a key the house rule adds or removes)."""


@dataclass(frozen=True, slots=True)
class Change:
    """One difference between the base and the resolved data, at a JSON pointer."""

    pointer: str
    before: Any
    after: Any


def changes(base: Mapping[str, Any], resolved: Mapping[str, Any], pointer: str = "") -> list[Change]:
    """Every place where `resolved` differs from `base` (mappings compared key by key, lists whole)."""
    out: list[Change] = []
    for key in [*base.keys(), *(k for k in resolved.keys() if k not in base)]:
        here = pointer_join(pointer, key)
        before = base.get(key, MISSING)
        after = resolved.get(key, MISSING)
        if isinstance(before, Mapping) and isinstance(after, Mapping):
            out += changes(before, after, here)
        elif before != after or type(before) is not type(after) and before is not MISSING:
            out.append(Change(here, before, after))
    return out


def resolved_lines(data: Mapping[str, Any], pointer: str = "", indent: int = 0) -> Iterator[tuple[str, str]]:
    """`data` as block YAML, one (line, JSON pointer of what the line shows) pair at a time."""
    pad = " " * indent
    for key, value in data.items():
        here = pointer_join(pointer, key)
        name = _key_text(key)
        if isinstance(value, Mapping) and value and not _small(value):
            yield f"{pad}{name}:", here
            yield from resolved_lines(value, here, indent + 2)
        elif isinstance(value, list) and value and any(isinstance(v, (Mapping, list)) for v in value) and not _small(value):
            yield f"{pad}{name}:", here
            for i, item in enumerate(value):
                item_ptr = pointer_join(here, i)
                if isinstance(item, Mapping) and item:
                    sub = list(resolved_lines(item, item_ptr, indent + 4))
                    first, first_ptr = sub[0]
                    yield f"{pad}  - {first.lstrip()}", first_ptr
                    yield from sub[1:]
                else:
                    yield f"{pad}  - {_flow(item)}", item_ptr
        else:
            yield f"{pad}{name}: {_flow(value)}", here


def _key_text(key: Any) -> str:
    text = _flow(key)
    return text


def _small(value: Any) -> bool:
    return len(_flow(value)) <= 72 and not (isinstance(value, Mapping) and any(isinstance(v, Mapping) for v in value.values()))


_PLAIN = re.compile(r"^[A-Za-z_][A-Za-z0-9_ .\-/]*(?<! )$")
_RESERVED = {"true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"}


def _flow(value: Any) -> str:
    """`value` as one line of flow YAML (what `yaml.safe_dump` would write, much faster)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        if _PLAIN.match(value) and value.lower() not in _RESERVED:
            return value
        return json.dumps(value, ensure_ascii=False)  # a JSON string is a double-quoted YAML scalar
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{_flow(k)}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    return json.dumps(str(value))


def changed_lines(lines: Sequence[tuple[str, str]], changed: Sequence[Change]) -> list[bool]:
    """For each of `resolved_lines`, whether it shows (part of) something the house rule changed."""
    marks = [c.pointer for c in changed]
    out = []
    for text, ptr in lines:
        header = text.endswith(":")  # a block mapping's key line: marked only if it is itself changed
        out.append(any(ptr == m or ptr.startswith(m + "/") or (not header and m.startswith(ptr + "/")) for m in marks))
    return out
