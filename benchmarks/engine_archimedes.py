"""Rock Me Archimedes engine speed on one core (issue 7), and the calibration split.

Times are CPU time of this process.  Prints random playouts/s and mean player moves per game
of `archimedes/standard`, twice: through `legal_moves()` and `apply()` (what drivers, records and
the conformance test do: every marble move is listed at each roll step) and through the state's
own `random_playout` (what search does: a move is drawn without listing them), tilt evaluations/s (`Balance.tilt`: the exact rest slope and the
touch decision of one position), and how seeded random games end: by a tip, by four marbles
home, or capped by the move limit (game i of seed S uses `playtest.game_rng(S, i)`).  Run by
`benchmarks/engine.py`, or alone:
``python benchmarks/engine_archimedes.py [--seconds S] [--games N] [--all]``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from marblestudio.engine import new_game
from marblestudio.engine.archimedes import Balance
from marblestudio.engine.core import CHANCE, Termination
from marblestudio.playtest import game_rng
from marblestudio.rulesets import load
from _random_games import random_games
from marblestudio.rulesets.catalog import list_rulesets


def playouts(rules, seconds: float) -> tuple[float, float, float]:  # type: ignore[no-untyped-def]
    """Random games for `seconds`: (games/s, player moves/s, mean player moves per game)."""
    return random_games(rules, 2, seconds, random.Random(2026))


def fast_playouts(rules, seconds: float) -> tuple[float, float, float]:  # type: ignore[no-untyped-def]
    """`State.random_playout` for `seconds`: (games/s, player moves/s, mean player moves per game)."""
    rng = random.Random(2026)
    games = moves = 0
    start = time.process_time()
    while time.process_time() - start < seconds or games == 0:
        moves += new_game(rules, 2).random_playout(rng)
        games += 1
    elapsed = time.process_time() - start
    return games / elapsed, moves / elapsed, moves / games


def tilts(rules, seconds: float) -> float:  # type: ignore[no-untyped-def]
    """Tilt evaluations per second over random positions of up to 24 marbles."""
    balance = Balance(rules.family)
    rng = random.Random(3)
    rows = rules.family.rows
    positions = []
    for _ in range(1000):
        n = rng.randrange(25)
        positions.append((sum(balance.moment(rng.randrange(rows)) for _ in range(n)), n))
    done = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for k, n in positions:
            balance.tilt(k, n)
        done += len(positions)
    return done / (time.process_time() - start)


def split(rules, games: int, seed: str = "calibration") -> dict[str, int]:  # type: ignore[no-untyped-def]
    """How `games` seeded random games end: {"tip", "home", "capped"}."""
    counts = {"tip": 0, "home": 0, "capped": 0}
    for index in range(games):
        rng = game_rng(seed, index)
        state = new_game(rules, 2)
        while state.outcome() is None:
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                legal = state.legal_moves()
                state.apply(legal[rng.randrange(len(legal))])
        outcome = state.outcome()
        assert outcome is not None
        if outcome.termination is Termination.CAPPED:
            counts["capped"] += 1
        elif "touched" in outcome.reason:
            counts["tip"] += 1
        else:
            counts["home"] += 1
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default 3)")
    parser.add_argument("--games", type=int, default=100, help="seeded games for the calibration split (default 100)")
    parser.add_argument("--all", action="store_true", help="the split of every bundled Archimedes ruleset, not only standard")
    args = parser.parse_args(argv)
    rules = load("archimedes/standard")
    print("Rock Me Archimedes, standard rules, 2 players, one core")
    games_s, moves_s, mean = playouts(rules, args.seconds)
    print(f"  random playouts (legal_moves+apply):{games_s:12,.1f} games/s")
    print(f"  random player moves:                {moves_s:12,.0f} moves/s")
    print(f"  mean player moves per game:         {mean:12.1f}")
    games_s, moves_s, mean = fast_playouts(rules, args.seconds)
    print(f"  random playouts (random_playout):   {games_s:12,.1f} games/s")
    print(f"  random player moves:                {moves_s:12,.0f} moves/s")
    print(f"  mean player moves per game:         {mean:12.1f}")
    print(f"  tilt evaluations (Balance.tilt):    {tilts(rules, args.seconds):12,.0f} positions/s")
    ids = sorted(e.id for e in list_rulesets() if e.game == "archimedes" and e.bundled) if args.all else [rules.id]
    if args.games < 1:
        return 0
    print(f"  how {args.games} seeded random games end (seed 'calibration'):")
    for ruleset_id in ids:
        counts = split(load(ruleset_id), args.games)
        shares = "   ".join(f"{name} {100 * n / args.games:5.1f}%" for name, n in counts.items())
        print(f"    {ruleset_id:28} {shares}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
