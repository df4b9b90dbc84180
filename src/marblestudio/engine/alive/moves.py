"""ALIVE's moves and their notation.

Player moves: `play <card>` (a card kind id, e.g. `play 3`, `play SKIP`, `play =21`),
`play <card> <card>` (a pair of one kind, a house rule's `alive: pairs:`) and
`flip` (the life penalty when no card can be played), and `take` (a house rule's DRAW that
waits for an answer is taken, not answered: `alive: answers:`).  Chance moves give the order of a
shuffle as card kind ids, top card first: `deal ...` (the whole deck at the start of a hand),
`redeal ...` (the collected hands of HAND IN & RE-DEAL) and `reshuffle ...` (the discard pile,
bar its top card, when the deck runs out).  Cards of one kind are alike, so a kind id names a card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from marblestudio.engine.core import Move, NotationError


@dataclass(frozen=True, slots=True)
class PlayCard(Move):
    """Play one card of kind `card` from the hand onto the discard pile."""

    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class PlayPair(Move):
    """Play two cards of kind `card` at once, as one move (a house rule: `alive: pairs: numbers`)."""

    card: str

    def __str__(self) -> str:
        return f"play {self.card} {self.card}"


@dataclass(frozen=True, slots=True)
class Flip(Move):
    """Flip a life card instead of playing: legal only when no card in hand can be played."""

    def __str__(self) -> str:
        return "flip"


@dataclass(frozen=True, slots=True)
class Take(Move):
    """Take a DRAW that waits for an answer: the draw is made, and the player then plays on."""

    def __str__(self) -> str:
        return "take"


@dataclass(frozen=True, slots=True)
class Shuffle(Move):
    """A chance step: the order of a shuffled pile, top card first, as card kind ids."""

    is_chance: ClassVar[bool] = True
    verb: ClassVar[str] = "shuffle"
    order: tuple[str, ...]

    def __str__(self) -> str:
        return " ".join((self.verb, *self.order))

    @property
    def public_text(self) -> str:
        """What every player may read of this step (the order itself is hidden), e.g. for a log."""
        return f"{self.verb} ({len(self.order)} cards shuffled)"


@dataclass(frozen=True, slots=True)
class Deal(Shuffle):
    """The whole deck shuffled at the start of a hand, then dealt one card at a time."""

    verb: ClassVar[str] = "deal"


@dataclass(frozen=True, slots=True)
class Redeal(Shuffle):
    """The collected hands of HAND IN & RE-DEAL shuffled, then dealt from the player's left."""

    verb: ClassVar[str] = "redeal"


@dataclass(frozen=True, slots=True)
class Reshuffle(Shuffle):
    """The discard pile bar its top card shuffled into a new deck."""

    verb: ClassVar[str] = "reshuffle"


FLIP = Flip()
TAKE = Take()
_SHUFFLES: dict[str, type[Shuffle]] = {cls.verb: cls for cls in (Deal, Redeal, Reshuffle)}


def parse_move(text: str, kind_ids: frozenset[str]) -> Move:
    """The move written `text`; card ids must be among `kind_ids` (raises NotationError)."""
    words = text.split()
    if not words:
        raise NotationError("empty move")
    verb, args = words[0].lower(), words[1:]
    if verb == "flip" and not args:
        return FLIP
    if verb == "take" and not args:
        return TAKE
    if verb == "play" and len(args) in (1, 2):
        for card in args:
            if card not in kind_ids:
                raise NotationError(f"no card kind {card!r} in this deck (kinds: {', '.join(sorted(kind_ids))})")
        if len(args) == 2:
            if args[0] != args[1]:
                raise NotationError(f"'play {args[0]} {args[1]}': a pair is two cards of one kind, e.g. 'play 3 3'")
            return PlayPair(args[0])
        return PlayCard(args[0])
    if verb in _SHUFFLES:
        unknown = sorted(set(args) - kind_ids)
        if unknown:
            raise NotationError(f"no card kind {unknown[0]!r} in this deck")
        return _SHUFFLES[verb](tuple(args))
    raise NotationError(f"not an ALIVE move: {text!r} (expected 'play CARD', 'play CARD CARD', 'flip', 'take', 'deal ...', 'redeal ...' or 'reshuffle ...')")
