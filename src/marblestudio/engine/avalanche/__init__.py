"""Avalanche (GAMES.md section 3): marbles dropped through a board of swinging gates.

The names below load lazily (`engine.lazy`): checking a ruleset imports only `rules`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from marblestudio.engine.lazy import exports

if TYPE_CHECKING:
    from marblestudio.engine.avalanche.cascade import Board
    from marblestudio.engine.avalanche.moves import Deal, Drop, GoOut, Pass, SetGates
    from marblestudio.engine.avalanche.rules import AvalancheRules
    from marblestudio.engine.avalanche.setup import Phase
    from marblestudio.engine.avalanche.state import AvalancheState
    from marblestudio.engine.avalanche.view import AvalancheView, CardView, GateView, HoleView
    from marblestudio.engine.position import Fields
    from marblestudio.engine.rules import Ruleset

__getattr__, __dir__ = exports(
    __name__,
    {
        "marblestudio.engine.avalanche.cascade": ["Board"],
        "marblestudio.engine.avalanche.moves": ["Deal", "Drop", "GoOut", "Pass", "SetGates"],
        "marblestudio.engine.avalanche.rules": ["AvalancheRules"],
        "marblestudio.engine.avalanche.setup": ["Phase"],
        "marblestudio.engine.avalanche.state": ["AvalancheState"],
        "marblestudio.engine.avalanche.view": ["AvalancheView", "CardView", "GateView", "HoleView"],
    },
)


def new_game(rules: Ruleset, count: int) -> AvalancheState:
    """A new game of `rules` (whose family is `AvalancheRules`) for `count` players."""
    from marblestudio.engine.avalanche.state import AvalancheState

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
