"""Rule pieces at play: a game whose ruleset has pieces is a `Ruled` subclass of its family's state.

`ruled(state, program)` gives a game the same state with three methods wrapped:

- `legal_moves` leaves out the moves a constraint forbids (never all of them);
- `apply` refuses a forbidden move, plays the family's move, then runs the triggers on the
  move's events in order and carries out their actions: the family's own actions at once, the
  core's turn actions (extra_turn, skip_next, give_turn) once the turn is over, and an end of
  the game (win, lose, draw) at once, through the family's seams (`State.give_turn`,
  `State.seat_after`, `State.end_by_rule`);
- `copy` (and `determinize`) keep the rule state: turn counters, scores, and how often each
  piece fired (`fired()`, read by `simulate`, `compare` and the playtest for rule coverage).

A ruleset without pieces plays the family's own class, untouched: pieces cost nothing there.
Each firing adds a public `rule_fired` event (the piece's `rule` name and the `seat`), so the log,
the replay and the board show what a house rule did.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Hashable, Mapping
from typing import Any, SupportsIndex, cast
from urllib.parse import quote, unquote

from dataclasses import dataclass

from marblestudio.engine.core import GAME_OVER, TURN_OVER, CoreEvent, Event, EventKind, IllegalMoveError, Move, NotationError, Outcome, State, Termination, turn_over
from marblestudio.engine.pieces.expr import INT, MAX_NUMBER
from marblestudio.engine.pieces.program import Program, compile_pieces
from marblestudio.engine.position import NONE, Fields, Writer, items_text

RULE_FIRED = CoreEvent.RULE_FIRED


class RuleState:
    """What the pieces remember during a game (copied with the state)."""

    __slots__ = ("program", "turn_moves", "in_turn", "turn_of", "extra_for", "moves", "scores", "fired", "used", "forbade", "turn_to", "skips",
                 "missed", "counters", "insert_to", "resume", "inserted", "queued",
                 "inside", "decided", "partner_next", "deferred", "player", "chance_run", "waived", "waived_for", "marks")

    def __init__(self, program: Program, players: int) -> None:
        self.program = program
        self.turn_moves = 0  # moves in the current turn (see vocab.core_names)
        self.in_turn = 0  # ... counting the game's own continuing moves too (a roll's marbles, a drop, a sowing into the store)
        self.turn_of = -1  # the seat whose turn is under way (-1: between turns)
        self.extra_for = -1  # the seat an extra turn was given to
        self.moves = 0
        self.scores = [0] * players
        self.fired = [0] * len(program.pieces)
        self.used: dict[tuple[int, int], int] = {}  # (piece, seat) -> times fired, for `times:`
        self.forbade: tuple[int, ...] = ()  # the constraints that left out moves at this decision
        self.turn_to = -1  # who moves after this turn (extra_turn, give_turn), decided earlier in the turn
        self.skips = 0  # ... and how many seats are skipped then
        self.missed = [0] * players  # per seat: turns it is still to miss (skip_turn)
        self.counters: dict[tuple[str, int], int] = {}  # (name, seat) -> a house rule's own tally (count, set_count)
        self.insert_to = -1  # a seat to take a turn slipped in when this turn ends (insert_turn)
        self.resume = self.inserted = -1  # during a slipped-in turn: the seat play goes back to, and the seat playing it
        self.queued: tuple[int, ...] = ()  # more seats to slip a turn in, one after the other (insert_turn for several)
        self.inside = False  # True while the family plays a move (its own legal_moves calls see no powers)
        self.decided: list[Move] | None = None  # ... and the moves the player chose among, which its check sees
        self.partner_next = False  # partner_turn: the side's extra turn goes to its next partner (engine/partners.py)
        self.deferred: _Effects | None = None  # a prevention's end of game or turn, for the triggers at the end of its move
        self.player = -1  # team play of a two-sided game: the seat that plays the side's turn now (told by engine/partners.py)
        self.chance_run = 0  # chance steps since the last player's move (a rule that deals on every deal never stops: CHANCE_RUN)
        self.waived: tuple[int, ...] = ()  # constraints a `waive` lifted for the rest of a turn, by piece number ...
        self.waived_for = -1  # ... and the seat whose turn it is
        self.marks: dict[tuple[str, int], str] = {}  # (name, seat) -> a house rule's text (mark), what a player named

    def begin_move(self, mover: int) -> None:
        """`mover` is about to decide: the first decision of its turn starts the turn's count (one
        more move when an extra turn was given to it)."""
        self.chance_run = 0
        if self.turn_of != mover:
            self.waived, self.waived_for = (), -1  # a new turn: a limit lifted for the last one applies again
            self.partner_next = False  # a new turn: the team game has handed it on (or there is none)
            self.turn_moves = self.turn_moves + 1 if self.extra_for == mover else 1
            self.in_turn = self.in_turn + 1 if self.extra_for == mover else 1
            self.turn_of = mover
        else:
            self.in_turn += 1

    def idle(self) -> bool:
        """Whether nothing waits for the end of a turn: no turn to give or skip, no turn to miss or
        slip in, no end a prevention decided (a move that fires nothing then only ends the turn)."""
        return self.turn_to < 0 and not self.skips and not self.program.misses_turns and self.deferred is None

    def turn_over(self) -> None:
        """The turn under way is over: the next decision starts a new one (`begin_move`)."""
        self.turn_of = self.extra_for = -1

    def record_firing(self, piece: Any, seat: int) -> None:
        """`piece` fired for `seat`: counted for coverage, and for its `times:` limit."""
        self.fired[piece.index] += 1
        if piece.times is not None:
            self.used[piece.index, seat] = self.used.get((piece.index, seat), 0) + 1

    def quiet(self, moves: int) -> None:
        """`moves` whole turns of one move each were played by a family's fast loop, none of them
        firing a rule (so the count of the last turn's moves is 1, as `apply` would leave it)."""
        if moves:
            self.chance_run = 0
            self.moves += moves
            self.turn_of = self.extra_for = -1
            self.turn_moves = self.in_turn = 1

    def copy(self) -> RuleState:
        new = object.__new__(RuleState)
        new.program = self.program
        new.turn_moves, new.turn_of, new.extra_for, new.moves = self.turn_moves, self.turn_of, self.extra_for, self.moves
        new.in_turn = self.in_turn
        new.scores = self.scores[:]
        new.fired = self.fired[:]
        new.used = dict(self.used)
        new.forbade = self.forbade
        new.turn_to, new.skips = self.turn_to, self.skips
        new.missed = self.missed[:]
        new.counters = dict(self.counters)
        new.insert_to, new.resume, new.inserted, new.queued = self.insert_to, self.resume, self.inserted, self.queued
        new.inside = False
        new.decided = None
        new.partner_next = self.partner_next
        new.deferred = None
        new.player = self.player
        new.chance_run = self.chance_run
        new.waived, new.waived_for = self.waived, self.waived_for
        new.marks = dict(self.marks) if self.marks else {}
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its pieces (plain data): the receiving process compiles them again (cached)."""
        kept = tuple(getattr(self, name) for name in RuleState.__slots__[1:])
        return _rule_state, (self.program.game, self.program.pieces, kept)


def _rule_state(game: str, pieces: Any, kept: tuple[Any, ...]) -> RuleState:
    new = object.__new__(RuleState)
    new.program = compile_pieces(game, pieces)
    for name, value in zip(RuleState.__slots__[1:], kept, strict=True):
        setattr(new, name, value)
    new.inside = False
    new.deferred = None
    return new


@dataclass(frozen=True, slots=True)
class PowerMove(Move):
    """Using a power of the ruleset (`use <name>`): its actions take effect, and the turn goes on."""

    name: str
    index: int
    choice: str = ""
    """What the player named, for a power with `choose:` (a gate's id...); '' for one without."""

    def __str__(self) -> str:
        return f"use {self.name} {self.choice}" if self.choice else f"use {self.name}"


POWER_PREFIX = "use "


class Context:
    """What an expression reads: the state, the rule state, the event or move being judged."""

    __slots__ = ("state", "rules", "event", "move", "mover", "players", "each", "choice", "power")

    def __init__(self, state: State, rules: RuleState, mover: int) -> None:
        self.state = state
        self.rules = rules
        self.mover = mover
        self.players = state.num_players
        self.event: Event | None = None
        self.move: Any = None
        self.each = -1  # an action for a group of seats: the seat it is taken for now (`seat`)
        self.choice: Any = ""  # a power's choice (`choose:`), as its type reads it
        self.power = False  # a power's condition or actions: its user is still to move

    def turn_moves(self) -> int:
        """The number of the move being judged in its turn: for a trigger, the move just made
        (the rule state counts it); for a constraint or a power, the move about to be made."""
        rs = self.rules
        if self.event is not None:
            return rs.turn_moves
        if rs.turn_of == self.mover:  # a turn under way (decisions after a roll)
            return rs.turn_moves
        return rs.turn_moves + 1 if rs.extra_for == self.mover else 1

    def moves_in_turn(self) -> int:
        """As `turn_moves`, counting the game's own continuing moves too (see vocab.core_names)."""
        rs = self.rules
        if self.event is not None or rs.turn_of == self.mover:
            return rs.in_turn + (0 if self.event is not None else 1)
        return rs.in_turn + 1 if rs.extra_for == self.mover else 1

    def player(self) -> int:
        """The seat who plays the mover's turn: in team play of a two-sided game the member of the
        side whose turn it is (the partners tell the rules before each step), else the mover."""
        told = self.rules.player
        return told if told >= 0 and self.mover >= 0 else self.mover

    def team_of(self, seat: int) -> int:
        teams = self.state.ruleset.teams
        return seat if teams is None else teams.team_of(seat)

    def next_to_move(self) -> int:
        """The seat that moves next as the game stands; in a power (whose user is still to move,
        its own move to come), the seat that moves after the user's turn."""
        if self.state.outcome() is not None:
            return -1
        if self.power and self.mover >= 0:
            return self.state.seat_after(self.mover)
        return self.state.to_move

    def won(self, seat: int) -> bool:
        outcome = self.state.outcome()
        return outcome is not None and seat in outcome.winners

    def fired_by_name(self, name: str) -> int:
        names = self.rules.program.names
        return sum(n for piece_name, n in zip(names, self.rules.fired, strict=True) if piece_name == name)


class _Effects:
    """What the triggers of one move decided: the turn's effects go to the rule state (they wait for
    the end of the turn: a die roll's trigger gives its extra turn when the turn is over)."""

    __slots__ = ("rs", "end", "end_turn", "final")

    def __init__(self, rs: RuleState) -> None:
        self.rs = rs
        self.end: Outcome | None = None
        self.end_turn = False
        self.final = False  # `end` came from a trigger on game_over: it replaces the game's own result


def _team(state: State, seat: int) -> tuple[int, ...]:
    teams = state.ruleset.teams
    if teams is None:
        return (seat,)
    return tuple(s for s in range(state.num_players) if teams.team_of(s) == teams.team_of(seat))


def _core_action(state: State, name: str, values: dict[str, Any], mover: int, effects: _Effects, rs: RuleState, rule: str) -> None:
    n = state.num_players
    if name == "extra_turn" or name == "partner_turn":
        if mover >= 0:
            rs.turn_to = mover
            rs.partner_next = rs.partner_next or name == "partner_turn"
    elif name == "give_turn":
        if 0 <= values["seat"] < n:
            rs.turn_to = values["seat"]
    elif name == "skip_next":
        rs.skips += 1
    elif name == "end_turn":
        effects.end_turn = mover >= 0
    elif name == "skip_turn":
        if 0 <= values["seat"] < n:
            rs.missed[values["seat"]] += 1
    elif name == "insert_turn":
        if 0 <= values["seat"] < n:
            seat = values["seat"]
            if rs.insert_to < 0:
                rs.insert_to = seat
            elif seat != rs.insert_to and seat not in rs.queued:  # several seats: each in turn, in the order given
                rs.queued += (seat,)
    elif name == "count" or name == "set_count":
        seat = values["seat"]
        if 0 <= seat < n:
            key = (values["counter"], seat)
            value = rs.counters.get(key, 0) + values["add"] if name == "count" else values["to"]
            value = max(-MAX_NUMBER, min(MAX_NUMBER, value))  # bounded, as every number an expression writes
            if value:
                rs.counters[key] = value
            else:
                rs.counters.pop(key, None)
    elif name == "mark":
        seat = values["seat"]
        if 0 <= seat < n:
            text = str(values["text"])[:MAX_MARK]
            if text:
                rs.marks[(values["name"], seat)] = text
            else:
                rs.marks.pop((values["name"], seat), None)
    elif name == "waive":
        if mover >= 0:
            rs.waived = tuple(sorted({*rs.waived, values["rule"]})) if rs.waived_for == mover else (values["rule"],)
            rs.waived_for = mover
    elif name == "score":
        if 0 <= values["seat"] < n:
            rs.scores[values["seat"]] += values["points"]
    elif effects.end is None:
        if name == "draw":
            effects.end = Outcome(Termination.DRAW, (), f"the rule '{rule}' ended the game in a draw")
        elif 0 <= values["seat"] < n:
            team = _team(state, values["seat"])
            if name == "win":
                effects.end = Outcome(Termination.WIN, team, f"the house rule '{rule}'")
            else:
                others = tuple(s for s in range(n) if s not in team)
                effects.end = Outcome(Termination.WIN if others else Termination.DRAW, others, f"the house rule '{rule}': a loss")


def _take_actions(state: State, ctx: Context, trigger: Any, mover: int, effects: _Effects, events: list[Event]) -> None:
    """A fired trigger's or a used power's actions, in order: a family's own at once (while the game
    goes on, their events to `events`), the core's into `effects` (see `_core_action`)."""
    for action in trigger.actions:
        if action.each is None:
            values = {key: evaluate(ctx) for key, evaluate in action.values}
            _act(state, ctx, action, values, mover, effects, events, trigger.piece.name)
            continue
        key, group = action.each
        values = {} if action.per_seat else {name: evaluate(ctx) for name, evaluate in action.values}
        for seat in seat_group(state, mover, group):
            if action.per_seat:  # the other parameters read `seat`: worked out for this one
                ctx.each = seat
                values = {name: evaluate(ctx) for name, evaluate in action.values}
            _act(state, ctx, action, {**values, key: seat}, mover, effects, events, trigger.piece.name)
        ctx.each = -1


def _act(state: State, ctx: Context, action: Any, values: dict[str, Any], mover: int, effects: _Effects, events: list[Event],
         rule: str) -> None:
    if action.kind.perform is not None:
        if state.outcome() is None:
            action.kind.perform(state, ctx, values, events)
    else:
        _core_action(state, action.kind.name, values, mover, effects, effects.rs, rule)


def seat_group(state: State, mover: int, group: str) -> list[int]:
    """The seats of `group` (`program.SEAT_GROUPS`) for `mover`, in turn order from the mover
    (`State.seats_from`; every seat from the first at the set-up, where the mover is -1)."""
    order = state.seats_from(mover) if mover >= 0 else list(range(state.num_players))
    if group == "everyone":
        return order
    others = order[1:] if mover >= 0 else order
    if group == "others" or mover < 0:
        return others
    team = _team(state, mover)
    return [s for s in others if (s in team) == (group == "partners")]


POWER_MOVE: Mapping[str, Any] = {"kind": "power"}
"""What `move` reads in a trigger on the events of a power's use (`kind` 'power'; its other fields
read as nothing)."""

CHANCE_MOVE: Mapping[str, Any] = {"kind": "chance"}
"""What `move` reads in a trigger on a chance step's events (its other fields read as nothing: see
`expr`, where a field a record lacks reads as 0, '' or false)."""


def _fires(rs: RuleState, trigger: Any, ctx: Context, seat: int) -> bool:
    """Whether `trigger` (or a prevention) fires for `seat` in `ctx`: it has uses left under its
    `times:` (the uses of `seat`, or with `per:` of the seat it names) and its condition holds.  A
    firing is counted (`RuleState.record_firing`)."""
    piece = trigger.piece
    if trigger.per is not None:  # `per:` names whose uses count: a seat, or the rule does not fire
        seat = trigger.per(ctx)
        if not 0 <= seat < len(rs.scores):
            return False
    if _used_up(rs, piece, seat):
        return False
    if trigger.condition is not None and not trigger.condition(ctx):
        return False
    rs.record_firing(piece, seat)
    return True


def fired_event(program: Program, piece: Any, seat: int) -> Event:
    """The public `rule_fired` event of `piece` firing for `seat`: made once per program (events
    are values, shared by every game of these rules)."""
    told = program.fired_events.get((piece.index, seat))
    if told is None:
        told = program.fired_events[piece.index, seat] = Event.of(RULE_FIRED, rule=piece.name, seat=seat)
    return told


MAX_MARK = 40
"""The longest text a mark keeps (a name of a slide, a card, a colour)."""

CHANCE_RUN = 1000
"""Chance steps in a row, without a player's move, after which a game with rule pieces ends as
stopped by the move limit: a rule that deals again on every deal (`on: dealt, then:
hand_in_redeal`) would otherwise never let a player move.  A game by its own rules makes a few in
a row at most (a deal, the gates; a start roll and its re-rolls)."""


def _may_fire(triggers: Mapping[str, tuple[Any, ...]], events: list[Event]) -> bool:
    """Whether a trigger on one of `events` passes its quick test of the event (`Trigger.screen`)."""
    for event in events:
        found = triggers.get(event.kind)
        if found:
            for trigger in found:
                screen = trigger.screen
                if screen is None or screen(event):
                    return True
    return False


def run_triggers(state: State, rs: RuleState, mover: int, events: list[Event], move: Mapping[str, Any] | None = None) -> None:
    """Run the triggers of `rs.program` on a move's `events` (see the module docstring); `move`:
    the move's fields for triggers that read it (`Program.reads_move`)."""
    program = rs.program
    triggers = program.triggers
    ctx: Context | None = None
    effects: _Effects | None = rs.deferred  # made when a trigger fires (or by a prevention earlier in the move)
    rs.deferred = None
    added: list[Event] = []
    turn_ended = -1
    for event in events:  # the actions add theirs to `added`, not here
        kind = event.kind
        if kind == TURN_OVER:
            turn_ended = event.get("seat", mover)
        found = triggers.get(kind)
        if not found:
            continue
        for trigger in found:
            screen = trigger.screen
            if screen is not None and not screen(event):  # the event alone rules it out (most events)
                continue
            if ctx is None:
                ctx = Context(state, rs, mover)
                ctx.move = move
            ctx.event = event
            if not _fires(rs, trigger, ctx, mover):
                continue
            piece = trigger.piece
            added.append(fired_event(program, piece, mover))
            if effects is None:
                effects = _Effects(rs)
            ended = effects.end
            _take_actions(state, ctx, trigger, mover, effects, added)
            if kind == GAME_OVER and ended is None and effects.end is not None:
                effects.final = True
    if turn_ended >= 0:
        rs.turn_over()
    if added or (effects is not None and effects.end is not None):
        tail: list[Event] = []
        if events and events[-1].kind == GAME_OVER:
            tail.append(events.pop())
        events.extend(e for e in added if e.kind != GAME_OVER)
        tail.extend(e for e in added if e.kind == GAME_OVER)  # a family's action (lose_life) ended the game: still last
        if effects is not None and effects.end is not None and state.outcome() is None:
            if turn_ended < 0 and mover >= 0:  # a rule ended the game within a turn: the turn ends first, as always
                events.append(turn_over(mover))
            state.end_by_rule(effects.end, events)
        elif effects is not None and effects.end is not None and effects.final and tail:  # a rule on game_over:
            tail = [e for e in tail if e.kind != GAME_OVER]  # its result replaces the game's own
            state.end_by_rule(effects.end, tail)
        events.extend(tail)
    if effects is not None and effects.end_turn and state.outcome() is None:
        before = len(events)
        if _end_turn(state, rs, mover, turn_ended, events) >= 0 and turn_ended < 0:
            _run_ending(state, rs, mover, events, before, move)  # the turn it ended: its turn_over goes through the triggers
            return
    if rs.turn_to < 0 and not rs.skips and not (rs.program.misses_turns and (any(rs.missed) or rs.insert_to >= 0 or rs.resume >= 0)):
        return  # nothing waits (most moves)
    between_turns = turn_ended < 0 and rs.turn_of < 0 and state.outcome() is None and state.to_move >= 0
    if turn_ended >= 0 or between_turns:  # between turns: a set-up step chose who starts
        if rs.resume >= 0 and turn_ended == rs.inserted:  # a slipped-in turn is over: the next one, or back
            _after_slipped_in(state, rs)
        if state.outcome() is None and state.to_move < 0:  # a chance step comes first (a reshuffle, a deal): they wait for it
            if state.between_rounds():  # ... unless the round is over: its turns end with it
                rs.turn_to, rs.skips = -1, 0
            elif rs.turn_to == turn_ended >= 0:
                rs.extra_for = turn_ended
            return
        turn_to, skips = rs.turn_to, rs.skips
        rs.turn_to, rs.skips = -1, 0
        if state.outcome() is None:
            if turn_to >= 0 and state.give_turn(turn_to) and turn_to == turn_ended >= 0:
                rs.extra_for = turn_ended
            for _ in range(skips):
                upcoming = state.to_move
                if upcoming >= 0:
                    state.give_turn(state.seat_after(upcoming))
            for _ in range(state.num_players):  # a seat to miss its turn: play passes over it
                upcoming = state.to_move
                if upcoming < 0 or not rs.missed[upcoming]:
                    break
                after = state.seat_after(upcoming)
                if after == upcoming or not state.give_turn(after):
                    break
                rs.missed[upcoming] -= 1
            if rs.insert_to >= 0:  # a turn slipped in: the seat plays now, then play goes back
                seats = [rs.insert_to, *rs.queued]
                rs.insert_to, rs.queued = -1, ()
                upcoming = state.to_move
                seats = [seat for seat in seats if seat != upcoming]  # the seat to move anyway needs none
                if upcoming >= 0 and seats and rs.resume < 0 and state.give_turn(seats[0]):
                    rs.resume, rs.inserted, rs.queued = upcoming, seats[0], tuple(seats[1:])


def _after_slipped_in(state: State, rs: RuleState) -> None:
    """A slipped-in turn is over: the next seat waiting for one plays (when it can), else play goes
    back to the seat that would have moved before them."""
    while rs.queued and state.outcome() is None and state.to_move >= 0:
        seat, rs.queued = rs.queued[0], rs.queued[1:]
        if seat != rs.resume and state.give_turn(seat):
            rs.inserted = seat
            return
    resume, rs.resume, rs.inserted, rs.queued = rs.resume, -1, -1, ()
    if state.outcome() is None and state.to_move >= 0:
        state.give_turn(resume)


def _run_ending(state: State, rs: RuleState, mover: int, events: list[Event], start: int,
                move: Mapping[str, Any] | None = None) -> None:
    """The events a rule's `end_turn` added to `events` (from `start`: the turn's end, maybe the
    game's) run through the triggers as a move's do (reading the same `move`): a rule on turn_over
    sees the turn end, and a turn given, skipped or missed takes effect."""
    ended = events[start:]
    del events[start:]
    run_triggers(state, rs, mover, ended, move)
    events.extend(ended)


def _end_turn(state: State, rs: RuleState, mover: int, turn_ended: int, events: list[Event]) -> int:
    """A rule's `end_turn` after `mover`'s move: an extra turn given to the mover is taken back,
    and a turn that would go on (the seat to move is still the mover) ends as the family ends a
    turn (`State.end_turn`), with a `turn_over` event.  The seat whose turn ended (`turn_ended`)."""
    if rs.turn_to == mover:
        rs.turn_to = -1
    if turn_ended < 0 and state.to_move == mover:
        ended: list[Event] = []
        if state.end_turn(ended):
            if not any(e.kind == TURN_OVER for e in ended):
                ended.insert(0, turn_over(mover))
            events.extend(ended)
            rs.turn_over()
            return mover
    return turn_ended


class Ruled(State):
    """The methods a family's state gets when its ruleset has pieces (mixed in by `ruled`)."""

    __slots__ = ()
    rule_state: RuleState
    story: bool  # a family's with `story_kinds`: whether `apply` tells the board's story

    def position_key(self) -> Hashable | None:
        """The family's key and what the pieces remember that the game goes on from: a turn given
        or skipped that waits for the end of the turn, the counts of the turn's moves, and of the
        rest what the rules can read or act on (`Program.key_parts`): the game's moves, scores, counters,
        missed turns, firings and uses (None when the family gives no key)."""
        base: Any = super()
        key = base.position_key()
        if key is None:
            return None
        rs = self.rule_state
        out = [key, rs.turn_of, rs.extra_for, rs.turn_to, rs.skips, rs.turn_moves, rs.in_turn, rs.partner_next]
        for part in rs.program.key_parts:
            out.append(_KEY_PARTS[part](rs))
        return tuple(out)

    def result_key(self, move: Move) -> Hashable | None:
        """None: the rules' triggers may tell apart moves that leave the same board (a rolled
        path from a lifted marble), so every move is tried."""
        return None

    def position(self) -> str:
        """The family's position and what the pieces remember (`read_rule_position` reads it)."""
        base: Any = super()
        return f"{base.position()} {rule_position(self.rule_state)}"

    def play(self, move: Move) -> None:
        """As `apply`, for search: the rules' triggers read the events.  A step that can produce
        no event a trigger listens to (the family's `quiet_steps`) is played without building
        them, and the rule state is kept as `apply` keeps it: the mover's count of turns and
        moves, and at the end of a turn the extra turn or skip the turn's triggers decided.  Else
        the family's story events (`story_kinds`) are left out when no trigger listens to them."""
        program = self.rule_state.program
        kinds = self.quiet_steps.get(type(move))
        if (kinds is not None and not program.constraints and not program.reads_move and not program.prevents
                and kinds.isdisjoint(program.triggers)):
            self._play_quietly(move)
        elif self.story_kinds and self.story_kinds.isdisjoint(program.triggers):
            told, self.story = self.story, False
            try:
                self.apply(move)
            finally:
                self.story = told
        else:
            self.apply(move)

    def _play_quietly(self, move: Move) -> None:
        """`move` by the family without its events, none of which a trigger listens to; the rule
        state kept as `apply` keeps it (run_triggers then only ends the turn: a turn_over event is
        all it reads)."""
        mover = self.to_move if self.outcome() is None else -1
        ended = self.play_quietly(move)
        rs = self.rule_state
        if mover >= 0:
            rs.begin_move(mover)
            rs.moves += 1
        elif move.is_chance:
            self._chance_step([])
        if rs.idle():
            if ended < 0:
                return  # no event: nothing for the rules to do
            if TURN_OVER not in rs.program.triggers:  # the turn ended, and no rule listens: as `run_triggers` ends it
                rs.turn_over()
                return
        events = [turn_over(ended)] if ended >= 0 else []
        run_triggers(self, rs, mover if mover >= 0 else _chance_actor(self, rs), events)

    def after_fast_move(self, mover: int, events: list[Event]) -> None:
        """A family's `hooked_playout` (or `play`, quietly) played `mover`'s move itself: the rules' triggers read
        `events` and keep their counts, as after `apply`.  `events` are the move's, in `apply`'s
        order, or only some of them: every event of a kind a trigger listens to must be there, and
        the closing ones (`turn_over`, `game_over`) always."""
        self._after_move(mover, events, False)

    def after_quiet_move(self, mover: int, events: list[Event]) -> None:
        """`after_fast_move` for a move whose events no trigger can take (the caller knows: none
        of a kind a trigger listens to, or `may_fire` said no of them): the rules only count it,
        unless a turn given or skipped waits for the turn's end."""
        self._after_move(mover, events, True)

    def _after_move(self, mover: int, events: list[Event], untaken: bool) -> None:
        rs = self.rule_state
        rs.begin_move(mover)
        rs.moves += 1
        if rs.idle() and (untaken or not _may_fire(rs.program.triggers, events)):  # only the turn's count changes, as `run_triggers` changes it
            for event in events:  # a loop, not any(): this runs on every move of a fast playout
                if event.kind == TURN_OVER:
                    rs.turn_over()
                    break
            return
        run_triggers(self, rs, mover, events)

    def may_fire(self, events: list[Event]) -> bool:
        """Whether a trigger on one of `events` passes its quick test of the event alone (which reads
        nothing else: a fast loop may remember the answer for the same event)."""
        return _may_fire(self.rule_state.program.triggers, events)

    def after_fast_chance(self, events: list[Event]) -> None:
        """A family's `hooked_playout` played a chance step itself: the rules' triggers read its
        `events` (every event of a kind a trigger listens to), and the step is counted, as after
        `apply`."""
        rs = self.rule_state
        if not rs.idle() or _may_fire(rs.program.triggers, events):  # else (most rolls) nothing fires, nothing waits
            run_triggers(self, rs, _chance_actor(self, rs), events)
        self._chance_step(events)

    def listens(self, kind: str) -> bool:
        return kind in self.rule_state.program.triggers

    def prevented(self, what: str, seat: int, fields: Mapping[str, Any], events: list[Event] | None) -> bool:
        """The first `prevent: what` piece whose condition holds (and whose `times:` are not used
        up for `seat`) stops it: counted, and told as `rule_fired` where it stopped it."""
        rs = self.rule_state
        found = rs.program.prevents.get(what)
        if not found:
            return False
        ctx = Context(self, rs, seat)
        ctx.event = Event.of(cast(EventKind, what), **fields)  # what would happen, read as an event
        for prevention in found:
            if _fires(rs, prevention, ctx, seat):
                if events is not None:
                    events.append(fired_event(rs.program, prevention.piece, seat))
                if prevention.actions:  # its `then:`: turns, points and counters at once, an end with the move's triggers
                    effects = rs.deferred if rs.deferred is not None else _Effects(rs)
                    _take_actions(self, ctx, prevention, seat, effects, [])
                    if effects.end is not None or effects.end_turn:
                        rs.deferred = effects
                return True
        return False

    def legal_moves(self) -> list[Move]:
        moves = self._family_moves()
        rs = self.rule_state
        if rs.program.powers and not rs.inside and self.to_move >= 0 and self.outcome() is None:  # never at a chance step
            moves = moves + _powers_now(self, rs)
        return moves

    def _family_moves(self) -> list[Move]:
        """The family's legal moves, less those a constraint forbids.  When they forbid them all,
        the player uses a power if one is left, else makes the game's own move for having no legal
        move (`State.no_move`: a pass, ALIVE's flip); in a game without one, they forbid none."""
        rs = self.rule_state
        if rs.decided is not None:  # the family checks the move being played: against the moves the player had
            return rs.decided
        base: Any = super()
        moves: list[Move] = base.legal_moves()
        if not rs.program.constraints or not moves:
            return moves
        kept = []
        forbade: set[int] = set()
        judge = _judge(self, rs)
        for m in moves:
            piece = judge(m)
            if piece is None:
                kept.append(m)
            else:
                forbade.add(piece.index)
        if not kept:
            if rs.program.powers and not rs.inside and self.to_move >= 0 and _powers_now(self, rs):
                rs.forbade = tuple(sorted(forbade))
                return []  # every move forbidden, but a power is left: the player uses it
            fallback = self.no_move()
            if fallback is not None:  # as a player with no legal move: a pass, ALIVE's flip
                rs.forbade = tuple(sorted(forbade))
                return [fallback]
            rs.forbade = ()
            return moves
        rs.forbade = tuple(sorted(forbade))  # counted as fired when the decision is made (apply)
        return kept

    def apply(self, move: Move) -> list[Event]:
        rs = self.rule_state
        mover = self.to_move if self.outcome() is None else -1
        if type(move) is PowerMove:
            return _use_power(self, rs, mover, move)
        decided = None
        if mover >= 0 and rs.program.constraints and not move.is_chance:
            # before the move starts the turn's count, which a constraint may read
            decided = self._family_moves()
            piece = _forbidding(self, rs, move)
            if piece is not None and move not in decided:  # left out (a constraint never leaves out all)
                raise IllegalMoveError(move, f"the rule '{piece.name}' forbids it" + (f": {piece.because}" if piece.because else ""))
        if mover >= 0:
            rs.begin_move(mover)
        fields = None
        if rs.program.reads_move:  # described before the move changes the game
            describe = rs.program.hooks.move_fields
            fields = CHANCE_MOVE if move.is_chance or describe is None else describe(self, move)
        base: Any = super()
        rs.inside, rs.decided = True, decided
        try:
            events: list[Event] = base.apply(move)
        finally:
            rs.inside, rs.decided = False, None
        if mover >= 0:
            rs.moves += 1
            if rs.forbade:
                for index in rs.forbade:
                    rs.fired[index] += 1
                rs.forbade = ()
        run_triggers(self, rs, mover if mover >= 0 else _chance_actor(self, rs), events, fields)
        if mover < 0 and move.is_chance:
            self._chance_step(events)
        return events

    def _chance_step(self, events: list[Event]) -> None:
        """A chance step was played: counted, and a game whose rules keep making them without a
        player's move ends (`CHANCE_RUN`), told in `events`."""
        rs = self.rule_state
        rs.chance_run += 1
        if rs.chance_run >= CHANCE_RUN and self.outcome() is None:
            self.end_by_rule(Outcome(Termination.CAPPED, (), f"no player could move: the rules made {CHANCE_RUN} chance steps "
                                                              "in a row (a rule that deals, rolls or shuffles again each time)"), events)

    def __reduce_ex__(self, protocol: SupportsIndex) -> tuple[Any, ...]:
        """Pickled as the family's own state and the rule state (the `Ruled` class is made at run time,
        so pickle could not find it by name): worker processes send states across."""
        family: Any = object.__new__(type(self).__bases__[1])
        for klass in type(self).__mro__:
            for name in klass.__dict__.get("__slots__", ()):
                if name != "rule_state" and hasattr(self, name):
                    setattr(family, name, getattr(self, name))
        if hasattr(self, "__dict__"):
            family.__dict__.update((k, v) for k, v in self.__dict__.items() if k != "rule_state")
        return _unpickle, (family, self.rule_state)

    def copy(self) -> State:
        base: Any = super()
        new = cast(Ruled, base.copy())
        new.rule_state = self.rule_state.copy()
        return new

    def determinize(self, seat: int, rng: random.Random) -> State:
        new = super().determinize(seat, rng)
        if not isinstance(new, Ruled):
            new = _adopt(new, type(self))
        new.rule_state = self.rule_state.copy()
        return new

    def random_move(self, rng: random.Random) -> Move:
        """The family's own draw, unless a constraint or a power changes which moves are legal:
        then a pick from these rules' `legal_moves()`."""
        program = self.rule_state.program
        if program.constraints or program.powers:
            return State.random_move(self, rng)
        base: Any = super()
        move: Move = base.random_move(rng)
        return move

    def random_playout(self, rng: random.Random, max_steps: int = 1_000_000) -> int:
        """The family's hooked fast loop when it has one (`hooked_playout(rng, max_steps, listened,
        quiet)`: it plays the moves that fire no rule itself and the others through `apply`), else
        legal_moves + apply.  Constraints and powers change which moves are legal: those games
        always take legal_moves + apply."""
        rs = self.rule_state
        hooked = getattr(self, "hooked_playout", None)
        if hooked is not None and self._hookable():
            played = hooked(rng, max_steps, set(rs.program.triggers), rs.quiet)
            if played is not None:
                return int(played)
        return State.random_playout(self, rng, max_steps)

    def _hookable(self) -> bool:
        """Whether a family's hooked fast loop may play these rules: no constraint or power (they
        change which moves are legal), nothing that reads the move, misses turns or prevents, no
        trigger on the game's end (the fast loops tell no game's end, nor ask what rules prevent)."""
        program = self.rule_state.program
        return not (program.constraints or program.powers or program.reads_move or program.misses_turns or program.prevents
                    or GAME_OVER in program.triggers)

    def random_game(self, rng: random.Random, moves: list[Move]) -> int | None:
        """The family's hooked loop that records its moves (`hooked_game(rng, listened, moves)`),
        when it has one and may play these rules (see `random_playout`), else None."""
        game = getattr(self, "hooked_game", None)
        if game is None or not self._hookable():
            return None
        played = game(rng, set(self.rule_state.program.triggers), moves)
        return None if played is None else int(played)

    def parse_move(self, text: str) -> Move:
        if text.startswith(POWER_PREFIX):
            name = " ".join(text[len(POWER_PREFIX):].split())
            for power in sorted(self.rule_state.program.powers, key=lambda p: -len(p.piece.name)):  # the longest name first
                piece = power.piece
                if name == piece.name:
                    return PowerMove(name, piece.index)
                if piece.choose is not None and name.startswith(piece.name + " "):
                    return PowerMove(piece.name, piece.index, name[len(piece.name) + 1:])
            known = ", ".join(f"'use {p.piece.name}'" for p in self.rule_state.program.powers) or "none"
            raise NotationError(f"there is no power {name!r} in these rules (powers: {known})")
        base: Any = super()
        move: Move = base.parse_move(text)
        return move

    def fired(self) -> dict[str, int]:
        """How often each piece fired this game, by name (in `rules:` order)."""
        out: dict[str, int] = {}
        for name, count in zip(self.rule_state.program.names, self.rule_state.fired, strict=True):
            out[name] = out.get(name, 0) + count
        return out


    def powers(self) -> list[tuple[str, bool, str]]:
        """Every power of the rules for the seat to move: (name, usable now, what it does or why not)."""
        rs, seat = self.rule_state, self.to_move
        out = []
        for power in rs.program.powers:
            piece = power.piece
            why = "it is not a player's turn" if seat < 0 or self.outcome() is not None else _power_ready(self, rs, power, seat)
            what = piece.says or ", ".join(a.name.replace("_", " ") for a in piece.actions)
            out.append((piece.name, why is None, f"use {piece.name}: {what}" if why is None else why))
        return out

    def power_choices(self, name: str) -> tuple[str, list[tuple[str, str]]]:
        """For the power `name` with `choose:`, what it chooses ('gate') and the options the seat
        to move may name now, each with how the game describes it on the board now ('' if it
        does not); ('', []) for a power without a choice (or no such power)."""
        rs, seat = self.rule_state, self.to_move
        for power in rs.program.powers:
            piece = power.piece
            if piece.name == name and piece.choose is not None:
                usable = seat >= 0 and self.outcome() is None and _power_ready(self, rs, power, seat) is None
                options = power_options(self, rs, power, seat) if usable else []
                describe = rs.program.hooks.choices[piece.choose].describe
                return piece.choose, [(o, describe(self, o) if describe is not None else "") for o in options]
        return "", []


def rules_of(state: State) -> Ruled | None:
    """The game whose rule pieces run: `state` itself, or the two-sided game that partners play
    (`engine.partners`, whose rules think in sides); None when the ruleset has no pieces."""
    inner = getattr(state, "inner", None)  # Partners wraps the family's game
    if isinstance(inner, Ruled):
        return inner
    return state if isinstance(state, Ruled) else None


def _chance_actor(state: State, rs: RuleState) -> int:
    """Who a chance step acts for: the seat whose turn it is (a die roll), else, between turns (a
    deal, a reshuffle), the seat that moves next; -1 at the set-up, before any player has moved
    (nobody made the slides' set-up drop a marble), and once the game is over."""
    if rs.turn_of >= 0:
        return rs.turn_of
    if rs.moves and state.outcome() is None and state.to_move >= 0:
        return state.to_move
    return -1


def _used_up(rs: RuleState, piece: Any, seat: int) -> bool:
    """Whether `seat` has used `piece` as many times as its `times:` allows."""
    return piece.times is not None and rs.used.get((piece.index, seat), 0) >= piece.times


def _power_ready(state: State, rs: RuleState, power: Any, seat: int, choice: str | None = None) -> str | None:
    """Why `seat` may not use `power` now (with `choice`, for a power with `choose:`; None: with any
    of its options), or None."""
    piece = power.piece
    if _used_up(rs, piece, seat):
        return f"the power '{piece.name}' is used up ({piece.times} a game)"
    if piece.choose is not None:
        options = power_options(state, rs, power, seat)
        if choice is None:
            return None if options else f"the power '{piece.name}' has no {piece.choose} to choose now"
        if choice not in options:
            known = ", ".join(options) or "none now"
            return f"'{choice}' is not a {piece.choose} the power '{piece.name}' may choose now (it may: {known})"
        return None
    if power.condition is not None:
        ctx = Context(state, rs, seat)
        ctx.power = True
        if not power.condition(ctx):
            return f"the power '{piece.name}' may not be used now (its condition does not hold)"
    return None


def power_options(state: State, rs: RuleState, power: Any, seat: int) -> list[str]:
    """The options of a power with `choose:` that `seat` may name now: the game's, in its order,
    for which the power's `if:` holds."""
    piece = power.piece
    choice = rs.program.hooks.choices[piece.choose]
    options = list(choice.options(state))
    if power.condition is None:
        return options
    ctx = Context(state, rs, seat)
    ctx.power = True
    kept = []
    for option in options:
        ctx.choice = _choice_value(choice.type, option)
        if power.condition(ctx):
            kept.append(option)
    return kept


def _choice_value(kind: str, option: str) -> Any:
    """An option's text as `choice` reads it (a number for a choice of numbers)."""
    return int(option) if kind == INT else option


def _powers_now(state: State, rs: RuleState) -> list[Move]:
    seat = state.to_move
    out: list[Move] = []
    for power in rs.program.powers:
        piece = power.piece
        if piece.choose is None:
            if _power_ready(state, rs, power, seat) is None:
                out.append(PowerMove(piece.name, piece.index))
        elif not _used_up(rs, piece, seat):
            out.extend(PowerMove(piece.name, piece.index, option) for option in power_options(state, rs, power, seat))
    return out


def _use_power(state: Ruled, rs: RuleState, mover: int, move: PowerMove) -> list[Event]:
    """Use a power: its actions take effect at once (turn actions when the turn ends); no turn ends."""
    power = next((p for p in rs.program.powers if p.piece.index == move.index and p.piece.name == move.name), None)
    if power is None:
        raise IllegalMoveError(move, f"there is no power '{move.name}' in these rules")
    if mover < 0:
        raise IllegalMoveError(move, "the game is over" if state.outcome() is not None else "it is chance's turn, not a player's")
    if power.piece.choose is not None and not move.choice:
        raise IllegalMoveError(move, f"the power '{move.name}' needs a {power.piece.choose}: 'use {move.name} <{power.piece.choose}>'")
    if power.piece.choose is None and move.choice:
        raise IllegalMoveError(move, f"the power '{move.name}' takes no choice: 'use {move.name}'")
    why = _power_ready(state, rs, power, mover, move.choice if power.piece.choose is not None else None)
    if why is not None:
        raise IllegalMoveError(move, why)
    rs.begin_move(mover)
    piece = power.piece
    rs.record_firing(piece, mover)  # a power always has `times` (1 by default)
    rs.moves += 1
    events = [Event.of(RULE_FIRED, rule=piece.name, seat=mover, power=True)]
    effects = _Effects(rs)
    ctx = Context(state, rs, mover)
    ctx.power = True
    if power.piece.choose is not None:
        ctx.choice = _choice_value(rs.program.hooks.choices[power.piece.choose].type, move.choice)
    _take_actions(state, ctx, power, mover, effects, events)
    if effects.end is not None and state.outcome() is None:
        state.end_by_rule(effects.end, events)
    if effects.end_turn and state.outcome() is None:  # a power that ends the turn (declining the rest of it)
        before = len(events)
        if _end_turn(state, rs, mover, -1, events) >= 0:
            _run_ending(state, rs, mover, events, before, POWER_MOVE)
    return events


def _forbidding(state: Ruled, rs: RuleState, move: Move) -> Any:
    """The first constraint that forbids `move`, or None."""
    return _judge(state, rs)(move)


def _judge(state: Ruled, rs: RuleState) -> Callable[[Move], Any]:
    """For the position as it is: the first constraint that forbids a move, or None.  One
    context serves every move of a listing (a roll step of Rock Me Archimedes lists a hundred)."""
    describe = rs.program.hooks.move_fields
    assert describe is not None  # checked when the program was built
    seat = state.to_move
    ctx = Context(state, rs, seat)
    waived = rs.waived if rs.waived_for == seat and rs.turn_of == seat else ()  # lifted for this turn (`waive`)
    constraints = [c for c in rs.program.constraints if c.piece.index not in waived]

    def first(move: Move) -> Any:
        ctx.move = describe(state, move)
        for constraint in constraints:
            if constraint.test(ctx):
                return constraint.piece
        return None

    return first


_KEY_PARTS: dict[str, Callable[[RuleState], Any]] = {
    "moves": lambda rs: rs.moves,
    "scores": lambda rs: tuple(rs.scores),
    "counters": lambda rs: tuple(sorted(rs.counters.items())),
    "missed": lambda rs: (tuple(rs.missed), rs.insert_to, rs.resume, rs.inserted, rs.queued),
    "fired": lambda rs: tuple(rs.fired),
    "used": lambda rs: tuple(sorted(rs.used.items())),
    "waived": lambda rs: (rs.waived, rs.waived_for),
    "marks": lambda rs: tuple(sorted(rs.marks.items())),
}
"""How `Ruled.position_key` reads each part a program's key holds (`Program.key_parts`)."""


@functools.cache
def ruled_class(base: type[State]) -> type[State]:
    """The `Ruled` subclass of a family's state class (one per class)."""
    slots = ("rule_state",) if "__slots__" in base.__dict__ or any("__slots__" in k.__dict__ for k in base.__mro__[:-1]) else ()
    return type(f"Ruled{base.__name__}", (Ruled, base), {"__slots__": slots, "__module__": base.__module__})


def _adopt(state: State, cls: type[State]) -> Ruled:
    """The same game as an instance of `cls` (a `Ruled` subclass of its class)."""
    new = object.__new__(cls)
    for klass in type(state).__mro__:
        for name in klass.__dict__.get("__slots__", ()):
            if hasattr(state, name):
                setattr(new, name, getattr(state, name))
    if hasattr(state, "__dict__"):
        new.__dict__.update(state.__dict__)
    return cast(Ruled, new)


def _unpickle(family: State, rule_state: RuleState) -> State:
    new = _adopt(family, ruled_class(type(family)))
    new.rule_state = rule_state
    return new


def rule_position(rs: RuleState) -> str:
    """The fields of what the pieces remember: ``rule-turn=TURN_MOVES,TURN_OF,EXTRA_FOR,TURN_TO,SKIPS,IN_TURN``
    (seats as numbers, -1 for none; a position of five numbers, written before IN_TURN, reads it as TURN_MOVES), ``rule-moves=`` (decisions made), ``scores=`` (per seat),
    ``rule-partner=1`` (a partner_turn given: the side's partner plays its extra turn), ``rule-queue=SEAT,...``
    (more seats waiting to slip a turn in, after the one of ``rule-insert``) and
    ``used=PIECE.SEAT.TIMES,...`` (powers and triggers with a `times:` limit, by piece number)."""
    out = Writer("", len(rs.scores))
    out.add("rule-turn", ",".join(str(v) for v in (rs.turn_moves, rs.turn_of, rs.extra_for, rs.turn_to, rs.skips, rs.in_turn)))
    out.add("rule-moves", rs.moves).seats("scores", rs.scores)
    if any(rs.missed):
        out.seats("missed", rs.missed)
    if rs.insert_to >= 0 or rs.resume >= 0:
        out.add("rule-insert", f"{rs.insert_to},{rs.resume},{rs.inserted}")
    if rs.queued:
        out.add("rule-queue", ",".join(map(str, rs.queued)))
    if rs.partner_next:
        out.add("rule-partner", 1)
    if rs.chance_run:
        out.add("rule-chance", rs.chance_run)
    if rs.waived:
        out.add("rule-waived", f"{rs.waived_for}:" + ",".join(map(str, rs.waived)))
    if rs.marks:
        out.add("marks", items_text(f"{name}.{seat}.{quote(text, safe='')}" for (name, seat), text in sorted(rs.marks.items())))
    if rs.counters:
        out.add("counters", items_text(f"{name}.{seat}.{value}" for (name, seat), value in sorted(rs.counters.items())))
    out.add("used", items_text(f"{piece}.{seat}.{times}" for (piece, seat), times in sorted(rs.used.items())))
    return " ".join(out.parts[2:])


def read_rule_position(state: State, fields: Fields) -> None:
    """Read `rule_position`'s fields into the rule state of `state` (a `Ruled` game)."""
    rs = cast(Ruled, state).rule_state
    n = fields.players
    raw = fields.text("rule-turn", "0,-1,-1,-1,0,0")
    parts = fields.items("rule-turn", raw)
    if len(parts) not in (5, 6):
        raise fields.error("rule-turn", f"'{raw}' is not six numbers: turn moves, turn of, extra turn for, turn to, skips, "
                                        "moves in the turn")
    numbers = [fields.convert("rule-turn", p, int, "a whole number") for p in parts]
    for value in numbers[1:4]:
        fields.bounded("rule-turn", value, -1, n - 1)
    rs.turn_moves, rs.turn_of, rs.extra_for, rs.turn_to, rs.skips = numbers[:5]
    rs.in_turn = numbers[5] if len(numbers) == 6 else rs.turn_moves  # a position written before moves_in_turn
    rs.moves = fields.int("rule-moves", 0, lo=0)
    rs.scores = fields.seat_ints("scores", 0)
    rs.missed = fields.seat_ints("missed", 0, lo=0)
    parts = fields.items("rule-insert", fields.text("rule-insert", "-1,-1,-1"))
    if len(parts) != 3:
        raise fields.error("rule-insert", "not three seats: the seat to slip a turn in, the seat play goes back to, the seat playing it")
    rs.insert_to, rs.resume, rs.inserted = (fields.bounded("rule-insert", fields.convert("rule-insert", x, int, "a whole number"), -1, n - 1)
                                            for x in parts)
    rs.partner_next = fields.int("rule-partner", 0, lo=0, hi=1) == 1
    rs.chance_run = fields.int("rule-chance", 0, lo=0, hi=CHANCE_RUN)
    rs.marks = {}
    for item in fields.items("marks", default=NONE):
        name, dot, rest = item.partition(".")
        who, dot2, text = rest.partition(".")
        seat = fields.convert("marks", who, int, "a whole number") if dot and dot2 else -1
        if not name or not 0 <= seat < n or not text:
            raise fields.error("marks", f"'{item}' is not NAME.SEAT.TEXT (the text written as in a web address)")
        rs.marks[name, seat] = unquote(text)[:MAX_MARK]
    waived = fields.text("rule-waived", NONE)
    rs.waived, rs.waived_for = (), -1
    if waived != NONE:
        who, _, listed = waived.partition(":")
        rs.waived_for = fields.bounded("rule-waived", fields.convert("rule-waived", who, int, "a whole number"), 0, n - 1)
        rs.waived = tuple(sorted({fields.bounded("rule-waived", fields.convert("rule-waived", p, int, "a whole number"), 0,
                                                 len(rs.program.pieces) - 1) for p in listed.split(",") if p}))
        if not rs.waived or any(not rs.program.pieces[i].is_constraint for i in rs.waived):
            raise fields.error("rule-waived", f"'{waived}' is not SEAT:RULE,... naming constraints (forbid: rules) of these rules")
    rs.queued = tuple(fields.bounded("rule-queue", fields.convert("rule-queue", x, int, "a whole number"), 0, n - 1)
                      for x in fields.items("rule-queue", default=NONE))
    rs.counters = {}
    for item in fields.items("counters", default=NONE):
        parts = item.split(".")
        if len(parts) != 3 or not parts[0]:
            raise fields.error("counters", f"'{item}' is not NAME.SEAT.VALUE")
        seat, value = (fields.convert("counters", p, int, "a whole number") for p in parts[1:])
        if not 0 <= seat < n:
            raise fields.error("counters", f"'{item}': no seat {seat}")
        rs.counters[parts[0], seat] = value
    rs.used = {}
    for item in fields.items("used", default=NONE):
        piece, seat, times = (fields.convert("used", p, int, "a whole number") for p in _three(fields, item))
        if not 0 <= piece < len(rs.program.pieces) or not 0 <= seat < n or times < 1:
            raise fields.error("used", f"'{item}': no rule {piece} of these rules, or no seat {seat}")
        rs.used[piece, seat] = times


def _three(fields: Fields, item: str) -> list[str]:
    parts = item.split(".")
    if len(parts) != 3:
        raise fields.error("used", f"'{item}' is not PIECE.SEAT.TIMES")
    return parts


def ruled(state: State, program: Program) -> State:
    """`state` playing by the pieces of `program` (see the module docstring)."""
    new = _adopt(state, ruled_class(type(state)))
    new.rule_state = RuleState(program, state.num_players)
    return new


__all__ = ["read_rule_position", "rule_position", "rules_of", "POWER_PREFIX", "RULE_FIRED", "Context", "PowerMove", "RuleState", "Ruled", "ruled", "ruled_class", "run_triggers"]
