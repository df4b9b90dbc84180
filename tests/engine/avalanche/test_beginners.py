"""GAMES.md section 3, the Beginners Game (rulebook A), on a row of gates (see test_standard)."""

from __future__ import annotations

from marblestudio.engine.avalanche.rules import Unmatched

from .helpers import hand, kinds, play, row_of_gates, started


def beginners(cards: dict[str, str]):  # type: ignore[no-untyped-def]
    return started(row_of_gates(6, cards=cards, unmatched=Unmatched.RETURN))


def test_beginners_drop_marbles_of_any_colour() -> None:
    state = beginners({"C1": "YY", "C2": "RR"})
    assert {str(m)[0] for m in state.legal_moves()} == {"Y", "R", "B"}


def test_beginners_turn_ends_only_when_a_marble_falls() -> None:
    state = beginners({"C1": "YY", "C2": "RR"})
    play(state, "Y1", "Y2", "Y3", "Y4", "Y5", "Y6")  # no five-marble limit for beginners
    assert state.to_move == 0
    events = play(state, "R7")
    assert kinds(events)[-1] == "turn_over" and state.to_move == 1


def test_beginners_return_unmatched_marbles() -> None:
    state = beginners({"C1": "YY", "C2": "RR"})
    events = play(state, "Y1", "B1")  # blue and yellow fall; yellow matches the card
    returned = [e["colours"] for e in events if e.kind == "marbles_returned"]
    assert returned == [("blue",)]
    assert not hand(state, 0)
    assert state.trays == [9, 10, 10]  # one yellow on the card, the blue back in its tray
    assert state.counts() == {"trays": 29, "board": 0, "hands": 0, "cards": 1}


def test_beginners_first_to_fill_their_card_wins() -> None:
    state = beginners({"C1": "Y", "C2": "RR"})
    play(state, "B1", "Y1")  # yellow strikes the gate holding blue: both fall
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
