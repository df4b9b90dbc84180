"""ALIVE's help for the window: a move to type, the controls, a move's events in words.

The move list shows only what every player may see: an event with `visible_to` (a card drawn)
is filtered out before it gets here, and no event's words name a card still in a hand.
"""

from __future__ import annotations

from marblestudio.engine.core import Event
from marblestudio.views.board.help import SeatName, listing

MOVE_EXAMPLE = "play 3, play SKIP, flip"

CONTROLS = (
    "<p><b>ALIVE.</b> Click a card of your hand to play it; a card that cannot be played now "
    "is dimmed and says why when the mouse rests on it. When every card would take the total "
    "above the limit, click your next life card to flip it. In hot-seat play a screen hides "
    "the hand until its player clicks it. Under a house rule that answers a DRAW, a SKIP or a "
    "BOMB, such a card waits for you: play an answering card, or click the deck to take it.</p>"
)

_WHY = {
    "over_limit": "could not stay at or under the limit",
    "bomb": "was hit by a BOMB",
    "hand_over": "still held cards when the hand ended",
}


def event_text(event: Event, name: SeatName) -> str | None:
    """An ALIVE event in words (None: the common words)."""
    kind = event.kind
    if kind == "dealt":
        sizes = event["sizes"]
        each = f"{sizes[0]} cards each" if len(set(sizes)) == 1 else "cards"
        return f"The cards are dealt, {each}; {name(event['first'])} plays first."
    if kind == "card_played":
        return f"{name(event['seat'])} plays {event['card']}: the total is {event['total']}, {event['left']} cards left in hand."
    if kind == "total":
        return f"The total is {event['total']}."
    if kind == "direction_reversed":
        return "The direction of play reverses."
    if kind == "player_skipped":
        return f"{name(event['seat'])} is skipped."
    if kind == "cards_drawn":
        count = event["count"]
        return f"{name(event['seat'])} draws {count} card{'s' if count != 1 else ''}."
    if kind == "cards_seen":  # listed only for the seat that sees them
        return f"{name(event['seat'])} gets {listing(event['cards'])}."
    if kind == "deck_empty":
        return f"The deck is empty: {name(event['seat'])} cannot draw {event['missed']} more."
    if kind == "deck_reshuffled":
        return f"The discards are shuffled into a new deck of {event['cards']} cards."
    if kind == "bomb_discard":
        return f"{name(event['seat'])} discards a {event['card']} against the BOMB."
    if kind == "life_lost":
        why = _WHY.get(str(event["why"]), str(event["why"]).replace("_", " "))
        lives = event["lives"]
        return f"{name(event['seat'])} {why} and flips a life card: {lives} left."
    if kind == "life_gained":
        return f"{name(event['seat'])} turns a life card face up again: {event['lives']} left."
    if kind == "eliminated":
        return f"{name(event['seat'])} has no life left and is out."
    if kind == "hands_handed_in":
        return f"Every hand goes to {name(event['seat'])} for a re-deal ({event['cards']} cards)."
    if kind == "hand_over":
        return f"The hand is over: {listing(name(s) for s in event['winners'])} went out."
    if kind == "draw_waiting":
        return f"A DRAW waits for {name(event['seat'])}: answer it, or take {event['amount']} card{'s' if event['amount'] != 1 else ''} each."
    if kind == "draw_answered":
        if event["passed"]:
            return f"{name(event['seat'])} answers with {event['card']}: the draw, {event['amount']} cards each, passes on."
        if event.get("back"):
            return f"{name(event['seat'])} sends the DRAW back with {event['card']}: its player draws {event['amount']}."
        return f"{name(event['seat'])} blocks the DRAW with {event['card']}."
    if kind == "draw_taken":
        return f"{name(event['seat'])} takes the DRAW: every player but {name(event['source'])} draws {event['amount']}."
    if kind == "card_waiting":
        return f"A {str(event['effect']).upper()} of {name(event['source'])} waits for {name(event['seat'])}: answer it, or take it."
    if kind == "card_answered":
        card = str(event["effect"]).upper()
        if event["passed"]:
            return f"{name(event['seat'])} answers with {event['card']}: the {card} passes on."
        if event.get("back"):
            return f"{name(event['seat'])} sends the {card} back with {event['card']}: it hits its player alone."
        return f"{name(event['seat'])} blocks the {card} with {event['card']}."
    if kind == "card_taken":
        if event["effect"] == "skip":
            return f"{name(event['seat'])} takes the SKIP and is skipped."
        return f"{name(event['seat'])} takes the BOMB: it hits every player but {name(event['source'])}."
    if kind == "cards_collected":
        return f"The cards are collected; {name(event['dealer'])} deals next."
    return None
