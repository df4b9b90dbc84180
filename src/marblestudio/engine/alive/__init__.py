"""ALIVE, the card game of seed 001 (GAMES.md section 2): a running total to 21, wild cards, 5 lives.

Notation: `play <card kind id>` (`play 3`, `play SKIP`, `play =21`), `flip` (legal only when no
card in hand can be played), and the chance steps `deal`, `redeal`, `reshuffle` followed by the
shuffled cards' kind ids, top card first.

Readings of our own, where neither the rulebook nor GAMES.md says (tests name each one):
- The last seat deals the first hand, so seat 0, to its left, plays first.
- A card that is its player's last ends the hand at once; a wild last card has no effect
  (the book says so for HAND IN & RE-DEAL; we read every wild card the same way).
- DRAW: the others draw in turn order from the next player, each all their cards in one go.
- BOMB: a victim holding a number 0 discards it automatically (all zeros are alike).  A victim
  left with no card has gone out, as GAMES.md decides for a re-deal.
- Several players out at once (BOMB or re-deal): every other player loses one life (once), in
  team play each team with a player out costs the other team one life; the first of them in
  turn order deals next.
- After HAND IN & RE-DEAL play starts at the re-dealer's left (the book: "after a deal of any
  sort"), and the direction stays as it was; a new hand always starts clockwise.
- Team play ends the moment a team flips its last life card (a BOMB hitting both teams cannot
  end in a tie).  The move limit counts player decisions, not chance steps.

The names below load lazily (`engine.lazy`): checking a ruleset imports only `rules`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from marblestudio.engine.lazy import exports

if TYPE_CHECKING:
    from marblestudio.engine.alive.hidden import AliveObservation, AliveView, PendingDraw
    from marblestudio.engine.alive.moves import Deal, Flip, PlayCard, PlayPair, Redeal, Reshuffle, Take
    from marblestudio.engine.alive.rules import AliveRules, CardKind, EmptyDeck, GameEnd, WildEffect
    from marblestudio.engine.alive.state import AliveState
    from marblestudio.engine.alive.table import Phase
    from marblestudio.engine.position import Fields
    from marblestudio.engine.rules import Ruleset

__getattr__, __dir__ = exports(
    __name__,
    {
        "marblestudio.engine.alive.hidden": ["AliveObservation", "AliveView", "PendingDraw"],
        "marblestudio.engine.alive.moves": ["Deal", "Flip", "PlayCard", "PlayPair", "Redeal", "Reshuffle", "Take"],
        "marblestudio.engine.alive.rules": ["AliveRules", "CardKind", "EmptyDeck", "GameEnd", "WildEffect"],
        "marblestudio.engine.alive.state": ["AliveState"],
        "marblestudio.engine.alive.table": ["Phase"],
    },
)


def new_game(rules: Ruleset, count: int) -> AliveState:
    """A new game of ALIVE for `count` players; the first step is the chance deal."""
    from marblestudio.engine.alive.state import AliveState

    return AliveState.new(rules, count)


def from_position(rules: Ruleset, fields: Fields) -> AliveState:
    """The game of `rules` at a position's fields (`AliveState.position()`'s notation, docs/notation.md)."""
    from marblestudio.engine.alive.position import read

    return read(rules, fields)


__all__ = [
    "AliveObservation",
    "AliveRules",
    "AliveState",
    "AliveView",
    "CardKind",
    "Deal",
    "EmptyDeck",
    "Flip",
    "GameEnd",
    "PendingDraw",
    "Phase",
    "PlayCard",
    "PlayPair",
    "Redeal",
    "Reshuffle",
    "Take",
    "WildEffect",
    "from_position",
    "new_game",
]
