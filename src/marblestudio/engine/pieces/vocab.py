"""The vocabulary of rule pieces: hooks, actions and the names expressions read.

What every family shares lives here once: the hooks (`HOOKS`), the actions on turns and on the
end of the game (`ACTIONS`), and the names every expression may read (`core_names`,
`core_functions`).  A family adds its own events, names, functions, move fields and actions in a
`FamilyHooks` value that its `Family` descriptor names (`Family.hooks`).  Each entry carries the
description that the schema, the editor's completion and hover, and the rules sheet all read.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from marblestudio.engine import entrypoints
from marblestudio.engine.pieces.expr import BOOL, INT, SEAT, STR, Function, Name, Record

TURN_OVER = "turn_over"


@dataclass(frozen=True, slots=True)
class Hook:
    """A point of a game where rules attach."""

    name: str
    doc: str


HOOKS: tuple[Hook, ...] = (
    Hook("setup", "set-up, written as a trigger (there is no `setup:` key): `on:` the game's set-up event (Stay Alive's "
                  "`slides_set`, ALIVE's `dealt`, Avalanche's `cards_dealt`, Rock Me Archimedes' `die_rolled` with "
                  "`event.purpose == 'start'`) runs before the first player moves: give_turn there chooses who starts, score "
                  "gives a head start"),
    Hook("on", "a trigger: when an event of the game happens (`on: marble_fell`), if a condition holds (`if:`), "
               "do actions (`then:`); `turn_over` ends every turn, so turn rules hang there"),
    Hook("forbid", "legality: forbid the moves for which an expression over `move` holds (`forbid: move.kind == 'pass'`); "
                   "a constraint never leaves a player without a move: when it forbids every move, the player makes the game's own "
                   "move for having none (a pass; in ALIVE, flipping a life card), or where the game has none, it forbids none"),
    Hook("turn", "turn structure, a shorthand: `turn: {moves: 2}` gives each turn two moves "
                 "(it expands into a trigger on turn_over with extra_turn, shown in the Resolved tab)"),
    Hook("power", "a power the player chooses: a move 'use <name>' (the entry's name), at most `times` times a game "
                  "(default once) and only when `if:` holds; its actions are its effect and the turn goes on"),
    Hook("choose", "a power's choice: the player names one of the game's pieces when using the power (`choose: gate` in "
                   "Avalanche: 'use nudge G3'); `choice` reads what was named, in the power's `if:` and its actions"),
    Hook("prevent", "prevention: stop one of the game's own rules when a condition holds (`prevent: capture`, "
                    "`if: moves_played < 2` in Mancala); `event` reads what would happen, and the game goes on as if "
                    "that rule had not applied (the family lists what it lets rules prevent)"),
    Hook("times", "a limit: a trigger fires at most this many times a game for each seat (once-a-game powers: `times: 1`)"),
)
"""The hooks every family has (a family's events add their own triggers)."""


@dataclass(frozen=True, slots=True)
class Param:
    """A parameter of an action: its type, what it means, and its default expression (None: required)."""

    type: str
    doc: str
    default: str | None = None


@dataclass(frozen=True, slots=True)
class ActionKind:
    """An action a trigger can take.  `primary` is the parameter a plain value sets (`win: mover`
    sets `seat`); `perform` is a family action's implementation (state, context, values, events);
    the core's own actions (`perform` None) change the turn or end the game (see runtime)."""

    name: str
    doc: str
    params: Mapping[str, Param] = field(default_factory=dict)
    primary: str | None = None
    perform: Callable[[Any, Any, Mapping[str, Any], list[Any]], None] | None = None
    games: tuple[str, ...] = ()
    """The families a plug-in's Python piece works in (empty: every family)."""
    on: tuple[str, ...] = ()
    """The events a trigger must be on for it to act (empty: any); a power may use it anywhere."""


_SEAT_PARAM = Param(SEAT, "the seat it applies to", "mover")

WORD = "word"
"""A parameter written as a plain name, not an expression (a counter's name: `count: drops`)."""

RULE = "rule"
"""A parameter naming a constraint (a `forbid:` rule) of the ruleset, as written after its `name:`."""

ACTIONS: dict[str, ActionKind] = {
    a.name: a
    for a in (
        ActionKind("extra_turn", "the mover moves again: the turn goes on with one more move (the move limit still counts every move)"),
        ActionKind("partner_turn", "team play of a game of two sides (Rock Me Archimedes, Mancala): the mover's side moves "
                                   "again when this turn ends, and the side's next partner plays that turn (then the turns go "
                                   "round as before); in any other game, as extra_turn"),
        ActionKind("skip_next", "the player who would move next misses that turn"),
        ActionKind("skip_turn", "the seat misses its next turn (when its turn comes, play passes over it; twice: two turns)",
                   {"seat": _SEAT_PARAM}, "seat"),
        ActionKind("insert_turn", "the given seat takes one turn when this one ends, then play goes back to the seat that "
                                  "would have moved: a turn slipped in, the order unchanged",
                   {"seat": Param(SEAT, "who takes the slipped-in turn")}, "seat"),
        ActionKind("end_turn", "the mover's turn ends with this move, as the game ends a turn: a move the turn would "
                               "still have (the rest of a roll, the game's own extra turn, an extra_turn given earlier "
                               "in the turn) is lost, and the next seat in turn order moves"),
        ActionKind("give_turn", "the given seat moves next", {"seat": Param(SEAT, "who moves next")}, "seat"),
        ActionKind("win", "the game ends now and the seat wins (with its team, if the ruleset has teams)", {"seat": _SEAT_PARAM}, "seat"),
        ActionKind("lose", "the game ends now and the seat loses: every other seat (or team) wins", {"seat": _SEAT_PARAM}, "seat"),
        ActionKind("draw", "the game ends now in a draw"),
        ActionKind("score", "add points to a seat's score (read it with score(seat)); ends nothing by itself",
                   {"points": Param(INT, "how many points (may be negative)", "1"), "seat": _SEAT_PARAM}, "points"),
        ActionKind("count", "add to a seat's counter of the given name (read it with count('name', seat)): a house rule's "
                            "own tally, every counter 0 at the start; scores nothing",
                   {"counter": Param(WORD, "the counter's name (letters, digits and _)"), "seat": _SEAT_PARAM,
                    "add": Param(INT, "how much to add (negative: take away)", "1")}, "counter"),
        ActionKind("mark", "set a seat's mark of the given name to a text (read it with mark('name', seat)): what a player "
                           "named, a slide, a card or a colour, kept until changed; an empty text clears it",
                   {"name": Param(WORD, "the mark's name (letters, digits and _)"), "seat": _SEAT_PARAM,
                    "text": Param(STR, "the text to keep (choice, in a power that chooses; '' clears it)", "''")}, "name"),
        ActionKind("waive", "lift a constraint of this ruleset for the rest of the mover's turn, so that it forbids nothing "
                            "until the turn ends; a power that lifts a limit once is `power: {waive: no early lifts}`",
                   {"rule": Param(RULE, "the constraint's name (a forbid rule's name)")}, "rule"),
        ActionKind("set_count", "set a seat's counter of the given name (0 by default: `set_count: drops` on turn_over "
                                "starts a count per turn)",
                   {"counter": Param(WORD, "the counter's name (letters, digits and _)"), "seat": _SEAT_PARAM,
                    "to": Param(INT, "its new value", "0")}, "counter"),
    )
}
"""The actions every family has."""


@dataclass(frozen=True, slots=True)
class EventDoc:
    """A family's event as a trigger: the fields `event.<field>` reads, with types, and what it means."""

    fields: Mapping[str, str]
    doc: str


@dataclass(frozen=True, slots=True)
class Choice:
    """Something of the game a power lets its player name when using it (`choose: gate`): the
    type `choice` reads, the options now (state -> their texts, in the order a player is offered
    them), and what it means."""

    type: str
    options: Callable[[Any], Sequence[str]]
    doc: str
    describe: Callable[[Any, str], str] | None = None
    """An option as a player would recognise it on the board now (state, option) -> words, for the
    app's menu ('row 2 from the top, leaning left, holding a red marble'); None: the option alone."""


@dataclass(frozen=True, slots=True)
class FamilyHooks:
    """What a family adds to the vocabulary (named by `Family.hooks`)."""

    events: Mapping[str, EventDoc]
    names: Mapping[str, Name] = field(default_factory=dict)
    functions: Mapping[str, Function] = field(default_factory=dict)
    move: Mapping[str, str] = field(default_factory=dict)
    """The fields of `move` in a `forbid:` expression (`kind` always), with their types."""
    move_fields: Callable[[Any, Any], Mapping[str, Any]] | None = None
    """A move's fields for `forbid:` (state, move) -> {'kind': 'slide', ...}."""
    actions: Mapping[str, ActionKind] = field(default_factory=dict)
    prevents: Mapping[str, EventDoc] = field(default_factory=dict)
    """What of the family's own rules a `prevent:` piece may stop, with the fields `event` then
    reads (the family asks `State.prevented` at that point of its play)."""
    as_rules: Callable[[Mapping[str, Any]], Sequence[Any]] | None = None
    """The section's readings that the vocabulary can say, as pieces: (section) -> a list of
    `engine.pieces.readings.AsRules` (see that module)."""
    choices: Mapping[str, Choice] = field(default_factory=dict)
    """What a power may let its player name (`choose:`), by the word a ruleset writes."""
    texts: Mapping[str, Callable[[Any], Collection[str]]] = field(default_factory=dict)
    """The texts a field or name can hold, by `event.<field>`, `move.<field>` or the name, as a
    function of a new game's state (ALIVE's cards come from the ruleset's deck): a rule that
    compares one with any other text is warned of, since it can never match (`pieces.texts`)."""


PIECES_GROUP = entrypoints.PIECES
"""The entry-point group of Python pieces: a plug-in's `ActionKind` for what the vocabulary cannot say."""


def plugin_actions() -> tuple[dict[str, ActionKind], tuple[str, ...]]:
    """The Python pieces plug-ins register, and why any was left out (never a crash)."""
    import logging

    found: dict[str, ActionKind] = {}
    problems: list[str] = []
    for entry in sorted(entrypoints.entry_points(PIECES_GROUP), key=lambda e: e.name):
        try:
            action = entry.load()
            if not isinstance(action, ActionKind) or action.perform is None:
                raise TypeError("it is not an engine.pieces.vocab.ActionKind with a `perform`")
            if action.name != entry.name:
                raise ValueError(f"the entry point is named {entry.name!r} but the action is {action.name!r}")
            if action.name in ACTIONS:
                raise ValueError("a core action has that name")
        except Exception as exc:  # noqa: BLE001 - a broken plug-in is left out, never a crash
            problems.append(f"the rule piece {entry.name!r} was left out: {type(exc).__name__}: {exc}")
            continue
        found[action.name] = action
    for problem in problems:
        logging.getLogger(__name__).warning("%s", problem)
    return found, tuple(problems)


GAME_OVER = "game_over"

CORE_EVENTS: dict[str, EventDoc] = {
    TURN_OVER: EventDoc({"seat": INT}, "a turn ended (every turn ends with it; a move after which the same player goes on, such as "
                                       "an Avalanche drop that brought nothing down or a marble of an Archimedes roll before the "
                                       "roll is used up, has none; after an extra_turn the same seat moves again)"),
    GAME_OVER: EventDoc({"termination": STR, "reason": STR},
                        "the game ended, the last event of every game (termination: 'win', 'draw' or 'capped'; won(seat) "
                        "tells the winners): a rule here may score (a match scored by points), and its win, lose or draw "
                        "replaces the result"),
}


def core_names() -> dict[str, Name]:
    """The names every expression may read."""
    return {
        "mover": Name(INT, lambda c: c.mover, "the seat whose move is judged: who made it (a trigger), or who is to make it "
                                              "(a constraint, a power); 0 is the first seat"),
        "players": Name(INT, lambda c: c.players, "how many seats the game has"),
        "player": Name(INT, lambda c: c.player(), "the seat who plays the mover's turn: in team play of a game of two "
                                                   "sides (Rock Me Archimedes, Mancala with teams), the partner whose turn it "
                                                   "is (seats 0 to 3 with four players: `player == 2`), while mover is the "
                                                   "side; in any other game, the mover"),
        "turn_moves": Name(INT, lambda c: c.turn_moves(), "the number of the judged move in the mover's turn: 1 unless "
                                                           "extra_turn lengthened the turn (in a constraint: the move about to be made)"),
        "moves_played": Name(INT, lambda c: c.rules.moves, "moves made in the game by every player (chance excluded)"),
        "moves_in_turn": Name(INT, lambda c: c.moves_in_turn(), "as turn_moves, counting the game's own moves of the turn too: "
                                                                 "each marble of a roll, each drop, each sowing that earned another "
                                                                 "(in a constraint: the move about to be made)"),
    }


def core_functions() -> dict[str, Function]:
    """The functions every expression may call."""
    return {
        "score": Function((SEAT,), INT, lambda c, seat: c.rules.scores[seat], "the seat's score from `score` actions"),
        "team": Function((SEAT,), INT, lambda c, seat: c.team_of(seat),
                         "the seat's team (with teams: seat mod team count; without: the seat itself)", -1),
        "next_seat": Function((), INT, lambda c: c.next_to_move(), "the seat that moves next as the game stands (-1: chance or "
                                                                  "over); in a power, whose user is still to move, the seat that "
                                                                  "moves after the user's turn"),
        "fired": Function((STR,), INT, lambda c, name: c.fired_by_name(name), "how many times the named rule has fired this game"),
        "won": Function((SEAT,), BOOL, lambda c, seat: c.won(seat), "whether the game is over and the seat is one of its winners", False),
        "count": Function((STR, SEAT), INT, lambda c, name, seat: c.rules.counters.get((name, seat), 0),
                          "the seat's counter of that name (the count and set_count actions), 0 until one changes it"),
        "mark": Function((STR, SEAT), STR, lambda c, name, seat: c.rules.marks.get((name, seat), ""),
                         "the seat's mark of that name (the mark action): a text, '' until one is set"),
        "max": Function((INT, INT), INT, lambda c, a, b: a if a >= b else b, "the larger of two numbers"),
        "min": Function((INT, INT), INT, lambda c, a, b: a if a <= b else b, "the smaller of two numbers"),
    }


def event_record(kind: str, doc: EventDoc) -> Record:
    return Record("event", dict(doc.fields), doc.doc)


def move_record(fields: Mapping[str, str]) -> Record:
    return Record("move", {"kind": STR, **fields}, "the move being judged")


TYPES_IN_WORDS = {INT: "number", BOOL: "true or false", STR: "text", SEAT: "seat", WORD: "name", RULE: "a constraint's name"}


def expand(entry: Mapping[str, Any]) -> list[dict[str, Any]]:
    """An entry of `rules:` with its shorthand expanded into pieces (the Resolved tab shows them).

    `turn: {moves: N, if: COND}` becomes a trigger on turn_over: `if: turn_moves < N [and (COND)]`,
    `then: extra_turn`.  Anything else is a piece already."""
    if "turn" not in entry:
        return [dict(entry)]
    turn = entry["turn"]
    moves = turn.get("moves", 1)
    cond = f"turn_moves < {moves}"
    if turn.get("if"):
        cond = f"{cond} and ({turn['if']})"
    out: dict[str, Any] = {"name": entry.get("name", f"{moves} moves a turn"), "on": TURN_OVER, "if": cond, "then": "extra_turn"}
    if "says" in entry:
        out["says"] = entry["says"]
    return [out]


__all__ = [
    "ACTIONS",
    "CORE_EVENTS",
    "HOOKS",
    "PIECES_GROUP",
    "ActionKind",
    "EventDoc",
    "FamilyHooks",
    "Hook",
    "Param",
    "core_functions",
    "core_names",
    "event_record",
    "expand",
    "move_record",
    "plugin_actions",
]
