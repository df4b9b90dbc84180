"""The plain-language rules sheet of a resolved ruleset, to print and hand to friends.

`rules_sheet(resolved, base)` says the rules in sentences ("Each player has 3 marbles
(standard: 5)."), naming the base's value wherever the house rule changes it.  A family with a
writer here gets sentences; any other family gets a generic list of its settings with the
schema's descriptions, so every game the schema knows has a sheet.  A ruleset with rule pieces
(`rules:`) gets a "House rules" section stating each piece in words (`sheet.pieces`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from marblestudio.engine import family as families
from marblestudio.rulesets.sheet import pieces
from marblestudio.rulesets.sheet.base import Compare, Sections, Sheet, common, generic


def writer(game: str) -> Callable[[Compare], Sections] | None:
    """The function that says `game`'s rules in sentences (its family's `sheet`), or None."""
    found = families.family(game)
    if found is None or found.sheet is None:
        return None
    sections: Callable[[Compare], Sections] = found.load("sheet")
    return sections


def rules_sheet(resolved: Mapping[str, Any], base: Mapping[str, Any] | None = None, base_label: str | None = None) -> Sheet:
    """The rules sheet of `resolved`; with `base`, every change names the base's value.

    `base_label` names the base in "(standard: 5)"; by default the last part of its id.
    """
    if base_label is None:
        base_id = str(base.get("id", "base")) if base is not None else "base"
        base_label = base_id.rsplit("/", 1)[-1]
    c = Compare(resolved, base, base_label)
    game = str(resolved.get("game", ""))
    sheet = Sheet(str(resolved.get("name", resolved.get("id", "Ruleset"))), str(resolved.get("description", "")).strip())
    if base is not None and base.get("id") != resolved.get("id"):
        sheet.intro = (sheet.intro + " " if sheet.intro else "") + f"A house rule of {base.get('name', base.get('id'))}."
    sheet.add("Players", common(c))
    write = writer(game)
    for heading, lines in write(c) if write else generic(c, game):
        sheet.add(heading, lines)
    sheet.add(pieces.HEADING, pieces.house_rules(c, game))
    return sheet


__all__ = ["Sheet", "rules_sheet", "writer"]
