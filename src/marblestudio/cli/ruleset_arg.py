"""A command's RULESET argument, loaded with the exit code of the one table (README): a ruleset
that is not there (an unknown id, a missing or unreadable path) is a usage error, 2; one with
errors is an invalid input, 1.  Every problem is printed as `PATH:LINE:COL: error: ...`."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from marblestudio.cli.errors import INVALID, USAGE

if TYPE_CHECKING:
    from marblestudio.rulesets import Loaded


def load_ruleset(ref: str, command: str) -> Loaded | int:
    """The loaded ruleset `ref`, or the exit code after saying why it cannot be loaded."""
    from marblestudio.rulesets import RulesetError, RulesetNotFound, load_with_source

    try:
        loaded = load_with_source(ref)
    except RulesetError as exc:
        for diagnostic in exc.diagnostics:
            print(diagnostic, file=sys.stderr)
        if isinstance(exc, RulesetNotFound):
            return USAGE
        print(f"{command}: cannot load the ruleset {ref}", file=sys.stderr)
        return INVALID
    for warning in loaded.warnings:  # what validate warns of (a newer format, a key never read) is said here too
        print(warning, file=sys.stderr)
    return loaded
