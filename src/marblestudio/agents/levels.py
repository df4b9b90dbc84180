"""The app's difficulty levels: an iteration budget per game family, and a thinking-time cap.

A level is a search of a fixed number of iterations, which makes it reproducible: the same seed
gives the same moves on any machine.  Each family's player names its own budgets
(`FamilyPlayer.levels`), because a search iteration costs very different time in different
games (a Rock Me Archimedes iteration plays a whole turn with its physics; a Stay Alive one a
few slides); the budgets are chosen so that "hard" answers well within its cap on a 2-core
machine (benchmarks/levels.py prints the ladder of levels and the slowest hard move).  The time
cap is a safety for a slower machine: when it cuts a search short, the move depends on the
machine, which is why reports and tests of a level name its budget (`mcts:<iterations>`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from marblestudio.engine.core import State


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    iterations: int  # the budget of a family whose player names none for this level
    time_limit: float  # seconds of thinking per move at most (the app's cap)
    description: str

    @property
    def spec(self) -> str:
        """The agent spec of the level (`make_agent` gives it each family's budget)."""
        return self.name


LEVELS: dict[str, Level] = {
    "easy": Level("easy", 60, 1.0, "a glance ahead, a few dozen simulated games a move; often misses what a move gives away"),
    "medium": Level("medium", 400, 3.0, "a short search, one or a few hundred simulated games a move"),
    "hard": Level("hard", 2000, 10.0, "a long search, thousands of simulated games a move"),
}
"""easy, medium, hard: in order of strength."""

HINT = Level("hint", 1000, 5.0, "what a search of about a thousand games suggests")
"""The app's "hint" action: a search for the seat to move, as an advisor."""

NAMED: dict[str, Level] = {**LEVELS, HINT.name: HINT}
"""Every level an agent spec may name."""


def budget(level: Level, state: State) -> int:
    """The iterations of `level` in `state`'s game: its family player's, else the level's own."""
    from marblestudio.agents.player import player_of

    player = player_of(state)
    budgets = player.levels if player is not None and player.levels is not None else {}
    return budgets.get(level.name, level.iterations)
