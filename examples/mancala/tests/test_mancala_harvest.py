"""A power that names a house (`choose: house`) and empties it into the mover's store (the action
`harvest`): the seventh audit's 'once a game, name one of your houses; its seeds go straight to
your store'.  Worked out by hand on Kalah's opening board (four seeds in each of South's houses
a..f and North's A..F, both stores empty, South to move)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from marblestudio.engine import from_position, new_game
from marblestudio.engine.core import IllegalMoveError
from marblestudio.rulesets import load_with_source

HARVEST = {"name": "harvest", "power": {"harvest": "choice"}, "choose": "house", "if": "owner(choice) == mover"}


def house(tmp_path: Path, rules: list[dict[str, Any]]) -> Any:
    path = tmp_path / "harvest.yaml"
    path.write_text(yaml.safe_dump({"format": 1, "id": "house/harvest", "name": "Harvest", "extends": "mancala/kalah", "rules": rules}))
    return load_with_source(path).rules


def test_south_empties_its_house_c_into_its_store_and_still_sows(tmp_path: Path) -> None:
    state = new_game(house(tmp_path, [HARVEST]), 2)
    offered = [str(m) for m in state.legal_moves() if str(m).startswith("use")]
    assert offered == [f"use harvest {h}" for h in "abcdef"]  # South's own houses only (the condition)
    events = state.apply(state.parse_move("use harvest c"))
    captured = [e for e in events if e.kind == "seeds_captured"]
    assert [(e["seat"], e["place"], e["seeds"]) for e in captured] == [(0, "c", 4)]
    assert state.houses_of(0) == [4, 4, 0, 4, 4, 4] and state.store(0) == 4  # type: ignore[attr-defined]
    assert state.to_move == 0 and "c" not in [str(m) for m in state.legal_moves()]  # South sows now, not from c
    assert sum(state.counts().values()) == 48  # no seed made or lost


def test_the_last_house_with_seeds_of_the_player_to_move_is_never_offered(tmp_path: Path) -> None:
    rules = house(tmp_path, [HARVEST])
    state = from_position(rules, "mancala players=2 turn=0 houses=0,0,0,0,0,3/4,4,4,4,4,4 stores=11/10 moves=20 result=- "
                                 "rule-turn=0,-1,-1,-1,0,0 rule-moves=20 scores=0/0 used=-")
    assert state.power_choices("harvest") == ("house", [])  # type: ignore[attr-defined]
    with pytest.raises(IllegalMoveError, match=re.escape("'f' is not a house the power 'harvest' may choose now (it may: none now)")):
        state.apply(state.parse_move("use harvest f"))


def test_a_house_of_the_opponent_when_the_rule_allows_it(tmp_path: Path) -> None:
    state = new_game(house(tmp_path, [{**HARVEST, "name": "raid", "if": "seeds(choice) >= 4 and owner(choice) != mover"}]), 2)
    kind, options = state.power_choices("raid")  # type: ignore[attr-defined]
    assert kind == "house" and [o for o, _ in options] == list("ABCDEF")
    assert dict(options)["B"] == "North's house, 4 seeds"
    state.apply(state.parse_move("use raid B"))
    assert state.houses_of(1) == [4, 0, 4, 4, 4, 4] and state.store(0) == 4  # type: ignore[attr-defined]
