"""A turn, who starts, and how the game is won (GAMES.md section 4), worked out by hand."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from marblestudio.engine.archimedes import End, StartRolls, new_game
from marblestudio.engine.archimedes.rules import Stalemate, StartRule
from marblestudio.engine.core import CHANCE, IllegalMoveError, Termination
from marblestudio.engine import from_position

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


CYCLE = ["b5-b6", "b12-b11", "b6-b5", "b11-b12"]
"""Four turns of a roll of 1 each that bring both marbles back where they stood."""


def _turn(state, move: str) -> list:  # type: ignore[no-untyped-def]
    return play(state, "roll", "die 1", move)


def test_a_stalemate_the_same_position_coming_round_a_third_time_is_a_draw() -> None:
    # Black b5, White b12, Black to move.  The positions at the start of each turn:
    #   turn 1 ends: b6/b12, White to move (P1, first time)     turn 5 ends: P1 again (second)
    #   turn 2 ends: b6/b11, Black (P2)   turn 3: b5/b11, White (P3)   turn 4: b5/b12, Black (P4)
    #   turns 6-8: P2, P3, P4 a second time; turn 9 ends on P1 for the third time: a stalemate.
    state = position(rules(STEADY), {"1": ["b5"], "2": ["b12"]})
    for move in CYCLE * 2:
        _turn(state, move)
        assert state.outcome() is None
    events = _turn(state, "b5-b6")  # the ninth turn
    assert kinds(events)[-2:] == ["turn_over", "game_over"]
    outcome = state.outcome()
    assert outcome is not None and outcome.termination is Termination.DRAW and outcome.winners == ()
    assert outcome.reason == "stalemate (the same position came round a third time; the book: play again)"
    assert state.legal_moves() == []
    back = from_position(state.ruleset, state.position())  # the positions before are not written: taken as written
    assert back.outcome() == outcome and back.position() == state.position()


def test_a_stalemate_needs_the_same_position_the_same_number_of_times_as_the_rules_say() -> None:
    twice = position(rules(STEADY, stalemate=Stalemate(repeats=2)), {"1": ["b5"], "2": ["b12"]})
    for move in CYCLE:
        _turn(twice, move)
    _turn(twice, "b5-b6")  # turn 5: P1 a second time
    outcome = twice.outcome()
    assert outcome is not None and outcome.reason == "stalemate (the same position came round a second time; the book: play again)"
    never = position(rules(STEADY, stalemate=Stalemate(repeats=0)), {"1": ["b5"], "2": ["b12"]})
    for move in CYCLE * 5:  # P1 to P4 five times each: the game goes on
        _turn(never, move)
    assert never.outcome() is None and never.turns == 20


def test_a_stalemate_counts_positions_read_from_text_from_there_on() -> None:
    state = position(rules(STEADY), {"1": ["b5"], "2": ["b12"]})
    for move in CYCLE * 2:  # P1..P4 twice: one more P1 would be the third
        _turn(state, move)
    back = from_position(state.ruleset, state.position())  # P4, counted once: what came before is not written
    _turn(back, "b5-b6")
    assert back.outcome() is None  # P1: the first time for `back`
    for move in CYCLE[1:] + CYCLE:  # P2, P3, P4, P1, P2, P3, P4 (P4 the third time)
        assert back.outcome() is None
        _turn(back, move)
    outcome = back.outcome()
    assert outcome is not None and outcome.termination is Termination.DRAW
    assert back.turns == 8 + 8


MIRROR = ["b5-b4", "b12-b13", "b4-b5", "b13-b12"]
"""Four turns back to b5/b12 by other positions than CYCLE's (b4/b12, b4/b13, b5/b13)."""


def _two_ways():  # type: ignore[no-untyped-def]
    """Two games at b5/b12, Black to move, after four turns: A by CYCLE (meeting P1-P4), B by MIRROR."""
    a = position(rules(STEADY), {"1": ["b5"], "2": ["b12"]})
    b = position(rules(STEADY), {"1": ["b5"], "2": ["b12"]})
    for move in CYCLE:
        _turn(a, move)
    for move in MIRROR:
        _turn(b, move)
    return a, b


def test_a_stalemate_counts_the_positions_since_a_marble_was_last_added() -> None:
    # The two games go on differently: after CYCLE again and one more turn A meets P1 a third
    # time (turn 9), B a second time.
    a, b = _two_ways()
    assert a.position() == b.position() and a.position_key() != b.position_key()
    for state in (a, b):
        for move in CYCLE + ["b5-b6"]:
            _turn(state, move)
    assert a.outcome() is not None and a.turns == 9
    assert b.outcome() is None and b.turns == 9
    # After Black adds a marble, the positions before no longer count: the same key.
    a, b = _two_ways()
    play(a, "place a8")
    play(b, "place a8")
    assert a.position_key() == b.position_key()


def test_a_stalemate_when_turns_in_a_row_leave_the_end_zones_and_the_supplies_as_they_were() -> None:
    # Black has a1 and b1 in its end zone, White c16 in its own; each then moves a midzone marble
    # (b8, b9) a space and back.  Every turn ends with the end zones and the supplies as they
    # were, so with quiet_turns: 6 the sixth turn ends the game (repeats off, or the cycle of four
    # turns would end it first).  Black's a1-a2 on turn 5 moves inside its end zone: a change.
    ruleset = rules(STEADY, stalemate=Stalemate(repeats=0, quiet_turns=6))
    state = position(ruleset, {"1": ["a1", "b1", "b8"], "2": ["c16", "b9"]})
    state.restart_stalemate_count()  # count from this position (`position` puts the marbles on a new game's board)
    for move in ["b8-a8", "b9-c9", "a8-b8", "c9-b9"]:  # turns 1-4: quiet 1-4
        _turn(state, move)
    assert state.quiet == 4 and state.outcome() is None
    _turn(state, "a1-a2")  # turn 5: the end zone changed, the count starts again
    assert state.quiet == 0
    for move in ["b9-c9", "b8-a8", "c9-b9", "a8-b8", "b9-c9"]:  # turns 6-10: quiet 1-5
        _turn(state, move)
        assert state.outcome() is None
    play(state, "place c8")  # turn 11: a marble added, the supplies changed
    assert state.quiet == 0
    for move in ["c9-b9", "b8-a8", "b9-c9", "a8-b8", "c9-b9"]:  # turns 12-16: quiet 1-5
        _turn(state, move)
    assert state.outcome() is None
    events = _turn(state, "b8-a8")  # turn 17: the sixth quiet turn
    assert kinds(events)[-2:] == ["turn_over", "game_over"]
    outcome = state.outcome()
    assert outcome is not None and outcome.termination is Termination.DRAW and outcome.winners == ()
    assert outcome.reason == ("stalemate (6 turns in a row left the end zones and the supplies as they were; "
                              "the book: play again)")
    back = from_position(state.ruleset, state.position())  # the quiet turns are not written: taken as written
    assert back.outcome() == outcome


def test_a_die_with_one_value_cannot_break_the_tie_so_player_1_begins() -> None:
    state = new_game(rules(STEADY, start=StartRule.HIGHER_ROLL, die=(2, 2)), 2)
    assert state.to_move == 0 and state.phase.value == "choose"
