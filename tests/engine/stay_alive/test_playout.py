"""The fast random playout (search and benchmarks) against the ordinary `apply` path."""

from __future__ import annotations

import random
from collections import Counter

from marblestudio.engine.core import CHANCE, State

from .helpers import bundled


def sliding_state(seed: int, name: str = "stay-alive/standard") -> State:
    """A 2-player game a few slide moves into the sliding phase."""
    from marblestudio.engine.stay_alive import new_game

    rng = random.Random(seed)
    state = new_game(bundled(name), 2)
    while state.outcome() is None and (state.to_move == CHANCE or state.phase != "sliding" or state.moves_played < 14):
        if state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_moves()
            state.apply(legal[rng.randrange(len(legal))])
    assert state.outcome() is None
    return state


def test_each_legal_move_is_about_equally_likely() -> None:
    state = sliding_state(1)
    legal = [str(m) for m in state.legal_moves()]
    counts: Counter[str] = Counter()
    trials = 4000
    for i in range(trials):
        copy = state.copy()
        before = copy.slide_positions()
        copy.random_playout(random.Random(i), max_steps=1)
        moved = [(sid, copy.slide_positions()[sid] - before[sid]) for sid in before if copy.slide_positions()[sid] != before[sid]]
        assert len(moved) == 1
        sid, step = moved[0]
        counts[f"{sid}{'+' if step > 0 else '-'}"] += 1
    assert set(counts) == set(legal)
    expected = trials / len(legal)
    assert all(abs(n - expected) < 0.35 * expected for n in counts.values()), counts


def test_playout_ends_conserves_marbles_and_leaves_a_consistent_state() -> None:
    for seed in range(20):
        state = sliding_state(seed)
        total = sum(state.counts().values())
        played = state.random_playout(random.Random(seed))
        outcome = state.outcome()
        assert outcome is not None and played > 0
        assert sum(state.counts().values()) == total
        if outcome.winners and "together" not in outcome.reason:
            assert [s for s in range(2) if not state.is_out(s)] == list(outcome.winners)


def test_part_of_a_playout_then_ordinary_moves_agree() -> None:
    for seed in range(10):
        state = sliding_state(seed)
        state.random_playout(random.Random(seed), max_steps=5)
        if state.outcome() is not None:
            continue
        view = state.public_view()
        assert sum(len(cells) for cells in view.marbles) == state.counts()["on_grid"]
        assert view.previous_slide is not None
        for move in state.legal_moves():  # every listed move is accepted by apply
            state.copy().apply(move)


def test_playout_is_reproducible_from_its_seed() -> None:
    a, b = sliding_state(3), sliding_state(3)
    assert a.random_playout(random.Random(9)) == b.random_playout(random.Random(9))
    assert a.public_view() == b.public_view() and a.outcome() == b.outcome()


def test_other_readings_use_the_ordinary_path() -> None:
    state = sliding_state(4, "stay-alive/two-knob")
    total = sum(state.counts().values())
    state.random_playout(random.Random(4))
    assert state.outcome() is not None and sum(state.counts().values()) == total
