"""A house rule's pairs (`alive: pairs: numbers`), worked out by hand on hand-set tables: two
number cards of one value played together as one move, both counted; a pair that would take the
total above the limit may not be played; wild cards are played alone; the last two cards of a
hand played as a pair end the hand."""

from __future__ import annotations

import random

import pytest

from marblestudio.engine import new_game
from marblestudio.engine.alive import PlayPair
from marblestudio.engine.alive.rules import Pairs
from marblestudio.engine.core import IllegalMoveError, play_random

from .helpers import hand, kinds, play, rules, table

PAIRS = rules(pairs=Pairs.NUMBERS)


def test_a_pair_is_offered_after_the_single_cards_when_both_fit() -> None:
    state = table([["3", "3", "7", "SKIP", "SKIP"], ["1"]], total=15, ruleset=PAIRS)
    # room 6: a 3 fits, two 3s (6) fit, the 7 does not; the two SKIPs are wild: no pair
    assert [str(m) for m in state.legal_moves()] == ["play 3", "play SKIP", "play 3 3"]
    state = table([["3", "3"], ["1"]], total=16, ruleset=PAIRS)  # room 5: 3 fits, 6 does not
    assert [str(m) for m in state.legal_moves()] == ["play 3"]


def test_a_pair_adds_both_cards_and_is_one_move() -> None:
    state = table([["4", "4", "1"], ["2"], ["5"]], total=10, ruleset=PAIRS)
    events = play(state, "play 4 4")
    played = [(e["card"], e["total"], e["left"]) for e in events if e.kind == "card_played"]
    assert played == [("4", 14, 2), ("4", 18, 1)]
    assert kinds(events).count("turn_over") == 1 and state.to_move == 1
    assert hand(state, 0) == ["1"] and state.table.total == 18 and state.table.discard[-2:] == [4, 4]


def test_the_last_two_cards_played_as_a_pair_end_the_hand() -> None:
    state = table([["2", "2"], ["5"], ["6"]], ruleset=PAIRS)
    events = play(state, "play 2 2")
    assert "hand_over" in kinds(events)
    assert state.table.lives == [5, 4, 4]


def test_pairs_that_break_a_rule_are_refused_naming_it() -> None:
    state = table([["3", "3", "SKIP", "SKIP", "7"], ["1"]], total=16, ruleset=PAIRS)
    with pytest.raises(IllegalMoveError, match="above 21"):
        play(state, "play 3 3")
    with pytest.raises(IllegalMoveError, match="a wild card is played alone"):
        play(state, "play SKIP SKIP")
    with pytest.raises(IllegalMoveError, match="does not hold two 7 cards"):
        play(state, "play 7 7")
    with pytest.raises(IllegalMoveError, match="pairs are a house rule"):
        play(table([["3", "3"], ["1"]]), "play 3 3")
    with pytest.raises(Exception, match="a pair is two cards of one kind"):
        state.parse_move("play 3 4")


def test_a_game_with_pairs_keeps_every_card_and_plays_pairs() -> None:
    pairs = 0
    for seed in range(6):
        state = new_game(PAIRS, 3)
        cards = sum(state.counts().values())
        for move, _ in play_random(state, random.Random(seed)):
            pairs += isinstance(move, PlayPair)
            assert sum(state.counts().values()) == cards
        assert state.outcome() is not None
    assert pairs > 0
