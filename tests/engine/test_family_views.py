"""Every installed family's public view and observations are frozen dataclasses (issue 15).

Boards, computer players and tests read a view's attributes, never string keys: `public_view()`
returns the class its family's state names as its return type, immutable all the way down
(tuples, not lists or dicts: the view hashes), and `plain(view)` gives it as JSON.
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import get_type_hints

import pytest

from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE, State, plain
from marblestudio.engine.family import Family, families
from marblestudio.rulesets import load

STEPS = 60  # positions checked per family, along one seeded random game


def _positions(family: Family) -> list[State]:
    rules = load(family.standard)
    state = new_game(rules, rules.players.default)
    rng = random.Random(f"views:{family.game}")
    out = [state.copy()]
    while len(out) < STEPS and state.outcome() is None:
        moves = [] if state.to_move == CHANCE else state.legal_moves()
        state.apply(state.sample_chance(rng) if state.to_move == CHANCE else moves[rng.randrange(len(moves))])
        out.append(state.copy())
    return out


def _check_frozen(value: object, cls: type) -> None:
    assert isinstance(value, cls), f"{type(value).__name__} is not a {cls.__name__}"
    assert dataclasses.is_dataclass(value) and type(value).__dataclass_params__.frozen  # type: ignore[attr-defined]
    hash(value)  # raises TypeError when a field holds a list, a dict or a set
    first = dataclasses.fields(value)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(value, first, None)
    data = plain(value)
    assert json.loads(json.dumps(data)) == data


@pytest.mark.parametrize("family", families(), ids=lambda f: f.game)
def test_public_view_and_observations_are_the_familys_frozen_dataclasses(family: Family) -> None:
    positions = _positions(family)
    kind = type(positions[0])
    view_class = get_type_hints(kind.public_view)["return"]
    seen_class = get_type_hints(kind.observation)["return"]
    assert isinstance(view_class, type) and dataclasses.is_dataclass(view_class), (
        f"{kind.__name__}.public_view() must name its family's view class as its return type, not {view_class}"
    )
    for state in positions:
        view = state.public_view()
        _check_frozen(view, view_class)
        assert view == state.copy().public_view()
        for seat in range(state.num_players):
            _check_frozen(state.observation(seat), view_class if seen_class is object else seen_class)
