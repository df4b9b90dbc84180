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
- `rollout_depth`: how far rollouts go before `value` scores them;
- `levels`: the search iterations of each of the app's levels in this game (`agents.levels`).

A family without a player, or whose player fails to load, plays uniformly at random (and
`HeuristicAgent.note` says so).  Shared helpers for writing a policy live here too: `greedy`
plays the move a trial on a copy scores best.

Search meets the same positions again and again (a die has few faces; many paths lead a marble
to the same cup), so what an evaluator or a greedy policy worked out about a position is
remembered by the state's `position_key` (`evaluate`, `move_scores`): the scores are those the
functions would give again, so no choice changes, only the time it takes.  A family without a
key (the default) recomputes every time.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from functools import cache

from marblestudio.agents.base import pick
from marblestudio.engine import family as families
from marblestudio.engine.core import Move, State
from marblestudio.engine.partners import SIDES, Partners

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
    levels: Mapping[str, int] | None = None
    """Iterations per level name (easy, medium, hard, hint); a level it leaves out keeps its
    default (`agents.levels.LEVELS`)."""


def player_of(state: State) -> FamilyPlayer | None:
    """The computer player's pieces of `state`'s family, or None (none, or failing to load);
    for a team game of two sides (`engine.partners`), the family's pieces played for a side."""
    if isinstance(state, Partners):
        return _partners_player(state.ruleset.game)
    return _player(state.ruleset.game)


def has_player(game: str) -> bool:
    """Whether the family `game` has a computer player of its own (without one, the heuristic
    player plays at random)."""
    return _player(game) is not None


@cache
def _partners_player(game: str) -> FamilyPlayer | None:
    """The family's player, each piece given the two sides' game and a seat's side (and each
    side's value given to the seats of that side)."""
    player = _player(game)
    if player is None:
        return None

    def inner(state: State) -> State:
        assert isinstance(state, Partners)
        return state.inner

    def spread(state: State, values: Sequence[float]) -> list[float]:
        assert isinstance(state, Partners)
        return state.spread(values)

    value, search_value, rollout, prior, quiet = player.value, player.search_value, player.rollout, player.prior, player.quiet
    return FamilyPlayer(
        policy=lambda state, seat, moves, rng: player.policy(inner(state), seat % SIDES, moves, rng),
        value=None if value is None else lambda state: spread(state, value(inner(state))),
        rollout=None if rollout is None else lambda state, moves, rng: rollout(inner(state), moves, rng),
        search_value=None if search_value is None else lambda state: spread(state, search_value(inner(state))),
        prior=None if prior is None else lambda state, moves: prior(inner(state), moves),
        quiet=None if quiet is None else lambda state, seat: quiet(inner(state), seat % SIDES),
        rollout_depth=player.rollout_depth,
        levels=player.levels,
    )


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
    _partners_player.cache_clear()


# Remembering positions -------------------------------------------------------------------------
MEMO_LIMIT = 50_000
"""Positions remembered per function and ruleset; a full table starts again empty."""
MEMO_TABLES = 64
"""(function, ruleset) pairs remembered at once; beyond them every table starts again."""

_tables: dict[tuple[int, int, str], tuple[object, object, dict[Hashable, Any]]] = {}


def _table(owner: object, state: State, kind: str) -> dict[Hashable, Any]:
    """The table of what `owner` worked out (`kind`: values or move scores) for `state`'s ruleset.
    The entry holds both objects, so that their ids stay theirs while it lives."""
    key = (id(owner), id(state.ruleset), kind)
    entry = _tables.get(key)
    if entry is None:
        if len(_tables) >= MEMO_TABLES:
            _tables.clear()
        entry = _tables[key] = (owner, state.ruleset, {})
    table = entry[2]
    if len(table) >= MEMO_LIMIT:
        table.clear()
    return table


def evaluate(value: Evaluator, state: State) -> Sequence[float]:
    """`value(state)`, remembered by the state's position key."""
    key = state.position_key()
    if key is None:
        return value(state)
    table = _table(value, state, "value")
    found = table.get(key)
    if found is None:
        found = table[key] = tuple(value(state))
    return found


def move_scores(state: State, seat: int, moves: Sequence[Move], value: Evaluator) -> Sequence[float]:
    """`trial_score` of each of `moves` (the legal moves of `state`), remembered by position."""
    key = state.position_key()
    if key is None:
        return _scores(state, seat, moves, value)
    table = _table(value, state, "moves")
    listed = tuple(moves)
    found = table.get((key, seat))
    if found is None or found[0] != listed:
        found = table[(key, seat)] = (listed, tuple(_scores(state, seat, moves, value)))
    return found[1]


def _scores(state: State, seat: int, moves: Sequence[Move], value: Evaluator) -> list[float]:
    """`trial_score` of each move; moves that the state says leave the same position
    (`State.result_key`) are tried once (a roll step's rolled paths and lifts to one cup)."""
    result_key = state.result_key
    tried: dict[Hashable, float] = {}
    out = []
    for move in moves:
        same = result_key(move)
        if same is None:
            out.append(trial_score(state, seat, move, value))
            continue
        score = tried.get(same)
        if score is None:
            score = tried[same] = trial_score(state, seat, move, value)
        out.append(score)
    return out


# Helpers for writing a family's player ----------------------------------------------------------
def best(scored: Sequence[tuple[float, Move]], rng: random.Random) -> Move:
    """The move with the highest score; ties broken by `rng`."""
    top = max(score for score, _ in scored)
    return pick([m for score, m in scored if score == top], rng)


def trial_score(state: State, seat: int, move: Move, value: Evaluator) -> float:
    """`value` for `seat` after `move` on a copy; a win 2, a loss -1, a game without a winner its
    share, as search counts it (`base.rewards`: 1/2 in a game of two)."""
    trial = state.copy()
    trial.play(move)
    outcome = trial.outcome()
    if outcome is not None:
        if not outcome.winners:
            return 1.0 / state.num_players
        return 2.0 if seat in outcome.winners else -1.0
    return evaluate(value, trial)[seat]


def greedy(value: Evaluator) -> Policy:
    """In a perfect-information game a trial move on a copy shows everything: play the move
    whose result `value` likes best for the mover (a win first, a loss last)."""

    def policy(state: State, seat: int, moves: Sequence[Move], rng: random.Random) -> Move:
        if len(moves) == 1:
            return moves[0]
        return best(list(zip(move_scores(state, seat, moves, value), moves)), rng)

    return policy


def greedy_prior(value: Evaluator) -> Prior:
    """The greedy policy's scores as a prior: the evaluator after a trial move on a copy."""

    def prior(state: State, moves: Sequence[Move]) -> list[float]:
        return list(move_scores(state, state.to_move, moves, value))

    return prior


__all__ = [
    "FULL_ROLLOUT_DEPTH",
    "MEMO_LIMIT",
    "Evaluator",
    "FamilyPlayer",
    "Policy",
    "Prior",
    "Quiet",
    "RolloutPolicy",
    "best",
    "evaluate",
    "forget",
    "has_player",
    "move_scores",
    "greedy",
    "greedy_prior",
    "player_of",
    "trial_score",
]
