"""The random set-up of Stay Alive, and the one rule that decides whether a board can be set up.

The book sets every slide at random; our decision (GAMES.md section 1) draws again while fewer
cells are closed than there are marbles to place.  On most boards a few draws suffice.  On an odd
board (a house rule) almost every draw may fail, so the draws are bounded and then a search takes
over: starting from a random setting, then from the most closed position of every slide, it moves
one slide at a time to the position that closes most cells (coordinate ascent, which ends because
the count only rises), and on a board with few settings it tries them all.

`closing_setup(tables, need)` is that search without chance.  The loader calls it to check a
ruleset (`validate` reports an error at `marbles_per_player` when it finds nothing), and the
engine falls back to it last, so every ruleset the loader accepts can always be set up.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from marblestudio.engine.stay_alive.board import BoardTables

MAX_DRAWS = 1_000
"""Plain random draws tried before the search takes over (almost every board needs a handful)."""

RANDOM_STARTS = 8
"""Random settings the search climbs from before it climbs from the most closed one."""

SEARCH_STARTS = 32
"""Fixed pseudo-random settings the search without chance also climbs from."""

EXHAUSTIVE_LIMIT = 20_000
"""Boards with at most this many slide settings are searched completely."""


def closed_cells(tables: BoardTables, positions: Sequence[int]) -> int:
    """How many cells are closed (some slide covers them closed) with the slides at `positions`."""
    return tables.cells - tables.open_cells(tuple(positions)).bit_count()


def climb(tables: BoardTables, start: Sequence[int], need: int) -> tuple[tuple[int, ...], int]:
    """Coordinate ascent from `start`: the setting reached and its closed cells (stops at `need`)."""
    choice = list(start)
    best = closed_cells(tables, choice)
    improved = True
    while improved and best < need:
        improved = False
        for s, masks in enumerate(tables.open_masks):
            here = choice[s]
            for p in range(len(masks)):
                if p == here:
                    continue
                choice[s] = p
                count = closed_cells(tables, choice)
                if count > best:
                    best, here, improved = count, p, True
            choice[s] = here
            if best >= need:
                break
    return tuple(choice), best


def _most_closed_start(tables: BoardTables) -> tuple[int, ...]:
    """Every slide at its position with the fewest open cells (the first such position)."""
    return tuple(min(range(len(masks)), key=lambda p: masks[p].bit_count()) for masks in tables.open_masks)


def _settings(tables: BoardTables) -> int:
    count = 1
    for masks in tables.open_masks:
        count *= len(masks)
        if count > EXHAUSTIVE_LIMIT:
            break
    return count


def closing_setup(tables: BoardTables, need: int) -> tuple[int, ...] | None:
    """A setting of the slides that leaves at least `need` cells closed, found by the bounded
    search without chance (from the most closed setting, then from `SEARCH_STARTS` settings of a
    fixed generator, then every setting of a small board); None when it finds none (on a small board: when there is none)."""
    choice, best = climb(tables, _most_closed_start(tables), need)
    if best >= need:
        return choice
    rng = random.Random("closing-setup")  # fixed: the same answer for the loader and the engine
    for _ in range(SEARCH_STARTS):
        choice, best = climb(tables, tuple(rng.randrange(len(m)) for m in tables.open_masks), need)
        if best >= need:
            return choice
    if searched_all(tables):
        for combo in itertools.product(*(range(len(masks)) for masks in tables.open_masks)):
            if closed_cells(tables, combo) >= need:
                return combo
    return None


def searched_all(tables: BoardTables) -> bool:
    """Whether `closing_setup` tries every setting of this board (so None from it is a proof)."""
    return _settings(tables) <= EXHAUSTIVE_LIMIT


def most_closed(tables: BoardTables) -> int:
    """The most closed cells of any setting on a small board, else the most the climb finds (for messages)."""
    if searched_all(tables):
        return max(closed_cells(tables, c) for c in itertools.product(*(range(len(m)) for m in tables.open_masks)))
    return climb(tables, _most_closed_start(tables), tables.cells + 1)[1]


def draw_setup(tables: BoardTables, need: int, rng: random.Random) -> tuple[int, ...]:
    """The seeded set-up: up to `MAX_DRAWS` uniform draws (``rng.randrange(positions)`` per slide
    in ruleset order) until one leaves `need` cells closed; then the search, from `RANDOM_STARTS`
    random settings and last from the most closed one.  Returns the best setting found even when
    it falls short (only for rules the loader would refuse; the engine then names the fault)."""
    masks = tables.open_masks
    best: tuple[int, ...] = ()
    best_closed = -1
    for _ in range(MAX_DRAWS):
        draw = tuple(rng.randrange(len(m)) for m in masks)
        closed = closed_cells(tables, draw)
        if closed >= need:
            return draw
        if closed > best_closed:
            best, best_closed = draw, closed
    for _ in range(RANDOM_STARTS):
        choice, closed = climb(tables, tuple(rng.randrange(len(m)) for m in masks), need)
        if closed >= need:
            return choice
    found = closing_setup(tables, need)
    return best if found is None else found


__all__ = ["EXHAUSTIVE_LIMIT", "MAX_DRAWS", "climb", "closed_cells", "closing_setup", "draw_setup", "most_closed", "searched_all"]
