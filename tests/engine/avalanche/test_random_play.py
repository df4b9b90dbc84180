"""Seeded random games of every bundled Avalanche ruleset: marbles are conserved at every
step (trays + board + hands + cards = the ruleset's marbles), games end without reaching the
move limit, and a game replayed from its notation gives the same events."""

from __future__ import annotations

import random

import pytest

from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE, Termination
from marblestudio.rulesets import load

RULESETS = ["beginners", "standard", "two-cards", "partnership", "expert-1", "expert-2"]
GAMES = 12


@pytest.mark.parametrize("name", RULESETS)
def test_random_games_conserve_marbles_and_end(name: str) -> None:
    rules = load(f"avalanche/{name}")
    total = rules.family.marble_count
    for game in range(GAMES):
        rng = random.Random(f"7:{game}")
        state = new_game(rules)
        record = []
        while state.outcome() is None:
            move = state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.legal_moves())
            events = state.apply(move)
            record.append((str(move), events))
            assert sum(state.counts().values()) == total, (game, str(move), state.counts())
        outcome = state.outcome()
        assert outcome is not None and outcome.termination is not Termination.CAPPED, (game, outcome)
        replay = new_game(rules)
        for text, events in record:
            assert replay.apply(replay.parse_move(text)) == events
        assert replay.outcome() == outcome
