"""The fast engine against the reference: the bitmask listing of marble moves gives the moves of
the original dict-and-`Paths` listing in the same order, and the fast random playout draws each
legal move with the same chance, plays by the rules and keeps every marble."""

from __future__ import annotations

import pickle
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from marblestudio.engine import new_game
from marblestudio.engine.archimedes import ArchimedesState, LiftMarble, Pass, Phase, RollMarble
from marblestudio.engine.archimedes.moves import Cup
from marblestudio.engine.archimedes.paths import Paths
from marblestudio.engine.archimedes.playout import sample_marble_move
from marblestudio.engine.archimedes.rules import Carrying
from marblestudio.engine.core import CHANCE, Move
from marblestudio.rulesets import load
from marblestudio.engine.pieces.rule_state import FIELDS

from .helpers import STEADY, legal, play, position, rules

BUNDLED = [f"archimedes/{n}" for n in ("standard", "variation-1", "variation-2", "variation-3", "variation-4", "variation-5")]


def reference_moves(state: ArchimedesState) -> list[Move]:
    """The marble moves as the engine listed them before it was made fast (commit 02ddfc7)."""
    grid = Paths(state.rules.rows, state.rules.columns)
    board, seat, remaining = dict(state.board), state.mover, state.remaining
    unmoved = tuple(sorted(c for c, s in board.items() if s == seat and c not in state.moved))
    rolling = state.rules.carrying is not Carrying.LIFT_ONLY
    witnesses: dict[tuple[Cup, int], frozenset[Cup] | None] = {}
    memo: dict[Cup, list[tuple[Cup, bool]]] = {}

    def completes(start: Cup, dest: Cup, rest: tuple[Cup, ...], left: int) -> bool:
        for marble in rest:
            if (marble, left) not in witnesses:
                witnesses[(marble, left)] = grid.witness(board, seat, marble, left)
            path = witnesses[(marble, left)]
            if path is not None and dest not in path:
                return True
        del board[start]
        board[dest] = seat
        try:
            return grid.completable(board, seat, rest, left)
        finally:
            del board[dest]
            board[start] = seat

    moves: list[Move] = []
    for start in unmoved:
        rest = tuple(m for m in unmoved if m != start)
        ok: dict[tuple[Cup, int], bool] = {}
        lifts: list[Move] = []
        for cups, jumps in grid.paths(board, seat, start, remaining, memo):
            key = (cups[-1], len(cups))
            good = ok.get(key)
            if good is None:
                left = remaining - key[1]
                good = ok[key] = left == 0 or (bool(rest) and completes(start, key[0], rest, left))
                if good:
                    lifts.append(LiftMarble(start, key[0], key[1]))
            if good and rolling:
                moves.append(RollMarble(start, cups, jumps))
        moves.extend(lifts)
    return moves


NEUTRAL = str(Path(__file__).resolve().parents[3] / "examples" / "house-rules" / "archimedes-neutral.yaml")
"""A house rule's neutral marbles (they block as the mover's own: the reference says so too)."""


@pytest.mark.parametrize("ruleset_id", [*BUNDLED, NEUTRAL])
def test_the_fast_listing_gives_the_reference_moves_in_the_same_order(ruleset_id: str) -> None:
    rules_ = load(ruleset_id)
    rng = random.Random(f"listing:{ruleset_id}")
    compared = 0
    for _ in range(2):
        state = new_game(rules_, 2)
        assert isinstance(state, ArchimedesState)
        while state.outcome() is None:
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            moves = state.legal_moves()
            if state.phase is Phase.MOVING:
                expected = reference_moves(state) or [Pass()]
                assert [str(m) for m in moves] == [str(m) for m in expected]
                assert moves == expected
                compared += 1
            state.apply(moves[rng.randrange(len(moves))])
    assert compared > 50


def positions(ruleset_id: str, every: int, count: int) -> list[ArchimedesState]:
    """Copies of roll steps with more than one legal move, from a seeded random game."""
    rng = random.Random(f"positions:{ruleset_id}")
    found: list[ArchimedesState] = []
    step = 0
    while len(found) < count:
        state = new_game(load(ruleset_id), 2)
        assert isinstance(state, ArchimedesState)
        while state.outcome() is None and len(found) < count:
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            moves = state.legal_moves()
            step += 1
            if state.phase is Phase.MOVING and len(moves) > 1 and step % every == 0:
                found.append(state.copy())
            state.apply(moves[rng.randrange(len(moves))])
    return found


