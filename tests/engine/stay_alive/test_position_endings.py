"""A Stay Alive position whose game the rules would have ended, or ended otherwise, is refused
(docs/notation.md, "Positions": "a game its rules would have ended").

Worked out by hand on the one-row board of test_positions (a1 and b1; R1 opens a1 at position 1
and both cells at 2, W1 and W2 open their cell at 1 and 2; one marble each; a move limit of 200
decisions, counted by `moves`).  A game ends after a turn when fewer than two players have
marbles on the grid: the one left wins, or, when the last marbles fell together, the mover
(`turn` of a finished game).  Otherwise it ends as capped when `moves` reaches the limit.
"""

from __future__ import annotations

import pytest

from marblestudio.engine import PositionError, from_position
from marblestudio.engine.core import Outcome, Termination

from .helpers import board

RULES = board(["..|o.|oo"], [".|o|o", ".|o|o"])
GOING_ON = ("stay-alive players=2 phase=sliding turn=1 slides=100 marbles=a1/b1 hand=0/0 fallen=0/0 "
            "last=R1 streak=1 own-last=R1/- own-streak=1/0 moves=3 result=-")
CAPPED = "capped::the+move+limit+of+200+moves+was+reached"
BLUE_WON = ("stay-alive players=2 phase=over turn=1 slides=110 marbles=-/b1 hand=0/0 fallen=1/0 last=W1 streak=1 "
            "own-last=R1/W1 own-streak=1/1 moves=4 result=win:1:last+player+with+marbles+on+the+grid")
"""Seat 1 moved W1 to centre: a1 opened and seat 0's one marble fell."""
BOTH_FELL = ("stay-alive players=2 phase=over turn=0 slides=211 marbles=-/- hand=0/0 fallen=1/1 last=R1 streak=1 "
             "own-last=R1/W2 own-streak=1/1 moves=5 result=win:0:the+last+marbles+fell+together%3A+the+mover+wins")
"""Seat 0 moved R1 outside: a1 and b1 opened together, both marbles fell; the mover, seat 0, wins."""


def refused(text: str) -> PositionError:
    with pytest.raises(PositionError) as caught:
        from_position(RULES, text)
    assert caught.value.rule
    return caught.value


def test_moves_beyond_the_move_limit_are_refused() -> None:
    """The move limit ends the game at move 200: no game reaches move 201, going on or finished."""
    error = refused(GOING_ON.replace("moves=3", "moves=201"))
    assert error.field == "moves" and error.detail == "201 moves: the move limit of test/hand-board ends the game at 200"
    error = refused(GOING_ON.replace("phase=sliding", "phase=over").replace("moves=3 result=-", f"moves=5000 result={CAPPED}"))
    assert error.field == "moves"


def test_a_game_at_the_move_limit_is_over() -> None:
    error = refused(GOING_ON.replace("moves=3", "moves=200"))
    assert error.field == "result"
    assert error.detail == f"missing: the move limit of 200 moves ends the game: result={CAPPED}"
    assert from_position(RULES, GOING_ON.replace("moves=3", "moves=199")).outcome() is None


def test_a_game_capped_at_the_move_limit_reads() -> None:
    text = GOING_ON.replace("phase=sliding", "phase=over").replace("moves=3 result=-", f"moves=200 result={CAPPED}")
    state = from_position(RULES, text)
    assert state.outcome() == Outcome.capped(200) and state.legal_moves() == [] and state.position() == text


def test_capped_before_the_move_limit_is_refused() -> None:
    error = refused(GOING_ON.replace("phase=sliding", "phase=over").replace("moves=3 result=-", f"moves=150 result={CAPPED}"))
    assert error.field == "result" and "the move limit ends a game at move 200, not 150" in error.detail


def test_the_player_left_with_marbles_is_the_winner() -> None:
    assert from_position(RULES, BLUE_WON).outcome() == Outcome(Termination.WIN, (1,), "last player with marbles on the grid")
    error = refused(BLUE_WON.replace("result=win:1:", "result=win:0:"))  # seat 0 is out, yet written as the winner
    assert error.field == "result"
    assert error.detail == "the rules end this game as result=win:1:last+player+with+marbles+on+the+grid"


def test_when_the_last_marbles_fall_together_the_mover_wins() -> None:
    assert from_position(RULES, BOTH_FELL).outcome() == Outcome(
        Termination.WIN, (0,), "the last marbles fell together: the mover wins")
    error = refused(BOTH_FELL.replace("result=win:0:", "result=win:1:"))
    assert error.detail == "the rules end this game as result=win:0:the+last+marbles+fell+together%3A+the+mover+wins"
    error = refused(BOTH_FELL.replace("result=win:0:the+last+marbles+fell+together%3A+the+mover+wins",
                                      "result=win:0:last+player+with+marbles+on+the+grid"))
    assert error.field == "result"


def test_a_game_the_rules_do_not_end_has_no_result() -> None:
    """Both players have a marble on the grid and the limit is far: phase=over is not the rules' end."""
    text = GOING_ON.replace("phase=sliding", "phase=over").replace("result=-", "result=win:0:x")
    error = refused(text)
    assert error.field == "result"
    assert error.detail == "the game is not over by the rules of test/hand-board, so it did not end 'x'"


def test_the_reviewers_position_of_the_standard_game() -> None:
    """stay-alive/standard's limit is 1,000 moves: a game at move 5000 would have ended long before."""
    from marblestudio.rulesets import load_with_source

    standard = load_with_source("stay-alive/standard").rules
    text = ("stay-alive players=2 phase=sliding turn=1 slides=20112220020012 marbles=e3,g3,g5,g6,d7/a5,a6,e6 hand=0/0 "
            "fallen=0/2 last=W2 streak=1 own-last=W2/R7 own-streak=1/1 moves=5000 result=-")
    with pytest.raises(PositionError, match="5000 moves: the move limit of stay-alive/standard ends the game at 1000"):
        from_position(standard, text)
    assert from_position(standard, text.replace("moves=5000", "moves=13")).to_move == 1
    over = ("stay-alive players=2 phase=over turn=1 slides=20112220020012 marbles=e3,g3,g5,g6,d7/- hand=0/0 fallen=0/5 "
            "moves=13 result=win:1:last+player+with+marbles+on+the+grid")
    with pytest.raises(PositionError, match="the rules end this game as result=win:0:last"):
        from_position(standard, over)
