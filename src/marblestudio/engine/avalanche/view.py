"""A plain-data picture of an Avalanche game, for views, records and tests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from marblestudio.engine.avalanche.cascade import EMPTY
from marblestudio.engine.avalanche.rules import Side

if TYPE_CHECKING:
    from marblestudio.engine.avalanche.state import AvalancheState


def public_view(state: AvalancheState) -> Mapping[str, Any]:
    """Gates (tilt, held colour), trays, hands, each seat's cards with their filled holes, and
    whose turn it is; everything in Avalanche is public."""
    names = [c.name for c in state.rules.colours]
    return {
        "phase": state.phase.value,
        "to_move": state.to_move if state.outcome() is None else None,
        "drops_this_turn": state.drops_this_turn,
        "gates": {g.id: {"tilt": Side(state.tilt[i]).word,
                         "held": None if state.held[i] == EMPTY else names[state.held[i]]}
                  for i, g in enumerate(state.rules.gates)},
        "trays": dict(zip(names, state.trays)),
        "hands": [dict(zip(names, hand)) for hand in state.hands],
        "cards": [[{"id": state.rules.cards[c].id,
                    "holes": [{"colour": names[want],
                               "filled": state.filled[c][h] != EMPTY}
                              for h, want in enumerate(state.card_colours[c])]}
                   for c in state.cards[seat]] for seat in range(state.num_players)],
        "gone_out": list(state.gone_out),
        "forfeited": list(state.forfeited),
        "choosing_out": state.choosing_out,
    }
