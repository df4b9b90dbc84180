"""Stay Alive positions (docs/notation.md), worked out by hand on a one-row board.

The board: cells a1 and b1 in one row; red slide R1 along the row with positions ".." (inside,
nothing open), "o." (a1 open) and "oo"; white slides W1 (over a1) and W2 (over b1), each
".|o|o" (closed inside, open at centre and outside).  A cell is open where both layers are.
One marble each.
"""

from __future__ import annotations

import pytest

from marblestudio.engine import PositionError, from_position
from marblestudio.engine.core import Outcome, Termination

from .helpers import board, play, started

RULES = board(["..|o.|oo"], [".|o|o", ".|o|o"])
SLIDING = ("stay-alive players=2 phase=sliding turn=1 slides=100 marbles=a1/b1 hand=0/0 fallen=0/0 "
           "last=R1 streak=1 own-last=R1/- own-streak=1/0 moves=3 result=-")


def test_a_game_writes_its_position_field_by_field() -> None:
    state = started(RULES, 2)
    play(state, "place a1", "place b1", "R1+")  # seat 0 moves R1 inside -> "o.": a1 open in red only
    assert state.position() == SLIDING


def test_a_position_written_by_hand_reads_into_that_game() -> None:
    state = from_position(RULES, SLIDING)
    assert state.to_move == 1
    assert state.marbles_of(0) == ["a1"] and state.marbles_of(1) == ["b1"]
    assert state.slide_positions() == {"R1": 1, "W1": 0, "W2": 0}
    assert state.previous_slide == "R1"


def test_the_previous_player_rule_holds_from_a_position() -> None:
    """Seat 0 moved R1 last: seat 1 may move W1 or W2 only (GAMES.md section 1)."""
    state = from_position(RULES, SLIDING)
    assert sorted(str(m) for m in state.legal_moves()) == ["W1+", "W2+"]


def test_play_goes_on_from_a_position_to_the_end() -> None:
    """W1 to centre opens a1 in white too: seat 0's marble falls, seat 1 is the last with marbles."""
    state = from_position(RULES, SLIDING)
    events = play(state, "W1+")
    assert [e.kind for e in events] == ["slide_moved", "marble_fell", "player_out", "turn_over", "game_over"]
    assert state.outcome() == Outcome(Termination.WIN, (1,), "last player with marbles on the grid")
    assert state.position().endswith("moves=4 result=win:1:last+player+with+marbles+on+the+grid")
    assert " phase=over turn=1 " in state.position()


def test_a_finished_game_reads_back_with_its_reason() -> None:
    text = ("stay-alive players=2 phase=over turn=1 slides=110 marbles=-/b1 hand=0/0 fallen=1/0 last=W1 streak=1 "
            "own-last=R1/W1 own-streak=1/1 moves=4 result=win:1:last+player+with+marbles+on+the+grid")
    state = from_position(RULES, text)
    assert state.outcome() == Outcome(Termination.WIN, (1,), "last player with marbles on the grid")
    assert state.legal_moves() == []


def test_fields_may_come_in_any_order() -> None:
    shuffled = " ".join(["stay-alive", *reversed(SLIDING.split()[1:])])
    assert from_position(RULES, shuffled).position() == SLIDING


def with_field(name: str, value: str) -> str:
    return " ".join(f"{name}={value}" if part.startswith(f"{name}=") else part for part in SLIDING.split())


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("marbles", "a1/a1", "cell a1 holds two marbles"),
        ("slides", "110", "cell a1 is open: a marble there would have fallen"),
        ("hand", "1/0", r"seat 0 has 2 marbles \(1 on the grid, 1 to place, 0 fallen\): the rules give each player 1"),
        ("phase", "placing", "every marble is placed: the game is sliding"),
        ("slides", "300", r"slide R1 has no position 3 \(0-2\)"),
        ("result", "win:1:because", "a finished game \\(phase=over\\) has a result, and only it"),
        ("turn", "chance", "only the set-up is a chance step"),
    ],
)
def test_an_impossible_position_is_refused_with_the_rule_it_breaks(field: str, value: str, message: str) -> None:
    with pytest.raises(PositionError, match=message) as caught:
        from_position(RULES, with_field(field, value))
    assert caught.value.rule


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("slides", "10", r"'10' is not one digit per slide \(3: R1 W1 W2\)"),
        ("marbles", "z9/b1", "'z9' is not a cell of this board"),
        ("hand", "0", "1 seat given for 2 players"),
        ("turn", "2", "there is no seat 2: seats are numbered 0-1"),
        ("last", "R9", r"'R9' is not a slide \(R1 W1 W2\)"),
        ("phase", "rolling", "'rolling' is none of setup, placing, sliding, over"),
        ("moves", "-1", "-1 is below 0"),
    ],
)
def test_text_that_is_not_a_stay_alive_position_names_the_field(field: str, value: str, message: str) -> None:
    with pytest.raises(PositionError, match=message) as caught:
        from_position(RULES, with_field(field, value))
    assert caught.value.field == field and str(caught.value).startswith(f"position field '{field}': ")


def test_a_seat_that_is_out_cannot_be_to_move() -> None:
    text = ("stay-alive players=3 phase=sliding turn=0 slides=000 marbles=-/a1/b1 hand=0/0/0 fallen=1/0/0 last=- "
            "streak=0 own-last=-/-/- own-streak=0/0/0 moves=6 result=-")
    with pytest.raises(PositionError, match="seat 0 is out: every marble of it has fallen"):
        from_position(RULES, text)
    assert from_position(RULES, text.replace("turn=0", "turn=1")).to_move == 1


def test_missing_counters_default_to_a_fresh_turn() -> None:
    """`last`, `streak`, `own-last`, `own-streak` and `moves` may be left out by a person setting up."""
    state = from_position(RULES, "stay-alive players=2 phase=sliding turn=0 slides=000 marbles=a1/b1 hand=0/0 fallen=0/0")
    assert state.previous_slide is None
    assert sorted(str(m) for m in state.legal_moves()) == ["R1+", "W1+", "W2+"]
