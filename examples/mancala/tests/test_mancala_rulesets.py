"""The ruleset side: Marble Studio's schema of this installation holds the fragment (through the
family's `schema` field) and accepts both bundled files; `check`, `unused` and `build`, and
Marble Studio's loader building `MancalaRules` through them.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft7Validator
from mancala_helpers import resolved

from marblestudio.rulesets import RulesetError, from_resolved, schema
from marblestudio.rulesets.diagnostics import WARNING, Problem

from marblestudio_mancala import editor_schema, rulesets
from marblestudio_mancala.engine import KALAH, OWARE, Capture, GrandSlam, MancalaRules, new_game
from marblestudio_mancala.family import FAMILY

FRAGMENT: dict[str, Any] = json.loads(FAMILY.resource("schema").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def validator() -> Draft7Validator:
    """Marble Studio's ruleset schema of this installation (every installed family's fragment)."""
    combined = schema.combined()
    Draft7Validator.check_schema(combined)
    return Draft7Validator(combined)


@pytest.mark.parametrize("name", ["kalah", "oware"])
def test_each_bundled_file_points_editors_at_a_schema_that_checks_it(name: str) -> None:
    path = Path(str(FAMILY.resource("rulesets"))) / f"{name}.yaml"
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first == editor_schema.MODELINE
    target = (path.parent / first.split("$schema=", 1)[1]).resolve()
    assert target == editor_schema.OUTPUT and target.is_file()
    checker = Draft7Validator(json.loads(target.read_text(encoding="utf-8")))
    assert _errors(checker, resolved(name)) == []
    wrong = resolved(name)
    wrong["mancala"]["houses"] = 13
    assert _errors(checker, wrong) == ["mancala/houses: 13 is greater than the maximum of 12"]


def test_the_editors_schema_file_is_up_to_date() -> None:
    assert editor_schema.main(["--check"]) == 0, "run: python -m marblestudio_mancala.editor_schema"


def test_the_installations_schema_holds_the_fragment() -> None:
    combined = schema.combined()
    assert "mancala" in combined["properties"]["game"]["enum"]
    assert combined["properties"]["mancala"]["properties"] == FRAGMENT["properties"]


def _errors(validator: Draft7Validator, data: dict[str, Any]) -> list[str]:
    return sorted(f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(data))


@pytest.mark.parametrize("name", ["kalah", "oware"])
def test_schema_fragment_validates_the_bundled_ruleset(validator: Draft7Validator, name: str) -> None:
    assert _errors(validator, resolved(name)) == []


@pytest.mark.parametrize(("change", "where"), [
    ({"houses": 13}, "mancala/houses"),
    ({"seeds": 0}, "mancala/seeds"),
    ({"capture": "kalah"}, "mancala/capture"),
    ({"feeding": True}, "mancala/feeding"),
    ({"stores": "both"}, "mancala/stores"),
    ({"sowing": "clockwise"}, "mancala"),
])
def test_schema_refuses_a_wrong_setting(validator: Draft7Validator, change: dict[str, Any], where: str) -> None:
    data = resolved("kalah")
    data["mancala"].update(change)
    errors = _errors(validator, data)
    assert errors and all(e.startswith(where) for e in errors), errors


def test_a_complete_ruleset_needs_houses_and_seeds(validator: Draft7Validator) -> None:
    data = resolved("oware")
    del data["mancala"]["houses"]
    assert _errors(validator, data)


def test_a_house_rule_writes_only_what_it_changes(validator: Draft7Validator) -> None:
    house = {"format": 1, "extends": "mancala/kalah", "id": "house/kalah-oware-captures", "name": "Kalah, Oware captures",
             "mancala": {"capture": "oware-2-3", "grand_slam": "captures-nothing"}}
    assert _errors(validator, house) == []


def test_another_familys_section_does_not_belong_in_a_mancala_ruleset(validator: Draft7Validator) -> None:
    data = resolved("kalah")
    data["stay_alive"] = {"marbles_per_player": 3}
    assert _errors(validator, data)


def _nodes(node: Any, path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from _nodes(value, f"{path}/{key}")


def test_every_field_of_the_fragment_has_a_description() -> None:
    fields = [(p, n) for p, n in _nodes(FRAGMENT) if "type" in n or "enum" in n]
    assert len(fields) >= 11
    assert [p for p, n in fields if not n.get("description")] == []


def test_every_number_of_the_fragment_has_finite_bounds() -> None:
    numbers = [n for _, n in _nodes(FRAGMENT) if n.get("type") in ("integer", "number")]
    assert numbers
    for node in numbers:
        assert -1e6 <= node["minimum"] < node["maximum"] <= 1e6


def test_every_reading_of_the_rules_is_a_setting_of_the_fragment() -> None:
    settings = set(FRAGMENT["properties"])
    assert settings == set(MancalaRules.__dataclass_fields__)
    for name, node in FRAGMENT["properties"].items():
        if "enum" in node:
            default = getattr(MancalaRules(), name)
            assert node["enum"] == [member.value for member in type(default)]


@pytest.mark.parametrize("name", ["kalah", "oware"])
def test_bundled_rulesets_are_written_in_the_house_style(name: str) -> None:
    data = resolved(name)
    assert data["format"] == 1 and data["id"] == f"mancala/{name}" and data["game"] == "mancala"
    assert data["players"] == {"min": 2, "max": 2, "default": 2}
    assert len(data["presentation"]["colours"]) == 2 and data["presentation"]["seat_names"] == ["South", "North"]
    assert data["move_limit"] >= 100 and data["description"]


def test_build_gives_kalah_and_oware() -> None:
    assert rulesets.build(resolved("kalah")) == KALAH
    assert rulesets.build(resolved("oware")) == OWARE


def test_a_reading_left_out_is_kalahs() -> None:
    assert rulesets.build({"mancala": {"houses": 6, "seeds": 4}}) == KALAH
    assert rulesets.build({"mancala": {"houses": 4, "seeds": 3}}) == MancalaRules(houses=4, seeds=3)


@pytest.mark.parametrize("name", ["kalah", "oware"])
def test_the_bundled_rulesets_pass_the_checks(name: str) -> None:
    data = resolved(name)
    assert rulesets.check(data) == [] and rulesets.unused(data) == []


def test_mancala_is_for_exactly_two_players() -> None:
    data = resolved("kalah")
    data["players"] = {"min": 2, "max": 4, "default": 2}
    assert rulesets.check(data) == [Problem("/players", "Mancala is a game for exactly 2 players: write players: "
                                                        "{min: 2, max: 2, default: 2} (or teams: {count: 2} with 4 or 6 players)")]
    with pytest.raises(RulesetError, match="exactly 2 players"):
        from_resolved(data)


@pytest.mark.parametrize(("base", "section", "pointer", "severity"), [
    ("oware", {"last_in_store": "turn-ends"}, "/mancala/last_in_store", WARNING),
    ("kalah", {"capture": "none", "grand_slam": "captures-nothing"}, "/mancala/grand_slam", WARNING),
    ("kalah", {"feeding": "must-feed"}, "/mancala/feeding", WARNING),
    ("kalah", {"repetition": "ends-game"}, "/mancala/repetition", WARNING),
])
def test_a_setting_that_other_settings_make_meaningless_is_reported(
        base: str, section: dict[str, Any], pointer: str, severity: str) -> None:
    data = resolved(base)
    data["mancala"].update(section)
    problems = rulesets.unused(data)
    assert [(p.pointer, p.severity) for p in problems] == [(pointer, severity)]


def test_teams_of_two_or_three_partners_play_mancala() -> None:
    # Marble Studio's team play for games of two sides (engine.partners): 'teams' is read.
    data = copy.deepcopy(resolved("kalah"))
    data["teams"] = {"count": 2}
    assert rulesets.unused(data) == []
    assert [p.pointer for p in rulesets.check(data)] == ["/players"]  # two players make no teams
    data["players"] = {"min": 6, "max": 6, "default": 6}
    assert rulesets.check(data) == []
    assert from_resolved(data).teams is not None


def test_a_house_rule_may_mix_kalahs_stores_with_owares_captures() -> None:
    data = resolved("kalah")
    data["mancala"].update({"capture": "oware-2-3", "grand_slam": "captures-nothing", "houses": 4, "seeds": 3})
    rules = from_resolved(data)
    assert rules.family.capture is Capture.OWARE_2_3 and rules.family.grand_slam is GrandSlam.CAPTURES_NOTHING
    rng = random.Random(4)
    for _ in range(50):
        state = new_game(rules, 2)
        state.random_playout(rng)
        assert state.outcome() is not None and sum(state.counts().values()) == 24
