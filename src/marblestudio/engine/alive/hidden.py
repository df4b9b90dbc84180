"""What each seat may know in ALIVE, and full states consistent with it (for search).

Public: the discard pile (every card played or discarded since the last shuffle), the hand
sizes, the deck's size, the total, the direction, the lives, whose turn.  Private: each hand
(seen by its holder only) and the deck's order (seen by nobody).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from marblestudio.engine.alive.state import AliveState


def public_view(state: AliveState) -> dict[str, Any]:
    """Everything every seat can see, as plain data."""
    t = state.table
    ids = state.cat.ids
    outcome = state.outcome()
    return {
        "phase": t.phase.value,
        "to_move": state.to_move,
        "players": t.players,
        "dealer": t.dealer,
        "hand_number": t.hand_number,
        "total": t.total,
        "limit": state.family.limit,
        "direction": t.direction,
        "hand_sizes": tuple(t.hand_sizes),
        "deck_size": len(t.deck),
        "discard": tuple(ids[k] for k in t.discard),
        "lives": tuple(t.lives),
        "team_of": t.team_of if t.teams else None,
        "alive": tuple(t.alive),
        "pending_draws": tuple(tuple(p) for p in t.pending_draws),
        "redealer": t.redealer,
        "collected": len(t.collected),
        "moves_made": t.moves_made,
        "outcome": outcome.to_json() if outcome is not None else None,
    }


def observation(state: AliveState, seat: int) -> dict[str, Any]:
    """The seat's own hand (card ids in kind order) and everything public; nothing else."""
    view = public_view(state)
    view["seat"] = seat
    view["hand"] = state.table.hand_ids(seat)
    return view


def determinize(state: AliveState, seat: int, rng: random.Random) -> AliveState:
    """A copy in which every card `seat` cannot see is dealt again at random.

    The other hands keep their sizes and the deck its size; the seat's own hand and the
    discard pile are unchanged, so the copy has the same `observation(seat)`.
    """
    copy = state.copy()
    t = copy.table
    unseen: list[int] = list(t.deck) + t.collected
    others = [s for s in range(t.players) if s != seat]
    for s in others:
        for k, n in enumerate(t.hands[s]):
            unseen.extend([k] * n)
    unseen.sort()
    rng.shuffle(unseen)
    kinds = len(state.cat.ids)
    for s in others:
        size = t.hand_sizes[s]
        hand = [0] * kinds
        for k in unseen[:size]:
            hand[k] += 1
        del unseen[:size]
        t.hands[s] = hand
    t.collected = unseen[: len(t.collected)]
    t.deck = unseen[len(t.collected) :]
    return copy
