"""The uniformly random player: the baseline every other player is measured against."""

from __future__ import annotations

import random

from marblestudio.agents.base import SeededAgent, check_turn
from marblestudio.engine import family
from marblestudio.engine.core import CHANCE, Move, State

NO_MOVE = "offered no legal move although the game is not over (legal_moves() is empty only at a chance step or at the end)"
"""How a family that lists no move for the seat to move breaks the engine contract."""


class RandomAgent(SeededAgent):
    """Chooses uniformly among the legal moves (its own turn's moves are its to know), drawn as
    the game draws them (`State.random_move`: Rock Me Archimedes draws one without listing them)."""

    name = "random"

    def choose(self, state: State, seat: int, rng: random.Random | None = None) -> Move:
        check_turn(state, seat)
        try:
            return state.random_move(self._rng_for(rng))
        except ValueError:  # randrange of an empty list: told apart only once it has failed
            if state.to_move != CHANCE and state.outcome() is None and not state.legal_moves():
                raise family.contract_broken(state, NO_MOVE) from None
            raise
