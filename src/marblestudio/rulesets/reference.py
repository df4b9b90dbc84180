"""The ruleset reference page (`docs/rulesets.md`), generated from the schema's descriptions.

Run `python -m marblestudio.rulesets.reference` to rewrite the page (`--check` exits 1 when it
is out of date; `--output FILE` writes elsewhere).  The schema is the one source of truth: the
descriptions are also the editor's tooltips.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parents[3] / "docs" / "rulesets.md"
HEADER = """\
# Ruleset reference

<!-- Generated from src/marblestudio/rulesets/schema/ by
     `python -m marblestudio.rulesets.reference`. Do not edit by hand. -->

{description}

A ruleset is a YAML file. A *house rule* names its base with `extends:` and writes only what it
changes: mappings merge key by key with the base's, and a list replaces the base's list. Keys
marked *required* must be present once the house rule is merged with its base. Collections
keyed by id (`<id>` below) can be changed one entry at a time. Unknown keys are errors.

Check a file with `marblestudio validate FILE`; print the JSON Schema with `marblestudio schema`.
Your own rulesets go in `$MARBLESTUDIO_USER_DIR`, else `$XDG_DATA_HOME/marblestudio/rulesets`,
else `~/.local/share/marblestudio/rulesets`; a file's id is its place there
(`stay-alive/mine.yaml` is `stay-alive/mine`), and may not be the id of a bundled ruleset.

A house rule, `stay-alive/quick.yaml` (the first line lets editors check and complete it):

```yaml
# yaml-language-server: $schema=../../src/marblestudio/rulesets/schema/ruleset.schema.json
format: 1
extends: stay-alive/standard
id: stay-alive/quick
name: Stay Alive, quick game
description: The standard game with 3 marbles each instead of 5.
stay_alive:
  marbles_per_player: 3
```
"""


def _resolve(schema: Mapping[str, Any], root: Mapping[str, Any]) -> Mapping[str, Any]:
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/definitions/"):
        resolved: Mapping[str, Any] = root["definitions"][ref.rsplit("/", 1)[1]]
        return resolved
    return schema


def _words(schema: Mapping[str, Any], root: Mapping[str, Any]) -> str:
    """A short account of what a value may be: type, choices and bounds."""
    schema = _resolve(schema, root)
    if "anyOf" in schema:
        return " or ".join(_words(branch, root) for branch in schema["anyOf"])
    if "enum" in schema:
        return "one of " + ", ".join(f"`{v}`" for v in schema["enum"])
    kind = schema.get("type", "any")
    text: str = {"integer": "whole number", "string": "text", "object": "mapping", "array": "list", "boolean": "true/false"}.get(kind, kind)
    low, high = schema.get("minimum"), schema.get("maximum")
    if low is not None and high is not None:
        text += f" {low}–{high}"
    elif low is not None:
        text += f" ≥ {low}"
    elif high is not None:
        text += f" ≤ {high}"
    if "pattern" in schema:
        text += f" matching `{schema['pattern']}`"
    if kind == "array" and isinstance(schema.get("items"), Mapping):
        text += " of " + _words(schema["items"], root)
        if "minItems" in schema:
            text += f" (at least {schema['minItems']})"
    if kind == "object" and isinstance(schema.get("additionalProperties"), Mapping) and "properties" not in schema:
        text += " of `<id>` → " + _words(schema["additionalProperties"], root)
    if "default" in schema:
        text += f", default `{schema['default']}`"
    return text


def _rows(schema: Mapping[str, Any], root: Mapping[str, Any], prefix: str) -> Iterator[tuple[str, str, bool, str]]:
    """(dotted key, value words, required, description) for every key below `schema`."""
    schema = _resolve(schema, root)
    required = set(schema.get("required", []))
    for key, sub in schema.get("properties", {}).items():
        resolved = _resolve(sub, root)
        name = f"{prefix}.{key}" if prefix else key
        yield name, _words(resolved, root), key in required, resolved.get("description", "")
        yield from _rows(resolved, root, name)
    extra = schema.get("additionalProperties")
    if isinstance(extra, Mapping) and "properties" in _resolve(extra, root):
        yield from _rows(extra, root, f"{prefix}.<id>")


def _cell(text: str) -> str:
    return " ".join(text.replace("|", "\\|").split())


def render(schema: Mapping[str, Any]) -> str:
    """The reference page for `schema` (the combined ruleset schema)."""
    lines = [HEADER.format(description=schema.get("description", "")).rstrip(), ""]
    required = set(schema.get("required", []))
    lines += ["## Top-level keys", "", "| Key | Value | Required | Description |", "|---|---|---|---|"]
    for key, sub in schema["properties"].items():
        lines.append(f"| `{key}` | {_cell(_words(sub, schema))} | {'yes' if key in required else ''} | {_cell(sub.get('description', ''))} |")
    lines.append("")
    for key, sub in schema["properties"].items():
        rows = list(_rows(sub, schema, key))
        if not rows:
            continue
        lines += [f"## `{key}`", "", _cell(sub.get("description", "")), ""]
        if key.replace("_", "-") in {b["if"]["properties"]["game"]["const"] for b in schema.get("allOf", [])}:
            lines += [f"Required when `game` is `{key.replace('_', '-')}`; no other game's section may appear.", ""]
        lines += ["| Key | Value | Required | Description |", "|---|---|---|---|"]
        for name, words, needed, description in rows:
            lines.append(f"| `{name}` | {_cell(words)} | {'yes' if needed else ''} | {_cell(description)} |")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    from marblestudio.rulesets.schema_build import build_complete, bundled_families, fragments

    parser = argparse.ArgumentParser(prog="python -m marblestudio.rulesets.reference", description=__doc__)
    parser.add_argument("--check", action="store_true", help="exit 1 if the page is out of date")
    parser.add_argument("--output", type=Path, default=DOCS, help=f"where to write (default {DOCS})")
    args = parser.parse_args(argv)
    text = render(build_complete(fragments(bundled_families())))  # the bundled games; a plug-in documents its own
    if args.check:
        current = args.output.read_text(encoding="utf-8") if args.output.exists() else ""
        if current != text:
            print(f"{args.output} is out of date: run python -m marblestudio.rulesets.reference", file=sys.stderr)
            return 1
        return 0
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(text, encoding="utf-8")
    print(args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
