"""Powers: moves that a ruleset gives its players (`use <name>`), listed, checked and used."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from marblestudio.engine.core import Event, IllegalMoveError, Move, State
from marblestudio.engine.pieces.context import Context
from marblestudio.engine.pieces.expr import INT
from marblestudio.engine.pieces.rule_state import Effects, RuleState
from marblestudio.engine.pieces.triggers import POWER_MOVE, RULE_FIRED, end_turn, run_ending, take_actions


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


def power_ready(state: State, rs: RuleState, power: Any, seat: int, choice: str | None = None) -> str | None:
    """Why `seat` may not use `power` now (with `choice`, for a power with `choose:`; None: with any
    of its options), or None."""
    piece = power.piece
    if rs.used_up(piece, seat):
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


def powers_now(state: State, rs: RuleState) -> list[Move]:
    seat = state.to_move
    out: list[Move] = []
    for power in rs.program.powers:
        piece = power.piece
        if piece.choose is None:
            if power_ready(state, rs, power, seat) is None:
                out.append(PowerMove(piece.name, piece.index))
        elif not rs.used_up(piece, seat):
            out.extend(PowerMove(piece.name, piece.index, option) for option in power_options(state, rs, power, seat))
    return out


def use_power(state: State, rs: RuleState, mover: int, move: PowerMove) -> list[Event]:
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
    why = power_ready(state, rs, power, mover, move.choice if power.piece.choose is not None else None)
    if why is not None:
        raise IllegalMoveError(move, why)
    rs.begin_move(mover)
    piece = power.piece
    rs.record_firing(piece, mover)  # a power always has `times` (1 by default)
    rs.moves += 1
    events = [Event.of(RULE_FIRED, rule=piece.name, seat=mover, power=True)]
    effects = Effects(rs)
    ctx = Context(state, rs, mover)
    ctx.power = True
    if power.piece.choose is not None:
        ctx.choice = _choice_value(rs.program.hooks.choices[power.piece.choose].type, move.choice)
    take_actions(state, ctx, power, mover, effects, events)
    if effects.end is not None and state.outcome() is None:
        state.end_by_rule(effects.end, events)
    if effects.end_turn and state.outcome() is None:  # a power that ends the turn (declining the rest of it)
        before = len(events)
        if end_turn(state, rs, mover, -1, events) >= 0:
            run_ending(state, rs, mover, events, before, POWER_MOVE)
    return events
