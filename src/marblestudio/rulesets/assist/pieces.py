"""Where a cursor is in a rule piece, and which words of the rules language may stand there.

`spot_at` reads the `rules:` entry around a cursor: at the entry's keys it offers the hooks;
after `on:` the game's events; after `then:` (or `power:`) its actions, under an action its
parameters; and inside an expression (`if:`, `forbid:`, an action's value, `turn: {if:}`) the
names and functions of the scope as the engine compiles it (`program`): `event` with the fields
of the entry's `on:` event, `move` with the fields of the move being judged (in a constraint) or
of the move that made the event (in a trigger).  A parameter takes the words of its type: a seat
also a group of seats (`others`), `waive` the constraints of the file by name.  Completion lists
`Spot.terms`; hovering looks the word under the mouse up in the spot at its end (`describe`), so
both read one classification.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from marblestudio.engine.pieces import program, vocab
from marblestudio.engine.pieces.expr import SEAT, Name, Record
from marblestudio.rulesets.assist.cursor import CursorContext, context_at, item_value, list_items, scalar_owner
from marblestudio.rulesets.assist.navigator import JsonPath, SchemaNavigator
from marblestudio.rulesets.assist.vocabulary import Term, Vocabulary, family_of, vocabulary

HOOK, EVENT, ACTION, PARAM, EXPRESSION, NAME = "hook", "event", "action", "param", "expression", "name"

_BEFORE = re.compile(r"(?:([A-Za-z_]\w*)\.)?([A-Za-z_]\w*)?$")
"""The name being written at the end of an expression's text: (record, partial name)."""
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")


@dataclass(frozen=True, slots=True)
class Spot:
    """A cursor inside a `rules:` entry.

    `role` says what is written there (a hook, an event, an action, a parameter, an expression
    or a name the ruleset gives, such as a constraint's), `terms` the words that may be, `word`
    the partial word before the cursor that completion replaces, and `siblings` the keys the
    mapping has already.
    """

    role: str
    terms: Mapping[str, Term]
    word: str = ""
    siblings: frozenset[str] = field(default_factory=frozenset)


def spot_at(text: str, line: int, column: int, schema: Mapping[str, Any]) -> Spot | None:
    """The spot at 1-based `line`/`column` when it is inside a `rules:` entry, else None."""
    lines = text.split("\n")
    if not 1 <= line <= len(lines):
        return None
    prefix = lines[line - 1][: max(column - 1, 0)]
    owner = scalar_owner(text, line)
    if owner is not None:  # a line of a multi-line expression: its key decides
        ctx = context_at(text, owner, len(lines[owner - 1]) + 1)
        if not ctx.in_value:
            return None
        value = prefix
    else:
        ctx = context_at(text, line, column)
        value = _value_text(prefix)
    path = ctx.value_path if ctx.in_value else ctx.path
    if len(path) < 2 or path[0] != "rules" or not isinstance(path[1], int):
        return None
    entry = path[2:]
    words = vocabulary(family_of(text))
    if ctx.in_value:
        written = functools.partial(item_value, text, owner or line, "rules")  # what the entry writes for a key
        spot = _value_spot(words, entry, ctx, value, _records(words, entry, written), text)
        chosen = written("choose") if entry == ("if",) or entry[:1] == ("power",) else None
        choice = words.hooks.choices.get(chosen or "")
        if spot is not None and spot.role == EXPRESSION and choice is not None:
            term = Term("choice", f"choice ({chosen}, the power's choice)", f"the {chosen} the player named: {choice.doc}")
            spot = Spot(spot.role, {**spot.terms, "choice": term}, spot.word, spot.siblings)
        return spot
    if not entry:
        nav = SchemaNavigator(schema)
        allowed = program.keys_for(ctx.siblings)  # a trigger's keys in a trigger, a constraint's in a constraint
        if not words.hooks.prevents:
            allowed.discard("prevent")  # this game names nothing a rule may prevent
        if not words.hooks.choices:
            allowed.discard("choose")  # nor anything a power may let its player name
        keys = {k: d for k, d in nav.keys(nav.at(("rules", 0))).items() if k in allowed or k == ctx.word}
        return Spot(HOOK, words.entry_keys(keys), ctx.word, ctx.siblings)
    named = _action_names(entry)
    if named is None or len(named) > 1:
        return None
    if not named:
        return Spot(ACTION, words.action_terms(), ctx.word, ctx.siblings)
    return Spot(PARAM, words.param_terms(named[0]), ctx.word, ctx.siblings)


def _records(words: Vocabulary, entry: JsonPath, written: Callable[[str], str | None]) -> tuple[Name, ...]:
    """The records (`event`, `move`) an expression at `entry` (a path inside a rules entry) reads,
    as `program` compiles the entry; `written(key)` is what the entry writes for `key`."""
    if entry == ("forbid",):
        return (words.move_record(),)
    if entry[:1] == ("turn",):  # the shorthand is a trigger on turn_over
        return words.trigger_records(vocab.TURN_OVER)
    if entry[:1] == ("power",) or written("power") is not None:
        return ()  # a power reads the game (and its choice), no event
    prevented = written("prevent")
    if prevented is not None:  # a prevention reads what would happen
        record = words.prevent_record(prevented)
        return (record,) if record is not None else ()
    return words.trigger_records(written("on"))