@pytest.mark.parametrize("ruleset_id", ["archimedes/standard", "archimedes/variation-3", "archimedes/variation-5"])
def test_the_fast_playout_draws_each_legal_marble_move_with_the_same_chance(ruleset_id: str) -> None:
    rng = random.Random(11)
    for state in positions(ruleset_id, every=37, count=2):
        names = legal(state)
        draws = 120 * len(names)
        seen = Counter(str(sample_marble_move(state, rng, tries=10**6)) for _ in range(draws))
        assert set(seen) == set(names), "only legal moves, and every one of them"
        expected = draws / len(names)
        chi2 = sum((seen[n] - expected) ** 2 / expected for n in names)
        df = len(names) - 1
        assert chi2 < df + 6 * (2 * df) ** 0.5, f"{len(names)} moves, chi-square {chi2:.0f} for {df} degrees of freedom"


def test_the_fast_playout_gives_up_to_the_full_listing_when_no_marble_can_move() -> None:
    # Player 1's only marble, on a1, faces lines of opponent marbles that run to the board's
    # edges (a2-a16 and b1-c1): nothing to step to or jump to, so the mover must pass.
    column_a = [f"a{row}" for row in range(2, 17)]
    state = position(rules(STEADY), {"1": ["a1"], "2": [*column_a, "b1", "c1"]})
    play(state, "roll", "die 1")
    assert legal(state) == ["pass"]
    assert sample_marble_move(state, random.Random(1)) is None


@pytest.mark.parametrize("ruleset_id", BUNDLED)
def test_the_fast_playout_keeps_every_marble_and_ends_the_game(ruleset_id: str) -> None:
    rules_ = load(ruleset_id)
    rng = random.Random(f"playout:{ruleset_id}")
    for _ in range(6):
        state = new_game(rules_, 2)
        total = sum(state.counts().values())
        played = state.random_playout(rng)
        assert played > 0
        assert state.outcome() is not None and state.legal_moves() == []
        assert sum(state.counts().values()) == total
        assert all(v >= 0 for v in state.counts().values())
        view = state.public_view()
        assert sum(state.counts()[f"board_{s + 1}"] for s in range(2)) == len(view.cups)


def test_the_fast_playout_stops_after_max_steps_and_leaves_a_playable_game() -> None:
    state = new_game(load("archimedes/standard"), 2)
    original = state.copy()
    assert state.random_playout(random.Random(5), max_steps=40) == 40
    assert state.outcome() is None
    assert original.public_view().cups == (), "a playout on one state leaves its copies alone"
    rng = random.Random(6)
    while state.outcome() is None:  # the ordinary way on from where the playout stopped
        moves = [state.sample_chance(rng)] if state.to_move == CHANCE else state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
    assert sum(state.counts().values()) == 24


def test_a_pickled_state_leaves_the_shared_tables_behind() -> None:
    # Worker processes receive states: the grid's move objects and the remembered tilts are
    # not sent along; the unpickled state finds its process's own.
    rules_ = load("archimedes/standard")
    for seed in range(3):
        new_game(rules_, 2).random_playout(random.Random(seed))
    state = new_game(rules_, 2)
    state.random_playout(random.Random(9), max_steps=150)
    assert state.outcome() is None
    state.legal_moves()
    data = pickle.dumps(state)
    assert len(data) < 20_000
    clone = pickle.loads(data)
    assert isinstance(clone, ArchimedesState)
    assert clone.tables is state.tables and clone.balance is state.balance
    assert legal(clone) == legal(state)


@pytest.mark.parametrize("ruleset_id", ["archimedes/standard", "archimedes/variation-3", "archimedes/variation-5"])
def test_every_move_of_the_fast_playout_is_a_legal_move(ruleset_id: str) -> None:
    rules_ = load(ruleset_id)
    rng = random.Random(f"legal:{ruleset_id}")
    for _ in range(2):
        # move by move through `play_move` (the native loop draws the same moves and leaves the
        # same state: test_the_native_playout_leaves_the_state_that_play_move_leaves)
        state = _step_by_step(new_game(rules_, 2))
        play_unchecked = state.play_move
        checked = [0]

        def play_checked(move: Move, record: bool = True) -> list[Any]:
            if state.to_move != CHANCE:
                assert move in state.legal_moves(), f"{move} is not legal"
                checked[0] += 1
            return play_unchecked(move, record)

        state.play_move = play_checked  # type: ignore[method-assign]
        assert state.random_playout(rng) == checked[0] > 0
        assert state.outcome() is not None


