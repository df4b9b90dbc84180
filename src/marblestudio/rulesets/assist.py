"""Editor help from the schema, without Qt: where the cursor is, what may be written there.

`context_at(text, line, column)` reads the YAML text around a cursor the way a person does, by
indentation and brackets, so that it works on half-written, invalid text too.  The schema then
says which keys are allowed in the mapping at the cursor (`completions`), which values an enum
key takes, and what each key means (`describe_at`, for hovering).  `changes(base, resolved)`
lists what a house rule changes from its base, and `resolved_lines` prints a resolved ruleset
as YAML with each line tagged by its JSON pointer so that a view can highlight the changes.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any


from marblestudio.rulesets.diagnostics import pointer_join

PathPart = str | int
JsonPath = tuple[PathPart, ...]

_KEY_RE = re.compile(r"""^(?P<key>[A-Za-z0-9_][A-Za-z0-9_\-./]*|"[^"]*"|'[^']*')\s*:(?=\s|$)""")
_WORD_RE = re.compile(r"[A-Za-z0-9_\-./=#]+")


# The schema -----------------------------------------------------------------------------------
def schema_path() -> Path:
    """The combined ruleset schema shipped inside the package."""
    return Path(str(resources.files("marblestudio.rulesets.schema").joinpath("ruleset.schema.json")))


@functools.lru_cache(maxsize=4)
def _load_schema(path: str, mtime: float) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(Path(path).read_text(encoding="utf-8"))
    return data


def load_schema() -> dict[str, Any]:
    """The combined schema as data (re-read when the file changes, e.g. after `schema_build`)."""
    path = schema_path()
    return _load_schema(str(path), path.stat().st_mtime)


class SchemaNavigator:
    """Walks a JSON Schema (draft-07 keywords) along a path of keys and list indexes."""

    def __init__(self, schema: Mapping[str, Any]) -> None:
        self.schema = schema

    def resolve(self, node: Any) -> list[Mapping[str, Any]]:
        """`node` with `$ref`, `allOf`, `anyOf`, `oneOf` and `if`/`then`/`else` spread into a flat list."""
        out: list[Mapping[str, Any]] = []
        self._spread(node, out, depth=0)
        return out

    def _spread(self, node: Any, out: list[Mapping[str, Any]], depth: int) -> None:
        if not isinstance(node, Mapping) or depth > 32:
            return
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/"):
            target: Any = self.schema
            for part in ref[2:].split("/"):
                target = target.get(part.replace("~1", "/").replace("~0", "~"), {}) if isinstance(target, Mapping) else {}
            own = {k: v for k, v in node.items() if k != "$ref"}
            if own:
                out.append(own)
            self._spread(target, out, depth + 1)
            return
        out.append(node)
        for keyword in ("allOf", "anyOf", "oneOf"):
            for sub in node.get(keyword, ()) or ():
                self._spread(sub, out, depth + 1)
        for keyword in ("then", "else"):
            if keyword in node:
                self._spread(node[keyword], out, depth + 1)

    def child(self, nodes: Sequence[Mapping[str, Any]], part: PathPart) -> list[Mapping[str, Any]]:
        """The schemas of `part` (a key or a list index) inside any of `nodes`."""
        found: list[Mapping[str, Any]] = []
        for node in nodes:
            if isinstance(part, int):
                items = node.get("items")
                if isinstance(items, Mapping):
                    found += self.resolve(items)
                elif isinstance(items, list) and items:
                    found += self.resolve(items[min(part, len(items) - 1)])
                continue
            props = node.get("properties") or {}
            if part in props:
                found += self.resolve(props[part])
                continue
            matched = False
            for pattern, sub in (node.get("patternProperties") or {}).items():
                if re.search(pattern, part):
                    found += self.resolve(sub)
                    matched = True
            if not matched and isinstance(node.get("additionalProperties"), Mapping):
                found += self.resolve(node["additionalProperties"])
        return found

    def at(self, path: Sequence[PathPart]) -> list[Mapping[str, Any]]:
        """The schemas that describe the value at `path` (empty when the path is not allowed)."""
        nodes = self.resolve(self.schema)
        for part in path:
            nodes = self.child(nodes, part)
            if not nodes:
                break
        return nodes

    def keys(self, nodes: Sequence[Mapping[str, Any]]) -> dict[str, str]:
        """The named keys allowed in a mapping described by `nodes`, with their descriptions."""
        out: dict[str, str] = {}
        for node in nodes:
            for key, sub in (node.get("properties") or {}).items():
                if key not in out or not out[key]:
                    out[key] = description(self.resolve(sub))
        return out

    def values(self, nodes: Sequence[Mapping[str, Any]]) -> list[str]:
        """The values an enum, a constant or a boolean may take, as YAML text."""
        out: list[str] = []
        for node in nodes:
            choices = list(node.get("enum", ()))
            if "const" in node:
                choices.append(node["const"])
            if node.get("type") == "boolean":
                choices += [True, False]
            for value in choices:
                text = _scalar_text(value)
                if text not in out:
                    out.append(text)
        return out


