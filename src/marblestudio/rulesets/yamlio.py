"""Reading YAML safely, keeping the line and column of every key and value.

The text is never handed to a YAML composer: we walk PyYAML's event stream ourselves (libyaml's
parser when present, which is iterative), so that nesting depth and alias expansion are checked
while reading and a hostile file (50,000 nested brackets, a "billion laughs" bomb) stops at
once.  Scalars are built by PyYAML's SafeConstructor only, so no tag can build a Python object.
Every problem becomes a positioned `Diagnostic`; nothing here raises for bad input.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.resolver import Resolver

from marblestudio.rulesets.diagnostics import ERROR, Diagnostic, pointer_join, pointer_parts

MAX_BYTES = 2 * 1024 * 1024
"""Largest ruleset file read; a real one is a few kilobytes."""
MAX_DEPTH = 64
"""Deepest nesting of mappings and lists."""
MAX_NODES = 100_000
"""Most values a file may hold once its aliases are expanded (stops "billion laughs")."""

_LINE_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")
"""What ends a line in YAML (and so in the positions PyYAML reports)."""
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_STR = "tag:yaml.org,2002:str"
_MAP_TAGS = {None, "!", "tag:yaml.org,2002:map"}
_SEQ_TAGS = {None, "!", "tag:yaml.org,2002:seq"}


@dataclass(frozen=True, slots=True)
class Position:
    """A 1-based line and column."""

    line: int
    column: int


START = Position(1, 1)


@dataclass(slots=True)
class Document:
    """Plain data (dicts, lists, scalars) read from one file, with where each part was written.

    `values[pointer]` is the position of the value at that JSON pointer; `keys[pointer]` the
    position of the key that introduced it (for members of a mapping).
    """

    path: str
    data: Any
    values: dict[str, Position] = field(default_factory=dict)
    keys: dict[str, Position] = field(default_factory=dict)
    styles: dict[str, str] = field(default_factory=dict)
    """The style of each text value that is not plain: "'" or '"' (quoted), '|' or '>' (a block)."""

    def value_at(self, pointer: str) -> Position | None:
        """Where the value at `pointer` was written, or None if this file did not write it."""
        return self.values.get(pointer)

    def key_at(self, pointer: str) -> Position | None:
        return self.keys.get(pointer)

    def nearest(self, pointer: str) -> Position:
        """The value's position, else that of the closest enclosing value this file wrote."""
        parts = pointer_parts(pointer)
        while True:
            p = "".join(f"/{x.replace('~', '~0').replace('/', '~1')}" for x in parts)
            found = self.values.get(p)
            if found is not None:
                return found
            if not parts:
                return START
            parts.pop()


class _Fatal(Exception):
    """Stops reading: the file cannot be read any further."""

    def __init__(self, position: Position, message: str) -> None:
        super().__init__(message)
        self.position = position
        self.message = message

    def __reduce__(self) -> tuple[type[_Fatal], tuple[Position, str]]:
        return type(self), (self.position, self.message)


def _pos(mark: Any) -> Position:
    if mark is None:
        return START
    return Position(mark.line + 1, mark.column + 1)


def _tag_text(tag: str) -> str:
    if tag.startswith("tag:yaml.org,2002:"):
        return "!!" + tag[len("tag:yaml.org,2002:") :]
    return tag


@dataclass(slots=True)
class _Frame:
    container: Any  # dict or list
    pointer: str
    anchor: str | None
    position: Position
    size: int = 1
    key: str | None = None  # a mapping's pending key
    key_pos: Position | None = None
    key_lines: dict[str, int] = field(default_factory=dict)


