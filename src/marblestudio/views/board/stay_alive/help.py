"""Stay Alive's help for the window: a move to type, the controls, a move's events in words."""

from __future__ import annotations

from marblestudio.engine.core import Event
from marblestudio.views.board.help import SeatName

MOVE_EXAMPLE = "place c4, R3+"

CONTROLS = (
    "<p><b>Stay Alive.</b> Click a highlighted cell to place a marble. Once every marble is "
    "placed, click a highlighted knob to pull its slide one position towards it (<i>R3+</i> at "
    "the outer end, <i>R3-</i> at the other). A marble over a hole in both layers falls; the "
    "last player with a marble on the grid wins.</p>"
)


def event_text(event: Event, name: SeatName) -> str | None:
    """A Stay Alive event in words (None: the common words)."""
    kind = event.kind
    if kind == "slides_set":
        return f"The {len(event['slides'])} slides are set at random."
    if kind == "marble_placed":
        return f"{name(event['seat'])} places a marble on {event['cell']}."
    if kind == "slide_moved":
        return f"Slide {event['slide']} moves from position {event['from']} to {event['to']}."
    if kind == "marble_fell":
        return f"{name(event['seat'])}'s marble on {event['cell']} falls through."
    if kind == "neutral_fell":
        return f"The neutral marble on {event['cell']} falls through."
    if kind == "player_out":
        return f"{name(event['seat'])} has no marble left on the grid and is out."
    return None
