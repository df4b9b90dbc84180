"""`move_scores` tries one move of each group that leaves the same position (`State.result_key`)
and gives every move of the group its score: the scores are those of a trial of every move."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from marblestudio.agents import archimedes_search, player
from marblestudio.agents.player import move_scores, trial_score
from marblestudio.engine.archimedes import ArchimedesState, Phase
from marblestudio.engine.core import CHANCE, State
from marblestudio.rulesets import load

from .games import advanced


def _roll_step(ruleset_ref: str, seed: str) -> State:
    """A position of a seeded random game where the mover has many marble moves to choose from."""
    rules = load(Path(__file__).parents[2] / ruleset_ref if ruleset_ref.endswith(".yaml") else ruleset_ref)
    rng = random.Random(seed)
    while True:
        state = advanced(rules, seed, 30)
        while state.outcome() is None:
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            moves = state.legal_moves()
            if isinstance(state, ArchimedesState) and state.phase is Phase.MOVING and len(moves) > 40:
                return state
            state.apply(moves[rng.randrange(len(moves))])
        seed += "+"


def _count_trials(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]

    def counted(*args: object) -> float:
        calls[0] += 1
        return trial_score(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(player, "trial_score", counted)
    return calls


def test_grouped_scores_are_the_scores_of_every_move_and_take_fewer_trials(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _roll_step("archimedes/standard", "scores")
    moves = state.legal_moves()
    value = archimedes_search.value
    each = [trial_score(state, state.to_move, move, value) for move in moves]
    calls = _count_trials(monkeypatch)
    assert list(move_scores(state, state.to_move, moves, value)) == each
    keys = {state.result_key(m) for m in moves} - {None}
    assert calls[0] == len(keys) + sum(1 for m in moves if state.result_key(m) is None) < len(moves)


def test_a_game_with_rule_pieces_tries_every_move(monkeypatch: pytest.MonkeyPatch) -> None:
    # a house rule's triggers may tell a rolled path from a lift: no move shares a trial
    state = _roll_step("examples/house-rules/archimedes-jump-sends-back.yaml", "pieces")
    moves = state.legal_moves()
    assert all(state.result_key(m) is None for m in moves)
    calls = _count_trials(monkeypatch)
    move_scores(state, state.to_move, moves, archimedes_search.value)
    assert calls[0] == len(moves)


def test_a_family_without_keys_tries_every_move(monkeypatch: pytest.MonkeyPatch) -> None:
    state = advanced(load("stay-alive/standard"), "keys", 6)
    moves = state.legal_moves()
    calls = _count_trials(monkeypatch)
    move_scores(state, state.to_move, moves, lambda s: [0.5] * s.num_players)
    assert calls[0] == len(moves)
    assert all(state.result_key(m) is None for m in moves)
