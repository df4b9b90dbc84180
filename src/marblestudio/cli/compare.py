"""`marblestudio compare RULESET_A RULESET_B ...`: the playtest report of each ruleset side by side.

Every ruleset plays the same seeded games (game i of seed S draws from ``random.Random(f"{S}:{i}")``)
with the same players, seats rotated game by game, so a house rule's effect on balance and
length reads across one line.  Rulesets with `match:` play the same seeded matches instead (as
`simulate` does: `cli.simulate_match`), and their match reports stand side by side.  Exit 0 when the games ran, 1 when a ruleset cannot be loaded (its
problems are printed with file, line and column), 2 for bad options, 130 when stopped with
Ctrl-C and 143 with SIGTERM (the report then covers the games that finished).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from marblestudio.cli.errors import stoppable
from marblestudio.cli.run_options import add_run_options, checked_agents, progress_bar, too_many_agents

if TYPE_CHECKING:
    from marblestudio.playtest.stats import Report

HELP = "play the same seeded games under several rulesets and print their reports side by side"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("rulesets", nargs="+", metavar="RULESET", help="bundled or user ruleset ids, or .yaml paths (two or more)")
    add_run_options(parser, games_help="games per ruleset (default 100)", players_help="number of players (default: each ruleset's)")
    parser.add_argument("--json", action="store_true", help="print the reports as a JSON list")
    parser.add_argument("--match", action=argparse.BooleanOptionalAction, default=None,
                        help="play matches as each ruleset's 'match:' says (the default when every ruleset has one); "
                        "--games then counts matches; --no-match plays single games (docs/matches.md)")


def run(args: argparse.Namespace) -> int:
    return stoppable("compare", _run, args)


@dataclass
class _Prepared:
    title: str
    resolved: dict[str, Any]
    players: int
    match: str | None  # the ruleset's match in words (None: it has no `match:`)
    names: tuple[str, ...]


def _run(args: argparse.Namespace) -> int:
    if len(args.rulesets) < 2:
        return _usage("give two or more rulesets to compare (use 'simulate' for one)")
    agents = checked_agents(args)
    if isinstance(agents, str):
        return _usage(agents)
    prepared: list[_Prepared] = []
    games: dict[str, str] = {}
    failed = 0  # every ruleset is loaded and each one's problems said; the highest code wins (README)
    for ref in args.rulesets:
        item = _prepare(ref, args.players)
        if isinstance(item, int):
            failed = max(failed, item)
            continue
        games[item.title] = str(item.resolved["game"])
        prepared.append(item)
    if failed:
        return failed
    for item in prepared:  # (once every ruleset is loaded and its problems said)
        too_many = too_many_agents(agents, item.players, f"a {item.players}-player game of {item.title}")
        if too_many is not None:
            return _usage(too_many)
    if len(set(games.values())) > 1:  # a house rule's effect is seen against its own game
        listed = ", ".join(f"{title} ({game})" for title, game in games.items())
        return _usage(f"compare plays rulesets of one game against each other; these are of different games: {listed}")
    matches = _plays_matches(prepared, args.match)
    if isinstance(matches, str):
        return _usage(matches)
    if matches:
        return _compare_matches(prepared, agents, args)
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
        return _usage(f"{rules.id} is for {rules.players}, not {count}")
    match = rules.match.describe() if rules.match is not None else None
    names = tuple(rules.presentation.seat_name(p) for p in range(count))
    return _Prepared(rules.id, dict(loaded.resolved), count, match, names)


def _plays_matches(prepared: list[_Prepared], wanted: bool | None) -> bool | str:
    """Whether the run plays matches, or why it cannot (a usage message)."""
    without = [p.title for p in prepared if p.match is None]
    if wanted is False or (wanted is None and len(without) == len(prepared)):
        return False
    if without:
        listed = ", ".join(without)
        if wanted:
            return f"--match plays each ruleset's 'match:', and {listed} has none: add one in a house rule (docs/matches.md)"
        return (f"some rulesets have a 'match:' and {listed} has none: give --match to compare matches "
                "(a match for each) or --no-match to compare single games")
    return True


def _titles(prepared: list[_Prepared]) -> list[str]:
    titles = [p.title for p in prepared]
    return [t if titles.count(t) == 1 else f"{t} ({i + 1})" for i, t in enumerate(titles)]


def _compare_matches(prepared: list[_Prepared], agents: tuple[str, ...], args: argparse.Namespace) -> int:
    """Play `--games` seeded matches of every ruleset and print their reports side by side."""
    from marblestudio.cli.simulate_match import MatchTask, render_side_by_side, summarize_matches
    from marblestudio.playtest.pool import exit_code
    from marblestudio.playtest.workers import GameTask, WorkersError, run_indexed, seating

    reports = []
    stopped_by: int | None = None
    for p, title in zip(prepared, _titles(prepared), strict=True):
        task = MatchTask(GameTask(p.resolved, agents, args.seed, p.players))
        try:
            run = run_indexed(task, args.games, args.workers, args.scheduler, progress_bar(title))
        except WorkersError as error:
            print(f"compare: {error}", file=sys.stderr)
            return 2
        finally:
            if sys.stderr.isatty():
                sys.stderr.write("\r\x1b[K")
        reports.append((summarize_matches(run.results, p.names, title, args.games), p.match or ""))
        if run.interrupted:
            stopped_by = run.signum
            print("compare: stopped; the report covers the matches that finished", file=sys.stderr)
            break
    specs = seating(agents, prepared[0].players, 0)
    if args.json:
        print(json.dumps([{**report.to_json(), "match": match, "agents": list(specs)} for report, match in reports], indent=2))
    else:
        print(f"agents: {', '.join(specs)} (seats rotated by match); seed {args.seed}")
        print(render_side_by_side(reports))
    return 0 if stopped_by is None else exit_code(stopped_by)


def _play_all(prepared: list[_Prepared], agents: tuple[str, ...], args: argparse.Namespace) -> tuple[list[Report] | None, int | None]:
    """Each ruleset's report, and the signal that stopped the run early (None: it ran to the end)."""
    from marblestudio.playtest.stats import summarize
    from marblestudio.playtest.workers import GameTask, WorkersError, run_indexed

    reports = []
    stopped_by: int | None = None
    for p, title in zip(prepared, _titles(prepared), strict=True):
        task = GameTask(p.resolved, agents, args.seed, p.players)
        try:
            result = run_indexed(task, args.games, args.workers, args.scheduler, progress_bar(title))
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




def _usage(message: str) -> int:
    print(f"compare: {message}", file=sys.stderr)
    return 2
