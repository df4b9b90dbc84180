"""A move the constraints leave as the only one (a pass) is accepted by the family's own check.

Found by the fuzz property: the family checks a pass against the legal moves while the move is
being played, after the move has started the turn's count; a constraint that reads that count
(here through `moves_in_turn`) then allowed a placement, and the pass the player was given was
refused.  The family's check now sees the moves the player chose among."""

from __future__ import annotations

import random

from marblestudio.engine import new_game
from marblestudio.engine.archimedes.moves import Pass
from marblestudio.engine.core import play_random
from marblestudio.rulesets import from_resolved, load_with_source

FOUND = ("max((marbles_moved % mover), moves_played) in "
         "[((moves_played if true else moves_played) % remaining), moves_in_turn]")


def test_a_pass_left_by_the_constraints_is_played() -> None:
    data = dict(load_with_source("archimedes/variation-3").resolved)
    data["rules"] = [{"name": "found", "forbid": FOUND, "because": "fuzz"}]
    rules = from_resolved(data)
    rng = random.Random(5)
    passes = 0
    for _ in range(10):  # each move through legal_moves and apply: a refused pass would raise here
        passes += sum(isinstance(move, Pass) for move, _ in play_random(new_game(rules, 2), rng, max_steps=200))
    assert passes > 0  # the case arose, and each forced pass was played
