"""The timing loop that the engine benchmarks share: uniformly random games for a while."""

from __future__ import annotations

import gc
import random
import time

from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE


def random_games(rules, players: int, seconds: float, rng: random.Random) -> tuple[float, float, float]:  # type: ignore[no-untyped-def]
    """Play random games (chance included) for `seconds` of CPU time, at least one game.

    Returns (games/s, player moves/s, mean player moves per game); a move is `legal_moves()`
    plus `apply()` with its events, as a player or a search sees the engine.
    """
    games = moves = 0
    start = time.process_time()
    while time.process_time() - start < seconds or games == 0:
        state = new_game(rules, players)
        while state.outcome() is None:
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            legal = state.legal_moves()
            state.apply(legal[rng.randrange(len(legal))])
            moves += 1
        games += 1
    elapsed = time.process_time() - start
    return games / elapsed, moves / elapsed, moves / games


def search_position(rules, k: int, rng: random.Random):  # type: ignore[no-untyped-def]
    """The `k`th position the search benchmarks start from: 4 + 6k player moves into a random
    two-player game (a new game when one ends first), with more than one legal move."""
    state, steps = new_game(rules, 2), 0
    while True:
        if state.outcome() is not None:
            state, steps = new_game(rules, 2), 0
        elif state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            moves = state.legal_moves()
            if steps >= 4 + 6 * k and len(moves) > 1:
                return state
            state.apply(moves[rng.randrange(len(moves))])
            steps += 1


def search_speed(rules, seed: str, positions: int, iterations: int, clock=time.process_time) -> float:  # type: ignore[no-untyped-def]
    """MCTS iterations per second: a search of `iterations` from each of `positions` positions
    (`search_position(rules, k, random.Random(f"{seed}:{k}"))`), timed by `clock` (CPU time by default)."""
    from marblestudio.agents import Search, SearchConfig

    # A measurement of a quarter of a second: one full collection of the cyclic garbage collector
    # (about 40 ms with Rock Me Archimedes' caches filled by the benchmarks run before it) took
    # 15% off it, or not, by what that process had run before.  Each measurement starts from a
    # collected heap, so that its figure does not depend on that.
    gc.collect()
    done, spent = 0, 0.0
    for k in range(positions):
        state = search_position(rules, k, random.Random(f"{seed}:{k}"))
        search = Search(state, state.to_move, SearchConfig(iterations=iterations), random.Random(k))
        start = clock()
        search.run()
        spent += clock() - start
        done += search.iterations_done
    return done / spent
