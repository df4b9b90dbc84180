"""Seeded random play over every bundled ALIVE ruleset: games end, cards are conserved,
lives only go down, and replaying the notation reproduces the game."""

from __future__ import annotations

import random

import pytest

from marblestudio.engine import new_game
from marblestudio.engine.core import Termination, play_random

from .helpers import rules

RULESETS = ["alive/standard", "alive/short-game", "alive/team-play", "alive/limit-31", "alive/seven-lives"]


@pytest.mark.parametrize("name", RULESETS)
def test_random_games_end_conserve_cards_and_lives_only_go_down(name: str) -> None:
    ruleset = rules(name)
    size = ruleset.family.deck_size
    capped = 0
    for i in range(12):
        rng = random.Random(f"7:{i}")
        players = ruleset.players.min + i % (ruleset.players.max - ruleset.players.min + 1)
        state = new_game(ruleset, players)
        lives = list(state.table.lives)
        notation: list[str] = []
        for move, _events in play_random(state, rng):
            notation.append(str(move))
            assert sum(state.counts().values()) == size
            assert all(now <= before for now, before in zip(state.table.lives, lives))
            lives = list(state.table.lives)
        outcome = state.outcome()
        assert outcome is not None
        capped += outcome.termination is Termination.CAPPED
        replay = new_game(ruleset, players)
        for text in notation:
            replay.apply(replay.parse_move(text))
        assert replay.outcome() == outcome
        assert replay.public_view() == state.public_view()
    assert capped == 0
