"""A house rule's answers to a DRAW (`alive: answers:`), worked out by hand on hand-set tables.

The rule as docs/rulesets.md states it: a DRAW waits for the next player, who takes it (the
draw is made as the book says and that player plays on) or plays an answering card instead of
drawing.  Passing on, the whole draw grows by the answering card's amount and goes to every
other player of the one who answered; blocking, only the one who answered draws nothing.
"""

from __future__ import annotations

import random

import pytest

from marblestudio.engine.alive.rules import DrawAnswer
from marblestudio.engine.core import IllegalMoveError

from .helpers import hand, kinds, play, rules, table

PASS_ON = rules(draw_answer=DrawAnswer(frozenset({"DRAW1", "DRAW2"}), passes=True))
BLOCK = rules(draw_answer=DrawAnswer(frozenset({"=0"}), passes=False))


def test_a_draw_waits_for_the_next_player_who_may_answer_or_take_it() -> None:
    state = table([["DRAW2", "1"], ["DRAW1", "2", "3"], ["4"]], deck=["5", "6", "7", "0"], ruleset=PASS_ON)
    events = play(state, "play DRAW2")
    assert kinds(events)[-2:] == ["draw_waiting", "turn_over"]
    assert state.to_move == 1
    assert [str(m) for m in state.legal_moves()] == ["play DRAW1", "take"]  # only answers, or take: no number card now
    assert hand(state, 1) == ["2", "3", "DRAW1"] and hand(state, 2) == ["4"]  # nobody has drawn yet
    assert state.public_view().answering == 2 and state.public_view().answer_from == 0


def test_taking_the_draw_makes_it_as_the_book_says_and_the_taker_plays_on() -> None:
    state = table([["DRAW2", "1"], ["DRAW1", "2"], ["4"]], deck=["5", "6", "7", "0"], ruleset=PASS_ON)
    play(state, "play DRAW2")
    play(state, "take")
    assert hand(state, 1) == ["2", "5", "6", "DRAW1"]  # the next player draws first: the top two cards
    assert hand(state, 2) == ["0", "4", "7"]
    assert hand(state, 0) == ["1"]
    assert state.to_move == 1 and state.public_view().answering == 0
    assert "take" not in [str(m) for m in state.legal_moves()]


def test_passing_on_the_whole_draw_grows_and_goes_to_every_other_player_of_the_answerer() -> None:
    # Seat 0 plays DRAW2; seat 1 answers with DRAW1: 2 + 1 = 3 cards each for seats 2 and 0.
    deck = ["1", "2", "3", "4", "5", "6", "7"]
    state = table([["DRAW2", "0"], ["DRAW1", "2"], ["3", "3"]], deck=deck, ruleset=PASS_ON)
    play(state, "play DRAW2")
    events = play(state, "play DRAW1")
    answered = next(e for e in events if e.kind == "draw_answered")
    assert (answered["seat"], answered["card"], answered["amount"], answered["passed"]) == (1, "DRAW1", 3, True)
    assert state.to_move == 2 and state.public_view().answering == 3 and state.public_view().answer_from == 1
    assert [str(m) for m in state.legal_moves()] == ["take"]  # seat 2 holds no DRAW
    assert state.table.total == 0  # an answer adds nothing to the total
    play(state, "take")
    assert hand(state, 2) == ["1", "2", "3", "3", "3"]  # the taker draws first, in turn order from the answerer
    assert hand(state, 0) == ["0", "4", "5", "6"]  # the first DRAW's player draws the whole draw too
    assert hand(state, 1) == ["2"]  # the answerer draws nothing
    assert state.to_move == 2


def test_a_draw_passed_on_can_be_answered_again() -> None:
    state = table([["DRAW1", "0"], ["DRAW1", "0"], ["DRAW2", "0"]], deck=["1"] * 12, ruleset=PASS_ON)
    play(state, "play DRAW1")
    play(state, "play DRAW1")
    play(state, "play DRAW2")  # 1 + 1 + 2 = 4 cards, every other player of seat 2
    assert state.to_move == 0 and state.public_view().answering == 4
    play(state, "take")
    assert len(hand(state, 0)) == 5 and len(hand(state, 1)) == 5 and hand(state, 2) == ["0"]


