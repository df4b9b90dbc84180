"""Neutral marbles, a house rule (`archimedes.neutral`, examples/house-rules/archimedes-neutral.yaml).

Marbles owned by no one stand on the cups the ruleset names from the start and never move.  No
marble is added or lands on them; they block a path as the mover's own marbles do, so no marble
jumps over them (the simplest reading, documented in the schema).  They weigh on the board like
any marble, count for no one's end zone, and a touch never takes one.  Positions leave them out:
the ruleset puts them on.

The test physics of helpers.py: slope = 3k / (720 + 8n), an end touching from about 0.2181
(k: the sum of 2 * row - 15 over the marbles, rows 0-based; n: the marbles on the board).
"""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

import pytest

from marblestudio.agents import archimedes as heuristic
from marblestudio.agents import archimedes_search
from marblestudio.engine import PositionError, from_position, new_game
from marblestudio.engine.archimedes import ArchimedesState, LiftMarble, Place, RollMarble, parse_cup
from marblestudio.engine.archimedes.playout import sample_marble_move
from marblestudio.engine.archimedes.rules import NEUTRAL, TouchRule
from marblestudio.engine.core import CHANCE, IllegalMoveError
from marblestudio.engine.rules import Ruleset
from marblestudio.games.hooks.archimedes import HOOKS
from marblestudio.rulesets import check_path, check_text, load

from .helpers import STEADY, destinations, legal, play, position, rules

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "house-rules" / "archimedes-neutral.yaml"
B8, B9 = parse_cup("b8"), parse_cup("b9")


def cups(*names: str) -> tuple[tuple[int, int], ...]:
    return tuple(parse_cup(n) for n in names)


def game(ruleset: Ruleset) -> ArchimedesState:
    """A new game of `ruleset` for two."""
    state = new_game(ruleset, 2)
    assert isinstance(state, ArchimedesState)
    return state


# Blocking ---------------------------------------------------------------------------------------
def test_a_neutral_marble_blocks_the_step_onto_it() -> None:
    # b4 with a 1: a4, c4 and b3, not b5 where the neutral marble stands (as with an own marble
    # there; an opponent's would be jumped to b6).
    state = position(rules(STEADY, neutral=cups("b5")), {"1": ["b4"]})
    play(state, "roll", "die 1")
    assert destinations(state, "b4") == {("a4", 1), ("c4", 1), ("b3", 1)}
    own = position(rules(STEADY), {"1": ["b4", "b5"]})
    play(own, "roll", "die 1")
    assert destinations(own, "b4") == destinations(state, "b4")
    theirs = position(rules(STEADY), {"1": ["b4"], "2": ["b5"]})
    play(theirs, "roll", "die 1")
    assert destinations(theirs, "b4") == {("a4", 1), ("c4", 1), ("b3", 1), ("b6", 1)}


def test_a_neutral_marble_is_never_jumped_even_behind_an_opponent_line() -> None:
    # b4 faces the opponent's b5, then the neutral b6: the line ends at a cup that is not free,
    # so there is no jump (to b6 or beyond); with b6 the opponent's too, b4 jumps both to b7.
    state = position(rules(STEADY, neutral=cups("b6")), {"1": ["b4"], "2": ["b5"]})
    play(state, "roll", "die 1")
    assert destinations(state, "b4") == {("a4", 1), ("c4", 1), ("b3", 1)}
    both = position(rules(STEADY), {"1": ["b4"], "2": ["b5", "b6"]})
    play(both, "roll", "die 1")
    assert destinations(both, "b4") == {("a4", 1), ("c4", 1), ("b3", 1), ("b7", 1)}
    # and the neutral marble first: nothing to jump, nothing beyond
    front = position(rules(STEADY, neutral=cups("b5")), {"1": ["b4"], "2": ["b6"]})
    play(front, "roll", "die 1")
    assert destinations(front, "b4") == {("a4", 1), ("c4", 1), ("b3", 1)}


def test_paths_go_round_a_neutral_marble() -> None:
    # b4, the only marble, with a 2 (it must use both spaces): from a4 to a3 or a5, from c4 to
    # c3 or c5, from b3 to a3, c3 or b2; never through b5.
    state = position(rules(STEADY, neutral=cups("b5")), {"1": ["b4"]})
    play(state, "roll", "die 2")
    assert destinations(state, "b4") == {("a3", 2), ("a5", 2), ("c3", 2), ("c5", 2), ("b2", 2)}
    assert all(parse_cup("b5") not in (m.path if isinstance(m, RollMarble) else (m.dest,))
               for m in state.legal_moves() if isinstance(m, (RollMarble, LiftMarble)))
    with pytest.raises(IllegalMoveError, match="never a neutral one"):
        state.apply(state.parse_move("b4^b6/2"))


