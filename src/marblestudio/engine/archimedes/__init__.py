"""Rock Me Archimedes (GAMES.md section 4): marbles on a board that rocks on a curved base."""

from __future__ import annotations

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
from marblestudio.engine.archimedes.state import ArchimedesState, Phase
from marblestudio.engine.archimedes.view import ArchimedesView
from marblestudio.engine.rules import Ruleset


def new_game(rules: Ruleset, count: int) -> ArchimedesState:
    """A new game of `rules` for `count` players (always 2)."""
    return ArchimedesState(rules, count)


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
    "new_game",
    "parse_cup",
]
