"""The readings written as rule pieces: a fixed choice as its neutral choice plus the pieces
that make the difference.

A reading (`previous_slide: forbidden`, a card's `effect: reverse`, `carrying: lift-only`) is
one value chosen from a list, played by the family's own code, which search needs to be fast.
Where the vocabulary can say it, the family's hooks (`FamilyHooks.as_rules`) also write the
reading as rules: the same ruleset with the reading set to its neutral value (`allowed`,
`pass-me-by`, `roll-or-lift`) and the pieces added plays the same games.  Tests play both forms
side by side in seeded games and compare every legal move and the result, so the pieces are
the reading, not a picture of it.

The editor's Resolved tab shows each reading of the file as its pieces, and
`marblestudio expand` writes the whole ruleset in that form: a player who wants a reading a
little different starts from its pieces and changes them.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from marblestudio.engine.pieces.program import family_hooks


@dataclass(frozen=True, slots=True)
class AsRules:
    """One reading of a ruleset written as rule pieces.

    `path` is where the reading sits in the family's section (('previous_slide',), or
    ('deck', 'REVERSE', 'effect') for a card's effect); with its value set to `neutral` and
    `rules` added, the ruleset plays as with `value`.  `note` says where the two forms may part,
    if anywhere: a case no bundled game reaches, or what a rule of one's own added to the ruleset
    would see differently (a rule's actions set off no other rule)."""

    path: tuple[str, ...]
    value: Any
    neutral: Any
    rules: tuple[Mapping[str, Any], ...]
    note: str = ""
    drop: tuple[str, ...] = ()
    """Keys beside the reading that only its value uses (a set-total card's `total`): left out
    with the neutral value."""

    @property
    def key(self) -> str:
        """The reading as written in the section: 'previous_slide', 'deck.REVERSE.effect'."""
        return ".".join(self.path)


def expansions(data: Mapping[str, Any]) -> list[AsRules]:
    """The readings of resolved ruleset `data` that its family writes as pieces (in section order)."""
    game = data.get("game")
    if not isinstance(game, str):
        return []
    hooks = family_hooks(game)
    section = data.get(game.replace("-", "_"))
    if hooks.as_rules is None or not isinstance(section, Mapping):
        return []
    return list(hooks.as_rules(section))


def as_rules(data: Mapping[str, Any]) -> dict[str, Any]:
    """Resolved ruleset `data` with every reading its family can write as pieces so written: each
    reading set to its neutral value, its pieces first in `rules:` (before the file's own, which
    may build on the game as the readings make it)."""
    out = copy.deepcopy(dict(data))
    found = expansions(data)
    if not found:
        return out
    section = out[str(out["game"]).replace("-", "_")]
    pieces: list[dict[str, Any]] = []
    for reading in found:
        _set(section, reading.path, reading.neutral)
        for key in reading.drop:
            _set(section, (*reading.path[:-1], key), None)
        pieces.extend(copy.deepcopy(dict(rule)) for rule in reading.rules)
    out["rules"] = pieces + list(out.get("rules") or [])
    return out


def _set(section: dict[str, Any], path: Sequence[str], value: Any) -> None:
    """Set the value at `path` (None: leave the key out)."""
    node = section
    for key in path[:-1]:
        node = node.setdefault(key, {})
    if value is None:
        node.pop(path[-1], None)
    else:
        node[path[-1]] = value


def reading_lines(data: Mapping[str, Any]) -> list[str]:
    """The file's readings as pieces, as YAML comment lines for the Resolved tab ([] when none)."""
    import yaml

    found = expansions(data)
    if not found:
        return []
    lines = ["", "# The readings above, written as rule pieces: each plays the same as its reading",
             "# set to the neutral value with these rules added (`marblestudio expand` writes the whole file so).",
             "# Where a note says so, the two forms may part once rules of your own are added."]
    for reading in found:
        lines.append(f"# {reading.key}: {reading.value}  =  {reading.key}: {reading.neutral}, with")
        text = yaml.safe_dump([dict(r) for r in reading.rules], sort_keys=False, allow_unicode=True, width=4096)
        lines.extend(f"#   {line}" for line in text.rstrip().splitlines())
        if reading.note:
            lines.append(f"#   ({reading.note})")
    return lines


__all__ = ["AsRules", "as_rules", "expansions", "reading_lines"]
