"""ALIVE's computer player (GAMES.md section 2): play high numbers early, keep the wild cards
for when nothing else fits.  It reads only the seat's own hand (`legal_moves`), the public
observation and the public rules of the deck."""

from __future__ import annotations

import random
from collections.abc import Sequence

from marblestudio.agents.base import shares
from marblestudio.agents.player import FamilyPlayer, best
from marblestudio.engine.alive import AliveState, PlayCard, PlayPair
from marblestudio.engine.core import Move, State

WILD_ORDER = ("draw", "bomb", "set-total", "skip", "pass-me-by", "reverse", "hand-in-redeal")
"""The wild cards in the order they are played when no number card fits (most useful first)."""


def policy(state: State, seat: int, moves: Sequence[Move], rng: random.Random) -> Move:
    if len(moves) == 1:
        return moves[0]
    assert isinstance(state, AliveState)
    kinds = {k.id: k for k in state.family.deck}
    total = state.public_view().total  # public (the hand is in `moves`): cheaper than observation(seat)
    numbers = [m for m in moves if isinstance(m, PlayCard) and m.card in kinds and not kinds[m.card].is_wild]
    pairs = [m for m in moves if isinstance(m, PlayPair) and m.card in kinds]  # a house rule's: two cards gone at once
    if numbers or pairs:
        return best([(float(kinds[m.card].points), m) for m in numbers]
                    + [(2.0 * kinds[m.card].points + 0.5, m) for m in pairs], rng)
    scored = []
    for move in moves:
        kind = kinds.get(move.card) if isinstance(move, PlayCard) else None
        if kind is None or kind.effect is None:
            scored.append((-99.0, move))
            continue
        effect = kind.effect.value
        rank = WILD_ORDER.index(effect) if effect in WILD_ORDER else len(WILD_ORDER)
        if effect == "set-total":
            rank = 2 if kind.total < total else 8  # lowering the total helps; raising it does not
        scored.append((-float(rank), move))
    return best(scored, rng)


def rollout(state: State, moves: Sequence[Move], rng: random.Random) -> Move:
    return policy(state, state.to_move, moves, rng)


def value(state: State) -> list[float]:
    """Lives left, less a little for each card still in hand (an empty hand costs the others a
    life); public facts only, as shares."""
    assert isinstance(state, AliveState)
    view = state.public_view()
    raw = [view.lives_of(s) - 0.1 * view.hand_sizes[s] for s in range(state.num_players)]
    return shares(raw)


PLAYER = FamilyPlayer(policy=policy, value=value, rollout=rollout, rollout_depth=20,
                      levels={"easy": 20, "medium": 200, "hard": 5000, "hint": 2000})
"""ALIVE's levels: an iteration is a sampled deal and a short rollout (about 6,500 a second here)."""
