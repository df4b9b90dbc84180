"""The uniformly random player: the baseline every other player is measured against."""

from __future__ import annotations

import random

from marblestudio.agents.base import SeededAgent, check_turn
from marblestudio.engine.core import Move, State


class RandomAgent(SeededAgent):
    """Chooses uniformly among the legal moves (its own turn's moves are its to know), drawn as
    the game draws them (`State.random_move`: Rock Me Archimedes draws one without listing them)."""

    name = "random"

    def choose(self, state: State, seat: int, rng: random.Random | None = None) -> Move:
        check_turn(state, seat)
        return state.random_move(self._rng_for(rng))
