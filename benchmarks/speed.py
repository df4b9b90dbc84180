"""Speed where players feel it (issue 17), before and after side by side, CPU time of one process.

Engine and search, for every family's standard ruleset (two players):

- random games per second through `legal_moves()` + `apply()` (what drivers, records and the
  conformance test do), and through the state's own `random_playout` (a family's fast loop);
- playtest games per second: the seeded games of random players that `marblestudio simulate`
  and the editor's playtest play (`playtest.play_seeded`, one process);
- MCTS iterations per second with the current evaluator, from the positions `benchmarks/agents.py`
  searches (4 + 6k player moves into seeded random games; 4 positions, 300 iterations each).

Targets: Archimedes >= 170 games/s through legal_moves+apply, >= 600 through random_playout and
MCTS >= 3,000 it/s; Avalanche and ALIVE MCTS up 2x.  The command line (wall time, median of 7
fresh processes, with the bytecode cache a user has from the second run on; the figures
with no cache are printed too): `marblestudio validate rulesets/` <= 0.30 s and `marblestudio --help` <= 0.15 s.

With ``--before REV`` (default: the commit this issue started from) the same figures are measured
for that revision in a git worktree and printed next to this tree's.  Each tree is measured in a
fresh interpreter running this very script; with ``--rounds N`` the two trees are measured in turn N
times (after first, then before first, ...), each figure is the median of its rounds and each
"faster" the median of the rounds' after/before ratios: this machine's speed drifts by tens of
percent within minutes, and a single reading of each side can be off by as much.  Usage:
``python benchmarks/speed.py [--seconds S] [--rounds N] [--before REV] [--only FAMILY] [--json]``.
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


def playtest_games(ref: str, seconds: float) -> float:
    """Games per second of a playtest's default run (random players, one process): the seeded
    games `marblestudio simulate` and the editor's playtest play, with their events."""
    from marblestudio.playtest import play_seeded
    from marblestudio.rulesets import load

    rules = load(ref)
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds or games == 0:
        play_seeded(rules, 2, "speed", games)
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
        out[family] = {"generic": generic_games(ref, seconds), "fast": fast_games(ref, seconds),
                       "playtest": playtest_games(ref, seconds), "mcts": mcts(ref)}
    out["cli"] = {"validate": command_seconds(["validate", "rulesets/"]), "help": command_seconds(["--help"]),
                  "validate_cold": command_seconds(["validate", "rulesets/"], cold=True), "help_cold": command_seconds(["--help"], cold=True)}
    return out


def _measured(tree: Path, families: list[str], seconds: float) -> dict[str, Any]:
    """`measure` of the source tree `tree`, in a fresh interpreter (this script, `--measure-only`)."""
    paths = [str(tree / "src"), str(tree / "examples" / "mancala" / "src"), str(HERE)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    command = [sys.executable, str(HERE / "speed.py"), "--measure-only", "--seconds", str(seconds), "--root", str(tree)]
    for family in families:
        command += ["--only", family]
    out = subprocess.run(command, env=env, cwd=str(tree), capture_output=True, text=True, check=True).stdout
    return json.loads(out)  # type: ignore[no-any-return]


def _build_native(tree: Path) -> None:
    """Compile the native engine modules of `tree` if it has them (docs/native.md), as `make`
    does before running it: otherwise a tree from before would be measured as pure Python
    against this one compiled.  A tree whose build fails is measured as pure Python (said)."""
    script = tree / "scripts" / "build_native.py"
    if not script.exists():
        return
    done = subprocess.run([sys.executable, str(script)], cwd=str(tree), capture_output=True, text=True)
    last = (done.stdout + done.stderr).strip().splitlines()
    print(f"before tree: {last[-1] if last else 'native build said nothing'}", file=sys.stderr)


def paired(rev: str | None, families: list[str], seconds: float, rounds: int) -> tuple[dict[str, Any] | None, dict[str, Any], dict[str, Any]]:
    """(before, after, ratios): each figure the median over `rounds` rounds, the two trees measured
    in turn in each round (the first round after first, the next before first, and so on), and each
    after/before ratio the median of the rounds' ratios, so that the machine's drift from one
    minute to the next falls on both sides.  Without `rev`, after alone (and no ratios)."""
    befores: list[dict[str, Any]] = []
    afters: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "before"
        if rev is not None:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(tree), rev], check=True)
        try:
            if rev is not None:
                _build_native(tree)
            for round_ in range(rounds):
                order = [ROOT] if rev is None else ([ROOT, tree] if round_ % 2 == 0 else [tree, ROOT])
                for which in order:
                    (afters if which == ROOT else befores).append(_measured(which, families, seconds))
        finally:
            if rev is not None:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=True)

    def median_of(runs: list[dict[str, Any]]) -> dict[str, Any]:
        return {group: {name: statistics.median(run[group][name] for run in runs) for name in runs[0][group]} for group in runs[0]}

    ratios: dict[str, Any] = {}
    if befores:
        for group in afters[0]:
            ratios[group] = {name: statistics.median(a[group][name] / b[group][name] for a, b in zip(afters, befores, strict=True))
                             for name in afters[0][group]}
    return (median_of(befores) if befores else None), median_of(afters), ratios


