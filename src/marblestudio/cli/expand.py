"""`marblestudio expand RULESET [--output FILE]`: the ruleset with its readings written as rule
pieces (`engine.pieces.readings`), as a YAML file of its own (no `extends:`).

Each reading the vocabulary can say (Stay Alive's slide rules, ALIVE's REVERSE, SKIP and
set-total cards, ...) becomes its neutral value plus the rules that make the difference, so a
player who wants a reading a little different starts from its rules.  The file plays the same
games as the ruleset (tests compare them move by move); search is slower with rules than with
the readings the family plays by its own code."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

HELP = "write a ruleset with its readings as rule pieces (a starting point for a reading of your own)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ruleset", metavar="RULESET", help="a ruleset id (stay-alive/standard) or a file")
    parser.add_argument("--output", "-o", metavar="FILE", help="write the ruleset to FILE instead of printing it")


def run(args: argparse.Namespace) -> int:
    from marblestudio.cli.errors import guarded

    return guarded("expand", _run, args)


def _run(args: argparse.Namespace) -> int:
    import yaml

    from marblestudio.cli.ruleset_arg import load_ruleset
    from marblestudio.engine.pieces.readings import as_rules, expansions

    loaded = load_ruleset(args.ruleset, "expand")
    if isinstance(loaded, int):
        return loaded
    found = expansions(loaded.resolved)
    data = as_rules(loaded.resolved)
    _leave_out_unread(data, {w.pointer for w in loaded.warnings})
    data["id"] = f"{data['id']}-as-rules"
    data["name"] = f"{data.get('name', data['id'])}, readings as rules"
    head = [f"# {loaded.resolved['id']} with its readings written as rule pieces (marblestudio expand):"]
    head += [f"#   {r.key}: {r.value} is {r.key}: {r.neutral} with the rule '{r.rules[0].get('name', '')}'" for r in found]
    if not found:
        head.append("#   it has no reading that the rules language writes as pieces: the ruleset as it is")
    text = "\n".join(head) + "\n" + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=4096)
    if args.output is None:
        sys.stdout.write(text)
        return 0
    from marblestudio.cli.errors import written

    target = Path(args.output)
    if not written("expand", target, text):
        return 2
    print(f"wrote {target}: {len(found)} reading{'s' if len(found) != 1 else ''} as rules", file=sys.stderr)
    return 0


def _leave_out_unread(data: dict[str, Any], written: set[str | None]) -> None:
    """Take out of `data` the keys its rules never read that the ruleset did not write itself
    (defaults and a base's values): written out, each made `validate --strict` warn of a file
    whose source had no warning.  They are unread, so the games are the same."""
    from marblestudio.rulesets.diagnostics import pointer_parts
    from marblestudio.rulesets.loader import unread

    for pointer in unread(data):
        if pointer in written:
            continue
        *path, key = pointer_parts(pointer)
        node: Any = data
        for part in path:
            node = node.get(part) if isinstance(node, dict) else None
        if isinstance(node, dict):
            node.pop(key, None)