def test_blocking_spares_only_the_player_who_answered() -> None:
    state = table([["DRAW2", "1"], ["=0", "2"], ["3"]], deck=["4", "5", "6", "7"], total=12, ruleset=BLOCK)
    play(state, "play DRAW2")
    events = play(state, "play =0")
    answered = next(e for e in events if e.kind == "draw_answered")
    assert answered["passed"] is False and answered["amount"] == 2
    assert hand(state, 1) == ["2"]  # no draw for the answerer
    assert hand(state, 2) == ["3", "4", "5"]  # the others still draw
    assert state.table.total == 12  # the =0 answered: it set nothing
    assert state.to_move == 2  # answering was seat 1's turn


def test_a_card_that_does_not_answer_is_refused_naming_the_answers() -> None:
    state = table([["DRAW2", "1"], ["DRAW1", "2"], ["3"]], deck=["4", "5", "6", "7"], ruleset=PASS_ON)
    play(state, "play DRAW2")
    with pytest.raises(IllegalMoveError, match="answer it with DRAW1 or DRAW2, or take it"):
        play(state, "play 2")
    with pytest.raises(IllegalMoveError, match="no DRAW, SKIP or BOMB waits"):
        table([["1"], ["2"]], ruleset=PASS_ON).apply(state.parse_move("take"))


def test_answering_with_the_last_card_ends_the_hand_and_the_draw_with_it() -> None:
    state = table([["DRAW2", "1"], ["DRAW1"], ["3"]], deck=["4", "5", "6", "7"], ruleset=PASS_ON)
    play(state, "play DRAW2")
    events = play(state, "play DRAW1")
    assert "hand_over" in kinds(events) and "draw_waiting" not in kinds(events)[kinds(events).index("hand_over"):]
    assert state.public_view().answering == 0
    assert state.table.lives == [4, 5, 4]  # the others lost a life as the book says


def test_without_answers_a_draw_is_drawn_at_once() -> None:
    state = table([["DRAW2", "1"], ["DRAW1", "2"], ["3"]], deck=["4", "5", "6", "7"])
    play(state, "play DRAW2")
    assert hand(state, 1) == ["2", "4", "5", "DRAW1"] and "take" not in [str(m) for m in state.legal_moves()]


def test_a_waiting_draw_survives_hidden_information() -> None:
    state = table([["DRAW2", "1"], ["DRAW1", "2"], ["3"]], deck=["4", "5", "6", "7"], ruleset=PASS_ON)
    play(state, "play DRAW2")
    guess = state.determinize(2, random.Random(3))
    assert guess.public_view() == state.public_view()
    assert "take" in [str(m) for m in guess.legal_moves()]


BOUNCE = rules(draw_answer=DrawAnswer(frozenset({"REVERSE"}), passes=False, bounces=True))


def test_a_bounced_draw_goes_back_to_its_player_who_alone_draws_it() -> None:
    # seat 0 plays DRAW 2; seat 1 answers with a REVERSE (amount 0) that bounces it: seat 0 draws
    # the top two cards, nobody else draws, and play goes on after seat 1
    state = table([["DRAW2", "1"], ["REVERSE", "2"], ["4"]], deck=["5", "6", "7", "0"], ruleset=BOUNCE)
    play(state, "play DRAW2")
    assert [str(m) for m in state.legal_moves()] == ["play REVERSE", "take"]
    events = play(state, "play REVERSE")
    answered = [e for e in events if e.kind == "draw_answered"]
    assert [(e["seat"], e["card"], e["amount"], e["passed"]) for e in answered] == [(1, "REVERSE", 2, False)]
    assert hand(state, 0) == ["1", "5", "6"]
    assert hand(state, 1) == ["2"] and hand(state, 2) == ["4"]
    assert state.to_move == 2 and state.public_view().answering == 0
