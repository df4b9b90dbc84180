"""A fast random playout of Rock Me Archimedes, for search and benchmarks.

A roll step offers about a hundred marble moves; listing them all to pick one is most of the
cost of a random game.  Here a marble move is drawn by rejection instead, without listing:

- a candidate is an unmoved marble, rolled or lifted, a length L of 1 to the spaces left, and
  a direction for each of the L spaces (a direction fixes the next cup: the neighbour, or the
  cup beyond a line of opponent marbles), drawn uniformly among all of them;
- a rolled candidate is accepted when its path is one the rules allow (no blocked space, no cup
  twice) and leaves a roll the other marbles can use up (`Tables.completes`): each legal rolled
  move is exactly one candidate;
- a lifted candidate (start, destination, L) is reached by as many candidates as there are
  paths of L spaces to that destination, m; it is accepted with probability 1/m.

So each legal move has the same chance per draw, and the accepted one is uniform among the legal
moves, as picking from `legal_moves()` would be (the draws from the generator differ).  After
`TRIES` rejected draws (a position with few legal moves) the move is picked from the full
listing, which is uniform as well, and is the only way to find that the mover must pass.  At
the start of a turn the choice is drawn among the free midzone cups and the roll, as
`legal_moves` lists them; chance goes through `sample_chance`; every move is played by
the state's own code (`play_move`, as `apply` does after its check, without building the events),
so the rules are exactly those of `apply`.
"""

from __future__ import annotations

import random
from itertools import product
from typing import TYPE_CHECKING

from marblestudio.engine.archimedes.movegen import indexes
from marblestudio.engine.archimedes.moves import Roll
from marblestudio.engine.archimedes.phases import Phase
from marblestudio.engine.archimedes.rules import Carrying
from marblestudio.engine.core import CHANCE, Move
from marblestudio.engine.draws import below

if TYPE_CHECKING:
    from marblestudio.engine.archimedes.state import ArchimedesState

ROLL = Roll()

TRIES = 48
"""Rejected draws before a marble move is picked from the full listing instead."""


def random_playout(state: ArchimedesState, rng: random.Random, max_steps: int = 1_000_000) -> int:
    """Play `state` to its end with uniformly random moves; return the number of player moves."""
    seats = state.seat_bits()  # each seat's marbles as a bitmask, kept up to date by the moves
    played = 0
    while state.result is None and played < max_steps:
        phase = state.phase
        if phase is Phase.DIE or phase is Phase.START:
            state.play_move(state.sample_chance(rng), record=False)
            continue
        state.play_move(draw_move(state, rng, seats), record=False)
        played += 1
    return played


def hooked_playout(state: ArchimedesState, rng: random.Random, max_steps: int = 1_000_000) -> int:
    """A random playout of a game with rule pieces: the moves are drawn as `random_playout` draws
    them (without listing every marble move), and every step, chance included, goes through the
    state's `play`, where the rules' triggers read its events and keep their count of turns."""
    seats = state.seat_bits()
    played = 0
    while state.outcome() is None and played < max_steps:
        if state.to_move == CHANCE:
            move = state.sample_chance(rng)
            state.vouch(move)  # drawn from the odds: `apply` need not list the outcomes to check it
            state.play(move)
            continue
        move = draw_move(state, rng, seats)
        state.vouch(move)  # drawn by the rules: `apply` need not list every move to check it
        state.play(move)  # through the rules' triggers (quietly when none listens: see `Ruled.play`)
        played += 1
    return played


