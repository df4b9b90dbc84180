"""`marblestudio schema [--output FILE]`: print or save the ruleset JSON Schema."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
from pathlib import Path

HELP = "print the ruleset JSON Schema (for editors), or save it with --output"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--output", "-o", metavar="FILE", help="write the schema to FILE instead of printing it")


def run(args: argparse.Namespace) -> int:
    from marblestudio.cli.errors import guarded

    return guarded("schema", _run, args)


def _run(args: argparse.Namespace) -> int:
    from marblestudio.rulesets import schema

    text = schema.text()
    if args.output is None:
        sys.stdout.write(text)
        return 0
    target = Path(args.output)
    if target.is_dir():
        print(f"marblestudio schema: {target} is a folder; give a file name such as {target / 'ruleset.schema.json'}", file=sys.stderr)
        return 2
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent if str(target.parent) else ".", prefix=f".{target.name}.")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, target)
    except OSError as exc:
        if tmp is not None:
            with contextlib.suppress(OSError):
                Path(tmp).unlink(missing_ok=True)  # never leave a half-written temporary file behind
        print(f"marblestudio schema: cannot write {target}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    print(f"wrote {target}", file=sys.stderr)
    return 0
