"""`marblestudio validate PATH...`: check ruleset files and folders, print positioned problems.

Exit 0 when every file is valid, 1 when any is invalid (or has warnings, with --strict), 2 for
a path that does not exist or cannot be read, or a folder with no ruleset files; with several,
the highest wins.  Imports of the ruleset machinery happen in `run`, so the command line starts
fast.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from marblestudio.rulesets.diagnostics import Diagnostic

HELP = "check ruleset files (and folders of them) and print every problem with its line and column"
SUFFIXES = (".yaml", ".yml")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="PATH", help="a ruleset file, or a folder searched for *.yaml and *.yml")
    parser.add_argument("--format", choices=("text", "json"), default="text", help="text lines (default) or a JSON list")
    parser.add_argument("--strict", action="store_true", help="warnings make a file invalid too")


def _files(path: Path) -> tuple[list[Path], list[tuple[str, OSError]]]:
    """The ruleset files of `path` (itself when it is no folder), and the folders under it that
    could not be read, each with why (they would hide their files: a run said "1 valid" of a
    folder whose subfolder it could not open)."""
    if not path.is_dir():
        return [path], []
    unreadable: list[tuple[str, OSError]] = []
    files = []
    for folder, _dirs, names in os.walk(path, onerror=lambda exc: unreadable.append((str(exc.filename), exc))):
        files += [Path(folder, n) for n in names if Path(n).suffix.lower() in SUFFIXES and Path(folder, n).is_file()]
    return sorted(files), unreadable


def run(args: argparse.Namespace) -> int:
    from marblestudio.cli.errors import guarded

    return guarded("validate", _run, args)


def _run(args: argparse.Namespace) -> int:
    from marblestudio.rulesets.diagnostics import ERROR, Diagnostic
    from marblestudio.rulesets.loader import check_file_loaded

    code = 0
    diagnostics: list[Diagnostic] = []
    checked = invalid = 0
    for name in args.paths:
        path = Path(name)
        try:
            path.stat()
        except (OSError, ValueError) as exc:
            missing = isinstance(exc, FileNotFoundError)
            reason = "no such file or folder" if missing else f"cannot read it: {getattr(exc, 'strerror', None) or exc}"
            diagnostics.append(Diagnostic(name, 1, 1, ERROR, reason))
            code = 2
            continue
        files, unreadable = _files(path)
        for folder, why in unreadable:
            diagnostics.append(Diagnostic(folder, 1, 1, ERROR, f"cannot read the folder: {why.strerror or why}"))
            code = 2
        if not files and not unreadable:
            diagnostics.append(Diagnostic(name, 1, 1, ERROR, "the folder holds no ruleset files (*.yaml, *.yml)"))
            code = 2
        for file in files:
            checked += 1
            try:
                file.open("rb").close()
            except OSError as exc:
                diagnostics.append(Diagnostic(str(file), 1, 1, ERROR, f"cannot read the file: {exc.strerror or exc}"))
                code, invalid = 2, invalid + 1
                continue
            found = check_file_loaded(file)[1]
            diagnostics += found
            bad = any(d.is_error or args.strict for d in found)
            if bad:
                invalid += 1
                code = max(code, 1)
    _report(diagnostics, args.format, checked, invalid)
    return code


def _report(diagnostics: list[Diagnostic], form: str, checked: int, invalid: int) -> None:
    errors = sum(1 for d in diagnostics if d.is_error)
    warnings = len(diagnostics) - errors
    files = f"{checked} file{'s' if checked != 1 else ''}"
    summary = f"{files} checked: {checked - invalid} valid, {invalid} invalid ({errors} error{'s' if errors != 1 else ''}, {warnings} warning{'s' if warnings != 1 else ''})"
    if form == "json":
        json.dump([d.as_json() for d in diagnostics], sys.stdout, indent=2)
        sys.stdout.write("\n")
        print(summary, file=sys.stderr)
        return
    for d in diagnostics:
        print(d)
    print(summary)
