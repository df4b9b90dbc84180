"""The rules sheet's "House rules" section: every rule piece of a ruleset in plain language.

A trigger reads "When <the event>[, if `condition`], <its actions> [(at most N times a game for
each player)]."; a constraint "A move is not allowed when `expression`: <because>."; the turn
shorthand "Each turn has N moves[ when `condition`]."; a prevention "The game's own rule does not
apply to <what>[ when `condition`]: ...".  The words come from the vocabulary
(`vocab.ACTIONS[...].doc`, the family's `FamilyHooks.events[...].doc`, `Param.doc`), cut to their
plain part (what follows a colon or sits in brackets is a note for rule writers); expressions are
shown as written, in code style (`...`, which `Sheet.to_html` sets as code).  A piece's own
`says:` text replaces the worded sentence.  A last line explains the names the expressions read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from marblestudio.engine.pieces import vocab
from marblestudio.engine.pieces.expr import INT, SEAT, STR
from marblestudio.engine.pieces.program import actions_of, events_of, family_hooks
from marblestudio.engine.pieces.spec import Action, Piece, pieces_of
from marblestudio.engine.pieces.vocab import ActionKind, FamilyHooks
from marblestudio.rulesets.sheet.base import Compare, sentence

HEADING = "House rules"

NO_DEADLOCK = ("A rule never leaves a player without a move: when it forbids every move, the player makes the game's "
               "own move for having none (passes, or in ALIVE flips a life card); where the game has none, it forbids none.")

_TURN = re.compile(r"^turn_moves < (\d+)(?: and \((.*)\))?$", re.DOTALL)
_STRINGS = re.compile(r"'[^']*'|\"[^\"]*\"")
_NAME = re.compile(r"(?<![.\w])([A-Za-z_]\w*)(\s*\()?")
_EVENT_FIELD = re.compile(r"(?<!`)\b(event\.\w+)")
_ARG_WORDS = {SEAT: "seat", STR: "name", INT: "n"}


def plain(doc: str) -> str:
    """The plain part of a description: up to its first colon or bracket."""
    return re.split(r": | \(|; ", doc, maxsplit=1)[0].strip()


def note(doc: str) -> str:
    """What `plain` leaves out of a description, without its brackets ('' for none)."""
    rest = doc[len(plain(doc)):].strip()
    if rest.startswith("("):
        rest = rest[1:rest.index(")")] if ")" in rest else rest[1:]
    return rest.lstrip(":;").strip()


def code(text: Any) -> str:
    """An expression as written, in code style; a plain number as it is."""
    if isinstance(text, bool):
        return "`true`" if text else "`false`"
    if isinstance(text, int):
        return str(text)
    return f"`{str(text).strip()}`"


def value_words(text: Any) -> str:
    """A parameter's value: `mover` reads 'the mover', anything else as written."""
    return "the mover" if isinstance(text, str) and text.strip() == "mover" else code(text)


def action_words(action: Action, kinds: Mapping[str, ActionKind]) -> str:
    """An action in words: its description, then each parameter (its description: its value)."""
    kind = kinds.get(action.name)
    if kind is None:
        return code(action.name)
    given = dict(action.params)
    if "value" in given and kind.primary is not None:
        given[kind.primary] = given.pop("value")
    shown = []
    for key, param in kind.params.items():
        value = given.get(key, param.default)
        if value is not None:
            shown.append(f"{plain(param.doc)}: {value_words(value)}")
    words = plain(kind.doc)
    return f"{words} ({'; '.join(shown)})" if shown else words


def times_words(times: int, per: str | None = None) -> str:
    count = "once" if times == 1 else "twice" if times == 2 else f"{times} times"
    return f"at most {count} a game for each player" + (f", counted for {code(per)}" if per else "")


def trigger_words(piece: Piece, hooks: FamilyHooks) -> str:
    """A trigger in a sentence (the turn shorthand as its own)."""
    turn = _turn_shorthand(piece)
    if turn is not None:
        return turn
    event = events_of(hooks).get(piece.on or "")
    if event is None:
        when = f"When {code(piece.on)} happens"
    else:
        when = f"When {plain(event.doc)}"
        extra = note(event.doc)
        if extra and _reads_event(piece):
            when += " (" + _EVENT_FIELD.sub(r"`\1`", extra) + ")"
    if piece.condition is not None:
        when += f", if {code(piece.condition)}"
    kinds = actions_of(hooks)
    does = ", then ".join(action_words(a, kinds) for a in piece.actions)
    limit = f" ({times_words(piece.times, piece.per)})" if piece.times is not None else ""
    return f"{when}, {does}{limit}."


def _reads_event(piece: Piece) -> bool:
    texts = [piece.condition, *(v for a in piece.actions for _, v in a.params)]
    return any(isinstance(t, str) and "event." in t for t in texts)


def _turn_shorthand(piece: Piece) -> str | None:
    """'Each turn has 2 moves when `...`.' for a piece that `turn: {moves:, if:}` expanded into."""
    if piece.on != vocab.TURN_OVER or piece.times is not None or [a.name for a in piece.actions] != ["extra_turn"]:
        return None
    found = _TURN.match(str(piece.condition or "").strip())
    if found is None:
        return None
    moves, condition = found.groups()
    return f"Each turn has {moves} moves" + (f" when {code(condition)}" if condition else "") + "."


