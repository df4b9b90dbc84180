"""Rock Me Archimedes' moves and their notation (docs/notation.md).

A cup is written as its column letter and 1-based row: `b8` is the middle column of row 8.

    start 3-1       chance: the starting rolls of players 1 and 2 (the higher begins)
    place b8        add a marble from the supply to a midzone cup
    roll            decide to roll the die
    die 3           chance: the die shows 3
    b8-b9-c9        roll a marble along the grooves, cup by cup
    b8xb11          a jump over a line of opponent marbles (the marble is lifted over them)
    b8^b10/2        lift a marble from b8 and place it on b10, counting 2 spaces
    pass            a player who can neither place nor make a full move
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import ClassVar

from marblestudio.engine.core import Move, NotationError

Cup = tuple[int, int]
"""A cup as (row, column), both 0-based."""

_COLUMNS = "abcdefghijklmnopqrstuvwxyz"
_CUP = re.compile(r"([a-z])(\d{1,3})", re.ASCII)


_NAMES: dict[Cup, str] = {}


def cup_name(cup: Cup) -> str:
    """The cup as notation names it ("b8"), remembered: events name every cup a marble passes."""
    name = _NAMES.get(cup)
    if name is None:
        name = f"{_COLUMNS[cup[1]]}{cup[0] + 1}"
        if len(_NAMES) < 10_000:
            _NAMES[cup] = name
    return name


def parse_cup(text: str) -> Cup:
    match = _CUP.fullmatch(text)
    if not match or int(match.group(2)) < 1:
        raise NotationError(f"{text!r} is not a cup (a column letter and a row number, like b8)")
    return int(match.group(2)) - 1, _COLUMNS.index(match.group(1))


@dataclass(frozen=True, slots=True)
class StartRolls(Move):
    """Chance: both players roll the die; the higher value begins (ties are rolled again)."""

    is_chance: ClassVar[bool] = True
    first: int
    second: int

    def __str__(self) -> str:
        return f"start {self.first}-{self.second}"


@dataclass(frozen=True, slots=True)
class DieRoll(Move):
    """Chance: the value the die shows."""

    is_chance: ClassVar[bool] = True
    value: int

    def __str__(self) -> str:
        return f"die {self.value}"


@dataclass(frozen=True, slots=True)
class Place(Move):
    """Add one of the mover's marbles to an empty midzone cup."""

    cup: Cup

    def __str__(self) -> str:
        return f"place {cup_name(self.cup)}"


@dataclass(frozen=True, slots=True)
class Roll(Move):
    """The mover chooses to roll the die and move instead of placing."""

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """A player who can neither place nor make a full legal move passes."""

    is_pass: ClassVar[bool] = True

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class RollMarble(Move):
    """Roll one marble along `path` (the cups after `start`, one space each).

    `jumps[i]` is True when step i jumps a line of opponent marbles: the marble is lifted for
    that step and the jumped marbles stay where they are.
    """

    start: Cup
    path: tuple[Cup, ...]
    jumps: tuple[bool, ...]
    _text: str | None = field(default=None, init=False, repr=False, compare=False)
    """The notation once written (a roll step lists a hundred moves, each a shared object: the
    server sends every one of them as text, again and again)."""
    rows: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """The row of each cup of `path` (the board rocks along its rows: `passage.way` reads these)."""
    jump_bits: int = field(init=False, repr=False, compare=False)
    """`jumps` as bits: bit i set when step i is a jump."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "rows", tuple([cup[0] for cup in self.path]))
        object.__setattr__(self, "jump_bits", sum(1 << i for i, jump in enumerate(self.jumps) if jump))

    @property
    def dest(self) -> Cup:
        return self.path[-1]

    @property
    def spaces(self) -> int:
        return len(self.path)

    def __str__(self) -> str:
        text = self._text
        if text is None:
            parts = [cup_name(self.start)]
            for cup, jump in zip(self.path, self.jumps, strict=True):
                parts.append(("x" if jump else "-") + cup_name(cup))
            text = "".join(parts)
            object.__setattr__(self, "_text", text)
        return text


@dataclass(frozen=True, slots=True)
class LiftMarble(Move):
    """Pick a marble up from `start` and place it on `dest`, which a path of `spaces` reaches."""

    start: Cup
    dest: Cup
    spaces: int
    _text: str | None = field(default=None, init=False, repr=False, compare=False)
    """The notation once written (as `RollMarble`'s)."""

    def __str__(self) -> str:
        text = self._text
        if text is None:
            text = f"{cup_name(self.start)}^{cup_name(self.dest)}/{self.spaces}"
            object.__setattr__(self, "_text", text)
        return text


MarbleMove = RollMarble | LiftMarble

# ASCII digits only, and few of them: "die ٣" is no move, and int() of 5,000 digits raises.
_START = re.compile(r"start (\d{1,6})-(\d{1,6})", re.ASCII)
_DIE = re.compile(r"die (\d{1,6})", re.ASCII)
_LIFT = re.compile(r"([a-z]\d{1,3})\^([a-z]\d{1,3})/(\d{1,6})", re.ASCII)
_ROLLED = re.compile(r"[a-z]\d{1,3}(?:[-x][a-z]\d{1,3})+", re.ASCII)


def parse(text: str) -> Move:
    """The move written as `text` (the grid is not checked here: `legal` moves are)."""
    text = " ".join(text.split()).lower()
    if text == "roll":
        return Roll()
    if text == "pass":
        return Pass()
    if text.startswith("place "):
        return Place(parse_cup(text[6:]))
    if m := _START.fullmatch(text):
        return StartRolls(int(m.group(1)), int(m.group(2)))
    if m := _DIE.fullmatch(text):
        return DieRoll(int(m.group(1)))
    if m := _LIFT.fullmatch(text):
        return LiftMarble(parse_cup(m.group(1)), parse_cup(m.group(2)), int(m.group(3)))
    if _ROLLED.fullmatch(text):
        cups = re.split(r"[-x]", text)
        seps = [ch for ch in text if ch in "-x"]
        return RollMarble(parse_cup(cups[0]), tuple(parse_cup(c) for c in cups[1:]), tuple(s == "x" for s in seps))
    raise NotationError(
        f"{text!r} is not an Archimedes move (try 'place b8', 'roll', 'b8-b9', 'b8xb11', 'b8^b10/2' or 'pass')"
    )
