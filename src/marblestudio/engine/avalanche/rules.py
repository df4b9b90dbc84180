"""Avalanche's rules as typed values (GAMES.md section 3).

The apparatus is data: coloured marbles, holes at the top, gates with two sides each
(a side leads to another gate's side or out at the bottom), and cards of coloured holes.
How a game is played (Beginners, Standard, two cards, partnership, Expert I and II) is a
set of options in `GameOptions`, so that a house rule can pick another reading of one of them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Side(enum.IntEnum):
    """A side of a gate; also the way a gate tilts (a gate tilted left catches on its left side)."""

    LEFT = 0
    RIGHT = 1

    @property
    def word(self) -> str:
        return "left" if self is Side.LEFT else "right"

    @property
    def other(self) -> Side:
        return Side(1 - self)


OUT = "out"
"""Where a side leads when a marble passing it leaves the board into the tray."""


@dataclass(frozen=True, slots=True)
class Port:
    """A side of a gate, the place a hole or another gate's side leads to."""

    gate: str
    side: Side

    def __str__(self) -> str:
        return f"{self.gate}:{self.side.word}"


Target = Port | str  # a gate's side, or OUT


@dataclass(frozen=True, slots=True)
class Colour:
    """A colour of marble: its name, its one-letter notation, how many there are, how it looks."""

    name: str
    letter: str
    count: int
    display: str
    wild: bool = False
    """A joker: fills a hole of any colour (a house rule's neutral marbles)."""


@dataclass(frozen=True, slots=True)
class Hole:
    """A hole at the top of the board (numbered from 1 in the order written)."""

    x: float
    to: Target


@dataclass(frozen=True, slots=True)
class Gate:
    """A swinging gate: where it sits, how it starts, and where each of its sides leads.

    `tilt` is None when the gate is set at random at the start (a chance step).
    """

    id: str
    row: int
    x: float
    tilt: Side | None
    left: Target
    right: Target

    def leads(self, side: Side) -> Target:
        return self.left if side is Side.LEFT else self.right


@dataclass(frozen=True, slots=True)
class Card:
    """A card of 3 x 3 holes; `holes` holds each hole's colour name in reading order."""

    id: str
    holes: tuple[str, ...]


class Unmatched(enum.Enum):
    """What happens to fallen marbles that go on no card."""

    RETURN = "return"  # [book] Beginners: back to the trays
    HOLD = "hold"  # [book] Standard: held in hand and dropped on later turns


class TraysEmpty(enum.Enum):
    """[decision] Fallen marbles that go on no card, taken while the trays are empty."""

    HOLD = "hold"  # held as usual (the rulebook does not say)
    RETURN = "return"  # back to the trays, so that players with empty hands can play on


class AllPass(enum.Enum):
    """[decision] When every player still in the game passes in a row (the position repeats)."""

    DRAW = "draw"  # the game ends as a draw: nobody can make a marble fall
    CONTINUE = "continue"  # play on (the move limit ends it)


class OutOfMarbles(enum.Enum):
    """What happens when a player's hand runs out during a turn and nothing has fallen."""

    DRAW = "draw"  # draw from the trays and go on; a player whose cards are full wins [book #3]
    WIN = "win"  # [book] Expert I: the player who runs out wins
    FORFEIT = "forfeit"  # [book] Expert II: the player forfeits the game


class Goal(enum.Enum):
    """What wins a game."""

    FILL_CARDS = "fill-cards"  # fill every hole of your cards (Standard adds: nothing in hand)
    RUN_OUT = "run-out"  # Expert I: get rid of your marbles
    ONE_COLOUR = "one-colour"  # Expert II: end a turn with >= goal_count of one colour, none other


class Passing(enum.Enum):
    """When a player may pass instead of dropping."""

    NEVER = "never"  # only when the player has no marble to drop at all
    WHEN_NOTHING_CAN_FALL = "when-nothing-can-fall"  # [book + decision] Expert II, decided exactly


class GoingOut(enum.Enum):
    """Partnership: may a partner who ends a turn with an empty hand go out?"""

    NEVER = "never"
    CHOICE = "choice"  # [book] the partner chooses; [decision] one who is out takes no more turns


@dataclass(frozen=True, slots=True)
class StartHand:
    """Marbles each player takes from the trays at the start.

    Either `per_colour` of every colour, or `first` (first player) and `others` marbles all
    taken from one tray: seat i takes from the i-th colour, cycling ("each takes a tray").
    """

    per_colour: int = 0
    first: int = 0
    others: int = 0

    def take(self, seat: int, colours: int) -> tuple[int, ...]:
        """How many of each colour `seat` starts with."""
        if self.per_colour:
            return (self.per_colour,) * colours
        amount = self.first if seat == 0 else self.others
        return tuple(amount if c == seat % colours else 0 for c in range(colours))


@dataclass(frozen=True, slots=True)
class GameOptions:
    """How the game is played on the apparatus."""

    cards_per_player: int = 1  # 0: no cards (Expert games)
    partnership: bool = False  # partners (Teams, two per team) share their cards
    unmatched: Unmatched = Unmatched.HOLD
    trays_empty: TraysEmpty = TraysEmpty.HOLD
    all_pass: AllPass = AllPass.DRAW
    draw_from_trays: bool = True
    start_hand: StartHand = StartHand()
    first_turn_limit: int | None = None  # Standard: the first player's first turn, at most 5
    goal: Goal = Goal.FILL_CARDS
    goal_count: int = 5  # ONE_COLOUR: how many of the one colour
    out_of_marbles: OutOfMarbles = OutOfMarbles.DRAW
    passing: Passing = Passing.NEVER
    going_out: GoingOut = GoingOut.NEVER
    deal: tuple[str, ...] | None = None  # None: cards dealt at random; else card ids in seat order


@dataclass(frozen=True, slots=True)
class AvalancheRules:
    """A board, its marbles and cards, and the game played on it."""

    colours: tuple[Colour, ...]
    holes: tuple[Hole, ...]
    gates: tuple[Gate, ...]  # in id order as written in the ruleset (mapping order)
    cards: tuple[Card, ...]
    game: GameOptions

    @property
    def marble_count(self) -> int:
        return sum(c.count for c in self.colours)

    def colour_index(self, name: str) -> int:
        for i, colour in enumerate(self.colours):
            if colour.name == name:
                return i
        raise KeyError(name)

    def gate_index(self, gate_id: str) -> int:
        for i, gate in enumerate(self.gates):
            if gate.id == gate_id:
                return i
        raise KeyError(gate_id)
