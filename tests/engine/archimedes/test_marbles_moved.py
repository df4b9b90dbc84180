"""The name `marbles_moved` (marbles moved with this turn's roll), read by the cookbook's
archimedes-two-marbles.yaml: a roll split between two marbles at most."""

from __future__ import annotations

import random
from pathlib import Path

from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE
from marblestudio.rulesets import load

TWO = Path(__file__).resolve().parents[3] / "examples" / "house-rules" / "archimedes-two-marbles.yaml"


def test_with_the_house_rule_a_roll_moves_two_marbles_at_most_and_without_it_three_happen() -> None:
    def most_marbles(ref: str) -> int:
        most = 0
        for seed in range(5):
            rng = random.Random(seed)
            state = new_game(load(ref), 2)
            while state.outcome() is None:
                if state.to_move == CHANCE:
                    state.apply(state.sample_chance(rng))
                    continue
                state.apply(rng.choice(state.legal_moves()))
                most = max(most, len(state.moved))  # type: ignore[attr-defined]
        return most

    assert most_marbles("archimedes/standard") == 2  # a third marble moves on the last space: the turn then ends (moved is reset)
    assert most_marbles(str(TWO)) == 1  # the second marble uses up the roll: the turn ends with it
