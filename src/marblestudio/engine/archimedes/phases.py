"""Where a turn of Rock Me Archimedes stands: the state's phase.

A module of its own so that the compiled playout (`playout.py`) can import it at its top:
`state.py` imports the playout.
"""

from __future__ import annotations

import enum


class Phase(enum.Enum):
    START = "start"  # chance: the starting rolls
    CHOOSE = "choose"  # the mover places a marble, rolls, or passes
    DIE = "die"  # chance: the die
    MOVING = "moving"  # the mover uses the roll, one marble at a time
    OVER = "over"
