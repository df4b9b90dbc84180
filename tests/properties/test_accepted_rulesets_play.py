"""Fuzz property (issue 13): any ruleset the loader accepts plays.

A bundled ruleset is changed a few times with values that rulesets really hold (so that many of
the results are accepted); each accepted one is played with the fewest, the default and the most
players: set-up, a few hundred random moves with pieces conserved at every step, every legal
move read back from its notation, the game's record written, read and replayed to the same
result, and a random player's, a heuristic and a search move from positions along the way.  No exception, no hang.

Examples: `MARBLESTUDIO_FUZZ_EXAMPLES` (default 60; `make fuzz` runs thousands).
"""

from __future__ import annotations

import os
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from marblestudio.agents import make_agent
from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE, Move
from marblestudio.engine.rules import Ruleset
from marblestudio.records import GameRecord, player_entries, record_from_game, replay
from marblestudio.rulesets import RulesetError, from_resolved

from .mutators import plausible_ruleset

EXAMPLES = int(os.environ.get("MARBLESTUDIO_FUZZ_EXAMPLES", "60"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
RANDOM_MOVES = 300
SEARCH_ITERATIONS = 16


def play_checked(rules: Ruleset, resolved: dict[str, Any], players: int, rng: random.Random) -> None:
    """One game of `rules`: the contract kept at every step, then the record round trip."""
    state = new_game(rules, players)
    total = sum(state.counts().values())
    played: list[Move] = []
    probes = {rng.randrange(RANDOM_MOVES) for _ in range(2)}
    for step in range(RANDOM_MOVES):
        if state.outcome() is not None:
            break
        if state.to_move == CHANCE:
            move = state.sample_chance(rng)
        else:
            legal = state.legal_moves()
            assert legal, "a seat to move has a legal move"
            if step in probes:
                for m in legal:
                    assert str(state.parse_move(str(m))) == str(m)
                seat = state.to_move
                for spec in ("random", "heuristic", f"mcts:{SEARCH_ITERATIONS}"):
                    assert str(make_agent(spec, seed=step).choose(state.copy(), seat)) in {str(m) for m in legal}
            move = legal[rng.randrange(len(legal))]
        state.apply(move)
        played.append(move)
        assert sum(state.counts().values()) == total, "pieces are conserved"
    outcome = state.outcome()
    record = record_from_game(rules.id, resolved, player_entries([f"p{i}" for i in range(players)]), played, outcome)
    again = GameRecord.from_json(record.to_json())
    final, _ = replay(again)
    assert final.outcome() == outcome
    assert dict(final.counts()) == dict(state.counts())


def check_plays(seed: int) -> bool:
    """Build the `seed`th changed ruleset; play it if the loader accepts it.  True when it played."""
    rng = random.Random(seed)
    _, data = plausible_ruleset(rng)
    try:
        rules = from_resolved(data)
    except RulesetError:
        return False
    play_all(rules, data, rng)
    return True


def play_all(rules: Ruleset, resolved: dict[str, Any], rng: random.Random) -> None:
    """`play_checked` with the fewest, the default and the most players."""
    for players in sorted({rules.players.min, rules.players.default, rules.players.max}):
        play_checked(rules, resolved, players, rng)


@FUZZ
@given(st.integers(0, 2**32 - 1))
def test_any_accepted_ruleset_plays(seed: int) -> None:
    check_plays(seed)


def test_the_property_plays_many_changed_rulesets() -> None:
    # The mutations must stay plausible enough that the property above tests play, not only refusal.
    played = sum(check_plays(seed) for seed in range(40))
    assert played >= 10, f"only {played} of 40 changed rulesets were accepted"
