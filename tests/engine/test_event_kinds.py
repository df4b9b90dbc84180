"""Event kinds are typed (issue 15): every event a game produces has a kind of its family's
`EventKind` subclass or `CoreEvent`, never a bare string."""

from __future__ import annotations

import random

import pytest

from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE, CoreEvent, EventKind
from marblestudio.engine.family import families
from marblestudio.rulesets import load
from marblestudio.rulesets.catalog import list_rulesets

RULESETS = sorted(e.id for e in list_rulesets() if e.bundled)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_event_has_a_typed_kind(ruleset_id: str) -> None:
    rules = load(ruleset_id)
    state = new_game(rules)
    rng = random.Random(ruleset_id)
    kinds: set[type[EventKind]] = set()
    for _ in range(400):
        if state.outcome() is not None:
            break
        move = state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.legal_moves())
        for event in state.apply(move):
            assert isinstance(event.kind, EventKind), f"{event.kind!r} is a bare string"
            kinds.add(type(event.kind))
    own = kinds - {CoreEvent}
    assert len(own) == 1, own  # the family's own kinds, one class
    (family_kinds,) = own
    assert family_kinds.__doc__  # the class says what its kinds are about


def test_every_family_names_its_kinds_once() -> None:
    values = [kind.value for kind in CoreEvent]
    assert values == ["turn_over", "game_over", "rule_fired"]  # rule_fired: a house rule's piece fired (engine.pieces)
    assert len(families()) >= 4
