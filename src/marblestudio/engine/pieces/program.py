"""Compile a ruleset's pieces once into a `Program`: triggers by event kind, constraints, closures.

`compile_pieces(game, pieces)` is cached per process: a ruleset crosses to a worker as plain
data and is compiled again there.  `check(game, entries)` reports every problem of a `rules:`
list with its JSON pointer and the line and column inside the expression, for the loader: each
part of a piece (an expression, an action) on its own, so that one run tells every mistake.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from marblestudio.engine.pieces import vocab
from marblestudio.engine.pieces.expr import BOOL, INT, SEAT, STR, Evaluator, ExpressionError, Name, Scope, compile_expression, compile_screen
from marblestudio.engine.pieces.expr import parse as parse_expression
from marblestudio.engine.pieces.spec import Action, Piece, default_name, pieces_of
from marblestudio.engine.pieces.vocab import TURN_OVER, ActionKind, FamilyHooks


@dataclass(frozen=True, slots=True)
class CompiledAction:
    kind: ActionKind
    values: tuple[tuple[str, Evaluator], ...]
    each: tuple[str, str] | None = None
    """(parameter, group): a seat written as a group of seats (`SEAT_GROUPS`): the action is taken
    once for each seat of the group, in turn order from the mover."""
    per_seat: bool = False
    """Whether another parameter reads `seat` (the seat of the group it is taken for): its values
    are worked out for each seat; else once, before the first."""


EACH_SEAT = Name(INT, lambda c: c.each, "with a group of seats (seat: everyone, others, ...): the seat the action is "
                                       "taken for now, one at a time (points: marbles_left(seat))")
"""The name `seat` in the other parameters of an action taken for a group of seats."""

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,39}")

SEAT_GROUPS = {
    "others": "every other seat",
    "opponents": "every seat of another team (without teams: every other seat)",
    "partners": "every other seat of the mover's team",
    "everyone": "every seat, the mover first",
}
"""Words a seat parameter may be written as, for an action on several seats (`draw_cards: {seat: others}`)."""


@dataclass(frozen=True, slots=True)
class Trigger:
    piece: Piece
    condition: Evaluator | None
    actions: tuple[CompiledAction, ...]
    per: Evaluator | None = None
    """The seat whose uses `times:` counts (`per:`); None: the mover's."""
    screen: Evaluator | None = None
    """A quick test of the event alone (called with the event): when false, the condition is
    false too (`expr.compile_screen`); None: no part of the condition reads the event alone."""


@dataclass(frozen=True, slots=True)
class Constraint:
    piece: Piece
    test: Evaluator


@dataclass(frozen=True, slots=True)
class Program:
    """A ruleset's compiled pieces: `triggers[kind]` in `rules:` order, the constraints, the powers."""

    game: str
    pieces: tuple[Piece, ...]
    triggers: Mapping[str, tuple[Trigger, ...]]
    constraints: tuple[Constraint, ...]
    hooks: FamilyHooks
    names: tuple[str, ...]  # each piece's name, by index
    powers: tuple[Trigger, ...] = ()
    keeps_score: bool = False
    """Whether a piece scores points (the app then shows each seat's score)."""
    reads_move: bool = False
    """Whether a trigger reads `move` (see `reads_move`)."""
    misses_turns: bool = False
    """Whether a piece makes a seat miss turns or slips one in (`skip_turn`, `insert_turn`): every turn's
    end then goes through the rules."""
    key_parts: tuple[str, ...] = ()
    """What of the rule state, besides the turn's, a position's key holds (`key_parts`)."""
    reads: frozenset[str] = frozenset()
    """Every name the pieces' expressions read (`names_read`): what of the rule state a position's
    key must hold (see `runtime.Ruled.position_key`)."""
    prevents: Mapping[str, tuple[Trigger, ...]] = dataclasses.field(default_factory=dict)
    """The preventions, by what they stop, in `rules:` order (their conditions read `event`)."""
    fired_events: dict[tuple[int, int], Any] = dataclasses.field(default_factory=dict, compare=False, repr=False)
    """The `rule_fired` event of each (piece, seat) made so far: events are values, shared by
    every game of these rules (see `triggers.run_triggers`)."""
    screened: dict[Any, bool] = dataclasses.field(default_factory=dict, compare=False, repr=False)
    """A family's fast loop's memory of whether a trigger's quick test lets one of its shared
    events through (`runtime.Ruled.may_fire`), by the loop's own key for the event (ALIVE's
    `card_played`): the test reads the event alone."""


