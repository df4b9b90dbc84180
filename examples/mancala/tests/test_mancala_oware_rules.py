"""Oware, abapa (docs/rules.md, Oware): each test worked out by hand from the rules' text.

Houses in sowing order: South's a-f, then North's A-F, then South's a again; stores are not
sown.  Going backwards from North's C is B, then A, then (South's side) no further.
"""

from __future__ import annotations

import pytest

from marblestudio.engine.core import IllegalMoveError, Termination

from marblestudio_mancala.engine import Feeding, GrandSlam, MancalaRules, MancalaState, Origin, Repetition
from mancala_helpers import board, bundled_game, captured, kinds, oware, play, position, sown


def test_oware_starts_with_two_rows_of_six_houses_of_four_seeds() -> None:
    state = bundled_game("oware")
    assert board(state) == ([4] * 6, [4] * 6, (0, 0))
    assert state.rules.total_seeds == 48


def test_without_stores_in_the_sowing_seeds_go_round_the_houses_only() -> None:
    state = oware()
    events = play(state, "d")
    assert sown(events) == [("e", 5), ("f", 5), ("A", 5), ("B", 5)]
    assert board(state) == ([4, 4, 4, 0, 5, 5], [5, 5, 4, 4, 4, 4], (0, 0))
    assert kinds(events)[-1] == "turn_over" and state.to_move == 1


def test_last_seed_making_two_or_three_in_an_opponents_house_captures_them_and_the_run_before_it() -> None:
    state = position(oware(), south=[0, 0, 0, 0, 0, 2], north=[1, 2, 5, 0, 0, 0])
    events = play(state, "f")
    assert sown(events) == [("A", 2), ("B", 3)]
    assert captured(events) == [("B", 3), ("A", 2)]
    assert board(state) == ([0] * 6, [0, 0, 5, 0, 0, 0], (5, 0))


def test_capture_run_stops_at_a_house_without_two_or_three() -> None:
    state = position(oware(), south=[0, 0, 0, 0, 0, 3], north=[3, 1, 1, 4, 0, 0])
    events = play(state, "f")
    assert sown(events) == [("A", 4), ("B", 2), ("C", 2)]
    assert captured(events) == [("C", 2), ("B", 2)]
    assert board(state) == ([0] * 6, [4, 0, 0, 4, 0, 0], (4, 0))


def test_capture_run_stays_on_the_opponents_side() -> None:
    # e's two seeds make f 2 and A 2: A is captured; f, South's own house, is not.
    state = position(oware(), south=[0, 0, 0, 0, 2, 1], north=[1, 4, 4, 4, 4, 4])
    events = play(state, "e")
    assert captured(events) == [("A", 2)]
    assert board(state) == ([0, 0, 0, 0, 0, 2], [0, 4, 4, 4, 4, 4], (2, 0))


def test_no_capture_in_the_sowers_own_house() -> None:
    state = position(oware(), south=[1, 1, 0, 0, 0, 0], north=[4] * 6)
    events = play(state, "a")
    assert captured(events) == [] and board(state)[0] == [0, 2, 0, 0, 0, 0]


@pytest.mark.parametrize("before", [0, 3])
def test_no_capture_when_the_last_seed_makes_other_than_two_or_three(before: int) -> None:
    state = position(oware(), south=[0, 0, 0, 0, 1, 1], north=[before, 4, 4, 4, 4, 4])
    events = play(state, "f")
    assert captured(events) == [] and board(state)[1][0] == before + 1


def test_grand_slam_a_move_that_would_capture_every_opponent_seed_captures_nothing() -> None:
    state = position(oware(), south=[0, 0, 0, 1, 0, 2], north=[1, 2, 0, 0, 0, 0])
    events = play(state, "f")
    assert kinds(events) == ["seeds_taken", "seed_sown", "seed_sown", "grand_slam", "turn_over"]
    assert events[3]["seat"] == 0 and events[3]["seeds"] == 5
    assert board(state) == ([0, 0, 0, 1, 0, 0], [2, 3, 0, 0, 0, 0], (0, 0))
    assert state.to_move == 1 and state.outcome() is None


def test_grand_slam_captures_all_option_takes_every_seed() -> None:
    state = position(oware(grand_slam=GrandSlam.CAPTURES_ALL), south=[0, 0, 0, 1, 0, 2], north=[1, 2, 0, 0, 0, 0])
    events = play(state, "f")
    assert captured(events) == [("B", 3), ("A", 2)]
    # North has no seeds to sow: the game ends and South stores d.
    assert kinds(events)[-3:] == ["turn_over", "seeds_collected", "game_over"]
    assert board(state) == ([0] * 6, [0] * 6, (6, 0))
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,) and "North has no seeds to sow" in outcome.reason


def test_a_sowing_of_twelve_or_more_seeds_skips_the_house_it_started_from() -> None:
    state = position(oware(), south=[12, 0, 0, 0, 0, 0], north=[1] * 6)
    events = play(state, "a")
    places = [p for p, _ in sown(events)]
    assert places == ["b", "c", "d", "e", "f", "A", "B", "C", "D", "E", "F", "b"]
    assert board(state) == ([0, 2, 1, 1, 1, 1], [2] * 6, (0, 0))