def description(nodes: Sequence[Mapping[str, Any]]) -> str:
    """The first description among `nodes` (a property's own description comes first)."""
    for node in nodes:
        text = node.get("description")
        if isinstance(text, str) and text.strip():
            return text.strip()
    return ""


def _scalar_text(value: Any) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    return str(value)


# Reading the text around the cursor -------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class CursorContext:
    """Where a cursor is in YAML text.

    `path` is the JSON path of the mapping (or list) that holds the cursor; `key` the key written
    on the cursor's line, if any, and `in_value` whether the cursor is after that key's colon;
    `word` the partial word just before the cursor (what completion replaces); `siblings` the
    keys already written in the same mapping.
    """

    path: JsonPath
    key: str | None = None
    in_value: bool = False
    word: str = ""
    siblings: frozenset[str] = field(default_factory=frozenset)

    @property
    def value_path(self) -> JsonPath:
        """The path of the key at the cursor (or of the mapping when there is no key)."""
        return (*self.path, self.key) if self.key is not None else self.path


@dataclass(frozen=True, slots=True)
class _Line:
    indent: int  # column of the first non-blank character
    key_col: int  # column where the key (or the item's content) starts, after any "- "
    dashes: tuple[int, ...]  # columns of the "- " list markers
    key: str | None
    rest: str  # text after "key:" (or the item's content when there is no key)


def _strip_comment(text: str) -> str:
    quote = ""
    for i, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "#" and (i == 0 or text[i - 1] in " \t"):
            return text[:i].rstrip()
    return text.rstrip()


def _parse_line(raw: str) -> _Line | None:
    text = _strip_comment(raw)
    if not text.strip() or text.strip() in ("---", "..."):
        return None
    indent = len(text) - len(text.lstrip(" "))
    pos = indent
    dashes: list[int] = []
    while text.startswith("- ", pos) or text[pos:] == "-":
        dashes.append(pos)
        pos += 1
        while pos < len(text) and text[pos] == " ":
            pos += 1
    m = _KEY_RE.match(text[pos:])
    if m:
        key = m.group("key").strip("\"'")
        return _Line(indent, pos, tuple(dashes), key, text[pos + m.end() :].strip())
    return _Line(indent, pos, tuple(dashes), None, text[pos:].strip())


def _open_flow(prefix: str) -> tuple[list[str | None], str, bool] | None:
    """Inside an unclosed `{`/`[` of `prefix`: the keys of the open flow mappings, the word typed
    and whether it is in a value position; None when every bracket is closed."""
    stack: list[tuple[str, str | None]] = []  # (bracket, key that opened it)
    token = ""
    last_key: str | None = None
    in_value = False
    quote = ""
    for ch in prefix:
        if quote:
            token += ch
            if ch == quote:
                quote = ""
            continue
        if ch in "\"'":
            quote = ch
            token += ch
        elif ch in "{[":
            stack.append((ch, last_key if in_value else None))
            token, last_key, in_value = "", None, False
        elif ch in "}]":
            if stack:
                stack.pop()
            token, in_value = "", True
        elif ch == "," and stack:
            token, last_key, in_value = "", None, False
        elif ch == ":" and stack and stack[-1][0] == "{" and not in_value:
            last_key = token.strip().strip("\"'")
            token, in_value = "", True
        else:
            token += ch
    if not stack:
        return None
    keys = [key for _, key in stack[1:]]  # the outermost bracket belongs to the line's block key
    if stack[-1][0] == "[":
        return keys, token.strip(), True
    return [*keys, last_key if in_value else None], token.strip(), in_value