@dataclass(frozen=True, slots=True)
class PieceProblem:
    """A problem of one piece: where (a JSON pointer, and inside an expression line and column)."""

    pointer: str
    message: str
    line: int = 0  # 0: not inside an expression
    column: int = 0


class PieceError(ValueError):
    """A piece that does not compile (the loader reports these as diagnostics before this can happen)."""

    def __init__(self, problem: PieceProblem) -> None:
        super().__init__(f"{problem.pointer}: {problem.message}")
        self.problem = problem

    def __reduce__(self) -> tuple[type[PieceError], tuple[PieceProblem]]:
        return type(self), (self.problem,)


class _Problems:
    """Where compiling pieces reports their problems: `build` raises the first (`collect` false);
    `check` keeps one for each part of a piece that is wrong on its own (an expression, an action,
    a key) and goes on with the next part, which then gets a stand-in for what failed."""

    def __init__(self, collect: bool = False) -> None:
        self.collect = collect
        self.found: list[PieceProblem] = []
        self.unknown: set[str] = set()
        """Names a wrong key leaves without a meaning (`event` of an event the game does not have,
        `choice` of a choice it does not offer): an expression that reads one is not checked, as
        its errors could follow from that key's."""

    def add(self, problem: PieceProblem) -> None:
        if not self.collect:
            raise PieceError(problem)
        self.found.append(problem)


@functools.cache
def family_hooks(game: str) -> FamilyHooks:
    """The hooks the installed family `game` declares (none: core events only)."""
    from marblestudio.engine import family as families

    found = families.family(game)
    if found is None or found.hooks is None:
        return FamilyHooks(events={})
    hooks = found.load("hooks")
    if not isinstance(hooks, FamilyHooks):
        raise TypeError(f"the hooks of {game!r} ({found.hooks}) are not a FamilyHooks")
    return hooks


def events_of(hooks: FamilyHooks) -> dict[str, vocab.EventDoc]:
    return {**hooks.events, **vocab.CORE_EVENTS}


@functools.cache
def _plugins() -> dict[str, ActionKind]:
    return vocab.plugin_actions()[0]


def actions_of(hooks: FamilyHooks, game: str | None = None) -> dict[str, ActionKind]:
    """The actions a rule of the family can take: the core's, the family's own, and the Python
    pieces plug-ins register for it (`vocab.PIECES_GROUP`)."""
    plugged = {n: a for n, a in _plugins().items() if not a.games or game in a.games}
    return {**vocab.ACTIONS, **plugged, **hooks.actions}


def _scope(hooks: FamilyHooks, record: Name | None, record_name: str) -> Scope:
    names = {**vocab.core_names(), **hooks.names}
    if record is not None:
        names[record_name] = record
    return Scope(names, {**vocab.core_functions(), **hooks.functions})


def _trigger_scope(hooks: FamilyHooks, on: str, doc: vocab.EventDoc) -> Scope:
    """What a trigger on `on` reads: the event, and (when the family describes its moves) `move`,
    the move that made it (`kind` 'chance' for a chance step)."""
    scope = _scope(hooks, _event_name(on, doc), "event")
    if hooks.move_fields is None:
        return scope
    move = Name(vocab.move_record(hooks.move), lambda c: c.move, "the move that made the event (kind 'chance': a chance step; 'power': a power's use)")
    return Scope({**scope.names, "move": move}, scope.functions)


def names_read(piece: Piece) -> frozenset[str]:
    """The names a piece's expressions read (`mover`, `event`, `fired`, ...: every name and
    function the conditions, the constraint, `per:` and the amounts use), parsed as the expressions are."""
    texts = [piece.condition, piece.forbid, piece.per, *(text for action in piece.actions for _, text in action.params)]
    return frozenset().union(*(names_in(text) for text in texts))


