"""Avalanche's computer player (GAMES.md section 3): drop where your colours fall; fill your
cards, hold little.  Greedy on the evaluator: a trial drop on a copy shows what falls."""

from __future__ import annotations

from marblestudio.agents.base import shares
from marblestudio.agents.player import FamilyPlayer, greedy
from marblestudio.engine.avalanche import AvalancheState
from marblestudio.engine.core import State


def value(state: State) -> list[float]:
    """Per seat: the share of its cards' holes filled, less a little for each marble held (the
    'run-out' and 'one-colour' goals score what they ask for instead)."""
    assert isinstance(state, AvalancheState)
    view = state.public_view()
    options = state.rules.game
    goal = options.goal.value
    raw = []
    for seat, hand in enumerate(view.hands):
        held = sum(hand)
        if goal == "run-out":
            raw.append(-held / 10.0)
        elif goal == "one-colour":
            need = options.goal_count
            most = max(hand, default=0)
            raw.append((min(most, need) - (held - most)) / need)
        else:
            cards = view.cards[seat]
            holes = sum(len(card.holes) for card in cards)
            filled = sum(card.filled for card in cards)
            raw.append(filled / max(1, holes) - 0.04 * held)
    return shares(raw)


PLAYER = FamilyPlayer(policy=greedy(value), value=value, rollout_depth=20,
                      levels={"easy": 30, "medium": 300, "hard": 4000, "hint": 1500})
"""Avalanche's levels: about 5,800 iterations a second here."""
