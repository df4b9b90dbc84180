"""In a game without hidden information a tree node stands for one position, so the search lists
(and ranks) its moves once and walks on by index (`Search._select_known`).  The general walk,
which lists the moves again in every iteration, is what information-set search does; asked of a
perfect-information game it copies the position as its "sample" and draws nothing, so both walks
must grow the same tree and find the same statistics, in every family, with and without the
move prior."""

from __future__ import annotations

import random

import pytest

from marblestudio.agents import Search, SearchConfig
from marblestudio.engine.core import Move, State

from .games import FAMILIES, FAMILY_RULESETS, advanced, load

PERFECT = [f for f in FAMILIES if f != "alive"]  # ALIVE hides cards: it always takes the general walk


def _searched(state: State, config: SearchConfig, seed: int) -> tuple[list[tuple[str, int, float]], list[float], int]:
    search = Search(state, state.to_move, config, random.Random(seed))
    search.run()
    stats = [(str(s.move), s.visits, s.value) for s in search.stats()]
    return stats, search.root_values(), len(search.root.children)


@pytest.mark.parametrize("family", PERFECT)
@pytest.mark.parametrize("widening", [1.0, None])
def test_the_known_position_walk_grows_the_tree_the_general_walk_grows(family: str, widening: float | None) -> None:
    rules = load(FAMILY_RULESETS[family])
    for k in range(3):
        state = advanced(rules, f"known:{family}:{k}", 5 + 4 * k)
        assert not Search(state, state.to_move, SearchConfig(iterations=1), random.Random(0)).information_set
        known = _searched(state, SearchConfig(iterations=150, widening=widening), k)
        general = _searched(state, SearchConfig(iterations=150, widening=widening, information_set=True), k)
        assert known == general
        assert sum(visits for _, visits, _ in known[0]) == 150  # every iteration went through a root move


def test_the_known_walk_lists_a_nodes_moves_once() -> None:
    family = "archimedes" if "archimedes" in PERFECT else PERFECT[0]
    state = advanced(load(FAMILY_RULESETS[family]), "known:once", 6)
    listed = 0
    original = type(state).legal_moves

    def counting(self: State) -> list[Move]:
        nonlocal listed
        listed += 1
        return original(self)

    search = Search(state, state.to_move, SearchConfig(iterations=60, rollout_depth=0), random.Random(4))
    search.evaluator = None  # a leaf is scored as a draw: only the tree walk lists moves
    search.settle = None
    try:
        type(state).legal_moves = counting  # type: ignore[method-assign]
        search.run()
    finally:
        type(state).legal_moves = original  # type: ignore[method-assign]
    nodes = _decision_nodes(search)
    assert 0 < listed == nodes  # each decision node listed once; the general walk lists at every visit


def _decision_nodes(search: Search) -> int:
    count, todo = 0, [search.root]
    while todo:
        node = todo.pop()
        if node.moves is not None:
            count += 1
        todo.extend(node.children.values())
    return count
