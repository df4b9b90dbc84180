"""What each wild card does (GAMES.md section 2, "Wild cards").

Every function here changes the table for one effect and returns the seat to play next.
Wild cards count 0 towards the running total unless they set it.  The state (state.py) then
resolves what the effect left pending: cards to draw, a re-deal to shuffle, players left
without a card.
"""

from __future__ import annotations

from collections.abc import Callable

from marblestudio.engine.alive.rules import CardKind, EmptyDeck, WildEffect
from marblestudio.engine.alive.table import Phase, Table
from marblestudio.engine.core import Event, tell
from marblestudio.engine.alive.events import AliveEvent


def draw(table: Table, seat: int, kind: CardKind, events: list[Event] | None) -> int:
    """DRAW 1 / DRAW 2: every other player draws `amount` cards, in turn order from the next."""
    table.pending_draws = [[s, kind.amount] for s in table.victims(seat)]
    return table.next_seat(seat)


def pass_me_by(table: Table, seat: int, kind: CardKind, events: list[Event] | None) -> int:
    """PASS ME BY: play passes to the next player."""
    return table.next_seat(seat)


def reverse(table: Table, seat: int, kind: CardKind, events: list[Event] | None) -> int:
    """REVERSE: the direction of play reverses; with only 2 players left it is a PASS ME BY."""
    turn_round(table, events)
    return table.next_seat(seat)


def turn_round(table: Table, events: list[Event] | None) -> bool:
    """REVERSE's effect on the table (a REVERSE card's, and a house rule's `reverse`): with more
    than 2 players left the direction of play reverses (`direction_reversed`); with 2 nothing
    changes (the player of a REVERSE then passes).  Whether the direction reversed."""
    if table.alive.count(True) <= 2:
        return False
    table.direction = -table.direction
    tell(events, AliveEvent.DIRECTION_REVERSED, direction=table.direction)
    return True


def skip(table: Table, seat: int, kind: CardKind, events: list[Event] | None) -> int:
    """SKIP: the next player is skipped; with only 2 players left the player of the card plays again."""
    skipped = table.next_seat(seat)
    tell(events, AliveEvent.PLAYER_SKIPPED, seat=skipped)
    return table.next_seat(skipped)


def set_total(table: Table, seat: int, kind: CardKind, events: list[Event] | None) -> int:
    """=21, =10, =0: the running total becomes the card's total, whatever it was."""
    make_total(table, kind.total)
    return table.next_seat(seat)


def make_total(table: Table, total: int) -> int:
    """A set-total card's effect on the table (a card's, and a house rule's `set_total`): the
    running total becomes `total`, kept between 0 and the limit (a card's own total always is:
    the ruleset's checks refuse one above the limit).  The total it became."""
    table.total = max(0, min(table.rules.limit, total))
    return table.total


def bomb(table: Table, seat: int, kind: CardKind, events: list[Event] | None) -> int:
    """BOMB: every other player at once discards a number card worth 0, or flips a life card."""
    blast(table, table.victims(seat), events)
    return table.next_seat(seat)


def blast(table: Table, victims: list[int], events: list[Event] | None) -> None:
    """A BOMB landing on `victims` (a BOMB card's every other player; or, when a house rule lets
    it be answered, the players it hits then: answers.py).

    A wild card worth 0 cannot stand in for the 0.  [decision] All number 0 cards are alike, so
    a victim holding one discards it automatically (no choice to make).  The total resets to 0.
    """
    zeros = [k for k, c in enumerate(table.rules.deck) if not c.is_wild and c.value == 0]
    for victim in victims:
        held = next((k for k in zeros if table.hands[victim][k]), None)
        if held is None:
            table.lose_life(victim, "bomb", events)
        else:
            table.take(victim, held)
            table.discard.append(held)
            tell(events, AliveEvent.BOMB_DISCARD, seat=victim, card=table.rules.deck[held].id)
    table.total = 0


def hand_in_redeal(table: Table, seat: int, kind: CardKind, events: list[Event] | None) -> int:
    """HAND IN & RE-DEAL: every player hands their cards to the player of the card.

    The collected cards are held face down (nobody sees them: `Table.collected`).  Their shuffle
    (not the deck, not the discards) is the next chance step; the deal then starts to the
    player's left (state.py).  The total resets to 0.
    """
    for player in [seat, *table.others_in_turn_order(seat)]:
        for k, n in enumerate(table.hands[player]):
            table.collected.extend([k] * n)
            table.hands[player][k] = 0
        table.hand_sizes[player] = 0
    table.total = 0
    table.phase = Phase.REDEAL
    table.redealer = seat
    tell(events, AliveEvent.HANDS_HANDED_IN, seat=seat, cards=len(table.collected))
    return table.left_of(seat)


EFFECTS: dict[WildEffect, Callable[[Table, int, CardKind, list[Event] | None], int]] = {
    WildEffect.DRAW: draw,
    WildEffect.PASS_ME_BY: pass_me_by,
    WildEffect.REVERSE: reverse,
    WildEffect.SKIP: skip,
    WildEffect.SET_TOTAL: set_total,
    WildEffect.BOMB: bomb,
    WildEffect.HAND_IN_REDEAL: hand_in_redeal,
}


def resolve_draws(table: Table, events: list[Event] | None) -> bool:
    """Deal out the pending DRAW cards; False when the deck ran out and must be reshuffled first."""
    deck = table.rules.deck
    while table.pending_draws:
        entry = table.pending_draws[0]
        seat, wanted = entry
        got: list[str] = []
        while wanted and table.deck:
            k = table.deck.pop()
            table.give(seat, k)
            got.append(deck[k].id)
            wanted -= 1
        entry[1] = wanted
        if got:
            tell(events, AliveEvent.CARDS_DRAWN, seat=seat, count=len(got))
            tell(events, AliveEvent.CARDS_SEEN, frozenset((seat,)), seat=seat, cards=tuple(got))
        if wanted:
            if table.rules.empty_deck is EmptyDeck.RESHUFFLE_DISCARDS and len(table.discard) > 1:
                return False
            tell(events, AliveEvent.DECK_EMPTY, seat=seat, missed=wanted)
            table.pending_draws.clear()
            return True
        table.pending_draws.pop(0)
    return True
