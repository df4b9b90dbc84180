"""Fuzz property (issue 16): any ruleset with rule pieces that the loader accepts plays.

A bundled ruleset gets one to four random rule pieces grown from its family's vocabulary
(`pieces.random_rules`); the loader either refuses it with a diagnostic or accepts it, and then
it is played exactly as `test_accepted_rulesets_play` plays any accepted ruleset: every step's
contract, pieces conserved, notation read back, a heuristic and a search move, and the record
replayed to the same result.  No exception, no hang.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from marblestudio.rulesets import RulesetError, from_resolved

from .mutators import resolved_rulesets
from .pieces import random_rules
from .test_accepted_rulesets_play import FUZZ, play_all


def check_pieces_play(seed: int) -> bool:
    """Build the `seed`th ruleset with random pieces; play it if the loader accepts it."""
    rng = random.Random(seed)
    ruleset_id = rng.choice(sorted(resolved_rulesets()))
    data = dict(resolved_rulesets()[ruleset_id])
    data["rules"] = random_rules(rng, data["game"])
    data["move_limit"] = min(data.get("move_limit", 400), 400)
    try:
        rules = from_resolved(data)
    except RulesetError as error:
        assert all(d.line >= 1 and d.column >= 1 and d.message for d in error.diagnostics)
        return False
    assert rules.pieces
    play_all(rules, data, rng)
    return True


@FUZZ
@given(st.integers(0, 2**32 - 1))
def test_any_accepted_ruleset_with_pieces_plays(seed: int) -> None:
    check_pieces_play(seed)


def test_the_property_plays_many_rulesets_with_pieces() -> None:
    played = sum(check_pieces_play(seed) for seed in range(30))
    assert played >= 10, f"only {played} of 30 rulesets with random pieces were accepted"