def test_the_cup_indexes_of_a_mask_come_lowest_first() -> None:
    from marblestudio.engine.archimedes.movegen import indexes

    rng = random.Random(3)
    for bits in (0, 1, 8, 9, 47, 48, 63, 64, 65, 100):
        for _ in range(50):
            mask = rng.getrandbits(bits) if bits else 0
            assert list(indexes(mask)) == [i for i in range(bits) if mask >> i & 1]
    assert indexes(1 << 47 | 1 << 8 | 1) == (0, 8, 47)


def _comparable(state: ArchimedesState) -> dict[str, Any]:
    """Everything a game goes on from (what `play` and `apply` must leave alike)."""
    return {key: state.__dict__[key] for key in ("board", "supply", "k", "phase", "mover", "remaining", "moved", "turns", "die",
                                                    "touched", "result")}


@pytest.mark.parametrize("ref", BUNDLED)
def test_play_without_events_leaves_the_state_apply_leaves(ref: str) -> None:
    """A move played without its events (`play_move(record=False)`, as the fast playout and
    search's `play` do) changes the game exactly as `apply` does: move by move, over seeded
    random games of every bundled ruleset, ending by a touch and by marbles home alike."""
    rules_ = load(ref)
    endings: Counter[str] = Counter()
    for seed in range(12):
        rng = random.Random(f"play:{ref}:{seed}")
        checked, quiet = new_game(rules_, 2), new_game(rules_, 2)
        assert isinstance(checked, ArchimedesState) and isinstance(quiet, ArchimedesState)
        while checked.outcome() is None:
            if checked.to_move == CHANCE:
                move = checked.sample_chance(rng)
            else:
                moves = checked.legal_moves()
                move = moves[rng.randrange(len(moves))]
            checked.apply(move)
            if seed % 2:
                quiet.play(move)
            else:
                assert quiet.play_move(move, record=False) == []
            assert quiet.public_view() == checked.public_view()
            assert _comparable(quiet) == _comparable(checked)
            assert quiet.position_key() == checked.position_key()
            bit_of = quiet.tables.bit_of
            from_board = [sum(bit_of[c] for c, s in quiet.board.items() if s == seat) for seat in (0, 1)]
            assert quiet.seat_bits() == from_board  # kept up to date move by move
        outcome = checked.outcome()
        assert outcome is not None
        endings["touch" if "touched" in outcome.reason else "other"] += 1
    assert endings["touch"] > 0  # the touch check of `play` was exercised


class _StepByStep(ArchimedesState):
    """The same game played move by move through the state's `play_move`: `random_playout` plays
    only a state of the family's own class in its native loop (`playout._Playout`)."""


def _step_by_step(state: ArchimedesState) -> ArchimedesState:
    other = state.copy()
    other.__class__ = _StepByStep
    return other


def _fields(state: ArchimedesState) -> dict[str, Any]:
    """Everything a game goes on from: every field but the caches of listings and chance odds."""
    return {k: v for k, v in vars(state).items() if k not in ("_legal", "_chance")}


def _tight(ruleset_id: str, **changes: Any) -> Any:
    """A bundled ruleset with its stalemate or move limit made short, so random games meet them."""
    from dataclasses import replace

    ruleset = load(ruleset_id)
    family = changes.pop("family", {})
    return replace(ruleset, family=replace(ruleset.family, **family), **changes)


LOSE_A_MARBLE = str(Path(__file__).resolve().parents[3] / "examples" / "house-rules" / "archimedes-lose-a-marble.yaml")


