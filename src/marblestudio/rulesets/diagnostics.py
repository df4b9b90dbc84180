"""Problems found in a ruleset, as values that the CLI, the editor and the tests share.

A `Diagnostic` is one problem at one place of one file (1-based line and column).  A
`Problem` is what a semantic check reports before it knows where its data came from: a JSON
pointer into the ruleset's data; the loader turns the pointer into a line and column.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem: where it is (`path`, 1-based `line` and `column`, JSON `pointer`) and what."""

    path: str
    line: int
    column: int
    severity: str
    message: str
    pointer: str = ""

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}: {self.severity}: {self.message}"

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR

    def as_json(self) -> dict[str, object]:
        return {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "severity": self.severity,
            "message": self.message,
            "pointer": self.pointer,
        }


@dataclass(frozen=True, slots=True)
class Problem:
    """A semantic problem at a JSON pointer of the resolved data (e.g. `/players/max`)."""

    pointer: str
    message: str
    severity: str = ERROR


class RulesetError(Exception):
    """A ruleset could not be loaded; `diagnostics` says every reason, most useful first."""

    def __init__(self, diagnostics: Sequence[Diagnostic]) -> None:
        self.diagnostics: list[Diagnostic] = list(diagnostics)
        first = str(self.diagnostics[0]) if self.diagnostics else "invalid ruleset"
        more = len([d for d in self.diagnostics if d.is_error]) - 1
        super().__init__(first + (f" (and {more} more)" if more > 0 else ""))

    def __reduce__(self) -> tuple[type[RulesetError], tuple[list[Diagnostic]]]:
        return type(self), (self.diagnostics,)  # not the message: `args` would be read as diagnostics


class RulesetNotFound(RulesetError):
    """No ruleset is there to load: an unknown id, or a path that does not exist or cannot be
    read (a usage error for the command line, where an invalid ruleset is a bad input)."""


def unique(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """`diagnostics` without repeats (same place and message), in their first order."""
    seen: set[tuple[str, int, int, str]] = set()
    out: list[Diagnostic] = []
    for d in diagnostics:
        key = (d.path, d.line, d.column, d.message)
        if key not in seen:
            seen.add(key)
            out.append(d)
    return out


def pointer_join(pointer: str, key: str | int) -> str:
    """The JSON pointer of `key` inside `pointer` (RFC 6901 escaping)."""
    text = str(key).replace("~", "~0").replace("/", "~1")
    return f"{pointer}/{text}"


def pointer_parts(pointer: str) -> list[str]:
    """The unescaped parts of a JSON pointer."""
    if not pointer:
        return []
    return [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]


def dotted(pointer: str) -> str:
    """A pointer as people read it: `/players/max` -> `players.max`; list items count from 1 (`/a/0` -> `a[1]`)."""
    parts = pointer_parts(pointer)
    out = ""
    for part in parts:
        if part.isdigit():
            out += f"[{int(part) + 1}]" if out else part
        else:
            out += f".{part}" if out else part
    return out or "the ruleset"
