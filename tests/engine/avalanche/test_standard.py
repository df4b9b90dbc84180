"""GAMES.md section 3, the Standard Game (rulebook B #1-#3), worked out by hand.

The board is a row of gates: holes 1..n each lead to the catching (left) side of their own
gate G1..Gn, whose sides lead out, and hole n+1 is a chute straight to the tray.  So a marble
in an empty gate's hole lodges, a second one in the same hole makes both fall, and a marble in
the chute falls at once.
"""

from __future__ import annotations

import pytest

from marblestudio.engine.avalanche import Pass
from marblestudio.engine.core import IllegalMoveError

from .helpers import hand, kinds, play, row_of_gates, started


def standard(gates: int, cards: dict[str, str]):  # type: ignore[no-untyped-def]
    return started(row_of_gates(gates, cards=cards, first_turn_limit=5))


def test_first_turn_at_most_five_marbles() -> None:
    state = standard(10, {"C1": "YYY", "C2": "RRR"})
    play(state, "Y1", "Y2", "R3", "B4")
    assert state.to_move == 0
    events = play(state, "Y5")
    assert kinds(events)[-2:] == ["first_turn_limit", "turn_over"]
    assert state.to_move == 1 and state.counts()["board"] == 5


def test_first_turn_may_end_with_none_fallen_only_if_all_five_lodged() -> None:
    state = standard(10, {"C1": "YYY", "C2": "RRR"})
    play(state, "Y1", "Y2", "Y3", "Y4")
    assert Pass() not in state.legal_moves()
    with pytest.raises(IllegalMoveError):
        state.apply(Pass())
    play(state, "Y5")  # all five lodged: the first player's turn ends with none fallen
    # Only the first player, on the first turn: the next player lodging five goes on.
    play(state, "R6", "R7", "R8", "R9", "R10")
    assert state.to_move == 1 and Pass() not in state.legal_moves()


def test_first_turn_ends_when_one_of_the_five_falls() -> None:
    state = standard(10, {"C1": "YYY", "C2": "RRR"})
    events = play(state, "Y1", "Y11")  # the chute: a marble falls on the second drop
    assert kinds(events)[-1] == "turn_over" and state.to_move == 1


def test_player_takes_all_fallen_marbles_matching_ones_go_on_the_card_the_rest_are_held() -> None:
    state = standard(4, {"C1": "YR", "C2": "BBB"})
    events = play(state, "Y1", "B1")  # blue strikes the full gate: blue, then yellow fall
    taken = [e for e in events if e.kind == "marbles_taken"]
    assert taken[0]["colours"] == ("blue", "yellow")
    placed = [(e["card"], e["hole"], e["colour"]) for e in events if e.kind == "marble_on_card"]
    assert placed == [("C1", 1, "yellow")]
    assert hand(state, 0) == {"blue": 1}
    assert state.counts() == {"trays": 28, "board": 0, "hands": 1, "cards": 1}


def test_held_marbles_are_dropped_first() -> None:
    state = standard(4, {"C1": "YR", "C2": "BBB"})
    play(state, "Y1", "B1", "R5")  # seat 0 holds blue; seat 1's red falls and is held too
    assert state.to_move == 0
    assert {str(m)[0] for m in state.legal_moves()} == {"B"}
    before = state.public_view()
    with pytest.raises(IllegalMoveError, match="dropped first"):
        play(state, "Y2")
    assert state.public_view() == before


def test_after_dropping_held_marbles_the_player_draws_from_the_trays() -> None:
    state = standard(4, {"C1": "YR", "C2": "BBB"})
    play(state, "Y1", "B1", "R5", "B2")  # seat 0 drops its held blue; it lodges in G2
    assert state.to_move == 0 and not hand(state, 0)
    assert {str(m)[0] for m in state.legal_moves()} == {"Y", "R", "B"}


def test_standard_winner_has_full_card_and_nothing_in_hand() -> None:
    state = standard(4, {"C1": "Y", "C2": "RR"})
    events = play(state, "Y5")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert kinds(events)[-2:] == ["turn_over", "game_over"]


def test_full_card_with_marbles_left_over_does_not_win() -> None:
    state = standard(4, {"C1": "Y", "C2": "RR"})
    play(state, "Y1", "B1")  # yellow fills the card; blue is left over in hand
    assert state.outcome() is None and state.to_move == 1


def test_full_card_player_wins_by_dropping_all_held_marbles_with_none_falling() -> None:
    state = standard(4, {"C1": "Y", "C2": "RR"})
    play(state, "Y1", "B1", "R5")
    # Seat 0's card is full: it drops only its held blue, never from the trays.
    assert [str(m) for m in state.legal_moves()] == ["B1", "B2", "B3", "B4", "B5"]
    play(state, "B3")  # lodges in G3: every held marble dropped and none fell
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)


def test_full_card_player_who_makes_a_marble_fall_plays_on() -> None:
    state = standard(4, {"C1": "Y", "C2": "RR"})
    play(state, "Y1", "B1", "R5", "B5")  # the held blue falls again: taken back into hand
    assert state.outcome() is None and state.to_move == 1 and hand(state, 0) == {"blue": 1}
