"""`marblestudio new --from BASE FILE`: start a house rule that extends a bundled or user ruleset.

The new file names its base with `extends:`, carries a `# yaml-language-server: $schema=` line
that points at the schema installed on this machine (so ordinary editors complete and check
it), a new id and name, and a commented hint listing some of the base's settings to change.
The rules editor's "New from base" writes the same text (`rulesets.house_template.template`).
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from pathlib import Path

HELP = "start a house rule: a new ruleset file that extends a bundled or user ruleset"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--from", dest="base", required=True, metavar="BASE",
                        help="the ruleset to build on: an id such as stay-alive/standard, or a path")
    parser.add_argument("file", metavar="FILE", help="the new ruleset file to write (e.g. my-rules.yaml)")
    parser.add_argument("--id", dest="new_id", help="the new ruleset's id (default: <game>/<file name>)")
    parser.add_argument("--name", help="the new ruleset's name (default: from the base's name and the file name)")
    parser.add_argument("--force", action="store_true", help="overwrite FILE if it exists")


def run(args: argparse.Namespace) -> int:
    from marblestudio.cli.errors import guarded

    return guarded("new", _run, args)


def _run(args: argparse.Namespace) -> int:
    from marblestudio.rulesets import RulesetError, RulesetNotFound
    from marblestudio.rulesets.house_template import ID, BadPlace, slug, template  # not for --help: the rulesets' imports
    from marblestudio.rulesets.structure import field_problems

    target = Path(args.file)
    if target.is_dir() or args.file.endswith(("/", os.sep)):  # newdir/ wrote a file named newdir
        print(f"marblestudio new: {args.file} is a folder; give a file name such as {target / 'my-rules.yaml'}", file=sys.stderr)
        return 2
    if args.new_id is not None and not ID.fullmatch(args.new_id):
        parts = args.new_id.split("/")
        example = "/".join(slug(p) for p in parts) if len(parts) == 2 else "stay-alive/my-rules"
        print(
            f"marblestudio new: --id {args.new_id!r} is not an id: write '<game>/<name>' in lower-case "
            f"letters, digits and '-', e.g. {example}",
            file=sys.stderr,
        )
        return 2
    if args.name is not None and (problems := field_problems("name", args.name)):
        print(f"marblestudio new: --name: {problems[0]}", file=sys.stderr)  # it would write a file that fails validate
        return 2
    base_file = _base_file(args.base)
    if base_file is not None and target.exists() and os.path.samefile(base_file, target):
        print(f"marblestudio new: {target} is the base itself: write the house rule to another file", file=sys.stderr)
        return 2
    if target.exists() and not args.force:
        print(f"marblestudio new: {target} exists already; use --force to overwrite it", file=sys.stderr)
        return 2  # a usage matter (the README's table): nothing is wrong with the input
    try:
        text = template(args.base, target, args.new_id, args.name)
    except RulesetError as exc:
        print(f"marblestudio new: cannot use {args.base} as a base:", file=sys.stderr)
        for diag in exc.diagnostics:
            print(f"  {diag}", file=sys.stderr)
        return 2 if isinstance(exc, RulesetNotFound) else 1  # nothing there: usage; a bad base: invalid input
    except BadPlace as exc:
        print(f"marblestudio new: {exc}", file=sys.stderr)
        return 2
    from marblestudio.atomic import describe, write_atomic

    created = "" if target.parent.is_dir() else f"; created the folder {target.parent}"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, text)  # whole or not at all, and no temporary file left behind
    except OSError as exc:
        print(f"marblestudio new: cannot write {target}: {describe(exc)}", file=sys.stderr)
        return 2
    print(f"wrote {target} (extends {args.base}{created}); edit it, then: marblestudio validate {shlex.quote(str(target))}")
    return 0


def _base_file(base: str) -> Path | None:
    """The file of the base: the path given, or the file of a bundled or user id (None if none)."""
    from marblestudio.rulesets import catalog

    ref = catalog.resolve_ruleset_arg(base)
    found = ref if isinstance(ref, Path) else catalog.find(ref)
    return found if found is not None and found.is_file() else None
