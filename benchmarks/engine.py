"""Engine speed for 2-player standard Stay Alive on one core (targets from issue 3).

Times are CPU time of this process (`time.process_time`), so other work on the machine
skews them less.  Prints random moves per second (target >= 100,000), complete random playouts per second
(target >= 2,000), mean moves per game, and the cost of `copy()` and `apply()`.  Then runs every
`benchmarks/engine_<family>.py` next to this file (other game families add them), which print
their own figures.  Usage: ``python benchmarks/engine.py [--seconds S] [--no-families]``.
"""

from __future__ import annotations

import argparse
import random
import runpy
import sys
import time
from pathlib import Path

from marblestudio.engine import new_game
from marblestudio.rulesets import load
from _random_games import random_games

HERE = Path(__file__).resolve().parent


def random_moves(rules, seconds: float) -> tuple[float, float, float]:  # type: ignore[no-untyped-def]
    """Play random games for `seconds`: (player moves/s, games/s, mean moves per game)."""
    games_per_s, moves_per_s, mean = random_games(rules, 2, seconds, random.Random(2026))
    return moves_per_s, games_per_s, mean


def playouts(rules, seconds: float) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """Complete random playouts with `State.random_playout` (what search uses): (games/s, moves/game)."""
    rng = random.Random(7)
    games = moves = 0
    start = time.process_time()
    end = start + seconds
    while time.process_time() < end:
        state = new_game(rules, 2)
        moves += state.random_playout(rng)
        games += 1
    elapsed = time.process_time() - start
    return games / elapsed, moves / games


def mid_game_states(rules, count: int) -> list:  # type: ignore[no-untyped-def,type-arg]
    """States 20 to 60 player moves into random games."""
    rng = random.Random(11)
    states = []
    while len(states) < count:
        state = new_game(rules, 2)
        state.apply(state.sample_chance(rng))
        for _ in range(rng.randrange(20, 60)):
            if state.outcome() is not None:
                break
            legal = state.legal_moves()
            state.apply(legal[rng.randrange(len(legal))])
        if state.outcome() is None:
            states.append(state)
    return states


def copy_and_apply(rules, rounds: int = 200) -> tuple[float, float, float]:  # type: ignore[no-untyped-def]
    """Microseconds per copy(), per apply() and per legal_moves() on mid-game states."""
    states = mid_game_states(rules, 200)
    pairs = [(s, s.legal_moves()[0]) for s in states]
    start = time.process_time()
    for _ in range(rounds):
        for s in states:
            s.copy()
    copy_us = (time.process_time() - start) / (rounds * len(states)) * 1e6
    start = time.process_time()
    for _ in range(rounds):
        for s, move in pairs:
            s.copy().apply(move)
    apply_us = (time.process_time() - start) / (rounds * len(states)) * 1e6 - copy_us
    start = time.process_time()
    for _ in range(rounds):
        for s in states:
            s.legal_moves()
    legal_us = (time.process_time() - start) / (rounds * len(states)) * 1e6
    return copy_us, apply_us, legal_us


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default 3)")
    parser.add_argument("--no-families", action="store_true", help="skip benchmarks/engine_<family>.py")
    args = parser.parse_args(argv)
    rules = load("stay-alive/standard")
    print("Stay Alive, standard rules, 2 players, one core")
    per_s, games_s, mean = random_moves(rules, args.seconds)
    print(f"  random moves (legal_moves + apply, events built): {per_s:12,.0f} moves/s   (target >= 100,000)")
    print(f"  the same as whole games:                          {games_s:12,.0f} games/s")
    print(f"  mean moves per game (player moves):               {mean:12.1f}")
    play_s, play_mean = playouts(rules, args.seconds)
    print(f"  complete random playouts (random_playout):        {play_s:12,.0f} playouts/s (target >= 2,000)")
    print(f"  mean moves per playout:                           {play_mean:12.1f}")
    copy_us, apply_us, legal_us = copy_and_apply(rules)
    print(f"  copy():                                           {copy_us:12.2f} us")
    print(f"  apply() of a slide move:                          {apply_us:12.2f} us")
    print(f"  legal_moves() while sliding:                      {legal_us:12.2f} us")
    if not args.no_families:
        for path in sorted(HERE.glob("engine_*.py")):
            print(f"\n== {path.name}")
            sys.stdout.flush()
            try:
                runpy.run_path(str(path), run_name="__main__")
            except SystemExit as exc:
                if exc.code not in (0, None):
                    print(f"{path.name} exited with {exc.code}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
