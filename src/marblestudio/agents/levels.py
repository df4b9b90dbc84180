"""The app's difficulty levels, as agent specs and thinking-time caps.

A level is an iteration budget (what makes it reproducible) plus a time cap that keeps the app
responsive on a slow machine; without the cap the same seed gives the same moves.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    spec: str  # an agent spec for `make_agent`
    time_limit: float  # seconds of thinking per move at most (the app's cap)
    description: str


LEVELS: dict[str, Level] = {
    "easy": Level("easy", "mcts:60", 1.0, "a quick look ahead; often misses what a move gives away"),
    "medium": Level("medium", "mcts:400", 3.0, "a few hundred simulated games per move"),
    "hard": Level("hard", "mcts:2000", 10.0, "a couple of thousand simulated games per move"),
}
"""easy, medium, hard: in order of strength."""

HINT = Level("hint", "mcts:1000", 5.0, "what a search of about a thousand games suggests")
"""The app's "hint" action: a search for the seat to move, as an advisor."""
