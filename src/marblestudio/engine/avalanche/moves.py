"""Avalanche's moves and their notation (docs/avalanche.md, docs/notation.md).

- `R3`: drop a red marble (the colour's letter) into hole 3; `drop red 3` is read too.
- `pass`: end the turn without dropping (only where the rules allow it).
- `out` / `stay`: a partner who ends a turn with an empty hand goes out, or stays in.
- chance: `deal C1 C4 C2` (the cards dealt, in seat order, a seat's cards together) and
  `gates LRRL` (the tilt of each randomly set gate, in the order the gates are written).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from marblestudio.engine.core import Move, NotationError
from marblestudio.engine.avalanche.rules import AvalancheRules


@dataclass(frozen=True, slots=True)
class Drop(Move):
    """Drop a marble of colour `colour` (an index into the ruleset's colours) into `hole` (from 1)."""

    colour: int
    hole: int
    letter: str

    def __str__(self) -> str:
        return f"{self.letter}{self.hole}"


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """End the turn without dropping a marble."""

    is_pass: ClassVar[bool] = True

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class GoOut(Move):
    """Partnership: a partner with an empty hand at the end of a turn goes out (or stays in)."""

    out: bool

    def __str__(self) -> str:
        return "out" if self.out else "stay"


@dataclass(frozen=True, slots=True)
class Deal(Move):
    """Chance: the cards dealt, in seat order (a seat's cards together)."""

    is_chance: ClassVar[bool] = True
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return "deal " + " ".join(self.cards)


@dataclass(frozen=True, slots=True)
class SetGates(Move):
    """Chance: the starting tilt of every randomly set gate (in ruleset order), as L/R letters."""

    is_chance: ClassVar[bool] = True
    tilts: str

    def __str__(self) -> str:
        return f"gates {self.tilts}"


def parse(text: str, rules: AvalancheRules) -> Move:
    """The move written `text` for a game of `rules` (raises `NotationError`)."""
    words = text.strip().split()
    if not words:
        raise NotationError("empty move")
    head = words[0].lower()
    if len(words) == 1 and head in ("pass", "out", "stay"):
        return Pass() if head == "pass" else GoOut(head == "out")
    if head == "deal":
        if len(words) < 2:
            raise NotationError(f"{text!r}: 'deal' needs the card ids, e.g. 'deal C1 C4'")
        return Deal(tuple(words[1:]))
    if head == "gates":
        if len(words) != 2 or set(words[1].upper()) - {"L", "R"}:
            raise NotationError(f"{text!r}: write the gates' tilts as L and R letters, e.g. 'gates LRRL'")
        return SetGates(words[1].upper())
    if head == "drop" and len(words) == 3:
        return _drop(words[1], words[2], text, rules)
    if len(words) == 1 and len(head) >= 2:
        return _drop(words[0][0], words[0][1:], text, rules)
    raise NotationError(f"{text!r} is not an Avalanche move (e.g. 'R3', 'drop red 3', 'pass')")


def _drop(colour: str, hole: str, text: str, rules: AvalancheRules) -> Drop:
    index = _colour(colour, _names(rules))
    if index is None:
        letters = ", ".join(c.letter for c in rules.colours)
        raise NotationError(f"{text!r}: no colour {colour!r} (the colours are {letters})")
    if not (hole.isascii() and hole.isdigit() and len(hole) <= 6) or not 1 <= int(hole) <= len(rules.holes):
        raise NotationError(f"{text!r}: the holes are numbered 1 to {len(rules.holes)}")
    return Drop(index, int(hole), rules.colours[index].letter)


def _names(rules: AvalancheRules) -> Sequence[tuple[str, str]]:
    return [(c.letter.lower(), c.name.lower()) for c in rules.colours]


def _colour(word: str, names: Sequence[tuple[str, str]]) -> int | None:
    word = word.lower()
    for i, (letter, name) in enumerate(names):
        if word in (letter, name):
            return i
    return None
