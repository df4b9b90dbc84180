"""Names and fields a fifth audit of house rules found missing (its rules were written with
counters instead): ALIVE's `under_card` (the card under the one just played) and the source of an
answered DRAW; Rock Me Archimedes' `zone(cup)` and `end_of(cup)`.  Worked out by hand."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import yaml

from marblestudio.engine import from_position
from marblestudio.engine.alive.rules import DrawAnswer
from marblestudio.engine.alive.state import AliveState
from marblestudio.engine.core import CoreEvent, IllegalMoveError
from marblestudio.engine.pieces import program, runtime
from marblestudio.rulesets import load_with_source

import pytest

from marblestudio.games.hooks.archimedes import HOOKS


def house(tmp_path: Path, base: str, rules: list[dict[str, Any]]) -> Any:
    path = tmp_path / "house.yaml"
    path.write_text(yaml.safe_dump({"format": 1, "id": "house/names", "name": "Names", "extends": base, "rules": rules}))
    return load_with_source(path).rules


def test_under_card_is_the_card_played_before_the_top_one(tmp_path: Path) -> None:
    # "a number card on the same number also reverses play": 4 on 4 reverses, 5 on 4 does not
    rule = {"name": "same again", "on": "card_played", "if": "event.card == under_card and top_card != ''", "then": "reverse"}
    rules = house(tmp_path, "alive/standard", [rule])
    state = runtime.ruled(AliveState.from_hands(rules, [["4", "1"], ["4", "5"], ["5", "6"]], discard=["2"]),
                          program.compile_pieces(rules.game, rules.pieces))
    events = state.apply(state.parse_move("play 4"))  # 4 on 2
    assert CoreEvent.RULE_FIRED not in [e.kind for e in events]
    events = state.apply(state.parse_move("play 4"))  # seat 1: 4 on 4
    assert [e["rule"] for e in events if e.kind == CoreEvent.RULE_FIRED] == ["same again"]
    assert state.table.direction == -1 and state.to_move == 0  # reversed: back to seat 0


def test_an_answered_draw_tells_its_source(tmp_path: Path) -> None:
    rule = {"name": "punish", "on": "draw_answered", "then": {"draw_cards": {"seat": "event.source", "count": 1}}}
    rules = house(tmp_path, "alive/standard", [rule])
    import dataclasses

    rules = dataclasses.replace(rules, family=dataclasses.replace(rules.family, draw_answer=DrawAnswer(frozenset({"SKIP"}), False)))
    state = runtime.ruled(AliveState.from_hands(rules, [["DRAW1", "1"], ["SKIP", "2"], ["3"]], deck=["4", "5", "6"]),
                          program.compile_pieces(rules.game, rules.pieces))
    state.apply(state.parse_move("play DRAW1"))
    events = state.apply(state.parse_move("play SKIP"))  # seat 1 blocks: seat 2 still draws, and the rule makes seat 0 draw
    answered = next(e for e in events if e.kind == "draw_answered")
    assert answered["source"] == 0
    assert state.table.hand_sizes == [2, 1, 2]


def test_zone_and_end_of_name_a_cups_zone(tmp_path: Path) -> None:
    # "only the turn's first marble may enter your own end zone" (the audit's "at most one a turn"
    # needs a counter of entries besides; this checks the two functions)
    rules = house(tmp_path, "archimedes/standard", [
        {"name": "one in", "forbid": "end_of(move.to) == mover and end_of(move.from) != mover and marbles_moved > 0 "
                                     "and zone(move.to) != 'midzone'", "because": "only the turn's first marble enters your end zone"},
    ])
    # seat 0's end zone is rows 1-2 (a1-c2): a3 and b3 are one space from it; a roll of 2, split
    state = from_position(rules, "archimedes players=2 turn=0 phase=moving mover=0 cups=a3,b3/b9 supply=10/11 lost=0/0 "
                                 "die=2 remaining=2 moved=- turns=2 touched=- result=-")
    state.apply(state.parse_move("a3-a2"))  # the first marble in
    assert "b3-b2" not in [str(m) for m in state.legal_moves()]
    with pytest.raises(IllegalMoveError, match="only the turn's first marble enters your end zone"):
        state.apply(state.parse_move("b3-b2"))
    functions, ctx = HOOKS.functions, SimpleNamespace(state=state)
    assert [functions["zone"].call(ctx, cup) for cup in ("a1", "c2", "b8", "a16", "b5", "z9")] == [
        "black-end", "black-end", "midzone", "white-end", "", ""]
    assert [functions["end_of"].call(ctx, cup) for cup in ("b2", "b15", "b8", "q")] == [0, 1, -1, -1]


def test_an_action_for_a_group_of_seats_reads_each_seat_as_seat(tmp_path: Path) -> None:
    # found missing by the sixth audit ("each seat scores its own ..."): with seat: everyone, the
    # other parameters read `seat`, the seat the action is taken for now.  Seat 0 goes out: the
    # others each lose a life (5, 4, 4, 4 left), and each seat scores its lives.
    rule = {"name": "lives count", "on": "hand_over", "then": {"score": {"seat": "everyone", "points": "lives(seat)"}}}
    rules = house(tmp_path, "alive/standard", [rule])
    state = runtime.ruled(AliveState.from_hands(rules, [["5"], ["1", "2"], ["3", "4"], ["6", "7"]]),
                          program.compile_pieces(rules.game, rules.pieces))
    state.apply(state.parse_move("play 5"))
    assert state.rule_state.scores == [5, 4, 4, 4]


def test_seat_is_known_only_to_an_action_for_a_group(tmp_path: Path) -> None:
    from marblestudio.rulesets import RulesetError

    rule = {"name": "bad", "on": "hand_over", "then": {"score": {"seat": "mover", "points": "lives(seat)"}}}
    with pytest.raises(RulesetError, match="unknown name 'seat'"):
        house(tmp_path, "alive/standard", [rule])
