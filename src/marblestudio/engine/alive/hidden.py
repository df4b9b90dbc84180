"""What each seat may know in ALIVE, and full states consistent with it (for search).

Public: the discard pile (every card played or discarded since the last shuffle), the hand
sizes, the deck's size, the total, the direction, the lives, whose turn.  Private: each hand
(seen by its holder only) and the deck's order (seen by nobody).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING

from marblestudio.engine.alive.table import Phase
from marblestudio.engine.core import Outcome
from marblestudio.engine.draws import shuffle

if TYPE_CHECKING:
    from marblestudio.engine.alive.state import AliveState


@dataclass(frozen=True, slots=True)
class PendingDraw:
    """A DRAW not yet taken in full: `seat` has `cards` still to draw (after a reshuffle)."""

    seat: int
    cards: int


# Views are frozen dataclasses without __slots__: orjson writes a slotted dataclass several times
# slower, and the game server writes a view after every move (benchmarks/server.py).
@dataclass(frozen=True)
class AliveView:
    """Everything every seat can see: the table without the hands' cards or the deck's order."""

    phase: Phase
    """What the game waits for: a deal, a re-deal or a reshuffle (chance), a play, or nothing (over)."""
    to_move: int
    """The seat to play, -1 (`CHANCE`) while cards are dealt or shuffled; the last seat to move
    once the game is over (see `outcome`)."""
    players: int
    """The number of seats."""
    dealer: int
    """The seat that dealt the current hand."""
    hand_number: int
    """The hands dealt so far (1 in the first hand)."""
    total: int
    """The running total."""
    limit: int
    """The highest total allowed (21 in the book)."""
    direction: int
    """+1 while play goes clockwise (to the left), -1 after a REVERSE."""
    hand_sizes: tuple[int, ...]
    """Per seat, the cards in its hand."""
    deck_size: int
    """The cards left in the deck."""
    discard: tuple[str, ...]
    """The discard pile's card kind ids since the last shuffle, the top card last."""
    lives: tuple[int, ...]
    """The life cards not yet flipped, per seat, or per team in team play (see `lives_of`)."""
    team_of: tuple[int, ...] | None
    """In team play, each seat's team (its index into `lives`); None without teams."""
    alive: tuple[bool, ...]
    """Per seat, whether it is still in the game."""
    pending_draws: tuple[PendingDraw, ...]
    """DRAWs that wait for a reshuffle, in turn order."""
    answering: int
    """A house rule's DRAW, SKIP or BOMB that waits for the player to move to answer or take it
    (0: none waits): for a DRAW, the cards each player but `answer_from` would draw; else 1."""
    answer_from: int
    """The seat whose waiting card (or answer) it is, or -1."""
    waiting: str
    """The effect of the card that waits: 'draw', 'skip' or 'bomb' ('' when none waits)."""
    redealer: int
    """The seat whose HAND IN & RE-DEAL is being re-dealt, or -1."""
    minus: int
    """The seat whose next card, if a number card, takes its points off the total (a house rule's
    `minus_next`), or -1."""
    collected: int
    """The cards handed in for a re-deal, face down."""
    moves_made: int
    """Player decisions so far (chance excluded), for the move limit."""
    outcome: Outcome | None
    """How the game ended, or None while it goes on."""

    def lives_of(self, seat: int) -> int:
        """The life cards `seat` has left: its own, or its team's in team play."""
        return self.lives[self.team_of[seat] if self.team_of is not None else seat]

    @property
    def in_play(self) -> bool:
        """Whether a player is to play a card now (not a chance step, not over)."""
        return self.phase is Phase.PLAY and self.outcome is None


@dataclass(frozen=True)
class AliveObservation(AliveView):
    """What one seat may know: everything public (the `AliveView` fields) and its own hand."""

    seat: int
    """The seat observing."""
    hand: tuple[str, ...]
    """The seat's own cards, as kind ids in the deck's kind order."""


def public_view(state: AliveState) -> AliveView:
    """Everything every seat can see."""
    t = state.table
    ids = state.cat.ids
    return AliveView(
        phase=t.phase,
        to_move=state.to_move,
        players=t.players,
        dealer=t.dealer,
        hand_number=t.hand_number,
        total=t.total,
        limit=state.family.limit,
        direction=t.direction,
        hand_sizes=tuple(t.hand_sizes),
        deck_size=len(t.deck),
        discard=tuple(ids[k] for k in t.discard),
        lives=tuple(t.lives),
        team_of=t.team_of if t.teams else None,
        alive=tuple(t.alive),
        pending_draws=tuple(PendingDraw(seat, cards) for seat, cards in t.pending_draws),
        answering=t.answering,
        answer_from=t.answer_from,
        waiting=t.waiting.value if t.answering else "",
        redealer=t.redealer,
        minus=t.minus,
        collected=len(t.collected),
        moves_made=t.moves_made,
        outcome=state.outcome(),
    )


_PUBLIC = tuple(f.name for f in fields(AliveView))


def observation(state: AliveState, seat: int) -> AliveObservation:
    """The seat's own hand (card ids in kind order) and everything public; nothing else."""
    view = public_view(state)
    public = {name: getattr(view, name) for name in _PUBLIC}
    return AliveObservation(**public, seat=seat, hand=state.table.hand_ids(seat))


def determinize(state: AliveState, seat: int, rng: random.Random) -> AliveState:
    """A copy in which every card `seat` cannot see is dealt again at random.

    The other hands keep their sizes and the deck its size; the seat's own hand and the
    discard pile are unchanged, so the copy has the same `observation(seat)`.
    """
    copy = state.copy()
    t = copy.table
    unseen: list[int] = list(t.deck) + t.collected
    others = [s for s in range(t.players) if s != seat]
    for s in others:
        for k, n in enumerate(t.hands[s]):
            unseen.extend([k] * n)
    unseen.sort()
    shuffle(rng, unseen)
    kinds = len(state.cat.ids)
    for s in others:
        size = t.hand_sizes[s]
        hand = [0] * kinds
        for k in unseen[:size]:
            hand[k] += 1
        del unseen[:size]
        t.hands[s] = hand
    t.collected = unseen[: len(t.collected)]
    t.deck = unseen[len(t.collected) :]
    return copy
