"""Kalah(6,4) (docs/rules.md, Kalah): each test worked out by hand from the rules' text.

Pits in sowing order: South's houses a-f, South's store s, North's houses A-F, North's store S.
South's a faces North's F, b faces E, ..., f faces A.
"""

from __future__ import annotations

from marblestudio.engine.core import Termination

from marblestudio_mancala.engine import Capture, EndRule, GrandSlam, StoreLanding
from mancala_helpers import board, bundled_game, captured, kalah, kinds, play, position, sown


def test_kalah_starts_with_two_rows_of_six_houses_of_four_seeds_and_empty_stores() -> None:
    state = bundled_game("kalah")
    assert board(state) == ([4] * 6, [4] * 6, (0, 0))
    assert state.to_move == 0
    assert state.counts() == {"houses": 48, "stores": 0}
    assert [str(m) for m in state.legal_moves()] == ["a", "b", "c", "d", "e", "f"]


def test_sowing_drops_one_seed_into_each_following_house_counter_clockwise() -> None:
    state = kalah()
    events = play(state, "a")
    assert kinds(events) == ["seeds_taken", "seed_sown", "seed_sown", "seed_sown", "seed_sown", "turn_over"]
    assert events[0]["place"] == "a" and events[0]["seeds"] == 4 and events[0]["seat"] == 0
    assert sown(events) == [("b", 5), ("c", 5), ("d", 5), ("e", 5)]
    assert board(state) == ([0, 5, 5, 5, 5, 4], [4] * 6, (0, 0))
    assert state.to_move == 1


def test_sowing_drops_a_seed_into_the_sowers_own_store_on_the_way() -> None:
    state = kalah()
    events = play(state, "d")
    assert sown(events) == [("e", 5), ("f", 5), ("s", 1), ("A", 5)]
    assert board(state) == ([4, 4, 4, 0, 5, 5], [5, 4, 4, 4, 4, 4], (1, 0))
    assert kinds(events)[-1] == "turn_over" and state.to_move == 1


def test_sowing_skips_the_opponents_store() -> None:
    state = position(kalah(), south=[2, 1, 1, 1, 1, 8], north=[1] * 6)
    events = play(state, "f")
    assert sown(events) == [("s", 1), ("A", 2), ("B", 2), ("C", 2), ("D", 2), ("E", 2), ("F", 2), ("a", 3)]
    assert board(state) == ([3, 1, 1, 1, 1, 0], [2] * 6, (1, 0))
    assert captured(events) == []


def test_last_seed_in_own_store_gives_another_turn() -> None:
    state = kalah()
    events = play(state, "c")
    assert sown(events) == [("d", 5), ("e", 5), ("f", 5), ("s", 1)]
    assert kinds(events)[-1] == "extra_turn" and "turn_over" not in kinds(events)
    assert events[-1]["seat"] == 0
    assert state.to_move == 0


def test_last_seed_in_own_store_gives_the_second_player_another_turn_too() -> None:
    state = kalah()
    events = play(state, "a", "C")
    assert sown(events) == [("D", 5), ("E", 5), ("F", 5), ("S", 1)]
    assert kinds(events)[-1] == "extra_turn" and state.to_move == 1


def test_with_turn_ends_a_last_seed_in_own_store_ends_the_turn() -> None:
    state = kalah(last_in_store=StoreLanding.TURN_ENDS)
    events = play(state, "c")
    assert kinds(events)[-1] == "turn_over" and state.to_move == 1


def test_last_seed_in_own_empty_house_captures_it_and_the_opposite_seeds() -> None:
    state = position(kalah(), south=[1, 0, 4, 4, 4, 4], north=[4] * 6)
    events = play(state, "a")
    assert kinds(events) == ["seeds_taken", "seed_sown", "seeds_captured", "seeds_captured", "turn_over"]
    assert captured(events) == [("b", 1), ("E", 4)]
    assert all(e["seat"] == 0 for e in events if e.kind == "seeds_captured")
    assert board(state) == ([0, 0, 4, 4, 4, 4], [4, 4, 4, 4, 0, 4], (5, 0))


def test_no_capture_when_the_opposite_house_is_empty() -> None:
    state = position(kalah(), south=[1, 0, 4, 4, 4, 4], north=[4, 4, 4, 4, 0, 4])
    events = play(state, "a")
    assert captured(events) == []
    assert board(state) == ([0, 1, 4, 4, 4, 4], [4, 4, 4, 4, 0, 4], (0, 0))


