"""A fast random playout of Mancala, for search and benchmarks.

The same rules as `apply` (the sowing, capture and end-of-game decisions are the functions of
`sowing` and the state's own `_decide`), without moves or events.  A house is drawn uniformly
among the legal ones, as picking from `legal_moves()` would (the draws from the generator differ).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from marblestudio_mancala.engine.sowing import find_captures, legal_pits

if TYPE_CHECKING:
    from marblestudio_mancala.engine.state import MancalaState


def random_playout(state: MancalaState, rng: random.Random, max_steps: int = 1_000_000) -> int:
    """Play `state` to its end with uniformly random moves; return the number of moves made.

    `_pick`, `_sow` and `_finish_move` written out in one loop over locals: the calls cost this
    loop 11% of its games a second (10,300 against 11,650 measured), and search runs it most."""
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


def _pick(state: MancalaState, seat: int, random_: Callable[[], float]) -> int:
    """A house of `seat` drawn uniformly among the legal ones (one draw of `random_`)."""
    t, pits = state.tables, state.pits
    n, first = t.houses, t.first
    if state._feed and not any(pits[first[1 - seat]:first[1 - seat] + n]):
        houses = legal_pits(pits, t, seat)  # the opponent must be fed
    else:
        houses = [p for p in range(first[seat], first[seat] + n) if pits[p]]
    return houses[int(random_() * len(houses))]


def _sow(state: MancalaState, pits: list[int], seat: int, pit: int) -> int:
    """Sow the seeds of `pit` into `pits` (the state's, or a copy to try a move); the last pit sown."""
    nxt, skip = state.tables.next_pit[seat], state._skip
    seeds = pits[pit]
    pits[pit] = 0
    pos = pit
    while seeds:
        pos = nxt[pos]
        if pos == pit and skip:
            continue
        pits[pos] += 1
        seeds -= 1
    return pos


def _finish_move(state: MancalaState, seat: int, pos: int, taken: Sequence[tuple[int, int]], stored: int) -> None:
    """After the sowing of `seat` that ended in `pos`: the captures `taken` go to its store, then
    the game is decided or the turn passes (`stored`: the stores' seeds before the move)."""
    t, pits = state.tables, state.pits
    store = t.stores[seat]
    for p, k in taken:
        pits[p] = 0
        pits[store] += k
    mover = seat if state._extra and pos == store else 1 - seat
    state.moves_played += 1
    ending = state._decide(mover, pits[t.stores[0]] + pits[t.stores[1]] != stored)
    if ending is None:
        state._to_move = mover
    else:
        state._finish(ending, None)


EVERY_MOVE = frozenset({"seeds_taken", "turn_over"})
"""Events (almost) every move makes: a rule on one of them needs every move to run through `apply`."""


def hooked_playout(state: MancalaState, rng: random.Random, max_steps: int, listened: set[str], quiet: Callable[[int], None]) -> int | None:
    """A random playout of a game with Marble Studio rule pieces whose triggers listen to `listened`:
    each move is sown on a copy of the pits first; one that makes an event a rule listens to (a
    capture, a grand slam, an extra turn) goes through `apply`, where the triggers run, and the
    others are played here and reported to `quiet`.  A move by the seat that made the move before
    (its turn goes on: the family's or a rule's extra turn) goes through `apply` too, and so does
    the first: the rules count the moves of a turn and carry a turn's effects to its end, so only
    a turn begun and ended here is quiet.  None when every move could fire a rule."""
    if listened & EVERY_MOVE:
        return None
    watch_capture = bool(listened & {"seeds_captured", "grand_slam"})
    watch_extra = "extra_turn" in listened
    t = state.tables
    pits = state.pits
    capturing = t.rules.capture.value != "none"
    random_ = rng.random
    played = quiet_moves = 0
    going_on = True  # the turn to move may be under way (the rules remember it): through apply
    while state._outcome is None and played < max_steps:
        seat = state._to_move
        pit = _pick(state, seat, random_)
        trial = pits[:]
        pos = _sow(state, trial, seat, pit)
        taken, forfeited = find_captures(trial, t, seat, pos) if capturing else ((), 0)
        extra = state._extra and pos == t.stores[seat]
        if going_on or (watch_capture and (taken or forfeited)) or (watch_extra and extra):
            quiet(quiet_moves)
            quiet_moves = 0
            move = t.moves[pit]
            assert move is not None  # a house's move (only stores have none)
            state.apply(move)
            played += 1
            going_on = state._to_move == seat
            continue
        stored = pits[t.stores[0]] + pits[t.stores[1]]
        pits[:] = trial
        _finish_move(state, seat, pos, taken, stored)
        going_on = extra
        played += 1
        quiet_moves += 1
    quiet(quiet_moves)
    return played
