"""The fast engine plays 30 seeded random games exactly as the engine before the speed-up did.

`golden/speed-regression.json.gz` was written by `record_regression.py` with the old engine
(commit 02ddfc7): for each decision the move, its events and a digest of the legal moves in
order.  Any difference in a legal move, its order, a tilt, an event or an outcome fails here,
at the first step that differs.
"""

from __future__ import annotations

import gzip
import json
from functools import cache
from typing import Any

import pytest

from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE
from marblestudio.playtest import game_rng
from marblestudio.rulesets import load

from .record_regression import DATA, GAMES_PER_RULESET, RULESETS, legal_digest


@cache
def recorded() -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = json.loads(gzip.decompress(DATA.read_bytes()))
    return games


def test_the_recording_covers_every_bundled_ruleset() -> None:
    games = recorded()
    assert len(games) == len(RULESETS) * GAMES_PER_RULESET == 30
    assert sorted({g["ruleset"] for g in games}) == RULESETS
    endings = {g["outcome"]["reason"].split(":")[0] for g in games}
    assert any("touched" in e for e in endings) and any("home" in e for e in endings)


@pytest.mark.parametrize("number", range(len(RULESETS) * GAMES_PER_RULESET))
def test_a_recorded_game_plays_the_same(number: int) -> None:
    game = recorded()[number]
    rules = load(game["ruleset"])
    rng = game_rng(game["seed"], game["game"])
    state = new_game(rules, 2)
    for step, (notation, events, digest) in enumerate(game["steps"]):
        where = f"{game['ruleset']} game {game['game']} step {step} ({notation})"
        assert state.outcome() is None, f"{where}: the game ended early"
        if state.to_move == CHANCE:
            move = state.sample_chance(rng)
        else:
            legal = state.legal_moves()
            assert legal_digest(legal) == digest, f"{where}: the legal moves differ"
            move = legal[rng.randrange(len(legal))]
        assert str(move) == notation, where
        assert [str(e) for e in state.apply(move)] == events, where
    outcome = state.outcome()
    assert outcome is not None and outcome.to_json() == game["outcome"]
    assert dict(state.counts()) == game["counts"]
