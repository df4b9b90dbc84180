"""MCTS's own view of a Rock Me Archimedes position (`agents/archimedes_search.py`), worked out by
hand on the test physics of `tests/engine/archimedes/helpers.py`: slope = 3k / (720 + 8n), and an
end touches the table from slope 0.21815 (240 sin t + 50 cos t = 100).  The heuristic player keeps
its own evaluator."""

from __future__ import annotations

import dataclasses
import random

import pytest

from marblestudio.agents import Search, SearchConfig, archimedes, archimedes_search, heuristic
from marblestudio.engine.archimedes import ArchimedesState, Phase

from engine.archimedes.helpers import STEADY, play, position, rules
from .games import FAMILIES, advanced, load

pytestmark = pytest.mark.skipif("archimedes" not in FAMILIES, reason="no Rock Me Archimedes engine")

TERMS = ("HOME", "NEAR", "OPEN", "BALANCE", "PLACED", "ENEMY_IN_ZONE", "LOCK", "LEAN", "STEEP", "FORCED_TOUCH")


@pytest.fixture
def only(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """Switch every term of the evaluator off but the one named, to check it alone."""

    def keep(name: str) -> None:
        for term in TERMS:
            if term != name:
                monkeypatch.setattr(archimedes_search, term, 0.0)

    return keep


# Who uses it ---------------------------------------------------------------------------------
def test_the_search_evaluator_is_for_mcts_only() -> None:
    state = advanced(load("archimedes/standard"), "search-eval", 10)
    assert heuristic.search_evaluator(state) is archimedes_search.value
    assert heuristic.evaluator(state) is archimedes.value  # the heuristic player's own


def test_other_families_search_with_their_evaluator() -> None:
    for family in FAMILIES:
        if family == "archimedes":
            continue
        state = advanced(load(f"{family}/standard"), "search-eval", 4)
        assert heuristic.search_evaluator(state) is heuristic.evaluator(state)


# The balance: how far the board may lean -------------------------------------------------------
def test_the_lean_limit_is_the_last_k_before_an_end_touches() -> None:
    balance = position(rules()).balance
    # n = 4: 3k/752 reaches 0.21815 between k = 54 (0.2154) and k = 55 (0.2194)
    assert balance.lean_limit(4) == 54
    # n = 13: 3k/824 is 0.2148 at k = 59 and 0.2184 at k = 60
    assert balance.lean_limit(13) == 59
    # three marbles can never tip it: even all on the end rows, k = 45 gives 135/744 = 0.181
    assert balance.lean_limit(3) is None


def test_a_board_that_never_touches_has_no_lean_limit() -> None:
    assert position(rules(STEADY)).balance.lean_limit(24) is None


# One term at a time (two players: a seat's value is 1/2 plus half its lead in raw score) ------
def test_marbles_home_count_for_their_owner(only) -> None:  # type: ignore[no-untyped-def]
    only("HOME")
    state = position(rules(STEADY), {"1": ["a1", "b2"], "2": ["b9"]})
    # seat 0: 2 of 4 home, 0.5 * 0.5 = 0.25; seat 1: none
    assert archimedes_search.value(state) == pytest.approx([0.625, 0.375])


def test_an_enemy_marble_in_ones_end_zone_costs(only) -> None:  # type: ignore[no-untyped-def]
    only("ENEMY_IN_ZONE")
    state = position(rules(STEADY), {"1": ["b9"], "2": ["a2", "c1"]})
    # seat 0 has two enemies in its zone: -0.2; seat 1 none
    assert archimedes_search.value(state) == pytest.approx([0.4, 0.6])


def test_a_zone_with_fewer_free_cups_than_marbles_needed_is_worth_nothing(only) -> None:  # type: ignore[no-untyped-def]
    only("OPEN")
    # seat 0's zone: 3 enemy marbles leave 3 free cups (< 4): 0; seat 1's zone all free: 0.3
    blocked = position(rules(STEADY), {"1": ["b9"], "2": ["a1", "b1", "c2"]})
    assert archimedes_search.value(blocked) == pytest.approx([0.35, 0.65])
    # one enemy marble: 5 free cups, enough but not 2 to spare: 0.6 * 0.3 = 0.18
    crowded = position(rules(STEADY), {"1": ["b9"], "2": ["a1"]})
    assert archimedes_search.value(crowded) == pytest.approx([0.44, 0.56])


def test_locking_the_opponent_out_counts(only) -> None:  # type: ignore[no-untyped-def]
    only("LOCK")
    # seat 0's three marbles in seat 1's zone leave it 3 free cups, fewer than the 4 it needs
    state = position(rules(STEADY), {"1": ["a15", "b16", "c15"], "2": ["b9"]})
    assert archimedes_search.value(state) == pytest.approx([0.65, 0.35])
    two = position(rules(STEADY), {"1": ["a15", "b16"], "2": ["b9"]})
    assert archimedes_search.value(two) == pytest.approx([0.5, 0.5])


def test_a_board_leaning_toward_the_opponents_end_counts(only) -> None:  # type: ignore[no-untyped-def]
    only("LEAN")
    # seat 0 (end: rows 1-2) has a16 b16 c16 and b9: k = 45 + 1 = 46, n = 4, limit 54.
    state = position(rules(), {"1": ["a16", "b16", "c16", "b9"]})
    lean = 46 / 54
    assert archimedes_search.value(state) == pytest.approx([0.5 + 0.2 * lean, 0.5 - 0.2 * lean])


def test_a_race_the_balance_forbids_is_worth_less(only) -> None:  # type: ignore[no-untyped-def]
    only("BALANCE")
    # seat 0: a1 b1 c1 home, and its 4th marble b4 must reach row 2 (moment -13): k from -54 to
    # -58 with n = 4 (limit 54): 4 over, fits = 1 - 4/28.  Seat 1's race: 4 supply marbles to
    # row 15 (+13 each): k = -54 + 52 = -2 with n = 8: fits.
    state = position(rules(), {"1": ["a1", "b1", "c1", "b4"]})
    fits = 1 - 4 / 28
    assert archimedes_search.value(state) == pytest.approx([0.5 + 0.15 * (fits - 1), 0.5 - 0.15 * (fits - 1)])


# The die can force a touch -------------------------------------------------------------------
def _boxed() -> ArchimedesState:
    """Seat 0's only marble on b15, boxed in by b16, a15 and c15 (jumps would leave the board):
    it can only go down to b14.  The opponent's marbles: a1 b1 c1 a2 b2 c2 a3 b3 a5 (-113) and
    b16 a15 c15 (+41); with b15 (+13), k = -59 and n = 13: 3 * 59/824 = 0.2148, just resting."""
    state = position(
        rules(),
        {"1": ["b15"], "2": ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "a5", "b16", "a15", "c15"]},
    )
    assert state.k == -59 and state.outcome() is None
    return state


