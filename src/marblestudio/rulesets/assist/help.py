"""What completion offers and hovering explains at a cursor: the schema's keys and values, and
inside `rules:` the words of the rules language (`assist.pieces`)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from marblestudio.engine import family as families
from marblestudio.rulesets.assist import pieces
from marblestudio.rulesets.assist.cursor import context_at
from marblestudio.rulesets.assist.navigator import SchemaNavigator, description, load_schema
from marblestudio.rulesets.assist.vocabulary import family_of, guess_game

_WORD_RE = re.compile(r"[A-Za-z0-9_\-./=#]+")
_WORD_BEFORE_RE = re.compile(r"[A-Za-z0-9_\-.=#]*$")


@dataclass(frozen=True, slots=True)
class Completion:
    """One suggestion: `text` to insert, `kind` "key" (inserted with its ': ') or "value", and what it means."""

    text: str
    kind: str
    description: str = ""


def _family_sections(schema: Mapping[str, Any]) -> set[str]:
    props = schema.get("properties") or {}
    return {f.section for f in families.families() if f.section in props}


def completions(text: str, line: int, column: int, schema: Mapping[str, Any] | None = None) -> list[Completion]:
    """What may be written at the cursor: the keys allowed there (not yet written) or enum values;
    in a rule piece, its hooks, the game's events and actions, or an expression's names."""
    schema = load_schema() if schema is None else schema
    spot = pieces.spot_at(text, line, column, schema)
    if spot is not None:
        return [Completion(t.name, t.kind, t.summary) for t in spot.terms.values() if t.name not in spot.siblings]
    nav = SchemaNavigator(schema)
    ctx = context_at(text, line, column)
    if ctx.in_value:
        nodes = nav.at(ctx.value_path)
        desc = description(nodes)
        if ctx.value_path == ("extends",):
            return [Completion(ref, "value", desc) for ref in ruleset_ids(guess_game(text))]
        return [Completion(v, "value", desc) for v in nav.values(nodes)]
    keys = nav.keys(nav.at(ctx.path))
    if not ctx.path:
        game = family_of(text)
        sections = _family_sections(schema)
        if game is not None:
            keys = {k: d for k, d in keys.items() if k not in sections or k == game.replace("-", "_")}
    return [Completion(k, "key", d) for k, d in keys.items() if k not in ctx.siblings]


def ruleset_ids(game: str | None = None) -> list[str]:
    """The bundled and user ruleset ids (of `game` only, when given) that `extends:` may name."""
    from marblestudio.rulesets import catalog

    ids = set(catalog.bundled_ids())
    folder = catalog.user_dir()
    if folder.is_dir():
        ids |= {p.relative_to(folder).with_suffix("").as_posix() for p in folder.rglob("*") if p.suffix in catalog.SUFFIXES}
    return sorted(i for i in ids if game is None or i.startswith(f"{game}/"))


def word_at(text: str, line: int, column: int) -> tuple[str, int, int] | None:
    """The word under a cursor at 1-based `line`/`column`: (word, start column, end column)."""
    lines = text.split("\n")
    if not 1 <= line <= len(lines):
        return None
    raw = lines[line - 1]
    for m in _WORD_RE.finditer(raw):
        if m.start() < column <= m.end() + 1 and m.start() + 1 <= column:
            return m.group(0), m.start() + 1, m.end() + 1
    return None


def word_before(text: str, line: int, column: int, schema: Mapping[str, Any] | None = None) -> str:
    """The partial word before the cursor that a completion replaces (in an expression, the name
    being written: `se` in `event.se`, `mo` in `x==mo`)."""
    schema = load_schema() if schema is None else schema
    in_piece = pieces.word_before(text, line, column, schema)
    if in_piece is not None:
        return in_piece
    lines = text.split("\n")
    prefix = lines[line - 1][: max(column - 1, 0)] if 1 <= line <= len(lines) else ""
    m = _WORD_BEFORE_RE.search(prefix)
    return m.group(0) if m else ""


def describe_at(text: str, line: int, column: int, schema: Mapping[str, Any] | None = None) -> str | None:
    """What the word under the cursor means: a word of the rules language in a rule piece, else
    a key or enum value from the schema (None when it is not a known one)."""
    schema = load_schema() if schema is None else schema
    in_piece = pieces.describe(text, line, column, schema)
    if in_piece is not None:
        return in_piece
    found = word_at(text, line, column)
    if found is None:
        return None
    word, start, end = found
    raw = text.split("\n")[line - 1]
    if not raw[end - 1 :].lstrip().startswith(":"):
        return _describe_value(text, line, start, word, schema)
    ctx = context_at(text, line, start)
    nav = SchemaNavigator(schema)
    path = (*ctx.path, word)
    nodes = nav.at(path)
    if not nodes:
        return None
    desc = description(nodes) or "(no description)"
    values = nav.values(nodes)
    title = ".".join(str(p) for p in path if not isinstance(p, int))
    extra = f"\nAllowed values: {', '.join(values)}" if values else ""
    return f"{title}: {desc}{extra}"


def _describe_value(text: str, line: int, start: int, word: str, schema: Mapping[str, Any]) -> str | None:
    ctx = context_at(text, line, start)
    if not ctx.in_value or ctx.key is None:
        return None
    nav = SchemaNavigator(schema)
    nodes = nav.at(ctx.value_path)
    values = nav.values(nodes)
    if word not in values:
        return None
    title = ".".join(str(p) for p in ctx.value_path if not isinstance(p, int))
    return f"{title} = {word}: {description(nodes) or '(no description)'}\nAllowed values: {', '.join(values)}"
