"""The words of the rules language for one game, each with how it is written and what it means.

Completion offers these words and hovering explains them, so both read them here: the hooks of a
`rules:` entry, the game's events and actions, the parameters of an action, the names,
functions and record fields an expression may read, the groups of seats a seat parameter may
name and the constraints `waive` may lift.  The meanings come from
`engine.pieces.vocab` and the family's `FamilyHooks` (the words the schema and the rules sheet
use); the keys of an entry that are not hooks take the schema's description.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from marblestudio.engine import family as families
from marblestudio.engine.pieces import program, vocab
from marblestudio.engine.pieces.expr import KEYWORDS, Function, Name, Record
from marblestudio.engine.pieces.spec import default_name
from marblestudio.engine.pieces.vocab import ActionKind, EventDoc, FamilyHooks

log = logging.getLogger(__name__)

KEY, VALUE = "key", "value"
"""How a completion is inserted: a key gets its ': ', a value does not."""


@dataclass(frozen=True, slots=True)
class Term:
    """A word that may be written somewhere: `name`, how it reads with its type (`title`), what it
    means (`doc`), and whether completion inserts it as a key or a value (`kind`)."""

    name: str
    title: str
    doc: str
    kind: str = VALUE

    @property
    def summary(self) -> str:
        """One line for a completion list."""
        return f"{self.title}: {self.doc}" if self.doc else self.title

    @property
    def hover(self) -> str:
        """The help shown when hovering over the word."""
        return f"{self.title}\n{self.doc}" if self.doc else self.title


def _words(kind: str | Record) -> str:
    if isinstance(kind, Record):
        return f"the record '{kind.name}'"
    return vocab.TYPES_IN_WORDS.get(kind, kind)


def _fields(record: str, fields: Mapping[str, str]) -> str:
    return ", ".join(f"{record}.{name} ({_words(kind)})" for name, kind in fields.items())


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """What rule pieces may say in a ruleset of the family `game` (core words and the family's)."""

    game: str | None
    hooks: FamilyHooks

    @property
    def events(self) -> dict[str, EventDoc]:
        return program.events_of(self.hooks)

    @property
    def actions(self) -> dict[str, ActionKind]:
        return program.actions_of(self.hooks, self.game)

    def entry_keys(self, described: Mapping[str, str]) -> dict[str, Term]:
        """The keys of a `rules:` entry (`described`: each with the schema's description); a
        hook's own description wins."""
        docs = {hook.name: hook.doc for hook in vocab.HOOKS}
        return {key: Term(key, f"{key} (a rule's key)", docs.get(key, desc), KEY) for key, desc in described.items()}

    def event_terms(self) -> dict[str, Term]:
        family = f" of {self.game}" if self.game else ""
        return {
            name: Term(name, f"{name} (event{family})", f"{doc.doc}. Fields: {_fields('event', doc.fields) or 'none'}")
            for name, doc in self.events.items()
        }

    def action_terms(self) -> dict[str, Term]:
        out = {}
        for name, kind in self.actions.items():
            params = ", ".join(kind.params)
            title = f"{name} (action: {params})" if params else f"{name} (action)"
            out[name] = Term(name, title, kind.doc)
        return out

    def param_terms(self, action: str) -> dict[str, Term]:
        """The parameters of `action`, written as keys under it."""
        kind = self.actions.get(action)
        if kind is None:
            return {}
        out = {}
        for name, param in kind.params.items():
            default = f", default {param.default}" if param.default is not None else ", required"
            out[name] = Term(name, f"{name} (parameter of {action}: {_words(param.type)}{default})", param.doc, KEY)
        return out

    def expression_terms(self, records: Sequence[Name] = ()) -> dict[str, Term]:
        """The names and functions an expression may read, and the `records` (event, move) of its spot."""
        names: dict[str, Name] = {**vocab.core_names(), **self.hooks.names}
        functions: dict[str, Function] = {**vocab.core_functions(), **self.hooks.functions}
        out = {name: Term(name, f"{name} ({_words(found.type)})", found.doc) for name, found in names.items()}
        for name, function in functions.items():
            out[name] = Term(name, f"{function.signature(name)} → {_words(function.returns)}", function.doc)
        for record in records:
            if isinstance(record.type, Record):
                kind = record.type
                fields = f"its fields: {_fields(kind.name, kind.fields)}"
                out[kind.name] = Term(kind.name, f"{kind.name} ({record.doc})", _also(kind, record, fields))
        for word, doc in KEYWORDS.items():  # the language's own words, after the game's
            out.setdefault(word, Term(word, f"{word} (a word of the expression language)", doc))
        return out

    def field_terms(self, record: Name | None) -> dict[str, Term]:
        """The fields of `record` (after `event.` or `move.`)."""
        if record is None or not isinstance(record.type, Record):
            return {}
        kind = record.type
        return {
            name: Term(name, f"{kind.name}.{name} ({_words(field)})", _also(kind, record, f"a field of {record.doc}"))
            for name, field in kind.fields.items()
        }

    def event_record(self, on: str | None) -> Name | None:
        """`event` in a trigger on the event `on` (None when `on` is not an event of the game)."""
        doc = self.events.get(on or "")
        if on is None or doc is None:
            return None
        return Name(vocab.event_record(on, doc), _no_read, f"the {on} event")

    def trigger_records(self, on: str | None) -> tuple[Name, ...]:
        """What a trigger on the event `on` reads besides the game (as `program` compiles it):
        `event`, and `move`, the move that made the event, when the game describes its moves to
        rules; nothing when `on` is not an event of the game."""
        event = self.event_record(on)
        if event is None:
            return ()
        if self.hooks.move_fields is None:
            return (event,)
        doc = "the move that made the event (kind 'chance': a chance step; 'power': a power's use)"
        return event, Name(replace(vocab.move_record(self.hooks.move), doc=doc), _no_read, doc)  # not the move being judged

    def seat_group_terms(self) -> dict[str, Term]:
        """The words a seat parameter may be written as instead of an expression (`seat: others`)."""
        after = "the action is taken once for each, in turn order from the mover, and its other parameters may read `seat`"
        return {word: Term(word, f"{word} (a group of seats)", f"{doc}: {after}") for word, doc in program.SEAT_GROUPS.items()}

    @staticmethod
    def constraint_terms(entries: Sequence[Mapping[str, str]]) -> dict[str, Term]:
        """The constraints (`forbid:` rules) among a ruleset's `entries`, by the name `waive` names
        them with: their `name:`, else their default name ('rule 2 (forbid)')."""
        out = {}
        for index, entry in enumerate(entries):
            if "forbid" not in entry:
                continue
            name = entry.get("name") or default_name(index, entry)
            forbid = entry["forbid"]
            said = f"forbids the moves where {forbid}" if forbid and forbid[0] not in "|>" else "a forbid: rule"
            because = f" ({entry['because']})" if entry.get("because") else ""
            out[name] = Term(name, f"{name} (a constraint of this ruleset)", said + because)
        return out

    def prevent_terms(self) -> dict[str, Term]:
        """What of the game's own rules a prevention may stop."""
        return {
            name: Term(name, f"{name} (what a rule may prevent)", f"{doc.doc}. Fields: {_fields('event', doc.fields) or 'none'}")
            for name, doc in self.hooks.prevents.items()
        }

    def prevent_record(self, what: str | None) -> Name | None:
        """`event` in a prevention of `what`: what would happen (None when the game cannot prevent it)."""
        doc = self.hooks.prevents.get(what or "")
        if what is None or doc is None:
            return None
        return Name(vocab.event_record(what, doc), _no_read, f"the {what} that would happen")

    def move_record(self) -> Name:
        """`move` in a constraint."""
        return Name(vocab.move_record(self.hooks.move), _no_read, "the move being judged")


def _no_read(_context: object) -> None:
    return None  # the editor reads no game: its records are for their types and fields only


def _also(kind: Record, record: Name, text: str) -> str:
    """`text`, after what the record's value is when that says more than the record's name."""
    return f"{kind.doc}; {text}" if kind.doc and kind.doc != record.doc else text


def vocabulary(game: str | None) -> Vocabulary:
    """The words of `game`'s rule pieces (the core's only when the game is unknown, or its hooks fail to load)."""
    return Vocabulary(game, _hooks(game) if game else FamilyHooks(events={}))


def _hooks(game: str) -> FamilyHooks:
    if families.family(game) is None:
        return FamilyHooks(events={})
    try:
        return program.family_hooks(game)
    except Exception:  # noqa: BLE001 - a plug-in's broken hooks cost its completion, not the editor (the loader reports them)
        log.debug("the rule hooks of %r could not be loaded", game, exc_info=True)
        return FamilyHooks(events={})


_GAME_RE = re.compile(r"^game\s*:\s*['\"]?([A-Za-z-]+)", re.MULTILINE)
_EXTENDS_RE = re.compile(r"^extends\s*:\s*['\"]?([a-z0-9-]+/[a-z0-9-]+)['\"]?\s*(?:#.*)?$", re.MULTILINE)


def guess_game(text: str) -> str | None:
    """The game the text names: its `game:`, else the game part of the id in `extends:` (which,
    for a user ruleset's id, may be a folder rather than a game)."""
    m = _GAME_RE.search(text)
    if m:
        return m.group(1)
    m = _EXTENDS_RE.search(text)
    return m.group(1).split("/")[0] if m else None


def family_of(text: str, depth: int = 8) -> str | None:
    """The installed game family the text is a ruleset of, following `extends:` through user
    rulesets whose ids do not name their game (None when it cannot be told)."""
    from marblestudio.rulesets import catalog

    for _ in range(depth):
        game = guess_game(text)
        if game is None or families.family(game) is not None:
            return game
        m = _EXTENDS_RE.search(text)
        base = catalog.find(m.group(1)) if m else None
        if base is None:
            return None
        try:
            text = base.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None
    return None


__all__ = ["KEY", "VALUE", "Term", "Vocabulary", "family_of", "guess_game", "vocabulary"]
