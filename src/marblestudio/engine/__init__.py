"""The rules engine: pure Python, imports nothing else of Marble Studio."""

from __future__ import annotations

import importlib
from collections.abc import Sequence

from marblestudio.engine.core import (
    CHANCE,
    Event,
    IllegalMoveError,
    Move,
    NotationError,
    Outcome,
    State,
    Termination,
)
from marblestudio.engine.rules import Ruleset

_FAMILY_MODULES = {
    "stay-alive": "marblestudio.engine.stay_alive",
    "alive": "marblestudio.engine.alive",
    "avalanche": "marblestudio.engine.avalanche",
    "archimedes": "marblestudio.engine.archimedes",
}


def new_game(rules: Ruleset, players: int | Sequence[str] | None = None) -> State:
    """A new game of `rules` for `players` (a count, or one name per seat; default: the ruleset's)."""
    count = rules.players.default if players is None else players if isinstance(players, int) else len(players)
    if not rules.players.min <= count <= rules.players.max:
        raise ValueError(f"{rules.id} is for {rules.players.min}-{rules.players.max} players, not {count}")
    module = importlib.import_module(_FAMILY_MODULES[rules.game])
    state: State = module.new_game(rules, count)
    return state


__all__ = [
    "CHANCE",
    "Event",
    "IllegalMoveError",
    "Move",
    "NotationError",
    "Outcome",
    "Ruleset",
    "State",
    "Termination",
    "new_game",
]
