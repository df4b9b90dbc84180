"""Build the one ruleset JSON Schema from its common part and the game families' fragments.

`schema/common.json` holds what every ruleset shares; each installed game family
(`engine.family`) brings the schema of its section (top-level key `<game>` with '-' as '_').
A fragment may carry "definitions" named `<section>__...`; they are hoisted to the top level.
`game` may name any installed family, and each family gets an if/then rule: `game: <game>`
requires its section and forbids the others.  A plug-in's fragment that cannot be read, or breaks
these rules, leaves only that family out of the installation's schema (`installed_fragments`),
with a message naming it; every other game keeps its schema.

A house rule (a file with `extends:`) is partial, so the combined schema states completeness
(`required`, `minProperties`) only for files without `extends:`: the body has none of it, and
`#/definitions/complete` (derived from the fragments) applies when `extends` is absent.  One
schema thus serves editors, a house-rule file alone, and the merged result.

Two schemas come from this: the installation's (every registered family, plug-ins included),
which the loader checks with and `marblestudio schema` prints; and the static file
`schema/ruleset.schema.json` of the bundled families, shipped for editors of the bundled files.
Run `python -m marblestudio.rulesets.schema_build` to regenerate the static file (the output is
deterministic); `--check` exits 1 when it is out of date.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from marblestudio.engine import family as registry
from marblestudio.engine.family import Family
from marblestudio.rulesets import pieces_schema
from marblestudio.rulesets.trees import plain

SCHEMA_DIR = Path(__file__).resolve().parent / "schema"
OUTPUT = SCHEMA_DIR / "ruleset.schema.json"

log = logging.getLogger(__name__)


def section_of(game: str) -> str:
    """The top-level key of a family's section: 'stay-alive' -> 'stay_alive'."""
    return game.replace("-", "_")


def common() -> dict[str, Any]:
    """The common part of every ruleset's schema (`schema/common.json`)."""
    return dict(json.loads((SCHEMA_DIR / "common.json").read_text(encoding="utf-8")))


class FragmentError(ValueError):
    """A family's schema fragment cannot be read, or breaks the rules of a fragment."""


def fragment_problem(game: str, fragment: Mapping[str, Any], reserved: Iterable[str] = ()) -> str | None:
    """What is wrong with `fragment` as the schema of `game`'s section (None when nothing is):
    its "definitions" must be named `<section>__...`, and its section must not be a key of
    `reserved` (the common part's)."""
    section = section_of(game)
    if section in set(reserved):
        return f"its section {section!r} is a key every ruleset has"
    definitions = fragment.get("definitions", {})
    if not isinstance(definitions, Mapping):
        return "its \"definitions\" is not a JSON object"
    for name in definitions:
        if not name.startswith(f"{section}__"):
            return f"its definition {name!r} must start with '{section}__'"
    return None


def fragment(family: Family) -> dict[str, Any]:
    """The schema fragment of `family`'s section, read and checked; `FragmentError` says why it
    cannot be used (a file missing from a plug-in's package data, bad JSON, a misnamed definition)."""
    try:
        text = family.resource("schema").read_text(encoding="utf-8")
    except Exception as exc:  # noqa: BLE001 - a plug-in's package or file may be missing in any way
        raise FragmentError(f"its schema {family.schema} cannot be read ({type(exc).__name__}: {exc})") from exc
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise FragmentError(f"its schema {family.schema} is not JSON ({exc})") from exc
    if not isinstance(data, dict):
        raise FragmentError(f"its schema {family.schema} holds {type(data).__name__}, not a JSON object")
    problem = fragment_problem(family.game, data, registry.reserved())
    if problem is not None:
        raise FragmentError(f"its schema {family.schema}: {problem}")
    return data


def fragments(families: Iterable[Family] | None = None) -> dict[str, dict[str, Any]]:
    """Game -> the schema fragment of its section, for `families` (default: every installed one);
    raises `FragmentError` for the first that cannot be used (see `installed_fragments`)."""
    chosen = registry.families() if families is None else families
    return {f.game: fragment(f) for f in chosen}


@dataclass(frozen=True, slots=True)
class Installed:
    """The fragments of the installed families, and why any family was left out of the schema."""

    parts: dict[str, dict[str, Any]]
    problems: tuple[str, ...] = ()


def installed_fragments(families: Iterable[Family] | None = None) -> Installed:
    """The usable fragments of `families` (default: every installed one): a family whose fragment
    cannot be used is left out, with a message naming it, its distribution and why, so that one
    plug-in's mistake never takes the other games' schema with it."""
    parts: dict[str, dict[str, Any]] = {}
    problems: list[str] = []
    for family in registry.families() if families is None else families:
        try:
            parts[family.game] = fragment(family)
        except FragmentError as exc:
            problems.append(f"the game family {family.game!r} ({family.source or family.schema}) was left out: {exc}")
    for problem in problems:
        log.warning("%s", problem)
    return Installed(parts, tuple(problems))


def bundled_families() -> list[Family]:
    """The families Marble Studio itself registers (not plug-ins)."""
    return [f for f in registry.families() if f.source == registry.BUNDLED]


