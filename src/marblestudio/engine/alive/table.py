"""The cards on the table: hands, deck, discard pile, running total, lives and turn order.

`Table` is plain mutable data with the small operations that every rule uses (whose turn is
next, lose a life, eliminate, draw).  The rules that decide *when* these happen live in
`state.py` (turns, hands, chance) and `effects.py` (wild cards).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from marblestudio.engine.alive.rules import AliveRules, WildEffect, WildHits
from marblestudio.engine.core import Event, tell
from marblestudio.engine.alive.events import AliveEvent


class Phase(enum.Enum):
    """What the game waits for."""

    DEAL = "deal"  # chance: the whole deck is shuffled and dealt for a new hand
    PLAY = "play"  # a player plays a card or flips a life card
    REDEAL = "redeal"  # chance: the collected hands of HAND IN & RE-DEAL are shuffled
    RESHUFFLE = "reshuffle"  # chance: the discard pile becomes the deck, a DRAW goes on
    OVER = "over"


@dataclass(slots=True)
class Table:
    """Where every card is, as kind indexes (positions in `AliveRules.deck`).

    `hands[seat][k]` counts the cards of kind k in a hand; `deck` is drawn from its end;
    `discard` has its top card last.  `lives` is per seat, or per team in team play
    (`team_of` maps a seat to the index into `lives` that it loses from).
    """

    rules: AliveRules
    players: int
    team_of: tuple[int, ...]  # seat -> owner of the lives it loses (itself, or its team)
    teams: bool
    hands: list[list[int]]
    hand_sizes: list[int]
    deck: list[int]
    discard: list[int]
    lives: list[int]
    alive: list[bool]
    total: int = 0
    direction: int = 1  # +1 clockwise (to the left), -1 after a REVERSE
    current: int = 0
    dealer: int = 0
    phase: Phase = Phase.DEAL
    redealer: int = -1
    pending_draws: list[list[int]] = field(default_factory=list)  # [seat, cards still to draw]
    collected: list[int] = field(default_factory=list)  # HAND IN & RE-DEAL: the hands, face down
    hand_number: int = 0
    moves_made: int = 0
    answering: int = 0  # a wild card waiting for the current player to answer or take it: for a DRAW the cards each would draw, else 1
    answer_from: int = -1  # ... and the seat whose card (or answer) it is: its every other player draws
    waiting: WildEffect = WildEffect.DRAW  # ... and its effect (a DRAW, a SKIP or a BOMB: `alive: answers:`)
    minus: int = -1  # a house rule's `minus_next`: the seat whose next card, if a number card, takes its points off the total

    def copy(self) -> Table:
        return Table(
            self.rules,
            self.players,
            self.team_of,
            self.teams,
            [list(h) for h in self.hands],
            list(self.hand_sizes),
            list(self.deck),
            list(self.discard),
            list(self.lives),
            list(self.alive),
            self.total,
            self.direction,
            self.current,
            self.dealer,
            self.phase,
            self.redealer,
            [list(p) for p in self.pending_draws],
            list(self.collected),
            self.hand_number,
            self.moves_made,
            self.answering,
            self.answer_from,
            self.waiting,
            self.minus,
        )

    # Turn order ------------------------------------------------------------------------
    def living(self) -> list[int]:
        return [s for s in range(self.players) if self.alive[s]]

    def next_seat(self, seat: int, direction: int | None = None) -> int:
        """The next seat still in the game after `seat` in `direction` (default: the current one)."""
        step = self.direction if direction is None else direction
        n = self.players
        s = (seat + step) % n
        while not self.alive[s]:
            s = (s + step) % n
        return s

    def left_of(self, seat: int) -> int:
        """The next living seat clockwise: 'after a deal of any sort, play starts to the left'."""
        return self.next_seat(seat, 1)

    def victims(self, seat: int) -> list[int]:
        """Whom a DRAW or a BOMB of `seat` hits, in turn order: every other living seat, or in
        team play with `wild_hits: opponents` the other team's only."""
        others = self.others_in_turn_order(seat)
        if self.teams and self.rules.wild_hits is WildHits.OPPONENTS:
            return [s for s in others if self.team_of[s] != self.team_of[seat]]
        return others

    def others_in_turn_order(self, seat: int) -> list[int]:
        """Every other living seat, from the next one in the direction of play."""
        out: list[int] = []
        s = seat
        for _ in range(self.players - 1):
            s = self.next_seat(s)
            if s == seat or s in out:
                break
            out.append(s)
        return out

    # Lives -----------------------------------------------------------------------------
    def lose_life(self, seat: int, why: str, events: list[Event] | None) -> None:
        """`seat` flips a life card (its team's in team play); lives never go below 0.

        [decision] In team play the game ends the moment a team flips its last life card, so
        a BOMB that hits both teams cannot end it in a tie: later losses are not taken.
        """
        owner = self.team_of[seat]
        if self.lives[owner] == 0 or (self.teams and 0 in self.lives):
            return
        self.lives[owner] -= 1
        tell(events, AliveEvent.LIFE_LOST, seat=seat, owner=owner, lives=self.lives[owner], why=why)
        if self.lives[owner] == 0 and not self.teams:
            self.eliminate(seat, events)

    def gain_life(self, seat: int, most: int, events: list[Event] | None) -> bool:
        """`seat` (its team in team play) turns a flipped life card face up again (a house rule),
        up to `most`; a player already out stays out.  Whether a life came back."""
        owner = self.team_of[seat]
        if not self.alive[seat] or self.lives[owner] == 0 or self.lives[owner] >= most:
            return False
        self.lives[owner] += 1
        tell(events, AliveEvent.LIFE_GAINED, seat=seat, owner=owner, lives=self.lives[owner])
        return True

    def eliminate(self, seat: int, events: list[Event] | None) -> None:
        """[book] A player whose life cards are all flipped is out and discards their hand."""
        self.alive[seat] = False
        discarded: list[str] = []
        for k, n in enumerate(self.hands[seat]):
            if n:
                discarded.extend([self.rules.deck[k].id] * n)
                self.discard.extend([k] * n)
                self.hands[seat][k] = 0
        self.hand_sizes[seat] = 0
        tell(events, AliveEvent.ELIMINATED, seat=seat, discarded=tuple(discarded))

    # Cards -----------------------------------------------------------------------------
    def take(self, seat: int, k: int) -> None:
        self.hands[seat][k] -= 1
        self.hand_sizes[seat] -= 1

    def give(self, seat: int, k: int) -> None:
        self.hands[seat][k] += 1
        self.hand_sizes[seat] += 1

    def hand_ids(self, seat: int) -> tuple[str, ...]:
        deck = self.rules.deck
        return tuple(deck[k].id for k, n in enumerate(self.hands[seat]) for _ in range(n))

    def hand_points(self, seat: int) -> int:
        """The total of the number cards in a hand (the shorter game's tie-break)."""
        deck = self.rules.deck
        return sum(deck[k].points * n for k, n in enumerate(self.hands[seat]) if not deck[k].is_wild)

    def collect_all(self) -> None:
        """Every card on the table back into the deck; the next deal's shuffle decides the order."""
        cards = list(self.deck) + self.discard + self.collected
        self.collected = []
        for seat in range(self.players):
            for k, n in enumerate(self.hands[seat]):
                cards.extend([k] * n)
            self.hands[seat] = [0] * len(self.rules.deck)
            self.hand_sizes[seat] = 0
        cards.sort()
        self.deck = cards
        self.discard = []

    def counts(self) -> dict[str, int]:
        """Where the cards are; the hands handed in for a re-deal count as hands (held face down)."""
        return {"deck": len(self.deck), "discard": len(self.discard), "hands": sum(self.hand_sizes) + len(self.collected)}