def test_a_neutral_marble_never_moves_and_the_mover_with_none_of_its_own_does_not_roll() -> None:
    state = position(rules(STEADY, neutral=cups("b5")), {"2": ["b12"]})
    assert "roll" not in legal(state)  # seat 0 has a marble nowhere: a neutral one is not its own
    other = position(rules(STEADY, neutral=cups("b5")), {"1": ["a1"]})
    play(other, "roll", "die 1")
    with pytest.raises(IllegalMoveError, match="b5 holds a neutral marble, which never moves"):
        other.apply(other.parse_move("b5-b6"))


# Placing ----------------------------------------------------------------------------------------
def test_a_midzone_cup_holding_a_neutral_marble_is_not_free() -> None:
    state = game(rules(neutral=(B8, B9)))
    assert legal(state) == ["place a8", "place c8", "place a9", "place c9"]
    with pytest.raises(IllegalMoveError, match="b8 holds a neutral marble"):
        state.apply(Place(B8))
    assert state.board == {B8: NEUTRAL, B9: NEUTRAL}


def test_neither_a_placing_nor_a_move_ever_ends_on_a_neutral_marble() -> None:
    ruleset = load(str(EXAMPLE))
    rng = random.Random("neutral:legal")
    seen = 0
    for _ in range(3):
        state = game(ruleset)
        assert isinstance(state, ArchimedesState)
        while state.outcome() is None:
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            moves = state.legal_moves()
            for m in moves:
                end = m.cup if isinstance(m, Place) else m.dest if isinstance(m, (RollMarble, LiftMarble)) else None
                assert end not in (B8, B9), m
                if isinstance(m, RollMarble):
                    assert B8 not in m.path and B9 not in m.path, m
            seen += len(moves)
            state.apply(moves[rng.randrange(len(moves))])
            assert state.board[B8] == state.board[B9] == NEUTRAL
    assert seen > 1000


# The fast playout against the reference (the listing: test_fast_engine, with the example) ----------------
def test_the_fast_playout_draws_only_legal_moves_and_each_of_them() -> None:
    state = position(rules(STEADY, neutral=cups("b5", "a7")), {"1": ["b4", "a6"], "2": ["b6", "c5"]})
    play(state, "roll", "die 3")
    names = legal(state)
    rng = random.Random(3)
    seen = {str(sample_marble_move(state, rng, tries=10**6)) for _ in range(60 * len(names))}
    assert seen == set(names)


# Weight -----------------------------------------------------------------------------------------
def test_an_off_centre_neutral_marble_tilts_the_bare_board_as_any_marble_there() -> None:
    # b14 (row 13): k = 2 * 13 - 15 = 11, n = 1: slope 3 * 11 / (720 + 8) = 33/728.
    state = game(rules(neutral=cups("b14")))
    assert state.k == 11 and len(state.board) == 1
    assert state.slope() == Fraction(33, 728)
    assert state.public_view().slope == "33/728"
    player = position(rules(), {"1": ["b14"]})
    assert player.slope() == state.slope()
    assert state.public_view().angle == player.public_view().angle
    # a marble added on a8 (row 7: moment -1): k = 10, n = 2: 30 / 736 = 15/368
    play(state, "place a8")
    assert state.slope() == Fraction(15, 368)


def test_a_neutral_marble_counts_in_the_touch() -> None:
    # Player 1 rolls c15-c16 beside a16 and b16 (player 2 on a9).  With the neutral marble on c14
    # the board then bears k = 3 * 15 + 11 + 1 = 57, n = 5: 171/760 = 0.2250, past the touch at
    # 0.2181 (before the move 165/760 = 0.2171); without it k = 46, n = 4: 138/752 = 0.1835.
    with_neutral = position(rules(neutral=cups("c14")), {"1": ["a16", "b16", "c15"], "2": ["a9"]})
    without = position(rules(), {"1": ["a16", "b16", "c15"], "2": ["a9"]})
    assert with_neutral.slope() == Fraction(165, 760) and with_neutral.outcome() is None
    for state in (with_neutral, without):
        play(state, "roll", "die 1", "c15-c16")
    assert with_neutral.touched is not None and with_neutral.touched.value == "high"
    assert without.outcome() is None


def test_a_neutral_marble_counts_for_no_ones_end_zone() -> None:
    # Player 1 has three marbles home and a neutral marble stands in its end zone: still three.
    state = position(rules(STEADY, neutral=cups("c1")), {"1": ["a1", "b1", "a2"], "2": ["b12"]})
    assert state.home(0) == 3 and state.home(1) == 0
    play(state, "place a8")
    assert state.outcome() is None


