"""The rulebook's variations 1 to 4 as options of the rules, each worked out by hand.

The positions are those of test_physics.py (same test physics); see there for the arithmetic.
"""

from __future__ import annotations

import pytest

from marblestudio.engine.archimedes import LiftMarble
from marblestudio.engine.archimedes.rules import Carrying, TouchRule, WinZone
from marblestudio.engine.core import IllegalMoveError

from .helpers import STEADY, kinds, play, position, rules

LIFT_TIPS_HIGH_END = {"1": ["a1"], "2": ["a16", "b16", "c16", "b14", "c14"]}


def test_variation_1_tipping_the_opponents_end_down_wins() -> None:
    # Lifting a1 brings the high end (player 2's end zone) down to the table.
    state = position(rules(touch=TouchRule.END_OWNER_LOSES), LIFT_TIPS_HIGH_END)
    events = play(state, "roll", "die 1", "a1^a2/1")
    assert [e["end"] for e in events if e.kind == "board_touched"] == ["high"]
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    # the book's game: whoever makes an end touch loses
    state = position(rules(), LIFT_TIPS_HIGH_END)
    play(state, "roll", "die 1", "a1^a2/1")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,)


def test_variation_1_tipping_your_own_end_down_still_loses() -> None:
    # Player 1 rolls b4-b3: the low end (player 1's own end zone) touches at b3.
    state = position(rules(touch=TouchRule.END_OWNER_LOSES), {"1": ["a1", "b1", "c1", "b4"]})
    play(state, "roll", "die 2", "b4-b3-b2")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,)


def test_variation_2_four_marbles_in_any_end_zone_win() -> None:
    state = position(rules(STEADY, win_zone=WinZone.ANY), {"1": ["a16", "b16", "c16", "b13"]})
    play(state, "roll", "die 2", "b13-b14-b15")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)


def test_variation_2_the_four_must_share_one_end_zone() -> None:
    # Two in each end zone are not four in one.
    state = position(rules(STEADY, win_zone=WinZone.ANY), {"1": ["a1", "b1", "a16", "b13"]})
    play(state, "roll", "die 2", "b13-b14-b15")
    assert state.outcome() is None


def test_variation_3_marbles_are_always_lifted_never_rolled() -> None:
    state = position(rules(STEADY, carrying=Carrying.LIFT_ONLY), {"1": ["b5"]})
    play(state, "roll", "die 2")
    moves = state.legal_moves()
    assert moves and all(isinstance(m, LiftMarble) for m in moves)
    # each destination once, whatever the route: straight on (b7, b3) or round a corner
    # (a6, c6, a4, c4); a5 and c5 are 1 space away and no 2-space path ends there
    assert sorted(str(m) for m in moves) == ["b5^a4/2", "b5^a6/2", "b5^b3/2", "b5^b7/2", "b5^c4/2", "b5^c6/2"]
    with pytest.raises(IllegalMoveError) as info:
        play(state, "b5-b6-b7")
    assert "variation 3" in info.value.rule


def test_variation_4_without_the_platform_a_safe_move_tips() -> None:
    # Opponent on a16 b16 c16 (45), player 1 on a1: k = 30, n = 4, slope 90/752 = 0.1197, safe
    # even without the platform ((240 t + 50)^2 = 6197 < 6400 (1 + t^2) = 6492).  Lifting a1:
    # k = 45, n = 3, slope 135/744 = 0.1815: 8751 < 10329 with the platform, but
    # >= 6400 (1 + t^2) = 6611 without: the high end touches.
    cups = {"1": ["a1"], "2": ["a16", "b16", "c16"]}
    state = position(rules(), cups)
    play(state, "roll", "die 1", "a1^a2/1")
    assert state.outcome() is None
    state = position(rules({"platform": False}), cups)
    events = play(state, "roll", "die 1", "a1^a2/1")
    assert "board_touched" in kinds(events)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,)
