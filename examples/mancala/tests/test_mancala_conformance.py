"""The engine contract on both bundled Mancala rulesets, in the style of Marble Studio's
tests/test_conformance.py (OpenSpiel style).

Through `new_game`, `legal_moves`, `apply`, `copy`, `counts`, `parse_move` and notation only:
seeded random games end (capped under 1% in a batch), the game replays event for event from its
moves' notation to the same result, copies are independent, seeds are conserved at every step,
every legal move reads back from its notation, and a move that is not legal raises
`IllegalMoveError` and leaves the state unchanged.

The rulesets are loaded by Marble Studio (`marblestudio.rulesets.load`), as any ruleset is; the
replay here goes through notation, and test_mancala_cli.py replays game records.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from marblestudio import rulesets
from marblestudio.engine.core import CHANCE, GAME_OVER, TURN_OVER, CoreEvent, EventKind, IllegalMoveError, Move, State
from marblestudio.engine.rules import Ruleset
from marblestudio.playtest import game_rng

from marblestudio_mancala.engine import EXTRA_TURN, MancalaEvent, new_game

BUNDLED = ["mancala/kalah", "mancala/oware"]
GAMES_PER_RULESET = 3
CHECKS_PER_GAME = 12
BATCH = 100


def snapshot(state: State) -> tuple[Any, ...]:
    over = state.outcome() is not None
    return (
        state.to_move if not over else None,
        state.outcome(),
        dict(state.counts()),
        _plain(state.public_view()),
        [_plain(state.observation(seat)) for seat in range(state.num_players)],
        [str(m) for m in state.legal_moves()] if not over and state.to_move != CHANCE else [],
    )


def _plain(data: Any) -> Any:
    if isinstance(data, dict) or hasattr(data, "items"):
        return sorted((str(k), _plain(v)) for k, v in data.items())
    if isinstance(data, (list, tuple)):
        return [_plain(v) for v in data]
    return data


def _rules(ruleset_id: str) -> Ruleset:
    return rulesets.load(ruleset_id)


@pytest.mark.parametrize("ruleset_id", BUNDLED)
def test_random_games_keep_the_contract_and_replay_from_their_notation(ruleset_id: str) -> None:
    rules = _rules(ruleset_id)
    for index in range(GAMES_PER_RULESET):
        players = [rules.players.default, rules.players.max, rules.players.min][index % 3]
        rng = game_rng("conformance", index)
        checker = random.Random(index)
        state = new_game(rules, players)
        total = sum(state.counts().values())
        assert total == rules.family.total_seeds
        played: list[str] = []
        story: list[list[dict[str, Any]]] = []
        seen: list[Move] = []
        checks = CHECKS_PER_GAME
        for _step in range(100_000):
            if state.outcome() is not None:
                break
            assert state.to_move != CHANCE, "Mancala has no chance steps"
            legal = state.legal_moves()
            assert legal, "a seat to move must have a legal move"
            if checks and checker.random() < 0.2:
                checks -= 1
                for m in legal:
                    assert str(state.parse_move(str(m))) == str(m)
                _check_illegal(state, seen, legal)
            move = legal[rng.randrange(len(legal))]
            seen += legal[:3]
            if checks and checker.random() < 0.2:
                _check_copy(state, move)
            mover = state.to_move
            events = state.apply(move)
            played.append(str(move))
            story.append([e.to_json() for e in events])
            assert sum(state.counts().values()) == total, "seeds must be conserved"
            ends = [e.kind for e in events if e.kind in (TURN_OVER, EXTRA_TURN)]
            assert len(ends) == 1, "a move ends with turn_over or extra_turn, once"
            if ends == [EXTRA_TURN] and state.outcome() is None:
                assert state.to_move == mover
        outcome = state.outcome()
        assert outcome is not None, f"game {index} did not end"
        assert story[-1][-1]["kind"] == GAME_OVER
        assert state.legal_moves() == []
        # The game replays event for event from the notation of its moves, to the same result.
        again = new_game(rules, players)
        replayed = [[e.to_json() for e in again.apply(again.parse_move(text))] for text in played]
        assert replayed == story and again.outcome() == outcome


def _check_copy(state: State, move: Move) -> None:
    before = snapshot(state)
    twin = state.copy()
    twin.apply(move)
    assert snapshot(state) == before, "applying a move to a copy changed the original"
    again = state.copy()
    again.apply(move)
    assert snapshot(again) == snapshot(twin), "the same move on two copies gave different states"


def _check_illegal(state: State, seen: list[Move], legal: list[Move]) -> None:
    names = {str(m) for m in legal}
    candidates = [m for m in seen if str(m) not in names]
    if not candidates:
        return
    move = candidates[-1]
    before = snapshot(state)
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert info.value.rule, "the error names the rule"
    assert snapshot(state) == before, f"a rejected move ({move}) changed the state"


@pytest.mark.parametrize("ruleset_id", BUNDLED)
def test_seeded_random_games_end_and_are_rarely_capped(ruleset_id: str) -> None:
    rules = _rules(ruleset_id)
    capped = 0
    for index in range(BATCH):
        rng = game_rng("batch", index)
        state = new_game(rules, rules.players.default)
        while state.outcome() is None:
            legal = state.legal_moves()
            state.apply(legal[rng.randrange(len(legal))])
        outcome = state.outcome()
        assert outcome is not None
        capped += outcome.termination.value == "capped"
    assert capped < BATCH / 100, f"{capped} of {BATCH} games reached the move limit"


@pytest.mark.parametrize("ruleset_id", BUNDLED)
def test_every_event_has_a_typed_kind_of_this_family(ruleset_id: str) -> None:
    state = new_game(_rules(ruleset_id), 2)
    rng = random.Random(ruleset_id)
    kinds: set[EventKind] = set()
    while state.outcome() is None:
        for event in state.apply(rng.choice(state.legal_moves())):
            assert isinstance(event.kind, (MancalaEvent, CoreEvent)), f"{event.kind!r} is a bare string"
            kinds.add(event.kind)
    assert {MancalaEvent.SEEDS_TAKEN, MancalaEvent.SEED_SOWN, CoreEvent.TURN_OVER, CoreEvent.GAME_OVER} <= kinds
    assert MancalaEvent.__doc__  # the class says what its kinds are about