def test_empty_capture_stores_the_last_seed_alone_when_the_opposite_house_is_empty() -> None:
    state = position(kalah(capture=Capture.KALAH_EMPTY_CAPTURE), south=[1, 0, 4, 4, 4, 4], north=[4, 4, 4, 4, 0, 4])
    events = play(state, "a")
    assert captured(events) == [("b", 1)]
    assert board(state) == ([0, 0, 4, 4, 4, 4], [4, 4, 4, 4, 0, 4], (1, 0))


def test_no_capture_in_an_opponents_empty_house() -> None:
    state = position(kalah(), south=[0, 0, 0, 0, 1, 2], north=[0, 4, 4, 4, 4, 4])
    events = play(state, "f")
    assert sown(events) == [("s", 1), ("A", 1)]
    assert captured(events) == []
    assert board(state) == ([0, 0, 0, 0, 1, 0], [1, 4, 4, 4, 4, 4], (1, 0))
    assert state.outcome() is None and state.to_move == 1


def test_no_capture_when_the_last_seed_lands_in_an_own_house_that_had_seeds() -> None:
    state = position(kalah(), south=[1, 2, 4, 4, 4, 4], north=[4] * 6)
    events = play(state, "a")
    assert captured(events) == [] and board(state)[0] == [0, 3, 4, 4, 4, 4]


def test_a_sowing_that_goes_all_the_way_round_sows_its_own_house_and_can_capture_there() -> None:
    # 13 seeds from a: b-f, s, A-F, and the 13th back into a, which the sowing emptied.
    state = position(kalah(), south=[13, 0, 0, 0, 0, 0], north=[1] * 6)
    events = play(state, "a")
    assert sown(events) == [("b", 1), ("c", 1), ("d", 1), ("e", 1), ("f", 1), ("s", 1),
                            ("A", 2), ("B", 2), ("C", 2), ("D", 2), ("E", 2), ("F", 2), ("a", 1)]
    assert captured(events) == [("a", 1), ("F", 2)]
    assert board(state) == ([0, 1, 1, 1, 1, 1], [2, 2, 2, 2, 2, 0], (4, 0))


def test_every_seed_is_one_seed_sown_event_with_the_running_count_of_its_house() -> None:
    # 15 seeds from a: round once (13), then b and c a second time.
    state = position(kalah(), south=[15, 0, 0, 0, 0, 0], north=[1] * 6)
    events = play(state, "a")
    assert len(sown(events)) == 15
    assert sown(events)[-3:] == [("a", 1), ("b", 2), ("c", 2)]
    assert [s for s in sown(events) if s[0] == "b"] == [("b", 1), ("b", 2)]
    assert board(state) == ([1, 2, 2, 1, 1, 1], [2] * 6, (1, 0))


def test_game_ends_when_one_side_is_empty_and_the_other_player_stores_what_is_left() -> None:
    # South's last seed goes into South's store, which would give another turn; but South's
    # side is empty, so the game is over and North stores the seeds on North's side.
    state = position(kalah(), south=[0, 0, 0, 0, 0, 1], north=[1, 2, 3, 0, 0, 0], stores=(20, 21))
    events = play(state, "f")
    assert kinds(events) == ["seeds_taken", "seed_sown", "turn_over", "seeds_collected", "seeds_collected",
                             "seeds_collected", "game_over"]
    assert [(e["seat"], e["place"], e["seeds"]) for e in events if e.kind == "seeds_collected"] == [
        (1, "A", 1), (1, "B", 2), (1, "C", 3)]
    assert board(state) == ([0] * 6, [0] * 6, (21, 27))
    outcome = state.outcome()
    assert outcome is not None and outcome.termination is Termination.WIN and outcome.winners == (1,)
    assert "South has no seeds in their houses" in outcome.reason and "South 21, North 27" in outcome.reason
    assert events[-1]["winners"] == (1,)
    assert state.legal_moves() == [] and state.public_view().to_move is None


