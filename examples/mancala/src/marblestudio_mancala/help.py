"""Mancala's help for the window: a move to type, the controls, a move's events in words.

Marble Studio reads this module through the family's `help` field (`views.board.help.GameHelp.
from_module`): `MOVE_EXAMPLE` for the move box's placeholder, `CONTROLS` for Help > Controls,
and `event_text(event, name)` for the move list (None leaves an event to the common words; ""
leaves it out, as for the seed-by-seed `seed_sown`, which the board shows).
"""

from __future__ import annotations

from marblestudio.engine.core import Event
from marblestudio.views.board.help import SeatName

from marblestudio_mancala.engine.events import MancalaEvent

MOVE_EXAMPLE = "c, C"

CONTROLS = (
    "<p><b>Mancala.</b> Click a highlighted house in your row to sow it: its seeds go one by one "
    "counter-clockwise into the next houses (and, in Kalah, your store). South's houses are "
    "<i>a</i>-<i>f</i> from left to right along the front, North's <i>A</i>-<i>F</i> from right "
    "to left along the back; the stores are <i>s</i> (South's, right) and <i>S</i> (North's, "
    "left). The number beside each house and store is its count. In Kalah a last seed in your "
    "store gives you another turn, and a last seed in an empty house of yours captures the "
    "house opposite; in Oware a last seed that makes 2 or 3 in an opponent's house captures "
    "them. Most seeds wins.</p>"
)


def _seeds(count: int) -> str:
    return "1 seed" if count == 1 else f"{count} seeds"


def event_text(event: Event, name: SeatName) -> str | None:
    """A Mancala event in words (None: the common words)."""
    kind = event.kind
    if kind == MancalaEvent.SEEDS_TAKEN:
        return f"{name(event['seat'])} sows the {_seeds(event['seeds'])} of {event['place']}."
    if kind == MancalaEvent.SEED_SOWN:
        return ""
    if kind == MancalaEvent.SEEDS_CAPTURED:
        return f"{name(event['seat'])} captures the {_seeds(event['seeds'])} of {event['place']}."
    if kind == MancalaEvent.GRAND_SLAM:
        return (f"Grand slam: taking all {_seeds(event['seeds'])} of the opponent's would leave them nothing, "
                f"so {name(event['seat'])} captures none.")
    if kind == MancalaEvent.EXTRA_TURN:
        return f"The last seed lands in {name(event['seat'])}'s store: {name(event['seat'])} moves again."
    if kind == MancalaEvent.SEEDS_COLLECTED:
        return f"{name(event['seat'])} stores the {_seeds(event['seeds'])} left in {event['place']}."
    return None


__all__ = ["CONTROLS", "MOVE_EXAMPLE", "event_text"]
