"""`marblestudio compare RULESET_A RULESET_B ...`: the playtest report of each ruleset side by side.

Every ruleset plays the same seeded games (game i of seed S draws from ``random.Random(f"{S}:{i}")``)
with the same players, seats rotated game by game, so a house rule's effect on balance and
length reads across one line.  Exit 0 when the games ran, 1 when a ruleset cannot be loaded (its
problems are printed with file, line and column), 2 for bad options, 130 when stopped with
Ctrl-C and 143 with SIGTERM (the report then covers the games that finished).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from marblestudio.cli.errors import guarded
from marblestudio.cli.run_options import add_run_options, checked_agents, too_many_agents

if TYPE_CHECKING:
    from marblestudio.playtest.stats import Report

HELP = "play the same seeded games under several rulesets and print their reports side by side"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("rulesets", nargs="+", metavar="RULESET", help="bundled or user ruleset ids, or .yaml paths (two or more)")
    add_run_options(parser, games_help="games per ruleset (default 100)", players_help="number of players (default: each ruleset's)")
    parser.add_argument("--json", action="store_true", help="print the reports as a JSON list")


def run(args: argparse.Namespace) -> int:
    from marblestudio.playtest.pool import exit_code, interrupt_on_signals

    with interrupt_on_signals():  # SIGTERM stops the run as Ctrl-C does
        try:
            return guarded("compare", _run, args)
        except KeyboardInterrupt as stop:  # outside the games (loading, printing the reports)
            print("compare: stopped", file=sys.stderr)
            return exit_code(stop)


@dataclass
class _Prepared:
    title: str
    resolved: dict[str, Any]
    players: int


def _run(args: argparse.Namespace) -> int:
    if len(args.rulesets) < 2:
        return _usage("give two or more rulesets to compare (use 'simulate' for one)")
    if args.games < 1:
        return _usage("--games must be at least 1")
    agents = checked_agents(args)
    if isinstance(agents, str):
        return _usage(agents)
    prepared: list[_Prepared] = []
    games: dict[str, str] = {}
    for ref in args.rulesets:
        item = _prepare(ref, args.players)
        if isinstance(item, int):
            return item
        games[item.title] = str(item.resolved["game"])
        too_many = too_many_agents(agents, item.players, f"a {item.players}-player game of {item.title}")
        if too_many is not None:
            return _usage(too_many)
        prepared.append(item)
    if len(set(games.values())) > 1:  # a house rule's effect is seen against its own game
        listed = ", ".join(f"{title} ({game})" for title, game in games.items())
        return _usage(f"compare plays rulesets of one game against each other; these are of different games: {listed}")
    reports, stopped_by = _play_all(prepared, agents, args)
    if reports is None:
        return 2
    from marblestudio.playtest.report import render_side_by_side, to_json_text

    if args.json:
        print(to_json_text(reports))
    else:
        print(f"agents: {', '.join(agents)} (seats rotated by game); seed {args.seed}")
        print(render_side_by_side(reports))
    if stopped_by is None:
        return 0
    from marblestudio.playtest.pool import exit_code

    return exit_code(stopped_by)


def _prepare(ref: str, players: int | None) -> _Prepared | int:
    from marblestudio.cli.ruleset_arg import load_ruleset

    loaded = load_ruleset(ref, "compare")
    if isinstance(loaded, int):
        return loaded
    rules = loaded.rules
    count = rules.players.default if players is None else players
    if not rules.players.min <= count <= rules.players.max:
        return _usage(f"{rules.id} is for {rules.players.min} to {rules.players.max} players, not {count}")
    return _Prepared(rules.id, dict(loaded.resolved), count)


def _play_all(prepared: list[_Prepared], agents: tuple[str, ...], args: argparse.Namespace) -> tuple[list[Report] | None, int | None]:
    """Each ruleset's report, and the signal that stopped the run early (None: it ran to the end)."""
    from marblestudio.playtest.stats import summarize
    from marblestudio.playtest.workers import GameTask, WorkersError, run_indexed

    reports = []
    stopped_by: int | None = None
    titles = [p.title for p in prepared]
    for i, p in enumerate(prepared):
        title = p.title if titles.count(p.title) == 1 else f"{p.title} ({i + 1})"
        task = GameTask(p.resolved, agents, args.seed, p.players)
        try:
            result = run_indexed(task, args.games, args.workers, args.scheduler, _progress_bar(title))
        except WorkersError as error:
            print(f"compare: {error}", file=sys.stderr)
            return None, None
        finally:
            if sys.stderr.isatty():
                sys.stderr.write("\r\x1b[K")
        reports.append(summarize(result.results, title, requested=args.games))
        if result.interrupted:
            stopped_by = result.signum
            print("compare: stopped; the report covers the games that finished", file=sys.stderr)
            break
    return reports, stopped_by


def _progress_bar(title: str) -> Any:
    if not sys.stderr.isatty():
        return None

    def show(done: int, total: int) -> None:
        width = 30
        filled = width * done // total if total else width
        sys.stderr.write(f"\r{title}: [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        sys.stderr.flush()

    return show


def _usage(message: str) -> int:
    print(f"compare: {message}", file=sys.stderr)
    return 2
