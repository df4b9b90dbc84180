"""Mancala (Kalah, Oware and house rules mixing them): the engine, on Marble Studio's core contract.

Imports only `marblestudio.engine.core`, `.rules`, `.position` and `.lazy`: no Qt, no YAML, no
files.  The plug-in API's `Family.engine` names this module; `new_game(rules, count)` is its
entry, `from_position(rules, fields)` reads a position (`MancalaState.position()` writes it).
The names below load lazily (`marblestudio.engine.lazy`): checking a ruleset imports only `rules`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from marblestudio.engine.lazy import exports

if TYPE_CHECKING:
    from marblestudio.engine.position import Fields
    from marblestudio.engine.rules import Ruleset

    from marblestudio_mancala.engine.events import MancalaEvent
    from marblestudio_mancala.engine.moves import SowMove
    from marblestudio_mancala.engine.rules import (
        KALAH,
        OWARE,
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
    from marblestudio_mancala.engine.state import EXTRA_TURN, MancalaState
    from marblestudio_mancala.engine.view import MancalaView

GAME = "mancala"
"""The family's name, as a ruleset's `game` key writes it."""

__getattr__, __dir__ = exports(
    __name__,
    {
        "marblestudio_mancala.engine.events": ["MancalaEvent"],
        "marblestudio_mancala.engine.moves": ["SowMove"],
        "marblestudio_mancala.engine.rules": [
            "KALAH", "OWARE", "Capture", "EndRule", "Feeding", "GrandSlam", "MancalaRules", "Majority", "Origin", "Repetition",
            "StoreLanding", "Stores",
        ],
        "marblestudio_mancala.engine.state": ["EXTRA_TURN", "MancalaState"],
        "marblestudio_mancala.engine.view": ["MancalaView"],
    },
)


def new_game(rules: Ruleset, count: int) -> MancalaState:
    """A new game of `rules` for `count` players (Mancala is for exactly two)."""
    from marblestudio_mancala.engine.state import MancalaState

    return MancalaState(rules, count)


def from_position(rules: Ruleset, fields: Fields) -> MancalaState:
    """The game of `rules` at a position (`engine.from_position` parses the text and calls this)."""
    from marblestudio_mancala.engine import position

    return position.read(rules, fields)


__all__ = [
    "EXTRA_TURN",
    "GAME",
    "KALAH",
    "MancalaEvent",
    "OWARE",
    "Capture",
    "EndRule",
    "Feeding",
    "GrandSlam",
    "Majority",
    "MancalaRules",
    "MancalaState",
    "MancalaView",
    "Origin",
    "Repetition",
    "SowMove",
    "StoreLanding",
    "Stores",
    "from_position",
    "new_game",
]
