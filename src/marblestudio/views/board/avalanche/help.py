"""Avalanche's help for the window: a move to type, the controls, a move's events in words."""

from __future__ import annotations

from marblestudio.engine.core import Event
from marblestudio.views.board.help import SeatName, listing

MOVE_EXAMPLE = "R3, drop red 3, pass"

CONTROLS = (
    "<p><b>Avalanche.</b> Choose a colour by clicking a big marble on the trays at the right "
    "(it is chosen for you when only one colour can be dropped, e.g. a marble held in hand), "
    "then click a hole at the top to drop it. Marbles that fall out at the bottom are yours; "
    "<i>Pass</i>, <i>Out</i> and <i>Stay</i> are buttons beside the trays.</p>"
)


def event_text(event: Event, name: SeatName) -> str | None:
    """An Avalanche event in words (None: the common words)."""
    kind = event.kind
    if kind == "cards_dealt":
        cards = event["cards"]
        return f"{name(event['seat'])} is dealt {listing(cards)}."
    if kind == "gate_set":
        return f"Gate {event['gate']} starts tilted {event['tilt']}."
    if kind == "marble_picked":
        return f"{name(event['seat'])} takes a {event['colour']} marble from the {event['source']}."
    if kind == "marble_dropped":
        return f"A {event['colour']} marble drops into hole {event['hole']}."
    if kind == "marble_at_gate":
        return f"A marble reaches gate {event['gate']} on its {event['side']} side."
    if kind == "gate_flipped":
        return f"Gate {event['gate']} flips {event['tilt']}."
    if kind == "marble_held":
        return f"Gate {event['gate']} holds a {event['colour']} marble."
    if kind == "marble_released":
        return f"Gate {event['gate']} lets a {event['colour']} marble go on its {event['side']} side."
    if kind == "marble_out":
        return f"A {event['colour']} marble falls out at the bottom."
    if kind == "marbles_taken":
        return f"{name(event['seat'])} takes {listing(event['colours'])}."
    if kind == "marbles_returned":
        return f"{listing(event['colours']).capitalize()} go back to the trays."
    if kind == "marbles_to_hand":
        return f"{name(event['seat'])} keeps {listing(event['colours'])} in hand."
    if kind == "marble_on_card":
        return f"{name(event['seat'])} puts a {event['colour']} marble on card {event['card']}, hole {event['hole']}."
    if kind == "hand_empty":
        return f"{name(event['seat'])} has dropped the last marble in hand, and none fell."
    if kind == "first_turn_limit":
        return f"{name(event['seat'])} has dropped {event['dropped']}: the first turn ends."
    if kind == "forfeited":
        return f"{name(event['seat'])} forfeits the turn."
    if kind == "went_out":
        return f"{name(event['seat'])} goes out."
    return None
