"""The triggers at play: a move's events run through the pieces' triggers, whose actions are carried out.

A family's own actions take effect at once; the core's turn actions (extra_turn, skip_next,
give_turn, insert_turn...) wait in the rule state for the end of the turn, and an end of the
game (win, lose, draw) comes at once, through the family's seams (`State.give_turn`,
`State.seat_after`, `State.end_by_rule`).  Each firing adds a public `rule_fired` event.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marblestudio.engine.core import GAME_OVER, TURN_OVER, CoreEvent, Event, Outcome, State, Termination, turn_over
from marblestudio.engine.pieces.context import Context
from marblestudio.engine.pieces.expr import MAX_NUMBER
from marblestudio.engine.pieces.program import Program
from marblestudio.engine.pieces.rule_state import MAX_MARK, Effects, RuleState

RULE_FIRED = CoreEvent.RULE_FIRED

def _team(state: State, seat: int) -> tuple[int, ...]:
    teams = state.ruleset.teams
    if teams is None:
        return (seat,)
    return tuple(s for s in range(state.num_players) if teams.team_of(s) == teams.team_of(seat))


def _core_action(state: State, name: str, values: dict[str, Any], mover: int, effects: Effects, rs: RuleState, rule: str) -> None:
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


def take_actions(state: State, ctx: Context, trigger: Any, mover: int, effects: Effects, events: list[Event]) -> None:
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


def _act(state: State, ctx: Context, action: Any, values: dict[str, Any], mover: int, effects: Effects, events: list[Event],
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


def fires(rs: RuleState, trigger: Any, ctx: Context, seat: int) -> bool:
    """Whether `trigger` (or a prevention) fires for `seat` in `ctx`: it has uses left under its
    `times:` (the uses of `seat`, or with `per:` of the seat it names) and its condition holds.  A
    firing is counted (`RuleState.record_firing`)."""
    piece = trigger.piece
    if trigger.per is not None:  # `per:` names whose uses count: a seat, or the rule does not fire
        seat = trigger.per(ctx)
        if not 0 <= seat < len(rs.scores):
            return False
    if rs.used_up(piece, seat):
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


def may_fire(triggers: Mapping[str, tuple[Any, ...]], events: list[Event]) -> bool:
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
    effects: Effects | None = rs.deferred  # made when a trigger fires (or by a prevention earlier in the move)
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
            if not fires(rs, trigger, ctx, mover):
                continue
            piece = trigger.piece
            added.append(fired_event(program, piece, mover))
            if effects is None:
                effects = Effects(rs)
            ended = effects.end
            take_actions(state, ctx, trigger, mover, effects, added)
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
        if end_turn(state, rs, mover, turn_ended, events) >= 0 and turn_ended < 0:
            run_ending(state, rs, mover, events, before, move)  # the turn it ended: its turn_over goes through the triggers
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


def run_ending(state: State, rs: RuleState, mover: int, events: list[Event], start: int,
                move: Mapping[str, Any] | None = None) -> None:
    """The events a rule's `end_turn` added to `events` (from `start`: the turn's end, maybe the
    game's) run through the triggers as a move's do (reading the same `move`): a rule on turn_over
    sees the turn end, and a turn given, skipped or missed takes effect."""
    ended = events[start:]
    del events[start:]
    run_triggers(state, rs, mover, ended, move)
    events.extend(ended)


def end_turn(state: State, rs: RuleState, mover: int, turn_ended: int, events: list[Event]) -> int:
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
