"""Build Mancala games for tests: the bundled rulesets (loaded by Marble Studio through the
plug-in API, as any ruleset is), or any reading set by hand, and hand-made positions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from marblestudio import rulesets
from marblestudio.engine.core import Event
from marblestudio.engine.rules import Players, Presentation, Ruleset

from marblestudio_mancala.engine import KALAH, OWARE, MancalaRules, MancalaState, new_game

SEATS = Presentation(seat_names=("South", "North"))


def ruleset(base: MancalaRules = KALAH, move_limit: int | None = 1000, **readings: Any) -> Ruleset:
    """A ruleset of `base` (Kalah or Oware) with some readings changed, e.g. ``capture=Capture.NONE``."""
    family = MancalaRules(**{**{f: getattr(base, f) for f in base.__dataclass_fields__}, **readings})
    return Ruleset("test/mancala", "Mancala (test)", "", "mancala", Players(2, 2, 2), family,
                   presentation=SEATS, move_limit=move_limit)


def kalah(**readings: Any) -> MancalaState:
    return new_game(ruleset(KALAH, **readings), 2)


def oware(**readings: Any) -> MancalaState:
    return new_game(ruleset(OWARE, **readings), 2)


def bundled_rules(name: str) -> Ruleset:
    """The bundled ruleset ``mancala/<name>``, loaded by Marble Studio."""
    return rulesets.load(f"mancala/{name}")


def resolved(name: str) -> dict[str, Any]:
    """The data of the bundled ruleset ``mancala/<name>`` (the caller's own copy)."""
    data: dict[str, Any] = rulesets.load_with_source(f"mancala/{name}").resolved
    return data


def bundled_game(name: str) -> MancalaState:
    return new_game(bundled_rules(name), 2)


def position(state: MancalaState, south: Sequence[int], north: Sequence[int], stores: tuple[int, int] = (0, 0),
             to_move: int = 0) -> MancalaState:
    """Put seeds where a test wants them: `south` in houses a.., `north` in A.., and the stores."""
    t = state.tables
    assert len(south) == len(north) == t.houses
    for seat, seeds in ((0, south), (1, north)):
        for pit, k in zip(t.side(seat), seeds, strict=True):
            state.pits[pit] = k
        state.pits[t.stores[seat]] = stores[seat]
    state._to_move = to_move
    if state.history is not None:
        state.history = {(tuple(state.pits), to_move)}
    return state


def play(state: MancalaState, *moves: str) -> list[Event]:
    """Play `moves` (notation); the events of the last one."""
    events: list[Event] = []
    for text in moves:
        events = state.apply(state.parse_move(text))
    return events


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def sown(events: list[Event]) -> list[tuple[str, int]]:
    """(place, running count) of every seed sown."""
    return [(e["place"], e["seeds"]) for e in events if e.kind == "seed_sown"]


def captured(events: list[Event]) -> list[tuple[str, int]]:
    return [(e["place"], e["seeds"]) for e in events if e.kind == "seeds_captured"]


def board(state: MancalaState) -> tuple[list[int], list[int], tuple[int, int]]:
    """(South's houses, North's houses, stores)."""
    return state.houses_of(0), state.houses_of(1), (state.store(0), state.store(1))


__all__ = ["KALAH", "OWARE", "board", "bundled_game", "bundled_rules", "captured", "kalah", "kinds", "oware", "play",
           "position", "resolved", "ruleset", "sown"]