def _row(name: str, old: float | None, new: float, unit: str, ratio: float | None, higher_is_better: bool = True) -> str:
    """A figure before and after, and how many times faster (`ratio`: after/before, per round)."""
    digits = 1 if higher_is_better else 3
    if old is None or ratio is None:
        return f"  {name:<44} {'-':>10} {new:>10,.{digits}f} {unit}"
    faster = ratio if higher_is_better else 1 / ratio
    return f"  {name:<44} {old:>10,.{digits}f} {new:>10,.{digits}f} {unit:<8} x{faster:.2f} faster"


def main() -> int:
    global ROOT
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per playout measurement (default 3)")
    parser.add_argument("--before", default=BEFORE, help=f"the revision to compare with (default {BEFORE}); 'none' skips it")
    parser.add_argument("--only", action="append", choices=sorted(BASES), help="measure only this family (may repeat)")
    parser.add_argument("--rounds", type=int, default=1, help="rounds of both trees in turn; each figure is their median (default 1)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--measure-only", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--root", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.root:
        ROOT = Path(args.root)
    families = args.only or list(BASES)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if args.measure_only:
        print(json.dumps(measure(families, args.seconds)))
        return 0
    old, new, ratios = paired(None if args.before == "none" else args.before, families, args.seconds, args.rounds)
    if args.json:
        print(json.dumps({"before": old, "after": new, "ratios": ratios, "before_rev": args.before, "rounds": args.rounds}, indent=2))
        return 0
    print(f"Before ({args.before}) and after (this tree), each in its own process, CPU time; figures per second unless marked;")
    print(f"the median of {args.rounds} round(s), the trees measured in turn; 'faster' is the median of the rounds' ratios")
    print(f"  {'':<44} {'before':>10} {'after':>10}")

    def row(group: str, name: str, label: str, unit: str, higher_is_better: bool = True) -> str:
        o = old[group][name] if old else None
        r = ratios[group][name] if ratios else None
        return _row(label, o, new[group][name], unit, r, higher_is_better)

    for family in families:
        print(f"{family}:")
        print(row(family, "generic", "random games (legal_moves+apply)", "games/s"))
        print(row(family, "fast", "random games (random_playout)", "games/s"))
        print(row(family, "playtest", "playtest games (random players)", "games/s"))
        print(row(family, "mcts", "MCTS iterations", "it/s"))
    print("command line (wall time, median of 7 fresh processes; bytecode cached as from a user's second run on, "
          "and cold: every module compiled, no cache):")
    print(row("cli", "validate", "marblestudio validate rulesets/", "s", higher_is_better=False))
    print(row("cli", "help", "marblestudio --help", "s", higher_is_better=False))
    print(row("cli", "validate_cold", "validate, cold", "s", higher_is_better=False))
    print(row("cli", "help_cold", "--help, cold", "s", higher_is_better=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
