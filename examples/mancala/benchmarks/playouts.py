"""Mancala engine speed on one core: complete random games per second, Kalah and Oware.

Two ways, as the main benchmarks measure the other families: `State.random_playout` (what a
search uses; target >= 5,000 Kalah games/s) and `legal_moves()` + `apply()` with every event (as
a player, the app or a playtest sees the engine; target >= 1,500 Kalah games/s).  Times are CPU
time of this process (`time.process_time`), so other work on the machine skews them less.
Usage: ``python examples/mancala/benchmarks/playouts.py [--seconds S]``.
"""

from __future__ import annotations

import argparse
import random
import time

from marblestudio import rulesets
from marblestudio.engine.rules import Ruleset

from marblestudio_mancala.engine import new_game

NAMES = ("kalah", "oware")
TARGETS = {"kalah": (5_000, 1_500)}


def playouts(rules: Ruleset, seconds: float) -> tuple[float, float]:
    """Complete games by `random_playout`: (games/s, moves per game)."""
    rng = random.Random(7)
    games = moves = 0
    start = time.process_time()
    while time.process_time() - start < seconds or games == 0:
        state = new_game(rules, 2)
        moves += state.random_playout(rng)
        games += 1
    return games / (time.process_time() - start), moves / games


def applied(rules: Ruleset, seconds: float) -> tuple[float, float]:
    """Complete games by `legal_moves()` + `apply()`: (games/s, moves per game)."""
    rng = random.Random(7)
    games = moves = 0
    start = time.process_time()
    while time.process_time() - start < seconds or games == 0:
        state = new_game(rules, 2)
        while state.outcome() is None:
            legal = state.legal_moves()
            state.apply(legal[rng.randrange(len(legal))])
            moves += 1
        games += 1
    return games / (time.process_time() - start), moves / games


def copy_us(rules: Ruleset, rounds: int = 20_000) -> float:
    """Microseconds per `copy()` of a position 20 moves into a random game."""
    rng = random.Random(3)
    state = new_game(rules, 2)
    state.random_playout(rng, max_steps=20)
    start = time.process_time()
    for _ in range(rounds):
        state.copy()
    return (time.process_time() - start) / rounds * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per figure (default 3)")
    args = parser.parse_args()
    for name in NAMES:
        rules = rulesets.load(f"mancala/{name}")
        fast, fast_moves = playouts(rules, args.seconds)
        full, full_moves = applied(rules, args.seconds)
        target = TARGETS.get(name)
        aims = (f" (targets {target[0]:,} / {target[1]:,})" if target else "")
        print(f"mancala/{name}: random_playout {fast:,.0f} games/s ({fast_moves:.1f} moves/game); "
              f"legal_moves + apply {full:,.0f} games/s ({full_moves:.1f} moves/game){aims}; "
              f"copy {copy_us(rules):.2f} us")


if __name__ == "__main__":
    main()
