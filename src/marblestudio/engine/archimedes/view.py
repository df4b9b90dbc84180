"""A Rock Me Archimedes position as a frozen value, for boards, computer players and tests."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from marblestudio.engine.archimedes.moves import Cup, cup_name
from marblestudio.engine.archimedes.physics import End

if TYPE_CHECKING:
    from marblestudio.engine.archimedes.phases import Phase
    from marblestudio.engine.archimedes.state import ArchimedesState


# Views are frozen dataclasses without __slots__: orjson writes a slotted dataclass several times
# slower, and the game server writes a view after every move (benchmarks/server.py).
@dataclass(frozen=True)
class ArchimedesView:
    """Everything on the table (Rock Me Archimedes hides nothing).

    Cups are named as in the notation (``b8``: column letter, row number).
    """

    rows: int
    """The board's rows (its length)."""
    columns: int
    """The board's columns (its width)."""
    cups: tuple[tuple[str, int], ...]
    """(cup, seat) for every marble on the board, in cup order (row, then column); the seat of a
    neutral marble (the house rule `archimedes.neutral`) is -1 (`rules.NEUTRAL`): nobody's."""
    supply: tuple[int, ...]
    """Per seat, the marbles it has still to add."""
    to_move: int
    """The seat to move, or -1 (`CHANCE`) for the starting rolls and the die."""
    phase: Phase
    """Where the turn is: the starting rolls, choosing, the die, moving marbles, or over."""
    remaining: int
    """The spaces of the roll still to move."""
    moved: tuple[str, ...]
    """The cups where the marbles moved this turn now stand (rule f: each moves once)."""
    slope: str
    """The board's rest slope, exact (``3/46``; positive: the high end is down), or "unstable"."""
    angle: float
    """The rest angle in degrees (positive: the high end is down)."""
    touched: End | None
    """The end that touched the table, once one has."""
    die: int | None
    """The value rolled this turn, while it is being used."""
    turns: int
    """Turns played so far."""


@cache
def _names(rows: int, columns: int) -> dict[Cup, str]:
    """Every cup's name on a grid (a view names every marble's cup: looked up, not formatted)."""
    return {(r, c): cup_name((r, c)) for r in range(rows) for c in range(columns)}


def public_view(state: ArchimedesState) -> ArchimedesView:
    tilt = state.balance.tilt(state.k, len(state.board))
    rules = state.rules
    names = _names(rules.rows, rules.columns)
    return ArchimedesView(
        rows=rules.rows,
        columns=rules.columns,
        cups=tuple([(names[c], s) for c, s in sorted(state.board.items())]),
        supply=tuple(state.supply),
        to_move=state.to_move,
        phase=state.phase,
        remaining=state.remaining,
        moved=tuple([names[c] for c in state.moved]),
        slope=str(tilt.slope) if tilt.slope is not None else "unstable",
        angle=tilt.angle,
        touched=state.touched,
        die=state.die,
        turns=state.turns,
    )
