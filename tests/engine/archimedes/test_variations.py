"""The rulebook's variations 1 to 4 as options of the rules, each worked out by hand.

The positions are those of test_physics.py (same test physics); see there for the arithmetic.
"""

from __future__ import annotations

from fractions import Fraction

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


# A house rule that stops the game's own ending: `touch: marble-lost` ----------------------------
def test_touching_costs_the_marble_not_the_game_under_marble_lost() -> None:
    # The placement of test_rulebook_audit: a8 (row 7) takes k from -55 to -56 with 6 marbles,
    # and the low end touches.  Without a8 the board is the position before (k = -55, n = 5,
    # standing), so the marble leaves the game, the turn ends and nobody has lost.
    state = position(rules(touch=TouchRule.MARBLE_LOST), {"1": ["a1", "b1", "c1", "a6", "b6"]})
    before = sum(state.counts().values())
    events = play(state, "place a8")
    assert [e.kind for e in events][:4] == ["marble_placed", "board_tilted", "board_touched", "marble_lost"]
    lost = next(e for e in events if e.kind == "marble_lost")
    assert (lost["seat"], lost["cup"]) == (0, "a8")
    assert state.outcome() is None
    assert (7, 0) not in state.board and state.k == -55 and state.slope() == Fraction(-165, 760)
    assert state.supply[0] == 12 - 6 and state.lost == [1, 0]  # placed from the supply, then lost
    assert sum(state.counts().values()) == before and state.counts()["lost_1"] == 1  # no marble created or lost from the count
    assert state.to_move == 1 and state.phase.value == "choose"  # the turn ended: player 2 is to choose
    # by the book the same placement loses
    book = position(rules(), {"1": ["a1", "b1", "c1", "a6", "b6"]})
    play(book, "place a8")
    assert book.outcome() is not None


def test_a_player_left_with_too_few_marbles_to_win_loses_under_marble_lost() -> None:
    # The same touch with six marbles a player: after a8 is lost, player 1 has the five on the
    # board and none in the supply.  Five are enough when five win; not when six must.
    state = position(rules(touch=TouchRule.MARBLE_LOST, marbles_to_win=5, marbles_per_player=6), {"1": ["a1", "b1", "c1", "a6", "b6"]})
    play(state, "place a8")  # the sixth marble, lost: five are left, enough for five home
    assert state.outcome() is None
    state = position(rules(touch=TouchRule.MARBLE_LOST, marbles_to_win=6, marbles_per_player=6), {"1": ["a1", "b1", "c1", "a6", "b6"]})
    play(state, "place a8")  # five left, six needed
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,) and "too few left to win" in outcome.reason


def test_under_marble_lost_a_move_that_touches_is_taken_back_for_a_marble_of_the_supply() -> None:
    # LIFT_TIPS_HIGH_END: lifting a1 (player 1's only marble, on the low end) leaves five of
    # player 2's marbles on the high end, which touches while a1 is in the air.  The move is
    # taken back (a1 stays where it was, the board as it stood) and one of player 1's eleven
    # marbles in the supply leaves the game.
    state = position(rules(touch=TouchRule.MARBLE_LOST), LIFT_TIPS_HIGH_END)
    k, supply = state.k, state.supply[0]
    events = play(state, "roll", "die 1", "a1^a2/1")
    lost = next(e for e in events if e.kind == "marble_lost")
    assert (lost["seat"], lost["cup"], lost["back"]) == (0, "a2", "a1")
    assert state.outcome() is None and state.board[(0, 0)] == 0 and (1, 0) not in state.board and state.k == k
    assert state.supply[0] == supply - 1 and state.lost == [1, 0] and state.to_move == 1


def test_under_marble_lost_with_an_empty_supply_the_moved_marble_pays_if_the_board_stands_without_it() -> None:
    # With player 1's supply empty, the lift of a1 is taken back and a1 itself would have to go:
    # but a1 is the only weight at the low end, and five marbles on the high end touch without
    # it (as while it was in the air), so the book's rule stands: player 1 loses.
    state = position(rules(touch=TouchRule.MARBLE_LOST), LIFT_TIPS_HIGH_END)
    state.supply[0] = 0
    events = play(state, "roll", "die 1", "a1^a2/1")
    assert "marble_lost" not in [e.kind for e in events]
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,)
    # b4-b3-b2 brings the low end down at b3 (test_variation_1 ...own_end_down): without b4 the
    # board of a1 b1 c1 stands (the position before the move, less a marble nearer the middle),
    # so b4 leaves the game and the game goes on.
    state = position(rules(touch=TouchRule.MARBLE_LOST), {"1": ["a1", "b1", "c1", "b4"]})
    state.supply[0] = 0
    events = play(state, "roll", "die 2", "b4-b3-b2")
    lost = next(e for e in events if e.kind == "marble_lost")
    assert (lost["cup"], lost["back"], lost["supply"]) == ("b2", "b4", False)  # set down where it was going, then lost
    assert state.outcome() is None or "too few" in state.outcome().reason  # type: ignore[union-attr]
    assert set(state.board) == {(0, 0), (0, 1), (0, 2)} and state.lost == [1, 0]
