"""Expressions in rulesets: a small, typed, safe language compiled to Python closures.

A rule's condition (`if: event.seat != mover and marbles_left(mover) <= 2`) or amount
(`score: 2 * lives(mover)`) is an expression over a documented, read-only view of the game
(`Scope`).  It is written in Python's expression syntax, which most people who write YAML have
met, and read by Python's own parser (`ast.parse(mode="eval")`), so no grammar of ours can be
wrong; then every node is checked against a short allow-list and typed, and the tree is compiled
once into nested closures.  Nothing is ever passed to `eval` or `compile`.

What the language has: whole numbers, `true`/`false` (also `True`/`False`), short texts in quotes,
the names and functions of its scope, `event.<field>` and `move.<field>`, arithmetic
(`+ - * // %`; `//` and `%` by zero give 0), comparisons (chained too), `and`, `or`, `not`,
`x if cond else y`, and `in` / `not in` a list written out (`event.card in ['DRAW1', 'DRAW2', 'SKIP']`).

What it has not, by design: attribute access beyond the scope's records, subscripts, calls of
anything but the scope's functions, lambdas, comprehensions, `**`, assignment, f-strings.  So an
expression cannot reach files, imports, the clock or Python objects, and its cost is bounded by
its size: at most `MAX_LENGTH` characters, `MAX_NODES` nodes and `MAX_DEPTH` levels, and
numbers within `MAX_NUMBER` (why Python's parser is used, and not a CEL binding: see
docs/rulesets.md, "Expressions").
"""

from __future__ import annotations

import ast
import keyword
import operator
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

MAX_LENGTH = 400
"""The longest expression, in characters."""
MAX_NODES = 120
"""The most syntax nodes in one expression (names, numbers, operators, calls, ...)."""
MAX_DEPTH = 32
"""The deepest nesting of one expression."""
MAX_NUMBER = 10**6
"""The largest number an expression may write."""
MAX_TEXT = 64
"""The longest text in quotes."""

INT, BOOL, STR = "number", "true/false", "text"
"""The types of values: whole numbers, truth values and texts."""
SEAT = "seat"
"""A function's argument that is a seat: a number, and a seat that does not exist gives the
function's `default` (never an error)."""

KEYWORDS: dict[str, str] = {
    "and": "true when the expressions on both sides are true (the right one is read only when the left is true)",
    "or": "true when either side is true (the right one is read only when the left is false)",
    "not": "the opposite of the truth value after it",
    "in": "true when the value is one of a list written out: event.card in ['DRAW1', 'DRAW2']",
    "if": "a choice between two values: 2 if phase == 'sliding' else 1",
    "else": "the value of 'x if cond else y' when cond is false",
    "true": "the truth value true (True also works)",
    "false": "the truth value false (False also works)",
}
"""The words of the expression language itself, with what they do (the editor's completion and hover)."""

Evaluator = Callable[[Any], Any]
"""A compiled expression: called with the evaluation context, returns its value."""


@dataclass(frozen=True, slots=True)
class Record:
    """A value with named fields (`event`, `move`): `fields` maps each field to its type."""

    name: str
    fields: Mapping[str, str]
    doc: str = ""

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class Name:
    """A name an expression may read: its type, how to read it from the context, what it means."""

    type: str | Record
    read: Evaluator
    doc: str = ""


@dataclass(frozen=True, slots=True)
class Function:
    """A function an expression may call: argument types, result type, the implementation
    (called with the context, then the arguments) and what it means."""

    args: tuple[str, ...]
    returns: str
    call: Callable[..., Any]
    doc: str = ""
    default: Any = None
    """The result for a seat that does not exist (a `SEAT` argument out of range); None: nothing
    of the result's type (0, '' or false), so that an expression's value keeps its type."""

    def signature(self, name: str) -> str:
        words = {SEAT: "seat", INT: "n", BOOL: "flag", STR: "text"}
        return f"{name}({', '.join(words[a] for a in self.args)})"


@dataclass(frozen=True, slots=True)
class Scope:
    """What an expression can see: names and functions (a rule's scope depends on its hook)."""

    names: Mapping[str, Name] = field(default_factory=dict)
    functions: Mapping[str, Function] = field(default_factory=dict)


