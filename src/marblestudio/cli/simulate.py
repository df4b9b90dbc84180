"""`marblestudio simulate RULESET`: play seeded games between computer players and report them.

Wins by seat (and by player when several kinds play) with 95% Wilson intervals, draws, capped
games, the distribution of game lengths, the first player's advantage, and the notable games
with what reproduces them: the same report as `marblestudio compare` and the editor's playtest
(`playtest.PlaytestTask` games summed up by `stats.summarize`).  Game i of a run with seed S
draws all its chance and random choices from ``random.Random(f"{S}:{i}")`` and seats the players
rotated by i, so ``--game i`` plays that one game again alone, and the report does not depend on
``--workers``.  With ``--record-dir`` each game's record is written as soon as its chunk comes
back, and only its summary is kept, so memory does not grow with the number of games.

Exit 0 when the games ran, 1 for a ruleset that cannot be loaded (its problems are printed with
file, line and column), 2 for bad options, 3 on an unexpected error (logged), 130 when stopped
with Ctrl-C and 143 with SIGTERM (the report then covers the games that finished; every record
file is whole).

A ruleset with `match:` plays matches instead (`--no-match` plays its single games): see
`cli.simulate_match`; `--games` then counts matches and `--game I` plays match I.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from marblestudio.cli.errors import stoppable
from marblestudio.cli.run_options import add_run_options, checked_agents, progress_bar, too_many_agents
from marblestudio.cli.position_arg import add_position_option, read_position
from marblestudio.cli.record_dir import file_stem, index_width, unwritable, write_or_stop

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from marblestudio.engine.rules import Ruleset
    from marblestudio.playtest import Played
    from marblestudio.playtest.stats import GameSummary, Report

HELP = "play seeded games between computer players and print wins by seat with intervals, draws, lengths and notable games"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ruleset", metavar="RULESET", help="a bundled or user ruleset id (stay-alive/standard) or a .yaml path")
    add_run_options(parser, games_help="how many games, or matches when playing matches (default 100)",
                    players_help="number of players (default: the ruleset's)")
    parser.add_argument("--game", type=int, default=None, metavar="I",
                        help="play only game (or match) I of the run (0-based) and print its moves")
    parser.add_argument("--match", action=argparse.BooleanOptionalAction, default=None,
                        help="play matches as the ruleset's 'match:' says (the default for a ruleset with one); "
                        "--no-match plays single games (docs/matches.md)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--record-dir", type=Path, default=None, metavar="DIR", help="write one JSON game record per game into DIR")
    parser.add_argument("--progress", action="store_true", help="show a progress bar on stderr even when it is not a terminal")
    add_position_option(parser)


def run(args: argparse.Namespace) -> int:
    return stoppable("simulate", _run, args)


def _usage(message: str) -> int:
    print(f"simulate: {message}", file=sys.stderr)
    return 2


def _run(args: argparse.Namespace) -> int:
    from marblestudio.cli.ruleset_arg import load_ruleset

    agents = checked_agents(args)
    if isinstance(agents, str):
        return _usage(agents)
    loaded = load_ruleset(args.ruleset, "simulate")
    if isinstance(loaded, int):
        return loaded
    rules = loaded.rules
    start: str | None = None
    if args.position is not None:
        read = read_position(args.position, rules, "simulate")
        if isinstance(read, int):
            return read
        start = read[0]
        if args.players is not None and args.players != read[1].num_players:
            return _usage(f"--players {args.players}, but the position is for {read[1].num_players} players")
        args.players = read[1].num_players
    args.start = start
    players = rules.players.default if args.players is None else args.players
    if not rules.players.min <= players <= rules.players.max:
        return _usage(f"{rules.id} is for {rules.players}, not {players}")
    too_many = too_many_agents(agents, players, f"a {players}-player game of {rules.id}")
    if too_many is not None:
        return _usage(too_many)
    if args.game is not None and args.game < 0:
        return _usage("--game must be 0 or more")
    matches = rules.match is not None if args.match is None else args.match
    if matches and start is not None:
        if args.match:
            return _usage("--position starts single games: a match starts each game from the rules' set-up (use --no-match)")
        matches = False
    if matches and rules.match is None:
        return _usage(f"{rules.id} has no 'match:', so --match has no match to play: add one in a house rule (docs/matches.md)")
    if args.record_dir is not None and (why := unwritable(args.record_dir)) is not None:
        return _usage(why)
    if matches:
        from marblestudio.cli.simulate_match import simulate_matches

        return simulate_matches(args, rules, loaded.resolved, players, agents, progress_bar(rules.id, args.progress))
    return _simulate(args, rules, loaded.resolved, players, agents)


def _simulate(args: argparse.Namespace, rules: Ruleset, resolved: dict[str, Any], players: int, agents: tuple[str, ...]) -> int:
    from marblestudio.playtest import PlaytestTask
    from marblestudio.playtest.pool import exit_code
    from marblestudio.playtest.stats import summarize
    from marblestudio.playtest.workers import GameTask, WorkersError, run_indexed

    todo = range(args.games) if args.game is None else (args.game,)
    inline = args.scheduler is None and str(args.workers) == "1"
    task = PlaytestTask(
        GameTask(rules if inline else dict(resolved), agents, args.seed, players, start=args.start),
        keep_moves=args.record_dir is not None or args.game is not None, indexes=todo,
    )
    save = _record_writer(args, rules, resolved)
    single: list[Played] = []

    def on_result(k: int, played: Played) -> GameSummary:
        """Each game as it comes back: its record is written now and only its summary is kept,
        so a long run with --record-dir does not hold every game's moves in memory."""
        summary = played.summary
        assert summary is not None  # without catch_errors a failing game raises instead
        if args.game is not None:
            single.append(played)
        if save is not None:
            save(played, summary)
        return summary

    start = time.perf_counter()
    try:
        run = run_indexed(task, len(todo), args.workers, args.scheduler, progress_bar(rules.id, args.progress),
                          on_result=on_result)
    except WorkersError as error:
        print(f"simulate: {error}", file=sys.stderr)
        return 2
    finally:
        if args.progress or sys.stderr.isatty():
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
    seconds = time.perf_counter() - start
    title = f"{rules.id}: {players} players, seed {args.seed}" + (f", from the position {args.start}" if args.start else "")
    report = summarize(run.results, title, requested=len(todo))
    random_heuristic = _heuristic_note(rules, agents)
    if random_heuristic:
        report = dataclasses.replace(report, notes=(*report.notes, random_heuristic))
    if run.interrupted:
        print("simulate: stopped; the report covers the games that finished", file=sys.stderr)
    if run.stopped is not None:
        print(f"simulate: {run.stopped}; stopped there: the report covers the games that finished", file=sys.stderr)
    try:
        _print_report(args, report, rules, seconds, single)
    except BrokenPipeError:  # the reader went away (| head): not an error of ours
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - Python's advice: no second error at exit
    return exit_code(run.signum) if run.interrupted else 2 if run.stopped is not None else 0


