"""A Stay Alive position as a frozen value, for boards, computer players, the log and tests."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from marblestudio.engine.cells import cell_name

if TYPE_CHECKING:
    from marblestudio.engine.stay_alive.state import StayAliveState


# Views are frozen dataclasses without __slots__: orjson writes a slotted dataclass several times
# slower, and the game server writes a view after every move (benchmarks/server.py).
@dataclass(frozen=True)
class StayAliveView:
    """Everything on the table (Stay Alive hides nothing; a seat's observation is this view).

    Cells are (row, column) from 0, row-major; a cell's name is ``c4`` (`engine.cells`).
    """

    phase: str
    """The phase of the game: "setup", "placing", "sliding" or "over" (the constants of `turns`)."""
    to_move: int | None
    """The seat to move, -1 (`CHANCE`) before the set-up, None once the game is over."""
    grid: tuple[tuple[int | None, ...], ...]
    """``grid[row][col]``: the seat of the marble on that cell, or None."""
    open: tuple[tuple[bool, ...], ...]
    """``open[row][col]``: whether the cell is open in both layers (a marble there falls)."""
    slides: tuple[tuple[str, int], ...]
    """Each slide's (id, knob position), in ruleset order; position 0 is pushed in."""
    marbles: tuple[tuple[str, ...], ...]
    """Per seat, the names of the cells its marbles are on, row-major."""
    to_place: tuple[int, ...]
    """Per seat, the marbles it has still to place."""
    fallen: tuple[int, ...]
    """Per seat, the marbles of its that have fallen."""
    out: tuple[int, ...]
    """The seats that are out (every marble fallen), in seat order."""
    previous_slide: str | None
    """The slide moved on the previous turn (None at the start or after a pass)."""
    moves_played: int
    """Decisions of players so far (chance excluded), for the move limit."""
    neutral: tuple[str, ...] = ()
    """The cells of neutral marbles (owned by no one) on the grid, row-major."""

    def position(self, slide_id: str) -> int:
        """The knob position of the slide `slide_id` (KeyError for an unknown slide)."""
        for sid, pos in self.slides:
            if sid == slide_id:
                return pos
        raise KeyError(slide_id)


def public_view(state: StayAliveState) -> StayAliveView:
    t = state.tables
    cols, cells = t.columns, t.cells
    owner: list[int | None] = [None] * cells
    marbles: list[tuple[str, ...]] = []
    for seat, mask in enumerate(state.marbles):
        at = []
        while mask:
            low = mask & -mask
            index = low.bit_length() - 1
            owner[index] = seat
            at.append(index)
            mask ^= low
        marbles.append(tuple(cell_name(*divmod(i, cols)) for i in at))
    opened = state.red & state.white
    is_open = [bool(opened >> i & 1) for i in range(cells)]
    rows = range(0, cells, cols)
    return StayAliveView(
        phase=state.phase,
        to_move=None if state.outcome() is not None else state.to_move,
        grid=tuple(tuple(owner[i : i + cols]) for i in rows),
        open=tuple(tuple(is_open[i : i + cols]) for i in rows),
        slides=tuple(zip(t.slide_ids, state.positions, strict=True)),
        marbles=tuple(marbles),
        to_place=tuple(state.hand),
        fallen=tuple(state.fallen),
        out=tuple(s for s in range(state.num_players) if state.is_out(s)),
        previous_slide=state.previous_slide,
        moves_played=state.moves_played,
        neutral=tuple(cell_name(*divmod(i, cols)) for i in range(cells) if state.neutral >> i & 1),
    )
