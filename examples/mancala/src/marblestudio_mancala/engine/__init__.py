"""Mancala (Kalah, Oware and house rules mixing them): the engine, on Marble Studio's core contract.

Imports only `marblestudio.engine.core`, `.rules` and `.position`: no Qt, no YAML, no files.
The plug-in API's `Family.engine` will name this module; `new_game(rules, count)` is its entry,
`from_position(rules, fields)` reads a position (`MancalaState.position()` writes it).
"""

from __future__ import annotations

from marblestudio.engine.position import Fields
from marblestudio.engine.rules import Ruleset

from marblestudio_mancala.engine import position
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


def new_game(rules: Ruleset, count: int) -> MancalaState:
    """A new game of `rules` for `count` players (Mancala is for exactly two)."""
    return MancalaState(rules, count)


def from_position(rules: Ruleset, fields: Fields) -> MancalaState:
    """The game of `rules` at a position (`engine.from_position` parses the text and calls this)."""
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