def _heuristic_note(rules: Ruleset, agents: Sequence[str]) -> str | None:
    """What a report says when the heuristic player played at random: the game's family has no
    computer player of its own (a plug-in may have none, docs/plugins.md)."""
    if not any(spec.split(":")[0] == "heuristic" or spec.endswith(":heuristic") for spec in agents):
        return None
    from marblestudio.agents.player import has_player

    if has_player(rules.game):
        return None
    return f"no heuristic for {rules.game} yet: the heuristic player and heuristic rollouts played at random"


def _record_writer(
    args: argparse.Namespace, rules: Ruleset, resolved: dict[str, Any]
) -> Callable[[Played, GameSummary], None] | None:
    """What writes one game's record into --record-dir (None without it): one file per game,
    named by ruleset, seed and game index, written atomically."""
    if args.record_dir is None:
        return None
    from marblestudio.records import record_from_game, save_record

    width, stem = index_width(args), file_stem(rules.id, args.seed)

    def save(played: Played, summary: GameSummary) -> None:
        # each seat's kind is its player spec, so the app opens the record with those players
        entries = [{"name": rules.presentation.seat_name(s), "kind": spec} for s, spec in enumerate(summary.seating)]
        record = record_from_game(rules.id, resolved, entries, played.moves, played.outcome,
                                  seed=args.seed, game=played.index, start=args.start)
        write_or_stop(args.record_dir / f"{stem}-{played.index:0{width}d}.json", lambda path: save_record(path, record), summary)

    return save


def _print_report(args: argparse.Namespace, report: Report, rules: Ruleset, seconds: float, single: list[Played]) -> None:
    from marblestudio.playtest import report_json
    from marblestudio.playtest.report import render

    if args.json:
        data = report_json(report, rules, args.seed, seconds)
        if single:
            data["game"] = args.game
            data["moves"] = list(single[0].moves)
            data["result"] = single[0].outcome.to_json() if single[0].outcome is not None else None
        json.dump(data, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        if single:
            print(f"game {args.game} of seed {args.seed}: {' '.join(single[0].moves)}")
        print(render(report))
        speed = report.games / seconds if seconds > 0 else 0.0
        print(f"speed: {speed:.1f} games/s ({seconds:.2f} s)")
    sys.stdout.flush()


