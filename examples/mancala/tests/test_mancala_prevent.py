"""House rules that prevent Mancala's own rules (`prevent: capture`, `prevent: extra_turn`), worked
out by hand on hand-set boards (the sowing and capture rules as test_mancala_kalah_rules has them)."""

from __future__ import annotations

import random
from typing import Any

from marblestudio.engine.core import CHANCE
from marblestudio.engine.pieces import program, runtime
from marblestudio.engine.pieces.spec import pieces_of

from mancala_helpers import board, captured, kalah, kinds, play, position


def ruled(state: Any, rules: list[dict[str, Any]]) -> Any:
    return runtime.ruled(state, program.compile_pieces("mancala", pieces_of(rules)))


NO_CAPTURE = {"name": "no capture", "prevent": "capture"}


def test_a_prevented_capture_leaves_the_seeds_where_they_are() -> None:
    # a 1 sown from a into the empty b faces E (3 seeds): the capture is prevented, b keeps its
    # seed, E its 3, nothing goes to the store, and North moves next
    state = ruled(position(kalah(), south=[1, 0, 4, 4, 4, 4], north=[4, 4, 4, 4, 3, 4]), [NO_CAPTURE])
    events = play(state, "a")
    assert captured(events) == []
    assert kinds(events) == ["seeds_taken", "seed_sown", "rule_fired", "turn_over"]  # told where the capture would be
    assert board(state) == ([0, 1, 4, 4, 4, 4], [4, 4, 4, 4, 3, 4], (0, 0)) and state.to_move == 1
    assert state.fired() == {"no capture": 1}


def test_a_prevention_reads_what_would_happen_and_keeps_to_its_times() -> None:
    # only captures of at least 4 seeds (the last seed and 3 opposite) are stopped, once a game:
    # the first such capture is prevented, the second is made
    rule = {"name": "no big capture", "prevent": "capture", "if": "event.seeds >= 4 and event.place == 'b'", "times": 1}
    state = ruled(position(kalah(), south=[1, 0, 4, 4, 4, 4], north=[4, 4, 4, 4, 3, 4]), [rule])
    play(state, "a")
    assert board(state)[2] == (0, 0)
    position(state, south=[1, 0, 4, 4, 4, 4], north=[4, 4, 4, 4, 3, 4])
    events = play(state, "a")
    assert captured(events) == [("b", 1), ("E", 3)] and board(state)[2] == (4, 0)
    small = ruled(position(kalah(), south=[1, 0, 4, 4, 4, 4], north=[4, 4, 4, 4, 2, 4]), [rule])
    assert captured(play(small, "a")) == [("b", 1), ("E", 2)]  # 3 seeds: not stopped


def test_a_prevented_extra_turn_passes_the_turn() -> None:
    # c holds 4 seeds: d, e, f and the store; the last seed in the store would give South another
    # turn, which the rule stops: North moves
    rule = {"name": "no extra turn", "prevent": "extra_turn"}
    state = ruled(position(kalah(), south=[4, 4, 4, 4, 4, 4], north=[4, 4, 4, 4, 4, 4]), [rule])
    events = play(state, "c")
    assert "extra_turn" not in kinds(events) and kinds(events)[-2:] == ["rule_fired", "turn_over"]
    assert state.store(0) == 1 and state.to_move == 1


def test_random_playouts_ask_the_preventions_too() -> None:
    # the fast loops play sowings themselves: with a prevention the game takes legal_moves + apply,
    # so a random playout ends where the same draws through apply end
    stopped = 0
    for seed in range(6):
        fast = ruled(kalah(), [NO_CAPTURE])
        fast.random_playout(random.Random(seed))
        slow = ruled(kalah(), [NO_CAPTURE])
        rng = random.Random(seed)
        while slow.outcome() is None:
            if slow.to_move == CHANCE:
                slow.apply(slow.sample_chance(rng))
            else:
                moves = slow.legal_moves()
                slow.apply(moves[rng.randrange(len(moves))])
        assert fast.outcome() == slow.outcome() and board(fast) == board(slow)
        assert fast.fired() == slow.fired()
        stopped += slow.fired()["no capture"]
    assert stopped > 0
