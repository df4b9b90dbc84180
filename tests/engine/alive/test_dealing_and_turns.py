"""Dealing, whose turn it is, and the hand's winner dealing next (GAMES.md section 2)."""

from __future__ import annotations

import random

from marblestudio.engine.alive import Deal, new_game
from marblestudio.engine.core import CHANCE

from .helpers import hand, play, rules, table

# The standard deck in the order the ruleset lists it: 8x0, 8x1, 8x2, 8x3, 8x4, 4x5, 2x6, 1x7, wilds.
IN_ORDER = (
    ["0"] * 8 + ["1"] * 8 + ["2"] * 8 + ["3"] * 8 + ["4"] * 8 + ["5"] * 4 + ["6"] * 2 + ["7"]
    + ["=21"] * 5 + ["=10"] * 2 + ["=0"] * 3 + ["DRAW1"] * 2 + ["DRAW2"] * 2 + ["PASS"] * 4
    + ["REVERSE"] * 4 + ["SKIP"] * 6 + ["REDEAL", "BOMB"]
)


def test_deck_is_the_77_cards_of_games_md() -> None:
    assert len(IN_ORDER) == 77
    state = new_game(rules(), 4)
    assert state.counts() == {"deck": 77, "discard": 0, "hands": 0}


def test_a_hand_starts_with_a_chance_deal() -> None:
    state = new_game(rules(), 4)
    assert state.to_move == CHANCE
    assert state.legal_moves() == []


def test_deal_gives_ten_cards_each_one_at_a_time_from_the_dealers_left() -> None:
    state = new_game(rules(), 4)  # the last seat (3) deals first, so seat 0 gets the first card
    state.apply(Deal(tuple(IN_ORDER)))
    # Seat 0 gets cards 0, 4, 8, ..., 36 of the order: two each of 0, 1, 2, 3, 4.
    assert hand(state, 0) == ["0", "0", "1", "1", "2", "2", "3", "3", "4", "4"]
    assert hand(state, 3) == hand(state, 0)
    assert state.counts() == {"deck": 37, "discard": 0, "hands": 40}
    # The rest is the deck, its top card the 41st of the order (a 5).
    assert state.table.deck[-1] == state.cat.index["5"]


def test_play_starts_left_of_the_dealer() -> None:
    state = new_game(rules(), 4)
    state.apply(Deal(tuple(IN_ORDER)))
    assert state.table.dealer == 3
    assert state.to_move == 0


def test_play_goes_clockwise() -> None:
    state = table([["1", "1"], ["1", "1"], ["1", "1"]])
    play(state, "play 1")
    assert state.to_move == 1
    play(state, "play 1")
    assert state.to_move == 2
    play(state, "play 1")
    assert state.to_move == 0


def test_winner_of_the_hand_deals_the_next_and_play_starts_to_their_left() -> None:
    state = table([["1", "2"], ["3", "4"], ["5"], ["6", "0"]], current=2)
    play(state, "play 5")  # seat 2 plays its last card and wins the hand
    assert state.to_move == CHANCE
    assert state.table.dealer == 2
    state.apply(state.sample_chance(random.Random(1)))
    assert state.to_move == 3
    # Only the 7 cards of this hand-set table are dealt: one at a time from seat 3.
    assert state.table.hand_sizes == [2, 2, 1, 2]


def test_a_new_hand_plays_clockwise_again_after_a_reverse() -> None:
    state = table([["REVERSE", "1"], ["2", "3"], ["4", "5"]], current=0)
    play(state, "play REVERSE")  # direction now anticlockwise: seat 2 next
    assert state.to_move == 2
    play(state, "play 4")
    play(state, "play 2")  # seat 1
    play(state, "play 1")  # seat 0 goes out
    state.apply(state.sample_chance(random.Random(2)))
    assert state.table.direction == 1
    assert state.to_move == 1
