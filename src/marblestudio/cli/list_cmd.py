"""`marblestudio list`: the bundled and user rulesets (id, name, players), and any game family
plug-in that could not be loaded (left out, with why)."""

from __future__ import annotations

import argparse
import json
import logging
import sys

HELP = "list the bundled and user rulesets"
log = logging.getLogger(__name__)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print a JSON list of objects with id, name, players, ...")


def run(args: argparse.Namespace) -> int:
    from marblestudio.cli.errors import guarded

    return guarded("list", _run, args)


def _run(args: argparse.Namespace) -> int:
    from marblestudio.engine import family
    from marblestudio.rulesets import schema
    from marblestudio.rulesets.catalog import scan, user_dir

    for left_out in (*family.problems(), *schema.problems()):
        log.warning("%s", left_out)  # one line each, even when the registry has logged it already
    entries, problems = scan()
    for problem in problems:
        print(f"{problem} (skipped)", file=sys.stderr)
    if args.json:
        rows = [
            {
                "id": e.id,
                "name": e.name,
                "players": {"min": e.players.min, "max": e.players.max, "default": e.players.default},
                "game": e.game,
                "description": e.description,
                "bundled": e.bundled,
                "path": str(e.path),
            }
            for e in entries
        ]
        json.dump(rows, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    width = max((len(e.id) for e in entries), default=2)
    name_width = max((len(e.name) for e in entries), default=4)
    print(f"{'ID':<{width}}  {'NAME':<{name_width}}  PLAYERS")
    for e in entries:
        players = f"{e.players.min}" if e.players.min == e.players.max else f"{e.players.min}-{e.players.max}"
        mark = "" if e.bundled else "  (user)"
        print(f"{e.id:<{width}}  {e.name:<{name_width}}  {players}{mark}")
    folder = user_dir()
    if folder.exists() and not folder.is_dir():
        print(f"{folder} is a file, not a folder: your own rulesets go in a folder of that name", file=sys.stderr)
    elif not any(not e.bundled for e in entries):
        print(f"(your own rulesets go in {folder}, a folder per game: {folder / '<game>' / '<name>.yaml'} has the id <game>/<name>)",
              file=sys.stderr)
    return 0
