"""The ladder of the app's levels in every game family (issue 17): does each level beat the one below?

For each family's standard ruleset, two players: hard against medium, medium against easy, easy
against random, `--games` games per pair (default 30), seats rotated game by game (the higher
level moves first in even games), every game seeded (game i of seed S draws chance from
``random.Random(f"{S}:{i}")`` and seeds each agent from it).  A level plays as its budget for
the family (`mcts:<iterations>`, from the family's `FamilyPlayer.levels`), without the app's time
cap, so the table does not depend on the machine.  It prints the higher level's win rate (shared
wins count half) with its 95% Wilson interval; the target is a rate of at least 65% for every pair
in every family.  It also prints the slowest and the mean time of a hard move seen in the run
(the cap is 10 s).

A game of Rock Me Archimedes that ends in a stalemate (`archimedes.stalemate`) has no result: the
book says to play again, so the pair plays another game in its place (game `--games`, then the
next), up to twice `--games` games in all, and counts the stalemates apart.  Two searching
levels there block each other's end zones, which the stalemate's quiet turns end.

``--quick`` plays 4 games per pair (a smoke test of a few minutes); in Rock Me Archimedes it plays
only easy against random, because the games of two searching levels run long.  Usage:
``python benchmarks/levels.py [--quick] [--games N] [--workers N] [--seed S] [--family F ...] [--ruleset REF] [--pair hard/medium ...] [--markdown]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass

from marblestudio.agents.levels import LEVELS
from marblestudio.playtest.stats import GameSummary, Rate
from marblestudio.playtest.workers import GameTask, run_indexed
from marblestudio.rulesets import load, load_with_source

RULESETS = {
    "stay-alive": "stay-alive/standard",
    "alive": "alive/standard",
    "avalanche": "avalanche/standard",
    "archimedes": "archimedes/standard",
    "mancala": "mancala/kalah",
}
PAIRS = (("hard", "medium"), ("medium", "easy"), ("easy", "random"))
TARGET = 0.65
SLOW_PAIRS = {"archimedes": {("hard", "medium"), ("medium", "easy")}}
"""Pairs of the standard rules whose every game so far was a stalemate, played again and again (see
the module docstring and docs/players.md): left out of --quick."""


def spec_of(level: str, ref: str) -> str:
    """`mcts:<iterations>` of `level` in the game of `ref` (random stays random)."""
    if level == "random":
        return "random"
    from marblestudio.agents.levels import budget
    from marblestudio.engine import new_game

    return f"mcts:{budget(LEVELS[level], new_game(load(ref), 2))}"


PLAY_AGAIN = 2
"""A pair plays at most this many times `--games` games to reach `--games` that have a result."""


def stalemate(game: GameSummary) -> bool:
    """A stalemate of Rock Me Archimedes (`ArchimedesState.stalemate`): no result, for the book
    says to play again, so the pair plays another game in its place."""
    return game.termination == "draw" and game.reason.startswith("stalemate")


@dataclass(frozen=True)
class From:
    """Game `offset + i` of `task` as game i (picklable, for `run_indexed`): the games played again."""

    task: GameTask
    offset: int

    def __call__(self, index: int) -> GameSummary:
        return self.task(self.offset + index)


@dataclass(frozen=True)
class Row:
    family: str
    upper: str
    lower: str
    specs: tuple[str, str]
    rate: Rate
    games: int
    seconds: float
    capped: int  # games stopped by the move limit (nobody won)
    stalemates: int = 0  # games that ended in a stalemate, played again (not counted in `games`)

    @property
    def met(self) -> bool:
        return self.rate.rate >= TARGET


def play_pair(family: str, upper: str, lower: str, games: int, workers: str, seed: str) -> Row:
    ref = RULESETS[family]
    specs = (spec_of(upper, ref), spec_of(lower, ref))
    task = GameTask(load_with_source(ref).resolved, specs, f"{seed}:{family}:{upper}-{lower}", 2)
    start = time.perf_counter()
    results: list[GameSummary] = []
    played = stalemates = 0
    while played < PLAY_AGAIN * games:  # a stalemate is played again (the book), in as many new games
        need = games - len(results)
        if need <= 0:
            break
        run = run_indexed(From(task, played), need, workers, None, None)
        played += need
        for game in run.results:
            if stalemate(game):
                stalemates += 1
            else:
                results.append(game)
    seconds = time.perf_counter() - start
    wins = 0.0
    capped = sum(1 for game in results if game.termination == "capped")
    for game in results:  # seats rotate game by game: find the upper level's seat
        winners = game.winners
        upper_won = [s for s in winners if game.seating[s] == specs[0]]
        if upper_won:
            wins += len(upper_won) / len(winners)
    return Row(family, upper, lower, specs, Rate.of(wins, len(results)), len(results), seconds, capped, stalemates)


def hard_move_times(family: str, seed: str, moves: int = 12) -> tuple[float, float]:
    """(slowest, mean) seconds of the hard level's first `moves` searches in a seeded game
    against medium, timed in this process (the app's computer player runs in its own)."""
    import random

    from marblestudio.agents import make_agent
    from marblestudio.engine import new_game
    from marblestudio.engine.core import CHANCE

    ref = RULESETS[family]
    state = new_game(load(ref), 2)
    rng = random.Random(f"{seed}:{family}:times")
    hard, medium = make_agent(spec_of("hard", ref), 1), make_agent(spec_of("medium", ref), 2)
    times: list[float] = []
    while state.outcome() is None and len(times) < moves:
        if state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_moves()
        agent = hard if state.to_move == 0 else medium
        start = time.perf_counter()
        move = agent.choose(state, state.to_move)
        if state.to_move == 0 and len(legal) > 1:
            times.append(time.perf_counter() - start)
        state.apply(move)
    return (max(times), sum(times) / len(times)) if times else (0.0, 0.0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="4 games per pair: a smoke test")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--workers", default="auto")
    parser.add_argument("--seed", default="levels")
    parser.add_argument("--family", action="append", choices=sorted(RULESETS))
    parser.add_argument("--ruleset", help="with one --family: play this ruleset of it (a bundled reference or a file) "
                        "instead of its standard one, e.g. archimedes/variation-2")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown (for docs/players.md)")
    parser.add_argument("--pair", action="append", choices=[f"{a}/{b}" for a, b in PAIRS],
                        help="play only this pair (may repeat; default all three)")
    args = parser.parse_args()
    games = 4 if args.quick else args.games
    families = args.family or list(RULESETS)
    if args.ruleset:
        if len(families) != 1:
            parser.error("--ruleset needs exactly one --family")
        if load(args.ruleset).game != families[0]:
            parser.error(f"{args.ruleset} is not a ruleset of {families[0]}")
        RULESETS[families[0]] = args.ruleset
    rows: list[Row] = []
    if args.ruleset:
        print(f"Ruleset: {args.ruleset}")
    print(f"Levels ladder: {games} games per pair, 2 players, seats rotated, seed {args.seed!r}; target: the higher level "
          f"wins at least {TARGET:.0%}", flush=True)
    for family in families:
        for upper, lower in PAIRS:
            if args.pair and f"{upper}/{lower}" not in args.pair:
                continue
            if args.quick and not args.pair and not args.ruleset and (upper, lower) in SLOW_PAIRS.get(family, ()):
                print(f"  {family:<11} {upper:>6} vs {lower:<6}: left out of --quick (every game a stalemate; "
                      f"--pair {upper}/{lower} plays it)", flush=True)
                continue
            row = play_pair(family, upper, lower, games, args.workers, args.seed)
            rows.append(row)
            mark = "met" if row.met else "NOT met"
            share = (f"{100 * row.rate.rate:5.1f}% [{100 * row.rate.low:.1f}, {100 * row.rate.high:.1f}] of {row.games}" if row.games
                     else "no game decided")
            print(f"  {family:<11} {upper:>6} ({row.specs[0]:>10}) vs {lower:<6} ({row.specs[1]:>10}): {share} "
                  f"({row.seconds:.0f} s{f', {row.capped} capped' if row.capped else ''}"
                  f"{f', {row.stalemates} stalemates played again' if row.stalemates else ''}) {mark}", flush=True)
        slowest, mean = hard_move_times(family, args.seed, 4 if args.quick else 12)
        print(f"  {family:<11} hard moves: mean {mean:.2f} s, slowest {slowest:.2f} s (cap {LEVELS['hard'].time_limit:g} s)", flush=True)
    if args.markdown:
        print()
        print("| game | pair | budgets (iterations) | higher level wins | 95% interval | games | capped | stalemates played again |")
        print("|---|---|---|---|---|---|---|---|")
        for row in rows:
            wins = f"{100 * row.rate.rate:.0f}% | {100 * row.rate.low:.0f}-{100 * row.rate.high:.0f}%" if row.games else "none decided | -"
            print(f"| {row.family} | {row.upper} vs {row.lower} | {row.specs[0]} vs {row.specs[1]} | {wins} "
                  f"| {row.games} | {row.capped} | {row.stalemates} |")
    if args.quick:
        print("(--quick: 4 games a pair is a smoke test; whether a level beats the one below needs the full 30)")
    failed = [r for r in rows if not r.met]
    print(f"{len(rows) - len(failed)} of {len(rows)} pairs meet the target" + (": " + ", ".join(
        f"{r.family} {r.upper}/{r.lower}" for r in failed) if failed else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