def test_with_origin_sown_a_sowing_of_twelve_drops_its_last_seed_into_its_own_house() -> None:
    state = position(oware(origin=Origin.SOWN), south=[12, 0, 0, 0, 0, 0], north=[1] * 6)
    events = play(state, "a")
    assert sown(events)[-1] == ("a", 1)
    assert board(state) == ([1] * 6, [2] * 6, (0, 0))


def test_must_feed_only_moves_that_give_the_opponent_seeds_are_legal() -> None:
    state = position(oware(), south=[1, 0, 0, 0, 0, 1], north=[0] * 6)
    assert [str(m) for m in state.legal_moves()] == ["f"]
    before = state.public_view()
    with pytest.raises(IllegalMoveError) as info:
        play(state, "a")
    assert "North has no seeds" in info.value.rule and "must sow" in info.value.rule
    assert state.public_view() == before
    play(state, "f")
    assert board(state) == ([1, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0], (0, 0))


def test_a_player_who_cannot_feed_the_opponent_ends_the_game_and_stores_their_seeds() -> None:
    state = position(oware(), south=[0, 1, 0, 0, 0, 0], north=[0, 0, 0, 0, 0, 1], stores=(23, 23), to_move=1)
    events = play(state, "F")  # North's last seed to a: North's side is empty, South cannot reach it
    assert kinds(events) == ["seeds_taken", "seed_sown", "turn_over", "seeds_collected", "seeds_collected",
                             "game_over"]
    assert board(state) == ([0] * 6, [0] * 6, (25, 23))
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert "South cannot give North seeds" in outcome.reason and "South 25, North 23" in outcome.reason


def test_game_ends_when_a_player_has_more_than_half_of_the_seeds() -> None:
    state = position(oware(), south=[0, 0, 0, 0, 0, 2], north=[1, 2, 4, 4, 4, 4], stores=(20, 7))
    events = play(state, "f")
    assert kinds(events) == ["seeds_taken", "seed_sown", "seed_sown", "seeds_captured", "seeds_captured",
                             "turn_over", "game_over"]
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert "more than half of the seeds (25 of 48)" in outcome.reason
    assert board(state) == ([0] * 6, [0, 0, 4, 4, 4, 4], (25, 7))  # the seeds left stay where they are
    assert state.counts() == {"houses": 16, "stores": 32}


def test_exactly_half_of_the_seeds_does_not_end_the_game() -> None:
    state = position(oware(), south=[0, 0, 0, 0, 0, 2], north=[1, 2, 4, 4, 4, 4], stores=(19, 8))
    play(state, "f")
    assert state.store(0) == 24 and state.outcome() is None and state.to_move == 1


def _cycle(repetition: Repetition) -> tuple[list[str], MancalaState]:
    """Two houses a side, one seed each in b and B: b, B, a, A brings the first position back."""
    state = oware(houses=2, seeds=1, repetition=repetition)
    position(state, south=[0, 1], north=[0, 1], stores=(1, 1))
    kinds_of_last: list[str] = []
    for move in ("b", "B", "a", "A"):
        assert state.outcome() is None
        kinds_of_last = kinds(play(state, move))
    return kinds_of_last, state


def test_a_repeated_position_ends_the_game_and_each_player_stores_their_side() -> None:
    last, state = _cycle(Repetition.ENDS_GAME)
    assert last == ["seeds_taken", "seed_sown", "turn_over", "seeds_collected", "seeds_collected", "game_over"]
    outcome = state.outcome()
    assert outcome is not None and outcome.termination is Termination.DRAW
    assert "the position repeated" in outcome.reason and "South 2, North 2" in outcome.reason


def test_with_repetition_ignored_a_repeated_position_plays_on() -> None:
    last, state = _cycle(Repetition.IGNORED)
    assert last[-1] == "turn_over"
    assert state.outcome() is None and state.to_move == 0


def test_oware_is_a_setting_of_the_one_rules_dataclass() -> None:
    rules = bundled_game("oware").rules
    assert isinstance(rules, MancalaRules) and rules.houses == 6 and rules.seeds == 4


def test_must_feed_does_not_apply_while_the_opponent_has_seeds() -> None:
    state = position(oware(), south=[1, 0, 0, 0, 0, 1], north=[0, 0, 0, 0, 0, 1])
    assert [str(m) for m in state.legal_moves()] == ["a", "f"]


def test_without_must_feed_any_house_with_seeds_may_be_sown() -> None:
    state = position(oware(feeding=Feeding.FREE), south=[1, 0, 0, 0, 0, 1], north=[0] * 6)
    assert [str(m) for m in state.legal_moves()] == ["a", "f"]
    play(state, "a")  # North is left without seeds: North cannot move, the game ends
    outcome = state.outcome()
    assert outcome is not None and "North has no seeds to sow" in outcome.reason