def _value_spot(words: Vocabulary, entry: JsonPath, ctx: CursorContext, value: str, records: Sequence[Name],
                text: str) -> Spot | None:
    """The spot in the value of `entry` (a path inside a rules entry) of the ruleset `text`, whose
    expressions read `records`."""
    if entry == ("on",):
        return Spot(EVENT, words.event_terms(), ctx.word)
    if entry == ("prevent",):
        return Spot(EVENT, words.prevent_terms(), ctx.word)
    if entry == ("choose",):
        return Spot(EVENT, {name: Term(name, f"{name} (what the player names)", choice.doc)
                            for name, choice in words.hooks.choices.items()}, ctx.word)
    if entry in (("if",), ("per",), ("forbid",), ("turn", "if")):
        return _expression(words, records, value)
    named = _action_names(entry)
    if named is None:
        return None
    if not named:
        return Spot(ACTION, words.action_terms(), ctx.word)
    kind = words.actions.get(named[0])
    if kind is None or len(named) > 2:
        return None
    param = named[1] if len(named) == 2 else kind.primary  # `score: 2` sets its primary parameter
    if param is None or param not in kind.params:
        return None
    written_as = kind.params[param].type
    if written_as == vocab.RULE:  # a constraint of the file, by its name (which may hold spaces)
        return Spot(NAME, words.constraint_terms(list_items(text, "rules")), value.lstrip("'\""))
    if written_as == vocab.WORD:  # a name the rule makes up (a counter's), not an expression
        return Spot(NAME, {}, ctx.word)
    return _expression(words, records, value, words.seat_group_terms() if written_as == SEAT else {})


def _action_names(entry: JsonPath) -> list[str] | None:
    """The keys below `then:` or `power:` in `entry` (list indexes left out): [], [action] or
    [action, param]; None when `entry` is under neither."""
    if entry[:1] not in (("then",), ("power",)):
        return None
    return [part for part in entry[1:] if isinstance(part, str)]


def _expression(words: Vocabulary, records: Sequence[Name], value: str, also: Mapping[str, Term] | None = None) -> Spot:
    """The spot at the end of `value`, the text of an expression written so far that reads
    `records`; `also`: words the value may be instead of an expression (a seat's `others`)."""
    if _past_the_code(value):
        return Spot(EXPRESSION, {})
    m = _BEFORE.search(value)
    owner, word = (m.group(1), m.group(2) or "") if m else (None, "")
    if not word and value[-1:].isalnum():
        return Spot(EXPRESSION, {})  # in a number
    if owner is not None:
        record = next((r for r in records if isinstance(r.type, Record) and r.type.name == owner), None)
        return Spot(EXPRESSION, words.field_terms(record), word)
    return Spot(EXPRESSION, {**(also or {}), **words.expression_terms(records)}, word)


def _value_text(prefix: str) -> str:
    """The value written after the last `key:` of a line's text (the colons inside quotes aside)."""
    quote = ""
    start = 0
    for i, ch in enumerate(prefix):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch == ":" and (i + 1 == len(prefix) or prefix[i + 1] in " \t"):
            start = i + 1
    return prefix[start:].lstrip()


def _past_the_code(value: str) -> bool:
    """Whether the end of `value` (an expression, perhaps in YAML quotes) is inside a text in
    quotes or a comment, where no name is written."""
    outer = value[:1] if value[:1] in ("'", '"') else ""
    body = value[1:] if outer else value
    if outer == "'":
        body = body.replace("''", "'")  # YAML writes a quote inside single quotes twice
    quote = ""
    for i, ch in enumerate(body):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'" and ch != outer:
            quote = ch
        elif ch == "#" and not outer and (i == 0 or body[i - 1] in " \t"):
            return True
    return bool(quote)


def describe(text: str, line: int, column: int, schema: Mapping[str, Any]) -> str | None:
    """What the word of the rules language under the cursor means (None outside `rules:` or for
    a word the spot does not know)."""
    lines = text.split("\n")
    if not 1 <= line <= len(lines):
        return None
    raw = lines[line - 1]
    for m in _IDENTIFIER.finditer(raw):
        if m.start() < column <= m.end() + 1:
            spot = spot_at(text, line, m.end() + 1, schema)
            term = spot.terms.get(m.group(0)) if spot is not None and spot.word.endswith(m.group(0)) else None
            return term.hover if term is not None else None
    return None


def word_before(text: str, line: int, column: int, schema: Mapping[str, Any]) -> str | None:
    """The partial word completion replaces at the cursor when it is in a rule piece, else None."""
    spot = spot_at(text, line, column, schema)
    return spot.word if spot is not None else None


__all__ = ["ACTION", "EVENT", "EXPRESSION", "HOOK", "NAME", "PARAM", "Spot", "describe", "spot_at", "word_before"]