def names_in(text: Any) -> frozenset[str]:
    """The names the expression `text` reads (none for a plain value, or a word that is not an
    expression, such as a counter's name)."""
    if not isinstance(text, str):
        return frozenset()
    try:
        tree = parse_expression(text)
    except ExpressionError:
        return frozenset()
    return frozenset(node.id for node in ast.walk(tree) if isinstance(node, ast.Name))


def reads_move(piece: Piece) -> bool:
    """Whether a trigger's condition or amounts read `move` (the game then describes each move to
    its rules, and plays every move through them)."""
    return "move" in names_read(piece)


def _event_name(kind: str, doc: vocab.EventDoc) -> Name:
    return Name(vocab.event_record(kind, doc), lambda c: c.event, doc.doc)


_NO_EVENT = vocab.EventDoc({}, "an event this game does not have")
"""What `check` makes of a wrong `on:` or `prevent:` (an expression that reads the event is then
not checked: `_Problems.unknown`); `event` stays a name, so that the hints of other mistakes read
as they do beside a right one."""


def _compile(text: Any, scope: Scope, want: str, pointer: str, problems: _Problems) -> Evaluator:
    if isinstance(text, bool) or isinstance(text, int):  # YAML wrote a plain value: `points: 2`, `if: true`
        kind = BOOL if isinstance(text, bool) else INT
        if kind != want:
            problems.add(PieceProblem(pointer, f"this must be {'true or false' if want == BOOL else 'a number or an expression'}"))
        return _constant(text)
    if problems.unknown and not names_in(text).isdisjoint(problems.unknown):
        return _constant(None)  # it reads what a wrong key left unknown (only while collecting)
    try:
        return compile_expression(str(text), scope, want).evaluate
    except ExpressionError as exc:
        problem = PieceProblem(pointer, exc.message, exc.line, exc.column)
    problems.add(problem)
    return _constant(None)


def _constant(value: Any) -> Evaluator:
    return lambda c: value


def _power_scope(piece: Piece, hooks: FamilyHooks, problems: _Problems) -> Scope:
    """What a power reads: the game, and with `choose:` the player's `choice`."""
    scope = _scope(hooks, None, "")
    if piece.choose is None:
        return scope
    choice = hooks.choices.get(piece.choose) if isinstance(piece.choose, str) else None
    if choice is None:
        can = ", ".join(sorted(hooks.choices))
        problems.add(PieceProblem(f"{piece.pointer}/choose", f"'{piece.choose}' is not something a power of this game can "
                                                             f"choose ({f'it can choose: {can}' if can else 'its powers take no choice'})"))
        problems.unknown.add("choice")
        name = Name(STR, lambda c: c.choice, "what the player named")  # for the hints of other mistakes: never read
    else:
        name = Name(choice.type, lambda c: c.choice, f"the {piece.choose} the player named: {choice.doc}")
    return Scope({**scope.names, "choice": name}, scope.functions)


def _trigger(piece: Piece, hooks: FamilyHooks, game: str, constraints: Mapping[str, int], problems: _Problems) -> Trigger:
    if piece.power:
        scope = _power_scope(piece, hooks, problems)
    else:
        events = events_of(hooks)
        on = piece.on or ""
        doc = events.get(on) if isinstance(on, str) else None
        if doc is None:
            known = ", ".join(sorted(events))
            problems.add(PieceProblem(f"{piece.pointer}/on", f"'{on}' is not an event of this game (its events: {known})"))
            problems.unknown.add("event")
        scope = _trigger_scope(hooks, on, doc or _NO_EVENT)
    condition = None if piece.condition is None else _compile(piece.condition, scope, BOOL, f"{piece.pointer}/if", problems)
    per = _per(piece, scope, problems)
    compiled = _actions(piece, actions_of(hooks, game), scope, constraints, problems)
    return Trigger(piece, condition, tuple(compiled), per, _screen(piece, scope, problems))


