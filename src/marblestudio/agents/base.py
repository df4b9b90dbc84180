"""What a computer player is, and the few helpers every player shares.

An `Agent` chooses a move for `seat` from what that seat may know.  In a perfect-information
game that is the whole state; in a game with hidden information (cards) an agent reads only
`state.observation(seat)`, the legal moves of its own turn, and full states it samples itself
with `state.determinize(seat, rng)`.  It never reads the true hidden state.
"""

from __future__ import annotations

import functools

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from marblestudio.engine.core import CHANCE, Move, Outcome, State
from marblestudio.engine.partners import Partners


@runtime_checkable
class Agent(Protocol):
    """A computer player: `choose` returns one of `state.legal_moves()` for `seat`."""

    name: str

    def choose(self, state: State, seat: int, rng: random.Random | None = None) -> Move:
        """A legal move for `seat` (whose turn it is); `rng` (else the agent's own) breaks ties."""
        ...


def has_hidden_information(state: State) -> bool:
    """True when the game hides something from some seat: its family's state overrides
    `determinize` (the rule pieces' wrapper, which passes `determinize` on, hides nothing itself;
    nor does team play's, which asks the game it wraps)."""
    if isinstance(state, Partners):
        return has_hidden_information(state.inner)
    return _hides(type(state))


@functools.cache
def _hides(kind: type[State]) -> bool:
    from marblestudio.engine.pieces.runtime import Ruled

    for klass in kind.__mro__:
        if "determinize" in klass.__dict__ and klass is not Ruled:
            return klass is not State
    return False


def check_turn(state: State, seat: int) -> None:
    """Raise a clear error when asked to move for a seat whose turn it is not."""
    if state.outcome() is not None:
        raise ValueError("the game is over: there is no move to choose")
    if state.to_move == CHANCE:
        raise ValueError("it is a chance step: the driver samples it, not a player")
    if state.to_move != seat:
        raise ValueError(f"it is seat {state.to_move}'s turn, not seat {seat}'s")


def rewards(outcome: Outcome, players: int) -> list[float]:
    """Per seat: 1 for a win, shared equally among the winners, 0 for a loss; a game without a
    winner (a draw, a stalemate, the move limit) shares its 1 among all the seats, so that a player
    who is behind takes a draw over a loss, and one who is ahead plays on for the win (in a game of
    two a draw is worth 1/2, as much as an even position to search, `shares`)."""
    if not outcome.winners:
        return [1.0 / players] * players
    values = [0.0] * players
    share = 1.0 / len(outcome.winners)
    for seat in outcome.winners:
        values[seat] = share
    return values


def move_key(move: Move) -> str:
    """A move's identity across copies and samples of a state: its notation."""
    return str(move)


def pick(moves: Sequence[Move], rng: random.Random) -> Move:
    """One of `moves`, uniformly."""
    return moves[rng.randrange(len(moves))]


class SeededAgent:
    """Holds the generator an agent uses when its caller passes none (same seed, same moves)."""

    name = "agent"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def _rng_for(self, rng: random.Random | None) -> random.Random:
        return self._rng if rng is None else rng

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} seed={self.seed!r}>"


def shared_out(values: Sequence[float]) -> float:
    """What turns a search's values of three or more seats into expected results that add up to
    1, as the game's own results do (a win counts 1, shared wins a share): 1 over their sum.  A
    search that stops short of the end scores a seat by `shares`, 1/2 plus half its lead, so four
    even seats read 50% each; after the scale, 25%.  With two seats the values add up to 1
    already, and are left as they are."""
    total = sum(values)
    return 1.0 / total if len(values) > 2 and total > 0 else 1.0


def shares(raw: Sequence[float]) -> list[float]:
    """Raw per-seat scores as values in [0, 1]: 1/2 plus half the lead over the others' mean."""
    n = len(raw)
    if n < 2:
        return [0.5] * n
    total = sum(raw)
    return [min(1.0, max(0.0, 0.5 + 0.5 * (x - (total - x) / (n - 1)))) for x in raw]
