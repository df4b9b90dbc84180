"""Games for the agents' tests: one bundled ruleset per family whose engine exists, and
positions part-way through a game."""

from __future__ import annotations

import importlib
import random

from marblestudio import rulesets
from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE, State
from marblestudio.engine.rules import Ruleset

FAMILY_RULESETS = {
    "stay-alive": "stay-alive/standard",
    "alive": "alive/standard",
    "avalanche": "avalanche/standard",
    "archimedes": "archimedes/standard",
}


def engine_exists(family: str) -> bool:
    module = importlib.import_module(f"marblestudio.engine.{family.replace('-', '_')}")
    return hasattr(module, "new_game")


FAMILIES = [f for f in FAMILY_RULESETS if engine_exists(f)]


def load(ref: str) -> Ruleset:
    return rulesets.load(ref)


def advanced(rules: Ruleset, seed: str, steps: int, players: int | None = None) -> State:
    """A game after about `steps` random steps, stopped where a player with a choice is to move."""
    rng = random.Random(seed)
    state = new_game(rules, players)
    taken = 0
    while True:
        assert state.outcome() is None, "the game ended before a position with a choice was found"
        mover = state.to_move
        if mover == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        moves = state.legal_moves()
        if taken >= steps and len(moves) > 1:
            return state
        state.apply(moves[rng.randrange(len(moves))])
        taken += 1