def test_a_roll_that_can_only_tip_the_board_is_a_forced_touch() -> None:
    state = _boxed()
    play(state, "roll", "die 1")
    # b15-b14 makes k = -61: 183/824 = 0.2221, past 0.21815 (lifted, the board loses b15's +13
    # first: -72 with 12 marbles, 216/816 = 0.2647)
    assert sorted(str(m) for m in state.legal_moves()) == ["b15-b14", "b15^b14/1"]
    assert archimedes_search.forced_touch(state) == 1.0
    trial = state.copy()
    play(trial, "b15-b14")
    outcome = trial.outcome()
    assert outcome is not None and outcome.winners == (1,)


def test_a_safe_marble_to_add_is_no_forced_touch() -> None:
    state = _boxed()  # seat 0 still has 11 marbles to add: a8 (-1) gives k = -60 with 14: 180/832 = 0.2163
    assert state.phase is Phase.CHOOSE and archimedes_search.forced_touch(state) == 0.0


def test_with_nothing_to_add_every_face_of_the_die_forces_a_touch() -> None:
    state = _boxed()
    state.supply[0] = 0
    state._legal = None
    # any roll first takes b15 to b14 (rolled: k = -61) or lifts it off (k = -72): every face
    assert archimedes_search.forced_touch(state) == pytest.approx(1.0)


def test_a_level_board_has_no_forced_touch() -> None:
    state = position(rules(), {"1": ["b9"], "2": ["b8"]})
    play(state, "roll")
    assert archimedes_search.forced_touch(state) == 0.0


def test_the_player_to_move_pays_for_a_forced_touch(only) -> None:  # type: ignore[no-untyped-def]
    only("FORCED_TOUCH")
    state = _boxed()
    state.supply[0] = 0
    state._legal = None
    assert archimedes_search.value(state) == pytest.approx([0.0, 1.0])


# The search scores positions at the start of its own turn ------------------------------------
def test_rollouts_are_scored_at_the_start_of_the_searching_seats_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[str, int]] = []

    def spy(state: ArchimedesState) -> list[float]:
        seen.append((state.phase.value, state.to_move))
        return archimedes_search.value(state)

    spied = dataclasses.replace(archimedes.PLAYER, search_value=spy)
    monkeypatch.setattr(heuristic, "player_of", lambda state: spied)
    state = advanced(load("archimedes/standard"), "quiet", 12)
    seat = state.to_move
    search = Search(state, seat, SearchConfig(iterations=40), random.Random(4))
    search.run()
    assert seen and set(seen) == {("choose", seat)}


def test_only_archimedes_settles_its_rollouts() -> None:
    assert heuristic.settler(advanced(load("archimedes/standard"), "settle", 3)) is not None
    for family in FAMILIES:
        if family != "archimedes":
            assert heuristic.settler(advanced(load(f"{family}/standard"), "settle", 3)) is None


def test_settling_plays_on_through_the_opponents_turn() -> None:
    state = advanced(load("archimedes/standard"), "settle", 12)
    settle = heuristic.settler(state)
    assert settle is not None
    seat = state.mover
    state.apply(next(m for m in state.legal_moves() if str(m) == "roll"))
    turns = state.turns
    settle(state, seat, random.Random(0))
    # this seed's game goes on: the rest of the seat's turn and the opponent's whole turn
    assert state.outcome() is None
    assert state.phase is Phase.CHOOSE and state.mover == seat and state.turns == turns + 2


@pytest.mark.parametrize("ruleset_id", ["archimedes/standard", "archimedes/variation-2"])
def test_the_remembered_races_and_progress_give_what_a_fresh_computation_gives(ruleset_id: str) -> None:
    # the races (search) and the progress (heuristic) are remembered by one seat's marbles and
    # supply; along random games, every position's values with the memory as the game left it
    # equal the values worked out afresh with empty memories
    from marblestudio.engine import new_game
    from marblestudio.engine.core import CHANCE

    rules = load(ruleset_id)
    checked = 0
    for seed in range(6):
        state = new_game(rules, 2)
        rng = random.Random(seed)
        while state.outcome() is None and checked < (seed + 1) * 120:
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            kept = (archimedes_search.value(state), archimedes.value(state))
            archimedes_search._RACES.clear()  # noqa: SLF001 - the memories under test
            archimedes._PROGRESS.clear()  # noqa: SLF001
            assert (archimedes_search.value(state), archimedes.value(state)) == kept
            checked += 1
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
    assert checked > 300
