"""The Mancala section of a ruleset (`mancala:`): semantic checks, and building `MancalaRules`.

The same three functions, with the same shapes, as each family module of
`marblestudio.rulesets.families`: `check(data)` after the schema has passed, `unused(data)` for
keys the rules never read, `build(data)` for the engine's typed rules (the family's `ruleset`
field names this module).  The bundled rulesets live beside it (`mancala/kalah.yaml`,
`mancala/oware.yaml`), package data that the family's `rulesets` field names, so that Marble
Studio's catalog lists them as ``mancala/<variant>``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marblestudio.rulesets.diagnostics import WARNING, Problem

from marblestudio_mancala.engine.rules import (
    Capture,
    EndRule,
    Feeding,
    GrandSlam,
    MancalaRules,
    Majority,
    Origin,
    Repetition,
    StoreLanding,
    Stores,
)

SECTION = "/mancala"
DEFAULTS = MancalaRules()
"""What a ruleset that leaves a reading out gets: Kalah's."""


def check(data: Mapping[str, Any]) -> list[Problem]:
    """What the schema cannot say about a schema-valid ruleset's Mancala section: two players, or
    two teams of two or three (Marble Studio's team play for games of two sides)."""
    from marblestudio.rulesets.checks import two_sides

    return two_sides(data, "Mancala")


def unused(data: Mapping[str, Any]) -> list[Problem]:
    """Settings of a checked ruleset that its other settings make meaningless (the loader reports
    those the file itself wrote).  A setting at its default only states the default and is not
    reported ('feeding: free' is as good as no 'feeding')."""
    problems: list[Problem] = []
    rules, d = build(data), DEFAULTS
    if rules.stores is Stores.NONE and rules.last_in_store is not d.last_in_store:
        problems.append(Problem(f"{SECTION}/last_in_store", "with 'stores: none' no seed is sown into a store, so "
                                "'last_in_store' never applies", WARNING))
    if rules.capture is Capture.OWARE_2_3 or rules.capture is Capture.NONE:
        if rules.capture_min != d.capture_min:
            problems.append(Problem(f"{SECTION}/capture_min", f"'capture_min' is read by Kalah's captures only, not with "
                                    f"'capture: {rules.capture.value}'", WARNING))
    if rules.capture is Capture.NONE and rules.grand_slam is not d.grand_slam:
        problems.append(Problem(f"{SECTION}/grand_slam", "with 'capture: none' nothing is captured, so 'grand_slam' "
                                "never applies", WARNING))
    if rules.end is EndRule.EITHER_SIDE_EMPTY and rules.feeding is not d.feeding:
        problems.append(Problem(f"{SECTION}/feeding", "with 'end: either-side-empty' the game ends as soon as a side "
                                "is empty, so nobody ever has to feed: 'feeding' never applies", WARNING))
    if rules.stores is Stores.OWN and rules.repetition is not d.repetition:
        problems.append(Problem(f"{SECTION}/repetition", "with seeds sown into stores a position never comes back "
                                "(every seed that leaves a side passes a store), so 'repetition' never applies", WARNING))
    return problems


def build(data: Mapping[str, Any]) -> MancalaRules:
    """The engine's `MancalaRules` from a checked ruleset (a reading left out is Kalah's)."""
    section = data["mancala"]
    d = DEFAULTS
    return MancalaRules(
        houses=section["houses"],
        seeds=section["seeds"],
        stores=Stores(section.get("stores", d.stores.value)),
        last_in_store=StoreLanding(section.get("last_in_store", d.last_in_store.value)),
        origin=Origin(section.get("origin", d.origin.value)),
        capture=Capture(section.get("capture", d.capture.value)),
        grand_slam=GrandSlam(section.get("grand_slam", d.grand_slam.value)),
        capture_min=section.get("capture_min", d.capture_min),
        feeding=Feeding(section.get("feeding", d.feeding.value)),
        end=EndRule(section.get("end", d.end.value)),
        majority=Majority(section.get("majority", d.majority.value)),
        repetition=Repetition(section.get("repetition", d.repetition.value)),
    )
