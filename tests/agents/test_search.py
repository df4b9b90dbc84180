"""The search's behaviour through the common interface: wins it sees, shared rewards, chance
steps, the iteration budget and the time cap."""

from __future__ import annotations

import random

from marblestudio.agents import Search, SearchConfig, make_agent
from marblestudio.agents.base import rewards
from marblestudio.engine import Outcome, Termination
from marblestudio.engine.core import CHANCE
from marblestudio.engine.rules import Players, Ruleset
from marblestudio.engine.stay_alive import new_game
from marblestudio.engine.stay_alive.rules import Layer, Slide, StayAliveRules

from .games import advanced, load


def _one_winning_slide() -> Ruleset:
    """A 2 x 2 board: R1 opens row 1 one move out; R2 never opens; the white slides are always
    open.  Seat 1 places on row 1 and seat 0 on row 2, so R1+ drops seat 1's only marble."""
    slides = (
        Slide("R1", Layer.RED, 0, ((), (0, 1), (0, 1))),
        Slide("R2", Layer.RED, 1, ((), (), ())),
        Slide("W1", Layer.WHITE, 0, ((0, 1), (0, 1), (0, 1))),
        Slide("W2", Layer.WHITE, 1, ((0, 1), (0, 1), (0, 1))),
    )
    family = StayAliveRules(
        rows=2, columns=2, positions=3, slides=slides, marbles_per_player=1,
        start_positions=tuple((s.id, 0) for s in slides),
    )
    return Ruleset("test/one-winning-slide", "one winning slide", "", "stay-alive", Players(2, 2, 2), family, move_limit=50)


def _position() -> object:
    state = new_game(_one_winning_slide(), 2)
    state.apply(state.parse_move("place a2"))
    state.apply(state.parse_move("place a1"))
    assert state.to_move == 0
    assert len(state.legal_moves()) > 2
    return state


def test_mcts_takes_an_immediate_win() -> None:
    state = _position()
    for seed in range(3):
        assert str(make_agent("mcts:200", seed).choose(state, 0, random.Random(seed))) == "R1+"  # type: ignore[arg-type]


def test_heuristic_takes_an_immediate_win() -> None:
    state = _position()
    assert str(make_agent("heuristic", 0).choose(state, 0, random.Random(0))) == "R1+"  # type: ignore[arg-type]


def test_a_win_is_worth_one_shared_among_the_winners() -> None:
    assert rewards(Outcome(Termination.WIN, (2,)), 3) == [0.0, 0.0, 1.0]
    assert rewards(Outcome(Termination.WIN, (0, 2)), 4) == [0.5, 0.0, 0.5, 0.0]
    assert rewards(Outcome(Termination.DRAW), 2) == [0.5, 0.5]  # a draw is half a win to each of two
    assert rewards(Outcome(Termination.CAPPED), 4) == [0.25, 0.25, 0.25, 0.25]


def test_the_search_runs_its_iteration_budget_and_counts_visits() -> None:
    state = advanced(load("avalanche/standard"), "budget", 4)
    search = Search(state, state.to_move, SearchConfig(iterations=120), random.Random(1))
    search.run()
    assert search.iterations_done == 120
    stats = search.stats()
    assert sum(s.visits for s in stats) == 120
    assert [s.visits for s in stats] == sorted((s.visits for s in stats), reverse=True)
    assert {str(s.move) for s in stats} == {str(m) for m in state.legal_moves()}


def test_chance_steps_inside_the_tree_are_sampled_by_the_search() -> None:
    """Archimedes rolls a die inside every rolling turn: the search's tree holds chance edges."""
    state = advanced(load("archimedes/standard"), "dice", 2)
    seat = state.to_move
    search = Search(state, seat, SearchConfig(iterations=200, rollout_depth=30), random.Random(2))
    search.run()

    def has_chance_edge(node: object, depth: int) -> bool:
        children = node.children  # type: ignore[attr-defined]
        if any(getattr(key, "is_chance", False) for key in children):
            return True
        return depth > 0 and any(has_chance_edge(child, depth - 1) for child in children.values())

    assert has_chance_edge(search.root, 4)
    assert state.to_move != CHANCE  # the search worked on copies


def test_a_time_cap_stops_the_search_early() -> None:
    state = advanced(load("stay-alive/standard"), "time", 30)
    search = Search(state, state.to_move, SearchConfig(iterations=10_000, time_limit=0.0), random.Random(1))
    search.run()
    assert search.iterations_done == 8  # the clock is read every 8 iterations


def test_a_hint_rates_every_legal_move_best_first() -> None:
    from marblestudio.agents import suggest

    state = _position()
    hints = suggest(state, 0, seed=1, spec="mcts:200", time_limit=60.0)
    assert str(hints[0].move) == "R1+"
    assert {str(h.move) for h in hints} == {str(m) for m in state.legal_moves()}  # type: ignore[attr-defined]
