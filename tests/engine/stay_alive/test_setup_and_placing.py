"""GAMES.md section 1, board, set-up and placing: each test worked out by hand."""

from __future__ import annotations

import random

import pytest

from marblestudio.engine.core import CHANCE, IllegalMoveError
from marblestudio.engine.stay_alive import SetupMove, new_game
from marblestudio.engine.stay_alive.rules import OpenCellPlacing

from .helpers import board, bundled, kinds, play, started


class ScriptedRng(random.Random):
    """A generator whose `randrange` answers from a script, to work a set-up out by hand."""

    def __init__(self, script: list[int]) -> None:
        super().__init__(0)
        self.script = list(script)

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:  # type: ignore[override]
        assert stop is None and start == 3, "one draw per slide among its 3 positions"
        return self.script.pop(0)


def test_standard_board_is_seven_by_seven_with_fourteen_slides_of_three_positions() -> None:
    rules = bundled("stay-alive/standard").family
    assert (rules.rows, rules.columns) == (7, 7)
    assert [s.id for s in rules.slides] == [f"R{i}" for i in range(1, 8)] + [f"W{i}" for i in range(1, 8)]
    assert all(len(s.open_cells) == 3 for s in rules.slides)


@pytest.mark.parametrize("players, marbles", [(2, 10), (3, 15), (4, 20)])
def test_five_marbles_each_ten_with_two_fifteen_with_three_twenty_with_four(players: int, marbles: int) -> None:
    state = new_game(bundled("stay-alive/standard"), players)
    assert state.counts() == {"to_place": marbles, "on_grid": 0, "fallen": 0}


@pytest.mark.parametrize("name", ["stay-alive/standard", "stay-alive/big-board"])
def test_every_cell_of_the_bundled_board_can_open(name: str) -> None:
    rules = bundled(name).family
    for row in range(rules.rows):
        for col in range(rules.columns):
            red = [s for s in rules.slides if s.layer.value == "red" and s.line == row]
            white = [s for s in rules.slides if s.layer.value == "white" and s.line == col]
            assert any(col in cells for s in red for cells in s.open_cells), (row, col)
            assert any(row in cells for s in white for cells in s.open_cells), (row, col)


def test_setup_puts_every_slide_in_a_random_position() -> None:
    state = new_game(bundled("stay-alive/standard"), 2)
    assert state.to_move == CHANCE and state.legal_moves() == []
    move = state.sample_chance(random.Random(7))
    assert isinstance(move, SetupMove) and move.is_chance
    assert len(move.positions) == 14 and all(0 <= p <= 2 for p in move.positions)
    events = state.apply(move)
    assert kinds(events) == ["slides_set"]
    assert list(state.slide_positions().values()) == list(move.positions)
    assert state.to_move == 0


def test_random_setup_redrawn_when_too_few_closed_cells() -> None:
    # 1 x 2 board, 2 players x 1 marble: 2 closed cells are needed.
    rules = board(["..|o.|oo"], [".|o|o", ".|o|o"], random_start=True)
    state = new_game(rules, 2)
    # First draw R1=1 (a1 red-open), W1=1 (a1 white-open), W2=0: a1 open, 1 closed cell -> drawn again.
    # Second draw R1=2 (a1, b1 red-open), W1=0, W2=0 (both white-closed): 2 closed cells -> kept.
    move = state.sample_chance(ScriptedRng([1, 1, 0, 2, 0, 0]))
    assert move == SetupMove(("R1", "W1", "W2"), (2, 0, 0))
    with pytest.raises(IllegalMoveError, match="leaves 1 closed cells for 2 marbles: the slides are drawn again"):
        state.apply(state.parse_move("setup R1=1 W1=1 W2=0"))


def test_start_positions_given_by_the_ruleset_skip_the_chance_step() -> None:
    state = new_game(board(["..|o.|oo"], [".|o|o", ".|o|o"], start={"R1": 2, "W2": 1}), 2)
    assert state.to_move == 0
    assert state.slide_positions() == {"R1": 2, "W1": 0, "W2": 1}
    assert state.is_open("b1") and not state.is_open("a1")


