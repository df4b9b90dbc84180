"""An Avalanche position's result and passes are the rules' own (docs/notation.md, "Positions":
"a game its rules would have ended" and no other end is read).

Worked out by hand from the rules (GAMES.md section 3, rulesets/avalanche/*.yaml): a game ends
when a player ends a turn with every hole of its cards filled and nothing in hand (Standard),
when every player still in has passed in turn (`all_pass: draw`), or at the move limit; under
`passing: never` a player passes only with no marble to drop (an empty hand, and no marble it may
draw from the trays).
"""

from __future__ import annotations

import pytest

from marblestudio.engine import PositionError, from_position
from marblestudio.engine.avalanche.moves import Pass
from marblestudio.engine.core import Outcome, Termination
from marblestudio.engine.rules import Ruleset
from marblestudio.rulesets import load_with_source

from .helpers import row_of_gates

STANDARD = load_with_source("avalanche/standard").rules
P = ("avalanche players=3 turn=0 gates=RR,R,R,R,L,L,L,R,R,R,LR,R,RR,R,L trays=Y16,R16,B16 hands=-/-/- "
     "cards=C6:R.BY...../C4:.YB....../C3:BBYY..... drops=0 moves=12 passes=0 result=-")
"""avalanche/standard after 14 steps (the reviewer's): seat 0 to move, every hand empty, 48 marbles
in the trays; seat 0's card C6 has 3 of its 9 holes filled."""
FILLED = "filled+every+hole+of+the+cards,+with+nothing+left+in+hand"

TWO_GATES = row_of_gates(2, cards={"P0": "YR", "P1": "B"})
"""Holes 1, 2 to gates G1, G2, hole 3 a chute; seat 0's card P0 (yellow, red), seat 1's P1 (blue);
a move limit of 500."""
P1_FULL = ("avalanche players=2 turn=1 gates=LY,R trays=Y7,R10,B9 hands=Y1/- cards=P0:Y./P1:B drops=1 moves=6 passes=0 "
           f"result=win:1:{FILLED}")
"""Seat 1 dropped blue down the chute onto P1's one hole: its card full and its hand empty, it wins."""
CAPPED = "capped::the+move+limit+of+500+moves+was+reached"


def refused(rules: Ruleset, text: str, field: str) -> str:
    with pytest.raises(PositionError) as caught:
        from_position(rules, text)
    assert caught.value.field == field and caught.value.rule, caught.value
    return caught.value.detail


def test_the_reviewers_position_reads() -> None:
    state = from_position(STANDARD, P)
    assert state.outcome() is None and state.to_move == 0


def test_a_game_that_goes_on_has_no_result() -> None:
    """Nobody's card is full, nobody passed, move 12 of 3000: no rule ends the game here."""
    detail = refused(STANDARD, P.replace("result=-", "result=win:0:x"), "result")
    assert detail == "the rules of avalanche/standard do not end the game here, so it did not end 'x': it goes on (result=-)"


def test_filling_the_cards_is_a_win_only_when_they_are_filled() -> None:
    detail = refused(STANDARD, P.replace("result=-", f"result=win:0:{FILLED}"), "result")
    assert "did not end 'filled every hole of the cards, with nothing left in hand'" in detail


def test_the_winner_is_the_player_whose_cards_are_full() -> None:
    won = Outcome(Termination.WIN, (1,), "filled every hole of the cards, with nothing left in hand")
    assert from_position(TWO_GATES, P1_FULL).outcome() == won
    detail = refused(TWO_GATES, P1_FULL.replace("result=win:1:", "result=win:0:").replace("turn=1", "turn=0"), "result")
    assert "so it did not end 'filled every hole" in detail  # seat 0's P0 has an empty hole and it holds a yellow
    detail = refused(TWO_GATES, P1_FULL.replace("result=win:1:", "result=win:0:"), "result")
    assert detail == f"the rules end this game as result=win:1:{FILLED}"


def test_passes_under_passing_never_need_a_player_with_no_marble() -> None:
    """Every hand is empty but the trays hold 48 marbles and no card is full: everyone could draw."""
    for passes in (1, 9):
        detail = refused(STANDARD, P.replace("passes=0", f"passes={passes}"), "passes")
        assert detail == (f"{passes} passes in a row, but under passing: never a player passes only with no marble to drop, "
                          "and every player has one (in hand or to draw from the trays)")


def test_a_round_of_passes_ends_the_game_in_a_draw() -> None:
    """Expert II (`passing: when-nothing-can-fall`, `all_pass: draw`), three players: a third pass in
    a row would have ended the game."""
    expert = load_with_source("avalanche/expert-2").rules
    text = ("avalanche players=3 turn=0 gates=L,LR,L,LB,R,L,RR,R,L,R,LY,R,L,R,RR trays=Y11,R11,B11 "
            "hands=Y3,R2,B1/Y4,R2,B3/Y1,R2,B4 drops=0 moves=40 passes=0 forfeited=- result=-")
    assert from_position(expert, text).outcome() is None
    detail = refused(expert, text.replace("passes=0", "passes=3"), "passes")
    assert detail == ("3 passes in a row: the game ends in a draw when every player still in (3) has passed in turn "
                      "(all_pass: draw)")


def test_the_move_limit() -> None:
    going_on = "avalanche players=2 turn=1 gates=LY,R trays=Y7,R10,B8 hands=Y1/B2 cards=P0:Y./P1:. drops=1 moves=5 passes=0 result=-"
    capped = going_on.replace("moves=5", "moves=500").replace("result=-", f"result={CAPPED}")
    assert from_position(TWO_GATES, capped).outcome() == Outcome.capped(500)
    assert refused(TWO_GATES, capped.replace("moves=500", "moves=501"), "moves") == (
        "501 moves: the move limit of test/hand-board ends the game at 500")
    assert "did not end 'the move limit of 500 moves was reached'" in refused(
        TWO_GATES, capped.replace("moves=500", "moves=499"), "result")


def test_a_round_of_passes_by_players_with_nothing_to_drop() -> None:
    """No cards, no drawing, empty hands: each of the two players can only pass (`passing: never`
    allows it), and the second pass in a row ends the game in a draw (`all_pass: draw`)."""
    empty = row_of_gates(1, cards={}, cards_per_player=0, draw_from_trays=False)
    base = "avalanche players=2 turn=1 gates=L trays=Y10,R10,B10 hands=-/- drops=0 moves=1 passes=1 result=-"
    assert from_position(empty, base).legal_moves() == [Pass()]
    draw = "draw::every+player+passed+in+turn%3A+nobody+can+make+a+marble+fall"
    over = base.replace("moves=1 passes=1 result=-", f"moves=2 passes=2 result={draw}")
    assert from_position(empty, over).outcome() == Outcome(Termination.DRAW, (), "every player passed in turn: nobody can "
                                                                                  "make a marble fall")
    assert refused(empty, over.replace(f"result={draw}", "result=-"), "passes").startswith("2 passes in a row: the game ends")
    assert "so it did not end 'every player passed" in refused(empty, base.replace("result=-", f"result={draw}"), "result")
