"""The one ruleset JSON Schema: current, draft-07 only, described everywhere; and the reference page."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft7Validator

from marblestudio.rulesets import schema as schema_files
from marblestudio.rulesets import schema_build
from marblestudio.rulesets.reference import DOCS, render

from .helpers import BUNDLED, ROOT

DRAFT7_KEYWORDS = {
    "$schema", "$id", "$ref", "$comment", "title", "description", "default", "readOnly", "writeOnly", "examples",
    "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern",
    "additionalItems", "items", "maxItems", "minItems", "uniqueItems", "contains", "maxProperties", "minProperties",
    "required", "additionalProperties", "definitions", "properties", "patternProperties", "dependencies",
    "propertyNames", "const", "enum", "type", "format", "contentMediaType", "contentEncoding", "if", "then", "else",
    "allOf", "anyOf", "oneOf", "not",
}  # fmt: skip


def subschemas(schema: Any, where: str = "#") -> Iterator[tuple[str, dict[str, Any], str]]:
    """(location, schema, how it was reached) for every schema object inside `schema`."""
    if not isinstance(schema, dict):
        return
    for key in ("properties", "patternProperties", "definitions"):
        for name, sub in schema.get(key, {}).items():
            yield f"{where}/{key}/{name}", sub, key
            yield from subschemas(sub, f"{where}/{key}/{name}")
    for key in ("items", "additionalProperties", "additionalItems", "contains", "propertyNames", "not", "if", "then", "else"):
        sub = schema.get(key)
        if isinstance(sub, dict):
            yield f"{where}/{key}", sub, key
            yield from subschemas(sub, f"{where}/{key}")
    for key in ("allOf", "anyOf", "oneOf"):
        for i, sub in enumerate(schema.get(key, [])):
            yield f"{where}/{key}/{i}", sub, key
            yield from subschemas(sub, f"{where}/{key}/{i}")


def test_combined_schema_file_is_current() -> None:
    bundled = schema_build.fragments(schema_build.bundled_families())
    assert schema_build.OUTPUT.read_text(encoding="utf-8") == schema_build.render(schema_build.build(bundled)), (
        "run: python -m marblestudio.rulesets.schema_build"
    )


def test_schema_is_valid_draft7() -> None:
    Draft7Validator.check_schema(schema_files.combined())


def test_schema_uses_only_draft7_keywords() -> None:
    combined = schema_files.combined()
    unknown = {(where, key) for where, sub, _ in [("#", combined, ""), *subschemas(combined)] for key in sub if key not in DRAFT7_KEYWORDS}
    assert unknown == set()


def test_every_property_has_a_description() -> None:
    combined = schema_files.combined()
    missing = [
        where
        for where, sub, how in subschemas(combined)
        if how in ("properties", "definitions", "additionalProperties", "items", "anyOf", "oneOf")
        and "$ref" not in sub
        and "/if/" not in where  # the condition of an if/then names `game`, described at the top
        and not where.startswith("#/definitions/complete")  # completeness only: the body describes
        and not sub.get("description")
    ]
    assert missing == []


def test_every_mapping_with_named_keys_refuses_unknown_keys() -> None:
    combined = schema_files.combined()
    open_ended = [
        where
        for where, sub, _ in [("#", combined, ""), *subschemas(combined)]
        if "properties" in sub
        and not any(part in where for part in ("/if", "/then", "/else", "/definitions/complete"))
        and sub.get("additionalProperties") is not False
    ]
    assert open_ended == []


def test_each_family_section_is_required_by_its_game() -> None:
    complete = schema_build.build_complete()
    rules = {rule["if"]["properties"]["game"]["const"]: rule["then"]["required"] for rule in complete["allOf"]}
    assert rules["stay-alive"] == ["stay_alive"]
    for game, required in rules.items():
        assert required == [game.replace("-", "_")]


def test_combiner_includes_the_fragments_it_is_given_and_hoists_definitions() -> None:
    base = {"type": "object", "properties": {"game": {"description": "g", "enum": ["stay-alive"]}}}
    fragment = {"description": "d", "type": "object", "properties": {"x": {"$ref": "#/definitions/avalanche__x"}},
                "definitions": {"avalanche__x": {"description": "x", "type": "integer"}}}  # fmt: skip
    built = schema_build.build_complete({"avalanche": fragment}, base)
    assert set(built["properties"]) == {"game", "avalanche", "rules"}  # rules: the pieces, common to all
    assert built["properties"]["game"] == {"description": "g", "enum": ["avalanche"]}  # the families given
    assert built["definitions"] == {"avalanche__x": {"description": "x", "type": "integer"}}
    assert "definitions" not in built["properties"]["avalanche"]
    (rule,) = built["allOf"]
    assert rule["if"] == {"properties": {"game": {"const": "avalanche"}}, "required": ["game"]}
    assert rule["then"]["required"] == ["avalanche"]
    assert "gate_flipped" in rule["then"]["properties"]["rules"]["items"]["properties"]["on"]["enum"]  # its own events for `on:`


def test_the_combined_schema_is_a_tree_of_its_own_and_leaves_its_parts_as_they_were() -> None:
    parts = schema_build.fragments()
    before = json.dumps(parts, sort_keys=True)
    built = schema_build.build(parts)
    assert json.dumps(parts, sort_keys=True) == before  # definitions still in their fragments
    given = {id(node) for node in _containers(parts)}
    assert not any(id(node) in given for node in _containers(built))  # editing the schema cannot edit a fragment
    mine = list(_containers(built))
    assert len({id(node) for node in mine}) == len(mine)  # nor one part of it another


def _containers(node: Any) -> Iterator[Any]:
    if isinstance(node, (dict, list)):
        yield node
        for child in node.values() if isinstance(node, dict) else node:
            yield from _containers(child)


def test_combiner_refuses_a_definition_without_its_section_prefix() -> None:
    with pytest.raises(ValueError, match="must start with 'alive__'"):
        schema_build.build_complete({"alive": {"definitions": {"card": {}}}}, {"type": "object", "properties": {}})


def test_completeness_applies_only_without_extends() -> None:
    validator = Draft7Validator(schema_files.combined())
    assert validator.is_valid({"extends": "stay-alive/standard", "stay_alive": {"positions": 3}})
    assert not validator.is_valid({"stay_alive": {"positions": 3}})
    missing = {e.message for e in validator.iter_errors({"format": 1, "id": "a/b", "name": "B", "game": "stay-alive", "players": {"min": 2}})}
    assert missing == {"'max' is a required property", "'stay_alive' is a required property"}


def test_completeness_is_derived_from_the_fragments() -> None:
    combined = schema_files.combined()
    assert "required" not in combined and "required" not in combined["properties"]["players"]
    complete = combined["definitions"]["complete"]
    assert complete["required"] == ["format", "id", "name", "game", "players"]
    assert complete["properties"]["stay_alive"]["required"] == ["grid", "marbles_per_player", "slides"]
    assert combined["definitions"]["complete__stay_alive__slide"] == {"required": ["layer", "line", "open"]}


@pytest.mark.parametrize("path", sorted(BUNDLED.rglob("*.yaml")), ids=lambda p: p.relative_to(BUNDLED).as_posix())
def test_bundled_file_points_editors_at_the_schema(path: Path) -> None:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    match = re.fullmatch(r"# yaml-language-server: \$schema=(\S+)", first)
    assert match, first
    assert (path.parent / match.group(1)).resolve() == schema_build.OUTPUT


def test_reference_page_is_current() -> None:
    assert DOCS == ROOT / "docs" / "rulesets.md"
    bundled = schema_build.build_complete(schema_build.fragments(schema_build.bundled_families()))
    assert DOCS.read_text(encoding="utf-8") == render(bundled), "run: python -m marblestudio.rulesets.reference"


def test_reference_page_documents_every_stay_alive_key() -> None:
    text = DOCS.read_text(encoding="utf-8")
    section = schema_files.combined()["properties"]["stay_alive"]
    for key in section["properties"]:
        assert f"| `stay_alive.{key}` |" in text
    for key in ("layer", "line", "open"):
        assert f"| `stay_alive.slides.<id>.{key}` |" in text


@pytest.mark.parametrize("path", sorted(BUNDLED.rglob("*.yaml")), ids=lambda p: p.relative_to(BUNDLED).as_posix())
def test_editor_sees_no_problem_in_a_bundled_file(path: Path) -> None:
    """What an ordinary editor checks: the raw file against the schema file, house rules too."""
    import yaml

    validator = Draft7Validator(json.loads(schema_build.OUTPUT.read_text(encoding="utf-8")))
    assert [e.message for e in validator.iter_errors(yaml.safe_load(path.read_text(encoding="utf-8")))] == []


def test_house_rule_example_on_the_reference_page_is_valid(tmp_path: Path) -> None:
    from marblestudio.rulesets import check_text

    example = DOCS.read_text(encoding="utf-8").split("```yaml\n", 1)[1].split("```", 1)[0]
    assert check_text(example, tmp_path / "quick.yaml") == []
