"""Seeded random games of the test rules: marbles are conserved, games end, moves read back."""

from __future__ import annotations

import random

from marblestudio.engine.archimedes import new_game
from marblestudio.engine.archimedes.rules import StartRule
from marblestudio.engine.core import CHANCE, GAME_OVER, TURN_OVER

from .helpers import rules


def test_seeded_random_games_conserve_marbles_and_end() -> None:
    ruleset = rules({"swing": True}, start=StartRule.HIGHER_ROLL)
    for game in range(4):
        rng = random.Random(f"archimedes:{game}")
        state = new_game(ruleset, 2)
        total = sum(state.counts().values())
        assert total == 24
        last: list[str] = []
        while state.outcome() is None:
            if state.to_move == CHANCE:
                move = state.sample_chance(rng)
            else:
                moves = state.legal_moves()
                move = moves[rng.randrange(len(moves))]
                assert str(state.parse_move(str(move))) == str(move)
            mover = state.to_move
            last = [e.kind for e in state.apply(move)]
            assert sum(state.counts().values()) == total
            if TURN_OVER in last and state.outcome() is None:
                assert state.to_move == 1 - mover
        assert last[-1] == GAME_OVER
        assert state.legal_moves() == []


def test_the_same_seed_plays_the_same_game() -> None:
    ruleset = rules(start=StartRule.HIGHER_ROLL)

    def play(seed: str) -> list[str]:
        rng = random.Random(seed)
        state = new_game(ruleset, 2)
        moves: list[str] = []
        while state.outcome() is None and len(moves) < 300:
            if state.to_move == CHANCE:
                move = state.sample_chance(rng)
            else:
                options = state.legal_moves()
                move = options[rng.randrange(len(options))]
            state.apply(move)
            moves.append(str(move))
        return moves

    assert play("x") == play("x")


def test_every_event_is_the_value_event_of_builds_from_its_fields() -> None:
    # the state builds its commonest events without `Event.of` (their data written in key order)
    # and shares die rolls between games: each must equal the event `Event.of` makes of its fields
    from marblestudio.engine.core import Event

    ruleset = rules({"swing": True}, start=StartRule.HIGHER_ROLL)
    kinds, peaks = set(), 0
    for game in range(3):
        rng = random.Random(f"events:{game}")
        state = new_game(ruleset, 2)
        while state.outcome() is None:
            moves = [state.sample_chance(rng)] if state.to_move == CHANCE else state.legal_moves()
            for event in state.apply(moves[rng.randrange(len(moves))]):
                assert event == Event.of(event.kind, event.visible_to, **dict(event.data)), event
                kinds.add(event.kind)
                peaks += event.get("peak_angle") is not None
    assert {"board_tilted", "marble_rolled", "die_rolled"} <= kinds and peaks > 0
