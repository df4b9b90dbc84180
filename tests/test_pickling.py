"""A game state survives pickling (worker processes send states and moves across), in every family."""

from __future__ import annotations

import pickle

import pytest

from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE
from marblestudio.playtest import game_rng
from marblestudio.rulesets import load
from test_conformance import BUNDLED, snapshot


@pytest.mark.parametrize("ruleset_id", BUNDLED)
def test_a_pickled_state_plays_on_exactly_like_the_original(ruleset_id: str) -> None:
    rules = load(ruleset_id)
    state = new_game(rules)
    rng = game_rng(7, 0)
    for _ in range(40):  # into the middle of the game
        if state.outcome() is not None:
            break
        move = state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.legal_moves())
        state.apply(move)
    clone = pickle.loads(pickle.dumps(state))
    assert snapshot(clone) == snapshot(state)
    rng_a, rng_b = game_rng(8, 0), game_rng(8, 0)
    for _ in range(40):
        if state.outcome() is not None:
            break
        if state.to_move == CHANCE:
            move_a, move_b = state.sample_chance(rng_a), clone.sample_chance(rng_b)
        else:
            move_a, move_b = rng_a.choice(state.legal_moves()), rng_b.choice(clone.legal_moves())
        assert str(move_a) == str(move_b)
        assert state.apply(move_a) == clone.apply(move_b)
    assert snapshot(clone) == snapshot(state)
