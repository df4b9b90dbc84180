"""What happens in a game of Rock Me Archimedes, as event kinds (the data each carries in brackets)."""

from __future__ import annotations

from marblestudio.engine.core import Event, EventKind


class ArchimedesEvent(EventKind):
    """The kinds of event a game of Rock Me Archimedes produces (its rule pieces can trigger on them)."""

    DIE_ROLLED = "die_rolled"
    """The die was rolled (`seat`, `value`; at the start, both players' `rolls`)."""
    MARBLE_PLACED = "marble_placed"
    """A marble was added in the midzone (`seat`, `cup`)."""
    MARBLE_ROLLED = "marble_rolled"
    """A marble rolled along cups (`seat`, `path`, jumps)."""
    MARBLE_LIFTED = "marble_lifted"
    """A marble was lifted to another cup (`seat`, `start`, `dest`, `spaces`)."""
    BOARD_TILTED = "board_tilted"
    """The board settled at a new angle (`angle`, and the swing's `peak`)."""
    BOARD_TOUCHED = "board_touched"
    """An end of the board touched the table (`end`, `seat` who moved)."""
    MARBLE_LOST = "marble_lost"
    """A house rule (`touch: marble-lost`): a touch of the table cost `seat` a marble.  A placed
    marble came off `cup` (`back` is ''); a moved one went from `cup` back to `back`, and then a
    marble of the supply left the game (`supply` true) or, with none there, the moved one did."""
    MARBLE_JUMPED = "marble_jumped"
    """A rolled marble of `seat` jumped over an opponent's marble, in `cup` (one event for each
    marble jumped over, after `marble_rolled`); made only when a house rule listens to it
    (`State.listens`): the move's notation (`x`) already tells a jump."""
    MARBLE_SENT_BACK = "marble_sent_back"
    """A house rule (`send_back`) took `seat`'s marble off `cup` and back to its supply."""
    PASSED = "passed"
    """A player passed (`seat`)."""


_ROLLED: dict[tuple[int, int, str], Event] = {}


def die_rolled(seat: int, value: int, purpose: str) -> Event:
    """The die's event: `seat` rolled `value`, to move (`purpose` "move") or at the start ("start").
    Events are values: one per roll serves every game (a random game rolls hundreds of times)."""
    key = (seat, value, purpose)
    event = _ROLLED.get(key)
    if event is None:
        if len(_ROLLED) >= 10_000:  # (a house rule's die may have any faces)
            _ROLLED.clear()
        event = _ROLLED[key] = Event.of(ArchimedesEvent.DIE_ROLLED, seat=seat, value=value, purpose=purpose)
    return event
