"""A trigger that reads `move` on the turn's end that a rule's `end_turn` makes (found by the fuzz
property: the turn_over of a rule's end_turn, or of a power that ends the turn, was told to the
triggers without the move, and reading one of its fields raised)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from marblestudio.engine import from_position
from marblestudio.engine.alive.state import AliveState
from marblestudio.engine.core import CoreEvent
from marblestudio.engine.pieces import program, runtime
from marblestudio.rulesets import load_with_source


def ruled(tmp_path: Path, rules: list[dict[str, Any]], hands: list[list[str]]) -> Any:
    path = tmp_path / "house.yaml"
    path.write_text(yaml.safe_dump({"format": 1, "id": "house/move", "name": "Move", "extends": "alive/standard", "rules": rules}))
    loaded = load_with_source(path).rules
    return runtime.ruled(AliveState.from_hands(loaded, hands), program.compile_pieces(loaded.game, loaded.pieces))


SEEN = {"name": "seen", "on": "turn_over", "if": "move.kind == 'power' or move.wild", "then": {"score": 1}}


def test_a_power_that_ends_the_turn_tells_its_turn_over_with_the_move_a_power(tmp_path: Path) -> None:
    knock = {"name": "knock", "power": "end_turn"}
    state = ruled(tmp_path, [knock, SEEN], [["3", "4"], ["5", "6"]])
    events = state.apply(state.parse_move("use knock"))
    assert [e["rule"] for e in events if e.kind == CoreEvent.RULE_FIRED] == ["knock", "seen"]
    assert state.to_move == 1 and state.rule_state.scores == [1, 0]


def test_a_rules_end_turn_tells_its_turn_over_with_the_move_that_made_it(tmp_path: Path) -> None:
    # Rock Me Archimedes: a roll of 2 split between two marbles; the rule ends the turn after the
    # first marble's 1 space, and the turn_over it makes is told with that move (a roll)
    path = tmp_path / "house.yaml"
    rules = [{"name": "stop", "on": "marble_rolled", "then": "end_turn"},
             {"name": "seen", "on": "turn_over", "if": "move.kind == 'roll'", "then": {"score": 1}}]
    path.write_text(yaml.safe_dump({"format": 1, "id": "house/stop", "name": "Stop", "extends": "archimedes/standard", "rules": rules}))
    state = from_position(load_with_source(path).rules, "archimedes players=2 turn=0 phase=moving mover=0 cups=a8,c8/b9 "
                                                        "supply=10/11 lost=0/0 die=2 remaining=2 moved=- turns=2 touched=- result=-")
    events = state.apply(state.parse_move("a8-a7"))
    assert [e["rule"] for e in events if e.kind == CoreEvent.RULE_FIRED] == ["stop", "seen"]
    assert state.to_move == 1 and state.rule_state.scores == [1, 0]
