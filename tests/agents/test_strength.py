"""A small, seeded strength check: a modest search beats random play in Stay Alive.

20 games of the quick Stay Alive (3 marbles each), seats alternating, MCTS with 40 iterations
against random: it must win at least 17.  A player no better than random would do so with
probability 1351/2^20 (about 0.13%); the full table with intervals is `benchmarks/agents.py`.
"""

from __future__ import annotations

from marblestudio.rulesets import load_with_source
from marblestudio.playtest.workers import GameTask, run_indexed


def test_mcts_beats_random_in_stay_alive() -> None:
    resolved = load_with_source("stay-alive/quick").resolved
    task = GameTask(resolved, ("mcts:40", "random"), seed="strength", players=2)
    games = run_indexed(task, 20, workers=1).results
    mcts_wins = sum(1 for g in games for seat in g.winners if g.seating[seat] == "mcts:40")
    assert {g.seating for g in games} == {("mcts:40", "random"), ("random", "mcts:40")}
    assert mcts_wins >= 17
