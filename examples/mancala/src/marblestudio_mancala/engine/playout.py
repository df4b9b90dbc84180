"""A fast random playout of Mancala, for search and benchmarks.

The same rules as `apply` (the sowing, capture and end-of-game decisions are the functions of
`sowing` and the state's own `_decide`), without moves or events.  A house is drawn uniformly
among the legal ones, as picking from `legal_moves()` would (the draws from the generator differ).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from marblestudio.engine.core import TURN_OVER, Event
from marblestudio_mancala.engine.events import MancalaEvent
from marblestudio_mancala.engine.sowing import find_captures, legal_pits

if TYPE_CHECKING:
    from marblestudio_mancala.engine.state import MancalaState


def random_playout(state: MancalaState, rng: random.Random, max_steps: int = 1_000_000) -> int:
    """Play `state` to its end with uniformly random moves; return the number of moves made.

    The draw, the sowing and `_finish_move` written out in one loop over locals: the calls cost this
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
        if state.clockwise or state.any_house:  # a house rule's sowing (or a position's): as `apply` plays it
            moves = state.legal_moves()
            state.apply(moves[int(random_() * len(moves))])
            played += 1
            continue
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


def _finish_move(state: MancalaState, seat: int, pos: int, taken: Sequence[tuple[int, int]], stored: int,
                 events: list[Event] | None = None) -> None:
    """After the sowing of `seat` that ended in `pos`: the captures `taken` go to its store, then
    the game is decided or the turn passes (`stored`: the stores' seeds before the move).  With
    `events`, the move's closing events are added to it as `apply` adds them (the turn's end, and
    at the game's end the seeds stored and `game_over`)."""
    t, pits = state.tables, state.pits
    store = t.stores[seat]
    for p, k in taken:
        pits[p] = 0
        pits[store] += k
    extra = state._extra and pos == store
    mover = seat if extra else 1 - seat
    state.moves_played += 1
    ending = state._decide(mover, pits[t.stores[0]] + pits[t.stores[1]] != stored)
    if ending is None:
        state._to_move = mover
        if events is not None:
            events.append(t.seat_event(MancalaEvent.EXTRA_TURN if extra else TURN_OVER, seat))
    else:
        if events is not None:
            events.append(t.seat_event(TURN_OVER, seat))
        state._finish(ending, events)


EVERY_MOVE = frozenset({MancalaEvent.SEEDS_TAKEN, MancalaEvent.SEED_SOWN, TURN_OVER, MancalaEvent.SEEDS_COLLECTED})
"""Events (almost) every move makes, and the end's: a rule on one of them needs every move told in full, through `apply`."""

CAPTURES = frozenset({MancalaEvent.SEEDS_CAPTURED, MancalaEvent.GRAND_SLAM})
"""The other events a rule may listen to (the family's triggers) are the extra turn's."""


def hooked_playout(state: MancalaState, rng: random.Random, max_steps: int, listened: set[str], quiet: Callable[[int], None]) -> int | None:
    """A random playout of a game with Marble Studio rule pieces whose triggers listen to `listened`.

    A move that makes no event a rule listens to (a capture, a grand slam, an extra turn), in a
    turn begun and ended here, is played here and counted by `quiet`.  Every other move is played
    here too, but told: its events from the capture on (`apply`'s, without the seeds taken and
    sown, which no rule reads here) go to the rules' triggers with `state.after_fast_move`, as
    `apply` would send them.  None when a rule listens to an event every move makes (then every
    move goes through `apply`)."""
    if listened & EVERY_MOVE:
        return None
    watch_capture = not listened.isdisjoint(CAPTURES)
    watch_extra = MancalaEvent.EXTRA_TURN in listened
    told = state.after_fast_move  # type: ignore[attr-defined]  # a Ruled state: only rule pieces call this
    t = state.tables
    pits = state.pits
    stores = t.stores
    s0, s1 = stores
    n, first, next_pit = t.houses, t.first, t.next_pit
    skip, extra_on, feed = state._skip, state._extra, state._feed
    capturing = t.rules.capture.value != "none"
    decide, random_ = state._decide, rng.random
    played = quiet_moves = 0
    going_on = True  # the turn to move may be under way (the rules remember it): told
    while state._outcome is None and played < max_steps:
        if state.clockwise or state.any_house:  # a rule's sowing: through `apply`, which tells the rules itself
            quiet(quiet_moves)
            quiet_moves = 0
            moves = state.legal_moves()
            state.apply(moves[int(random_() * len(moves))])
            played += 1
            going_on = True
            continue
        seat = state._to_move
        f = first[seat]  # the draw and the sowing, written out as in `random_playout`
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
        taken, forfeited = find_captures(pits, t, seat, pos) if capturing else ((), 0)
        extra = extra_on and pos == stores[seat]
        played += 1
        if going_on or (watch_capture and (taken or forfeited)) or (watch_extra and extra):
            quiet(quiet_moves)
            quiet_moves = 0
            events: list[Event] = [t.grand_slam(seat, forfeited)] if forfeited else []
            for p, k in taken:
                events.append(t.captured(seat, p, k))
            _finish_move(state, seat, pos, taken, stored, events)
            told(seat, events)
            going_on = state._to_move == seat
            continue
        if taken:  # `_finish_move`, written out
            store = stores[seat]
            for p, k in taken:
                pits[p] = 0
                pits[store] += k
        mover = seat if extra else 1 - seat
        state.moves_played += 1
        ending = decide(mover, pits[s0] + pits[s1] != stored)
        if ending is None:
            state._to_move = mover
        else:
            state._finish(ending, None)
        going_on = extra
        quiet_moves += 1
    quiet(quiet_moves)
    return played
