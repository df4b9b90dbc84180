"""Engine speed for 4-player standard ALIVE on one core (targets from issue 5).

Prints complete random games per second (target >= 100 games/s, chance deals included),
player decisions per second (legal_moves + apply with events), mean decisions per game, and the
cost of `copy()` and `determinize()`.  Usage: ``python benchmarks/engine_alive.py [--seconds S]``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE
from marblestudio.rulesets import load
from _random_games import random_games

PLAYERS = 4


def random_alive_games(rules, seconds: float) -> tuple[float, float, float]:  # type: ignore[no-untyped-def]
    """Random games for `seconds`: (games/s, player decisions/s, mean decisions per game)."""
    return random_games(rules, PLAYERS, seconds, random.Random(2026))


def mid_game_states(rules, count: int) -> list:  # type: ignore[no-untyped-def,type-arg]
    """States 10 to 60 decisions into random games, a player to move."""
    rng = random.Random(11)
    states = []
    while len(states) < count:
        state = new_game(rules, PLAYERS)
        for _ in range(rng.randrange(10, 60)):
            if state.outcome() is not None:
                break
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                legal = state.legal_moves()
                state.apply(legal[rng.randrange(len(legal))])
        if state.outcome() is None and state.to_move != CHANCE:
            states.append(state)
    return states


def copy_and_determinize(rules, rounds: int = 100) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """Microseconds per copy() and per determinize() on mid-game states."""
    states = mid_game_states(rules, 200)
    rng = random.Random(3)
    start = time.perf_counter()
    for _ in range(rounds):
        for s in states:
            s.copy()
    copy_us = (time.perf_counter() - start) / (rounds * len(states)) * 1e6
    start = time.perf_counter()
    for _ in range(rounds):
        for s in states:
            s.determinize(s.to_move, rng)
    det_us = (time.perf_counter() - start) / (rounds * len(states)) * 1e6
    return copy_us, det_us


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default 3)")
    args = parser.parse_args(argv)
    rules = load("alive/standard")
    print(f"ALIVE, standard rules, {PLAYERS} players, one core")
    games_s, decisions_s, mean = random_alive_games(rules, args.seconds)
    print(f"  complete random games (deals included):    {games_s:12,.0f} games/s     (target >= 100)")
    print(f"  player decisions (legal_moves + apply):    {decisions_s:12,.0f} decisions/s")
    print(f"  mean decisions per game:                   {mean:12.1f}")
    copy_us, det_us = copy_and_determinize(rules)
    print(f"  copy():                                    {copy_us:12.2f} us")
    print(f"  determinize():                             {det_us:12.2f} us")
    return 0


if __name__ == "__main__":
    sys.exit(main())