class _Builder:
    """Builds plain data from YAML events, checking limits as it goes."""

    def __init__(self, path: str) -> None:
        self.doc = Document(path, None)
        self.problems: list[Diagnostic] = []
        self.stack: list[_Frame] = []
        self.anchors: dict[str, tuple[Any, int]] = {}
        self.open_anchors: set[str] = set()
        self.total = 0
        self.done = False
        self.resolver = Resolver()
        self.constructor = SafeConstructor()

    def problem(self, position: Position, message: str) -> None:
        self.problems.append(Diagnostic(self.doc.path, position.line, position.column, ERROR, message))

    # -- placing a finished value -------------------------------------------------------------

    def _slot(self, position: Position) -> str | None:
        """The pointer for the next value, or None when the next node is a mapping key."""
        if not self.stack:
            if self.done:
                raise _Fatal(position, "a ruleset file holds one YAML document; found a second one")
            return ""
        top = self.stack[-1]
        if isinstance(top.container, list):
            return pointer_join(top.pointer, len(top.container))
        if top.key is None:
            return None
        return pointer_join(top.pointer, top.key)

    def _place(self, value: Any, size: int, position: Position = START, *, counted: bool = False) -> None:
        """Put a finished value in its parent; `size` counts it with what its aliases expand to."""
        if not counted:  # a collection's members were counted as they came
            self.total += size
        if self.total > MAX_NODES:
            raise _Fatal(position, f"the file expands to more than {MAX_NODES:,} values (too many aliases?)")
        if not self.stack:
            self.doc.data = value
            self.done = True
            return
        top = self.stack[-1]
        top.size += size
        if isinstance(top.container, list):
            top.container.append(value)
        else:
            assert top.key is not None
            top.container.setdefault(top.key, value)
            top.key = None

    def _take_key(self, event: Any) -> bool:
        """Handle `event` if it is a mapping key; True when it was one."""
        if not self.stack or not isinstance(self.stack[-1].container, dict) or self.stack[-1].key is not None:
            return False
        top = self.stack[-1]
        position = _pos(event.start_mark)
        if not isinstance(event, yaml.ScalarEvent):
            raise _Fatal(position, "a key must be a plain name, not a list, mapping or alias")
        key = event.value
        if key == "<<" and not event.style:  # (unquoted; the C parser says "") YAML 1.1's merge key: not read as a key of the ruleset
            raise _Fatal(position, "merge keys ('<<: *name') are not read in a ruleset: write the keys out, "
                                   "or use 'extends:' to start from another ruleset")
        pointer = pointer_join(top.pointer, key)
        first = top.key_lines.get(key)
        if first is not None:
            self.problem(position, f"duplicate key '{key}' (first at line {first}, again at line {position.line})")
        else:
            top.key_lines[key] = position.line
            self.doc.keys[pointer] = position
        top.key = key
        top.key_pos = position
        return True

    # -- events -------------------------------------------------------------------------------

    def feed(self, event: Any) -> None:
        if isinstance(event, yaml.DocumentStartEvent) and self.done:
            raise _Fatal(_pos(event.start_mark), "a ruleset file holds one YAML document; found a second one")
        if isinstance(event, (yaml.ScalarEvent, yaml.AliasEvent, yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            if self._take_key(event):
                return
            self._node(event)
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            frame = self.stack.pop()
            if frame.anchor is not None:
                self.anchors[frame.anchor] = (frame.container, frame.size)
                self.open_anchors.discard(frame.anchor)
            self._place(frame.container, frame.size, frame.position, counted=True)

    def _node(self, event: Any) -> None:
        position = _pos(event.start_mark)
        pointer = self._slot(position)
        assert pointer is not None
        if isinstance(event, yaml.AliasEvent):
            self.doc.values[pointer] = position
            if event.anchor in self.open_anchors:
                raise _Fatal(position, f"the alias *{event.anchor} refers to a value that contains it")
            if event.anchor not in self.anchors:
                raise _Fatal(position, f"the alias *{event.anchor} names no anchor (&{event.anchor}) above it")
            value, size = self.anchors[event.anchor]
            self._place(value, size, position)
            return
        self.doc.values.setdefault(pointer, position)
        if isinstance(event, yaml.ScalarEvent):
            if event.style:
                self.doc.styles[pointer] = event.style
            value = self._scalar(event, position)
            if event.anchor is not None:
                self.anchors[event.anchor] = (value, 1)
            self._place(value, 1)
            return
        is_map = isinstance(event, yaml.MappingStartEvent)
        if event.tag not in (_MAP_TAGS if is_map else _SEQ_TAGS):
            self.problem(position, f"the tag '{_tag_text(event.tag)}' is not allowed: a ruleset holds only plain data")
        if len(self.stack) >= MAX_DEPTH:
            raise _Fatal(position, f"the file nests deeper than {MAX_DEPTH} levels")
        if event.anchor is not None:
            self.open_anchors.add(event.anchor)
        self.total += 1
        self.stack.append(_Frame({} if is_map else [], pointer, event.anchor, position))

    def _scalar(self, event: Any, position: Position) -> Any:
        tag = event.tag
        if tag is None or tag == "!":
            tag = self.resolver.resolve(yaml.ScalarNode, event.value, event.implicit)  # type: ignore[no-untyped-call]
        if tag == _STR:
            return event.value
        if tag == "tag:yaml.org,2002:merge":  # only keys are merge keys, and keys stay text
            return event.value
        node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
        try:
            return self.constructor.construct_object(node)
        except yaml.constructor.ConstructorError:
            self.problem(position, f"the tag '{_tag_text(tag)}' is not allowed: a ruleset holds only plain data")
        except Exception as exc:  # PyYAML's constructors fail on odd text in many ways (ValueError, IndexError, KeyError...)
            reason = f": {exc}" if isinstance(exc, ValueError) else ""
            self.problem(position, f"cannot read {event.value!r} as {_tag_text(tag)}{reason}")
        return event.value


def _events(text: str) -> Iterator[Any]:
    return yaml.parse(text, Loader=_LOADER)


def read_text(text: str, path: str = "<text>") -> tuple[Document | None, list[Diagnostic]]:
    """Read YAML `text`: the document, or None and the reasons it could not be read.

    A document is returned even when some values had problems (duplicate keys, bad tags),
    together with those problems; callers stop when any problem is an error.
    """
    doc, problems = _read_text(text, path)
    return doc, _within(problems, text)


def _within(problems: list[Diagnostic], text: str) -> list[Diagnostic]:
    """`problems` placed inside the text: the parser reports "the end of the file" on the line
    after a final newline, a line that the editor shows empty and the user never wrote; such a
    problem goes to the end of the last line.  Lines end where YAML says they do."""
    lines = _LINE_BREAK.split(text)
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()
    last = len(lines)
    out = []
    for d in problems:
        if d.line > last:
            d = Diagnostic(d.path, last, len(lines[-1]) + 1, d.severity, d.message, d.pointer)
        out.append(d)
    return out


def _read_text(text: str, path: str) -> tuple[Document | None, list[Diagnostic]]:
    if len(text) > MAX_BYTES:
        return None, [_at(path, START, f"the file is larger than {MAX_BYTES // (1024 * 1024)} MB; a ruleset is a few kilobytes")]
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        return None, [_at(path, Position(line, 1), "the file holds binary data (NUL bytes), not YAML text")]
    builder = _Builder(path)
    try:
        for event in _events(text):
            builder.feed(event)
    except _Fatal as fatal:
        return None, [*builder.problems, _at(path, fatal.position, fatal.message)]
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        what = exc.problem or "not valid YAML"
        context = f" ({exc.context})" if exc.context else ""
        if mark is not None and _char_at(text, mark) == "\t":
            message = "a tab character: YAML indents with spaces only; replace the tab with spaces"
        else:
            message = f"YAML syntax: {what}{context}"
        return None, [*builder.problems, _at(path, _pos(mark), message)]
    except UnicodeEncodeError as exc:  # a lone surrogate, e.g. pasted into an editor
        line = text[: exc.start].count("\n") + 1
        column = exc.start - (text.rfind("\n", 0, exc.start) + 1) + 1
        return None, [_at(path, Position(line, column), "the text holds a character that is not valid Unicode")]
    except yaml.YAMLError as exc:
        position = START
        pos = getattr(exc, "position", None)
        if isinstance(pos, int):
            line = text[:pos].count("\n") + 1
            column = pos - (text.rfind("\n", 0, pos) + 1) + 1
            position = Position(line, column)
        return None, [*builder.problems, _at(path, position, f"cannot read the file as YAML: {_short(exc)}")]
    if builder.doc.data is None and not builder.problems:
        return None, [_at(path, START, "the file is empty: a ruleset is a mapping such as 'id: my/ruleset'")]
    return builder.doc, builder.problems


def read_file(path: str | os.PathLike[str]) -> tuple[Document | None, list[Diagnostic]]:
    """Read a YAML file; the size cap is checked before reading it.  Raises OSError if unreadable."""
    name = os.fspath(path)
    size = os.stat(name).st_size
    if size > MAX_BYTES:
        return None, [_at(name, START, f"the file is {size / (1024 * 1024):.1f} MB; a ruleset may be at most {MAX_BYTES // (1024 * 1024)} MB")]
    with open(name, "rb") as handle:
        raw = handle.read(MAX_BYTES + 1)
    return read_bytes(raw, name)


def read_bytes(raw: bytes, path: str) -> tuple[Document | None, list[Diagnostic]]:
    """Decode `raw` as UTF-8 (a BOM is allowed) and read it."""
    if len(raw) > MAX_BYTES:
        return None, [_at(path, START, f"the file is larger than {MAX_BYTES // (1024 * 1024)} MB; a ruleset is a few kilobytes")]
    if b"\x00" in raw:
        line = raw[: raw.index(b"\x00")].count(b"\n") + 1
        return None, [_at(path, Position(line, 1), "the file holds binary data (NUL bytes), not YAML text")]
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        byte = raw[exc.start]
        return None, [_at(path, Position(line, column),
                          f"byte 0x{byte:02X} is not UTF-8 text: the file is in another encoding "
                          "(Latin-1 or Windows-1252?) or not text; save it as UTF-8")]
    return read_text(text, path)


def _char_at(text: str, mark: Any) -> str:
    """The character a parser's mark points at ("" past the end)."""
    index = getattr(mark, "index", None)
    return text[index] if isinstance(index, int) and 0 <= index < len(text) else ""


def _short(exc: Exception) -> str:
    text = " ".join(str(exc).split())
    return text if len(text) <= 160 else text[:157] + "..."


def _at(path: str, position: Position, message: str) -> Diagnostic:
    return Diagnostic(path, position.line, position.column, ERROR, message)
