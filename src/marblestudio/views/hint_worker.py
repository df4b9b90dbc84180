"""The hint, worked out in the computer's worker process (no Qt here, so spawning it is cheap).

`hint_move` rebuilds the game from the moves so far, as `session.computer_move` does, and asks
`marblestudio.agents.suggest` for the seat to move: a search that reads only what that seat may
know, the moves rated best first.
"""

from __future__ import annotations

from collections.abc import Sequence

from marblestudio.agents import HINT, Level, suggest
from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE
from marblestudio.engine.rules import Ruleset


def hint_move(
    rules: Ruleset, players: int, moves: Sequence[str], seed: int,
    spec: str = HINT.spec, time_limit: float = HINT.time_limit,
) -> tuple[str, str]:
    """The suggested move's notation, and a short note on how sure the search is."""
    state = new_game(rules, players)
    for text in moves:
        state.apply(state.parse_move(text))
    seat = state.to_move
    if state.outcome() is not None or seat == CHANCE:
        raise ValueError("there is no player to move")
    level = Level(HINT.name, spec, time_limit, HINT.description)
    rated = suggest(state, seat, f"{seed}:hint:{len(moves)}", level)
    best = rated[0]
    visits = sum(m.visits for m in rated) or 1
    note = f"{100 * best.visits / visits:.0f}% of the search, expected result {100 * best.value:.0f}%"
    return str(best.move), note
