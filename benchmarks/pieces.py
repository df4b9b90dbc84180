"""Rule pieces' cost (issue 16), every family, before and after side by side, CPU time of one process.

For each family's standard ruleset: random playouts per second through `State.random_playout`
(what search uses) and MCTS iterations per second from seeded positions.  With ``--before REV``
(default: the commit before rule pieces) the same figures are measured for that revision in a
git worktree, in a subprocess, and printed next to this tree's (target: the bundled rulesets lose
at most 10%).  Then each family's one-trigger house rule (examples/house-rules) against its base
through the same path (target: at least half of the base's playouts/s).

The house rules are measured against their bases in turn, round after round, and the median
ratio printed: this machine's speed drifts by tens of percent within a minute, which one window
each cannot tell from a change.

Usage: ``python benchmarks/pieces.py [--seconds S] [--before REV] [--rounds N]``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BEFORE = "3ac2c89"  # the last commit before rule pieces
BASES = {
    "stay-alive": "stay-alive/standard",
    "alive": "alive/standard",
    "avalanche": "avalanche/standard",
    "archimedes": "archimedes/standard",
    "mancala": "mancala/kalah",
}
HOUSE = {  # one trigger with one expression each
    "stay-alive": "stay-alive-fall-again.yaml",
    "alive": "alive-lucky-seven.yaml",
    "avalanche": "avalanche-card-again.yaml",
    "archimedes": "archimedes-three-again.yaml",
    "mancala": "mancala-capture-again.yaml",
}


def playouts_per_second(ref: str, seconds: float, generic: bool = False, moves: bool = False) -> float:
    """Random games per second through `random_playout` (a family's fast loop, the path MCTS's
    random rollouts take), or with `generic` through legal_moves + play (`State.random_playout`); with
    `moves`, the player moves played per second instead (a house rule that gives extra turns makes
    longer games: moves/s compares the speed of play itself)."""
    from marblestudio.engine import new_game
    from marblestudio.engine.core import State
    from marblestudio.rulesets import load

    rules = load(ref)
    rng = random.Random(7)
    games = played = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = new_game(rules, 2)
        played += State.random_playout(state, rng) if generic else state.random_playout(rng)
        games += 1
    return (played if moves else games) / (time.process_time() - start)


def mcts_per_second(ref: str, family: str, positions: int = 3, iterations: int = 200) -> float:
    """MCTS iterations per second from positions seeded by the `family`'s name, so that a house
    rule and its base search from games drawn by the same generator."""
    from _random_games import search_speed
    from marblestudio.rulesets import load

    return float(search_speed(load(ref), f"speed:{family}", positions, iterations))


def paired(base: str, house: str, family: str, seconds: float, rounds: int) -> dict[str, float]:
    """The house rule's figures over its base's, measured in turn (base, house) `rounds` times
    after a warm-up of each: the median ratio of each figure."""
    import statistics

    playouts_per_second(base, seconds / 4)
    playouts_per_second(house, seconds / 4)
    found: dict[str, list[float]] = {"playouts": [], "moves": [], "mcts": [], "generic": []}
    for _ in range(rounds):
        for key, measure_ in (("playouts", lambda ref: playouts_per_second(ref, seconds)),
                              ("moves", lambda ref: playouts_per_second(ref, seconds, moves=True)),
                              ("mcts", lambda ref: mcts_per_second(ref, family)),
                              ("generic", lambda ref: playouts_per_second(ref, seconds / 2, generic=True))):
            before = measure_(base)
            found[key].append(measure_(house) / before)
    return {key: statistics.median(values) for key, values in found.items()}


def measure(refs: dict[str, str], seconds: float) -> dict[str, dict[str, float]]:
    return {
        family: {"playouts": playouts_per_second(ref, seconds), "generic": playouts_per_second(ref, seconds, generic=True),
                 "moves": playouts_per_second(ref, seconds, moves=True), "mcts": mcts_per_second(ref, family)}
        for family, ref in refs.items()
    }


def before(rev: str, seconds: float) -> dict[str, dict[str, float]]:
    """The same figures for revision `rev`, from a git worktree in a subprocess."""
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "before"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(tree), rev], check=True)
        try:
            env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tree / "src"), str(tree / "examples" / "mancala" / "src"), str(HERE)])}
            out = subprocess.run([sys.executable, str(HERE / "pieces.py"), "--measure-only", "--seconds", str(seconds)],
                                 env=env, cwd=str(tree), capture_output=True, text=True, check=True).stdout
            return json.loads(out)  # type: ignore[no-any-return]
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--before", default=BEFORE)
    parser.add_argument("--rounds", type=int, default=3, help="paired rounds of each house rule against its base")
    parser.add_argument("--measure-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure_only:
        print(json.dumps(measure(BASES, args.seconds)))
        return 0
    old = before(args.before, args.seconds)
    new = measure(BASES, args.seconds)
    print(f"Bundled rulesets, before ({args.before}) and after (this tree); target: at most 10% lost")
    print(f"  {'family':<11} {'playouts/s before':>18} {'after':>9} {'ratio':>6}   {'MCTS it/s before':>17} {'after':>8} {'ratio':>6}")
    for family in BASES:
        a, b = old[family], new[family]
        print(f"  {family:<11} {a['playouts']:18.0f} {b['playouts']:9.0f} {b['playouts'] / a['playouts']:6.2f}   "
              f"{a['mcts']:17.0f} {b['mcts']:8.0f} {b['mcts'] / a['mcts']:6.2f}")
    print("A house rule with one trigger expression against its base, paired: base and house measured in turn, "
          f"{args.rounds} rounds after a warm-up, the median of the rounds' ratios (this machine's speed drifts by "
          "tens of percent within a minute). Target: at least 0.5 through random_playout, the path MCTS's rollouts "
          "take, and in MCTS itself; moves/s: the same playouts as player moves per second (a rule that gives extra "
          "turns makes longer games); legal_moves + play, the generic loop, for reference")
    print(f"  {'family':<11} {'house rule':<28} {'random_playout':>14} {'moves/s':>8} {'MCTS':>6} {'legal+play':>10}")
    for family, name in HOUSE.items():
        ratios = paired(BASES[family], str(ROOT / "examples" / "house-rules" / name), family, args.seconds, args.rounds)
        print(f"  {family:<11} {name:<28} {ratios['playouts']:14.2f} {ratios['moves']:8.2f} {ratios['mcts']:6.2f} {ratios['generic']:10.2f}",
              flush=True)
    print("  (random_playout of a house rule: Stay Alive's fast loop stops at each move that drops a marble, plays it through the family's apply and tells the rules its events; "
          "Avalanche's plays quietly and builds only the events its rules read; Archimedes' draws its moves without listing "
          "them, plays those whose events no rule reads itself and tells the rules each die roll's event; Mancala's plays every move itself and tells the rules the events of those that fire one; "
          "ALIVE's draws among the playable cards and tells the rules each card's events; a trigger whose condition's "
          "quick test of the event alone fails is skipped without its context)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