def _screen(piece: Piece, scope: Scope, problems: _Problems) -> Evaluator | None:
    """The condition's quick test of the event alone (see `Trigger.screen`), if it has one (a
    check needs none, and its condition may not parse)."""
    if problems.collect or not isinstance(piece.condition, str) or "event" not in scope.names:
        return None
    return compile_screen(piece.condition, scope, "event")


def _actions(piece: Piece, kinds: Mapping[str, ActionKind], scope: Scope, constraints: Mapping[str, int],
             problems: _Problems, refused: Callable[[str], str] | None = None) -> list[CompiledAction]:
    """A trigger's, a power's or a prevention's actions (`then:`, `power:`), compiled in `scope`;
    `constraints`: the ruleset's constraints by name (what `waive` may name); `refused`: what to
    say of an action not in `kinds`, by its name (default: it is not an action)."""
    compiled: list[CompiledAction] = []
    many = len(piece.actions) > 1
    for i, action in enumerate(piece.actions):
        at = f"{piece.pointer}/{'power' if piece.power else 'then'}" + (f"/{i}" if many else "")
        kind = kinds.get(action.name)
        if kind is None:
            problems.add(PieceProblem(at, refused(action.name) if refused is not None else
                                      f"'{action.name}' is not an action (actions: {', '.join(sorted(kinds))})"))
            continue  # its parameters are those of no action
        compiled.append(_action(piece, action, kind, at, scope, constraints, problems))
    return compiled


def _action(piece: Piece, action: Action, kind: ActionKind, at: str, scope: Scope, constraints: Mapping[str, int],
            problems: _Problems) -> CompiledAction:
    """One action of `kind`, written at `at`: each parameter compiled on its own."""
    if kind.on and not piece.power and piece.on not in kind.on and "event" not in problems.unknown:
        problems.add(PieceProblem(at, f"{action.name} acts only in a trigger on {' or '.join(kind.on)} (or in a power), "
                                      f"not on {piece.on}: it would never do anything"))
    values = []
    given = dict(action.params)
    if "value" in given and kind.primary is not None:
        given[kind.primary] = given.pop("value")
    for key in [key for key in given if key not in kind.params]:
        takes = ", ".join(kind.params) or "no parameters"
        problems.add(PieceProblem(f"{at}/{action.name}", f"{action.name} takes {takes}, not '{key}'"))
        del given[key]
    each = None
    grouped = any(param.type == SEAT and isinstance(given.get(key), str) and str(given[key]).strip() in SEAT_GROUPS
                  for key, param in kind.params.items())
    here = Scope({**scope.names, "seat": EACH_SEAT}, scope.functions) if grouped else scope  # `seat`: the one it is for now
    for key, param in kind.params.items():
        text = given.get(key, param.default)
        where = f"{at}/{action.name}" + (f"/{key}" if key in given and "value" not in dict(action.params) else "")
        if text is None:
            problems.add(PieceProblem(f"{at}", f"{action.name} needs '{key}' ({param.doc})"))
            continue
        if param.type == vocab.RULE:  # a constraint of the ruleset, by its name: its number
            found = constraints.get(str(text).strip())
            if found is None:
                known = ", ".join(f"'{n}'" for n in sorted(constraints)) or "none"
                problems.add(PieceProblem(where, f"{action.name} names a constraint (a forbid: rule) of this ruleset "
                                                 f"by its name: {str(text)!r} is none of them (its constraints: {known})"))
            values.append((key, _constant(found)))
            continue
        if param.type == vocab.WORD:  # a plain name, not an expression
            if not isinstance(text, str) or not _WORD.fullmatch(text.strip()):
                problems.add(PieceProblem(where, f"{action.name}'s {key} is a name of letters, digits and _ "
                                                 f"(such as drops), not {text!r}"))
            values.append((key, _constant(str(text).strip())))
            continue
        if param.type == SEAT and isinstance(text, str) and text.strip() in SEAT_GROUPS:
            each = (key, text.strip())
            values.append((key, _constant(-1)))  # each seat of the group in turn (see runtime)
            continue
        want = INT if param.type == SEAT else param.type
        values.append((key, _compile(text, here, want, where, problems)))
    per_seat = grouped and any("seat" in names_in(text) for key, text in given.items() if kind.params[key].type != vocab.WORD)
    return CompiledAction(kind, tuple(values), each, per_seat)