def build_complete(parts: Mapping[str, Mapping[str, Any]] | None = None, base: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The schema of a complete ruleset (every `required` in place) from the common part `base`
    and the fragments `parts` (game -> fragment; default: the installed families')."""
    schema: dict[str, Any] = plain(dict(common() if base is None else base))
    parts = installed_fragments().parts if parts is None else parts
    schema.setdefault("properties", {})
    if "game" in schema["properties"]:
        schema["properties"]["game"] = {**schema["properties"]["game"], "enum": list(parts)}
    definitions: dict[str, Any] = {}
    sections: dict[str, str] = {}
    reserved = {*schema["properties"], "rules"}
    for game, original in parts.items():
        problem = fragment_problem(game, original, reserved)
        if problem is not None:
            raise FragmentError(f"the schema of {game}: {problem}")
        part = plain(dict(original))
        section = section_of(game)
        definitions.update(part.pop("definitions", {}))
        schema["properties"][section] = part
        sections[game] = section
    schema["properties"]["rules"] = pieces_schema.rules_schema(parts)
    rules = []
    for game, section in sections.items():
        others = {
            other: {"description": f"Only the '{section}' section belongs in a '{game}' ruleset.", "not": {}}
            for g, other in sections.items()
            if g != game
        }
        then: dict[str, Any] = {"required": [section]}
        then["properties"] = {**others, "rules": pieces_schema.family_rule(game)}
        rules.append({"if": {"properties": {"game": {"const": game}}, "required": ["game"]}, "then": then})
    if rules:
        schema["allOf"] = rules
    if definitions:
        schema["definitions"] = dict(sorted(definitions.items()))
    return schema


COMPLETE = "complete"
COMPLETENESS = ("required", "minProperties")


def build(parts: Mapping[str, Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """The combined schema of `parts` (default: the installed families'): completeness applies
    only to a ruleset without `extends:`."""
    full = build_complete(parts)
    extra: dict[str, Any] = {}
    skeleton = _completeness(full, full.get("definitions", {}), extra) or {}
    skeleton["description"] = "What a ruleset without 'extends' must have: every required key and section."
    combined: dict[str, Any] = _without_completeness(full)
    combined.setdefault("allOf", []).append({"if": {"required": ["extends"]}, "else": {"$ref": f"#/definitions/{COMPLETE}"}})
    definitions = {**combined.get("definitions", {}), COMPLETE: skeleton, **{k: v for k, v in extra.items() if v}}
    combined["definitions"] = dict(sorted(definitions.items()))
    return combined


def _without_completeness(schema: dict[str, Any]) -> dict[str, Any]:
    """`schema` without `required` and `minProperties`, except inside an `if` (a condition)."""

    def strip(node: Any, in_if: bool) -> Any:
        if isinstance(node, dict):
            return {
                key: strip(value, in_if or key == "if")
                for key, value in node.items()
                if in_if or key not in COMPLETENESS or isinstance(value, dict)
            }
        if isinstance(node, list):
            return [strip(item, in_if) for item in node]
        return node

    return strip(schema, False)  # type: ignore[no-any-return]  # a new tree: every mapping and list is rebuilt


def _completeness(node: Any, definitions: dict[str, Any], out: dict[str, Any]) -> dict[str, Any] | None:
    """Only the completeness constraints of `node` (None if it has none); referenced parts go to `out`."""
    if not isinstance(node, dict):
        return None
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/definitions/"):
        name = ref.rsplit("/", 1)[1]
        key = f"{COMPLETE}__{name}"
        if key not in out:
            out[key] = {}  # a placeholder while the definition is worked out
            out[key] = _completeness(definitions[name], definitions, out)
        return {"$ref": f"#/definitions/{key}"} if out[key] else None
    result: dict[str, Any] = {key: node[key] for key in COMPLETENESS if key in node and not isinstance(node[key], dict)}
    properties = {}
    for name, sub in node.get("properties", {}).items():
        part = _completeness(sub, definitions, out)
        if part:
            properties[name] = part
    if properties:
        result["properties"] = properties
    for key in ("additionalProperties", "items"):
        part = _completeness(node.get(key), definitions, out)
        if part:
            result[key] = part
    for key in ("anyOf", "oneOf"):
        if any(_completeness(branch, definitions, out) for branch in node.get(key, [])):
            result[key] = plain(node[key])  # which branch applies decides what is required
    rules = []
    for rule in node.get("allOf", []):
        part = _completeness(rule.get("then"), definitions, out) if "if" in rule else _completeness(rule, definitions, out)
        if part:
            rules.append({"if": rule["if"], "then": part} if "if" in rule else part)
    if rules:
        result["allOf"] = rules
    return result or None


def render(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m marblestudio.rulesets.schema_build", description=__doc__)
    parser.add_argument("--check", action="store_true", help="exit 1 if the combined schema is out of date")
    args = parser.parse_args(argv)
    text = render(build(fragments(bundled_families())))
    current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else ""
    if args.check:
        if current != text:
            print(f"{OUTPUT} is out of date: run python -m marblestudio.rulesets.schema_build", file=sys.stderr)
            return 1
        return 0
    if current != text:
        from marblestudio.atomic import write_atomic

        write_atomic(OUTPUT, text)  # a killed or failed build leaves the old schema whole, and no .tmp file
    print(OUTPUT)
    return 0


if __name__ == "__main__":
    sys.exit(main())
