"""A fast random playout of Stay Alive, for search and benchmarks.

The slide phase is played in one loop over local variables, without building moves or events.
A move is drawn by rejection: a (slide, direction) pair uniformly among all of them, drawn again
while it is not legal, which gives each legal move the same chance, as picking from
`legal_moves()` would (the draws from the generator differ).  Set-up and placing, and rulesets
other than the book's reading (or boards of fewer than 3 slides, where a pass can happen), go
through the ordinary `apply`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from marblestudio.engine.core import CHANCE, Event, Move
from marblestudio.engine.stay_alive.moves import SlideMove
from marblestudio.engine.stay_alive.turns import SLIDING

if TYPE_CHECKING:
    from marblestudio.engine.stay_alive.state import StayAliveState


def random_playout(state: StayAliveState, rng: random.Random, max_steps: int = 1_000_000) -> int:
    """Play `state` to its end with uniformly random moves; return the number of player moves."""
    played = 0
    while state.result is None and not _fast(state, SLIDING):
        if played >= max_steps:
            return played
        played += _step(state, rng)
    if state.result is None:
        played += _slides(state, rng, max_steps - played)
    return played


def hooked_playout(state: StayAliveState, rng: random.Random, max_steps: int, listened: set[str], quiet: Callable[[int], None],
                   listed: Callable[[StayAliveState], list[Move]], play: Callable[[StayAliveState, Move], list[Event]],
                   tell: Callable[[int, list[Event]], object]) -> int | None:
    """A random playout of a game with rule pieces whose triggers listen to `listened` event kinds:
    the fast loop plays every slide move that drops nothing (its only events, slide_moved and
    turn_over, fire no rule) and reports them to `quiet`; a move that drops a marble stops the loop.
    It and every player's move outside the slide phase (picked among `listed(state)`) are played
    by `play(state, move)`, and their events handed to the rules with the mover, `tell(seat,
    events)`.  None when every move could fire a rule."""
    if listened & EVERY_MOVE:
        return None
    played = 0
    while state.result is None and played < max_steps:
        if not _fast(state, SLIDING):
            if state.seat_to_move == CHANCE:  # the set-up, through the rules, which may act on it
                state.apply(state.sample_chance(rng))
            else:
                legal = listed(state)
                seat = state.seat_to_move
                tell(seat, play(state, legal[rng.randrange(len(legal))]))
                played += 1
            continue
        stopped: list[SlideMove] = []
        done = _slides(state, rng, max_steps - played, stopped)
        quiet(done)
        played += done
        if stopped:
            seat = state.seat_to_move
            tell(seat, play(state, stopped[0]))
            played += 1
    return played


def _fast(state: StayAliveState, sliding: str) -> bool:
    """Whether the fast slide loop can play on: the slide phase, under the book's reading, with
    at least 3 slides (fewer can leave a player with only a pass)."""
    return state.phase == sliding and state.book_reading and len(state.positions) >= 3


def _step(state: StayAliveState, rng: random.Random) -> int:
    """One step through `apply`: chance (0 player moves) or a uniformly random legal move (1)."""
    if state.seat_to_move == CHANCE:
        state.apply(state.sample_chance(rng))
        return 0
    legal = state.legal_moves()
    state.apply(legal[rng.randrange(len(legal))])
    return 1


EVERY_MOVE: Final = frozenset({"slide_moved", "turn_over", "passed"})
"""Events every slide move (or pass) makes: a rule on one of them needs every move to run it."""


def _slides(state: StayAliveState, rng: random.Random, budget: int, stop: list[SlideMove] | None = None) -> int:
    """The slide phase under the book's reading (previous player's slide blocked; with two
    players left, no slide on three own turns in a row).  With `stop`, a move that would drop a
    marble is not played: it is appended to `stop` and the loop ends (the caller applies it)."""
    t = state.tables
    layer_of, keep, open_masks = t.layer_of, t.keep_mask, t.open_masks
    counts = [len(m) for m in open_masks]
    pos = state.positions
    marbles, fallen, own_last, own_streak = state.marbles, state.fallen, state.own_last, state.own_streak
    red, white, occupied = state.red, state.white, state.occupied
    alive, last, streak, moved = state.alive, state.last_slide, state.game_streak, state.moves_played
    seat, n, mpp = state.seat_to_move, state.num_players, state.marbles_each
    limit = state.move_limit if state.move_limit is not None else -1
    choices = 2 * len(pos)
    random_ = rng.random
    played = 0
    while played < budget:
        blocked_own = own_last[seat] if alive == 2 and own_streak[seat] >= 2 else -1
        while True:
            k = int(random_() * choices)
            s = k >> 1
            if s == last or s == blocked_own:
                continue
            new = pos[s] + (1 if k & 1 else -1)
            if 0 <= new < counts[s]:
                break
        if stop is not None:  # would it drop a marble? then the rules must see it: stop before it
            if layer_of[s] == 0:
                would = occupied & ((red & keep[s]) | open_masks[s][new]) & white
            else:
                would = occupied & red & ((white & keep[s]) | open_masks[s][new])
            if would:
                stop.append(t.slide_moves[s][1 if new > pos[s] else 0])
                break
        pos[s] = new
        if layer_of[s] == 0:
            red = (red & keep[s]) | open_masks[s][new]
        else:
            white = (white & keep[s]) | open_masks[s][new]
        if s == last:
            streak += 1
        else:
            last, streak = s, 1
        if own_last[seat] == s:
            own_streak[seat] += 1
        else:
            own_last[seat] = s
            own_streak[seat] = 1
        moved += 1
        played += 1
        falling = occupied & red & white
        if falling:
            occupied &= ~falling
            for q in range(n):
                mine = marbles[q] & falling
                if mine:
                    marbles[q] ^= mine
                    fallen[q] += mine.bit_count()
                    if fallen[q] >= mpp:
                        alive -= 1
        if alive <= 1 or moved == limit:
            break
        seat = (seat + 1) % n
        while fallen[seat] >= mpp:
            seat = (seat + 1) % n
    state.red, state.white, state.occupied = red, white, occupied
    gone = state.neutral & ~occupied  # neutral marbles (a ruleset's `neutral:`) that fell in the loop
    if gone:
        state.neutral ^= gone
        state.neutral_fallen += gone.bit_count()
    state.alive, state.last_slide, state.game_streak, state.moves_played = alive, last, streak, moved
    state.seat_to_move = seat
    if alive <= 1 or moved == limit:
        scratch: list[Event] = []
        state.after_turn(seat, scratch)
    return played