@pytest.mark.parametrize("ruleset_id", [*BUNDLED, NEUTRAL, LOSE_A_MARBLE, "stalemate", "move-limit"])
def test_the_native_playout_leaves_the_state_that_play_move_leaves(ruleset_id: str) -> None:
    """From the start and from positions part-way through a turn, with and without a cap on the
    moves: the native loop draws the same moves and leaves every field as `play_move` does."""
    from marblestudio.engine.archimedes.rules import Stalemate

    if ruleset_id == "stalemate":
        ruleset = _tight("archimedes/standard", family={"stalemate": Stalemate(repeats=2, quiet_turns=4)})
    elif ruleset_id == "move-limit":
        ruleset = _tight("archimedes/standard", move_limit=30)
    else:
        ruleset = load(ruleset_id)
    rng = random.Random(f"native:{ruleset_id}")
    ends: Counter[str] = Counter()
    for game in range(12):
        state = new_game(ruleset, 2)
        for _ in range(rng.randrange(0, 120)):  # on to a position part-way through the game
            if state.outcome() is not None:
                break
            moves = [state.sample_chance(rng)] if state.to_move == CHANCE else state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
        for cap in (1, 7, 1_000_000):
            fast, slow = state.copy(), _step_by_step(state)
            seed = f"{ruleset_id}:{game}:{cap}"
            played = fast.random_playout(random.Random(seed), cap)
            assert slow.random_playout(random.Random(seed), cap) == played
            assert type(fast) is ArchimedesState and type(slow) is _StepByStep
            assert _fields(fast) == _fields(slow), (seed, str(fast.position()), str(slow.position()))
            assert fast.position() == slow.position()
            if cap == 1_000_000:
                outcome = fast.outcome()
                assert outcome is not None
                ends[outcome.termination.name if "touched" not in outcome.reason else "touch"] += 1
    if ruleset_id == "stalemate":
        assert ends["DRAW"] > 0, ends  # the native loop handed a stalemate's end to the state
    if ruleset_id == "move-limit":
        assert ends["CAPPED"] > 0, ends


def test_the_paths_to_one_destination_are_those_path_counts_counts() -> None:
    """`Tables.paths_to` (the fast playout's odds for a lift) against `path_counts`, for every
    marble, destination and length of positions from seeded random games."""
    ruleset = load("archimedes/standard")
    rng = random.Random("paths-to")
    checked = 0
    for _ in range(3):
        state = new_game(ruleset, 2)
        while state.outcome() is None:
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            if state.phase is Phase.MOVING:
                mine, theirs, unmoved = state.masks()
                tables = state.tables
                for start in unmoved:
                    counts = tables.path_counts(mine, theirs, start, state.remaining)
                    for length in range(1, state.remaining + 1):
                        for dest in range(tables.size):
                            expected = counts.get(length * tables.size + dest, 0)
                            assert tables.paths_to(mine, theirs, {}, start, dest, length, 1 << start) == expected
                            checked += expected
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
    assert checked > 1000


# House rules: the hooked playout ------------------------------------------------------------------

HOUSE_RULES = Path(__file__).resolve().parents[3] / "examples" / "house-rules"
HOOKED: dict[str, list[dict[str, Any]] | str] = {
    "three again (the die: an extra turn)": "archimedes-three-again.yaml",
    "long roll (the die: a family action on the roll)": "archimedes-long-roll.yaml",
    "placing power (a placing: an extra turn, once)": "archimedes-placing-power.yaml",
    "jump sends back (a marble move: send_back)": "archimedes-jump-sends-back.yaml",
    "a lift scores": [{"name": "lift scores", "on": "marble_lifted", "then": {"score": {"seat": "event.seat"}}}],
    "the second seat's ones score": [{"name": "ones", "on": "die_rolled", "if": "event.seat == 1 and event.value == 1",
                                      "then": {"score": {"seat": "event.seat"}}}],
    "a long turn skips the next": [{"name": "long skip", "on": "die_rolled", "if": "event.value == 3", "then": "skip_next"}],
    "turn over gives the turn back": [{"name": "back", "on": "turn_over", "if": "turns % 5 == 0", "then": "extra_turn"}],
    "a two ends the turn": [{"name": "two", "on": "die_rolled", "if": "event.value == 2 and turns % 3 == 0", "then": "end_turn"}],
}


def _hooked_rules(name: str, tmp_path: Path) -> Any:
    from tests.house_texts import house_rules

    return house_rules(HOOKED[name], "archimedes/standard", tmp_path)


