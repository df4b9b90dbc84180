"""A turn, who starts, and how the game is won (GAMES.md section 4), worked out by hand."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from marblestudio.engine.archimedes import End, StartRolls, new_game
from marblestudio.engine.archimedes.rules import StartRule
from marblestudio.engine.core import CHANCE, IllegalMoveError, Termination

from .helpers import STEADY, kinds, legal, play, position, rules

MIDZONE = ["place a8", "place b8", "place c8", "place a9", "place b9", "place c9"]


def test_the_higher_starting_roll_begins() -> None:
    state = new_game(rules(STEADY, start=StartRule.HIGHER_ROLL), 2)
    assert state.to_move == CHANCE
    odds = dict((str(m), p) for m, p in state.chance_outcomes() or [])
    # Faces 1,2,2,3,3,3: ties (1/36 + 4/36 + 9/36 = 14/36) are rolled again, so
    # P(3 then 1) = (3/6 * 1/6) / (22/36) = 3/22.
    assert odds["start 3-1"] == pytest.approx(3 / 22)
    assert sum(odds.values()) == pytest.approx(1.0)
    assert not any(text.split()[1] in ("1-1", "2-2", "3-3") for text in odds)
    events = state.apply(StartRolls(1, 3))
    assert kinds(events) == ["die_rolled", "die_rolled"]
    assert state.to_move == 1


def test_marbles_are_added_only_to_an_empty_cup_of_the_midzone() -> None:
    state = position(rules(STEADY))
    assert legal(state) == MIDZONE  # no marble on the board yet, so no rolling
    with pytest.raises(IllegalMoveError) as info:
        play(state, "place b3")
    assert "midzone" in info.value.rule
    play(state, "place b8")
    assert state.to_move == 1
    assert "place b8" not in legal(state) and "place b9" in legal(state)


def test_a_turn_is_either_a_placement_or_a_roll() -> None:
    state = position(rules(STEADY), {"1": ["b5"]})
    assert legal(state) == MIDZONE + ["roll"]
    events = play(state, "place a8")
    assert kinds(events) == ["marble_placed", "board_tilted", "turn_over"]
    assert state.to_move == 1  # placing was the whole turn
    state = position(rules(STEADY), {"1": ["b5"]})
    play(state, "roll")
    assert state.to_move == CHANCE
    assert [str(m) for m, _ in state.chance_outcomes() or []] == ["die 1", "die 2", "die 3"]
    odds = [p for _, p in state.chance_outcomes() or []]
    assert odds == pytest.approx([1 / 6, 2 / 6, 3 / 6])


def test_a_placement_takes_a_marble_from_the_supply() -> None:
    state = position(rules(STEADY))
    play(state, "place b8")
    assert state.counts() == {"supply_1": 11, "board_1": 1, "supply_2": 12, "board_2": 0}


def test_four_marbles_in_your_end_zone_win() -> None:
    state = position(rules(STEADY), {"1": ["a1", "b1", "c1", "b3"]})
    events = play(state, "roll", "die 1", "b3-b2")
    assert kinds(events)[-2:] == ["turn_over", "game_over"]
    outcome = state.outcome()
    assert outcome is not None and outcome.termination is Termination.WIN and outcome.winners == (0,)


def test_the_win_is_checked_at_the_end_of_the_turn() -> None:
    # Three home (a2, b1, c2); with a 2, b3-b2 brings the fourth home with 1 space, but the
    # last space must still be used: a2-a3 takes one back out, and nobody has won.
    state = position(rules(STEADY), {"1": ["a2", "b1", "c2", "b3"]})
    play(state, "roll", "die 2", "b3-b2")
    assert state.outcome() is None and state.to_move == 0
    play(state, "a2-a3")
    assert state.outcome() is None and state.to_move == 1


def test_four_marbles_in_the_opponents_end_zone_do_not_win_the_standard_game() -> None:
    state = position(rules(STEADY), {"1": ["a16", "b16", "c16", "b13"]})
    play(state, "roll", "die 2", "b13-b14-b15")
    assert state.outcome() is None and state.to_move == 1


def test_a_touch_during_the_turn_takes_precedence_over_the_win() -> None:
    # Test physics (helpers.PHYSICS): slope = 3k / (720 + 8n), touching from about 0.2181.
    # a1 b1 c1 (moment -15 each) and b4 (-9): k = -54, n = 4, slope -162/752 = -0.2154: safe.
    # Rolling b4-b3-b2: at b3 k = -56, slope -168/752 = -0.2234: the low end touches, before
    # the marble reaches b2 as the fourth one home.
    state = position(rules(), {"1": ["a1", "b1", "c1", "b4"]})
    assert state.slope() == Fraction(-162, 752)
    events = play(state, "roll", "die 2", "b4-b3-b2")
    touched = [e for e in events if e.kind == "board_touched"]
    assert touched and touched[0]["end"] == "low"
    tilts = [e["marble_at"] for e in events if e.kind == "board_tilted"]
    assert tilts == ["b3"]  # the game ended in b3
    assert state.public_view().touched is End.LOW
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,)


def test_the_move_limit_ends_the_game_as_capped() -> None:
    state = position(replace(rules(STEADY), move_limit=2), {"1": ["b5"], "2": ["b12"]})
    play(state, "roll", "die 1", "b5-b6", "roll", "die 1")
    events = play(state, "b12-b11")
    assert kinds(events)[-2:] == ["turn_over", "game_over"]
    outcome = state.outcome()
    assert outcome is not None and outcome.termination is Termination.CAPPED


def test_a_die_with_one_value_cannot_break_the_tie_so_player_1_begins() -> None:
    state = new_game(rules(STEADY, start=StartRule.HIGHER_ROLL, die=(2, 2)), 2)
    assert state.to_move == 0 and state.phase.value == "choose"
