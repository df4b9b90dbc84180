"""The gates (GAMES.md section 3, docs/avalanche.md), on small boards worked out on paper.

One gate G, tilted left: hole 1 leads to its left side, hole 2 to its right side, and both
sides lead out.  A gate catches on the side it tilts to.
"""

from __future__ import annotations

from marblestudio.engine.avalanche.cascade import EMPTY, Board

from .helpers import fallen, kinds, play, rules, started

ONE_GATE = rules({"G": ("left", "out", "out")}, ["G:left", "G:right"])
Y, R, B = 0, 1, 2


def test_marble_on_catching_side_of_empty_gate_stops_there() -> None:
    state = started(ONE_GATE)
    events = play(state, "Y1")
    assert kinds(events) == ["marble_picked", "marble_dropped", "marble_at_gate", "marble_held"]
    assert events[2]["gate"] == "G" and events[2]["side"] == "left"
    assert state.held == [Y] and state.tilt == [0]
    assert state.to_move == 0  # nothing fell: the turn goes on


def test_marble_on_other_side_strikes_the_gate_which_flips_and_the_marble_goes_on() -> None:
    state = started(ONE_GATE)
    events = play(state, "R2")
    assert kinds(events)[1:5] == ["marble_dropped", "marble_at_gate", "gate_flipped", "marble_out"]
    assert events[3]["tilt"] == "right"
    assert fallen(events) == ["red"]
    assert state.held == [EMPTY] and state.tilt == [1]


def test_marble_striking_a_full_gate_goes_on_and_releases_the_held_marble() -> None:
    board = Board(ONE_GATE.family)
    tilt, held = [0], [Y]
    assert board.drop(tilt, held, 0, R) == [R, Y]  # both leave by the left side, striker first
    assert tilt == [1] and held == [EMPTY]


def test_marble_on_other_side_of_a_full_gate_releases_the_held_marble_from_its_side() -> None:
    # G tilted left holds yellow; red strikes its right side: red goes on from the right,
    # yellow is released from the left (where it sat).  Sides lead to different places here.
    two_ways = Board(rules({"G": ("left", "out", "H:left"), "H": ("left", "out", "out")},
                           ["G:left", "G:right"]).family)
    tilt, held = [0, 0], [Y, EMPTY]
    assert two_ways.drop(tilt, held, 1, R) == [Y]  # red is caught by H; yellow falls out
    assert held == [EMPTY, R] and tilt == [1, 0]


# A two-row chain: hole 1 -> A:left, hole 2 -> A:right; A's left side leads to B's left side,
# A's right side out; both of B's sides lead out.  A starts tilted right, B left.
CHAIN = rules({"A": ("right", "B:left", "out"), "B": ("left", "out", "out")}, ["A:left", "A:right"])


def test_two_row_chain_worked_on_paper() -> None:
    state = started(CHAIN)
    # 1. Yellow into hole 1: A tilts right, so yellow strikes it (A flips left) and rolls on
    #    to B's left side; B tilts left and is empty: yellow stops in B.
    play(state, "Y1")
    assert state.tilt == [0, 0] and state.held == [EMPTY, Y]
    # 2. Red into hole 1: A now tilts left and is empty: red stops in A.
    play(state, "R1")
    assert state.held == [R, Y]
    # 3. Blue into hole 2: A's right side is not its catching side: A flips right, blue goes
    #    out; red, released from A's left side, reaches B, which is full: B flips right, red
    #    goes out and yellow, released, goes out too.  Three marbles fall, in that order.
    events = play(state, "B2")
    assert fallen(events) == ["blue", "red", "yellow"]
    assert state.tilt == [1, 1] and state.held == [EMPTY, EMPTY]
    flips = [(e["gate"], e["tilt"]) for e in events if e.kind == "gate_flipped"]
    assert flips == [("A", "right"), ("B", "right")]
    released = [(e["marble"], e["gate"]) for e in events if e.kind == "marble_released"]
    assert released == [(1, "A"), (2, "B")]


def test_cascade_moves_the_striking_marble_before_the_released_one() -> None:
    # A tilted left holds yellow; B (below A's left side) tilted left is empty.  Red strikes A
    # on its left side: red runs first and stops in B; then yellow, released from A, reaches
    # B full: B flips, yellow goes out and red, released from B, goes out after it.
    board = Board(rules({"A": ("left", "B:left", "out"), "B": ("left", "out", "out")}, ["A:left"]).family)
    tilt, held = [0, 0], [Y, EMPTY]
    assert board.drop(tilt, held, 0, R) == [Y, R]
    assert tilt == [1, 1] and held == [EMPTY, EMPTY]


def test_a_board_holds_at_most_one_marble_per_gate() -> None:
    board = Board(CHAIN.family)
    tilt, held = [1, 0], [EMPTY, EMPTY]
    for _ in range(20):
        board.drop(tilt, held, 0, Y)
        assert all(h in (EMPTY, Y) for h in held)


def test_can_fall_is_exact_over_orders_of_drops() -> None:
    # One hole into the catching side of one empty gate: one marble only lodges; a second
    # strikes the full gate and both fall.
    board = Board(rules({"G": ("left", "out", "out")}, ["G:left"]).family)
    assert not board.can_fall([0], [EMPTY], 1)
    assert board.can_fall([0], [EMPTY], 2)
    assert board.can_fall([0], [Y], 1)
    assert not board.can_fall([0], [EMPTY], 0)


def test_can_fall_searches_sequences_of_drops() -> None:
    # Hole 1 -> A:left, hole 2 -> A:right; A starts tilted right, its left side leads to B's
    # left side, its right side out; B tilts left and leads out on both sides.
    # One marble: in hole 1 it strikes A (A flips left) and stops in B; in hole 2 it arrives
    # on A's catching side and stops in A.  Nothing can fall.
    # Two marbles: hole 1 then hole 2: the second arrives on A's right side while A tilts
    # left: it strikes A and goes out.  So two marbles can make one fall.
    board = Board(CHAIN.family)
    assert not board.can_fall([1, 0], [EMPTY, EMPTY], 1)
    assert board.can_fall([1, 0], [EMPTY, EMPTY], 2)


def _all_orders_fall(board: Board, tilt: list[int], held: list[int], marbles: int) -> bool:
    """The naive answer: try every sequence of holes of every length up to `marbles`."""
    if marbles == 0:
        return False
    for hole in range(len(board.holes)):
        t, h = list(tilt), list(held)
        if board.drop(t, h, hole, 0) or _all_orders_fall(board, t, h, marbles - 1):
            return True
    return False


def test_can_fall_agrees_with_trying_every_order_on_random_small_boards() -> None:
    import random

    rng = random.Random(2026)
    for _ in range(150):
        n = rng.randrange(1, 5)
        ids = [f"G{i}" for i in range(n)]

        def later(i: int) -> str:  # a side leads down to a later gate, or out: no loops
            choices = [f"{ids[j]}:{side}" for j in range(i + 1, n) for side in ("left", "right")] + ["out"]
            return rng.choice(choices)

        gates = {ids[i]: (rng.choice(("left", "right")), later(i), later(i)) for i in range(n)}
        holes = [later(-1) for _ in range(rng.randrange(1, 3))]
        board = Board(rules(gates, holes).family)
        tilt = [rng.randrange(2) for _ in range(n)]
        held = [rng.choice((EMPTY, Y)) for _ in range(n)]
        for marbles in range(4):
            assert board.can_fall(tilt, held, marbles) == _all_orders_fall(board, tilt, held, marbles), (gates, holes)
