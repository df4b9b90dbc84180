"""Stay Alive (GAMES.md section 1): marbles on a grid of sliding bars in two layers.

The names below load lazily (`engine.lazy`): checking a ruleset imports only `rules`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from marblestudio.engine.lazy import exports

if TYPE_CHECKING:
    from marblestudio.engine.position import Fields
    from marblestudio.engine.rules import Ruleset
    from marblestudio.engine.stay_alive.moves import PASS, PassMove, PlaceMove, SetupMove, SlideMove
    from marblestudio.engine.stay_alive.state import StayAliveState
    from marblestudio.engine.stay_alive.view import StayAliveView

__getattr__, __dir__ = exports(
    __name__,
    {
        "marblestudio.engine.stay_alive.moves": ["PASS", "PassMove", "PlaceMove", "SetupMove", "SlideMove"],
        "marblestudio.engine.stay_alive.state": ["StayAliveState"],
        "marblestudio.engine.stay_alive.view": ["StayAliveView"],
    },
)


def new_game(rules: Ruleset, count: int) -> StayAliveState:
    """A new game of `rules` for `count` players (2-4 in the book; the ruleset decides)."""
    from marblestudio.engine.stay_alive.state import StayAliveState

    return StayAliveState(rules, count)


def from_position(rules: Ruleset, fields: Fields) -> StayAliveState:
    """The game at a position's fields (see `position`)."""
    from marblestudio.engine.stay_alive.position import read

    return read(rules, fields)


__all__ = ["from_position", "PASS", "PassMove", "PlaceMove", "SetupMove", "SlideMove", "StayAliveState", "StayAliveView", "new_game"]
