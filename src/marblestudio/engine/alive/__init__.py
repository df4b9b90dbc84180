"""ALIVE, the card game of seed 001 (GAMES.md section 2): a running total to 21, wild cards, 5 lives."""

from __future__ import annotations

from marblestudio.engine.alive.moves import Deal, Flip, PlayCard, Redeal, Reshuffle
from marblestudio.engine.alive.rules import AliveRules, CardKind, EmptyDeck, GameEnd, WildEffect
from marblestudio.engine.alive.state import AliveState
from marblestudio.engine.rules import Ruleset


def new_game(rules: Ruleset, count: int) -> AliveState:
    """A new game of ALIVE for `count` players; the first step is the chance deal."""
    return AliveState.new(rules, count)


__all__ = [
    "AliveRules",
    "AliveState",
    "CardKind",
    "Deal",
    "EmptyDeck",
    "Flip",
    "GameEnd",
    "PlayCard",
    "Redeal",
    "Reshuffle",
    "WildEffect",
    "new_game",
]
