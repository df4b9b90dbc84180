"""Rock Me Archimedes (GAMES.md section 4): marbles on a board that rocks on a curved base.

The names below load lazily (`engine.lazy`): checking a ruleset imports only `rules`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from marblestudio.engine.lazy import exports

if TYPE_CHECKING:
    from marblestudio.engine.archimedes.moves import (
        Cup,
        DieRoll,
        LiftMarble,
        Pass,
        Place,
        Roll,
        RollMarble,
        StartRolls,
        cup_name,
        parse_cup,
    )
    from marblestudio.engine.archimedes.physics import Balance, End, Tilt
    from marblestudio.engine.archimedes.phases import Phase
    from marblestudio.engine.archimedes.state import ArchimedesState
    from marblestudio.engine.archimedes.view import ArchimedesView
    from marblestudio.engine.position import Fields
    from marblestudio.engine.rules import Ruleset

__getattr__, __dir__ = exports(
    __name__,
    {
        "marblestudio.engine.archimedes.moves": [
            "Cup", "DieRoll", "LiftMarble", "Pass", "Place", "Roll", "RollMarble", "StartRolls", "cup_name", "parse_cup",
        ],
        "marblestudio.engine.archimedes.physics": ["Balance", "End", "Tilt"],
        "marblestudio.engine.archimedes.phases": ["Phase"],
        "marblestudio.engine.archimedes.state": ["ArchimedesState"],
        "marblestudio.engine.archimedes.view": ["ArchimedesView"],
    },
)


def new_game(rules: Ruleset, count: int) -> ArchimedesState:
    """A new game of `rules` for `count` players (always 2)."""
    from marblestudio.engine.archimedes.state import ArchimedesState

    return ArchimedesState(rules, count)


def from_position(rules: Ruleset, fields: Fields) -> ArchimedesState:
    """The game of `rules` at a position's `fields` (`ArchimedesState.position()`, docs/notation.md);
    `engine.from_position` is the entry point."""
    from marblestudio.engine.archimedes.position import read

    return read(rules, fields)


__all__ = [
    "ArchimedesState",
    "ArchimedesView",
    "Balance",
    "Cup",
    "DieRoll",
    "End",
    "LiftMarble",
    "Pass",
    "Phase",
    "Place",
    "Roll",
    "RollMarble",
    "StartRolls",
    "Tilt",
    "cup_name",
    "from_position",
    "new_game",
    "parse_cup",
]
