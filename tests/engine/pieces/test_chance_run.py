"""A house rule that never lets a player move: `on: dealt, then: hand_in_redeal` re-deals on every
deal, and a re-deal is a deal (found by the fuzz property as a playout that never ended).  After
`CHANCE_RUN` chance steps in a row the game ends as capped, saying why; a position keeps the count."""

from __future__ import annotations

import random
from pathlib import Path

import yaml

from marblestudio.engine import from_position, new_game
from marblestudio.engine.core import CHANCE, Termination
from marblestudio.engine.pieces.rule_state import CHANCE_RUN
from marblestudio.rulesets import load_with_source

LOOP = [{"name": "deal again", "on": "dealt", "then": "hand_in_redeal"}]


def looping(tmp_path: Path):  # type: ignore[no-untyped-def]
    path = tmp_path / "loop.yaml"
    path.write_text(yaml.safe_dump({"format": 1, "id": "house/loop", "name": "Loop", "extends": "alive/standard", "rules": LOOP}))
    return load_with_source(path).rules


def into_the_loop(state, rng: random.Random) -> int:  # type: ignore[no-untyped-def]
    """Play random moves until someone plays HAND IN & RE-DEAL: from then on the rule re-deals on
    every re-deal.  The chance steps made in a row so far."""
    run = 0
    while run < 3:
        if state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
            run += 1
        else:
            state.apply(rng.choice(state.legal_moves()))
            run = 0
    return run


def test_a_rule_that_deals_on_every_deal_ends_the_game_as_capped(tmp_path: Path) -> None:
    state, rng = new_game(looping(tmp_path), 3), random.Random(1)
    steps = into_the_loop(state, rng)
    while state.outcome() is None:
        assert state.to_move == CHANCE  # no player ever gets to move again
        state.apply(state.sample_chance(rng))
        steps += 1
    outcome = state.outcome()
    assert steps == CHANCE_RUN and outcome is not None and outcome.termination is Termination.CAPPED
    assert "no player could move" in outcome.reason


def test_a_playout_ends_too(tmp_path: Path) -> None:
    state = new_game(looping(tmp_path), 3)
    state.random_playout(random.Random(2))
    assert state.outcome() is not None


def test_the_count_survives_a_position(tmp_path: Path) -> None:
    rules = looping(tmp_path)
    state, rng = new_game(rules, 3), random.Random(3)
    done = into_the_loop(state, rng)
    text = state.position()
    assert f" rule-chance={done} " in f" {text} "
    again = from_position(rules, text)
    for _ in range(CHANCE_RUN - done - 1):
        again.apply(again.sample_chance(rng))
    assert again.outcome() is None
    again.apply(again.sample_chance(rng))
    assert again.outcome() is not None


def test_a_player_s_move_starts_the_count_again(tmp_path: Path) -> None:
    state, rng = new_game(load_with_source(Path(__file__).resolve().parents[3] / "examples" / "house-rules" / "alive-lucky-seven.yaml").rules, 2), random.Random(4)
    while state.to_move == CHANCE:
        state.apply(state.sample_chance(rng))
    assert state.rule_state.chance_run >= 1  # type: ignore[attr-defined]
    state.apply(state.legal_moves()[0])
    assert state.rule_state.chance_run == 0  # type: ignore[attr-defined]