def _per(piece: Piece, scope: Scope, problems: _Problems) -> Evaluator | None:
    """`per:`, the seat whose uses `times:` counts, compiled (None: the mover's)."""
    if piece.per is None:
        return None
    if piece.times is None:
        problems.add(PieceProblem(f"{piece.pointer}/per", "'per' says whose uses 'times' counts: write 'times' too"))
    return _compile(piece.per, scope, INT, f"{piece.pointer}/per", problems)


def _constraint(piece: Piece, hooks: FamilyHooks, problems: _Problems) -> Constraint:
    if hooks.move_fields is None:
        problems.add(PieceProblem(f"{piece.pointer}/forbid", "this game does not describe its moves to constraints yet"))
        return Constraint(piece, _constant(False))
    record = Name(vocab.move_record(hooks.move), lambda c: c.move, "the move being judged")
    scope = _scope(hooks, record, "move")
    return Constraint(piece, _compile(piece.forbid, scope, BOOL, f"{piece.pointer}/forbid", problems))


def _prevention(piece: Piece, hooks: FamilyHooks, constraints: Mapping[str, int], problems: _Problems) -> Trigger:
    what = piece.prevent or ""
    doc = hooks.prevents.get(what) if isinstance(what, str) else None
    if doc is None:
        can = ", ".join(sorted(hooks.prevents))
        message = (f"'{what}' is not a rule this game lets a rule prevent (it can: {can})" if can
                   else "this game names nothing of its own rules that a rule may prevent")
        problems.add(PieceProblem(f"{piece.pointer}/prevent", message))
        problems.unknown.add("event")
    scope = _scope(hooks, _event_name(what, doc or _NO_EVENT), "event")
    condition = None if piece.condition is None else _compile(piece.condition, scope, BOOL, f"{piece.pointer}/if", problems)
    kinds = {**vocab.ACTIONS}  # the core's: a game's own action would change the board in the middle of the rule it stops

    def refused(name: str) -> str:
        return (f"a prevention acts with the game's turns, points, counters and result only ({', '.join(sorted(kinds))}), "
                f"not '{name}': it acts in the middle of the game's own rule, where a change to the board would upset it")

    actions = _actions(piece, kinds, scope, constraints, problems, refused)
    return Trigger(piece, condition, tuple(actions), _per(piece, scope, problems), _screen(piece, scope, problems))


def _compiled(piece: Piece, hooks: FamilyHooks, game: str, named: Mapping[str, int], problems: _Problems) -> Trigger | Constraint:
    """One piece compiled: a prevention, a power or a trigger (a `Trigger`), or a constraint."""
    if piece.choose is not None and not piece.power:
        problems.add(PieceProblem(f"{piece.pointer}/choose", "'choose' belongs to a power: the player names something "
                                                             "when using it ('power:' with its actions)"))
    if piece.prevent is not None:
        return _prevention(piece, hooks, named, problems)
    if piece.is_constraint and not piece.power:
        return _constraint(piece, hooks, problems)
    return _trigger(piece, hooks, game, named, problems)


def build(game: str, pieces: tuple[Piece, ...], named: Mapping[str, int] | None = None) -> Program:
    """Compile `pieces` for the family `game` (raises PieceError at the first problem)."""
    hooks = family_hooks(game)
    if named is None:
        named = {p.name: p.index for p in pieces if p.is_constraint}  # what `waive` may name
    triggers: dict[str, list[Trigger]] = {}
    constraints = []
    powers = []
    prevents: dict[str, list[Trigger]] = {}
    problems = _Problems()  # raises at the first
    for piece in pieces:
        compiled = _compiled(piece, hooks, game, named, problems)
        if isinstance(compiled, Constraint):
            constraints.append(compiled)
        elif piece.prevent is not None:
            prevents.setdefault(piece.prevent, []).append(compiled)
        elif piece.power:
            powers.append(compiled)
        else:
            triggers.setdefault(piece.on or "", []).append(compiled)
    acting = [*powers, *(t for ts in triggers.values() for t in ts), *(t for ts in prevents.values() for t in ts)]  # what takes actions
    scoring = any(a.kind.name == "score" for t in acting for a in t.actions)
    moves = any(reads_move(t.piece) for ts in triggers.values() for t in ts)
    misses = any(a.kind.name in ("skip_turn", "insert_turn") for t in acting for a in t.actions)
    reads = frozenset().union(*(names_read(p) for p in pieces))
    triggers_all = acting
    return Program(game, pieces, {k: tuple(v) for k, v in triggers.items()}, tuple(constraints), hooks,
                   tuple(p.name for p in pieces), tuple(powers), scoring, reads_move=moves, misses_turns=misses,
                   prevents={k: tuple(v) for k, v in prevents.items()},
                   reads=reads, key_parts=key_parts(pieces, triggers_all, reads, scoring, misses))


