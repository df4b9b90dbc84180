"""Rock Me Archimedes' rules as typed values (GAMES.md section 4).

Everything the rulebook leaves open is a value here: the grid and its zones, the marbles,
the die, the physical numbers of the rocker (which decide when an end touches the table),
and the readings that the rulebook's variations change.  Rows and columns are 0-based in
the engine; a ruleset writes them 1-based.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction


class ZoneKind(enum.Enum):
    """What a zone is for: a player's end zone, or the midzone where marbles enter."""

    END = "end"
    MIDZONE = "midzone"


class Carrying(enum.Enum):
    """How a marble may travel (rule b; variation 3)."""

    ROLL_OR_LIFT = "roll-or-lift"  # [book] roll it along the grooves or pick it up, per marble
    LIFT_ONLY = "lift-only"  # variation 3: always pick it up and place it


class WinZone(enum.Enum):
    """Which end zone must hold a player's marbles to win (variation 2)."""

    OWN = "own"  # [book] four of your marbles in your end zone
    ANY = "any"  # variation 2: four of your marbles in one end zone, either one


class TouchRule(enum.Enum):
    """Who loses when an end of the board touches the table (variation 1)."""

    MOVER_LOSES = "mover-loses"  # [book] whoever causes either end to touch forfeits
    END_OWNER_LOSES = "end-owner-loses"  # variation 1: tipping the opponent's end down wins
    MARBLE_LOST = "marble-lost"  # a house rule: the marble that made an end touch leaves the game, the turn ends


NEUTRAL = -1
"""The owner of a neutral marble (a house rule: `archimedes.neutral`) in `ArchimedesState.board`
and in the view's `cups`: nobody's."""


class StartRule(enum.Enum):
    """Who plays first."""

    HIGHER_ROLL = "higher-roll"  # [book] both roll the die, the higher number begins (ties again)
    FIRST_PLAYER = "first-player"  # player 1 begins (a house rule; handy for puzzles and tests)


@dataclass(frozen=True, slots=True)
class Zone:
    """A rectangle of cups: `rows` and `columns` are 0-based inclusive ranges.

    An end zone belongs to `seat` (0-based); the midzone has no owner.
    """

    id: str
    kind: ZoneKind
    rows: tuple[int, int]
    columns: tuple[int, int]
    seat: int | None = None

    def contains(self, row: int, column: int) -> bool:
        return self.rows[0] <= row <= self.rows[1] and self.columns[0] <= column <= self.columns[1]

    def cups(self) -> tuple[tuple[int, int], ...]:
        """The zone's cups as (row, column), row by row."""
        return tuple(
            (r, c) for r in range(self.rows[0], self.rows[1] + 1) for c in range(self.columns[0], self.columns[1] + 1)
        )


@dataclass(frozen=True, slots=True)
class Physics:
    """The rocker's physical numbers, in millimetres and grams (see docs/archimedes-physics.md).

    Heights are measured, with the board level, from the surface the rocker rolls on (the
    platform's top, or the table without it).  The board's ends lie half a cup spacing beyond
    the centres of the end rows.  All values are exact fractions.
    """

    cup_spacing: Fraction  # distance between the centres of neighbouring rows
    board_mass: Fraction  # the board with its rocker, without marbles
    board_com_height: Fraction  # height of the bare board's centre of mass
    end_height: Fraction  # height of the underside of the board's ends
    marble_mass: Fraction
    marble_com_height: Fraction  # height of a marble's centre when it sits in a cup
    rocker_radius: Fraction  # radius R of the rocker's arc
    platform: bool  # variation 4 plays without it
    platform_height: Fraction  # how far the platform's top lies above the table
    swing: bool  # a landing marble sets the board swinging; the swing's peak counts
    swing_overshoot: Fraction  # the swing passes the new rest slope by this share of the change

    @property
    def drop(self) -> Fraction:
        """How far the rolling surface lies above the table: the platform's height, or 0."""
        return self.platform_height if self.platform else Fraction(0)


@dataclass(frozen=True, slots=True)
class Stalemate:
    """When a game is a stalemate (the book: "play again"), drawn; 0 turns a condition off."""

    repeats: int = 3
    """The position at the start of a turn (every marble's cup, both supplies, the player to move)
    comes round this many times since a marble was last added to the board."""
    quiet_turns: int = 60
    """This many turns in a row end with the same supplies and the end zones as they were (the
    same marbles on the same cups): nobody comes nearer to a win (a blockade)."""

    def __bool__(self) -> bool:
        return bool(self.repeats or self.quiet_turns)


def times_words(times: int) -> str:
    """How often a position comes round, in words: 'a third time', '5 times'."""
    return {2: "a second time", 3: "a third time"}.get(times, f"{times} times")


@dataclass(frozen=True, slots=True)
class ArchimedesRules:
    rows: int
    columns: int
    zones: tuple[Zone, ...]  # in id order as written in the ruleset
    marbles_per_player: int
    marbles_to_win: int
    die: tuple[int, ...]  # the faces, one entry per face
    physics: Physics
    carrying: Carrying = Carrying.ROLL_OR_LIFT
    win_zone: WinZone = WinZone.OWN
    touch: TouchRule = TouchRule.MOVER_LOSES
    start: StartRule = StartRule.HIGHER_ROLL
    neutral: tuple[tuple[int, int], ...] = ()
    """A house rule: the cups of the neutral marbles, owned by no one (in the order written).  They
    stand there from the start and never move; no marble lands or is added on them, and no marble
    jumps over them (they block like the mover's own); they weigh on the board like any marble
    (the physics counts them); they count for no one's end zone, and a touch never takes them."""
    stalemate: Stalemate = Stalemate()
    """When the game ends drawn as a stalemate (the book's "play again"); with both conditions off,
    only the ruleset's move limit ends a game that nobody can win."""

    def end_zones(self) -> tuple[Zone, ...]:
        return tuple(z for z in self.zones if z.kind is ZoneKind.END)

    def end_zone_of(self, seat: int) -> Zone | None:
        for zone in self.zones:
            if zone.kind is ZoneKind.END and zone.seat == seat:
                return zone
        return None

    def win_zones(self, seat: int) -> tuple[Zone, ...]:
        """The end zones whose marbles count for `seat`'s win: its own, or either (variation 2)."""
        if self.win_zone is WinZone.ANY:
            return self.end_zones()
        own = self.end_zone_of(seat)
        return () if own is None else (own,)

    def midzone_cups(self) -> tuple[tuple[int, int], ...]:
        """Every cup where a marble may be added, in row-then-column order, without repeats."""
        cups = {cup for z in self.zones if z.kind is ZoneKind.MIDZONE for cup in z.cups()}
        return tuple(sorted(cups))

    def die_odds(self) -> tuple[tuple[int, Fraction], ...]:
        """Each value the die shows, in increasing order, with its probability."""
        return face_odds(self.die)


def face_odds(die: tuple[int, ...]) -> tuple[tuple[int, Fraction], ...]:
    """Each value a die with the faces `die` shows, in increasing order, with its probability."""
    return tuple((v, Fraction(die.count(v), len(die))) for v in sorted(set(die)))
