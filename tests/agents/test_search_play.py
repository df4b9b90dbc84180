"""`State.play`, search's way of playing a move (no check, fewer or no events), leaves every
family's game exactly where `apply` leaves it: over seeded random games of every bundled
ruleset (and Mancala's), move by move, the public view, the piece counts, the outcome and the
position key agree."""

from __future__ import annotations

import random

import pytest

from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE
from marblestudio.rulesets import load
from marblestudio.rulesets.catalog import list_rulesets

BUNDLED = sorted(e.id for e in list_rulesets() if e.bundled)


@pytest.mark.parametrize("ref", BUNDLED)
def test_play_leaves_the_game_where_apply_leaves_it(ref: str) -> None:
    rules = load(ref)
    for seed in range(3):
        rng = random.Random(f"play:{ref}:{seed}")
        checked, quiet = new_game(rules), new_game(rules)
        steps = 0
        while checked.outcome() is None and steps < 3000:
            if checked.to_move == CHANCE:
                move = checked.sample_chance(rng)
            else:
                moves = checked.legal_moves()
                assert quiet.legal_moves() == moves
                move = moves[rng.randrange(len(moves))]
            checked.apply(move)
            quiet.play(move)
            steps += 1
            assert quiet.public_view() == checked.public_view()
            assert quiet.counts() == checked.counts()
            assert quiet.outcome() == checked.outcome()
            assert quiet.position_key() == checked.position_key()