class ExpressionError(ValueError):
    """An expression that does not parse, is not allowed, or has the wrong type.

    `line` and `column` (1-based) point inside the expression's own text."""

    def __init__(self, message: str, line: int = 1, column: int = 1) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column

    def __reduce__(self) -> tuple[type[ExpressionError], tuple[str, int, int]]:
        return type(self), (self.message, self.line, self.column)


@dataclass(frozen=True, slots=True)
class Compiled:
    """A checked expression: its text, its type and its evaluator."""

    text: str
    type: str
    evaluate: Evaluator


_LITERAL_NAMES = {"true": True, "false": False, "True": True, "False": False}

_ARITH: dict[type[ast.operator], Callable[[int, int], int]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.FloorDiv: lambda a, b: a // b if b else 0,
    ast.Mod: lambda a, b: a % b if b else 0,
}
_COMPARE: dict[type[ast.cmpop], Callable[[Any, Any], bool]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
}
_ORDERED = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
_SYMBOLS = {"&&": "and", "||": "or", "===": "==", "!==": "!="}
_NOT_ALLOWED = {
    ast.Subscript: "indexing with [...]",
    ast.Lambda: "lambda",
    ast.ListComp: "a comprehension",
    ast.SetComp: "a comprehension",
    ast.DictComp: "a comprehension",
    ast.GeneratorExp: "a comprehension",
    ast.Dict: "a mapping",
    ast.Set: "a set",
    ast.JoinedStr: "an f-string",
    ast.NamedExpr: "':='",
    ast.Starred: "'*'",
    ast.Await: "await",
    ast.Yield: "yield",
}


def _where(node: ast.AST) -> tuple[int, int]:
    return getattr(node, "lineno", 1), getattr(node, "col_offset", 0) + 1


def _fail(node: ast.AST, message: str) -> ExpressionError:
    return ExpressionError(message, *_where(node))


_KEYWORD_FIELD = re.compile(r"\.(" + "|".join(k for k in keyword.kwlist if k.islower()) + r")\b")
"""A field after a dot that Python's parser would take for a keyword (`move.from`): read as `from_`."""


def field_name(attr: str) -> str:
    """The record field an attribute names (`from_` is the field `from`, see `_KEYWORD_FIELD`)."""
    return attr[:-1] if attr.endswith("_") and keyword.iskeyword(attr[:-1]) else attr


