"""Mancala's one kind of move and its notation (docs/notation.md).

A move names the house it sows from.  Houses have fixed names on the board: the first player's
(seat 0) are ``a``, ``b``, ... in sowing order, so ``a`` is farthest from that player's store and
the last letter next to it; the second player's (seat 1) are ``A``, ``B``, ... the same way
round.  The case says whose house it is, so a move's text also says who played it.
"""

from __future__ import annotations

from dataclasses import dataclass

from marblestudio.engine.core import Move, NotationError

MAX_HOUSES = 12
"""The most houses per side a ruleset may have: letters a-l and A-L (``s`` and ``S`` name stores)."""


@dataclass(frozen=True, slots=True)
class SowMove(Move):
    """Sow the seeds of one house: `pit` is its index on the board (see `board`), `seat` its owner."""

    pit: int
    seat: int
    place: str

    def __str__(self) -> str:
        return self.place


def house_name(seat: int, index: int) -> str:
    """The name of `seat`'s house number `index` (0-based, in sowing order): ``a`` or ``A`` first."""
    return chr((ord("a") if seat == 0 else ord("A")) + index)


def parse_house(text: str, houses: int) -> tuple[int, int]:
    """(seat, index) of the house written `text`; raises `NotationError`."""
    raw = text.strip()
    last = house_name(0, houses - 1)
    usage = f"name one house: a-{last} for the first player, A-{last.upper()} for the second"
    if len(raw) != 1 or not raw.isascii() or not raw.isalpha():
        raise NotationError(f"{raw!r} is not a Mancala move ({usage})")
    seat = 0 if raw.islower() else 1
    index = ord(raw.lower()) - ord("a")
    if index >= houses:
        raise NotationError(f"{raw!r}: this board has {houses} houses a side ({usage})")
    return seat, index
