"""The `marblestudio` command line: one module per subcommand, loaded only when used.

Each command module defines `HELP` (one line), `add_arguments(parser)` and
`run(args) -> int` (the exit code).  Only `play`, `render` and the app import Qt; only `serve`
and `bot` import websockets, and only when they run.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys
from collections.abc import Sequence

COMMANDS: dict[str, str] = {
    "validate": "marblestudio.cli.validate",
    "list": "marblestudio.cli.list_cmd",
    "schema": "marblestudio.cli.schema_cmd",
    "expand": "marblestudio.cli.expand",
    "new": "marblestudio.cli.new",
    "simulate": "marblestudio.cli.simulate",
    "compare": "marblestudio.cli.compare",
    "replay": "marblestudio.cli.replay",
    "play": "marblestudio.cli.play",
    "render": "marblestudio.cli.render",
    "analyse": "marblestudio.cli.analyse",
    "serve": "marblestudio.cli.serve",
    "bot": "marblestudio.cli.bot",
}


def _available() -> dict[str, str]:
    return {name: mod for name, mod in COMMANDS.items() if importlib.util.find_spec(mod) is not None}


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; with `only` (a command's name), the parser of that command alone,
    so that running one command imports no other command's module."""
    parser = argparse.ArgumentParser(
        prog="marblestudio",
        description="Play, watch and invent rules for marble and card games. With no command, opens the app.",
    )
    from marblestudio import __version__

    parser.add_argument("--version", action="version", version=f"marblestudio {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    chosen = {only: COMMANDS[only]} if only in COMMANDS and importlib.util.find_spec(COMMANDS[only]) else _available()
    for name, module_name in chosen.items():
        module = importlib.import_module(module_name)
        cmd = sub.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(cmd)
        cmd.set_defaults(_run=module.run, _parser=cmd)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except KeyboardInterrupt:  # Ctrl-C while the command was still starting (its imports): no traceback
        print("interrupted", file=sys.stderr)
        return 130


def _main(argv: Sequence[str] | None) -> int:
    from marblestudio.cli.errors import command_logging

    with command_logging():  # warnings as one line each, tracebacks to the log file (not the terminal)
        return _command(argv)


def _command(argv: Sequence[str] | None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(args_list[0] if args_list else None)
    args, extra = parser.parse_known_args(args_list)
    if extra:  # a bad flag after a command: that command's usage, not the top level's
        command_parser = getattr(args, "_parser", parser)
        command_parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if args.command is None:
        if "marblestudio.cli.play" in _available().values():
            from marblestudio.cli import play

            return play.run_app(None)
        parser.print_help()
        return 0
    try:
        code: int = args._run(args)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    from marblestudio.cli.errors import USAGE, output_failed

    try:
        return max(code, USAGE) if output_failed(args.command) else code  # the last of the output written, or why not
    except BrokenPipeError:
        return 0
