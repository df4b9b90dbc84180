"""What happens in a game of Avalanche, as event kinds (the data each carries in brackets)."""

from __future__ import annotations

from marblestudio.engine.core import EventKind


class AvalancheEvent(EventKind):
    """The kinds of event a game of Avalanche produces (its rule pieces can trigger on them)."""

    GATE_SET = "gate_set"
    """A gate's starting tilt was set at random (`gate`, `tilt`)."""
    CARDS_DEALT = "cards_dealt"
    """The cards were dealt (`cards` per seat)."""
    MARBLES_TAKEN = "marbles_taken"
    """A player took marbles: from the trays at the start, or fallen ones (`seat`, `colours`)."""
    MARBLE_PICKED = "marble_picked"
    """A player took a marble from a tray to drop (`seat`, `colour`)."""
    MARBLE_DROPPED = "marble_dropped"
    """A marble was dropped into a hole (`colour`, `hole`)."""
    MARBLE_AT_GATE = "marble_at_gate"
    """A marble reached a gate's side (`gate`, `side`)."""
    GATE_FLIPPED = "gate_flipped"
    """A gate swung over (`gate`, `tilt`)."""
    MARBLE_HELD = "marble_held"
    """A gate caught a marble (`gate`, `side`)."""
    MARBLE_RELEASED = "marble_released"
    """A flipping gate let its marble go (`gate`, `side`)."""
    MARBLE_OUT = "marble_out"
    """A marble fell out at the bottom (`colour`, `path`)."""
    MARBLE_ON_CARD = "marble_on_card"
    """A fallen marble filled a hole of a card (`seat` who dropped it, `card`, `hole`, `colour`, the card's `owner`)."""
    MARBLES_RETURNED = "marbles_returned"
    """Fallen marbles went back to the trays (`colours`)."""
    MARBLES_TO_HAND = "marbles_to_hand"
    """Fallen marbles went into a player's hand (`seat`, `colours`)."""
    HAND_EMPTY = "hand_empty"
    """A player dropped the last marble held in hand and none fell (`seat`): the moment the
    expert games judge (Expert I: the player wins; Expert II: forfeits)."""
    FIRST_TURN_LIMIT = "first_turn_limit"
    """The first player's turn ended at the first-turn limit (`seat`)."""
    PASSED = "passed"
    """A player passed (`seat`)."""
    WENT_OUT = "went_out"
    """A partner went out (`seat`)."""
    FORFEITED = "forfeited"
    """A player left the game (`seat`)."""
