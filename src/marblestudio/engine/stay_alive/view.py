"""A Stay Alive position as plain data, for views, the log, records and tests."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from marblestudio.engine.stay_alive.state import StayAliveState


def public_view(state: StayAliveState) -> dict[str, Any]:
    """Everything on the table (Stay Alive hides nothing).

    ``grid[row][col]`` is the seat of the marble there or None; ``open[row][col]`` whether the
    cell is open in both layers; ``slides`` each slide's knob position (0 = inside);
    ``marbles`` per seat the cells of its marbles (``c4``); ``to_place`` and ``fallen`` per seat;
    ``out`` the seats that are out; ``previous_slide`` the slide moved on the previous turn.
    """
    t = state.tables
    opened = state.red & state.white
    grid: list[list[int | None]] = []
    open_rows: list[list[bool]] = []
    for r in range(t.rows):
        row: list[int | None] = []
        open_row: list[bool] = []
        for c in range(t.columns):
            bit = 1 << (r * t.columns + c)
            row.append(next((s for s, m in enumerate(state.marbles) if m & bit), None))
            open_row.append(bool(opened & bit))
        grid.append(row)
        open_rows.append(open_row)
    return {
        "phase": state.phase,
        "to_move": None if state.outcome() is not None else state.to_move,
        "grid": grid,
        "open": open_rows,
        "slides": state.slide_positions(),
        "marbles": [state.marbles_of(s) for s in range(state.num_players)],
        "to_place": list(state.hand),
        "fallen": list(state.fallen),
        "out": [s for s in range(state.num_players) if state.is_out(s)],
        "previous_slide": state.previous_slide,
        "moves_played": state.moves_played,
    }
