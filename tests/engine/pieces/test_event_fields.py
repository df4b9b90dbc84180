"""Every field the vocabulary documents for a trigger's event (`event.<field>`, checked when a
ruleset loads) is a field the family's events really carry: a documented name that no event
has would read as nothing during a game (an audit found `marble_lifted`'s `from` and `to`)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE
from marblestudio.engine.pieces.program import family_hooks
from marblestudio.rulesets import load

HOUSE = Path(__file__).resolve().parents[3] / "examples" / "house-rules"
RULESETS = {
    "stay-alive": ["stay-alive/standard", str(HOUSE / "stay-alive-neutral.yaml")],
    "alive": ["alive/standard", "alive/team-play", str(HOUSE / "alive-pass-the-draw.yaml"),
              str(HOUSE / "alive-pass-the-skip.yaml"), str(HOUSE / "alive-bomb-shelter.yaml")],
    "avalanche": ["avalanche/standard", "avalanche/expert-2", "avalanche/partnership"],
    "archimedes": ["archimedes/standard", str(HOUSE / "archimedes-lose-a-marble.yaml"), str(HOUSE / "archimedes-jump-sends-back.yaml")],
    "mancala": ["mancala/kalah", "mancala/oware"],
}


@pytest.mark.parametrize("game", sorted(RULESETS))
def test_every_documented_event_field_is_carried_by_the_events(game: str) -> None:
    carried: dict[str, set[str]] = {}
    for ref in RULESETS[game]:
        rules = load(ref)
        for seed in range(6):
            rng = random.Random(seed)
            state = new_game(rules, None)
            for _ in range(3000):
                if state.outcome() is not None:
                    break
                move = state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.legal_moves())
                for event in state.apply(move):
                    carried.setdefault(str(event.kind), set()).update(key for key, _ in event.data)
    documented = family_hooks(game).events
    seen = [kind for kind in documented if kind in carried]
    assert len(seen) >= len(documented) // 2, (game, sorted(set(documented) - set(carried)))  # most kinds happen in these games
    for kind in seen:
        missing = set(documented[kind].fields) - carried[kind]
        assert not missing, f"{game}: event {kind} documents {sorted(missing)}, which its events do not carry ({sorted(carried[kind])})"
