"""Stay Alive's computer player (GAMES.md section 1).

Slides: drop opponents' marbles, not your own, and do not hand the next player a slide that
drops yours.  Placing: choose a cell that no single slide move opens.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from marblestudio.agents.base import pick
from marblestudio.agents.player import FamilyPlayer, best
from marblestudio.engine.core import Event, Move, State
from marblestudio.engine.stay_alive import PlaceMove, StayAliveState


def _fell_by_seat(events: Sequence[Event], players: int) -> list[int]:
    fell = [0] * players
    for event in events:
        if event.kind == "marble_fell":
            fell[event["seat"]] += 1
    return fell


def _slide_gain(state: State, seat: int, move: Move) -> tuple[float, State]:
    trial = state.copy()
    fell = _fell_by_seat(trial.apply(move), state.num_players)
    outcome = trial.outcome()
    if outcome is not None:
        return (100.0 if seat in outcome.winners else -100.0), trial
    own = fell[seat]
    return 2.0 * (sum(fell) - own) - 3.0 * own, trial


def policy(state: State, seat: int, moves: Sequence[Move], rng: random.Random) -> Move:
    if len(moves) == 1:
        return moves[0]
    if isinstance(moves[0], PlaceMove):
        return _place(state, moves, rng)
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
    return best(scored, rng)


def rollout(state: State, moves: Sequence[Move], rng: random.Random) -> Move:
    """One ply only, and only half the time: cheap enough to run to the end of every rollout."""
    if len(moves) == 1 or rng.random() < 0.5 or isinstance(moves[0], PlaceMove):
        return pick(moves, rng)
    seat = state.to_move
    return best([(_slide_gain(state, seat, m)[0], m) for m in moves], rng)


def _steps_to_open(state: State) -> Callable[[int, int], int]:
    """For cell (row, col): how many slide moves at least open it (99: never), from the
    ruleset's slide tables and the slides' current positions."""
    assert isinstance(state, StayAliveState)
    positions = state.slide_positions()
    lines: dict[tuple[str, int], tuple[tuple[int, ...], ...]] = {}
    at: dict[tuple[str, int], int] = {}
    for slide in state.rules.slides:
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


def _place(state: State, moves: Sequence[Move], rng: random.Random) -> Move:
    """The cell that the fewest slide moves open: one move away counts far more than two."""
    steps = _steps_to_open(state)
    scored = [(float(min(steps(m.row, m.col), 6)), m) for m in moves if isinstance(m, PlaceMove)]
    return best(scored, rng)


def value(state: State) -> list[float]:
    """Each seat's marbles still in play, less those one slide move from falling (and a little
    for two moves), as shares of the total."""
    assert isinstance(state, StayAliveState)
    view = state.public_view()
    steps = _steps_to_open(state)
    raw = [float(h) for h in view.to_place]
    for r, row in enumerate(view.grid):
        for c, seat in enumerate(row):
            if seat is not None:
                away = steps(r, c)
                raw[seat] += 1.0 - (0.6 if away <= 1 else 0.15 if away == 2 else 0.0)
    total = sum(raw)
    return [x / total if total else 0.0 for x in raw]


PLAYER = FamilyPlayer(policy=policy, value=value, rollout=rollout, rollout_depth=4,
                      levels={"easy": 30, "medium": 300, "hard": 5000, "hint": 2000})
"""Stay Alive's pieces (rollout depth measured in benchmarks/agents.py: short rollouts and a good
evaluator beat long random ones)."""
