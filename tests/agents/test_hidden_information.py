"""Players of a hidden-information game (ALIVE) act on what their seat may know, never on the
cards hidden from it: give the other hands and the deck different cards, consistently with the
seat's observation, and the choice (and the whole search) stays the same for the same seed."""

from __future__ import annotations

import random

import pytest

from marblestudio.agents import MCTSAgent, SearchConfig, has_hidden_information, make_agent
from marblestudio.engine.core import State

from .games import FAMILIES, advanced, load

pytestmark = pytest.mark.skipif("alive" not in FAMILIES, reason="the ALIVE engine is not there yet")

POSITIONS = [("hidden:1", 3), ("hidden:2", 12), ("hidden:3", 25), ("hidden:4", 40)]


def _hands(state: State) -> list[object]:
    return [state.table.hand_ids(s) for s in range(state.num_players)]  # type: ignore[attr-defined]


def _twin(state: State, seat: int, seed: str) -> State:
    """The same position seen from `seat`, with the cards hidden from it dealt differently."""
    for attempt in range(20):
        twin = state.determinize(seat, random.Random(f"{seed}:{attempt}"))
        if _hands(twin) != _hands(state):
            assert twin.observation(seat) == state.observation(seat)
            return twin
    raise AssertionError("could not deal the hidden cards differently")


def _search_stats(agent: MCTSAgent, state: State, seat: int) -> list[tuple[str, int, float]]:
    search = agent.search(state, seat, random.Random(7))
    return [(str(s.move), s.visits, round(s.value, 12)) for s in search.stats()]


@pytest.mark.parametrize(("seed", "steps"), POSITIONS)
def test_ismcts_never_reads_hidden_cards(seed: str, steps: int) -> None:
    state = advanced(load("alive/standard"), seed, steps)
    assert has_hidden_information(state)
    seat = state.to_move
    twin = _twin(state, seat, seed)
    agent = MCTSAgent(SearchConfig(iterations=150), seed=3)
    assert agent.config.information_set is None  # chosen automatically for ALIVE
    assert _search_stats(agent, state, seat) == _search_stats(agent, twin, seat)
    assert make_agent("mcts:150", 5).choose(state, seat, random.Random(9)) == make_agent("mcts:150", 5).choose(
        twin, seat, random.Random(9)
    )


@pytest.mark.parametrize(("seed", "steps"), POSITIONS)
def test_heuristic_never_reads_hidden_cards(seed: str, steps: int) -> None:
    state = advanced(load("alive/standard"), seed, steps)
    seat = state.to_move
    twin = _twin(state, seat, seed)
    first = make_agent("heuristic", 1).choose(state, seat, random.Random(4))
    assert first == make_agent("heuristic", 1).choose(twin, seat, random.Random(4))


def test_the_check_catches_a_search_that_peeks() -> None:
    """A search told to treat ALIVE as perfect information copies the true state, and so its
    statistics change with the hidden cards: the comparison above can fail."""
    peeking = MCTSAgent(SearchConfig(iterations=150, information_set=False), seed=3)
    differs = 0
    for seed, steps in POSITIONS:
        state = advanced(load("alive/standard"), seed, steps)
        seat = state.to_move
        twin = _twin(state, seat, seed)
        differs += _search_stats(peeking, state, seat) != _search_stats(peeking, twin, seat)
    assert differs >= 1


def test_only_alive_hides_information() -> None:
    from marblestudio.engine import new_game

    from .games import FAMILY_RULESETS

    hidden = {family for family in FAMILIES if has_hidden_information(new_game(load(FAMILY_RULESETS[family])))}
    assert hidden == {"alive"}
