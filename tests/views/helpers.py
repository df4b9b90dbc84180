"""Helpers for the app's tests."""

from __future__ import annotations

import random

from marblestudio.engine.core import CHANCE, Move, State


def random_game(state: State, seed: str, limit: int = 5000) -> list[Move]:
    """Play `state` to its end with seeded random moves; the moves played."""
    rng = random.Random(seed)
    moves: list[Move] = []
    while state.outcome() is None and len(moves) < limit:
        move = state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.legal_moves())
        state.apply(move)
        moves.append(move)
    return moves