def context_at(text: str, line: int, column: int) -> CursorContext:
    """The context of a cursor at 1-based `line` and `column` (the column of the next character)."""
    lines = text.split("\n")
    if not 1 <= line <= len(lines):
        return CursorContext(())
    raw = lines[line - 1]
    prefix = raw[: max(column - 1, 0)]
    word_match = re.search(r"[A-Za-z0-9_\-./=#]*$", prefix)
    word = word_match.group(0) if word_match else ""
    here = _parse_line(raw)
    lead = len(prefix) - len(prefix.lstrip(" "))
    if here is None or (not prefix.strip() and here.key_col >= len(prefix)):
        # A blank line (or the cursor in the indentation): the indentation decides.
        target = lead if prefix.strip() == "" else (here.key_col if here else lead)
        path = _parents(lines, line - 1, target)
        return CursorContext(path, None, False, word, _siblings(lines, line - 1, target))
    # On a line with content.
    head = prefix[: here.key_col] if len(prefix) > here.key_col else prefix
    item_only = len(prefix) <= here.key_col and head.strip().startswith("-")
    path = _parents(lines, line - 1, here.dashes[0] if here.dashes else here.key_col)
    path = (*path, *([0] * len(here.dashes)))
    if item_only:
        return CursorContext(path, None, False, word, frozenset())
    inner = prefix[here.key_col :]
    key_end = inner.find(":")
    if here.key is None:
        flow = _open_flow(inner)
        if flow is not None:  # inside "- {a: 1, ...}": the flow belongs to the list item
            return _flow_context(path, flow, inner)
    if here.key is None or key_end < 0 or len(inner) <= key_end:
        siblings = _siblings(lines, line - 1, here.key_col) - {word}
        if here.dashes:
            siblings = frozenset()
        return CursorContext(path, None, False, word, siblings)
    value_prefix = inner[key_end + 1 :]
    flow = _open_flow(value_prefix)
    if flow is None:
        return CursorContext(path, here.key, True, word)
    return _flow_context((*path, here.key), flow, value_prefix)


def _flow_context(path: JsonPath, flow: tuple[list[str | None], str, bool], prefix: str) -> CursorContext:
    """The context inside an open flow collection whose outermost bracket holds the value at `path`."""
    keys, token, in_value = flow
    flow_path: list[PathPart] = list(path)
    for key in keys[:-1]:
        flow_path.append(key if key is not None else 0)
    last = keys[-1] if keys else None
    if in_value and last is not None:
        return CursorContext(tuple(flow_path), last, True, token)
    if in_value:
        flow_path.append(0)
        return CursorContext(tuple(flow_path), None, True, token)
    return CursorContext(tuple(flow_path), None, False, token, _flow_keys(prefix))


def _flow_keys(prefix: str) -> frozenset[str]:
    inner = prefix[prefix.rfind("{") + 1 :]
    return frozenset(part.split(":", 1)[0].strip() for part in inner.split(",") if ":" in part)


def _parents(lines: Sequence[str], index: int, col: int) -> JsonPath:
    """The path of the mapping whose keys start at column `col`, for the line at `index`."""
    path: list[PathPart] = []
    cur = col
    for i in range(index - 1, -1, -1):
        if cur == 0:
            break
        info = _parse_line(lines[i])
        if info is None:
            continue
        if info.key_col < cur and info.key is not None and not info.rest:
            path.append(info.key)
            cur = info.key_col
            continue
        inside_item = [d for d in info.dashes if d < cur]
        if inside_item:
            path += [0] * len(inside_item)
            cur = inside_item[0]
            continue
        if info.key_col < cur and info.key is not None:
            path.append(info.key)  # a multi-line scalar value: the cursor is in its text
            cur = info.key_col
            continue
        if info.dashes and info.dashes[0] == cur:
            continue  # a sibling item of the list we are in
        if info.indent < cur and info.key is None:
            break
    # An indentless list ("key:\n- item") has its parent key at the dash's column.
    return tuple(reversed(path))


def _siblings(lines: Sequence[str], index: int, col: int) -> frozenset[str]:
    """The keys written at column `col` in the same block mapping as line `index`."""
    found: set[str] = set()
    for step in (-1, 1):
        i = index + step
        while 0 <= i < len(lines):
            info = _parse_line(lines[i])
            i += step
            if info is None:
                continue
            if info.key_col < col or (info.dashes and info.dashes[-1] < col and info.key_col == col and step < 0):
                if info.key_col == col and info.key is not None and step < 0:
                    found.add(info.key)
                break
            if info.key_col == col and info.key is not None and not info.dashes:
                found.add(info.key)
    here = _parse_line(lines[index]) if 0 <= index < len(lines) else None
    if here is not None and here.key is not None and here.key_col == col:
        found.discard(here.key)
    return frozenset(found)


# What completion and hover show -----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Completion:
    """One suggestion: `text` to insert, `kind` "key" or "value", and what it means."""

    text: str
    kind: str
    description: str = ""


def _game_of(text: str) -> str | None:
    """The game the text is for: its `game:`, else the game part of the id in `extends:`."""
    m = re.search(r"^game\s*:\s*['\"]?([A-Za-z-]+)", text, re.MULTILINE)
    if m:
        return m.group(1)
    m = re.search(r"^extends\s*:\s*['\"]?([a-z-]+)/[a-z0-9-]+['\"]?\s*$", text, re.MULTILINE)
    return m.group(1) if m else None


