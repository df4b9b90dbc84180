"""What the edited text means once it is valid: its rules, its resolved data and its base's.

Built only from the ruleset language's public API: the text is loaded as the loader loads a
file (`loader.load_text`), and its base (named by `extends:`, an id or a path relative to the
file) is loaded for the changes it makes.  Qt-free, so the worker process and tests
can use it too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from marblestudio.engine.rules import Ruleset
from marblestudio.rulesets import catalog, load_with_source
from marblestudio.rulesets.assist import Change, changes
from marblestudio.rulesets.loader import load_text
from marblestudio.rulesets.yamlio import read_text


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
    """The meaning of ruleset `text` (as if saved at `path`); raises RulesetError if invalid.

    Read exactly as the loader reads a file (`loader.load_text`): YAML's `on:` stays the key
    'on' (a YAML 1.1 reader would make it true), a house rule's pieces follow its base's, and
    shorthands are expanded, so the Resolved tab shows what the engine plays."""
    loaded = load_text(text, path if path is not None else "<text>")
    ref = _extends(text)
    base: dict[str, Any] | None = None
    if isinstance(ref, str):
        base = load_with_source(base_path(ref, path)).resolved
    return Resolution(loaded.rules, loaded.resolved, base, ref if isinstance(ref, str) else None)


def _extends(text: str) -> str | None:
    """The text's `extends:` value (it has passed the loader, so it reads)."""
    doc, _ = read_text(text)
    value = doc.data.get("extends") if doc is not None and isinstance(doc.data, Mapping) else None
    return value if isinstance(value, str) else None
