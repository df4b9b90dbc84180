"""Rock Me Archimedes' computer player (GAMES.md section 4): head home, keep the board level.

MCTS scores its leaves with its own evaluator (`archimedes_search`: the heuristic player's leads
a search into blockades), only at the start of the searching seat's own turn (`quiet`), and
widens in the greedy order of that evaluator.
"""

from __future__ import annotations

from marblestudio.agents import archimedes_search
from marblestudio.agents.base import shares
from marblestudio.agents.player import FamilyPlayer, greedy, greedy_prior
from marblestudio.engine.archimedes import ArchimedesState, Phase
from marblestudio.engine.core import State

_ZONE_ROWS: dict[int, tuple[tuple[tuple[int, int], ...], ...]] = {}


def _zone_rows(state: ArchimedesState) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per seat, the row ranges of the end zones that count for its win (cached per ruleset)."""
    rules = state.rules
    key = id(rules)
    rows = _ZONE_ROWS.get(key)
    if rows is None:
        rows = tuple(tuple(z.rows for z in rules.win_zones(seat)) for seat in range(state.num_players))
        _ZONE_ROWS[key] = rows
    return rows


PROGRESS_MEMO = 100_000
"""Progress figures remembered (`_progress`); a full table starts again empty."""

_PROGRESS: dict[tuple[int, int, int, int], float] = {}


def _progress(state: ArchimedesState, seat: int, need: int, zones: tuple[tuple[int, int], ...]) -> float:
    """How far `seat` is on its way to `need` marbles in one of its end zones, in [0, 1]: over
    its `need` marbles nearest the zone (a marble in the supply counts as standing in the
    midzone), the mean of 1 - rows to go / board length.  It depends on the seat's marbles and
    supply only: remembered by them (a move changes one seat's, so the other's is found)."""
    supply = state.supply[seat]
    key = (id(zones), state.seat_bits()[seat], supply, need)
    found = _PROGRESS.get(key)
    if found is not None:
        return found
    length = state.rules.rows
    best = 0.0
    rows = [r for (r, _), s in state.board.items() if s == seat]
    for low, high in zones:
        gaps = [low - r if r < low else r - high if r > high else 0 for r in rows]
        middle = length // 2
        gaps.extend([low - middle if middle < low else middle - high if middle > high else 0] * supply)
        gaps.sort()
        near = gaps[:need] + [length] * max(0, need - len(gaps))
        best = max(best, sum(1.0 - g / length for g in near) / need)
    if len(_PROGRESS) >= PROGRESS_MEMO:
        _PROGRESS.clear()
    _PROGRESS[key] = best
    return best


def value(state: State) -> list[float]:
    """Marbles home count most; then how near the others are; a steep board threatens the
    player whose turn it is (a touch in one's own turn loses)."""
    assert isinstance(state, ArchimedesState)
    need = state.rules.marbles_to_win
    touch = state.balance.touch_angle() or 90.0
    danger = min(1.0, abs(state.balance.settled(state.k, len(state.board)).angle) / touch)  # the view's angle, remembered
    mover = state.to_move
    zones = _zone_rows(state)
    raw = []
    for seat in range(state.num_players):
        home = state.home(seat) / need
        near = _progress(state, seat, need, zones[seat])
        raw.append(0.6 * home + 0.4 * near - (0.6 * danger * danger if seat == mover else 0.0))
    return shares(raw)


def quiet(state: State, seat: int) -> bool:
    """Where a search's leaf may be scored: only at the start of the seat's own turn.  A turn is
    several steps (choose, the die, one marble after another); scored any earlier, a roll, whose
    leaves come before the opponent's reply, looks better than adding a marble, whose leaves
    come after it, and the search kept its marbles in the supply while the heuristic raced home."""
    assert isinstance(state, ArchimedesState)
    return state.phase is Phase.CHOOSE and state.to_move == seat


PLAYER = FamilyPlayer(
    policy=greedy(value),
    value=value,
    search_value=archimedes_search.value,
    prior=greedy_prior(archimedes_search.value),
    quiet=quiet,
    rollout_depth=0,
    levels={"easy": 20, "medium": 200, "hard": 1500, "hint": 600},
)
"""Archimedes' levels: an iteration plays the rest of a turn and the reply with the heuristic
player's policy, each move a trial with the board's physics (about 2,400 a second here)."""
