"""Monte Carlo tree search for every game, through the engine's common interface only.

One algorithm covers both kinds of game.  Each iteration starts from a full state: a copy of
the position in a perfect-information game, or a fresh `determinize(seat, rng)` sample of what
the searching seat has seen in a game with hidden information.  That makes the search
single-observer information-set MCTS (Cowling, Powley and Whitehouse 2012): the tree's nodes
are reached by sequences of moves, a node's children are keyed by move, and a child is scored
by UCB over the iterations in which it was *available* (legal in that iteration's sample).
With no hidden information every child is always available and this is plain UCT.

Chance steps are sampled with the search's own generator and become tree edges too, so a die
roll leads to its own subtree.  Rewards are one value per seat: 1 for a win, shared among the
winners, 0 otherwise; each decision picks the child best for the seat that makes it.

Strength is the iteration budget.  For the same generator state the search makes the same
choice; an optional time cap (for the app) stops it early and so gives up that guarantee.
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

from marblestudio.agents import heuristic
from marblestudio.agents.base import SeededAgent, check_turn, has_hidden_information, rewards
from marblestudio.agents.levels import Level, budget
from marblestudio.agents.player import evaluate
from marblestudio.engine.core import CHANCE, Move, State

RolloutPolicy = Callable[[State, Sequence[Move], random.Random], Move]
"""Chooses a move in a rollout from the state and its legal moves (non-empty)."""

Evaluator = Callable[[State], Sequence[float]]
"""Per-seat values in [0, 1] of a position where a rollout stopped before the end."""


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """How hard and how a search looks.

    `iterations` is the strength.  `rollout_depth` caps each rollout at that many player moves
    (a random rollout is the family's `random_playout`; a rollout that reaches the cap
    is brought to a position the family can score, `heuristic.settler`, and scored by
    `heuristic.search_evaluator`, or as a draw); None takes the family's depth from
    `heuristic`.  `information_set` None picks information-set search exactly when the game
    hides something.  `time_limit` (seconds) is an extra cap for
    interactive use; it makes the choice depend on the machine's speed.  `widening` is the
    progressive widening factor of a family with a move prior (`heuristic.prior`): a node with
    n visits considers only its ceil(widening * sqrt(n + 1)) best moves by the prior, tried in
    that order; None ignores the prior (every move at once, untried ones in random order).
    """

    iterations: int = 1000
    exploration: float = 1.0
    rollout_depth: int | None = None
    information_set: bool | None = None
    time_limit: float | None = None
    widening: float | None = 1.0


@dataclass(frozen=True, slots=True)
class MoveStats:
    """What the search found about one root move (for hints and tests)."""

    move: Move
    visits: int
    value: float  # mean reward of the searching seat after this move


class _Node:
    """A tree node: statistics of the edge into it, and its children by move key."""

    __slots__ = ("children", "visits", "available", "totals", "rank", "ranked", "moves", "kids", "tried")

    def __init__(self, players: int) -> None:
        self.children: dict[Hashable, _Node] = {}
        # Without hidden information a node's position is always the same: its moves are listed
        # (and ranked by the prior) once, and `kids[i]` is the child of `moves[i]` (None: untried).
        self.moves: list[Move] | None = None
        self.kids: list[_Node | None] = []
        self.tried = 0  # how many of `kids` are not None
        self.rank: dict[Hashable, int] | None = None  # move key -> place in the prior's order
        self.ranked: tuple[tuple[Move, ...], list[Move]] | None = None  # the last legal moves met here, and in rank order
        self.visits = 0
        self.available = 0
        self.totals = [0.0] * players


def _key(move: Move) -> Hashable:
    """Moves are frozen dataclasses: equal moves of different samples share a key."""
    try:
        hash(move)
    except TypeError:
        return str(move)
    return move


class Search:
    """One search from one position for one seat; `run` grows the tree, `stats` reads it."""

    def __init__(
        self,
        state: State,
        seat: int,
        config: SearchConfig,
        rng: random.Random,
        rollout: RolloutPolicy | None = None,
        evaluator: Evaluator | None = None,
        *,
        any_root: bool = False,
    ) -> None:
        """`any_root`: search from a position where `seat` is not to move (a chance step, another
        seat's turn), to read its value for `seat` (`root_values`): analysis does, after a move."""
        if not any_root:
            check_turn(state, seat)
        elif state.outcome() is not None:
            raise ValueError("the game is over: there is nothing to search")
        self.root_state = state
        self.seat = seat
        self.config = config
        self.rng = rng
        self.rollout_policy = rollout
        self.evaluator = evaluator if evaluator is not None else heuristic.search_evaluator(state)
        self.players = state.num_players
        hidden = has_hidden_information(state) if config.information_set is None else config.information_set
        self.information_set = hidden
        self.root = _Node(self.players)
        self.iterations_done = 0
        self.rollout_depth = heuristic.rollout_depth(state) if config.rollout_depth is None else config.rollout_depth
        self.prior = heuristic.prior(state) if config.widening is not None else None
        self.settle = heuristic.settler(state)

    # Sampling the start of an iteration --------------------------------------------------
    def _sample(self) -> State:
        if self.information_set:
            return self.root_state.determinize(self.seat, self.rng)
        return self.root_state.copy()

    def run(self) -> None:
        """Run the configured number of iterations (or until the time cap)."""
        limit = self.config.time_limit
        deadline = None if limit is None else time.monotonic() + limit
        for i in range(self.config.iterations):
            if deadline is not None and i % 8 == 0 and i and time.monotonic() >= deadline:
                break
            self.iterate()

    def iterate(self) -> None:
        """One iteration: select and expand in a sampled state, roll out, back up."""
        rng = self.rng
        state = self._sample()
        node = self.root
        path = [node]
        c = self.config.exploration
        while True:
            if state.outcome() is not None:
                break
            mover = state.to_move
            if mover == CHANCE:
                move = state.sample_chance(rng)
                key = _key(move)
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = _Node(self.players)
                state.play(move)
                node = child
                path.append(node)
                continue
            if not self.information_set:
                move, node, new = self._step_known(node, state, mover, c)
                state.play(move)
                path.append(node)
                if new:
                    break  # a new leaf
                continue
            legal = state.legal_moves()
            if self.prior is not None and len(legal) > 1:
                legal = self._widen(node, state, legal)
            children = node.children
            untried = []
            available = []
            for move in legal:
                key = _key(move)
                child = children.get(key)
                if child is None:
                    untried.append((key, move))
                else:
                    available.append((child, move))
            if untried:
                key, move = untried[0] if self.prior is not None else untried[rng.randrange(len(untried))]
                child = children[key] = _Node(self.players)
                for other, _ in available:
                    other.available += 1
                child.available += 1
                state.play(move)
                path.append(child)
                break
            best: _Node | None = None
            best_move: Move | None = None
            best_score = -math.inf
            for child, move in available:
                child.available += 1
                score = child.totals[mover] / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
                if score > best_score:
                    best, best_move, best_score = child, move, score
            assert best is not None and best_move is not None
            state.play(best_move)
            node = best
            path.append(node)
        values = self._rollout(state)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for s in range(self.players):
                totals[s] += values[s]
        self.iterations_done += 1

    def _step_known(self, node: _Node, state: State, mover: int, c: float) -> tuple[Move, _Node, bool]:
        """The move from `node` in a game without hidden information, its child, and whether the
        child is new: what the general walk in `iterate` chooses, without listing the moves
        again (the node's position is the same in every iteration).  With a prior the children
        are a prefix of the ranked moves, since each new one is the best untried move within the
        widening."""
        moves = node.moves
        if moves is None:
            legal = state.legal_moves()
            if self.prior is not None and len(legal) > 1:
                legal = [legal[i] for i in self._prior_order(state, legal)]
            moves = node.moves = legal
            node.kids = [None] * len(moves)
        kids = node.kids
        if self.prior is not None and len(moves) > 1:
            assert self.config.widening is not None
            allowed = min(len(moves), math.ceil(self.config.widening * math.sqrt(node.visits + 1)))
            considered: Sequence[int] = range(allowed)
            untried = [node.tried] if node.tried < allowed else []
        else:
            considered = range(len(kids))
            untried = [i for i, kid in enumerate(kids) if kid is None] if node.tried < len(kids) else []
        if untried:
            pick = untried[0] if self.prior is not None else untried[self.rng.randrange(len(untried))]
            for other in kids:
                if other is not None:
                    other.available += 1  # the tried moves within the widening: with a prior, a prefix
            child = kids[pick] = node.children[_key(moves[pick])] = _Node(self.players)
            child.available += 1
            node.tried += 1
            return moves[pick], child, True
        best, best_score = -1, -math.inf
        log, sqrt = math.log, math.sqrt
        for i in considered:
            child = kids[i]  # type: ignore[assignment]  # every considered move is tried
            child.available += 1
            score = child.totals[mover] / child.visits + c * sqrt(log(child.available) / child.visits)
            if score > best_score:
                best, best_score = i, score
        return moves[best], kids[best], False  # type: ignore[return-value]  # tried

    def _prior_order(self, state: State, legal: list[Move]) -> list[int]:
        """The indexes of `legal` in the prior's order, best first (ties in list order)."""
        assert self.prior is not None
        scores = self.prior(state, legal)
        return sorted(range(len(legal)), key=lambda i: -scores[i])

    def _widen(self, node: _Node, state: State, legal: list[Move]) -> list[Move]:
        """Progressive widening: the node's best moves by the prior, best first, as many as
        its visits allow.  The order is worked out once per node (a move another sample makes
        legal there goes after the ranked ones)."""
        rank = node.rank
        if rank is None:
            rank = node.rank = {_key(legal[i]): place for place, i in enumerate(self._prior_order(state, legal))}
        listed = tuple(legal)
        if node.ranked is not None and node.ranked[0] == listed:  # the same moves as last time (always, without hidden information)
            ranked = node.ranked[1]
        else:
            last = len(rank)
            ranked = sorted(legal, key=lambda m: rank.get(_key(m), last))
            node.ranked = (listed, ranked)
        assert self.config.widening is not None
        allowed = math.ceil(self.config.widening * math.sqrt(node.visits + 1))
        return ranked[:allowed]

    def _rollout(self, state: State) -> Sequence[float]:
        rng = self.rng
        policy = self.rollout_policy
        if policy is None:  # uniformly random: the family's own fast loop (`random_playout`)
            if self.rollout_depth > 0 and state.outcome() is None:
                state.random_playout(rng, self.rollout_depth)
        else:
            for _ in range(self.rollout_depth):
                if state.outcome() is not None:
                    break
                if state.to_move == CHANCE:
                    state.play(state.sample_chance(rng))
                    continue
                state.play(policy(state, state.legal_moves(), rng))
        outcome = state.outcome()
        if outcome is not None:
            return rewards(outcome, self.players)
        if self.evaluator is None:
            return [0.0] * self.players
        if self.settle is not None:
            self.settle(state, self.seat, rng)
        outcome = state.outcome()
        if outcome is not None:
            return rewards(outcome, self.players)
        return evaluate(self.evaluator, state)

    # Reading the result -------------------------------------------------------------------
    def stats(self) -> list[MoveStats]:
        """The root moves legal in the true position, most visited first (ties: list order)."""
        out = []
        for move in self.root_state.legal_moves():
            child = self.root.children.get(_key(move))
            if child is None or child.visits == 0:
                out.append(MoveStats(move, 0, 0.0))
            else:
                out.append(MoveStats(move, child.visits, child.totals[self.seat] / child.visits))
        order = sorted(range(len(out)), key=lambda i: (-out[i].visits, -out[i].value, i))
        return [out[i] for i in order]

    def best_move(self) -> Move:
        return self.stats()[0].move

    def root_values(self) -> list[float]:
        """Each seat's mean reward over the iterations: the position's value as the search saw it
        (from `seat`'s information in a game with hidden cards)."""
        visits = self.root.visits
        return [t / visits for t in self.root.totals] if visits else [0.0] * self.players


class MCTSAgent(SeededAgent):
    """UCT / information-set MCTS with an iteration budget (see the module docstring)."""

    def __init__(
        self,
        config: SearchConfig,
        seed: int | str = 0,
        rollout: str = "random",
        name: str | None = None,
        level: Level | None = None,
    ) -> None:
        """`level`: an app level, whose iterations the game family sets (`config.iterations`
        is then the budget of a family that sets none)."""
        super().__init__(seed)
        if rollout not in ("random", "heuristic"):
            raise ValueError(f"unknown rollout policy {rollout!r} (random or heuristic)")
        self.config = config
        self.rollout = rollout
        kind = "ismcts" if config.information_set else "mcts"
        self.name = name or f"{kind}:{config.iterations}"
        self.last_search: Search | None = None
        self.level = level

    def config_for(self, state: State) -> SearchConfig:
        """The search's configuration in `state`'s game (a level's budget is the family's)."""
        if self.level is None:
            return self.config
        return dataclasses.replace(self.config, iterations=budget(self.level, state))

    def search(self, state: State, seat: int, rng: random.Random | None = None) -> Search:
        """Search from `state` for `seat` and return the search (for its statistics)."""
        outer = self._rng_for(rng)
        search_rng = random.Random(outer.getrandbits(64))
        policy = heuristic.rollout_policy(state) if self.rollout == "heuristic" else None
        search = Search(state, seat, self.config_for(state), search_rng, policy)
        search.run()
        self.last_search = search
        return search

    def choose(self, state: State, seat: int, rng: random.Random | None = None) -> Move:
        check_turn(state, seat)
        legal = state.legal_moves()
        if len(legal) == 1:
            return legal[0]
        return self.search(state, seat, rng).best_move()
