"""Our decisions where the rulebook is silent (GAMES.md section 3, docs/avalanche.md): the
trays running empty, and a round in which every player passes.  On a row of gates with one
marble of each colour (see test_standard for the board)."""

from __future__ import annotations

from marblestudio.engine.avalanche import Pass
from marblestudio.engine.avalanche.rules import TraysEmpty
from marblestudio.engine.core import Termination

from .helpers import hand, kinds, play, row_of_gates, started


def test_all_players_passing_in_turn_ends_in_a_draw() -> None:
    state = started(row_of_gates(3, cards={"C1": "YY", "C2": "RR"}, count=1))
    play(state, "Y1", "R2", "B3")  # every marble lodges: trays and hands are empty
    assert state.legal_moves() == [Pass()]
    play(state, "pass")
    assert state.outcome() is None and state.legal_moves() == [Pass()]
    events = play(state, "pass")
    assert kinds(events)[-1] == "game_over"
    outcome = state.outcome()
    assert outcome is not None and outcome.termination is Termination.DRAW and outcome.winners == ()


def test_marbles_taken_while_the_trays_are_empty_return_to_them() -> None:
    rules = row_of_gates(3, cards={"C1": "YY", "C2": "RR"}, count=1, trays_empty=TraysEmpty.RETURN)
    state = started(rules)
    events = play(state, "R1", "B2", "Y1")  # the last yellow strikes G1: yellow and red fall
    assert [e["colours"] for e in events if e.kind == "marbles_returned"] == [("red",)]
    assert not hand(state, 0) and state.trays == [0, 1, 0]


def test_marbles_taken_while_the_trays_are_empty_are_held_by_default() -> None:
    state = started(row_of_gates(3, cards={"C1": "YY", "C2": "RR"}, count=1))
    play(state, "R1", "B2", "Y1")
    assert hand(state, 0) == {"red": 1} and state.trays == [0, 0, 0]
