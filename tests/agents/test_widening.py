"""Progressive widening: where a family has a move prior (Rock Me Archimedes, with dozens of
moves a step), the search tries the prior's best moves first and adds one more only as the
node gains visits, instead of spreading a small budget over every move."""

from __future__ import annotations

import math
import random

import pytest

from marblestudio.agents import Search, SearchConfig, heuristic

from .games import FAMILIES, advanced, load

pytestmark = pytest.mark.skipif("archimedes" not in FAMILIES, reason="no Rock Me Archimedes engine")


def _position() -> object:
    for k in range(20):
        state = advanced(load("archimedes/standard"), f"widen:{k}", 6)
        if len(state.legal_moves()) >= 12:
            return state
    raise AssertionError("no Archimedes position with at least 12 moves")


def test_widening_limits_the_root_to_the_square_root_of_its_visits() -> None:
    state = _position()
    search = Search(state, state.to_move, SearchConfig(iterations=15), random.Random(1))  # type: ignore[attr-defined]
    search.run()
    # before the 15th iteration the root had 14 visits: ceil(sqrt(15)) = 4 moves allowed
    assert len(search.root.children) == math.ceil(math.sqrt(15)) == 4


def test_widening_tries_the_priors_best_moves_first() -> None:
    state = _position()
    moves = state.legal_moves()  # type: ignore[attr-defined]
    prior = heuristic.prior(state)  # type: ignore[arg-type]
    assert prior is not None
    scores = prior(state, moves)  # type: ignore[arg-type]
    search = Search(state, state.to_move, SearchConfig(iterations=3), random.Random(2))  # type: ignore[attr-defined]
    search.run()
    tried = {str(m.move) for m in search.stats() if m.visits}
    worst_tried = min(scores[i] for i, m in enumerate(moves) if str(m) in tried)
    untried = [scores[i] for i, m in enumerate(moves) if str(m) not in tried]
    assert len(tried) == 2 and all(s <= worst_tried for s in untried)


def test_without_widening_every_iteration_opens_a_new_root_move() -> None:
    state = _position()
    config = SearchConfig(iterations=10, widening=None)
    search = Search(state, state.to_move, config, random.Random(3))  # type: ignore[attr-defined]
    search.run()
    assert len(search.root.children) == 10
