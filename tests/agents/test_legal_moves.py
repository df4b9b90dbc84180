"""Every agent chooses only legal moves, in every family whose engine exists."""

from __future__ import annotations

import random

import pytest

from marblestudio.agents import MCTSAgent, SearchConfig, make_agent
from marblestudio.agents.base import Agent
from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE

from .games import FAMILIES, FAMILY_RULESETS, load

DECISIONS = 40


def _agents(seed: str) -> dict[str, Agent]:
    # A small search with short rollouts keeps the test quick in the long games (Archimedes).
    return {
        "random": make_agent("random", seed),
        "heuristic": make_agent("heuristic", seed),
        "mcts": MCTSAgent(SearchConfig(iterations=25, rollout_depth=40), seed),
    }


@pytest.mark.parametrize("family", FAMILIES)
@pytest.mark.parametrize("kind", ["random", "heuristic", "mcts"])
def test_agents_choose_only_legal_moves(family: str, kind: str) -> None:
    rules = load(FAMILY_RULESETS[family])
    for game in range(2):
        rng = random.Random(f"legal:{family}:{game}")
        agent = _agents(f"{family}:{game}")[kind]
        state = new_game(rules)
        decisions = 0
        while state.outcome() is None and decisions < DECISIONS:
            mover = state.to_move
            if mover == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            legal = state.legal_moves()
            move = agent.choose(state, mover, rng)
            assert move in legal, f"{kind} chose {move}, not among {[str(m) for m in legal]}"
            state.apply(move)
            decisions += 1
        assert decisions > 0


def test_an_agent_refuses_to_move_out_of_turn() -> None:
    state = new_game(load(FAMILY_RULESETS["stay-alive"]))
    assert state.to_move == CHANCE
    with pytest.raises(ValueError, match="chance step"):
        make_agent("random", 1).choose(state, 0)
    state.apply(state.sample_chance(random.Random(1)))
    with pytest.raises(ValueError, match="seat 0's turn"):
        make_agent("mcts:5", 1).choose(state, 1)
