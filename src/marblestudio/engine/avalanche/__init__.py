"""Avalanche (GAMES.md section 3): marbles dropped through a board of swinging gates."""

from __future__ import annotations

from marblestudio.engine.position import Fields
from marblestudio.engine.rules import Ruleset
from marblestudio.engine.avalanche.cascade import Board
from marblestudio.engine.avalanche.moves import Deal, Drop, GoOut, Pass, SetGates
from marblestudio.engine.avalanche.rules import AvalancheRules
from marblestudio.engine.avalanche.setup import Phase
from marblestudio.engine.avalanche.state import AvalancheState
from marblestudio.engine.avalanche.view import AvalancheView, CardView, GateView, HoleView


def new_game(rules: Ruleset, count: int) -> AvalancheState:
    """A new game of `rules` (whose family is `AvalancheRules`) for `count` players."""
    return AvalancheState(rules, count)


def from_position(rules: Ruleset, fields: Fields) -> AvalancheState:
    """The game at a position's fields (`position.write`'s notation, docs/notation.md)."""
    from marblestudio.engine.avalanche.position import read

    return read(rules, fields)


__all__ = [
    "AvalancheRules",
    "AvalancheState",
    "AvalancheView",
    "Board",
    "CardView",
    "Deal",
    "Drop",
    "GateView",
    "GoOut",
    "HoleView",
    "Pass",
    "Phase",
    "SetGates",
    "from_position",
    "new_game",
]
