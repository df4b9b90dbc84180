"""Fast rule-of-thumb players, one per game family, and the pieces MCTS borrows from them.

With `archimedes_search`, this is the only module of `agents` that knows the games.  Each
family registers a *policy* (`policy(state, seat, moves, rng) -> move`, reading only the seat's
observation, the ruleset and what a trial move on a copy shows), optionally a cheaper *rollout
policy* for MCTS, and an *evaluator* that scores a position where a capped rollout stopped.  A
family may give MCTS its own evaluator (`SEARCH_EVALUATORS`) and say which positions it can
score (`QUIET`: a rollout plays the family's policy on until one, see `settler`).  A family
whose engine has no heuristic yet plays uniformly at random, and `HeuristicAgent.note` says so.

The family of a state is the engine package its class lives in
(``marblestudio.engine.<family>``), so nothing here needs the state to say what it is.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from marblestudio.agents import archimedes_search
from marblestudio.agents.base import SeededAgent, check_turn, pick, shares
from marblestudio.engine.core import CHANCE, Move, State

Policy = Callable[[State, int, Sequence[Move], random.Random], Move]
RolloutPolicy = Callable[[State, Sequence[Move], random.Random], Move]
Evaluator = Callable[[State], Sequence[float]]
Prior = Callable[[State, Sequence[Move]], list[float]]
"""Scores of the legal moves for the player to move (higher: more promising); MCTS tries the
moves in this order and widens to more of them as a node gains visits."""


def family_of(state: State) -> str:
    """The game family of `state`, e.g. ``stay-alive`` (from its engine package)."""
    parts = type(state).__module__.split(".")
    if len(parts) >= 3 and parts[:2] == ["marblestudio", "engine"]:
        return parts[2].replace("_", "-")
    return ""


def _best(scored: list[tuple[float, Move]], rng: random.Random) -> Move:
    """The move with the highest score; ties broken by `rng`."""
    top = max(score for score, _ in scored)
    return pick([m for score, m in scored if score == top], rng)


# Stay Alive ----------------------------------------------------------------------------------
# Slides: drop opponents' marbles, not your own, and do not hand the next player a slide that
# drops yours.  Placing: choose a cell that no single slide move opens.


def _fell_by_seat(events: Sequence[object], players: int) -> list[int]:
    fell = [0] * players
    for event in events:
        if getattr(event, "kind", "") == "marble_fell":
            fell[event["seat"]] += 1  # type: ignore[index]
    return fell


def _slide_gain(state: State, seat: int, move: Move) -> tuple[float, State]:
    trial = state.copy()
    fell = _fell_by_seat(trial.apply(move), state.num_players)
    outcome = trial.outcome()
    if outcome is not None:
        return (100.0 if seat in outcome.winners else -100.0), trial
    own = fell[seat]
    return 2.0 * (sum(fell) - own) - 3.0 * own, trial


def _stay_alive_policy(state: State, seat: int, moves: Sequence[Move], rng: random.Random) -> Move:
    if len(moves) == 1:
        return moves[0]
    if type(moves[0]).__name__ == "PlaceMove":
        return _stay_alive_place(state, moves, rng)
    scored = []
    for move in moves:
        gain, trial = _slide_gain(state, seat, move)
        if abs(gain) < 100.0 and trial.to_move >= 0:
            threat = 0
            for reply in trial.legal_moves():
                fell = _fell_by_seat(trial.copy().apply(reply), state.num_players)
                threat = max(threat, fell[seat])
            gain -= 1.5 * threat
        scored.append((gain, move))
    return _best(scored, rng)


def _stay_alive_rollout(state: State, moves: Sequence[Move], rng: random.Random) -> Move:
    """One ply only, and only half the time: cheap enough to run to the end of every rollout."""
    if len(moves) == 1 or rng.random() < 0.5 or type(moves[0]).__name__ == "PlaceMove":
        return pick(moves, rng)
    seat = state.to_move
    return _best([(_slide_gain(state, seat, m)[0], m) for m in moves], rng)


def _steps_to_open(state: State) -> Callable[[int, int], int]:
    """For cell (row, col): how many slide moves at least open it (99: never), from the
    ruleset's slide tables and the slides' current positions."""
    rules = state.ruleset.family  # type: ignore[attr-defined]
    positions = state.public_view()["slides"]
    lines: dict[tuple[str, int], tuple[tuple[int, ...], ...]] = {}
    at: dict[tuple[str, int], int] = {}
    for slide in rules.slides:
        lines[slide.layer.value, slide.line] = slide.open_cells
        at[slide.layer.value, slide.line] = positions[slide.id]

    def layer_steps(key: tuple[str, int], index: int) -> int:
        table = lines.get(key)
        if table is None:
            return 99  # no slide of this layer covers the cell: closed for good
        here = at[key]
        return min((abs(p - here) for p, cells in enumerate(table) if index in cells), default=99)

    def steps(row: int, col: int) -> int:
        return layer_steps(("red", row), col) + layer_steps(("white", col), row)

    return steps


def _stay_alive_place(state: State, moves: Sequence[Move], rng: random.Random) -> Move:
    """The cell that the fewest slide moves open: one move away counts far more than two."""
    steps = _steps_to_open(state)
    scored = [(float(min(steps(m.row, m.col), 6)), m) for m in moves]  # type: ignore[attr-defined]
    return _best(scored, rng)


def _stay_alive_value(state: State) -> list[float]:
    """Each seat's marbles still in play, less those one slide move from falling (and a little
    for two moves), as shares of the total."""
    view = state.public_view()
    steps = _steps_to_open(state)
    raw = [float(h) for h in view["to_place"]]
    for r, row in enumerate(view["grid"]):
        for c, seat in enumerate(row):
            if seat is not None:
                away = steps(r, c)
                raw[seat] += 1.0 - (0.6 if away <= 1 else 0.15 if away == 2 else 0.0)
    total = sum(raw)
    return [x / total if total else 0.0 for x in raw]


# Greedy on a value ----------------------------------------------------------------------------
# In a perfect-information game a trial move on a copy shows everything: play the move whose
# result the family's evaluator likes best for the mover (a win first, a loss last).


def _trial_score(state: State, seat: int, move: Move, value: Evaluator) -> float:
    """`value` for `seat` after `move` on a copy; a win 2, a loss -1."""
    trial = state.copy()
    trial.apply(move)
    outcome = trial.outcome()
    if outcome is not None:
        return 2.0 if seat in outcome.winners else -1.0
    return value(trial)[seat]


def _greedy(value: Evaluator) -> Policy:
    def policy(state: State, seat: int, moves: Sequence[Move], rng: random.Random) -> Move:
        if len(moves) == 1:
            return moves[0]
        return _best([(_trial_score(state, seat, move, value), move) for move in moves], rng)

    return policy


def _greedy_prior(value: Evaluator) -> Prior:
    """The greedy policy's scores as a prior: the evaluator after a trial move on a copy."""

    def prior(state: State, moves: Sequence[Move]) -> list[float]:
        seat = state.to_move
        return [_trial_score(state, seat, move, value) for move in moves]

    return prior


