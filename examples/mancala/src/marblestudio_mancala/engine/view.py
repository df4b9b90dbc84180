"""A Mancala position as a frozen value (`public_view()`), for the board, the log and tests."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from marblestudio_mancala.engine.state import MancalaState


@dataclass(frozen=True, slots=True)
class MancalaView:
    """Everything on the table (Mancala hides nothing).

    `houses[seat]` are the seeds in that seat's houses in sowing order (``a`` first for seat 0,
    ``A`` first for seat 1); `stores[seat]` its store; `places[seat]` the houses' names;
    `to_move` None once the game is over.
    """

    houses: tuple[tuple[int, ...], tuple[int, ...]]
    stores: tuple[int, int]
    places: tuple[tuple[str, ...], tuple[str, ...]]
    to_move: int | None
    moves_played: int
    clockwise: bool = False
    """A house rule's `sow_clockwise`: the next sowing goes clockwise."""
    any_house: bool = False
    """A house rule's `sow_any_house`: the next sowing may start from any house."""

    @property
    def seeds_on_side(self) -> tuple[int, int]:
        return sum(self.houses[0]), sum(self.houses[1])

    def to_plain(self) -> dict[str, Any]:
        return {
            "houses": [list(self.houses[0]), list(self.houses[1])],
            "stores": list(self.stores),
            "places": [list(self.places[0]), list(self.places[1])],
            "seeds_on_side": list(self.seeds_on_side),
            "to_move": self.to_move,
            "moves_played": self.moves_played,
            **({"clockwise": True} if self.clockwise else {}),
            **({"any_house": True} if self.any_house else {}),
        }


def make_view(state: MancalaState) -> MancalaView:
    t = state.tables
    pits = state.pits
    sides = tuple(tuple(pits[p] for p in t.side(seat)) for seat in (0, 1))
    names = tuple(tuple(t.names[p] for p in t.side(seat)) for seat in (0, 1))
    return MancalaView(
        houses=(sides[0], sides[1]),
        stores=(pits[t.stores[0]], pits[t.stores[1]]),
        places=(names[0], names[1]),
        to_move=None if state.outcome() is not None else state.to_move,
        moves_played=state.moves_played,
        clockwise=state.clockwise,
        any_house=state.any_house,
    )
