"""Answering a wild card: a DRAW, a SKIP or a BOMB (a house rule: `alive: answers:`; GAMES.md has
no such rule, it is ours).

Without answers, a wild card acts at once (effects.py).  With them, a DRAW, SKIP or BOMB waits
(`Table.answering`, `Table.waiting`) on the next player, the one it would hit first, who either
takes it (`take`: the card acts as the book says, and that player then plays on, unless a SKIP
skips them) or plays one of the answering cards.  Playing an answer is the answering player's
turn; the card counts nothing towards the total and has no other effect.

- Passing on (`pass-on`), the card goes on from the one who answered: the whole draw (grown by the
  answering card's `amount`) to every other player of theirs, a BOMB to every other player of
  theirs, a SKIP to the next player; the next player may answer again.
- Blocking (`block`), the one who answered is spared: they draw nothing and everyone else still
  draws; the BOMB hits everyone else; the SKIP skips nobody.
- Bouncing (`bounce`, a DRAW or a BOMB), the card goes back to its player, who alone draws the
  whole draw or is alone hit by the BOMB.

`take` and `answer` return the seats a BOMB now hits and the seat after whom play goes on (None
when no BOMB lands): the state lands it (`effects.blast` and what follows), as it makes the draws
left in `Table.pending_draws`.
"""

from __future__ import annotations

from marblestudio.engine.alive.events import AliveEvent
from marblestudio.engine.alive.rules import CardKind, DrawAnswer, WildEffect
from marblestudio.engine.alive.table import Table
from marblestudio.engine.core import Event, tell

Landing = tuple[list[int], int] | None
"""A BOMB that lands: the seats it hits, and the seat after whom play goes on; or None."""


def wait(table: Table, seat: int, kind: CardKind, events: list[Event] | None) -> None:
    """`seat` played the wild card `kind` (a DRAW, SKIP or BOMB): it waits for the next player."""
    assert kind.effect is not None
    table.waiting = kind.effect
    table.answering = kind.amount if kind.effect is WildEffect.DRAW else 1
    _pass_to_next(table, seat, events)


def _pass_to_next(table: Table, seat: int, events: list[Event] | None) -> None:
    table.answer_from = seat
    table.current = table.next_seat(seat)
    if table.waiting is WildEffect.DRAW:
        tell(events, AliveEvent.DRAW_WAITING, seat=table.current, source=seat, amount=table.answering)
    else:
        tell(events, AliveEvent.CARD_WAITING, seat=table.current, source=seat, effect=table.waiting.value)


def take(table: Table, seat: int, events: list[Event] | None) -> Landing:
    """`seat` takes the waiting card: every player but its source draws; a SKIP skips `seat`; a
    BOMB hits every player but its source (the state lands it).  `seat` then plays, unless skipped."""
    amount, source, effect = table.answering, table.answer_from, table.waiting
    forget(table)
    if effect is WildEffect.DRAW:
        tell(events, AliveEvent.DRAW_TAKEN, seat=seat, source=source, amount=amount)
        table.pending_draws = [[s, amount] for s in table.victims(source)]
        return None
    tell(events, AliveEvent.CARD_TAKEN, seat=seat, source=source, effect=effect.value)
    if effect is WildEffect.SKIP:
        tell(events, AliveEvent.PLAYER_SKIPPED, seat=seat)
        table.current = table.next_seat(seat)
        return None
    return table.victims(source), source


def answer(table: Table, seat: int, kind: CardKind, rule: DrawAnswer, events: list[Event] | None) -> Landing:
    """`seat` answered the waiting card with `kind` (already on the pile)."""
    amount, source, effect = table.answering, table.answer_from, table.waiting
    if rule.passes:
        if effect is WildEffect.DRAW:
            table.answering = amount + kind.amount
            tell(events, AliveEvent.DRAW_ANSWERED, seat=seat, card=kind.id, amount=table.answering, passed=True, source=source)
        else:
            tell(events, AliveEvent.CARD_ANSWERED, seat=seat, card=kind.id, effect=effect.value, passed=True, back=False, source=source)
        _pass_to_next(table, seat, events)
        return None
    forget(table)
    table.current = table.next_seat(seat)
    back = rule.bounces and effect is not WildEffect.SKIP  # a SKIP cannot bounce (the schema refuses it)
    if effect is WildEffect.DRAW:
        if back:  # back to the player of the DRAW, who alone draws the whole of it
            amount += kind.amount
            tell(events, AliveEvent.DRAW_ANSWERED, seat=seat, card=kind.id, amount=amount, passed=False, back=True, source=source)
            table.pending_draws = [[source, amount]] if table.alive[source] else []
            return None
        tell(events, AliveEvent.DRAW_ANSWERED, seat=seat, card=kind.id, amount=amount, passed=False, source=source)
        table.pending_draws = [[s, amount] for s in table.victims(source) if s != seat]
        return None
    tell(events, AliveEvent.CARD_ANSWERED, seat=seat, card=kind.id, effect=effect.value, passed=False, back=back, source=source)
    if effect is WildEffect.SKIP:
        return None
    hit = [source] if back and table.alive[source] else [] if back else [s for s in table.victims(source) if s != seat]
    return hit, seat


def forget(table: Table) -> None:
    """No card waits any more (taken, blocked, or gone with the hand or the game)."""
    table.answering, table.answer_from, table.waiting = 0, -1, WildEffect.DRAW
