"""What a game family gives the computer players: its rule-of-thumb policy and the pieces MCTS
borrows from it, as one `FamilyPlayer` value that the family's descriptor names (`player`).

- `policy(state, seat, moves, rng) -> move`: the heuristic player (reading only the seat's
  observation, the ruleset and what a trial move on a copy shows);
- `rollout(state, moves, rng) -> move`: a cheaper policy for MCTS rollouts (None: random);
- `value(state) -> per-seat scores`: scores a position where a capped rollout stopped;
- `search_value`: where MCTS scores positions differently from the heuristic player;
- `prior(state, moves) -> scores`: the order MCTS widens in (None: every move at once);
- `quiet(state, seat)`: where `value` may score a position for a search by `seat` (a rollout
  plays the policy on until one, see `heuristic.settler`);
- `rollout_depth`: how far rollouts go before `value` scores them.

A family without a player, or whose player fails to load, plays uniformly at random (and
`HeuristicAgent.note` says so).  Shared helpers for writing a policy live here too: `greedy`
plays the move a trial on a copy scores best.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from marblestudio.agents.base import pick
from marblestudio.engine import family as families
from marblestudio.engine.core import Move, State

Policy = Callable[[State, int, Sequence[Move], random.Random], Move]
RolloutPolicy = Callable[[State, Sequence[Move], random.Random], Move]
Evaluator = Callable[[State], Sequence[float]]
Prior = Callable[[State, Sequence[Move]], list[float]]
"""Scores of the legal moves for the player to move (higher: more promising); MCTS tries the
moves in this order and widens to more of them as a node gains visits."""
Quiet = Callable[[State, int], bool]

FULL_ROLLOUT_DEPTH = 400
"""Rollout depth of a family without an evaluator: as far as the game goes, within reason."""

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class FamilyPlayer:
    """A game family's pieces for the computer players (see the module docstring)."""

    policy: Policy
    value: Evaluator | None = None
    rollout: RolloutPolicy | None = None
    search_value: Evaluator | None = None
    prior: Prior | None = None
    quiet: Quiet | None = None
    rollout_depth: int = FULL_ROLLOUT_DEPTH


def player_of(state: State) -> FamilyPlayer | None:
    """The computer player's pieces of `state`'s family, or None (none, or failing to load)."""
    return _player(state.ruleset.game)


@cache
def _player(game: str) -> FamilyPlayer | None:
    found = families.family(game)
    if found is None or found.player is None:
        return None
    try:
        player = found.load("player")
    except Exception:  # noqa: BLE001 - a broken plug-in plays at random, never crashes a game
        log.exception("the computer player of the game family %r failed to load", game)
        return None
    if not isinstance(player, FamilyPlayer):
        log.error("the game family %r names %r as its player, which is no FamilyPlayer", game, found.player)
        return None
    return player


def forget() -> None:
    """Look the players up again (the installed families changed)."""
    _player.cache_clear()


# Helpers for writing a family's player ----------------------------------------------------------
def best(scored: Sequence[tuple[float, Move]], rng: random.Random) -> Move:
    """The move with the highest score; ties broken by `rng`."""
    top = max(score for score, _ in scored)
    return pick([m for score, m in scored if score == top], rng)


def trial_score(state: State, seat: int, move: Move, value: Evaluator) -> float:
    """`value` for `seat` after `move` on a copy; a win 2, a loss -1."""
    trial = state.copy()
    trial.apply(move)
    outcome = trial.outcome()
    if outcome is not None:
        return 2.0 if seat in outcome.winners else -1.0
    return value(trial)[seat]


def greedy(value: Evaluator) -> Policy:
    """In a perfect-information game a trial move on a copy shows everything: play the move
    whose result `value` likes best for the mover (a win first, a loss last)."""

    def policy(state: State, seat: int, moves: Sequence[Move], rng: random.Random) -> Move:
        if len(moves) == 1:
            return moves[0]
        return best([(trial_score(state, seat, move, value), move) for move in moves], rng)

    return policy


def greedy_prior(value: Evaluator) -> Prior:
    """The greedy policy's scores as a prior: the evaluator after a trial move on a copy."""

    def prior(state: State, moves: Sequence[Move]) -> list[float]:
        seat = state.to_move
        return [trial_score(state, seat, move, value) for move in moves]

    return prior


__all__ = [
    "FULL_ROLLOUT_DEPTH",
    "Evaluator",
    "FamilyPlayer",
    "Policy",
    "Prior",
    "Quiet",
    "RolloutPolicy",
    "best",
    "forget",
    "greedy",
    "greedy_prior",
    "player_of",
    "trial_score",
]
