"""Avalanche engine speed on one core (issue 6): drops per second on the bundled board, and
random playouts per second of 3-player Standard.

Times are CPU time of this process.  Prints: raw cascade drops/s (`Board.drop` without
events, as Expert II's pass search uses it), drops/s through `State.apply` (with the event
story, as a game does), random playouts/s and mean player moves per game of 3-player
`avalanche/standard`, and the cost of Expert II's exact pass check.  Run by
`benchmarks/engine.py`, or alone: ``python benchmarks/engine_avalanche.py [--seconds S]``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from marblestudio.engine import new_game
from marblestudio.engine.avalanche.cascade import EMPTY, Board
from marblestudio.rulesets import load
from _random_games import random_games


def raw_drops(board: Board, seconds: float) -> float:
    rng = random.Random(1)
    tilt = [rng.randrange(2) for _ in range(board.size)]
    held = [EMPTY] * board.size
    holes = len(board.holes)
    drops = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(1000):
            board.drop(tilt, held, rng.randrange(holes), rng.randrange(3))
        drops += 1000
    return drops / (time.process_time() - start)


def playouts(rules, seconds: float) -> float:  # type: ignore[no-untyped-def]
    """Complete random playouts of 3-player games with `State.random_playout` (what search uses)."""
    rng = random.Random(7)
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        new_game(rules, 3).random_playout(rng)
        games += 1
    return games / (time.process_time() - start)


def pass_checks(rules, count: int = 300) -> float:  # type: ignore[no-untyped-def]
    """Microseconds per exact 'can anything fall?' check with 1 to 4 marbles in hand."""
    rng = random.Random(5)
    state = new_game(rules, 2)
    state.apply(state.sample_chance(rng))
    board = state.board
    cases = []
    for _ in range(count):
        tilt = [rng.randrange(2) for _ in range(board.size)]
        held = [0 if rng.random() < 0.5 else EMPTY for _ in range(board.size)]
        cases.append((tilt, held, rng.randrange(1, 5)))
    start = time.process_time()
    for tilt, held, marbles in cases:
        board.can_fall(tilt, held, marbles)
    return (time.process_time() - start) / count * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    args = parser.parse_args(argv)
    standard = load("avalanche/standard")
    board = Board(standard.family)
    print(f"avalanche: cascade drops/s on the bundled board ({board.size} gates): {raw_drops(board, args.seconds):,.0f}")
    games, moves, per_game = random_games(standard, 3, args.seconds, random.Random(2026))
    print(f"avalanche: drops/s through State.apply (3-player Standard, random play): {moves:,.0f}")
    print(f"avalanche: random games/s of 3-player Standard with events: {games:,.1f} (mean {per_game:.1f} player moves per game)")
    print(f"avalanche: random playouts/s of 3-player Standard (State.random_playout): {playouts(standard, args.seconds):,.1f}")
    print(f"avalanche: Expert II exact pass check: {pass_checks(load('avalanche/expert-2')):,.0f} us per check")
    return 0


if __name__ == "__main__":
    sys.exit(main())