def key_parts(pieces: Sequence[Piece], triggers: Sequence[Trigger], reads: frozenset[str], scoring: bool,
              misses: bool) -> tuple[str, ...]:
    """What of the rule state, besides the turn's, two positions must share for the game to go on
    the same (`runtime.Ruled.position_key`): what the expressions read (`moves_played`, `score`,
    `count`, `fired`), what the actions keep (scores, which a match by points counts; counters;
    missed and slipped-in turns), and the uses a `times:` limit counts."""
    actions = {a.kind.name for t in triggers for a in t.actions}
    wanted = {
        "moves": "moves_played" in reads,
        "scores": scoring or "score" in reads,
        "counters": bool(actions & {"count", "set_count"}) or "count" in reads,
        "marks": "mark" in actions or "mark" in reads,
        "missed": misses,
        "fired": "fired" in reads,
        "used": any(p.times is not None or p.power for p in pieces),
        "waived": "waive" in actions,
    }
    return tuple(name for name, keep in wanted.items() if keep)


@functools.lru_cache(maxsize=256)
def compile_pieces(game: str, pieces: tuple[Piece, ...]) -> Program:
    """The program of `pieces`, compiled once per process (see the module docstring)."""
    return build(game, pieces)


def check(game: str, entries: Sequence[Mapping[str, Any]], whole: Sequence[Any] | None = None) -> list[PieceProblem]:
    """Every problem of a `rules:` list, each piece on its own (expanded first), and in a piece each
    part that is wrong on its own (a key, an expression, an action); what depends on a wrong key
    (the fields of an unknown event) is left unchecked, so that no problem follows from another.
    `whole`: the file's whole list, when `entries` is one entry of it (the constraints `waive`
    may name are those of the whole list)."""
    found = []
    names: dict[str, int] = {}
    constraints = {str(entry.get("name") or default_name(index, entry)): index  # what `waive` may name
                   for index, entry in enumerate(entries if whole is None else whole)
                   if isinstance(entry, Mapping) and "forbid" in entry}
    for index, written in enumerate(entries):
        problems = _Problems(collect=True)
        entry = _shaped(index, written, problems)
        if entry is not None:
            _check_piece(game, index, entry, constraints, problems)
        found.extend(problems.found)
        name = written.get("name") if isinstance(written, Mapping) else None
        if isinstance(name, str):
            if name in names:
                found.append(PieceProblem(f"/rules/{index}/name", f"the name '{name}' is already the name of rule {names[name] + 1}"))
            names[name] = index
    return found


def _check_piece(game: str, index: int, entry: Mapping[str, Any], constraints: Mapping[str, int], problems: _Problems) -> None:
    """The problems of one well-shaped entry (see `_shaped`), compiled as the engine compiles it."""
    hooks = family_hooks(game)
    if "turn" in entry and entry["turn"].get("if") is not None:
        _compile(entry["turn"]["if"], _trigger_scope(hooks, TURN_OVER, events_of(hooks)[TURN_OVER]), BOOL, f"/rules/{index}/turn/if", problems)
    piece = dataclasses.replace(pieces_of(vocab.expand(entry)[:1])[0], index=index)
    if "turn" in entry:  # its condition was checked above, where it is written
        piece = dataclasses.replace(piece, condition=None)
    _compiled(piece, hooks, game, constraints, problems)


