"""The rules engine: pure Python, imports nothing else of Marble Studio.

A game family's engine is found through its plug-in descriptor (`engine.family`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from marblestudio.engine.core import (
    CHANCE,
    Event,
    IllegalMoveError,
    Move,
    NotationError,
    Outcome,
    State,
    Termination,
)
from marblestudio.engine.family import Family
from marblestudio.engine.family import family as _family
from marblestudio.engine.position import Fields, PositionError
from marblestudio.engine.rules import Ruleset


def new_game(rules: Ruleset, players: int | Sequence[str] | None = None) -> State:
    """A new game of `rules` for `players` (a count, or one name per seat; default: the ruleset's)."""
    count = rules.players.default if players is None else players if isinstance(players, int) else len(players)
    if not rules.players.min <= count <= rules.players.max:
        raise ValueError(f"{rules.id} is for {rules.players}, not {count}")
    found = _family(rules.game)
    if found is None:
        raise ValueError(f"no game family {rules.game!r} is installed")
    teams = _partners(rules, found)
    state = _ruled(rules, found.load("engine").new_game(rules, 2 if teams else count))
    if teams:
        from marblestudio.engine.partners import Partners

        state = Partners(state, count)
    return state


def _ruled(rules: Ruleset, state: State) -> State:
    """`state` played by the ruleset's rule pieces, if it has any (compiled once, cached)."""
    if not rules.pieces:
        return state
    from marblestudio.engine.pieces import program, runtime

    return runtime.ruled(state, program.compile_pieces(rules.game, rules.pieces))


def _partners(rules: Ruleset, found: Family) -> bool:
    """Whether `rules` are a team game of a two-sided family (`engine.partners`)."""
    return rules.teams is not None and found.partners


def rebuild(rules: Ruleset, players: int, moves: Sequence[str], start: str | None = None) -> State:
    """A new game of `rules` for `players` (or at the position `start`) after `moves` (notation,
    chance included): the one way a worker process, a hint or a test rebuilds a game from plain
    values.  Raises `NotationError`, `IllegalMoveError` or `PositionError` for what does not fit."""
    state = new_game(rules, players) if start is None else from_position(rules, start)
    for text in moves:
        state.apply(state.parse_move(text))
    return state


def from_position(rules: Ruleset, text: str) -> State:
    """The game of `rules` at the position `text` (`State.position()`'s notation, docs/notation.md).

    Raises `PositionError` naming the field at fault: text that is not a position of this
    family, or a position the rules could not reach (two marbles in one cell, a card too many)."""
    fields = Fields.parse(text)
    if fields.game != rules.game:
        raise PositionError(f"a position of {fields.game}, but the rules {rules.id} are {rules.game}")
    if not rules.players.min <= fields.players <= rules.players.max:
        raise PositionError(f"{rules.id} is for {rules.players}, not {fields.players}", "players", rule=True)
    found = _family(rules.game)
    if found is None:
        raise PositionError(f"no game family {rules.game!r} is installed")
    reader = getattr(found.load("engine"), "from_position", None)
    if reader is None:
        raise PositionError(f"the game family {rules.game} has no position notation")
    teams = _partners(rules, found)
    outer = fields
    if teams:
        from marblestudio.engine.partners import inner_fields

        fields = inner_fields(outer)
    state = _ruled(rules, reader(rules, fields))
    if rules.pieces:
        from marblestudio.engine.pieces import rule_position
        from marblestudio.engine.pieces.runtime import Ruled

        rule_position.read(cast(Ruled, state).rule_state, fields)
    if teams:
        from marblestudio.engine.partners import read

        state = read(outer, state, fields)
    outer.done()
    return state


__all__ = [
    "PositionError",
    "from_position",
    "CHANCE",
    "Event",
    "IllegalMoveError",
    "Move",
    "NotationError",
    "Outcome",
    "Ruleset",
    "State",
    "Termination",
    "new_game",
    "rebuild",
]
