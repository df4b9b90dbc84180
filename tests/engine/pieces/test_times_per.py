"""`times:` counts the mover's uses, or with `per:` those of the seat it names (found wrong by the
fifth audit: "each player's first lost life comes back" gave one life back when a hand's end took
three players' lives in one move, and used the rule up for the player who went out).

Worked out by hand: seat 0 plays its last card, so the hand is over and seats 1, 2 and 3 each
flip a life card (GAMES.md section 2: every other player loses a life)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from marblestudio.engine.alive.state import AliveState
from marblestudio.engine.pieces import program, runtime
from marblestudio.rulesets import RulesetError, load_with_source

BACK = {"name": "second chance", "on": "life_lost", "if": "event.lives > 0", "times": 1, "then": {"gain_life": "event.seat"}}


def ruled(tmp_path: Path, rule: dict[str, Any], hands: list[list[str]]) -> Any:
    path = tmp_path / "house.yaml"
    path.write_text(yaml.safe_dump({"format": 1, "id": "house/per", "name": "Per", "extends": "alive/standard", "rules": [rule]}))
    loaded = load_with_source(path).rules
    state = AliveState.from_hands(loaded, hands)
    return runtime.ruled(state, program.compile_pieces(loaded.game, loaded.pieces))


HANDS = [["5"], ["1", "2"], ["3", "4"], ["6", "7"]]


def test_per_event_seat_counts_each_victims_own_use(tmp_path: Path) -> None:
    state = ruled(tmp_path, {**BACK, "per": "event.seat"}, HANDS)
    events = state.apply(state.parse_move("play 5"))
    assert sorted(e["seat"] for e in events if e.kind == "life_lost") == [1, 2, 3]
    assert sorted(e["seat"] for e in events if e.kind == "life_gained") == [1, 2, 3]
    assert state.table.lives == [5, 5, 5, 5]
    assert state.rule_state.used == {(0, 1): 1, (0, 2): 1, (0, 3): 1}  # each victim's use, none for seat 0


def test_without_per_the_uses_are_the_movers(tmp_path: Path) -> None:
    state = ruled(tmp_path, BACK, HANDS)
    events = state.apply(state.parse_move("play 5"))
    assert [e["seat"] for e in events if e.kind == "life_gained"] == [1]  # the first victim only: seat 0's one use
    assert state.table.lives == [5, 5, 4, 4]
    assert state.rule_state.used == {(0, 0): 1}


def test_per_needs_times_and_a_seat(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match="'per' says whose uses 'times' counts: write 'times' too"):
        ruled(tmp_path, {**{k: v for k, v in BACK.items() if k != "times"}, "per": "event.seat"}, HANDS)
    with pytest.raises(RulesetError, match="the expression gives a text, but a number is needed here") as caught:
        ruled(tmp_path, {**BACK, "per": "event.why"}, HANDS)
    problem = caught.value.diagnostics[0]
    text = (tmp_path / "house.yaml").read_text().splitlines()
    assert text[problem.line - 1][problem.column - 1:].startswith("event.why")  # at the expression, in its line


def test_per_may_read_the_move_that_made_the_event(tmp_path: Path) -> None:
    # found by the fuzz property: a per: reading `move` found no move (the game told none)
    rule = {**BACK, "per": "event.seat if move.kind == 'play' else mover"}
    state = ruled(tmp_path, rule, HANDS)
    state.apply(state.parse_move("play 5"))
    assert state.table.lives == [5, 5, 5, 5]