def draw_move(state: ArchimedesState, rng: random.Random, seats: list[int]) -> Move:
    """A move of the seat to move, uniformly among its legal moves (`seats`: `state.seat_bits()`)."""
    phase, seat, move = state.phase, state.mover, None
    if phase is Phase.MOVING:
        bit_of = state.tables.bit_of
        unmoved = seats[seat]
        for cup in state.moved:
            unmoved &= ~bit_of[cup]
        # as `state.masks()`: the neutral marbles (0 without them) block as the mover's own
        move = sample_marble_move(state, rng, TRIES, (seats[seat] | state.neutral, seats[1 - seat], indexes(unmoved)))
    elif phase is Phase.CHOOSE:  # as `legal_moves`: the free midzone cups, then roll, else pass
        board = state.board
        places = [p for p in state.place_moves if p.cup not in board] if state.supply[seat] > 0 else []
        options = len(places) + (1 if seats[seat] else 0)
        if options:
            pick = below(rng, options)
            move = places[pick] if pick < len(places) else ROLL
    if move is None:
        legal = state.legal_moves()
        move = legal[below(rng, len(legal))]
    return move


def sample_marble_move(
    state: ArchimedesState, rng: random.Random, tries: int = TRIES, board: tuple[int, int, tuple[int, ...]] | None = None
) -> Move | None:
    """A marble move drawn uniformly among the legal ones by rejection, or None after `tries`
    rejected draws (the caller then picks from `legal_moves()`).  `board`: `state.masks()`, if
    the caller knows it."""
    tables = state.tables
    mine, theirs, unmoved = state.masks() if board is None else board
    remaining = state.remaining
    if not unmoved or remaining < 1:
        return None
    rolling = state.rules.carrying is not Carrying.LIFT_ONLY
    # Candidates of one marble: [rolled, then lifted] x (a length L of 1..remaining, L directions).
    codes = _codes(remaining)
    per_kind = len(codes)
    per_marble = per_kind * (2 if rolling else 1)
    total = per_marble * len(unmoved)
    ray4, size, most = tables.ray4, len(tables.cups), remaining + 1
    # What the draws found out on this board, made when first needed (most draws need none):
    memo: dict[int, list[int]] | None = None  # each cup's spaces
    witnesses: dict[int, int | None] | None = None
    good: dict[int, bool] | None = None  # (start, destination, L) as one integer -> the roll can be used up
    counts: dict[int, dict[int, int]] | None = None  # start -> its `path_counts`
    random_ = rng.random
    for _ in range(tries):
        drawn = int(random_() * total)
        which, y = drawn // per_marble, drawn % per_marble
        start = unmoved[which]
        if y >= per_kind:  # the second half: lifted
            length, directions = codes[y - per_kind]
            lifted = True
        else:  # the first half: rolled, or lifted when marbles are never rolled (variation 3)
            length, directions = codes[y]
            lifted = not rolling
        cup, visited, path = start, 1 << start, []
        for direction in directions:
            s = tables.step_along(mine, theirs, ray4[cup][direction])  # cheaper than remembering it
            if s < 0 or visited >> (s >> 1) & 1:
                break
            cup = s >> 1
            visited |= 1 << cup
            path.append(s)
        else:
            if memo is None:
                memo = {}
            if length < remaining:
                if good is None or witnesses is None:
                    good, witnesses = {}, {}
                which_key = (start * size + cup) * most + length
                ok = good.get(which_key)
                if ok is None:
                    rest = tuple([m for m in unmoved if m != start])
                    ok = bool(rest) and tables.completes(mine, theirs, start, cup, rest, remaining - length, memo, witnesses)
                    good[which_key] = ok
                if not ok:
                    continue
            if not lifted:
                return tables.rolled(start, path)  # the listing's own object: built once per grid
            if counts is None:
                counts = {}
            found = counts.get(start)
            if found is None:
                found = counts[start] = tables.path_counts(mine, theirs, start, remaining, memo)
            if random_() * found[length * size + cup] < 1:
                return tables.lifted(start, cup, length)
    return None


_CODES: list[tuple[tuple[int, tuple[int, ...]], ...]] = []
"""`_codes(n)` at index n, as far as asked for so far."""


def _codes(most: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every (L, directions) with L from 1 to `most` and L directions (0-3, as in DIRECTIONS)."""
    while len(_CODES) <= most:
        n = len(_CODES)
        _CODES.append(tuple((length, dirs) for length in range(1, n + 1) for dirs in product(range(4), repeat=length)))
    return _CODES[most]
