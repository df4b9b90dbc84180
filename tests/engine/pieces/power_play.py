"""Shared by the tests of powers: a seeded random game played until a power is offered."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE
from marblestudio.engine.pieces.powers import PowerMove


def until_power(rules: Any, seed: int | str, ready: Callable[[Any], bool] = lambda state: True, players: int = 2) -> Any:
    """A game of `rules` drawn from `random.Random(seed)`, played (chance and random moves other
    than powers) until the seat to move is offered a power and `ready(state)` holds."""
    state, rng = new_game(rules, players), random.Random(seed)
    while True:
        if state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        moves = state.legal_moves()
        if any(isinstance(m, PowerMove) for m in moves) and ready(state):
            return state
        state.apply(rng.choice([m for m in moves if not isinstance(m, PowerMove)]))
