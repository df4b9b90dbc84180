"""The engine contract, checked on EVERY bundled ruleset of every game family (OpenSpiel style).

Through `new_game`, `legal_moves`, `apply`, `sample_chance`, `copy`, `counts`, `parse_move` and
game records only, so that it holds for any family: seeded random games end (capped under 1% in
a batch), a record replays event for event to the same result, copies are independent, pieces
are conserved at every step, every legal move reads back from its notation, and a move that is
not legal raises `IllegalMoveError` and leaves the state unchanged.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE, GAME_OVER, IllegalMoveError, Move, State, plain
from marblestudio.playtest import game_rng, run_games
from marblestudio.records import load_record, player_entries, record_from_game, replay, save_record
from marblestudio.rulesets import load_with_source
from marblestudio.rulesets.catalog import list_rulesets

BUNDLED = sorted(entry.id for entry in list_rulesets() if entry.bundled)
GAMES_PER_RULESET = 3  # fully checked games, per ruleset
CHECKS_PER_GAME = 12  # copy and illegal-move checks, at random steps, per game
BATCH = 100  # games per ruleset for the capped rate
SLOW_BATCH = {"archimedes": 30}  # families with long games: a smaller batch, where no game may be capped


def snapshot(state: State) -> tuple[Any, ...]:
    """Everything observable about a state, to tell whether it changed."""
    over = state.outcome() is not None
    seats = range(state.num_players)
    return (
        state.to_move if not over else None,
        state.outcome(),
        dict(state.counts()),
        plain(state.public_view()),
        [plain(state.observation(seat)) for seat in seats],
        [str(m) for m in state.legal_moves()] if not over and state.to_move != CHANCE else [],
    )


def test_the_catalog_has_bundled_rulesets() -> None:
    assert "stay-alive/standard" in BUNDLED


@pytest.mark.parametrize("ruleset_id", BUNDLED)
def test_random_games_keep_the_contract_and_replay_from_records(ruleset_id: str, tmp_path: Path) -> None:
    loaded = load_with_source(ruleset_id)
    rules = loaded.rules
    for index in range(GAMES_PER_RULESET):
        players = [rules.players.default, rules.players.max, rules.players.min][index % 3]
        rng = game_rng("conformance", index)
        checker = random.Random(index)
        state = new_game(rules, players)
        total = sum(state.counts().values())
        played: list[Move] = []
        story: list[list[dict[str, Any]]] = []
        seen: list[Move] = []
        checks = CHECKS_PER_GAME
        for _step in range(100_000):
            if state.outcome() is not None:
                break
            if state.to_move == CHANCE:
                move = state.sample_chance(rng)
                assert move.is_chance
            else:
                legal = state.legal_moves()
                assert legal, "a seat to move must have a legal move (a pass, if nothing else)"
                if checks and checker.random() < 0.2:
                    checks -= 1
                    for m in legal:
                        assert str(state.parse_move(str(m))) == str(m)
                    _check_illegal(state, seen, legal)
                move = legal[rng.randrange(len(legal))]
                seen += legal[:3]
            if checks and checker.random() < 0.2:
                _check_copy(state, move)
            events = state.apply(move)
            played.append(move)
            story.append([e.to_json() for e in events])
            assert sum(state.counts().values()) == total, "pieces must be conserved"
        outcome = state.outcome()
        assert outcome is not None, f"game {index} did not end"
        assert story[-1][-1]["kind"] == GAME_OVER, f"game_over must be the last event of the game, not {story[-1][-1]['kind']}"
        assert state.legal_moves() == []
        # the record replays event for event to the same result
        record = record_from_game(rules.id, loaded.resolved, player_entries([f"p{i}" for i in range(players)]),
                                  played, outcome, seed="conformance", game=index)
        path = tmp_path / f"{index}.json"
        save_record(path, record)
        final, steps = replay(load_record(path))
        assert final.outcome() == outcome
        assert [[e.to_json() for e in step.events] for step in steps] == story


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
    rules = load_with_source(ruleset_id).rules
    batch = SLOW_BATCH.get(rules.game, BATCH)
    report = run_games(rules, rules.players.default, batch, seed="batch")
    assert report.games == batch
    assert report.capped < batch / 100, f"{report.capped} of {batch} games reached the move limit"


def test_game_rng_is_the_documented_rule() -> None:
    assert game_rng(5, 3).random() == random.Random("5:3").random()
