"""The ruleset language: YAML text -> the engine's typed rules, or positioned diagnostics.

    from marblestudio import rulesets
    rules = rulesets.load("stay-alive/standard")          # by id, or by path
    loaded = rulesets.load_with_source("my-rule.yaml")    # .rules, .resolved, .path, .warnings
    problems = rulesets.check_path("my-rule.yaml")        # [] when valid

Errors raise `RulesetError`, whose `.diagnostics` say where and what.
"""

from __future__ import annotations

from marblestudio.rulesets.diagnostics import Diagnostic, Problem, RulesetError, RulesetNotFound
from marblestudio.rulesets.loader import (
    Loaded,
    check_path,
    check_text,
    from_resolved,
    load,
    load_with_source,
)

__all__ = [
    "Diagnostic",
    "Loaded",
    "Problem",
    "RulesetError",
    "RulesetNotFound",
    "check_path",
    "check_text",
    "from_resolved",
    "load",
    "load_with_source",
]
