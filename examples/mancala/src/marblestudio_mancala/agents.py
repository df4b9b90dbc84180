"""Mancala's rule of thumb: an evaluator and a greedy policy, in the shapes of
`marblestudio.agents.heuristic` (`Evaluator`, `Policy`), for the plug-in API's `Family.heuristic`.

Seeds in a store are won for good; seeds on your own side are likely (not certainly) yours at the
end, so they count for a quarter.  The policy plays the move whose result the evaluator likes
best, following its own extra turns (Kalah) a few moves deep.  Imports only the engine and
`marblestudio.agents.base`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from marblestudio.agents.base import pick, shares
from marblestudio.agents.player import FamilyPlayer
from marblestudio.engine.core import Move, State

from marblestudio_mancala.engine.state import MancalaState

SIDE_WEIGHT = 0.25
"""What a seed on your own side is worth, against 1 for a seed in your store."""

EXTRA_TURN_DEPTH = 3
"""How many extra turns in a row the greedy policy follows before it scores a position."""

WIN, LOSS, DRAW = 2.0, -1.0, 0.5
"""Scores of finished games for the policy (a win beats any position, a loss is worse than any)."""


def value(state: State) -> list[float]:
    """Per seat, in [0, 1]: 1/2 plus half the lead in (store + a quarter of the seeds on one's
    side), as a share of all seeds.  A finished game scores 1 for a win, 1/2 each for a draw."""
    assert isinstance(state, MancalaState)
    outcome = state.outcome()
    if outcome is not None:
        if not outcome.winners:
            return [0.5, 0.5]
        return [1.0 if seat in outcome.winners else 0.0 for seat in (0, 1)]
    total = state.rules.total_seeds
    raw = [(state.store(seat) + SIDE_WEIGHT * state.seeds_on_side(seat)) / total for seat in (0, 1)]
    return shares(raw)


def _score(state: MancalaState, seat: int, move: Move, depth: int) -> float:
    trial = state.copy()
    trial.apply(move)
    outcome = trial.outcome()
    if outcome is not None:
        return DRAW if not outcome.winners else WIN if seat in outcome.winners else LOSS
    if trial.to_move == seat and depth > 0:
        return max(_score(trial, seat, m, depth - 1) for m in trial.legal_moves())
    return value(trial)[seat]


def policy(state: State, seat: int, moves: Sequence[Move], rng: random.Random) -> Move:
    """The move whose result `value` likes best for `seat` (ties broken by `rng`)."""
    assert isinstance(state, MancalaState)
    if len(moves) == 1:
        return moves[0]
    scored = [(_score(state, seat, move, EXTRA_TURN_DEPTH), move) for move in moves]
    top = max(score for score, _ in scored)
    return pick([m for score, m in scored if score == top], rng)


def rollout(state: State, moves: Sequence[Move], rng: random.Random) -> Move:
    """A cheap rollout policy for MCTS: greedy half the time, random otherwise."""
    if len(moves) == 1 or rng.random() < 0.5:
        return pick(moves, rng)
    return policy(state, state.to_move, moves, rng)


PLAYER = FamilyPlayer(policy=policy, value=value, rollout=rollout, rollout_depth=20,
                      levels={"easy": 30, "medium": 300, "hard": 5000, "hint": 2000})
"""Mancala's pieces for Marble Studio's computer players (its family descriptor's `player`)."""
