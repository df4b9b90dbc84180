"""A fast random playout of Mancala, for search and benchmarks.

The same rules as `apply` (the sowing, capture and end-of-game decisions are the functions of
`sowing` and the state's own `_decide`), without moves or events.  A house is drawn uniformly
among the legal ones, as picking from `legal_moves()` would (the draws from the generator differ).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from marblestudio_mancala.engine.sowing import find_captures, legal_pits

if TYPE_CHECKING:
    from marblestudio_mancala.engine.state import MancalaState


def random_playout(state: MancalaState, rng: random.Random, max_steps: int = 1_000_000) -> int:
    """Play `state` to its end with uniformly random moves; return the number of moves made."""
    t = state.tables
    pits = state.pits
    n = t.houses
    first, stores, next_pit = t.first, t.stores, t.next_pit
    s0, s1 = stores
    skip, extra_on, feed = state._skip, state._extra, state._feed
    capturing = t.rules.capture.value != "none"
    decide, random_ = state._decide, rng.random
    played = 0
    while state._outcome is None and played < max_steps:
        seat = state._to_move
        f = first[seat]
        if feed and not any(pits[first[1 - seat]:first[1 - seat] + n]):
            houses = legal_pits(pits, t, seat)  # the opponent must be fed
        else:
            houses = [p for p in range(f, f + n) if pits[p]]
        pit = houses[int(random_() * len(houses))]
        stored = pits[s0] + pits[s1]
        seeds = pits[pit]
        pits[pit] = 0
        nxt = next_pit[seat]
        pos = pit
        while seeds:
            pos = nxt[pos]
            if pos == pit and skip:
                continue
            pits[pos] += 1
            seeds -= 1
        if capturing:
            store = stores[seat]
            for p, k in find_captures(pits, t, seat, pos)[0]:
                pits[p] = 0
                pits[store] += k
        mover = seat if extra_on and pos == stores[seat] else 1 - seat
        state.moves_played += 1
        played += 1
        ending = decide(mover, pits[s0] + pits[s1] != stored)
        if ending is None:
            state._to_move = mover
        else:
            state._finish(ending, None)
    return played