# Counting ---------------------------------------------------------------------------------------
def test_the_counts_keep_the_neutral_marbles() -> None:
    ruleset = load(str(EXAMPLE))
    state = game(ruleset)
    assert dict(state.counts()) == {"supply_1": 12, "board_1": 0, "supply_2": 12, "board_2": 0, "neutral": 2}
    assert "neutral" not in game(load("archimedes/standard")).counts()
    rng = random.Random("neutral:counts")
    while state.outcome() is None:
        moves = [state.sample_chance(rng)] if state.to_move == CHANCE else state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
        counts = state.counts()
        assert sum(counts.values()) == 26 and counts["neutral"] == 2
    view = state.public_view()
    assert sum(1 for _, s in view.cups if s == NEUTRAL) == 2
    assert sum(state.counts()[f"board_{s + 1}"] for s in range(2)) + 2 == len(view.cups)


def test_a_touch_that_costs_a_marble_never_takes_a_neutral_one() -> None:
    ruleset = rules(neutral=cups("b8", "b9"), touch=TouchRule.MARBLE_LOST)
    lost = 0
    for seed in range(8):
        state = game(ruleset)
        total = sum(state.counts().values())
        rng = random.Random(f"neutral:lost:{seed}")
        while state.outcome() is None:
            moves = [state.sample_chance(rng)] if state.to_move == CHANCE else state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
            assert state.board[B8] == state.board[B9] == NEUTRAL
            assert sum(state.counts().values()) == total
        lost += sum(state.lost)
    assert lost > 0  # touches happened, and took the players' marbles


# Random games -----------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(4))
def test_seeded_random_games_of_the_example_end(seed: int) -> None:
    ruleset = load(str(EXAMPLE))
    state = game(ruleset)
    state.random_playout(random.Random(f"neutral:{seed}"))
    assert state.outcome() is not None and state.legal_moves() == []
    assert sum(state.counts().values()) == 26
    other = game(ruleset)
    rng = random.Random(f"neutral:apply:{seed}")
    while other.outcome() is None:
        moves = [other.sample_chance(rng)] if other.to_move == CHANCE else other.legal_moves()
        other.apply(moves[rng.randrange(len(moves))])


def test_play_without_events_leaves_the_state_apply_leaves() -> None:
    ruleset = load(str(EXAMPLE))
    for seed in range(4):
        rng = random.Random(f"neutral:quiet:{seed}")
        checked, quiet = game(ruleset), game(ruleset)
        while checked.outcome() is None:
            move = checked.sample_chance(rng) if checked.to_move == CHANCE else rng.choice(checked.legal_moves())
            checked.apply(move)
            quiet.play(move)
            assert quiet.public_view() == checked.public_view()
            assert quiet.k == checked.k and quiet.board == checked.board
            bit_of = quiet.tables.bit_of
            assert quiet.seat_bits() == [sum(bit_of[c] for c, s in quiet.board.items() if s == seat) for seat in (0, 1)]


# Positions --------------------------------------------------------------------------------------
def test_positions_round_trip_and_leave_the_neutral_marbles_to_the_ruleset() -> None:
    ruleset = load(str(EXAMPLE))
    start = game(ruleset)
    assert "cups=-/-" in start.position()  # the neutral marbles are not written
    rng = random.Random("neutral:positions")
    checked = 0
    for _ in range(2):
        state = game(ruleset)
        while state.outcome() is None:
            text = state.position()
            back = from_position(ruleset, text)
            assert isinstance(back, ArchimedesState)
            # the same key but for the last two parts: the positions met before and the quiet turns (the
            # stalemate), which the text does not tell
            assert back.position() == text and back.position_key()[:-2] == state.position_key()[:-2]
            assert back.board == state.board and back.k == state.k
            assert back.public_view() == state.public_view()
            if state.to_move != CHANCE:
                assert legal(back) == legal(state)
            checked += 1
            moves = [state.sample_chance(rng)] if state.to_move == CHANCE else state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
        text = state.position()
        assert from_position(ruleset, text).position() == text
    assert checked > 200


def test_a_position_with_a_players_marble_on_a_neutral_cup_is_refused() -> None:
    ruleset = load(str(EXAMPLE))
    text = ("archimedes players=2 turn=0 phase=choose mover=0 cups=a8,b8/c9 supply=10/11 lost=0/0 die=- remaining=0 "
            "moved=- turns=3 touched=- result=-")
    with pytest.raises(PositionError, match=r"b8 holds a neutral marble \(the ruleset's archimedes.neutral\)") as info:
        from_position(ruleset, text)
    assert info.value.field == "cups"
    fine = from_position(ruleset, text.replace("a8,b8", "a8,c8"))
    assert isinstance(fine, ArchimedesState)
    assert fine.board == {parse_cup("a8"): 0, B8: NEUTRAL, parse_cup("c8"): 0, B9: NEUTRAL, parse_cup("c9"): 1}
    assert fine.k == -1 - 1 - 1 + 1 + 1  # a8, b8, c8 on row 8 (moment -1); b9, c9 on row 9 (+1)


