"""What the app's computer process runs: a computer player's move and a hint, from plain values.

The window sends these to a worker process (spawned, so it shares nothing with the GUI and
imports no Qt): the rules, the number of players and the moves so far as notation, from which
the game is rebuilt there (`engine.rebuild`; a state object need not survive pickling).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import ParamSpec, TypeVar

from marblestudio.agents import HINT, make_agent, searching
from marblestudio.agents.base import shared_out
from marblestudio.engine import CHANCE, family, rebuild
from marblestudio.engine.rules import Ruleset

P = ParamSpec("P")
R = TypeVar("R")


def blamed(task: Callable[P, R]) -> Callable[P, R]:
    """`task`, raising an error of a plug-in family's code as that family's fault
    (`family.blame`): it runs in a worker process, whose frames do not cross back to the window
    for the blame to find them there."""

    @functools.wraps(task)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return task(*args, **kwargs)
        except Exception as exc:
            fault = family.blame(exc)
            if fault is None:
                raise
            raise fault from exc

    return run


@blamed
def computer_move(rules: Ruleset, players: int, moves: Sequence[str], spec: str, seed: int, start: str | None = None) -> str:
    """The move (as notation) the computer player `spec` chooses after `moves` (played from the
    position `start`, or from the rules' set-up)."""
    state = rebuild(rules, players, moves, start)
    seat = state.to_move
    rng = random.Random(f"{seed}:agent:{seat}:{len(moves)}")
    agent = make_agent(spec, f"{seed}:{len(moves)}")
    return str(agent.choose(state, seat, rng))


@blamed
def hint_move(
    rules: Ruleset, players: int, moves: Sequence[str], seed: int,
    spec: str = HINT.spec, time_limit: float = HINT.time_limit, start: str | None = None,
) -> tuple[str, str]:
    """The move suggested for the seat to move after `moves` (played from the position `start`,
    or from the rules' set-up; a search that reads only what that seat may know), and a short
    note on how sure the search is."""
    state = rebuild(rules, players, moves, start)
    seat = state.to_move
    if state.outcome() is not None or seat == CHANCE:
        raise ValueError("there is no player to move")
    search = searching(state, seat, f"{seed}:hint:{len(moves)}", spec, time_limit)
    rated = search.stats()
    best = rated[0]
    visits = sum(m.visits for m in rated) or 1
    value = best.value * shared_out(search.root_values())  # with 3 or more seats: a share of 1, as analysis says it
    note = f"{100 * best.visits / visits:.0f}% of the search, expected result {100 * value:.0f}%"
    return str(best.move), note
