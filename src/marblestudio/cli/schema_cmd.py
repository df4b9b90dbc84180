"""`marblestudio schema [--output FILE]`: print or save the ruleset JSON Schema of this
installation (every installed game family, plug-ins included).  It also refreshes the copy in the
user's cache folder that files made by `marblestudio new` point editors at."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HELP = "print the ruleset JSON Schema of the installed games (for editors), or save it with --output"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--output", "-o", metavar="FILE", help="write the schema to FILE instead of printing it")


def run(args: argparse.Namespace) -> int:
    from marblestudio.cli.errors import guarded

    return guarded("schema", _run, args)


def _run(args: argparse.Namespace) -> int:
    from marblestudio.rulesets import schema

    text = schema.text()
    _refresh_cache()
    if args.output is None:
        sys.stdout.write(text)
        return 0
    if not args.output.strip():  # Path("") is the working folder (it said ". is a folder")
        print("marblestudio schema: --output is empty: give a file name such as ruleset.schema.json", file=sys.stderr)
        return 2
    target = Path(args.output)
    if target.is_dir():
        print(f"marblestudio schema: {target} is a folder; give a file name such as {target / 'ruleset.schema.json'}", file=sys.stderr)
        return 2
    from marblestudio.cli.errors import written

    if not written("schema", target, text):  # with the mode of any new file (mkstemp's 0600 was not that)
        return 2
    print(f"wrote {target}", file=sys.stderr)
    return 0


def _refresh_cache() -> None:
    """Keep the cached copy that `new` files point at current; say so only if it fails."""
    from marblestudio.atomic import describe
    from marblestudio.rulesets import schema

    try:
        schema.installed_file()
    except OSError as exc:
        print(f"marblestudio schema: note: cannot update the cached schema: {describe(exc)}", file=sys.stderr)
