"""Texts a rule compares with that the game never shows: `event.card == 'DRAW'` in ALIVE, whose
deck has DRAW1 and DRAW2, is a well-typed expression that is never true.

A family names the texts each of its text fields and names can hold (`FamilyHooks.texts`: ALIVE's
cards from the ruleset's deck, a move's `kind` from a fixed list); `unknown_texts` finds every
written text that an `==`, `!=`, `in` or `not in` sets against one of them and is none of its
texts, and says which texts there are.  These are warnings, not errors: the rule still plays (and
never fires that way).  Nothing here plays a game.
"""

from __future__ import annotations

import ast
import difflib
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from typing import Any

from marblestudio.engine.pieces.expr import ExpressionError, field_name, parse
from marblestudio.engine.pieces.program import PieceProblem

SHARED: Mapping[str, Collection[str]] = {
    "event.termination": ("win", "draw", "capped"),
}
"""Texts of every game: how a game ended (`game_over`)."""

MOVE_KINDS = ("power", "chance")
"""The kinds `move` has besides the family's own: a power's use and a chance step (a trigger on
their events reads them, `triggers.POWER_MOVE` and `CHANCE_MOVE`)."""

_NOT_EXPRESSIONS = frozenset({"name", "says", "because", "on", "prevent", "choose"})
"""Keys of an entry whose text is no expression."""

_SHOWN = 24
"""At most this many of a field's texts are listed in a warning."""


def domains(texts: Mapping[str, Callable[[Any], Collection[str]]], state: Any) -> dict[str, frozenset[str]]:
    """What each field and name can hold in a game that starts as `state`: the family's texts,
    the shared ones, and '' everywhere (a field a record lacks reads as '')."""
    found = {key: frozenset(values) for key, values in SHARED.items()}
    for key, values_of in texts.items():
        found[key] = frozenset(values_of(state))
    if "move.kind" in found:
        found["move.kind"] |= frozenset(MOVE_KINDS)
    return {key: values | {""} for key, values in found.items()}


Comparison = tuple[str, str, ast.Constant]
"""(the expression's pointer, the field or name, the written text) of one comparison."""


def comparisons(entries: Sequence[Any]) -> list[Comparison]:
    """Every written text that an `==`, `!=`, `in` or `not in` of `entries` sets against a field
    or a name, in the order written (the texts of a game are worked out only when there is one)."""
    out = []
    for pointer, tree in _trees(entries):
        found = sorted(_literal_comparisons(tree), key=lambda pair: (pair[1].lineno, pair[1].col_offset))
        out += [(pointer, subject, literal) for subject, literal in found]
    return out


def unknown_texts(found: Sequence[Comparison], known: Mapping[str, frozenset[str]]) -> list[PieceProblem]:
    """A problem for each comparison of `found` (`comparisons`) whose text is none of the texts
    `known` names for its field or name, at the text's line and column inside its expression."""
    out = []
    for pointer, subject, literal in found:
        values, text = known.get(subject), str(literal.value)
        if values is None or text in values:
            continue
        out.append(PieceProblem(pointer, _message(subject, text, values), literal.lineno, literal.col_offset + 1))
    return out


def _message(subject: str, text: str, values: frozenset[str]) -> str:
    shown = sorted(v for v in values if v)
    listing = ", ".join(repr(v) for v in shown[:_SHOWN]) + (f" and {len(shown) - _SHOWN} more" if len(shown) > _SHOWN else "")
    close = sorted(difflib.get_close_matches(text, shown, n=2, cutoff=0.6))
    if not close and text:
        close = [v for v in shown if v.lower().startswith(text.lower())][:2]
    hint = f" (did you mean {' or '.join(repr(v) for v in close)}?)" if close else ""
    return f"{subject} is never '{text}' in these rules, so this comparison never holds{hint}: it is one of {listing}"


def _trees(entries: Sequence[Any]) -> Iterator[tuple[str, ast.expr]]:
    """(pointer, syntax tree) of every text of `entries` that parses as an expression."""
    for index, entry in enumerate(entries):
        if isinstance(entry, Mapping):
            yield from _texts_in(entry, f"/rules/{index}", top=True)


def _texts_in(value: Any, pointer: str, top: bool = False) -> Iterator[tuple[str, ast.expr]]:
    if isinstance(value, str):
        if "'" in value or '"' in value:  # no written text, nothing to compare with
            try:
                yield pointer, parse(value)
            except ExpressionError:
                pass  # told as an error by `program.check`
    elif isinstance(value, Mapping):
        for key, inner in value.items():
            if not (top and key in _NOT_EXPRESSIONS):
                yield from _texts_in(inner, f"{pointer}/{_escaped(str(key))}")
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from _texts_in(inner, f"{pointer}/{i}")


def _escaped(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def _literal_comparisons(tree: ast.expr) -> list[tuple[str, ast.Constant]]:
    """(the field or name, the written text) of each `==`, `!=`, `in` and `not in` in `tree` that
    sets a text written out against a field (`event.card`) or a name (`top_card`)."""
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        for op, (left, right) in zip(node.ops, zip(sides, sides[1:]), strict=True):
            if isinstance(op, (ast.In, ast.NotIn)):
                subject = _subject(left)
                if subject is not None and isinstance(right, (ast.List, ast.Tuple)):
                    out += [(subject, text) for text in map(_text, right.elts) if text is not None]
            elif isinstance(op, (ast.Eq, ast.NotEq)):
                for a, b in ((left, right), (right, left)):
                    subject, text = _subject(a), _text(b)
                    if subject is not None and text is not None:
                        out.append((subject, text))
    return out


def _subject(node: ast.expr) -> str | None:
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in ("event", "move"):
        return f"{node.value.id}.{field_name(node.attr)}"  # `event.from` is parsed as `from_`
    if isinstance(node, ast.Name):
        return node.id
    return None


def _text(node: ast.expr) -> ast.Constant | None:
    """The node if it is a text written out."""
    return node if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


__all__ = ["MOVE_KINDS", "SHARED", "Comparison", "comparisons", "domains", "unknown_texts"]
