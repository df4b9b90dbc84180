"""`waive`: a power (or a trigger) lifts a constraint of the ruleset for the rest of the mover's
turn.  The cookbook's lift pass (examples/house-rules/archimedes-lift-pass.yaml): no lifting in
the first ten turns, but once a game a player who has rolled may lift for the rest of that turn."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from marblestudio.engine import from_position
from marblestudio.engine.archimedes.moves import LiftMarble
from marblestudio.engine.core import CHANCE, IllegalMoveError
from marblestudio.engine.pieces import program
from marblestudio.rulesets import load_with_source

from power_play import until_power

PASS = Path(__file__).resolve().parents[3] / "examples" / "house-rules" / "archimedes-lift-pass.yaml"


def rolled(rules: Any, seed: int = 1) -> Any:
    """A game early on (turn < 10), the seat to move having rolled, with a lift it may not make."""
    def can_lift(state: Any) -> bool:  # the game's own moves, before the constraint, hold a lift
        return any(isinstance(m, LiftMarble) for m in type(state).__mro__[2].legal_moves(state))

    return until_power(rules, seed, can_lift)


def test_a_waived_limit_lets_the_player_lift_for_the_rest_of_the_turn() -> None:
    state = rolled(load_with_source(PASS).rules)
    seat = state.to_move
    assert not [m for m in state.legal_moves() if isinstance(m, LiftMarble)]  # forbidden in the first ten turns
    state.apply(state.parse_move("use lift pass"))
    lifts = [m for m in state.legal_moves() if isinstance(m, LiftMarble)]
    assert lifts and state.to_move == seat
    events = state.apply(lifts[0])  # allowed now
    assert "marble_lifted" in [e.kind for e in events]
    assert state.rule_state.waived and state.rule_state.waived_for == seat  # type: ignore[attr-defined]


def test_the_limit_holds_again_next_turn() -> None:
    state = rolled(load_with_source(PASS).rules, seed=2)
    seat = state.to_move
    state.apply(state.parse_move("use lift pass"))
    rng = random.Random(5)
    while state.to_move == seat or state.to_move == CHANCE:  # play out the turn (rolling marbles only)
        if state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        state.apply(next(m for m in state.legal_moves() if not isinstance(m, LiftMarble)))
    while state.outcome() is None and state.turns < 10:  # type: ignore[attr-defined]
        if state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        moves = state.legal_moves()
        assert not [m for m in moves if isinstance(m, LiftMarble)], state.position()  # nobody lifts in the first ten turns
        family = [m for m in type(state).__mro__[2].legal_moves(state) if isinstance(m, LiftMarble)]
        if family:
            with pytest.raises(IllegalMoveError, match="no early lifts"):
                state.copy().apply(family[0])
        state.apply(rng.choice([m for m in moves if str(m) != "use lift pass"]))


def test_a_position_keeps_the_lifted_limit() -> None:
    rules = load_with_source(PASS).rules
    state = rolled(rules)
    state.apply(state.parse_move("use lift pass"))
    text = state.position()
    index = next(p.index for p in rules.pieces if p.name == "no early lifts")
    assert f" rule-waived={state.to_move}:{index} " in f" {text} "
    again = from_position(rules, text)
    assert [str(m) for m in again.legal_moves()] == [str(m) for m in state.legal_moves()]


def test_waive_names_a_constraint_of_the_ruleset() -> None:
    problems = program.check("archimedes", [{"name": "x", "power": {"waive": "no such rule"}}])
    assert [(p.pointer, p.message) for p in problems] == [
        ("/rules/0/power/waive", "waive names a constraint (a forbid: rule) of this ruleset by its name: 'no such rule' is none "
                                 "of them (its constraints: none)")]
    ok = program.check("archimedes", [{"name": "limit", "forbid": "move.kind == 'lift'"}, {"name": "x", "power": {"waive": "limit"}}])
    assert ok == []
