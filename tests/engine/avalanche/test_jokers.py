"""Wild colours (a house rule's neutral marbles, examples/house-rules/avalanche-jokers.yaml): a
joker that falls fills the first empty hole of the player's card, whatever the hole's colour;
cards may not ask for a wild colour."""

from __future__ import annotations

import random
from pathlib import Path

import yaml

from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE, Event
from marblestudio.rulesets import check_path, load

JOKERS = Path(__file__).resolve().parents[3] / "examples" / "house-rules" / "avalanche-jokers.yaml"


def test_a_falling_joker_fills_the_first_empty_hole_of_any_colour() -> None:
    rules = load(str(JOKERS))
    white = next(i for i, c in enumerate(rules.family.colours) if c.wild)
    assert rules.family.colours[white].name == "white"
    state = new_game(rules, 3)
    rng = random.Random(1)
    while state.to_move == CHANCE:
        state.apply(state.sample_chance(rng))
    seat = state.seat  # type: ignore[attr-defined]
    card = state.cards[seat][0]  # type: ignore[attr-defined]
    first_colour = state.card_colours[card][0]  # type: ignore[attr-defined]
    assert first_colour != white
    events: list[Event] = []
    assert state._place(white, events)  # type: ignore[attr-defined]
    assert state.filled[card][0] == white  # type: ignore[attr-defined]
    assert [(e.kind, e["hole"], e["colour"]) for e in events] == [("marble_on_card", 1, "white")]
    state._place(white, events)  # type: ignore[attr-defined]
    assert state.filled[card][1] == white  # type: ignore[attr-defined]  # the next empty hole


def test_jokers_fill_cards_in_seeded_games_and_every_marble_is_kept() -> None:
    rules = load(str(JOKERS))
    placed = 0
    for seed in range(10):
        rng = random.Random(seed)
        state = new_game(rules, 3)
        total = sum(state.counts().values())
        while state.outcome() is None:
            move = state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.legal_moves())
            events = state.apply(move)
            placed += sum(1 for e in events if e.kind == "marble_on_card" and e["colour"] == "white")
            assert sum(state.counts().values()) == total
    assert placed > 0


def test_a_card_may_not_ask_for_a_wild_colour(tmp_path: Path) -> None:
    data = yaml.safe_load(JOKERS.read_text())
    data["avalanche"]["cards"] = {"C1": {"holes": ["YRB", "BWY", "RYR"]}}
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump(data))
    found = check_path(bad)
    assert any("wild colour(s) white" in d.message for d in found), [d.message for d in found]
