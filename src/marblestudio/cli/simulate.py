"""`marblestudio simulate RULESET`: play random games and print statistics.

Game i of a run with seed S draws all its chance and random choices from
``random.Random(f"{S}:{i}")`` (`marblestudio.playtest.game_rng`), so ``--game i`` plays that one
game again alone, on any machine.  Exit 0 when the games ran, 1 for a ruleset that cannot be
loaded (its problems are printed with file, line and column), 2 for bad options.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import traceback
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from marblestudio.engine.rules import Ruleset
    from marblestudio.playtest import GameResult, Report

HELP = "play seeded random games of a ruleset and print wins by seat, draws, capped games, game lengths and speed"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ruleset", metavar="RULESET", help="a bundled or user ruleset id (stay-alive/standard) or a .yaml path")
    parser.add_argument("--games", type=int, default=100, metavar="N", help="how many games (default 100)")
    parser.add_argument("--seed", default="0", metavar="S", help="the run's seed (default 0); game i uses random.Random(f'{S}:{i}')")
    parser.add_argument("--players", type=int, default=None, metavar="K", help="number of players (default: the ruleset's)")
    parser.add_argument("--game", type=int, default=None, metavar="I", help="play only game I of the run (0-based) and print its moves")
    parser.add_argument("--json", action="store_true", help="print the statistics as JSON")
    parser.add_argument("--record-dir", type=Path, default=None, metavar="DIR", help="write one JSON game record per game into DIR")


def log_unexpected(command: str) -> int:
    """Write the current exception's traceback to a log file and tell the user where it is."""
    log = Path(tempfile.gettempdir()) / "marblestudio-errors.log"
    try:
        with log.open("a", encoding="utf-8") as handle:
            handle.write(f"--- marblestudio {command}\n{traceback.format_exc()}\n")
        where = f"details in {log}"
    except OSError:
        where = "and the log file could not be written"
    exc = sys.exc_info()[1]
    print(f"{command}: unexpected error: {exc!r} ({where}); please report it", file=sys.stderr)
    return 3


def run(args: argparse.Namespace) -> int:
    try:
        return _run(args)
    except Exception:  # noqa: BLE001 - the user gets a message and a log file, never a traceback
        return log_unexpected("simulate")


def _run(args: argparse.Namespace) -> int:
    from marblestudio.rulesets import RulesetError, load_with_source

    try:
        loaded = load_with_source(args.ruleset)
    except RulesetError as exc:
        for diagnostic in exc.diagnostics:
            print(diagnostic, file=sys.stderr)
        print(f"simulate: cannot load the ruleset {args.ruleset}", file=sys.stderr)
        return 1
    rules = loaded.rules
    players = rules.players.default if args.players is None else args.players
    if not rules.players.min <= players <= rules.players.max:
        print(f"simulate: {rules.id} is for {rules.players.min} to {rules.players.max} players, not {players}", file=sys.stderr)
        return 2
    if args.games < 1:
        print("simulate: --games must be at least 1", file=sys.stderr)
        return 2
    if args.game is not None and args.game < 0:
        print("simulate: --game must be 0 or more", file=sys.stderr)
        return 2
    if args.record_dir is not None:
        try:
            args.record_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            print(f"simulate: cannot create {args.record_dir}: {exc.strerror or exc}", file=sys.stderr)
            return 2
    return _simulate(args, rules, loaded.resolved, players)


def _simulate(args: argparse.Namespace, rules: Ruleset, resolved: dict[str, object], players: int) -> int:
    from marblestudio.playtest import run_games
    from marblestudio.records import player_entries, record_from_game, save_record

    names = [rules.presentation.seat_name(s) for s in range(players)]
    single: list[GameResult] = []
    width = len(str(max(args.games, (args.game or 0) + 1) - 1))

    def on_game(index: int, result: GameResult) -> None:
        if args.game is not None:
            single.append(result)
        if args.record_dir is not None:
            record = record_from_game(rules.id, resolved, player_entries(names), result.moves, result.outcome,
                                      seed=args.seed, game=index)
            stem = re.sub(r"[^\w.-]+", "-", f"{rules.id}-{args.seed}")
            save_record(args.record_dir / f"{stem}-{index:0{width}d}.json", record)

    indexes = None if args.game is None else [args.game]
    report = run_games(rules, players, args.games, args.seed, on_game=on_game, indexes=indexes)
    if args.json:
        data = report.to_json()
        if single:
            data["game"] = args.game
            data["moves"] = [str(m) for m in single[0].moves]
            data["result"] = single[0].outcome.to_json()
        json.dump(data, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    if single:
        print(f"game {args.game} of seed {args.seed}: {' '.join(str(m) for m in single[0].moves)}")
    print(format_report(report, rules))
    return 0


def format_report(report: Report, rules: Ruleset) -> str:
    """The statistics as lines of text."""
    games = report.games
    pct = (lambda n: f"{100 * n / games:.1f}%") if games else (lambda n: "-")
    wins = ", ".join(f"{rules.presentation.seat_name(s)} {w} ({pct(w)})" for s, w in enumerate(report.wins))
    lines = [
        f"{report.ruleset_id}: {games} game{'s' if games != 1 else ''}, {report.players} players, seed {report.seed}",
        f"wins by seat: {wins}",
        f"draws: {report.draws}, capped (move limit): {report.capped} ({pct(report.capped)})",
        f"length in moves: mean {report.mean_length:.1f}, median {report.median_length:g}, max {report.max_length}",
        f"speed: {report.games_per_second:.1f} games/s ({report.seconds:.2f} s)",
    ]
    return "\n".join(lines)