def constraint_words(piece: Piece) -> str:
    because = f": {piece.because.strip().rstrip('.')}" if piece.because.strip() else ""
    return f"A move is not allowed when {code(piece.forbid)}{because}."


def power_words(piece: Piece, hooks: FamilyHooks) -> str:
    """'Once a game, a player may use it (the move `use double move`)[ when `cond`]: <actions>.'"""
    times = piece.times or 1
    often = "Once" if times == 1 else "Twice" if times == 2 else f"{times} times"
    when = f" when {code(piece.condition)}" if piece.condition is not None else ""
    kinds = actions_of(hooks)
    does = ", then ".join(action_words(a, kinds) for a in piece.actions)
    if piece.choose is not None:  # the player names something: `choice` in the actions
        choice = hooks.choices.get(piece.choose)
        what = f" ({plain(choice.doc)})" if choice is not None else ""
        return (f"{often} a game, each player may use it, naming a {piece.choose}{what}, with the move "
                f"`use {piece.name} <{piece.choose}>`{when}: {does}, where `choice` is the {piece.choose} named; the turn goes on.")
    return f"{often} a game, each player may use it, with the move `use {piece.name}`{when}: {does}; the turn goes on."


def prevention_words(piece: Piece, hooks: FamilyHooks) -> str:
    """'The game's rule <what> does not apply[ when `cond`] (at most ...).'"""
    doc = hooks.prevents.get(piece.prevent or "")
    what = plain(doc.doc) if doc is not None else code(piece.prevent)
    when = f" when {code(piece.condition)}" if piece.condition is not None else ""
    limit = f" ({times_words(piece.times, piece.per)})" if piece.times is not None else ""
    kinds = actions_of(hooks)
    does = f", and then: {', then '.join(action_words(a, kinds) for a in piece.actions)}" if piece.actions else ""
    return f"The game's own rule does not apply to {what}{when}{limit}: the game goes on as if it had not{does}."


def piece_words(piece: Piece, hooks: FamilyHooks) -> str:
    """The piece in plain language, after its name: its `says:` when given, else worded."""
    if piece.says.strip():
        said = piece.says.strip()
        text = said if said[-1] in ".!?" else said + "."
    elif piece.is_constraint:
        text = constraint_words(piece)
    elif piece.power:
        text = power_words(piece, hooks)
    elif piece.prevent is not None:
        text = prevention_words(piece, hooks)
    else:
        text = trigger_words(piece, hooks)
    return f"{sentence(piece.name)}: {sentence(text)}"


def _shown(piece: Piece) -> list[Any]:
    """The expressions a piece's sentence shows (none when its `says:` replaces them)."""
    if piece.says.strip():
        return []
    turn = _TURN.match(str(piece.condition or "").strip()) if _turn_shorthand(piece) is not None else None
    if turn is not None:
        return [turn.group(2)]
    return [piece.condition, piece.forbid, *(v for a in piece.actions for _, v in a.params)]


def glossary(pieces: Sequence[Piece], hooks: FamilyHooks) -> str:
    """'In these rules, `mover` is ...; `marbles_left(seat)` is ...' for the names the pieces'
    expressions read (those the vocabulary describes), in the order they first appear."""
    names = {**vocab.core_names(), **hooks.names}
    functions = {**vocab.core_functions(), **hooks.functions}
    seen: dict[str, str] = {}
    for piece in pieces:
        for text in _shown(piece):
            if not isinstance(text, str):
                continue
            for name, call in _NAME.findall(_STRINGS.sub("", text)):
                if name in seen:
                    continue
                if call and name in functions:
                    args = ", ".join(_ARG_WORDS.get(t, "x") for t in functions[name].args)
                    seen[name] = f"`{name}({args})` is {plain(functions[name].doc)}"
                elif not call and name in names:
                    seen[name] = f"`{name}` is {plain(names[name].doc)}"
    if not seen:
        return ""
    return "In these rules, " + "; ".join(seen.values()) + "."


def house_rules(c: Compare, game: str) -> list[str]:
    """The lines of the "House rules" section ([] for a ruleset without pieces)."""
    entries = c.get("rules")
    if not isinstance(entries, list) or not entries:
        return []
    pieces = pieces_of(entries)
    hooks = family_hooks(game)
    base_entries = c.get("rules", data=c.base) if c.base is not None else None
    inherited = base_entries if isinstance(base_entries, list) else []
    lines = []
    for piece, entry in zip(pieces, entries, strict=True):
        line = piece_words(piece, hooks)
        if inherited and entry not in inherited:
            line = f"{line[:-1]} (not in {c.label}){line[-1]}"
        lines.append(line)
    if any(p.is_constraint for p in pieces):
        lines.append(NO_DEADLOCK)
    lines.append(glossary(pieces, hooks))
    return lines


__all__ = ["HEADING", "house_rules", "piece_words"]
