"""Answering a DRAW (a house rule: `alive: answers:`; GAMES.md has no such rule, it is ours).

Without answers, a DRAW makes every other player draw at once (effects.py).  With them, the DRAW
waits (`Table.answering`): the next player, who would draw first, either takes it (`take`: the
draw is made as the book says, and that player then plays on) or plays one of the answering cards.
Passing on, the whole draw (grown by the answering card's `amount`) goes to every other player of
the one who answered, and the next of them may answer in turn; blocking, the one who answered
draws nothing and everyone else still draws; bouncing, the draw goes back to the DRAW's player,
who alone draws the whole of it.  Playing an answer is the answering player's turn;
the card counts nothing towards the total and has no other effect.  Every function here returns
whether a draw is left to make (the state then resolves it, reshuffling first when it must).
"""

from __future__ import annotations

from marblestudio.engine.alive.events import AliveEvent
from marblestudio.engine.alive.rules import CardKind, DrawAnswer
from marblestudio.engine.alive.table import Table
from marblestudio.engine.core import Event


def wait(table: Table, seat: int, kind: CardKind, events: list[Event]) -> None:
    """`seat` played the DRAW `kind`: it waits for the next player's answer."""
    table.answering = kind.amount
    table.answer_from = seat
    table.current = table.next_seat(seat)
    events.append(Event.of(AliveEvent.DRAW_WAITING, seat=table.current, source=seat, amount=table.answering))


def take(table: Table, seat: int, events: list[Event]) -> None:
    """`seat` takes the waiting DRAW: every player but its source draws; `seat` then plays."""
    amount, source = table.answering, table.answer_from
    table.answering, table.answer_from = 0, -1
    events.append(Event.of(AliveEvent.DRAW_TAKEN, seat=seat, source=source, amount=amount))
    table.pending_draws = [[s, amount] for s in table.victims(source)]


def answer(table: Table, seat: int, kind: CardKind, rule: DrawAnswer, events: list[Event]) -> None:
    """`seat` answered the waiting DRAW with `kind` (already on the pile)."""
    amount, source = table.answering, table.answer_from
    if rule.passes:
        table.answering = amount + kind.amount
        table.answer_from = seat
        events.append(Event.of(AliveEvent.DRAW_ANSWERED, seat=seat, card=kind.id, amount=table.answering, passed=True))
        table.current = table.next_seat(seat)
        events.append(Event.of(AliveEvent.DRAW_WAITING, seat=table.current, source=seat, amount=table.answering))
        return
    table.answering, table.answer_from = 0, -1
    if rule.bounces:  # back to the player of the DRAW, who alone draws the whole of it
        amount += kind.amount
        events.append(Event.of(AliveEvent.DRAW_ANSWERED, seat=seat, card=kind.id, amount=amount, passed=False, back=True))
        table.pending_draws = [[source, amount]] if table.alive[source] else []
        table.current = table.next_seat(seat)
        return
    events.append(Event.of(AliveEvent.DRAW_ANSWERED, seat=seat, card=kind.id, amount=amount, passed=False))
    table.pending_draws = [[s, amount] for s in table.victims(source) if s != seat]
    table.current = table.next_seat(seat)


def forget(table: Table) -> None:
    """A hand ended (or the game) with a DRAW waiting: it is gone with the hand."""
    table.answering, table.answer_from = 0, -1
