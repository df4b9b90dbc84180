"""Rulesets for Mancala without Marble Studio's loader: a stop-gap until the plug-in API.

Today `marblestudio.rulesets` knows four families by name, so it cannot load a `game: mancala`
file.  Until the `Family` descriptor lets it (issue 15), tests and benchmarks build `Ruleset`
objects here: the YAML read plainly (the bundled files use no `extends:`), the section checked
by `rulesets.check` and built by `rulesets.build`, the common part built as the loader does.
When the plug-in API lands, `marblestudio.rulesets.load("mancala/kalah")` replaces `ruleset()`
and this module goes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import yaml

from marblestudio.engine.rules import DEFAULT_MOVE_LIMIT, Players, Presentation, Ruleset
from marblestudio.rulesets.diagnostics import ERROR

from marblestudio_mancala import rulesets

NAMES = ("kalah", "oware")
"""The bundled rulesets, as ``mancala/<name>``."""


def read(name: str) -> dict[str, Any]:
    """The data of the bundled ruleset `name` (``kalah`` or ``mancala/kalah``)."""
    stem = name.removeprefix("mancala/")
    if stem not in NAMES:
        raise ValueError(f"no bundled Mancala ruleset {name!r} (there are {', '.join('mancala/' + n for n in NAMES)})")
    text = rulesets.bundled_folder().joinpath("mancala", f"{stem}.yaml").read_text(encoding="utf-8")
    data: dict[str, Any] = yaml.safe_load(text)
    return data


def from_data(data: Mapping[str, Any]) -> Ruleset:
    """The `Ruleset` of checked-schema `data`; raises ValueError naming every semantic error."""
    errors = [p for p in rulesets.check(data) if p.severity == ERROR]
    if errors:
        raise ValueError("; ".join(f"{p.pointer}: {p.message}" for p in errors))
    players = data["players"]
    presentation = data.get("presentation", {})
    return Ruleset(
        id=data["id"],
        name=data["name"],
        description=data.get("description", ""),
        game=data["game"],
        players=Players(players["min"], players["max"], players.get("default", players["min"])),
        family=rulesets.build(data),
        presentation=Presentation(
            colours=tuple(presentation.get("colours", Presentation().colours)),
            seat_names=tuple(presentation.get("seat_names", ())),
            labels=tuple(presentation.get("labels", {}).items()),
        ),
        move_limit=data.get("move_limit", DEFAULT_MOVE_LIMIT),
        format=data.get("format", 1),
    )


def ruleset(name: str) -> Ruleset:
    """The bundled ruleset `name`, built (``kalah``, ``oware``, or with the ``mancala/`` prefix)."""
    return from_data(read(name))