def test_game_ends_when_a_capture_empties_the_opponents_side() -> None:
    state = position(kalah(), south=[1, 0, 2, 0, 0, 0], north=[0, 0, 0, 0, 3, 0], stores=(10, 8))
    events = play(state, "a")
    assert kinds(events) == ["seeds_taken", "seed_sown", "seeds_captured", "seeds_captured", "turn_over",
                             "seeds_collected", "game_over"]
    assert events[5]["seat"] == 0 and events[5]["place"] == "c" and events[5]["seeds"] == 2
    assert board(state) == ([0] * 6, [0] * 6, (16, 8))
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)


def test_equal_seeds_at_the_end_is_a_draw() -> None:
    state = position(kalah(), south=[0, 0, 0, 0, 0, 1], north=[0, 0, 0, 0, 0, 2], stores=(22, 21))
    events = play(state, "f")
    outcome = state.outcome()
    assert outcome is not None and outcome.termination is Termination.DRAW and outcome.is_draw
    assert "a draw" in outcome.reason and "South 23, North 23" in outcome.reason
    assert events[-1].kind == "game_over" and events[-1]["termination"] == "draw"


def test_with_end_no_move_the_game_goes_on_while_the_player_to_move_can_move() -> None:
    state = position(kalah(end=EndRule.NO_MOVE), south=[0, 0, 0, 0, 0, 2], north=[4] * 6)
    play(state, "f")
    assert state.outcome() is None and state.is_out(0) and state.to_move == 1
    events = play(state, "F")  # F: S, then South's a, b, c (South's store is skipped)
    assert sown(events) == [("S", 1), ("a", 1), ("b", 1), ("c", 1)]
    assert board(state) == ([1, 1, 1, 0, 0, 0], [5, 4, 4, 4, 4, 0], (1, 1))
    assert state.to_move == 0 and not state.is_out(0)


def test_with_end_no_move_the_game_ends_when_the_player_to_move_has_no_seeds() -> None:
    state = position(kalah(end=EndRule.NO_MOVE), south=[0, 0, 0, 0, 0, 1], north=[0, 0, 0, 0, 0, 2], stores=(5, 6))
    events = play(state, "f")  # last seed in South's store: another turn, but South has no seeds
    assert kinds(events)[-3:] == ["turn_over", "seeds_collected", "game_over"]
    outcome = state.outcome()
    assert outcome is not None and "South has no seeds to sow" in outcome.reason and outcome.winners == (1,)


def test_move_limit_ends_the_game_as_a_capped_draw() -> None:
    state = kalah(move_limit=2)
    play(state, "a")
    events = play(state, "A")
    assert kinds(events)[-2:] == ["turn_over", "game_over"]
    outcome = state.outcome()
    assert outcome is not None and outcome.termination is Termination.CAPPED and outcome.winners == ()
    assert state.legal_moves() == []


def test_grand_slam_captures_nothing_applies_to_a_kalah_capture_too() -> None:
    # A house rule: b's capture would take E, North's only seeds, so it takes nothing.
    state = position(kalah(grand_slam=GrandSlam.CAPTURES_NOTHING), south=[1, 0, 2, 0, 0, 0], north=[0, 0, 0, 0, 3, 0])
    events = play(state, "a")
    assert kinds(events) == ["seeds_taken", "seed_sown", "grand_slam", "turn_over"]
    assert board(state) == ([0, 1, 2, 0, 0, 0], [0, 0, 0, 0, 3, 0], (0, 0))
    assert state.outcome() is None and state.to_move == 1


def test_with_capture_min_a_capture_needs_that_many_seeds_opposite() -> None:
    # a house rule (capture_min: 3): a 1 sown from a into the empty b faces E.  With 2 seeds in
    # E the seed stays and the turn passes; with 3 in E, b and E go to the store
    state = position(kalah(capture_min=3), south=[1, 0, 4, 4, 4, 4], north=[4, 4, 4, 4, 2, 4])
    events = play(state, "a")
    assert "seeds_captured" not in kinds(events)
    assert board(state) == ([0, 1, 4, 4, 4, 4], [4, 4, 4, 4, 2, 4], (0, 0)) and state.to_move == 1
    state = position(kalah(capture_min=3), south=[1, 0, 4, 4, 4, 4], north=[4, 4, 4, 4, 3, 4])
    events = play(state, "a")
    assert captured(events) == [("b", 1), ("E", 3)]
    assert board(state) == ([0, 0, 4, 4, 4, 4], [4, 4, 4, 4, 0, 4], (4, 0))