def test_players_place_marbles_one_at_a_time_in_turn_clockwise() -> None:
    state = started(bundled("stay-alive/standard"), 3, "setup " + "0" * 14)
    # All knobs inside: the open cells are where R_i pos 0 and W_j pos 0 agree; a1.. are picked closed.
    order = []
    for _ in range(15):
        order.append(state.to_move)
        state.apply(state.legal_moves()[0])
    assert order == [0, 1, 2] * 5
    assert state.counts() == {"to_place": 0, "on_grid": 15, "fallen": 0}
    assert state.phase == "sliding" and state.to_move == 0  # the first player moves the first slide


def test_slides_move_only_after_all_marbles_are_placed() -> None:
    state = started(board(["...|o..|o.o"], [".|o|o"] * 3), 2)
    play(state, "place a1")
    with pytest.raises(IllegalMoveError, match="while marbles are being placed"):
        play(state, "R1+")
    assert state.to_move == 1 and state.counts()["to_place"] == 1


def test_placing_on_an_open_cell_is_forbidden() -> None:
    # R1 at 1 opens a1 in red; W1 at 1 opens a1 in white: a1 is open.
    state = started(board(["..|o.|oo"], [".|o|o", ".|o|o"], start={"R1": 1, "W1": 1}), 2)
    assert [str(m) for m in state.legal_moves()] == ["place b1"]
    with pytest.raises(IllegalMoveError, match="cell a1 is open: placing there is forbidden"):
        play(state, "place a1")


def test_placing_on_an_open_cell_option_marble_falls_at_once() -> None:
    rules = board(["..|o.|oo"], [".|o|o", ".|o|o"], start={"R1": 1, "W1": 1}, marbles=2,
                  placing=OpenCellPlacing.FALLS)
    state = started(rules, 2)
    assert [str(m) for m in state.legal_moves()] == ["place a1", "place b1"]
    events = play(state, "a1")
    assert [(e.kind, e.get("cell")) for e in events] == [
        ("marble_placed", "a1"), ("marble_fell", "a1"), ("turn_over", None)]
    assert state.counts() == {"to_place": 3, "on_grid": 0, "fallen": 1}
    assert state.marbles_of(0) == []


def test_one_marble_per_cell() -> None:
    state = started(board(["...|o..|o.o"], [".|o|o"] * 3), 2)
    play(state, "place b1")
    with pytest.raises(IllegalMoveError, match="cell b1 is taken"):
        play(state, "place b1")
    assert [str(m) for m in state.legal_moves()] == ["place a1", "place c1"]


def test_no_closed_free_cell_to_place_on_means_pass() -> None:
    # Start positions leave only b1 closed, but 2 marbles must be placed: the second player passes.
    state = started(board(["..|o.|oo"], [".|o|o", ".|o|o"], start={"R1": 1, "W1": 1}), 2)
    play(state, "place b1")
    assert [str(m) for m in state.legal_moves()] == ["pass"]
    assert kinds(play(state, "pass")) == ["passed", "turn_over"]
    assert state.to_move == 1  # the first player has nothing left to place


def test_public_view_shows_the_table() -> None:
    state = started(board(["..|o.|oo"], [".|o|o", ".|o|o"], start={"R1": 2, "W2": 1}, marbles=1), 2)
    play(state, "place a1")  # b1 is open (R1 outside, W2 centre); a1 is closed (W1 inside)
    view = state.public_view()
    assert view.grid == ((0, None),) and view.open == ((False, True),)
    assert dict(view.slides) == {"R1": 2, "W1": 0, "W2": 1} and view.position("R1") == 2
    assert view.marbles == (("a1",), ()) and view.to_place == (0, 1) and view.fallen == (0, 0)
    assert (view.phase, view.to_move, view.previous_slide, view.out) == ("placing", 1, None, ())
    assert state.observation(1) == view
