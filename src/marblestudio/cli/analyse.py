"""`marblestudio analyse RECORD`: where a game was won and lost (docs/analysis.md).

Every position of the record is searched (`marblestudio.analysis`): for each move, the mover's
expected result before it with the best move found, after it, and a mark for a mistake (it lost
more than 0.15 of expected result) or a blunder (more than 0.3).  A progress bar on a terminal;
`--json` for tools.  Exit 0 when the record replays and is analysed; 1 for a record that does
not replay (as `replay` says); 2 for a usage error; 130/143 when stopped (the moves analysed so
far are printed).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import TYPE_CHECKING

from marblestudio.cli.errors import stoppable
from marblestudio.cli.run_options import progress_bar

if TYPE_CHECKING:
    from marblestudio.analysis import Analysis
    from marblestudio.records import GameRecord

MAX_SECONDS = 3600
"""The longest thinking time a position: an hour (`inf` was accepted and never finished)."""

HELP = "evaluate every position of a game record with search: each move's expected result before and after, mistakes and blunders"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("record", metavar="RECORD", help="a game record (.json)")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--iterations", type=int, default=None, metavar="N", help="search iterations per position (default 400)")
    budget.add_argument("--seconds", type=float, default=None, metavar="S",
                        help="thinking time per position instead (the figures then depend on the machine)")
    parser.add_argument("--workers", default="auto", metavar="N",
                        help="worker processes searching positions in parallel (default: one per core; 1: none)")
    parser.add_argument("--json", action="store_true", help="print the analysis as JSON")
    parser.add_argument("--progress", action="store_true", help="show a progress bar on stderr even when it is not a terminal")


def run(args: argparse.Namespace) -> int:
    return stoppable("analyse", _run, args)


def _usage(message: str) -> int:
    print(f"analyse: {message}", file=sys.stderr)
    return 2


def _run(args: argparse.Namespace) -> int:
    from marblestudio.agents import MAX_ITERATIONS  # the cap of an agent's mcts:N
    from marblestudio.analysis import DEFAULT_ITERATIONS, Budget, analyse
    from marblestudio.match_records import MatchRecord, load_any
    from marblestudio.playtest.pool import exit_code
    from marblestudio.playtest.workers import WorkersError, resolve_workers
    from marblestudio.records import GameRecord, RecordError, RecordUnreadable, record_rules, replay

    if args.iterations is not None and not 1 <= args.iterations <= MAX_ITERATIONS:
        return _usage(f"--iterations must be 1 to {MAX_ITERATIONS:,}, not {args.iterations}")  # as an agent's mcts:N
    if args.seconds is not None and not 0 < args.seconds <= MAX_SECONDS:  # (nan and inf fail it too)
        return _usage(f"--seconds must be more than 0 and at most {MAX_SECONDS:,}, not {args.seconds}")
    try:
        resolve_workers(args.workers)
    except (ValueError, WorkersError) as exc:
        return _usage(str(exc) if "--workers" in str(exc) else f"--workers {args.workers}: {exc}")
    try:
        loaded = load_any(args.record)
        if isinstance(loaded, MatchRecord):
            return _usage(f"{args.record} is a match record: analyse one of its games (save it from the app as a game record)")
        assert isinstance(loaded, GameRecord)
        record = loaded
        rules = record_rules(record)
        replay(record, rules)  # the record must replay to its result before it is analysed
    except RecordError as exc:
        print(f"analyse: {exc}", file=sys.stderr)
        if args.json:  # a JSON reader gets an answer of the shape replay --json gives
            from marblestudio.cli.replay import error_json

            json.dump({"record": args.record, "error": error_json(exc)}, sys.stdout, indent=1)
            sys.stdout.write("\n")
        return 2 if isinstance(exc, RecordUnreadable) else 1
    budget = Budget(iterations=None if args.seconds is not None else (args.iterations or DEFAULT_ITERATIONS), seconds=args.seconds)
    started = time.perf_counter()
    try:
        analysis = analyse(rules, len(record.players), record.moves, start=record.start, budget=budget,
                           workers=args.workers, resolved=record.resolved, progress=progress_bar(args.record, args.progress),
                           seed=record.seed if record.seed is not None else 0)
    except WorkersError as error:
        print(f"analyse: {error}", file=sys.stderr)
        return 2
    finally:
        if args.progress or sys.stderr.isatty():
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
    seconds = time.perf_counter() - started
    if args.json:
        data = analysis.to_json()
        data.update(record=args.record, ruleset=record.ruleset_id, players=record.players, seconds=round(seconds, 2))
        json.dump(data, sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        _print_text(args.record, record, analysis, seconds)
    if analysis.interrupted:
        print("analyse: stopped; the moves analysed so far are shown", file=sys.stderr)
        return exit_code(analysis.signum)  # 130 for Ctrl-C, 143 for SIGTERM
    return 0


def _print_text(path: str, record: GameRecord, analysis: Analysis, seconds: float) -> None:
    from marblestudio.analysis import percent

    names = [p["name"] for p in record.players]
    how = "information sets (each search reads only what its mover may know)" if analysis.hidden else "full positions"
    print(f"{path}: {record.ruleset_id}, {len(names)} players: {', '.join(names)}; {analysis.budget.describe()}, {how}")
    width = max((len(m.move) for m in analysis.moves), default=4)
    best_width = max((len(m.best) for m in analysis.moves), default=4)
    who = max([len("player"), *(len(n) for n in names)])
    print(f"{'step':>4}  {'player':<{who}}  {'move':<{width}}  before  after  {'best found':<{best_width + 7}}  mark")
    for m in analysis.moves:
        best = "=" if m.best == m.move else f"{m.best} ({percent(m.best_value)})"
        mark = f"{m.mark} (-{percent(m.loss)})" if m.mark else ""
        print(f"{m.index:>4}  {names[m.seat]:<{who}}  {m.move:<{width}}  {percent(m.before):>6}  {percent(m.after):>5}  "
              f"{best:<{best_width + 7}}  {mark}".rstrip())
    for seat, name in enumerate(names):
        s = analysis.summary(seat)
        print(f"{name}: {s['moves']} moves, average loss {percent(s['average_loss'])}, "
              f"{s['mistakes']} mistake{'s' if s['mistakes'] != 1 else ''}, {s['blunders']} blunder{'s' if s['blunders'] != 1 else ''}")
    print(f"{analysis.searches} searches, {analysis.iterations:,} iterations in {seconds:.1f} s")
