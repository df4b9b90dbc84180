"""Rock Me Archimedes' own action `reroll` (examples/house-rules/archimedes-reroll.yaml): right
after a roll, before any marble moved, the roll is forgotten and the same player rolls again."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE, IllegalMoveError, State
from marblestudio.rulesets import load

REROLL = Path(__file__).resolve().parents[3] / "examples" / "house-rules" / "archimedes-reroll.yaml"


def _just_rolled(seed: int) -> State:
    """A game of the house rule right after a player's roll (marbles to move), seeded."""
    rng = random.Random(seed)
    state = new_game(load(str(REROLL)), 2)
    while True:
        if state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            moves = state.legal_moves()
            if any(str(m) == "use reroll" for m in moves):
                return state
            state.apply(rng.choice([m for m in moves if not str(m).startswith("use ")]))
        assert state.outcome() is None


def test_a_reroll_forgets_the_roll_and_the_same_player_rolls_again() -> None:
    state = _just_rolled(4)
    seat, first = state.to_move, state.die  # type: ignore[attr-defined]
    assert state.remaining == first > 0  # type: ignore[attr-defined]
    events = state.apply(state.parse_move("use reroll"))
    assert [e.kind for e in events] == ["rule_fired"]
    assert state.to_move == CHANCE and state.remaining == 0 and state.die is None  # type: ignore[attr-defined]
    rolled = state.apply(state.sample_chance(random.Random(0)))
    value = next(e["value"] for e in rolled if e.kind == "die_rolled")
    assert state.to_move == seat and state.remaining == value == state.die  # type: ignore[attr-defined]
    assert all(not str(m).startswith("use ") for m in state.legal_moves())  # once a game: used up
    with pytest.raises(IllegalMoveError, match="used up"):
        state.apply(state.parse_move("use reroll"))


def test_a_reroll_after_a_marble_moved_is_not_offered_and_would_change_nothing() -> None:
    from marblestudio.games.hooks.archimedes import HOOKS

    checked = 0
    for seed in range(30):
        state = _just_rolled(seed)
        marble = next(m for m in state.legal_moves() if not str(m).startswith("use "))
        state.apply(marble)
        if state.to_move != state.mover or state.remaining <= 0:  # type: ignore[attr-defined]  # the turn ended
            continue
        assert all(str(m) != "use reroll" for m in state.legal_moves())
        before = state.position()  # type: ignore[attr-defined]
        perform = HOOKS.actions["reroll"].perform
        assert perform is not None
        perform(state, None, {}, [])  # the action itself refuses once a marble moved
        assert state.position() == before  # type: ignore[attr-defined]
        checked += 1
    assert checked >= 3