def _family_sections(schema: Mapping[str, Any]) -> set[str]:
    families = ("stay-alive", "alive", "avalanche", "archimedes")
    props = schema.get("properties") or {}
    return {f.replace("-", "_") for f in families if f.replace("-", "_") in props}


def completions(text: str, line: int, column: int, schema: Mapping[str, Any] | None = None) -> list[Completion]:
    """What may be written at the cursor: the keys allowed there (not yet written) or enum values."""
    schema = load_schema() if schema is None else schema
    nav = SchemaNavigator(schema)
    ctx = context_at(text, line, column)
    if ctx.in_value:
        nodes = nav.at(ctx.value_path)
        desc = description(nodes)
        return [Completion(v, "value", desc) for v in nav.values(nodes)]
    keys = nav.keys(nav.at(ctx.path))
    if not ctx.path:
        game = _game_of(text)
        sections = _family_sections(schema)
        if game is not None:
            keys = {k: d for k, d in keys.items() if k not in sections or k == game.replace("-", "_")}
    return [Completion(k, "key", d) for k, d in keys.items() if k not in ctx.siblings]


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


def describe_at(text: str, line: int, column: int, schema: Mapping[str, Any] | None = None) -> str | None:
    """What the key under the cursor means, from the schema (None when it is not a known key)."""
    schema = load_schema() if schema is None else schema
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


# What a house rule changes ------------------------------------------------------------------------
class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
"""Stands for "not there" in a `Change` (a key the house rule adds or removes)."""


@dataclass(frozen=True, slots=True)
class Change:
    """One difference between the base and the resolved data, at a JSON pointer."""

    pointer: str
    before: Any
    after: Any


def changes(base: Mapping[str, Any], resolved: Mapping[str, Any], pointer: str = "") -> list[Change]:
    """Every place where `resolved` differs from `base` (mappings compared key by key, lists whole)."""
    out: list[Change] = []
    for key in [*base.keys(), *(k for k in resolved.keys() if k not in base)]:
        here = pointer_join(pointer, key)
        before = base.get(key, MISSING)
        after = resolved.get(key, MISSING)
        if isinstance(before, Mapping) and isinstance(after, Mapping):
            out += changes(before, after, here)
        elif before != after or type(before) is not type(after) and before is not MISSING:
            out.append(Change(here, before, after))
    return out


def resolved_lines(data: Mapping[str, Any], pointer: str = "", indent: int = 0) -> Iterator[tuple[str, str]]:
    """`data` as block YAML, one (line, JSON pointer of what the line shows) pair at a time."""
    pad = " " * indent
    for key, value in data.items():
        here = pointer_join(pointer, key)
        name = _key_text(key)
        if isinstance(value, Mapping) and value and not _small(value):
            yield f"{pad}{name}:", here
            yield from resolved_lines(value, here, indent + 2)
        elif isinstance(value, list) and value and any(isinstance(v, (Mapping, list)) for v in value) and not _small(value):
            yield f"{pad}{name}:", here
            for i, item in enumerate(value):
                item_ptr = pointer_join(here, i)
                if isinstance(item, Mapping) and item:
                    sub = list(resolved_lines(item, item_ptr, indent + 4))
                    first, first_ptr = sub[0]
                    yield f"{pad}  - {first.lstrip()}", first_ptr
                    yield from sub[1:]
                else:
                    yield f"{pad}  - {_flow(item)}", item_ptr
        else:
            yield f"{pad}{name}: {_flow(value)}", here


def _key_text(key: Any) -> str:
    text = _flow(key)
    return text


def _small(value: Any) -> bool:
    return len(_flow(value)) <= 72 and not (isinstance(value, Mapping) and any(isinstance(v, Mapping) for v in value.values()))


_PLAIN = re.compile(r"^[A-Za-z_][A-Za-z0-9_ .\-/]*(?<! )$")
_RESERVED = {"true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"}


def _flow(value: Any) -> str:
    """`value` as one line of flow YAML (what `yaml.safe_dump` would write, much faster)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        if _PLAIN.match(value) and value.lower() not in _RESERVED:
            return value
        return json.dumps(value, ensure_ascii=False)  # a JSON string is a double-quoted YAML scalar
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{_flow(k)}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    return json.dumps(str(value))


def changed_lines(lines: Sequence[tuple[str, str]], changed: Sequence[Change]) -> list[bool]:
    """For each of `resolved_lines`, whether it shows (part of) something the house rule changed."""
    marks = [c.pointer for c in changed]
    out = []
    for text, ptr in lines:
        header = text.endswith(":")  # a block mapping's key line: marked only if it is itself changed
        out.append(any(ptr == m or ptr.startswith(m + "/") or (not header and m.startswith(ptr + "/")) for m in marks))
    return out
