"""Where a cursor is in YAML text, read by indentation and brackets so half-written text works too."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from marblestudio.rulesets.assist.navigator import JsonPath, PathPart

_KEY_RE = re.compile(r"""^(?P<key>[A-Za-z0-9_][A-Za-z0-9_\-./]*|"[^"]*"|'[^']*')\s*:(?=\s|$)""")


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
    path = _parents(lines, line - 1, here.dashes[0] if here.dashes else here.key_col, in_item=bool(here.dashes))
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


def _parents(lines: Sequence[str], index: int, col: int, in_item: bool = False) -> JsonPath:
    """The path of the mapping whose keys start at column `col`, for the line at `index`.

    `in_item`: column `col` is a list item's dash, whose parent key may stand at the same column
    (an indentless list, "key:" then "- item" below it).
    """
    path: list[PathPart] = []
    cur = col
    for i in range(index - 1, -1, -1):
        if cur == 0 and not in_item:
            break
        info = _parse_line(lines[i])
        if info is None:
            continue
        at_parent = info.key_col < cur or (in_item and info.key_col == cur and not info.dashes)
        if info.key is not None and ((not info.rest and at_parent) or info.key_col < cur):
            # the key of the mapping we are in, or of a multi-line scalar whose text holds the cursor
            path.append(info.key)
            cur, in_item = info.key_col, False
            if info.dashes:  # "- key:": the key opens a list item ("- turn:" then its keys below)
                path += [0] * len(info.dashes)
                cur, in_item = info.dashes[0], True
            continue
        inside_item = [d for d in info.dashes if d < cur]
        if inside_item:
            path += [0] * len(inside_item)
            cur, in_item = inside_item[0], True
            continue
        if info.dashes and info.dashes[0] == cur:
            continue  # a sibling item of the list we are in
        if info.indent < cur and info.key is None:
            break
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
            if info.key_col < col or (info.dashes and info.dashes[-1] < col and info.key_col == col):
                if info.key_col == col and info.key is not None and step < 0:
                    found.add(info.key)  # the item's first key, on its "- " line
                break  # above: the mapping's parent or its item's start; below: the next item
            if info.key_col == col and info.key is not None and not info.dashes:
                found.add(info.key)
    here = _parse_line(lines[index]) if 0 <= index < len(lines) else None
    if here is not None and here.key is not None and here.key_col == col:
        found.discard(here.key)
    return frozenset(found)


def scalar_owner(text: str, line: int) -> int | None:
    """The 1-based line of the key whose multi-line scalar (a `|` or `>` block, or plain text
    going on below its key) holds line `line`; None when that line is not such text."""
    lines = text.split("\n")
    if not 1 <= line <= len(lines):
        return None
    here = _parse_line(lines[line - 1])
    if here is None or here.key is not None or here.dashes:
        return None
    indent = here.indent
    for i in range(line - 2, -1, -1):
        info = _parse_line(lines[i])
        if info is None:
            continue
        if info.key is None and not info.dashes:
            indent = min(indent, info.indent)  # another line of the same text
            continue
        scalar = bool(info.rest) and info.rest[0] not in "{[&*!"
        return i + 1 if info.key is not None and scalar and info.key_col < indent else None
    return None


def _list_items(lines: Sequence[str], list_key: str) -> list[list[tuple[int, _Line]]]:
    """The items of the top-level list `list_key`, each its parsed lines (0-based index, line),
    the first one its "- " line."""
    top = next((i for i, raw in enumerate(lines) if re.match(rf"{re.escape(list_key)}\s*:\s*(#.*)?$", raw)), None)
    if top is None:
        return []
    parsed = [(i, info) for i in range(top + 1, len(lines)) if (info := _parse_line(lines[i])) is not None]
    dash = next((info.dashes[0] for _, info in parsed if info.dashes), None)
    items: list[list[tuple[int, _Line]]] = []
    for i, info in parsed:
        if dash is None or info.indent < dash or (info.indent == dash and not info.dashes):
            break  # the list has ended
        if info.dashes and info.dashes[0] == dash:
            items.append([])
        if items:
            items[-1].append((i, info))
    return items


def _item_keys(lines: Sequence[str], item: Sequence[tuple[int, _Line]]) -> dict[str, str]:
    """The plain values an item writes for its keys, quotes removed ('' for a value written below
    its key); a flow item ("- {on: x, then: y}") its first line's."""
    first_index, first = item[0]
    found: dict[str, str] = {}
    if first.rest.startswith("{"):
        for m in re.finditer(r"""[{,]\s*([A-Za-z_]\w*)\s*:\s*(?:'([^']*)'|"([^"]*)"|([^,{}\[\]]*))""", lines[first_index]):
            found.setdefault(m.group(1), next(g for g in m.groups()[1:] if g is not None).strip())
    for _, info in item:
        if info.key is not None and info.key_col == first.key_col:
            quoted = len(info.rest) >= 2 and info.rest[0] == info.rest[-1] and info.rest[0] in "'\""
            found[info.key] = info.rest[1:-1] if quoted else info.rest
    return found


def item_value(text: str, line: int, list_key: str, key: str) -> str | None:
    """The plain value written for `key` in the item of the top-level list `list_key` that holds
    line `line` (e.g. the `on:` of the `rules:` entry the cursor is in), quotes removed; None
    when the item does not write it."""
    lines = text.split("\n")
    if not 1 <= line <= len(lines):
        return None
    items = [item for item in _list_items(lines, list_key) if item[0][0] < line]  # those starting up to the line
    return (_item_keys(lines, items[-1]).get(key) or None) if items else None


def list_items(text: str, list_key: str) -> list[dict[str, str]]:
    """The keys and plain values of each item of the top-level list `list_key` (the `rules:`
    entries: their `name`, `forbid`, `on`, ...), read line by line so half-written text works too."""
    lines = text.split("\n")
    return [_item_keys(lines, item) for item in _list_items(lines, list_key)]
