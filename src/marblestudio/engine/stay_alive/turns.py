"""Who may move which slide: the previous-player rule and the two-players-left readings.

GAMES.md section 1: a player may not move the slide the player immediately before moved (no
restriction after a pass), unless the ruleset allows it (`PreviousSlide.ALLOWED`).  With two
players left, `TwoPlayerLimit.OWN_TURNS` (the bundled reading) forbids moving one slide on
three own turns in a row (own turns before the others went out count too), and
`TwoPlayerLimit.CONSECUTIVE_TURNS` (the other reading) relaxes the previous-player rule so
that a slide may move on two consecutive turns of the game, never three.  This module also
words every reason a move is refused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from marblestudio.engine.stay_alive.moves import SlideMove
from marblestudio.engine.stay_alive.rules import PreviousSlide, TwoPlayerLimit

if TYPE_CHECKING:
    from marblestudio.engine.stay_alive.state import StayAliveState

# The rules' words as native constants (the enum class's `__getattr__` answers `TwoPlayerLimit.OWN_TURNS`: docs/native.md).
_CONSECUTIVE_TURNS: Final = TwoPlayerLimit.CONSECUTIVE_TURNS
_OWN_TURNS: Final = TwoPlayerLimit.OWN_TURNS
_FORBIDDEN: Final = PreviousSlide.FORBIDDEN

SETUP, PLACING, SLIDING, OVER = "setup", "placing", "sliding", "over"
"""The phases of a game (compared by identity: always use these constants)."""


def blocked(state: StayAliveState, seat: int) -> tuple[int, int]:
    """The (up to two) slide indexes `seat` may not move now (-1: none), for any reading."""
    rules, last = state.rules, state.last_slide
    two_left = state.alive == 2
    limit = rules.two_player_limit
    prev = -1
    if last >= 0:
        if limit is _CONSECUTIVE_TURNS and two_left:
            if state.game_streak >= 2:
                prev = last  # never three turns of the game in a row
            # else relaxed: the opponent may move the slide just moved
        elif rules.previous_slide is _FORBIDDEN:
            prev = last
    own = -1
    if limit is _OWN_TURNS and two_left and state.own_streak[seat] >= 2:
        own = state.own_last[seat]
    return prev, own


def slide_rule(state: StayAliveState, move: SlideMove) -> str | None:
    """Why `move` is illegal now (the rule it breaks), or None."""
    if state.phase != SLIDING:
        return phase_rule(state, "move a slide")
    t = state.tables
    s = move.slide
    if not (0 <= s < len(t.slide_ids)) or t.slide_ids[s] != move.slide_id:
        return f"there is no slide {move.slide_id}"
    sid = move.slide_id
    pos = state.positions[s]
    new = pos + move.step
    count = len(t.open_masks[s])
    steps = state.rules.knob_steps
    if not 0 < abs(move.step) <= steps:
        most = "one position" if steps == 1 else f"at most {steps} positions"
        return f"a knob moves {most}: {sid} cannot go from {position_name(pos, count)} to {position_name(new, count)}"
    if not 0 <= new < count:
        return f"slide {sid} is already at the {position_name(pos, count)}"
    prev, own = blocked(state, state.to_move)
    if s == prev:
        consecutive = state.rules.two_player_limit is _CONSECUTIVE_TURNS
        if state.alive == 2 and consecutive and state.game_streak >= 2:
            return f"with two players left, slide {sid} may not move on three turns in a row"
        return f"slide {sid} was moved by the previous player"
    if s == own:
        return f"with two players left, a player may not move slide {sid} on three own turns in a row"
    return None


def phase_rule(state: StayAliveState, what: str) -> str:
    """The reason `what` cannot be done in the current phase."""
    if state.phase == SETUP:
        return f"cannot {what} before the set-up (a chance step)"
    if state.phase == PLACING:
        return f"cannot {what} while marbles are being placed: place a marble"
    return f"cannot {what}: every marble is placed, move a slide"


def position_name(pos: int, count: int) -> str:
    """``inside``, ``centre``, ``outside`` (or ``position N`` between, on longer slides)."""
    if count == 3 and 0 <= pos < 3:
        return ("inside", "centre", "outside")[pos]
    if pos == 0:
        return "inside"
    if pos == count - 1:
        return "outside"
    return f"position {pos}"
