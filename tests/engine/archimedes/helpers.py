"""Build Archimedes rules in Python for hand-worked tests (no YAML: the engine stands alone)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from marblestudio.engine.archimedes import ArchimedesState, Cup, new_game
from marblestudio.engine.archimedes.rules import ArchimedesRules, Physics, StartRule, Zone, ZoneKind
from marblestudio.engine.rules import Players, Ruleset

PHYSICS = Physics(
    cup_spacing=Fraction(30),
    board_mass=Fraction(300),
    board_com_height=Fraction(20),
    end_height=Fraction(30),
    marble_mass=Fraction(5),
    marble_com_height=Fraction(40),
    rocker_radius=Fraction(80),
    platform=True,
    platform_height=Fraction(20),
    swing=False,
    swing_overshoot=Fraction(1, 2),
)
"""Round numbers for hand-worked tests (not the bundled ones)."""

ZONES = (
    Zone("p1-end", ZoneKind.END, (0, 1), (0, 2), 0),
    Zone("midzone", ZoneKind.MIDZONE, (7, 8), (0, 2)),
    Zone("p2-end", ZoneKind.END, (14, 15), (0, 2), 1),
)


def rules(physics: dict[str, Any] | None = None, **options: Any) -> Ruleset:
    """A ruleset of the book's board with PHYSICS changed by `physics` and options by `options`."""
    family = ArchimedesRules(
        rows=16,
        columns=3,
        zones=ZONES,
        marbles_per_player=12,
        marbles_to_win=4,
        die=(1, 2, 2, 3, 3, 3),
        physics=replace(PHYSICS, **(physics or {})),
        start=StartRule.FIRST_PLAYER,
    )
    family = replace(family, **options)
    return Ruleset("test/archimedes", "Archimedes test", "", "archimedes", Players(2, 2, 2), family, move_limit=1000)


def position(ruleset: Ruleset, cups: dict[str, list[str]] | None = None, mover: int = 0) -> ArchimedesState:
    """A game at the start of `mover`'s turn with marbles at `cups` ({"1": ["b3"], "2": [...]})."""
    from marblestudio.engine.archimedes import parse_cup

    state = new_game(ruleset, 2)
    for player, names in (cups or {}).items():
        seat = int(player) - 1
        for name in names:
            cup: Cup = parse_cup(name)
            state.board[cup] = seat
            state.supply[seat] -= 1
            state.k += state.balance.moment(cup[0])
    state.mover = mover
    return state


STEADY = {"board_mass": Fraction(10**6)}
"""A board so heavy that no position tips: for the tests of moving rules."""


def play(state: ArchimedesState, *moves: str) -> list[Any]:
    """Apply moves written in notation; return the events of the last one."""
    events: list[Any] = []
    for text in moves:
        events = state.apply(state.parse_move(text))
    return events


def kinds(events: list[Any]) -> list[str]:
    return [e.kind for e in events]


def legal(state: ArchimedesState) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def destinations(state: ArchimedesState, start: str) -> set[tuple[str, int]]:
    """The (destination, spaces) of every legal move of the marble at `start`."""
    from marblestudio.engine.archimedes import LiftMarble, RollMarble, cup_name

    out = set()
    for m in state.legal_moves():
        if isinstance(m, (RollMarble, LiftMarble)) and cup_name(m.start) == start:
            out.add((cup_name(m.dest), m.spaces))
    return out