# Consumers: the rules language and the computer players ----------------------------------------
def test_on_board_counts_no_neutral_marble() -> None:
    state = position(rules(STEADY, neutral=cups("b5", "b12")), {"1": ["a1"], "2": ["c16", "b16"]})
    on_board = HOOKS.functions["on_board"].call
    context = SimpleNamespace(state=state)
    assert [on_board(context, seat) for seat in (0, 1)] == [1, 2]


def test_the_evaluators_take_a_neutral_marble_for_nobodys() -> None:
    # A neutral marble in player 2's end zone: both evaluators score the position as shares.
    ruleset = rules(STEADY, neutral=cups("c16"))
    state = position(ruleset, {"1": ["a8", "b7"], "2": ["a9", "c9"]})
    for value in (heuristic.value, archimedes_search.value):
        scores = value(state)
        assert len(scores) == 2 and abs(sum(scores) - 1) < 1e-9 and all(0 <= s <= 1 for s in scores)
    rng = random.Random("neutral:agents")
    played = game(load(str(EXAMPLE)))
    for _ in range(60):  # the players' own policy plays on a board with neutral marbles
        if played.outcome() is not None:
            break
        if played.to_move == CHANCE:
            move = played.sample_chance(rng)
        else:
            move = heuristic.PLAYER.policy(played, played.to_move, played.legal_moves(), rng)
        played.apply(move)
        assert played.board[B8] == NEUTRAL


# The ruleset's checks ---------------------------------------------------------------------------
HOUSE = """\
format: 1
id: test/neutral
name: Neutral marbles
extends: archimedes/standard
archimedes:
  neutral:
{items}
"""


def checked(*names: str) -> list[tuple[int, str, str]]:
    text = HOUSE.format(items="\n".join(f"    - {n}" for n in names))
    return [(d.line, d.severity, d.message) for d in check_text(text, "neutral.yaml")]


def test_the_example_is_valid_and_puts_two_neutral_marbles_in_the_midzone() -> None:
    assert check_path(EXAMPLE) == []
    family = load(str(EXAMPLE)).family
    assert family.neutral == (B8, B9)
    assert load("archimedes/standard").family.neutral == ()
    assert checked("b8", "b9") == []


def test_a_neutral_marble_off_the_board_is_refused_at_its_line() -> None:
    assert checked("b8", "d9") == [(8, "error", "neutral marble 2: d9 is not on the board (16 rows of 3 cups: a1 to c16)")]
    assert checked("b17") == [(7, "error", "neutral marble 1: b17 is not on the board (16 rows of 3 cups: a1 to c16)")]


def test_a_neutral_cup_written_twice_is_refused_at_its_line() -> None:
    assert checked("b8", "a3", "b8") == [
        (9, "error", "neutral marble 3: b8 is given twice, as neutral marble 1 too (a cup holds one marble)")]


def test_neutral_marbles_that_tip_the_bare_board_are_refused() -> None:
    # Six on rows 13 and 14 (k = 3 * 9 + 3 * 11 = 60, n = 6): with the standard numbers the slope
    # is 75 * 60 / (18000 + 6 * 200) = 0.234, past the touch at 0.218 (12.3 degrees).  The line
    # to mend is the first marble farthest out: a14.  Five of them stand (k = 51: 0.201).
    found = checked("a13", "b13", "c13", "a14", "b14", "c14")
    assert found == [(10, "error", "the 6 neutral marbles alone tilt the bare board 13.2 degrees until its high end touches "
                                   "the table; an end touches from 12.3 degrees: the game would be lost before its first "
                                   "move; put a14 nearer the middle or balance it at the other end")]
    assert checked("a13", "b13", "c13", "a14", "b14") == []
    assert checked("a13", "b13", "c13", "a14", "b14", "c14", "a3", "b3", "c3") == []  # balanced at the other end


def test_neutral_marbles_must_leave_the_midzone_and_an_end_zone_room() -> None:
    assert checked("a8", "b8", "c8", "a9", "b9", "c9") == [
        (7, "error", "a neutral marble stands on every cup of the midzone: no marble could ever be added (leave a midzone cup free)")]
    assert checked("a16", "b16", "c16") == [
        (9, "error", "the neutral marbles on a16, b16, c16 leave end zone white-end 3 free cups, too few for the 4 marbles that win")]
    assert checked("a16", "b16") == []
