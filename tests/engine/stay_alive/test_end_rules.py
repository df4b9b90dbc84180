"""GAMES.md section 1, the end of the game: each test worked out by hand on a small board.

One row a1 b1 c1; white slides W1..W3 all start at the centre (open in white), so a cell
opens exactly when red slide R1 opens it: R1 inside opens nothing, centre opens the cells
marked in `red`, outside those marked in its third part.
"""

from __future__ import annotations

from marblestudio.engine.core import Termination
from marblestudio.engine.stay_alive import StayAliveState

from .helpers import board, kinds, play, started


def row_game(players: int, red: str, placements: list[str], marbles: int = 1, move_limit: int | None = 200) -> StayAliveState:
    rules = board([red], [".|o|o"] * 3, start={"W1": 1, "W2": 1, "W3": 1}, marbles=marbles, move_limit=move_limit)
    state = started(rules, players)
    play(state, *[f"place {cell}" for cell in placements])
    return state


def test_player_with_all_marbles_fallen_is_out_and_skipped() -> None:
    # Seat 0 on b1, seat 1 on c1, seat 2 on a1. R1 centre opens a1: seat 2's only marble falls.
    state = row_game(3, "...|o..|o.o", ["b1", "c1", "a1"])
    events = play(state, "R1+")
    assert kinds(events) == ["slide_moved", "marble_fell", "player_out", "turn_over"]
    assert events[2]["seat"] == 2 and state.is_out(2)
    assert state.to_move == 1
    play(state, "W2-")  # seat 1 moves a quiet slide; seat 2 is out, so seat 0 is next
    assert state.to_move == 0 and state.outcome() is None


def test_last_player_with_marbles_wins() -> None:
    state = row_game(3, "...|o..|o.o", ["b1", "c1", "a1"])
    play(state, "R1+", "W2-")
    events = play(state, "R1+")  # R1 outside opens a1 (empty) and c1: seat 1's marble falls
    assert kinds(events) == ["slide_moved", "marble_fell", "player_out", "turn_over", "game_over"]
    outcome = state.outcome()
    assert outcome is not None and outcome.termination is Termination.WIN and outcome.winners == (0,)
    assert events[-1]["winners"] == (0,) and state.legal_moves() == []


def test_last_marbles_fall_together_mover_wins() -> None:
    # Seat 0 on a1, seat 1 on c1; R1 centre opens a1 and c1: both last marbles fall on seat 0's move.
    state = row_game(2, "...|o.o|...", ["a1", "c1"])
    events = play(state, "R1+")
    assert [e.kind for e in events] == [
        "slide_moved", "marble_fell", "marble_fell", "player_out", "player_out", "turn_over", "game_over"]
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert "mover" in outcome.reason


def test_last_marbles_fall_together_on_the_second_players_move_second_player_wins() -> None:
    state = row_game(2, "...|o.o|...", ["a1", "c1"])
    play(state, "W2+")
    play(state, "R1+")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,)


def test_marbles_of_a_player_still_in_do_not_end_the_game() -> None:
    # Two marbles each: seat 0 on a1 b1, seat 1 on c1 d1. R1 centre opens a1 only: seat 0 keeps b1.
    rules = board(["....|o...|...."], [".|o|o"] * 4, start={f"W{i}": 1 for i in range(1, 5)}, marbles=2)
    state = started(rules, 2)
    play(state, "place a1", "place c1", "place b1", "place d1", "R1+")
    assert not state.is_out(0) and state.outcome() is None
    assert state.counts() == {"to_place": 0, "on_grid": 3, "fallen": 1}


def test_move_limit_is_capped_draw() -> None:
    # Limit 4 decisions: two placements and two quiet slide moves.
    state = row_game(2, "...|o..|...", ["b1", "c1"], move_limit=4)
    play(state, "W1-")
    assert state.outcome() is None
    events = play(state, "W2-")
    outcome = state.outcome()
    assert outcome is not None and outcome.termination is Termination.CAPPED
    assert outcome.winners == () and outcome.is_draw
    assert kinds(events)[-2:] == ["turn_over", "game_over"] and events[-1]["termination"] == "capped"
