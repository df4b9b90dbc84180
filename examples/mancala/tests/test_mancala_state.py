"""The state's contract beyond the rules: views, helpers, copies, playouts, pickling, players."""

from __future__ import annotations

import pickle
import random

import pytest

from marblestudio.engine.core import State

from marblestudio_mancala.engine import MancalaView, new_game
from mancala_helpers import KALAH, bundled_game, kalah, oware, play, ruleset


def test_public_view_is_a_frozen_value_with_a_plain_data_form() -> None:
    state = kalah()
    play(state, "d")
    view = state.public_view()
    assert isinstance(view, MancalaView)
    assert view.houses == ((4, 4, 4, 0, 5, 5), (5, 4, 4, 4, 4, 4)) and view.stores == (1, 0)
    assert view.seeds_on_side == (22, 25) and view.to_move == 1
    assert view.to_plain() == {
        "houses": [[4, 4, 4, 0, 5, 5], [5, 4, 4, 4, 4, 4]],
        "stores": [1, 0],
        "places": [list("abcdef"), list("ABCDEF")],
        "seeds_on_side": [22, 25],
        "to_move": 1,
        "moves_played": 1,
    }
    with pytest.raises(AttributeError):
        view.stores = (0, 0)  # type: ignore[misc]


def test_helpers_name_houses_and_stores() -> None:
    state = kalah()
    play(state, "d")
    assert state.seeds_in("e") == 5 and state.seeds_in("s") == 1 and state.seeds_in("S") == 0
    assert state.store(0) == 1 and state.seeds_on_side(1) == 25 and not state.is_out(0)


def test_a_copy_is_independent() -> None:
    state = oware()
    twin = state.copy()
    play(twin, "a")
    assert state.public_view().houses == ((4,) * 6, (4,) * 6) and state.to_move == 0
    assert twin.history is not None and state.history is not None and twin.history != state.history


def test_mancala_is_for_two_players() -> None:
    with pytest.raises(ValueError, match="two players"):
        new_game(ruleset(KALAH), 3)


@pytest.mark.parametrize("name", ["kalah", "oware"])
def test_random_playout_plays_to_the_end_and_keeps_every_seed(name: str) -> None:
    rng = random.Random(5)
    for _ in range(200):
        state = bundled_game(name)
        moves = state.random_playout(rng)
        assert state.outcome() is not None and moves == state.moves_played
        assert sum(state.counts().values()) == 48
        assert state.legal_moves() == []


def test_random_playout_respects_max_steps_and_can_go_on() -> None:
    state = bundled_game("oware")
    assert state.random_playout(random.Random(1), max_steps=5) == 5
    assert state.outcome() is None and state.moves_played == 5
    state.random_playout(random.Random(1))
    assert state.outcome() is not None


def test_random_playout_ends_the_same_ways_as_apply() -> None:
    # The same random games through the fast loop and through legal_moves + apply reach the
    # same kinds of ending, in similar proportions (the draws from the generator differ).
    def endings(fast: bool) -> dict[str, int]:
        found: dict[str, int] = {}
        rng = random.Random(9)
        for _ in range(300):
            state = bundled_game("oware")
            if fast:
                state.random_playout(rng)
            else:
                while state.outcome() is None:
                    moves = state.legal_moves()
                    state.apply(moves[rng.randrange(len(moves))])
            outcome = state.outcome()
            assert outcome is not None
            reason = outcome.reason.split(";")[0].split(":")[0]
            key = next(k for k in ("more than half", "repeated", "cannot give", "no seeds to sow", "move limit") if k in reason)
            found[key] = found.get(key, 0) + 1
        return found

    fast, slow = endings(True), endings(False)
    assert set(fast) == set(slow)
    for key in fast:
        assert abs(fast[key] - slow[key]) < 60, (fast, slow)


def test_a_state_its_moves_and_its_errors_cross_process_boundaries() -> None:
    state = oware()
    play(state, "c")
    again = pickle.loads(pickle.dumps(state))
    assert isinstance(again, State) and again.public_view() == state.public_view()
    assert again.legal_moves() == state.legal_moves()
    move = state.legal_moves()[0]
    assert pickle.loads(pickle.dumps(move)) == move
