"""The JSON Schema of a ruleset's `rules:` list, written from the rules vocabulary.

Every description here comes from `engine.pieces.vocab` and the families' `FamilyHooks`, so the
schema, the editor's completion and hover, and the rules sheet read the same words.  The schema
states the shape; what it cannot say (an event of this game, an expression that type-checks, an
action's parameters) is checked by `engine.pieces.program.check`, with line and column.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from marblestudio.engine.pieces import expr, program, vocab

MAX_RULES = 64
"""The most entries in `rules:`."""

_BOUNDS = {"minimum": -expr.MAX_NUMBER, "maximum": expr.MAX_NUMBER}
_NAME = {"type": "string", "minLength": 1, "maxLength": 80, "pattern": "^[^\\u0000-\\u001f\\u007f]*$"}


def _expression(doc: str) -> dict[str, Any]:
    return {
        "description": f"{doc} An expression (docs/rulesets.md, 'Expressions'): names such as mover, event.seat; "
                       f"and, or, not, == != < <= > >=, + - * // %, 'x if c else y', 'in [..]'; at most {expr.MAX_LENGTH} characters.",
        "type": ["string", "boolean"],
        "maxLength": expr.MAX_LENGTH,
    }


def _action_schema(actions: dict[str, vocab.ActionKind]) -> dict[str, Any]:
    def param_value(kind: vocab.ActionKind) -> dict[str, Any]:
        params = {
            key: {"description": f"{p.doc} ({vocab.TYPES_IN_WORDS[p.type]}; default: {p.default or 'none, required'}).",
                  "type": ["string", "integer"], "maxLength": expr.MAX_LENGTH, **_BOUNDS}
            for key, p in kind.params.items()
        }
        branches: list[dict[str, Any]] = [{"description": f"{kind.name} with its parameters by name.", "type": "object",
                                           "additionalProperties": False, "properties": params}]
        if kind.primary is not None:
            branches.insert(0, {"description": f"The {kind.primary} alone: {kind.params[kind.primary].doc}.",
                                "type": ["string", "integer"], "maxLength": expr.MAX_LENGTH, **_BOUNDS})
        return {"description": kind.doc, "anyOf": branches}

    names = sorted(actions)
    listing = "; ".join(f"{n}: {actions[n].doc}" for n in names)
    return {
        "description": f"An action: a name, or a name with its parameters (win: mover). {listing}.",
        "anyOf": [
            {"description": "An action without parameters (or with their defaults).", "enum": names},
            {"description": "An action with its parameters: one name as the key.", "type": "object", "maxProperties": 1, "additionalProperties": False,
             "properties": {n: param_value(actions[n]) for n in names}},
        ],
    }


def rules_schema(games: Iterable[str]) -> dict[str, Any]:
    """The `rules:` property for rulesets of these families (their events and actions together;
    `family_rule` narrows `on:` to one family's events)."""
    events: dict[str, str] = {k: v.doc for k, v in vocab.CORE_EVENTS.items()}
    for game in games:
        events.update({k: v.doc for k, v in program.family_hooks(game).events.items()})
    return {
        "description": "House rules beyond the settings: rule pieces attached to the game's hooks. Each entry is a "
                       "trigger (on an event, if a condition holds, then actions), a constraint (forbid moves), "
                       "a turn shorthand, a power or a prevention (stop one of the game's own rules). A house rule's "
                       "entries come after its base's.",
        "type": "array",
        "maxItems": MAX_RULES,
        "items": {
            "description": "One rule: a trigger (on, if, then), a constraint (forbid, because), a turn shorthand (turn), a power (name, power, if, times, choose) or a prevention (prevent, if, times).",
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "name": {**_NAME, "description": "The rule's name, for the log, the rules sheet and rule coverage."},
                "says": {"type": "string", "maxLength": 400, "description": "The rule in plain words, for the rules sheet (default: worded from the piece)."},
                "on": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$",
                       "description": "The event that triggers the rule: " + "; ".join(f"{k}: {v}" for k, v in sorted(events.items())) + "."},
                "if": _expression("The condition: the rule fires only when it holds (true or false)."),
                "then": {"description": "What the rule does: one action, or a list of actions taken in order. An action is a name "
                                        "(extra_turn), or a name with its parameters (win: mover); the game's actions are listed "
                                        "under its own rules.",
                         "type": ["string", "object", "array"]},
                "power": {"description": "A power: a move the player may choose, written 'use <name>' (the entry's name), at most "
                                         "'times' times a game (default once), when 'if' holds; its actions (as under 'then') are its effect, "
                                         "and the turn goes on.",
                          "type": ["string", "object", "array"]},
                "choose": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$",
                           "description": "A power's choice: what of the game the player names when using the power "
                                          "(Avalanche: gate), written 'use <name> <choice>'; the power's 'if' and actions read "
                                          "it as 'choice'."},
                "times": {"type": "integer", "minimum": 1, "maximum": 1000,
                          "description": "At most this many times a game for each seat (a once-a-game power: 1): the mover's "
                                         "uses, or those of the seat 'per' names."},
                "per": _expression("Whose uses 'times' counts, a seat (a trigger or a prevention; default: the mover). "
                                   "per: event.seat counts for the seat of the event: 'each player's first lost life' "
                                   "when a hand's end takes several players' lives in one move."),
                "forbid": _expression("A constraint: moves for which this holds are not allowed (read the move as move.kind and its fields)."),
                "prevent": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$",
                            "description": "A prevention: one of the game's own rules that this rule stops when 'if' holds "
                                           "(Mancala: capture, extra_turn); 'event' reads what would happen."},
                "because": {"type": "string", "maxLength": 200, "description": "Why a constraint forbids a move, shown to a player who tries it."},
                "turn": {
                    "description": "Turn structure, a shorthand: moves per turn, expanded into a trigger on turn_over with extra_turn.",
                    "type": "object",
                    "additionalProperties": False,
                    "properties": {
                        "moves": {"type": "integer", "minimum": 1, "maximum": 20, "description": "How many moves make a turn."},
                        "if": _expression("Only while this holds (e.g. phase == 'sliding')."),
                    },
                },
            },
        },
    }


def family_rule(game: str) -> dict[str, Any]:
    """The part of a family's if/then that narrows `on:` to its events (for completion)."""
    hooks = program.family_hooks(game)
    events = sorted({*hooks.events, *vocab.CORE_EVENTS})
    action = _action_schema(program.actions_of(hooks, game))
    actions = {"anyOf": [*action["anyOf"], {"description": "Several actions, taken in order.", "type": "array",
                                            "minItems": 1, "maxItems": 8, "items": action}]}
    then = {"description": "What the rule does: one action or a list, in order. " + action["description"], **actions}
    power = {"description": "What the power does: one action or a list, in order. " + action["description"], **actions}
    items: dict[str, Any] = {"on": {"description": "An event of this game.", "enum": events}, "then": then, "power": power}
    if hooks.choices:
        items["choose"] = {"description": "What the power's player names: " + "; ".join(
            f"{k}: {v.doc}" for k, v in sorted(hooks.choices.items())) + ".", "enum": sorted(hooks.choices)}
    if hooks.prevents:
        items["prevent"] = {"description": "What of this game's own rules to stop: " + "; ".join(
            f"{k}: {v.doc}" for k, v in sorted(hooks.prevents.items())) + ".", "enum": sorted(hooks.prevents)}
    return {
        "description": f"The rules of a '{game}' ruleset: triggers on its events, its actions.",
        "type": "array",
        "items": {"description": "One rule.", "properties": items},
    }


__all__ = ["MAX_RULES", "family_rule", "rules_schema"]
