"""A Python rule piece, the plug-in escape hatch: what the YAML vocabulary cannot say.

Robbing the opponent's store is no event, name or core action of the rules language, so this
plug-in registers it as an action in the entry-point group ``marblestudio.pieces``
(pyproject.toml: ``rob_store = "marblestudio_mancala.pieces:ROB_STORE"``).  A house rule then
writes it like any other action (``then: {rob_store: 2}``); the schema, the editor and the rules
sheet read its description.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marblestudio.engine.core import Event
from marblestudio.engine.pieces.expr import INT
from marblestudio.engine.pieces.vocab import ActionKind, Param
from marblestudio_mancala.engine.events import MancalaEvent


def _rob(state: Any, ctx: Any, values: Mapping[str, Any], events: list[Any]) -> None:
    moved = state.rob_store(ctx.mover, values["seeds"])
    if moved:
        events.append(Event.of(MancalaEvent.SEEDS_CAPTURED, seat=ctx.mover, pit=-1, place="store", seeds=moved))


ROB_STORE = ActionKind(
    "rob_store",
    "the mover takes seeds from the opponent's store into their own (no more than it holds)",
    {"seeds": Param(INT, "how many seeds", "1")},
    "seeds",
    _rob,
    games=("mancala",),
)
