"""Speed where players feel it (issue 17), before and after side by side, CPU time of one process.

Engine and search, for every family's standard ruleset (two players):

- random games per second through `legal_moves()` + `apply()` (what drivers, records and the
  conformance test do), and through the state's own `random_playout` (a family's fast loop);
- MCTS iterations per second with the current evaluator, from the positions `benchmarks/agents.py`
  searches (4 + 6k player moves into seeded random games; 4 positions, 300 iterations each).

Targets: Archimedes >= 170 games/s through legal_moves+apply, >= 600 through random_playout and
MCTS >= 3,000 it/s; Avalanche and ALIVE MCTS up 2x.  The command line (wall time, median of 7
fresh processes, with the bytecode cache a user has from the second run on; the figures
with no cache are printed too): `marblestudio validate rulesets/` <= 0.30 s and `marblestudio --help` <= 0.15 s.

With ``--before REV`` (default: the commit this issue started from) the same figures are measured
for that revision in a git worktree, in a subprocess running this very script, and printed next
to this tree's.  Usage: ``python benchmarks/speed.py [--seconds S] [--before REV] [--only FAMILY] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BEFORE = "18957a8"  # the last commit before issue 17
BASES = {
    "stay-alive": "stay-alive/standard",
    "alive": "alive/standard",
    "avalanche": "avalanche/standard",
    "archimedes": "archimedes/standard",
    "mancala": "mancala/kalah",
}


def generic_games(ref: str, seconds: float) -> float:
    """Random games per second through legal_moves + apply (chance sampled)."""
    from _random_games import random_games
    from marblestudio.rulesets import load

    games_s, _, _ = random_games(load(ref), 2, seconds, random.Random(2026))
    return float(games_s)


def fast_games(ref: str, seconds: float) -> float:
    """Random games per second through the state's `random_playout`."""
    from marblestudio.engine import new_game
    from marblestudio.rulesets import load

    rules = load(ref)
    rng = random.Random(2026)
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds or games == 0:
        new_game(rules, 2).random_playout(rng)
        games += 1
    return games / (time.process_time() - start)


def mcts(ref: str, positions: int = 4, iterations: int = 300) -> float:
    """MCTS iterations per second (CPU time) from the positions benchmarks/agents.py searches."""
    from _random_games import search_speed
    from marblestudio.rulesets import load

    rules = load(ref)
    return float(search_speed(rules, f"speed:{rules.game}", positions, iterations))


def command_seconds(args: list[str], runs: int = 7, cold: bool = False) -> float:
    """The median wall time of `marblestudio ARGS` in a fresh interpreter (the cost a user waits):
    with Python's compiled bytecode cached, as from a user's second run on (a first run writes it;
    pip compiles an installed package's), or with `cold` compiling every module each time (a run
    with PYTHONDONTWRITEBYTECODE set and no cache, as on this development machine).  The cache is a
    private one (PYTHONPYCACHEPREFIX), so the figures never depend on what an earlier run left."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    command = [sys.executable, "-m", "marblestudio", *args]
    with tempfile.TemporaryDirectory() as cache:
        env["PYTHONPYCACHEPREFIX"] = cache
        if cold:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        else:
            subprocess.run(command, capture_output=True, check=False, cwd=str(ROOT), env=env)  # writes the cache
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run(command, capture_output=True, check=False, cwd=str(ROOT), env=env)
            times.append(time.perf_counter() - start)
    return statistics.median(times)


def measure(families: list[str], seconds: float) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for family in families:
        ref = BASES[family]
        out[family] = {"generic": generic_games(ref, seconds), "fast": fast_games(ref, seconds), "mcts": mcts(ref)}
    out["cli"] = {"validate": command_seconds(["validate", "rulesets/"]), "help": command_seconds(["--help"]),
                  "validate_cold": command_seconds(["validate", "rulesets/"], cold=True), "help_cold": command_seconds(["--help"], cold=True)}
    return out


def before(rev: str, families: list[str], seconds: float) -> dict[str, Any]:
    """The same figures for revision `rev`, from a git worktree in a subprocess."""
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "before"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(tree), rev], check=True)
        try:
            paths = [str(tree / "src"), str(tree / "examples" / "mancala" / "src"), str(HERE)]
            env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
            command = [sys.executable, str(HERE / "speed.py"), "--measure-only", "--seconds", str(seconds), "--root", str(tree)]
            for family in families:
                command += ["--only", family]
            out = subprocess.run(command, env=env, cwd=str(tree), capture_output=True, text=True, check=True).stdout
            return json.loads(out)  # type: ignore[no-any-return]
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=True)


def _row(name: str, old: float | None, new: float, unit: str, higher_is_better: bool = True) -> str:
    digits = 1 if higher_is_better else 3
    if old is None:
        return f"  {name:<44} {'-':>10} {new:>10,.{digits}f} {unit}"
    ratio = new / old if higher_is_better else old / new
    return f"  {name:<44} {old:>10,.{digits}f} {new:>10,.{digits}f} {unit:<8} x{ratio:.2f} faster"


def main() -> int:
    global ROOT
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per playout measurement (default 3)")
    parser.add_argument("--before", default=BEFORE, help=f"the revision to compare with (default {BEFORE}); 'none' skips it")
    parser.add_argument("--only", action="append", choices=sorted(BASES), help="measure only this family (may repeat)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--measure-only", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--root", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.root:
        ROOT = Path(args.root)
    families = args.only or list(BASES)
    if args.measure_only:
        print(json.dumps(measure(families, args.seconds)))
        return 0
    old = None if args.before == "none" else before(args.before, families, args.seconds)
    new = measure(families, args.seconds)
    if args.json:
        print(json.dumps({"before": old, "after": new, "before_rev": args.before}, indent=2))
        return 0
    print(f"Before ({args.before}) and after (this tree), one process, CPU time; figures per second unless marked")
    print(f"  {'':<44} {'before':>10} {'after':>10}")
    for family in families:
        o = old.get(family) if old else None
        n = new[family]
        print(f"{family}:")
        print(_row("random games (legal_moves+apply)", o and o["generic"], n["generic"], "games/s"))
        print(_row("random games (random_playout)", o and o["fast"], n["fast"], "games/s"))
        print(_row("MCTS iterations", o and o["mcts"], n["mcts"], "it/s"))
    o = old["cli"] if old else None
    print("command line (wall time, median of 7 fresh processes; bytecode cached as from a user's second run on, "
          "and cold: every module compiled, no cache):")
    print(_row("marblestudio validate rulesets/", o and o["validate"], new["cli"]["validate"], "s", higher_is_better=False))
    print(_row("marblestudio --help", o and o["help"], new["cli"]["help"], "s", higher_is_better=False))
    print(_row("validate, cold", o and o.get("validate_cold"), new["cli"]["validate_cold"], "s", higher_is_better=False))
    print(_row("--help, cold", o and o.get("help_cold"), new["cli"]["help_cold"], "s", higher_is_better=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