# Avalanche: drop where your colours fall; fill your cards, hold little. -------------------------


def _avalanche_value(state: State) -> list[float]:
    view = state.public_view()
    goal = state.rules.game.goal.value  # type: ignore[attr-defined]
    raw = []
    for seat, hand in enumerate(view["hands"]):
        held = sum(hand.values())
        if goal == "run-out":
            raw.append(-held / 10.0)
        elif goal == "one-colour":
            need = state.rules.game.goal_count  # type: ignore[attr-defined]
            most = max(hand.values(), default=0)
            raw.append((min(most, need) - (held - most)) / need)
        else:
            holes = [h for card in view["cards"][seat] for h in card["holes"]]
            filled = sum(1 for h in holes if h["filled"])
            raw.append(filled / max(1, len(holes)) - 0.04 * held)
    return shares(raw)


# Rock Me Archimedes: head home, keep the board level. --------------------------------------------


_ZONE_ROWS: dict[int, tuple[tuple[tuple[int, int], ...], ...]] = {}


def _zone_rows(rules: object, players: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per seat, the row ranges of the end zones that count for its win (cached per ruleset)."""
    key = id(rules)
    rows = _ZONE_ROWS.get(key)
    if rows is None:
        rows = tuple(tuple(z.rows for z in rules.win_zones(seat)) for seat in range(players))  # type: ignore[attr-defined]
        _ZONE_ROWS[key] = rows
    return rows


def _archimedes_progress(state: State, seat: int, need: int, zones: tuple[tuple[int, int], ...]) -> float:
    """How far `seat` is on its way to `need` marbles in one of its end zones, in [0, 1]: over
    its `need` marbles nearest the zone (a marble in the supply counts as standing in the
    midzone), the mean of 1 - rows to go / board length."""
    length = state.rules.rows  # type: ignore[attr-defined]
    board = state.board  # type: ignore[attr-defined]
    supply = state.supply[seat]  # type: ignore[attr-defined]
    best = 0.0
    for low, high in zones:
        gaps = [low - r if r < low else r - high if r > high else 0 for (r, _), s in board.items() if s == seat]
        middle = length // 2
        gaps.extend([low - middle if middle < low else middle - high if middle > high else 0] * supply)
        gaps.sort()
        near = gaps[:need] + [length] * max(0, need - len(gaps))
        best = max(best, sum(1.0 - g / length for g in near) / need)
    return best


def _archimedes_value(state: State) -> list[float]:
    """Marbles home count most; then how near the others are; a steep board threatens the
    player whose turn it is (a touch in one's own turn loses)."""
    need = state.rules.marbles_to_win  # type: ignore[attr-defined]
    touch = state.balance.touch_angle() or 90.0  # type: ignore[attr-defined]
    danger = min(1.0, abs(state.public_view()["angle"]) / touch)
    mover = state.to_move
    zones = _zone_rows(state.rules, state.num_players)  # type: ignore[attr-defined]
    raw = []
    for seat in range(state.num_players):
        home = state.home(seat) / need  # type: ignore[attr-defined]
        near = _archimedes_progress(state, seat, need, zones[seat])
        raw.append(0.6 * home + 0.4 * near - (0.6 * danger * danger if seat == mover else 0.0))
    return shares(raw)


# ALIVE: play high numbers early, keep the wild cards for when nothing else fits. ----------------
_ALIVE_WILD_ORDER = ("draw", "bomb", "set-total", "skip", "pass-me-by", "reverse", "hand-in-redeal")


def _alive_policy(state: State, seat: int, moves: Sequence[Move], rng: random.Random) -> Move:
    """Reads only the seat's own hand (`legal_moves`) and the public rules of the deck."""
    if len(moves) == 1:
        return moves[0]
    family = state.family  # type: ignore[attr-defined]
    kinds = {k.id: k for k in family.deck}
    total = state.observation(seat)["total"]
    numbers = [m for m in moves if getattr(m, "card", None) in kinds and not kinds[m.card].is_wild]  # type: ignore[attr-defined]
    if numbers:
        return _best([(float(kinds[m.card].points), m) for m in numbers], rng)  # type: ignore[attr-defined]
    scored = []
    for move in moves:
        kind = kinds.get(getattr(move, "card", ""))
        if kind is None or kind.effect is None:
            scored.append((-99.0, move))
            continue
        effect = kind.effect.value
        rank = _ALIVE_WILD_ORDER.index(effect) if effect in _ALIVE_WILD_ORDER else len(_ALIVE_WILD_ORDER)
        if effect == "set-total":
            rank = 2 if kind.total < total else 8  # lowering the total helps; raising it does not
        scored.append((-float(rank), move))
    return _best(scored, rng)


def _alive_value(state: State) -> list[float]:
    """Lives left, less a little for each card still in hand (an empty hand costs the others a
    life); public facts only, as shares."""
    view = state.public_view()
    lives, team_of, sizes = view["lives"], view["team_of"], view["hand_sizes"]
    raw = [lives[team_of[s] if team_of else s] - 0.1 * sizes[s] for s in range(state.num_players)]
    return shares(raw)


# The registry --------------------------------------------------------------------------------
POLICIES: dict[str, Policy] = {
    "stay-alive": _stay_alive_policy,
    "alive": _alive_policy,
    "avalanche": _greedy(_avalanche_value),
    "archimedes": _greedy(_archimedes_value),
}
ROLLOUTS: dict[str, RolloutPolicy] = {
    "stay-alive": _stay_alive_rollout,
    "alive": lambda state, moves, rng: _alive_policy(state, state.to_move, moves, rng),
}
EVALUATORS: dict[str, Evaluator] = {
    "stay-alive": _stay_alive_value,
    "alive": _alive_value,
    "avalanche": _avalanche_value,
    "archimedes": _archimedes_value,
}


SEARCH_EVALUATORS: dict[str, Evaluator] = {
    "archimedes": archimedes_search.value,
}
"""Where MCTS scores positions differently from the family's heuristic player (see
`archimedes_search`: the heuristic player's evaluator leads a search into blockades)."""

PRIORS: dict[str, Prior] = {
    "archimedes": _greedy_prior(archimedes_search.value),
}

QUIET: dict[str, Callable[[State, int], bool]] = {
    "archimedes": lambda state, seat: state.phase.value == "choose" and state.to_move == seat,  # type: ignore[attr-defined]
}
"""Where the family's evaluator may score a position for a search by `seat`: in Rock Me
Archimedes only at the start of the seat's own turn.  A turn there is several steps (choose, the
die, one marble after another); scored any earlier, a roll, whose leaves come before the
opponent's reply, looks better than adding a marble, whose leaves come after it, and the search
kept its marbles in the supply while the heuristic player raced home."""

SETTLE_STEPS = 32
"""At most this many steps of the family's policy bring a rollout to a quiet position (the rest
of a turn and the opponent's whole turn take about a dozen)."""


ROLLOUT_DEPTHS: dict[str, int] = {"stay-alive": 4, "alive": 20, "avalanche": 20, "archimedes": 0}
"""How far a search's rollouts go before the evaluator scores the position (measured in
`benchmarks/agents.py`: short rollouts and a good evaluator beat long random ones here)."""

FULL_ROLLOUT_DEPTH = 400
"""Rollout depth of a family without an evaluator: as far as the game goes, within reason."""


def rollout_depth(state: State) -> int:
    """The family's rollout depth for MCTS."""
    return ROLLOUT_DEPTHS.get(family_of(state), FULL_ROLLOUT_DEPTH)


def rollout_policy(state: State) -> RolloutPolicy | None:
    """The family's rollout policy for MCTS, or None (uniformly random rollouts)."""
    return ROLLOUTS.get(family_of(state))


def prior(state: State) -> Prior | None:
    """The family's move prior for MCTS (progressive widening), or None (all moves at once)."""
    return PRIORS.get(family_of(state))


def evaluator(state: State) -> Evaluator | None:
    """The family's scorer of unfinished positions, or None (a capped rollout is a draw)."""
    return EVALUATORS.get(family_of(state))


def search_evaluator(state: State) -> Evaluator | None:
    """The scorer MCTS uses: the family's search evaluator, else its `evaluator`."""
    family = family_of(state)
    return SEARCH_EVALUATORS.get(family, EVALUATORS.get(family))


Settle = Callable[[State, int, random.Random], None]
"""Plays a rollout on to a position the evaluator may score for the given seat."""


def settler(state: State) -> Settle | None:
    """For a family that says which positions its evaluator may score (`QUIET`), a function
    `settle(state, seat, rng)` that plays the family's policy on (chance from `rng`) until the
    position is quiet for `seat`, the game ends, or `SETTLE_STEPS` steps have passed; None for
    the other families."""
    family = family_of(state)
    quiet = QUIET.get(family)
    policy = POLICIES.get(family)
    if quiet is None or policy is None:
        return None

    def settle(state: State, seat: int, rng: random.Random) -> None:
        for _ in range(SETTLE_STEPS):
            if quiet(state, seat) or state.outcome() is not None:
                return
            mover = state.to_move
            if mover == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                state.apply(policy(state, mover, state.legal_moves(), rng))

    return settle


class HeuristicAgent(SeededAgent):
    """Plays the family's policy; plays at random (see `note`) where there is none yet."""

    name = "heuristic"

    def __init__(self, seed: int | str = 0) -> None:
        super().__init__(seed)
        self.note = ""

    def choose(self, state: State, seat: int, rng: random.Random | None = None) -> Move:
        check_turn(state, seat)
        moves = state.legal_moves()
        policy = POLICIES.get(family_of(state))
        if policy is None:
            self.note = f"no heuristic for {family_of(state) or type(state).__name__} yet: playing at random"
            return pick(moves, self._rng_for(rng))
        self.note = ""
        return policy(state, seat, moves, self._rng_for(rng))
