"""GAMES.md section 3, Standard rule #4: two or three players may each use two cards."""

from __future__ import annotations

from .helpers import play, row_of_gates, started


def two_cards():  # type: ignore[no-untyped-def]
    rules = row_of_gates(4, cards={"C1": "Y", "C2": "R", "C3": "BB", "C4": "BB"},
                         cards_per_player=2, first_turn_limit=5)
    return started(rules)


def test_two_cards_each_player_gets_two_cards() -> None:
    state = two_cards()
    assert [len(state.public_view().cards[seat]) for seat in (0, 1)] == [2, 2]


def test_two_cards_a_marble_goes_on_whichever_card_has_its_colour() -> None:
    state = two_cards()
    events = play(state, "R5")
    assert [(e["card"], e["colour"]) for e in events if e.kind == "marble_on_card"] == [("C2", "red")]


def test_two_cards_winner_fills_both_cards() -> None:
    state = two_cards()
    play(state, "R5")  # the second card is full, the first is not: no win
    assert state.outcome() is None
    play(state, "B5", "Y5")  # seat 1 takes a blue; seat 0 fills its first card
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
