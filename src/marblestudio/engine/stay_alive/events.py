"""What happens in a game of Stay Alive, as event kinds (the data each carries in brackets)."""

from __future__ import annotations

from marblestudio.engine.core import EventKind


class StayAliveEvent(EventKind):
    """The kinds of event a game of Stay Alive produces (its rule pieces can trigger on them)."""

    SLIDES_SET = "slides_set"
    """The random set-up put every slide at a position (`slides`, `positions`)."""
    MARBLE_PLACED = "marble_placed"
    """A marble was placed on a cell (`seat`, `row`, `col`, `cell`)."""
    SLIDE_MOVED = "slide_moved"
    """A slide moved one position (`slide`, `from`, `to`)."""
    MARBLE_FELL = "marble_fell"
    """A marble fell through a cell that opened (`seat`, `row`, `col`, `cell`)."""
    NEUTRAL_FELL = "neutral_fell"
    """A neutral marble (owned by no one) fell through a cell that opened (`row`, `col`, `cell`)."""
    PLAYER_OUT = "player_out"
    """A player's last marble fell (`seat`)."""
    PASSED = "passed"
    """A player with no legal move passed (`seat`)."""
