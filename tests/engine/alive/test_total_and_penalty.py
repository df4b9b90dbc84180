"""The running total, its limit, and the life penalty (GAMES.md section 2)."""

from __future__ import annotations

import pytest

from marblestudio.engine.alive import Flip, PlayCard
from marblestudio.engine.core import IllegalMoveError

from .helpers import hand, kinds, play, rules, table


def test_running_total_starts_at_zero_and_number_cards_add_their_value() -> None:
    state = table([["4", "2"], ["7", "1"]])
    assert state.table.total == 0
    play(state, "play 4")
    play(state, "play 7")
    assert state.table.total == 11
    assert state.public_view().discard == ("4", "7")


def test_card_that_would_take_the_total_above_21_may_not_be_played() -> None:
    state = table([["5", "1"], ["2"]], total=17)
    assert state.legal_moves() == [PlayCard("1")]
    before = state.public_view()
    with pytest.raises(IllegalMoveError, match="above 21"):
        play(state, "play 5")
    assert state.public_view() == before
    assert state.playable_reason("5") == "17 + 5 would go above 21"


def test_card_that_reaches_exactly_21_may_be_played() -> None:
    state = table([["4", "1"], ["2"]], total=17)
    play(state, "play 4")
    assert state.table.total == 21


def test_player_who_can_only_go_above_21_flips_a_life_and_the_total_resets() -> None:
    state = table([["7", "6"], ["2", "3"], ["1", "1"]], total=16)
    assert state.legal_moves() == [Flip()]
    events = play(state, "flip")
    assert "life_lost" in kinds(events)
    assert state.table.lives == [4, 5, 5]
    assert state.table.total == 0
    assert hand(state, 0) == ["6", "7"]  # the cards are not played
    assert state.to_move == 1  # the next player starts again with a new card


def test_flip_is_illegal_while_a_card_can_be_played() -> None:
    state = table([["7", "1"], ["2"]], total=16)
    with pytest.raises(IllegalMoveError, match="flipped only when no card"):
        play(state, "flip")
    assert state.table.lives == [5, 5]


def test_wild_cards_can_be_played_at_any_time() -> None:
    state = table([["5", "SKIP", "DRAW1"], ["2"], ["3"]], total=21)
    assert state.legal_moves() == [PlayCard("DRAW1"), PlayCard("SKIP")]


def test_wild_cards_count_zero_towards_the_total() -> None:
    state = table([["PASS", "1"], ["2", "2"], ["3", "3"]], total=15)
    play(state, "play PASS")
    assert state.table.total == 15


def test_limit_is_a_ruleset_option() -> None:
    state = table([["6", "1"], ["2"]], total=25, ruleset=rules("alive/limit-31"))
    play(state, "play 6")
    assert state.table.total == 31


def test_a_card_not_in_the_hand_cannot_be_played() -> None:
    state = table([["1", "2"], ["3"]])
    with pytest.raises(IllegalMoveError, match="no BOMB in the hand"):
        play(state, "play BOMB")
