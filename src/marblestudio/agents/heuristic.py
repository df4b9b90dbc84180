"""The rule-of-thumb player, and the pieces MCTS borrows from a game family's player.

Each family's descriptor names its `player.FamilyPlayer` (agents/<family>.py for the bundled
games): a policy, and optionally a cheaper rollout policy, an evaluator for capped rollouts, a
search evaluator, a move prior and where positions may be scored.  This module reads them for a
state, whatever its family; it knows no game.  A family without a player plays uniformly at
random, and `HeuristicAgent.note` says so.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from marblestudio.agents.base import SeededAgent, check_turn, pick
from marblestudio.agents.player import FULL_ROLLOUT_DEPTH, Evaluator, Prior, RolloutPolicy, player_of
from marblestudio.engine.core import CHANCE, Move, State

SETTLE_STEPS = 32
"""At most this many steps of the family's policy bring a rollout to a quiet position (the rest
of a turn and the opponent's whole turn take about a dozen)."""


def rollout_depth(state: State) -> int:
    """The family's rollout depth for MCTS."""
    player = player_of(state)
    return FULL_ROLLOUT_DEPTH if player is None else player.rollout_depth


def rollout_policy(state: State) -> RolloutPolicy | None:
    """The family's rollout policy for MCTS, or None (uniformly random rollouts)."""
    player = player_of(state)
    return None if player is None else player.rollout


def prior(state: State) -> Prior | None:
    """The family's move prior for MCTS (progressive widening), or None (all moves at once)."""
    player = player_of(state)
    return None if player is None else player.prior


def evaluator(state: State) -> Evaluator | None:
    """The family's scorer of unfinished positions, or None (a capped rollout is a draw)."""
    player = player_of(state)
    return None if player is None else player.value


def search_evaluator(state: State) -> Evaluator | None:
    """The scorer MCTS uses: the family's search evaluator, else its `evaluator`."""
    player = player_of(state)
    if player is None:
        return None
    return player.search_value if player.search_value is not None else player.value


Settle = Callable[[State, int, random.Random], None]
"""Plays a rollout on to a position the evaluator may score for the given seat."""


def settler(state: State) -> Settle | None:
    """For a family that says which positions its evaluator may score (`quiet`), a function
    `settle(state, seat, rng)` that plays the family's policy on (chance from `rng`) until the
    position is quiet for `seat`, the game ends, or `SETTLE_STEPS` steps have passed; None for
    the other families."""
    player = player_of(state)
    if player is None or player.quiet is None:
        return None
    quiet, policy = player.quiet, player.policy

    def settle(state: State, seat: int, rng: random.Random) -> None:
        for _ in range(SETTLE_STEPS):
            if quiet(state, seat) or state.outcome() is not None:
                return
            mover = state.to_move
            if mover == CHANCE:
                state.play(state.sample_chance(rng))
            else:
                state.play(policy(state, mover, state.legal_moves(), rng))

    return settle


class HeuristicAgent(SeededAgent):
    """Plays the family's policy; plays at random (see `note`) where there is none."""

    name = "heuristic"

    def __init__(self, seed: int | str = 0) -> None:
        super().__init__(seed)
        self.note = ""

    def choose(self, state: State, seat: int, rng: random.Random | None = None) -> Move:
        check_turn(state, seat)
        moves = state.legal_moves()
        player = player_of(state)
        if player is None:
            self.note = f"no heuristic for {state.ruleset.game} yet: playing at random"
            return pick(moves, self._rng_for(rng))
        self.note = ""
        return player.policy(state, seat, moves, self._rng_for(rng))
