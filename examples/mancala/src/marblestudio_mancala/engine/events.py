"""What happens in a game of Mancala, as event kinds (the data each carries in brackets; see
docs/notation.md).  A move's events end with `CoreEvent.TURN_OVER` or, when the same player
moves again, `EXTRA_TURN`; the move that ends the game adds `CoreEvent.GAME_OVER`."""

from __future__ import annotations

from marblestudio.engine.core import EventKind


class MancalaEvent(EventKind):
    """The kinds of event a game of Mancala produces, seed by seed."""

    SEEDS_TAKEN = "seeds_taken"
    """The player lifts every seed of a house (`seat`, `pit`, `place`, `seeds`)."""
    SEED_SOWN = "seed_sown"
    """One seed dropped into a pit (`pit`, `place`, `seeds`: the pit's count after it)."""
    GRAND_SLAM = "grand_slam"
    """A capture of every opponent seed captures nothing (`seat`, `seeds` not taken)."""
    SEEDS_CAPTURED = "seeds_captured"
    """A house's seeds go into the capturer's store (`seat` who captures, `pit`, `place`, `seeds`)."""
    EXTRA_TURN = "extra_turn"
    """The last seed went into the mover's store: the same seat moves again (`seat`)."""
    SEEDS_COLLECTED = "seeds_collected"
    """At the end, a house's seeds go to its owner's store (`seat` the owner, `pit`, `place`, `seeds`)."""


__all__ = ["MancalaEvent"]