KINDS = ("on", "forbid", "turn", "power", "prevent")
"""The key that makes a `rules:` entry a trigger, a constraint, a turn shorthand, a power or a prevention."""
KEYS_OF_KIND = {
    "on": {"name", "says", "on", "if", "then", "times", "per"},
    "forbid": {"name", "says", "forbid", "because"},
    "turn": {"name", "says", "turn"},
    "power": {"name", "says", "power", "if", "times", "choose"},
    "prevent": {"name", "says", "prevent", "if", "times", "per", "then"},
}
_ONLY = KEYS_OF_KIND


def keys_for(written: set[str] | frozenset[str]) -> set[str]:
    """The keys an entry that already has the keys `written` may still take: those of its kind once
    a kind's key is written, any otherwise (for the editor's completion)."""
    kinds = [k for k in KINDS if k in written]
    allowed = set(KEYS_OF_KIND[kinds[0]]) if len(kinds) == 1 else {key for keys in KEYS_OF_KIND.values() for key in keys}
    return allowed - set(written)


_KIND_WORDS = {"on": "trigger", "forbid": "constraint", "turn": "turn shorthand", "power": "power", "prevent": "prevention"}


def _shaped(index: int, entry: Mapping[str, Any], problems: _Problems) -> Mapping[str, Any] | None:
    """What the schema cannot require of a house rule's entry (its `required` applies to whole
    files only), reported; the entry without what is wrong, for its other parts to be checked
    (None: it is not clear what kind of rule it is)."""
    at = f"/rules/{index}"
    kinds = [k for k in KINDS if k in entry]
    if len(kinds) != 1:
        what = "none" if not kinds else " and ".join(kinds)
        problems.add(PieceProblem(at, f"a rule is a trigger ('on:' and 'then:'), a constraint ('forbid:'), a turn shorthand ('turn:'), "
                                      f"a power ('power:') or a prevention ('prevent:'); this one has {what}"))
        return None
    kind = kinds[0]
    extra = sorted(set(entry) - _ONLY[kind])
    for key in extra:
        problems.add(PieceProblem(f"{at}/{key}", f"'{key}' does not belong in a {_KIND_WORDS[kind]}"))
    if "choose" in extra:
        problems.unknown.add("choice")  # what it would have named
    shaped = {key: value for key, value in entry.items() if key not in extra}
    if kind == "on" and "then" not in entry:
        problems.add(PieceProblem(at, "a trigger needs 'then:', the action(s) it takes"))
    if kind == "turn":
        if not isinstance(entry["turn"], Mapping):
            return None  # the schema tells what it must be
        if "moves" not in entry["turn"]:
            problems.add(PieceProblem(f"{at}/turn", "a turn shorthand needs 'moves:', how many moves make a turn"))
    if kind in ("on", "power", "prevent"):
        key = "power" if kind == "power" else "then"
        then = entry.get(key)
        if kind == "power" and not isinstance(entry.get("name"), str):
            problems.add(PieceProblem(at, "a power needs a 'name': the player uses it with the move 'use <name>'"))
        elif kind == "power" and (entry["name"] != entry["name"].strip() or not entry["name"].strip()):
            problems.add(PieceProblem(f"{at}/name", "a power's name may not start or end with a space: the move 'use <name>' is read back without them"))
        for i, action in enumerate(then if isinstance(then, list) else [] if then is None else [then]):
            if not isinstance(action, str) and not (isinstance(action, Mapping) and len(action) == 1):
                where = f"{at}/{key}" + (f"/{i}" if isinstance(then, list) else "")
                problems.add(PieceProblem(where, "an action is one name, with its parameters under it (win: mover)"))
                shaped[key] = []  # its actions are not read one by one: their places would shift
                break
    return shaped


def expanded(entries: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A `rules:` list with every shorthand expanded into pieces."""
    return [piece for entry in entries for piece in vocab.expand(entry)]


__all__ = ["KEYS_OF_KIND", "KINDS", "Program", "PieceError", "PieceProblem", "check", "compile_pieces", "expanded", "family_hooks", "keys_for"]
