"""The ruleset schema, walked along a path of keys: what a mapping allows, what an enum takes."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

PathPart = str | int
JsonPath = tuple[PathPart, ...]


def schema_path() -> Path:
    """The static schema of the bundled families shipped inside the package (for editors)."""
    return Path(str(resources.files("marblestudio.rulesets.schema").joinpath("ruleset.schema.json")))


def load_schema() -> dict[str, Any]:
    """The installation's schema as data: every installed family, plug-ins included."""
    from marblestudio.rulesets import schema

    return schema.combined()


class SchemaNavigator:
    """Walks a JSON Schema (draft-07 keywords) along a path of keys and list indexes."""

    def __init__(self, schema: Mapping[str, Any]) -> None:
        self.schema = schema

    def resolve(self, node: Any) -> list[Mapping[str, Any]]:
        """`node` with `$ref`, `allOf`, `anyOf`, `oneOf` and `if`/`then`/`else` spread into a flat list."""
        out: list[Mapping[str, Any]] = []
        self._spread(node, out, depth=0)
        return out

    def _spread(self, node: Any, out: list[Mapping[str, Any]], depth: int) -> None:
        if not isinstance(node, Mapping) or depth > 32:
            return
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/"):
            target: Any = self.schema
            for part in ref[2:].split("/"):
                target = target.get(part.replace("~1", "/").replace("~0", "~"), {}) if isinstance(target, Mapping) else {}
            own = {k: v for k, v in node.items() if k != "$ref"}
            if own:
                out.append(own)
            self._spread(target, out, depth + 1)
            return
        out.append(node)
        for keyword in ("allOf", "anyOf", "oneOf"):
            for sub in node.get(keyword, ()) or ():
                self._spread(sub, out, depth + 1)
        for keyword in ("then", "else"):
            if keyword in node:
                self._spread(node[keyword], out, depth + 1)

    def child(self, nodes: Sequence[Mapping[str, Any]], part: PathPart) -> list[Mapping[str, Any]]:
        """The schemas of `part` (a key or a list index) inside any of `nodes`."""
        found: list[Mapping[str, Any]] = []
        for node in nodes:
            if isinstance(part, int):
                items = node.get("items")
                if isinstance(items, Mapping):
                    found += self.resolve(items)
                elif isinstance(items, list) and items:
                    found += self.resolve(items[min(part, len(items) - 1)])
                continue
            props = node.get("properties") or {}
            if part in props:
                found += self.resolve(props[part])
                continue
            matched = False
            for pattern, sub in (node.get("patternProperties") or {}).items():
                if re.search(pattern, part):
                    found += self.resolve(sub)
                    matched = True
            if not matched and isinstance(node.get("additionalProperties"), Mapping):
                found += self.resolve(node["additionalProperties"])
        return found

    def at(self, path: Sequence[PathPart]) -> list[Mapping[str, Any]]:
        """The schemas that describe the value at `path` (empty when the path is not allowed)."""
        nodes = self.resolve(self.schema)
        for part in path:
            nodes = self.child(nodes, part)
            if not nodes:
                break
        return nodes

    def keys(self, nodes: Sequence[Mapping[str, Any]]) -> dict[str, str]:
        """The named keys allowed in a mapping described by `nodes`, with their descriptions."""
        out: dict[str, str] = {}
        for node in nodes:
            for key, sub in (node.get("properties") or {}).items():
                if key not in out or not out[key]:
                    out[key] = description(self.resolve(sub))
        return out

    def values(self, nodes: Sequence[Mapping[str, Any]]) -> list[str]:
        """The values an enum, a constant or a boolean may take, as YAML text."""
        out: list[str] = []
        for node in nodes:
            choices = list(node.get("enum", ()))
            if "const" in node:
                choices.append(node["const"])
            if node.get("type") == "boolean":
                choices += [True, False]
            for value in choices:
                text = _scalar_text(value)
                if text not in out:
                    out.append(text)
        return out


def description(nodes: Sequence[Mapping[str, Any]]) -> str:
    """The first description among `nodes` (a property's own description comes first)."""
    for node in nodes:
        text = node.get("description")
        if isinstance(text, str) and text.strip():
            return text.strip()
    return ""


def _scalar_text(value: Any) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    return str(value)