def parse(text: str) -> ast.expr:
    """The syntax tree of `text`, within the size caps; raises ExpressionError."""
    if not isinstance(text, str):
        raise ExpressionError(f"an expression is text, not {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise ExpressionError(f"the expression is {len(text)} characters long; at most {MAX_LENGTH} are allowed")
    if not text.strip():
        raise ExpressionError("the expression is empty")
    for symbol, word in _SYMBOLS.items():
        at = text.find(symbol)
        if at >= 0:
            line = text.count("\n", 0, at) + 1
            column = at - (text.rfind("\n", 0, at) + 1) + 1
            raise ExpressionError(f"'{symbol}' is not an operator here: write '{word}'", line, column)
    text = _KEYWORD_FIELD.sub(lambda m: f".{m.group(1)}_", text)  # `event.from`: a field named as a Python keyword
    multiline = "\n" in text.strip()
    try:  # several lines (a YAML block) are one expression in brackets, as in Python
        tree = ast.parse(f"(\n{text}\n)" if multiline else text.strip(), mode="eval")
    except SyntaxError as exc:
        line, column = exc.lineno or 1, exc.offset or 0
        if not column:  # Python points nowhere when the text ends too early: point after its end
            last = text.rstrip().split("\n")[-1] if multiline else text.rstrip()
            line = text.strip().count("\n") + 2 if multiline else 1
            column = len(last) + 1 if multiline else len(text.rstrip()) + 1 - (len(text) - len(text.lstrip()))
        if multiline:
            line = max(line - 1, 1)
        else:
            column += len(text) - len(text.lstrip())
        raise ExpressionError(f"this is not an expression: {exc.msg}", line, max(column, 1)) from None
    except (ValueError, RecursionError, MemoryError) as exc:
        raise ExpressionError(f"this is not an expression: {type(exc).__name__}") from None
    if multiline:
        for node in ast.walk(tree):
            if hasattr(node, "lineno"):
                node.lineno = max(node.lineno - 1, 1)
    else:
        shift = len(text) - len(text.lstrip())
        for node in ast.walk(tree):
            if hasattr(node, "col_offset"):
                node.col_offset += shift
    body = tree.body
    count = 0
    stack: list[tuple[ast.AST, int]] = [(body, 1)]
    while stack:
        node, depth = stack.pop()
        count += 1
        if count > MAX_NODES:
            raise _fail(body, f"the expression is too large: at most {MAX_NODES} parts (names, numbers, operators)")
        if depth > MAX_DEPTH:
            raise _fail(node, f"the expression nests too deeply: at most {MAX_DEPTH} levels")
        stack.extend((child, depth + 1) for child in ast.iter_child_nodes(node))
    return body


def compile_expression(text: str, scope: Scope, want: str | None = None) -> Compiled:
    """Parse, check and compile `text` in `scope`; `want` is the type it must have (None: any)."""
    tree = parse(text)
    kind, evaluate = _Compiler(scope).node(tree)
    if want is not None and kind != want:
        raise _fail(tree, f"the expression gives {_article(kind)}, but {_article(want)} is needed here")
    return Compiled(text, _type_name(kind), evaluate)


def compile_screen(text: str, scope: Scope, record: str) -> Evaluator | None:
    """A quick test of `text` (a condition, already checked by `compile_expression`) that reads
    only the record `record` and is called with that record itself, not a context: the parts of a
    top-level `and` that read nothing but the record's fields and constants.  Whenever it is
    false, so is `text` (the rules skip the condition, and making its context, on most events).
    None when no part reads the record alone."""
    tree = parse(text)
    parts = tree.values if isinstance(tree, ast.BoolOp) and isinstance(tree.op, ast.And) else [tree]
    found = scope.names.get(record)
    if found is None:
        return None
    alone = _Compiler(Scope({record: Name(found.type, _itself, found.doc)}, {}))
    tests: list[Evaluator] = []
    for part in parts:
        try:
            tests.append(alone._value(part, BOOL, "a part of 'and'"))
        except ExpressionError:  # it reads another name, or calls a function: the full condition decides
            continue
    if not tests:
        return None
    if len(tests) == 1:
        return tests[0]
    if len(tests) == 2:
        first, second = tests
        return lambda c: first(c) and second(c)
    every = tuple(tests)
    return lambda c: all(t(c) for t in every)


def _itself(c: Any) -> Any:
    return c


def _type_name(kind: str | Record) -> str:
    return kind.name if isinstance(kind, Record) else kind


def _article(kind: str | Record) -> str:
    name = _type_name(kind)
    return {INT: "a number", BOOL: "true or false", STR: "a text"}.get(name, f"the record '{name}'")


class _Compiler:
    """Checks one tree node by node and returns (type, evaluator) for each."""

    def __init__(self, scope: Scope) -> None:
        self.scope = scope

    def node(self, node: ast.AST) -> tuple[Any, Evaluator]:
        method = getattr(self, f"_{type(node).__name__}", None)
        if method is None:
            what = _NOT_ALLOWED.get(type(node), type(node).__name__)
            raise _fail(node, f"{what} is not allowed in a rule's expression")
        result: tuple[Any, Evaluator] = method(node)
        return result

    def _value(self, node: ast.AST, want: str, role: str) -> Evaluator:
        kind, evaluate = self.node(node)
        if kind != want:
            raise _fail(node, f"{role} must be {_article(want)}, not {_article(kind)}")
        return evaluate

    # Leaves ---------------------------------------------------------------------------
    def _Constant(self, node: ast.Constant) -> tuple[str, Evaluator]:
        value = node.value
        if isinstance(value, bool):
            return BOOL, lambda c, v=value: v
        if isinstance(value, int):
            if abs(value) > MAX_NUMBER:
                raise _fail(node, f"numbers in rules are at most {MAX_NUMBER:,}")
            return INT, lambda c, v=value: v
        if isinstance(value, str):
            if len(value) > MAX_TEXT:
                raise _fail(node, f"texts in rules are at most {MAX_TEXT} characters")
            return STR, lambda c, v=value: v
        if isinstance(value, float):
            raise _fail(node, "rules use whole numbers only (no decimal point)")
        raise _fail(node, f"{type(value).__name__} values are not allowed in a rule's expression")

    def _Name(self, node: ast.Name) -> tuple[Any, Evaluator]:
        if node.id in _LITERAL_NAMES:
            value = _LITERAL_NAMES[node.id]
            return BOOL, lambda c, v=value: v
        found = self.scope.names.get(node.id)
        if found is None:
            if node.id in self.scope.functions:
                raise _fail(node, f"'{node.id}' is a function: call it, e.g. {self.scope.functions[node.id].signature(node.id)}")
            raise _fail(node, f"unknown name '{node.id}'{_suggest(node.id, self.scope.names)}")
        return found.type, found.read

    def _Attribute(self, node: ast.Attribute) -> tuple[str, Evaluator]:
        if not isinstance(node.value, ast.Name):
            raise _fail(node, "only a record's field can follow a dot (event.seat, move.kind)")
        kind, read = self.node(node.value)
        if not isinstance(kind, Record):
            raise _fail(node, f"'{node.value.id}' has no fields")
        name = field_name(node.attr)
        field_type = kind.fields.get(name)
        if field_type is None:
            known = ", ".join(sorted(kind.fields)) or "none"
            raise _fail(node, f"{kind.name} has no field '{name}' here (its fields: {known})")
        nothing = {INT: 0, BOOL: False}.get(field_type, "")  # a field an event or move lacks reads as nothing, never None

        def field_value(c: Any) -> Any:
            value = read(c).get(name)
            return nothing if value is None else value

        return field_type, field_value

    # Operators ------------------------------------------------------------------------
    def _BinOp(self, node: ast.BinOp) -> tuple[str, Evaluator]:
        op = _ARITH.get(type(node.op))
        if op is None:
            symbol = {ast.Pow: "**", ast.Div: "/", ast.MatMult: "@", ast.LShift: "<<", ast.RShift: ">>"}.get(type(node.op), "this operator")
            hint = " (use // for whole-number division)" if isinstance(node.op, ast.Div) else ""
            raise _fail(node, f"'{symbol}' is not allowed in a rule's expression{hint}")
        left = self._value(node.left, INT, "arithmetic")
        right = self._value(node.right, INT, "arithmetic")
        return INT, lambda c: op(left(c), right(c))

    def _UnaryOp(self, node: ast.UnaryOp) -> tuple[str, Evaluator]:
        if isinstance(node.op, ast.Not):
            inner = self._value(node.operand, BOOL, "'not'")
            return BOOL, lambda c: not inner(c)
        if isinstance(node.op, (ast.USub, ast.UAdd)):
            number = self._value(node.operand, INT, "a sign")
            if isinstance(node.op, ast.UAdd):
                return INT, number
            return INT, lambda c: -number(c)
        raise _fail(node, "'~' is not allowed in a rule's expression")

    def _BoolOp(self, node: ast.BoolOp) -> tuple[str, Evaluator]:
        word = "'and'" if isinstance(node.op, ast.And) else "'or'"
        parts = tuple(self._value(v, BOOL, f"each side of {word}") for v in node.values)
        if len(parts) == 2:  # the common case, without a generator
            first, second = parts
            if isinstance(node.op, ast.And):
                return BOOL, lambda c: first(c) and second(c)
            return BOOL, lambda c: first(c) or second(c)
        if isinstance(node.op, ast.And):
            return BOOL, lambda c: all(p(c) for p in parts)
        return BOOL, lambda c: any(p(c) for p in parts)

    def _Compare(self, node: ast.Compare) -> tuple[str, Evaluator]:
        left_type, left = self.node(node.left)
        steps: list[tuple[Callable[[Any, Any], bool], Evaluator]] = []
        for op, right_node in zip(node.ops, node.comparators, strict=True):
            if isinstance(op, (ast.In, ast.NotIn)):
                if len(node.ops) > 1:
                    raise _fail(node, "'in' cannot be chained with other comparisons: use 'and'")
                if not isinstance(right_node, (ast.List, ast.Tuple)):
                    raise _fail(right_node, "'in' needs a list written out, e.g. [1, 2]")
                members = tuple(self._value(e, left_type, "each member of the list") for e in right_node.elts)
                negate = isinstance(op, ast.NotIn)
                steps.append((_not_in if negate else _in, _listed(members)))
                continue
            compare = _COMPARE.get(type(op))
            if compare is None:
                raise _fail(node, "'is' is not allowed: use == or !=")
            right_type, right = self.node(right_node)
            if left_type != right_type:
                raise _fail(right_node, f"cannot compare {_article(left_type)} with {_article(right_type)}")
            if isinstance(op, _ORDERED) and left_type != INT:
                raise _fail(right_node, f"only numbers are ordered: {_article(left_type)} can be compared with == or != only")
            steps.append((compare, right))
            left_type = right_type
        first = left
        chain = tuple(steps)
        if len(chain) == 1:  # one comparison, the common case: no loop
            (compare, right), = chain
            return BOOL, lambda c: compare(first(c), right(c))

        def evaluate(c: Any) -> bool:
            a = first(c)
            for compare, right in chain:
                b = right(c)
                if not compare(a, b):
                    return False
                a = b
            return True

        return BOOL, evaluate

    def _IfExp(self, node: ast.IfExp) -> tuple[Any, Evaluator]:
        test = self._value(node.test, BOOL, "the condition after 'if'")
        yes_type, yes = self.node(node.body)
        no_type, no = self.node(node.orelse)
        if yes_type != no_type:
            raise _fail(node, f"both sides of 'if ... else' must be of one type ({_article(yes_type)} and {_article(no_type)})")
        return yes_type, lambda c: yes(c) if test(c) else no(c)

    def _Call(self, node: ast.Call) -> tuple[str, Evaluator]:
        if not isinstance(node.func, ast.Name):
            raise _fail(node, "only the rules' own functions can be called, e.g. lives(mover)")
        name = node.func.id
        found = self.scope.functions.get(name)
        if found is None:
            raise _fail(node.func, f"unknown function '{name}'{_suggest(name, self.scope.functions)}")
        if node.keywords:
            raise _fail(node, f"{found.signature(name)} takes its values in order, without names")
        if len(node.args) != len(found.args):
            raise _fail(node, f"{found.signature(name)} takes {len(found.args)} value(s), not {len(node.args)}")
        args = tuple(
            self._value(a, INT if t == SEAT else t, f"the value of {found.signature(name)}")
            for a, t in zip(node.args, found.args, strict=True)
        )
        call = found.call
        default = found.default if found.default is not None else {STR: "", BOOL: False}.get(found.returns, 0)
        seats = tuple(i for i, t in enumerate(found.args) if t == SEAT)
        if len(args) == 0:
            return found.returns, call
        if len(args) == 1:
            only = args[0]
            if seats:
                def one_seat(c: Any) -> Any:
                    seat = only(c)
                    return call(c, seat) if 0 <= seat < c.players else default

                return found.returns, one_seat
            return found.returns, lambda c: call(c, only(c))

        def many(c: Any) -> Any:
            values = [a(c) for a in args]
            if any(not 0 <= values[i] < c.players for i in seats):
                return default
            return call(c, *values)

        return found.returns, many

    def _List(self, node: ast.List) -> tuple[str, Evaluator]:
        raise _fail(node, "a list is allowed only after 'in'")

    _Tuple = _List


def _in(a: Any, b: Any) -> bool:
    return bool(a in b)


def _not_in(a: Any, b: Any) -> bool:
    return bool(a not in b)


def _listed(members: tuple[Evaluator, ...]) -> Evaluator:
    return lambda c: tuple(m(c) for m in members)


def _suggest(name: str, known: Mapping[str, object]) -> str:
    import difflib

    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.7)
    if close:
        return f" (did you mean '{close[0]}'?)"
    return f" (known: {', '.join(sorted(known))})" if known and len(known) <= 12 else ""


__all__ = [
    "BOOL",
    "INT",
    "KEYWORDS",
    "MAX_DEPTH",
    "MAX_LENGTH",
    "MAX_NODES",
    "MAX_NUMBER",
    "SEAT",
    "STR",
    "Compiled",
    "ExpressionError",
    "Function",
    "Name",
    "Record",
    "Scope",
    "compile_expression",
    "field_name",
    "parse",
]
