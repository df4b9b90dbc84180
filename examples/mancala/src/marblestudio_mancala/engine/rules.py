"""Mancala's rules as typed values (docs/rules.md): one dataclass, every variation an option.

Kalah and Oware are two settings of the same `MancalaRules`; a house rule may mix them (Kalah's
store with Oware's captures, ...).  Every reading is an enum whose values are the words a ruleset
writes, as in the other families.  The defaults are Kalah's.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Stores(enum.Enum):
    """Whether a sowing drops seeds into a store."""

    OWN = "own"  # [book, Kalah] into the sower's own store; the opponent's store is skipped
    NONE = "none"  # [book, Oware] stores only receive captures; a sowing goes round the houses


class StoreLanding(enum.Enum):
    """What a last seed in the sower's own store does (only with `Stores.OWN`)."""

    EXTRA_TURN = "extra-turn"  # [book, Kalah] the sower moves again
    TURN_ENDS = "turn-ends"  # the turn ends as after any other sowing


class Origin(enum.Enum):
    """Whether a sowing that goes all the way round drops a seed into the house it started from."""

    SOWN = "sown"  # [book, Kalah] the emptied house gets seeds like any other
    SKIPPED = "skipped"  # [book, Oware] a sowing of 12 or more seeds skips its own house


class Capture(enum.Enum):
    """What a last seed captures."""

    KALAH_OPPOSITE = "kalah-opposite"  # [book] last seed in an own empty house, seeds opposite: both go to the store
    KALAH_EMPTY_CAPTURE = "kalah-empty-capture"  # as above, and with the opposite house empty the seed alone is stored
    OWARE_2_3 = "oware-2-3"  # [book] last seed makes 2 or 3 in an opponent's house: those, and the run before it
    NONE = "none"  # sowing only


class GrandSlam(enum.Enum):
    """A capture that would take every seed in the opponent's houses."""

    CAPTURES_ALL = "captures-all"  # [book, Kalah] it captures like any other
    CAPTURES_NOTHING = "captures-nothing"  # [book, Oware abapa] the move is played but captures nothing


class Feeding(enum.Enum):
    """Whether a player must give seeds to an opponent whose houses are empty."""

    FREE = "free"  # [book, Kalah] no such duty
    MUST_FEED = "must-feed"  # [book, Oware] then only moves that leave the opponent seeds are legal


class EndRule(enum.Enum):
    """When an empty side ends the game (each player then stores the seeds on their own side)."""

    EITHER_SIDE_EMPTY = "either-side-empty"  # [book, Kalah] after any move, as soon as one side has no seeds
    NO_MOVE = "no-move"  # [book, Oware] when the player to move has no legal move


class Majority(enum.Enum):
    """Whether a store holding more than half of the seeds ends the game at once."""

    PLAYS_ON = "plays-on"  # [decision, Kalah] played to the end; the winner is known earlier
    ENDS_GAME = "ends-game"  # [book, Oware] more than 24 of 48 seeds: the game is over


class Repetition(enum.Enum):
    """What happens when a position (houses, stores, player to move) comes back."""

    IGNORED = "ignored"  # [decision, Kalah] (with seeds sown into stores no position can come back)
    ENDS_GAME = "ends-game"  # [book, Oware] the game ends; each player stores the seeds on their side


@dataclass(frozen=True, slots=True)
class MancalaRules:
    """Two rows of `houses` houses, `seeds` seeds in each at the start, one store per player."""

    houses: int = 6
    seeds: int = 4
    stores: Stores = Stores.OWN
    last_in_store: StoreLanding = StoreLanding.EXTRA_TURN
    origin: Origin = Origin.SOWN
    capture: Capture = Capture.KALAH_OPPOSITE
    grand_slam: GrandSlam = GrandSlam.CAPTURES_ALL
    capture_min: int = 1
    """A house rule: the fewest seeds the opposite house must hold for a Kalah capture (1: any)."""
    feeding: Feeding = Feeding.FREE
    end: EndRule = EndRule.EITHER_SIDE_EMPTY
    majority: Majority = Majority.PLAYS_ON
    repetition: Repetition = Repetition.IGNORED

    @property
    def total_seeds(self) -> int:
        return 2 * self.houses * self.seeds


KALAH = MancalaRules()
"""Kalah(6,4) as `rulesets/mancala/kalah.yaml` sets it."""

OWARE = MancalaRules(
    stores=Stores.NONE,
    origin=Origin.SKIPPED,
    capture=Capture.OWARE_2_3,
    grand_slam=GrandSlam.CAPTURES_NOTHING,
    feeding=Feeding.MUST_FEED,
    end=EndRule.NO_MOVE,
    majority=Majority.ENDS_GAME,
    repetition=Repetition.ENDS_GAME,
)
"""Oware (abapa) as `rulesets/mancala/oware.yaml` sets it."""
