"""Rock Me Archimedes' help for the window: a move to type, the controls, events in words."""

from __future__ import annotations

from marblestudio.engine.core import Event
from marblestudio.views.board.help import SeatName

MOVE_EXAMPLE = "place b8, roll, b8-b9-c9"

CONTROLS = (
    "<p><b>Rock Me Archimedes.</b> Click an empty midzone cup to add a marble, or the die to "
    "roll. Then click one of your marbles (rings mark those that can move) and a destination "
    "cup; hovering a destination previews the path and the steepest angle the board would "
    "reach, and the pads beside the die choose rolling or lifting where the rules allow both. "
    "An end of the board that touches the table decides the game: in the standard game the "
    "player whose move made it touch loses (variation 1: the player whose end went down). A game "
    "nobody can win ends drawn as a stalemate. Help &gt; Rules of This Game says how the rules "
    "you play decide each of these (in the standard game, a stalemate is the same position a "
    "third time, or 60 turns with the end zones unchanged).</p>"
)


def event_text(event: Event, name: SeatName) -> str | None:
    """A Rock Me Archimedes event in words (None: the common words)."""
    kind = event.kind
    if kind == "die_rolled":
        why = "to start" if event["purpose"] == "start" else "to move"
        return f"{name(event['seat'])} rolls {event['value']} {why}."
    if kind == "marble_placed":
        return f"{name(event['seat'])} adds a marble in {event['cup']}."
    if kind == "marble_rolled":
        return f"{name(event['seat'])} rolls a marble from {event['start']} to {event['path'][-1]}."
    if kind == "marble_lifted":
        return f"{name(event['seat'])} lifts a marble from {event['start']} to {event['dest']}."
    if kind == "board_tilted":
        where = event["marble_at"]
        at = "in the air" if where == "air" else f"at {where}"
        return f"The board tilts to {float(event['angle']):.1f}° with the marble {at}."
    if kind == "board_touched":
        if event["loser"] < 0:
            return f"The board's {event['end']} end touches the table."
        return f"The board's {event['end']} end touches the table: {name(event['loser'])} loses."
    if kind == "marble_lost":
        if event["back"] and event["supply"]:
            return (f"The move is taken back ({event['cup']} to {event['back']}) and {name(event['seat'])} gives up a "
                    "marble of the supply; the turn ends.")
        if event["back"]:
            return f"{name(event['seat'])} loses the marble that moved from {event['back']} to {event['cup']}; the turn ends."
        return f"{name(event['seat'])} loses the marble placed on {event['cup']}; the turn ends."
    if kind == "marble_jumped":
        return f"{name(event['seat'])} jumps over the marble in {event['cup']}."
    if kind == "marble_sent_back":
        return f"The marble in {event['cup']} goes back to {name(event['seat'])}'s supply."
    return None
