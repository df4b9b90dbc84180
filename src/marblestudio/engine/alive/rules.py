"""ALIVE's rules as typed values (GAMES.md section 2).

The deck is data: a tuple of card kinds, each a number card (with its value) or a wild card
(with its effect).  The readings of the rulebook that a house rule may change are enums.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class WildEffect(enum.Enum):
    """What a wild card does when played; the closed list of effects a ruleset may name."""

    DRAW = "draw"  # every other player draws `amount` cards from the deck
    PASS_ME_BY = "pass-me-by"  # play passes to the next player
    REVERSE = "reverse"  # the direction reverses; with 2 players left it is a PASS ME BY
    SKIP = "skip"  # the next player is skipped; with 2 players left the player plays again
    SET_TOTAL = "set-total"  # the running total becomes `total` (=21, =10, =0)
    HAND_IN_REDEAL = "hand-in-redeal"  # all hands are collected, shuffled and dealt again
    BOMB = "bomb"  # every other player discards a number 0 or flips a life card


class WildHits(enum.Enum):
    """In team play, whom a DRAW and a BOMB hit."""

    EVERYONE = "everyone"  # [book] every other player, partners too
    OPPONENTS = "opponents"  # a house rule: the other team only


class GameEnd(enum.Enum):
    """When the game ends."""

    LAST_PLAYER_STANDING = "last-player-standing"  # [book] the last player with a face-up life card wins
    FIRST_PLAYER_OUT = "first-player-out"  # [book] the shorter game: ends when one player has no life left


class Pairs(enum.Enum):
    """Whether two cards of one kind may be played together, as one move."""

    NONE = "none"  # [book] one card a turn
    NUMBERS = "numbers"  # a house rule: a pair of number cards of one value, both counted


class EmptyDeck(enum.Enum):
    """What happens when a player must draw from an empty deck."""

    RESHUFFLE_DISCARDS = "reshuffle-discards"  # [decision] the discard pile bar its top card becomes the deck
    DRAW_NOTHING = "draw-nothing"  # the draws that cannot be made are forgotten


@dataclass(frozen=True, slots=True)
class DrawAnswer:
    """A house rule's answer to a wild card (`alive: answers:`), a DRAW, a SKIP or a BOMB: the
    card waits on the next player, who may play one of the `cards` (kind ids) instead of taking
    its effect.  For a DRAW: `passes` (pass-on): that player draws nothing and the whole draw
    passes on, grown by the answering card's amount, to every other player of the one who
    answered, the next of whom may answer again; `bounces` (bounce): the draw goes back to the
    player who played it, who alone draws the whole of it; otherwise (block) the answering player
    draws nothing and everyone else still draws.  A BOMB is answered the same way (it hits where
    a draw would be drawn); a SKIP passes on to the next player or is blocked (answers.py)."""

    cards: frozenset[str]
    passes: bool
    bounces: bool = False


@dataclass(frozen=True, slots=True)
class CardKind:
    """One kind of playing card and how many of it the deck holds.

    A number card has a `value` and no `effect`; a wild card has an `effect` (and `amount` for
    DRAW, `total` for SET_TOTAL) and counts 0 towards the running total.
    """

    id: str
    count: int
    label: str
    value: int | None = None
    effect: WildEffect | None = None
    amount: int = 0
    total: int = 0

    @property
    def is_wild(self) -> bool:
        return self.effect is not None

    @property
    def points(self) -> int:
        """What the card adds to the running total (and to a hand's total in the shorter game)."""
        return self.value if self.value is not None else 0


@dataclass(frozen=True, slots=True)
class AliveRules:
    """Everything ALIVE needs beyond the common part of a ruleset.

    Team play is the common part's `teams` (two teams seated alternately, one set of lives each).
    """

    deck: tuple[CardKind, ...]  # in the order written in the ruleset
    limit: int = 21
    hand_size: int = 10
    lives: int = 5
    game_end: GameEnd = GameEnd.LAST_PLAYER_STANDING
    empty_deck: EmptyDeck = EmptyDeck.RESHUFFLE_DISCARDS
    draw_answer: DrawAnswer | None = None
    wild_hits: WildHits = WildHits.EVERYONE
    skip_answer: DrawAnswer | None = None
    bomb_answer: DrawAnswer | None = None
    pairs: Pairs = Pairs.NONE

    def answer_to(self, effect: WildEffect | None) -> DrawAnswer | None:
        """How a wild card of `effect` is answered (None: it is not; it acts at once)."""
        if effect is WildEffect.DRAW:
            return self.draw_answer
        if effect is WildEffect.SKIP:
            return self.skip_answer
        if effect is WildEffect.BOMB:
            return self.bomb_answer
        return None

    @property
    def deck_size(self) -> int:
        return sum(kind.count for kind in self.deck)

    def kind(self, kind_id: str) -> CardKind:
        for kind in self.deck:
            if kind.id == kind_id:
                return kind
        raise KeyError(kind_id)