def _hooked_step_by_step(state: Any, rng: random.Random, max_steps: int) -> int:
    """The reference: each move drawn as the fast loop draws it, every step through the state's
    `play` (its rules)."""
    from marblestudio.engine.archimedes.playout import draw_move

    seats, played = state.seat_bits(), 0
    while state.outcome() is None and played < max_steps:
        if state.to_move == CHANCE:
            move = state.sample_chance(rng)
        else:
            move = draw_move(state, rng, seats)
            played += 1
        state.vouch(move)
        state.play(move)
    return played


def _rule_fields(state: Any) -> dict[str, Any]:
    rs = state.rule_state
    return {name: getattr(rs, name) for name in FIELDS if name != "program"}


@pytest.mark.parametrize("name", list(HOOKED))
def test_the_hooked_playout_leaves_the_state_and_rule_state_that_play_leaves(name: str, tmp_path: Path) -> None:
    """A house rule's game in the native loop (`playout.hooked_playout`) against every step through
    `play`: the same moves, every field of the game and of the rule state equal, the same
    firings; from the start and part-way through, with and without a cap."""
    ruleset = _hooked_rules(name, tmp_path)
    rng = random.Random(f"hooked:{name}")
    fired = 0
    for game in range(10):
        state = new_game(ruleset, 2)
        for _ in range(rng.randrange(0, 120)):
            if state.outcome() is not None:
                break
            moves = [state.sample_chance(rng)] if state.to_move == CHANCE else state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
        for cap in (1, 7, 1_000_000):
            fast, slow = state.copy(), state.copy()
            seed = f"{name}:{game}:{cap}"
            played = fast.random_playout(random.Random(seed), cap)
            assert _hooked_step_by_step(slow, random.Random(seed), cap) == played
            assert _fields(fast) == _fields(slow), (seed, fast.position(), slow.position())
            assert _rule_fields(fast) == _rule_fields(slow), seed
            assert fast.position() == slow.position()
            if cap == 1_000_000:
                assert fast.outcome() is not None
                fired += sum(fast.fired().values())  # type: ignore[attr-defined]
    assert fired > 0  # the rule did fire in these games


def test_a_house_rule_on_the_die_is_played_in_the_native_loop() -> None:
    """The hooked playout of 'three again' goes through the fast loop (not step by step): the
    state's `play` sees only the steps whose events the rules read, the die rolls, and those of
    the turns an extra turn waits for the end of."""
    from marblestudio.rulesets.loader import load_with_source

    rules_ = load_with_source(HOUSE_RULES / "archimedes-three-again.yaml").rules
    state = new_game(rules_, 2)
    calls: Counter[str] = Counter()
    original = type(state).play

    def counting(self: Any, move: Move) -> None:
        calls[type(move).__name__] += 1
        original(self, move)

    type(state).play = counting  # type: ignore[method-assign]
    try:
        played = state.random_playout(random.Random(5))
    finally:
        type(state).play = original  # type: ignore[method-assign]
    assert state.outcome() is not None and played > 50
    assert sum(calls.values()) < played / 4, (calls, played)


def test_the_hooked_playout_plays_random_house_rules_as_play_does() -> None:
    """Rule pieces grown at random from the family's vocabulary (the fuzz property's), on every
    bundled Archimedes ruleset: whenever the rules take the hooked playout, it leaves the game and
    the rule state that every step through `play` leaves."""
    from tests.properties.pieces import hookable_rulesets

    compared = 0
    for seed, ruleset, pieces in hookable_rulesets("archimedes", 400):  # (others play legal_moves + apply: `Ruled.random_playout`)
        state: Any = new_game(ruleset, 2)
        rng = random.Random(f"pieces:{seed}")
        for _ in range(rng.randrange(0, 60)):
            if state.outcome() is not None:
                break
            moves = [state.sample_chance(rng)] if state.to_move == CHANCE else state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
        for cap in (5, 1_000_000):
            fast, slow = state.copy(), state.copy()
            played = fast.random_playout(random.Random(seed), cap)
            assert _hooked_step_by_step(slow, random.Random(seed), cap) == played, (seed, pieces)
            assert _fields(fast) == _fields(slow) and _rule_fields(fast) == _rule_fields(slow), (seed, pieces)
        compared += 1
    assert compared >= 30, compared
