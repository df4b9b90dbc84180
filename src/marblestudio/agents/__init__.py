"""Computer players: random, a heuristic per game family, and Monte Carlo tree search.

`make_agent(spec, seed)` builds one from a spec string, as the command line, the reports and the
app write it:

- ``random``: uniformly random legal moves.
- ``heuristic``: the family's rule of thumb (random where a family has none yet).
- ``mcts`` / ``mcts:<iterations>`` (default 1000): Monte Carlo tree search; information-set
  search over `determinize` samples when the game hides something.
- ``ismcts:<iterations>``: information-set search even in a perfect-information game.
- either search with ``:heuristic`` appended (``mcts:500:heuristic``) rolls out with the
  family's rollout policy instead of random moves.
- ``easy``, ``medium``, ``hard`` (and ``hint``): the app's levels, a search whose iterations
  each game family sets (see `levels`), with the level's thinking-time cap.

Agents import only the engine: they run in a worker process of the app or of a playtest.
"""

from __future__ import annotations

from marblestudio.agents.base import Agent, has_hidden_information
from marblestudio.agents.heuristic import HeuristicAgent
from marblestudio.agents.levels import HINT, LEVELS, NAMED, Level
from marblestudio.agents.mcts import MCTSAgent, MoveStats, Search, SearchConfig
from marblestudio.agents.random import RandomAgent
from marblestudio.engine.core import State

AGENT_NAMES: tuple[str, ...] = ("random", "heuristic", "mcts", "ismcts")
"""The kinds of player a spec may name (a search takes ``:<iterations>`` too)."""

DEFAULT_ITERATIONS = 1000
MAX_ITERATIONS = 999_999_999
"""The most iterations a search may be asked for (`mcts:N`, `analyse --iterations`): nine digits."""


class AgentSpecError(ValueError):
    """A spec string that names no player; the message says what is accepted."""


_USAGE = (
    "write random, heuristic, mcts, mcts:<iterations>, ismcts:<iterations> "
    "(optionally :heuristic for heuristic rollouts), or easy, medium, hard"
)


def make_agent(spec: str, seed: int | str = 0, time_limit: float | None = None) -> Agent:
    """The player that `spec` names (see the module docstring), seeded with `seed`.

    `time_limit` caps a search's thinking time per move (for the app); it makes the moves
    depend on the machine, so reports and tests leave it unset.
    """
    text = spec.strip().lower()
    if text in NAMED:
        level = NAMED[text]
        cap = level.time_limit if time_limit is None else time_limit
        config = SearchConfig(iterations=level.iterations, time_limit=cap)
        return MCTSAgent(config, seed, name=level.name, level=level)
    kind, colon, rest = text.partition(":")
    if kind == "random" and not rest:
        return RandomAgent(seed)
    if kind == "heuristic" and not rest:
        return HeuristicAgent(seed)
    if kind in ("mcts", "ismcts"):
        parts = rest.split(":") if colon else []
        if len(parts) > 2:
            raise AgentSpecError(f"agent {spec!r}: too many ':' parts; {_USAGE}")
        iterations = DEFAULT_ITERATIONS
        if parts and not parts[0]:
            raise AgentSpecError(f"agent {spec!r}: give the iterations after ':' ({kind}:300), or leave out the ':'")
        if parts:
            if not (parts[0].isascii() and parts[0].isdigit() and len(parts[0]) <= len(str(MAX_ITERATIONS))) or int(parts[0]) < 1:
                raise AgentSpecError(f"agent {spec!r}: the iterations must be a whole number of at least 1 (and at most {MAX_ITERATIONS})")
            iterations = int(parts[0])
        rollout = parts[1] if len(parts) == 2 else "random"
        if rollout not in ("random", "heuristic"):
            raise AgentSpecError(f"agent {spec!r}: rollouts are random or heuristic, not {rollout!r}")
        config = SearchConfig(
            iterations=iterations,
            information_set=True if kind == "ismcts" else None,
            time_limit=time_limit,
        )
        return MCTSAgent(config, seed, rollout, name=spec.strip())
    raise AgentSpecError(f"unknown agent {spec!r}: {_USAGE}")


def suggest(state: State, seat: int, seed: int | str = 0, spec: str = HINT.spec, time_limit: float = HINT.time_limit) -> list[MoveStats]:
    """The app's hint: the seat's legal moves as a search rates them, best first (`spec`: a level
    such as ``hint``, or ``mcts:<iterations>``; `time_limit`: the thinking-time cap).

    Reads only what `seat` may know (information-set search in a game with hidden cards).
    """
    return searching(state, seat, seed, spec, time_limit).stats()


def searching(state: State, seat: int, seed: int | str = 0, spec: str = HINT.spec, time_limit: float = HINT.time_limit) -> Search:
    """The hint's search of `state` for `seat`, done (`suggest` reads its moves; a hint's note
    reads its values too)."""
    agent = make_agent(spec, seed, time_limit)
    if not isinstance(agent, MCTSAgent):
        raise AgentSpecError(f"a hint needs a search (a level or mcts:<iterations>), not {spec!r}")
    return agent.search(state, seat)


def check_spec(spec: str) -> None:
    """Raise `AgentSpecError` if `spec` names no player (for argument checking)."""
    make_agent(spec, 0)


__all__ = [
    "AGENT_NAMES",
    "HINT",
    "LEVELS",
    "Agent",
    "AgentSpecError",
    "HeuristicAgent",
    "Level",
    "MCTSAgent",
    "MoveStats",
    "RandomAgent",
    "Search",
    "SearchConfig",
    "check_spec",
    "has_hidden_information",
    "make_agent",
    "searching",
    "suggest",
]
