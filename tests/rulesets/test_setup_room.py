"""One rule decides whether a Stay Alive board can be set up: the loader and the engine share it.

Regression for the fuzzing report (issue 13, defect 1): a board whose random draws almost never
close enough cells was accepted by `validate` and then crashed `simulate`.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from marblestudio.cli import main
from marblestudio.engine import CHANCE, new_game
from marblestudio.engine.stay_alive.board import build_tables
from marblestudio.engine.stay_alive.rules import Layer, Slide, StayAliveRules
from marblestudio.engine.stay_alive.setup import closed_cells, closing_setup, draw_setup
from marblestudio.rulesets import check_path, load

from .helpers import check_written, only_error


def crowded(first_row: str, marbles: int = 32) -> str:
    """An 8 x 8 board, 5 positions: every slide is `first_row` at its first position and open elsewhere."""
    pattern = f'["{first_row}", "oooooooo", "oooooooo", "oooooooo", "oooooooo"]'
    lines = [
        "format: 1",
        "extends: stay-alive/standard",
        "id: house/crowded",
        "name: Crowded",
        "players: {min: 2, max: 2, default: 2}",
        "stay_alive:",
        "  grid: {rows: 8, columns: 8}",
        "  positions: 5",
        f"  marbles_per_player: {marbles}",
        "  slides:",
    ]
    for layer, letter in (("red", "R"), ("white", "W")):
        lines += [f"    {letter}{i}: {{layer: {layer}, line: {i}, open: {pattern}}}" for i in range(1, 9)]
    return "\n".join(lines) + "\n"


def test_a_board_random_draws_cannot_set_up_still_plays(tmp_path: Path) -> None:
    # Every cell closes only when its red or its white slide is at position 1 (a fifth of draws):
    # all 64 cells close only with a whole layer at position 1, about 1 draw in 200,000.
    path = tmp_path / "crowded.yaml"
    path.write_text(crowded("........"), encoding="utf-8")
    assert check_path(path) == []
    rules = load(path)
    for seed in range(5):
        state = new_game(rules, 2)
        assert state.to_move == CHANCE
        state.apply(state.sample_chance(random.Random(seed)))
        assert state.to_move == 0
        assert len(state.legal_moves()) == 64  # every cell closed and free: 64 marbles fit


def test_the_crowded_board_simulates_with_workers(tmp_path: Path) -> None:
    path = tmp_path / "crowded.yaml"
    path.write_text(crowded("........"), encoding="utf-8")
    assert main(["simulate", str(path), "--games", "4", "--workers", "2", "--seed", "1"]) == 0


def test_validate_refuses_a_board_that_cannot_close_enough_cells(tmp_path: Path) -> None:
    # Cell a1 is open at every position of R1 and of W1, so at most 63 cells close: 64 marbles
    # cannot be placed.  The error is at marbles_per_player (line 9, its value at column 23).
    first = only_error(check_written(tmp_path, "impossible.yaml", crowded("o.......")))
    assert (first.line, first.column) == (9, 23)
    assert first.pointer == "/stay_alive/marbles_per_player"
    assert "64 cells closed for 64 marbles" in first.message and "the most found: 63" in first.message
    assert check_written(tmp_path, "fits.yaml", crowded("o.......", marbles=31)) == []


def _small_rules(opens: list[list[str]], rows: int, columns: int) -> StayAliveRules:
    slides = [
        Slide(f"R{r + 1}", Layer.RED, r, tuple(tuple(i for i, ch in enumerate(p) if ch == "o") for p in opens[r]))
        for r in range(rows)
    ] + [
        Slide(f"W{c + 1}", Layer.WHITE, c, tuple(tuple(i for i, ch in enumerate(p) if ch == "o") for p in opens[rows + c]))
        for c in range(columns)
    ]
    return StayAliveRules(rows=rows, columns=columns, positions=len(opens[0]), slides=tuple(slides), marbles_per_player=1)


@st.composite
def small_boards(draw: st.DrawFn) -> tuple[StayAliveRules, int]:
    rows, columns, positions = draw(st.integers(1, 3)), draw(st.integers(1, 3)), draw(st.integers(1, 3))
    opens = [
        [draw(st.text("o.", min_size=length, max_size=length)) for _ in range(positions)]
        for length in [columns] * rows + [rows] * columns
    ]
    return _small_rules(opens, rows, columns), draw(st.integers(0, rows * columns + 1))


@settings(max_examples=150, deadline=None, derandomize=True)
@given(small_boards())
def test_the_search_finds_a_set_up_exactly_when_one_exists(board: tuple[StayAliveRules, int]) -> None:
    rules, need = board
    tables = build_tables(rules)
    every = itertools.product(*(range(len(m)) for m in tables.open_masks))
    exists = any(closed_cells(tables, combo) >= need for combo in every)
    found = closing_setup(tables, need)
    assert (found is not None) == exists
    if found is not None:
        assert closed_cells(tables, found) >= need
        drawn = draw_setup(tables, need, random.Random(need))
        assert closed_cells(tables, drawn) >= need
