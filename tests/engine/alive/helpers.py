"""Build ALIVE rules and hand-set tables for tests.

`rules()` loads the bundled `alive/standard` (the 77-card deck of GAMES.md) and may change a
few options; `table()` sets up a hand in progress from explicit hands, deck and discard pile.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from marblestudio import rulesets
from marblestudio.engine.alive import AliveState
from marblestudio.engine.core import Event
from marblestudio.engine.rules import Players, Ruleset, Teams


def rules(name: str = "alive/standard", *, teams: bool = False, move_limit: int | None = None, **family: Any) -> Ruleset:
    """A bundled ALIVE ruleset, with `family` fields (limit, lives, game_end, ...) replaced."""
    base = rulesets.load(name)
    changes: dict[str, Any] = {"family": dataclasses.replace(base.family, **family)}
    if teams:
        changes["teams"] = Teams(2)
        changes["players"] = Players(4, 6, 4)
    if move_limit is not None:
        changes["move_limit"] = move_limit
    return dataclasses.replace(base, **changes)


def table(
    hands: Sequence[Sequence[str]],
    deck: Sequence[str] = (),
    discard: Sequence[str] = (),
    *,
    ruleset: Ruleset | None = None,
    **kwargs: Any,
) -> AliveState:
    """A hand in progress: `hands[seat]` as card ids, `deck` top card first."""
    return AliveState.from_hands(ruleset or rules(), hands, deck, discard, **kwargs)


def hand(state: AliveState, seat: int) -> list[str]:
    """A seat's cards as sorted ids (for comparisons that ignore order)."""
    return sorted(state.table.hand_ids(seat))


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def play(state: AliveState, text: str) -> list[Event]:
    return state.apply(state.parse_move(text))
