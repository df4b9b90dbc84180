"""The heuristic (greedy on `value`) and Marble Studio's MCTS playing Mancala."""

from __future__ import annotations

import random

import pytest

from marblestudio.agents.base import pick
from marblestudio.agents.mcts import MCTSAgent, Search, SearchConfig
from marblestudio.agents.random import RandomAgent

from marblestudio_mancala import agents
from marblestudio_mancala.engine import MancalaState
from mancala_helpers import bundled_game, oware, play, position

GAMES = 40


@pytest.mark.parametrize("name", ["kalah", "oware"])
def test_greedy_policy_beats_random_in_a_clear_majority_of_seeded_games(name: str) -> None:
    wins = 0
    for i in range(GAMES):
        rng = random.Random(f"greedy:{i}")
        greedy = i % 2  # each seat half of the time
        state = bundled_game(name)
        while state.outcome() is None:
            moves = state.legal_moves()
            seat = state.to_move
            state.apply(agents.policy(state, seat, moves, rng) if seat == greedy else pick(moves, rng))
        outcome = state.outcome()
        assert outcome is not None
        wins += greedy in outcome.winners
    assert wins >= 0.7 * GAMES, f"greedy won {wins} of {GAMES}"


def test_value_is_per_seat_in_the_unit_interval_and_prefers_the_fuller_store() -> None:
    state = position(oware(), south=[4] * 6, north=[4] * 6, stores=(0, 0))
    assert agents.value(state) == [0.5, 0.5]
    position(state, south=[2] * 6, north=[4] * 6, stores=(12, 0))
    south, north = agents.value(state)
    assert 0.5 < south <= 1.0 and 0.0 <= north < 0.5 and south + north == pytest.approx(1.0)


def test_value_of_a_finished_game_is_its_result() -> None:
    state = position(oware(), south=[0, 0, 0, 0, 0, 2], north=[1, 2, 4, 4, 4, 4], stores=(20, 7))
    play(state, "f")
    assert agents.value(state) == [1.0, 0.0]


def test_greedy_policy_takes_a_capture_that_wins() -> None:
    state = position(oware(), south=[0, 0, 0, 1, 0, 2], north=[1, 2, 4, 4, 4, 4], stores=(20, 6))
    assert str(agents.policy(state, 0, state.legal_moves(), random.Random(0))) == "f"


def test_greedy_policy_follows_its_extra_turns() -> None:
    # a at once captures E's 9 seeds (10 in the store); f first ends in the store, and the extra
    # turn's a captures the same 10 (11 in the store).
    state = position(bundled_game("kalah"), south=[1, 0, 0, 0, 3, 1], north=[4, 4, 4, 4, 9, 4], stores=(0, 0))
    assert str(agents.policy(state, 0, state.legal_moves(), random.Random(0))) == "f"


def _play_out(state: MancalaState, searcher: MCTSAgent, seat: int) -> None:
    other = RandomAgent(1)
    rng = random.Random(2)
    while state.outcome() is None:
        legal = state.legal_moves()
        agent = searcher if state.to_move == seat else other
        move = agent.choose(state, state.to_move, rng)
        assert move in legal
        state.apply(move)


@pytest.mark.parametrize("name", ["kalah", "oware"])
def test_mcts_plays_mancala_to_the_end(name: str) -> None:
    state = bundled_game(name)
    _play_out(state, MCTSAgent(SearchConfig(iterations=40), seed=3), seat=0)
    assert state.outcome() is not None and sum(state.counts().values()) == 48


def test_mcts_with_the_mancala_evaluator_and_rollout_finds_the_winning_capture() -> None:
    # What the plug-in API will hand MCTS: the family's evaluator and rollout policy.
    state = position(oware(), south=[0, 0, 0, 1, 0, 2], north=[1, 2, 4, 4, 4, 4], stores=(20, 6))
    config = SearchConfig(iterations=200, rollout_depth=6)
    search = Search(state, 0, config, random.Random(5), agents.rollout, agents.value)
    search.run()
    assert str(search.best_move()) == "f"
