"""`ArchimedesState.result_key`: marble moves that leave the same position share a key, so that a
search tries one of them for all (`agents.player.move_scores`); a move whose way touches the
table has none.  The positions are those of the hand-worked physics tests (test_physics.py)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from marblestudio.engine import new_game
from marblestudio.engine.archimedes import parse_cup
from marblestudio.engine.archimedes.rules import Carrying
from marblestudio.engine.core import CHANCE
from marblestudio.engine.partners import Partners
from marblestudio.engine.pieces.runtime import Ruled
from marblestudio.rulesets import load

from .helpers import play, position, rules
from .test_fast_engine import BUNDLED


def test_a_rolled_path_that_touches_on_its_way_has_no_key_and_the_safe_ways_share_one() -> None:
    # test_physics: rolling b14-b15-c15-c14 passes b15, where the high end touches; lifting
    # b14 to c14 and rolling b14-b13-c13-c14 (rows 13 and 14: the board leans less) do not.
    state = position(rules(), {"1": ["b14"], "2": ["b16", "c16", "a15"]})
    play(state, "roll", "die 3")
    key = (parse_cup("b14"), parse_cup("c14"), 3)
    assert state.result_key(state.parse_move("b14-b15-c15-c14")) is None
    assert state.result_key(state.parse_move("b14^c14/3")) == key
    assert state.result_key(state.parse_move("b14-b13-c13-c14")) == key


def test_a_lift_that_tips_the_board_in_the_air_has_no_key_and_the_roll_has_one() -> None:
    # test_physics: in the air, a1's weight gone, the high end touches; rolled to a2 it does not.
    state = position(rules(), {"1": ["a1"], "2": ["a16", "b16", "c16", "b14", "c14"]})
    play(state, "roll", "die 1")
    assert state.result_key(state.parse_move("a1^a2/1")) is None
    assert state.result_key(state.parse_move("a1-a2")) == (parse_cup("a1"), parse_cup("a2"), 1)


def test_a_swing_that_touches_on_landing_leaves_the_lift_without_a_key() -> None:
    # test_physics: b13 lifted to b16 settles safely, but the swing's peak touches.
    cups = {"1": ["a5", "b13"], "2": ["a16", "c16", "a15"]}
    swinging = position(rules({"swing": True}), cups)
    play(swinging, "roll", "die 3")
    assert swinging.result_key(swinging.parse_move("b13^b16/3")) is None
    still = position(rules({"swing": False}), cups)
    play(still, "roll", "die 3")
    assert still.result_key(still.parse_move("b13^b16/3")) == (parse_cup("b13"), parse_cup("b16"), 3)


def test_only_marble_moves_have_keys() -> None:
    state = position(rules(), {"1": ["b8"]})
    assert [state.result_key(m) for m in state.legal_moves()] == [None] * len(state.legal_moves())
    play(state, "roll")
    assert state.to_move == CHANCE and all(state.result_key(m) is None for m, _ in state.chance_outcomes() or [])


EXAMPLES = sorted(str(p) for p in (Path(__file__).parents[3] / "examples" / "house-rules").glob("archimedes-*.yaml"))


@pytest.mark.parametrize("ruleset_id", BUNDLED + EXAMPLES)
def test_moves_with_one_key_leave_one_position(ruleset_id: str) -> None:
    """Every legal move of seeded random games is played on a copy: moves that share a key end in
    the same position (key, written position and outcome), and some keys are shared by several moves (none
    where marbles are only ever lifted, nor in a game with rule pieces or partners, which gives no keys)."""
    ruleset = load(ruleset_id)
    rng = random.Random(f"result-key:{ruleset_id}")
    shared = 0
    for _ in range(2):
        state = new_game(ruleset, ruleset.players.default)
        steps = 0
        while state.outcome() is None and steps < 400:
            steps += 1
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            legal = state.legal_moves()
            ends: dict[object, list[object]] = {}
            for move in legal:
                key = state.result_key(move)
                if key is not None:
                    trial = state.copy()
                    trial.play(move)
                    ends.setdefault(key, []).append((trial.position_key(), trial.position(), trial.outcome()))
            assert all(len(set(found)) == 1 for found in ends.values())
            shared += sum(1 for found in ends.values() if len(found) > 1)
            state.apply(legal[rng.randrange(len(legal))])
    keyless = ruleset.family.carrying is Carrying.LIFT_ONLY or isinstance(new_game(ruleset, ruleset.players.default), Ruled | Partners)
    assert (shared == 0) if keyless else (shared > 0)
