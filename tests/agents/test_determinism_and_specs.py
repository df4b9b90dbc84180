"""Same seed, same moves; and the spec strings of the command line, reports and app."""

from __future__ import annotations

import random

import pytest

from marblestudio.agents import AGENT_NAMES, LEVELS, AgentSpecError, MCTSAgent, make_agent
from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE

from .games import advanced, load


def _game(ref: str, specs: list[str], seed: str, decisions: int = 30) -> list[str]:
    rng = random.Random(seed)
    state = new_game(load(ref))
    agents = [make_agent(specs[s % len(specs)], f"{seed}:{s}") for s in range(state.num_players)]
    moves: list[str] = []
    while state.outcome() is None and len(moves) < decisions:
        mover = state.to_move
        move = state.sample_chance(rng) if mover == CHANCE else agents[mover].choose(state, mover)
        state.apply(move)
        moves.append(str(move))
    return moves


@pytest.mark.parametrize("ref", ["stay-alive/standard", "avalanche/standard", "alive/standard"])
def test_same_seed_same_moves(ref: str) -> None:
    first = _game(ref, ["mcts:40", "heuristic"], "det:1")
    assert first == _game(ref, ["mcts:40", "heuristic"], "det:1")


def test_another_seed_plays_another_game() -> None:
    games = {tuple(_game("stay-alive/standard", ["mcts:20", "random"], f"det:{i}")) for i in range(3)}
    assert len(games) > 1


def test_the_callers_generator_decides_when_given() -> None:
    state = advanced(load("stay-alive/standard"), "caller", 30)
    seat = state.to_move
    a = make_agent("mcts:60", 1).choose(state, seat, random.Random(5))
    b = make_agent("mcts:60", 2).choose(state, seat, random.Random(5))
    assert a == b


def test_specs_build_the_named_players() -> None:
    assert make_agent("random", 0).name == "random"
    assert make_agent("heuristic", 0).name == "heuristic"
    search = make_agent("mcts:250", 0)
    assert isinstance(search, MCTSAgent) and search.config.iterations == 250 and search.config.information_set is None
    forced = make_agent("ismcts:30", 0)
    assert isinstance(forced, MCTSAgent) and forced.config.information_set is True
    rolled = make_agent("mcts:30:heuristic", 0)
    assert isinstance(rolled, MCTSAgent) and rolled.rollout == "heuristic"
    assert isinstance(make_agent("MCTS", 0), MCTSAgent)
    assert set(AGENT_NAMES) == {"random", "heuristic", "mcts", "ismcts"}


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("minimax", "unknown agent 'minimax'"),
        ("mcts:many", "whole number"),
        ("mcts:0", "at least 1"),
        ("mcts:10:greedy", "random or heuristic"),
        ("random:5", "unknown agent"),
        ("mcts:", "give the iterations after ':'"),  # was taken as mcts and shown as 'mcts:'
        ("mcts::heuristic", "give the iterations after ':'"),
    ],
)
def test_a_bad_spec_says_what_is_accepted(spec: str, message: str) -> None:
    with pytest.raises(AgentSpecError, match=message):
        make_agent(spec, 0)


@pytest.mark.parametrize("ref", ["stay-alive/standard", "alive/standard", "avalanche/standard", "archimedes/standard", "mancala/kalah"])
def test_levels_grow_in_strength_in_every_game_and_carry_a_time_cap(ref: str) -> None:
    """Each family sets its own budgets (an Archimedes iteration costs many of Stay Alive's)."""
    from marblestudio.agents.player import player_of
    from marblestudio.engine import new_game
    from marblestudio.rulesets import load

    state = new_game(load(ref), 2)
    player = player_of(state)
    assert player is not None and player.levels is not None
    budgets = []
    for name in ("easy", "medium", "hard"):
        agent = make_agent(name, 0)
        assert isinstance(agent, MCTSAgent) and agent.name == name
        assert agent.config.time_limit == LEVELS[name].time_limit
        config = agent.config_for(state)
        assert config.iterations == player.levels[name]  # the family's budget, not the level's default
        assert config.time_limit == LEVELS[name].time_limit
        budgets.append(config.iterations)
    assert budgets == sorted(budgets) and len(set(budgets)) == 3


def test_a_level_searches_its_familys_budget() -> None:
    from marblestudio.engine import new_game
    from marblestudio.rulesets import load

    state = new_game(load("archimedes/standard"), 2)
    while state.to_move < 0:
        state.apply(state.sample_chance(__import__("random").Random(3)))
    agent = make_agent("easy", 0, time_limit=None)
    assert isinstance(agent, MCTSAgent)
    agent.choose(state, state.to_move)
    assert agent.last_search is not None and agent.last_search.iterations_done == 20  # Archimedes' easy
