"""GAMES.md section 3, Expert Games I and II (rulebook C and D), worked out by hand.

Small boards: a row of gates with a chute (see test_standard), and ONE_HOLE, a single hole
into the catching side of a single gate G (tilted left) whose sides lead out: one marble
lodges there, a second one strikes the full gate and both fall.
"""

from __future__ import annotations

import pytest

from marblestudio.engine import new_game
from marblestudio.engine.avalanche import Pass
from marblestudio.engine.avalanche.rules import Goal, OutOfMarbles, Passing, StartHand
from marblestudio.engine.core import CHANCE, IllegalMoveError
from marblestudio.rulesets import load

from .helpers import give, hand, kinds, play, row_of_gates, rules, started

EXPERT_1 = dict(cards_per_player=0, draw_from_trays=False, goal=Goal.RUN_OUT, out_of_marbles=OutOfMarbles.WIN)
EXPERT_2 = dict(cards_per_player=0, draw_from_trays=False, goal=Goal.ONE_COLOUR, goal_count=5,
                out_of_marbles=OutOfMarbles.FORFEIT, passing=Passing.WHEN_NOTHING_CAN_FALL)
ONE_HOLE = {"G": ("left", "out", "out")}


def bundled_start(ruleset_id: str, players: int):  # type: ignore[no-untyped-def]
    state = new_game(load(ruleset_id), players)
    assert state.to_move == CHANCE
    play(state, "gates " + "L" * len(state.random_gates))
    return state


# Expert I -------------------------------------------------------------------------------
def test_expert1_first_player_takes_eleven_others_seven() -> None:
    state = bundled_start("avalanche/expert-1", 3)
    assert [hand(state, s) for s in range(3)] == [{"yellow": 11}, {"red": 7}, {"blue": 7}]
    assert state.trays == [9, 13, 13]
    assert state.public_view().cards == ((), (), ())  # no cards in the Expert games


def test_expert1_players_never_draw_from_the_trays() -> None:
    state = bundled_start("avalanche/expert-1", 2)
    assert {str(m)[0] for m in state.legal_moves()} == {"Y"}  # seat 0 holds only yellow


def test_expert1_marbles_that_fall_are_taken_into_hand_and_the_turn_ends() -> None:
    state = started(row_of_gates(2, start_hand=StartHand(first=2, others=2), **EXPERT_1))
    events = play(state, "Y1", "Y1")  # the second yellow strikes the full gate: both fall
    assert kinds(events)[-2:] == ["marbles_to_hand", "turn_over"]
    assert hand(state, 0) == {"yellow": 2} and state.to_move == 1


def test_expert1_running_out_of_marbles_wins() -> None:
    state = started(row_of_gates(2, start_hand=StartHand(first=2, others=2), **EXPERT_1))
    play(state, "Y1", "Y2")  # both lodge: seat 0 has run out
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)


# Expert II ------------------------------------------------------------------------------
def test_expert2_each_player_starts_with_three_of_each_colour() -> None:
    state = bundled_start("avalanche/expert-2", 2)
    assert hand(state, 0) == hand(state, 1) == {"yellow": 3, "red": 3, "blue": 3}
    assert state.trays == [14, 14, 14]


def test_expert2_win_needs_five_of_one_colour_at_end_of_turn() -> None:
    state = started(row_of_gates(3, **EXPERT_2))
    give(state, 0, yellow=5, red=1)
    give(state, 1, blue=2)
    play(state, "R1")  # red lodges: five yellow and nothing else, but in the middle of a turn
    assert state.outcome() is None and state.to_move == 0
    play(state, "Y4")  # a yellow falls down the chute and comes back: the turn ends with 5 yellow
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)


def test_expert2_a_marble_of_another_colour_spoils_the_win() -> None:
    state = started(row_of_gates(3, **EXPERT_2))
    give(state, 0, yellow=5, red=1)
    give(state, 1, blue=2)
    play(state, "R4")  # the red falls and is taken back: 5 yellow and 1 red at the end of the turn
    assert state.outcome() is None and state.to_move == 1


def test_expert2_pass_only_when_nothing_can_fall() -> None:
    state = started(rules(ONE_HOLE, ["G:left"], **EXPERT_2))
    give(state, 0, yellow=1)
    give(state, 1, red=2)
    assert Pass() in state.legal_moves()  # one marble can only lodge in the empty gate
    assert kinds(play(state, "pass")) == ["passed", "turn_over"]
    assert Pass() not in state.legal_moves()  # two marbles: the second strikes the full gate
    with pytest.raises(IllegalMoveError, match="no marble can be made to fall"):
        play(state, "pass")


def test_expert2_pass_only_at_the_start_of_a_turn() -> None:
    state = started(row_of_gates(3, **EXPERT_2))
    give(state, 0, yellow=2)
    give(state, 1, red=2)
    assert Pass() not in state.legal_moves()  # two marbles into one gate's hole: one falls
    play(state, "Y1")
    with pytest.raises(IllegalMoveError, match="start of a turn"):
        play(state, "pass")


def test_expert2_all_marbles_played_none_fell_forfeits() -> None:
    state = started(rules(ONE_HOLE, ["G:left"], **EXPERT_2))
    give(state, 0, yellow=1)
    give(state, 1, red=2)
    events = play(state, "Y1")  # seat 0 plays instead of passing: its last marble lodges
    assert "forfeited" in kinds(events)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,)


def test_expert2_a_player_who_forfeited_is_skipped() -> None:
    state = started(rules(ONE_HOLE, ["G:left"], players=(3, 3), **EXPERT_2), 3)
    give(state, 0, yellow=1)
    give(state, 1, red=1)
    give(state, 2, blue=1)
    play(state, "Y1")  # seat 0 forfeits; yellow stays in G
    assert state.outcome() is None and state.to_move == 1
    play(state, "R1")  # red strikes the full gate (G flips right): red and yellow fall
    assert hand(state, 1) == {"red": 1, "yellow": 1}
    play(state, "B1")  # G tilts right: blue strikes its left side and falls
    assert state.to_move == 1
