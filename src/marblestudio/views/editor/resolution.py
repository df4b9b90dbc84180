"""What the edited text means once it is valid: its rules, its resolved data and its base's.

Built only from the ruleset language's public API: the text is read as YAML, its base (named
by `extends:`, an id or a path relative to the file) is loaded, merged the loader's way, and
the result checked and built with `from_resolved`.  Qt-free, so the worker process and tests
can use it too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from marblestudio.engine.rules import Ruleset
from marblestudio.rulesets import RulesetError, catalog, from_resolved, load_with_source
from marblestudio.rulesets.assist import Change, changes
from marblestudio.rulesets.loader import merge


_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True, slots=True)
class Resolution:
    """A valid text's rules and data, and its base's data (None without `extends:`)."""

    rules: Ruleset
    resolved: dict[str, Any]
    base: dict[str, Any] | None
    base_ref: str | None

    @property
    def base_label(self) -> str:
        return str((self.base or {}).get("id", self.base_ref or "base")).rsplit("/", 1)[-1]

    def changes(self) -> list[Change]:
        return [] if self.base is None else changes(self.base, self.resolved)


def base_path(ref: str, path: Path | None) -> Path | str:
    """Where `extends: ref` points, as the loader reads it: an id, or a path beside the file."""
    target = catalog.resolve_ruleset_arg(ref)
    if isinstance(target, Path) and not target.is_absolute():
        return ((path.parent if path is not None else Path.cwd()) / target).resolve()
    return target


def resolve_text(text: str, path: Path | None) -> Resolution:
    """The meaning of ruleset `text` (as if saved at `path`); raises RulesetError if invalid."""
    try:
        data = yaml.load(text, Loader=_LOADER)  # noqa: S506 - a safe loader; the text has passed check_text
    except yaml.YAMLError as exc:
        raise RulesetError([]) from exc
    if not isinstance(data, Mapping):
        raise RulesetError([])
    base: dict[str, Any] | None = None
    ref = data.get("extends")
    if isinstance(ref, str):
        base = load_with_source(base_path(ref, path)).resolved
        merged = merge(base, {k: v for k, v in data.items() if k != "extends"})
    else:
        merged = dict(data)
    rules = from_resolved(merged)
    return Resolution(rules, merged, base, ref if isinstance(ref, str) else None)
