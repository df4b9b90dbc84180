"""`apply` checks one marble move without listing them all, and the random player draws one
without listing them: both must agree with the listing, move for move (rules e, f, h)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from marblestudio.agents import make_agent
from marblestudio.engine import new_game
from marblestudio.engine.archimedes import ArchimedesState, LiftMarble, Phase, RollMarble
from marblestudio.engine.archimedes.movegen import Tables
from marblestudio.engine.archimedes.moves import Cup
from marblestudio.engine.archimedes.paths import Paths
from marblestudio.engine.core import CHANCE, IllegalMoveError, Move
from marblestudio.rulesets import load

from .helpers import STEADY, legal, play, position, rules

BUNDLED = [f"archimedes/{n}" for n in ("standard", "variation-1", "variation-2", "variation-3", "variation-4", "variation-5")]
HOUSE = Path(__file__).resolve().parents[3] / "examples" / "house-rules"
NEUTRAL = str(HOUSE / "archimedes-neutral.yaml")
NO_EARLY_LIFTS = str(HOUSE / "archimedes-no-early-lifts.yaml")


def candidates(state: ArchimedesState, rng: random.Random) -> list[Move]:
    """Marble moves near the legal ones, legal or not: every rolled path (any marble of either
    seat, up to one space more than the roll has left) and the same with one jump flag turned,
    and lifts of those marbles to any cup with 0 to one more than the spaces left."""
    grid = Paths(state.rules.rows, state.rules.columns)
    board = dict(state.board)
    most = state.remaining + 1
    cups: list[Cup] = [(r, c) for r in range(state.rules.rows) for c in range(state.rules.columns)]
    out: list[Move] = []
    for start, owner in sorted(board.items()):
        seat = owner if owner >= 0 else state.mover
        for path, jumps in grid.paths(board, seat, start, most):
            out.append(RollMarble(start, path, jumps))
            turned = rng.randrange(len(jumps))
            out.append(RollMarble(start, path, tuple(j != (i == turned) for i, j in enumerate(jumps))))
        for _ in range(6):
            out.append(LiftMarble(start, rng.choice(cups), rng.randrange(most + 1)))
    out.append(RollMarble((99, 0), ((98, 0),), (False,)))  # off the board
    out.append(LiftMarble((0, 0), (99, 0), 1))
    return out


@pytest.mark.parametrize("ruleset_id", [*BUNDLED, NEUTRAL])
def test_a_marble_move_is_checked_alone_exactly_as_the_listing_decides(ruleset_id: str) -> None:
    rules_ = load(ruleset_id)
    rng = random.Random(f"one move:{ruleset_id}")
    compared = offered = 0
    state = new_game(rules_, 2)
    assert isinstance(state, ArchimedesState)
    while compared < 4000:
        if state.outcome() is not None:
            state = new_game(rules_, 2)
            assert isinstance(state, ArchimedesState)
        if state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        moves = state.legal_moves()
        listed = set(moves)
        if state.phase is Phase.MOVING:
            for move in [*moves, *candidates(state, rng)]:
                check = state.copy()
                check._legal = None  # as a state that never listed its moves
                assert check._offers(move) == (move in listed), f"{move} on {state.position()}"
                offered += move in listed
                compared += 1
        state.apply(moves[rng.randrange(len(moves))])
    assert offered > 200 and compared - offered > 200  # both answers were asked for, many times


def _listings(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A counter of the full listings of marble moves from now on."""
    count = [0]
    listing = Tables.marble_moves

    def counted(self: Tables, *args: object) -> list[Move]:
        count[0] += 1
        return listing(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(Tables, "marble_moves", counted)
    return count


def test_apply_plays_a_legal_marble_move_without_listing_the_others(monkeypatch: pytest.MonkeyPatch) -> None:
    state = position(rules(), {"1": ["b7", "b9"], "2": ["c8"]})
    play(state, "roll", "die 3")
    listings = _listings(monkeypatch)
    play(state, "b7-a7-a6")  # two spaces; b9 then has the last one
    play(state, "b9-b10")
    assert listings[0] == 0
    assert state.phase is Phase.CHOOSE and state.mover == 1
    assert set(state.board) == {(5, 0), (9, 1), (7, 2)}


def test_apply_refuses_a_move_that_leaves_spaces_no_other_marble_can_use() -> None:
    # Player 1's marble on a1 faces lines of opponent marbles that run to the board's edges
    # (a2-a16 and b1-c1): it cannot move, so b7 must use the whole roll of 2 (rule h).
    column_a = [f"a{row}" for row in range(2, 17)]
    state = position(rules(STEADY), {"1": ["a1", "b7"], "2": [*column_a, "b1", "c1"]})
    play(state, "roll", "die 2")
    listed = legal(state.copy())  # (a copy: the state itself has listed nothing)
    assert "b7-b8" not in listed and "b7^b8/1" not in listed and "b7-b8-b9" in listed
    fresh = state.copy()
    with pytest.raises(IllegalMoveError):
        state.apply(state.parse_move("b7-b8"))
    with pytest.raises(IllegalMoveError):
        state.apply(state.parse_move("b7^b8/1"))
    play(fresh, "b7-b8-b9")
    assert fresh.mover == 1


@pytest.mark.parametrize(
    "text",
    [
        "b7-b8-b9-b10",  # three spaces on a die of 2
        "b7xb9",  # no opponent's marble on b8 to jump
        "c8-c9",  # the opponent's marble
        "b11^b13/2",  # a lift that leaves b7 nothing to move
    ],
)
def test_apply_refuses_an_illegal_marble_move_with_the_listing_s_reason(text: str) -> None:
    state = position(rules(), {"1": ["b7", "b11"], "2": ["c8", "a11", "c11", "b12", "b10"]})
    play(state, "roll", "die 2")
    before = state.position()
    listed = state.copy()
    listed.legal_moves()  # apply then checks against the listing, as it always did
    with pytest.raises(IllegalMoveError) as listed_error:
        listed.apply(listed.parse_move(text))
    with pytest.raises(IllegalMoveError) as error:
        state.apply(state.parse_move(text))
    assert str(error.value) == str(listed_error.value)
    assert state.position() == before


@pytest.mark.parametrize("ruleset_id", ["archimedes/standard", "archimedes/variation-3", NEUTRAL, NO_EARLY_LIFTS])
def test_the_random_player_plays_legal_moves_and_seldom_lists_them(ruleset_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a constraint the player draws a marble move without listing them (and `apply`
    checks it alone); a constraint (no lifts in the first ten turns) changes which moves are
    legal, and the player then picks from the rules' own listing."""
    agent = make_agent("random", seed=5)
    rules_ = load(ruleset_id)
    rng = random.Random(ruleset_id)
    rolls = 0
    listings = _listings(monkeypatch)
    for _ in range(3):
        state = new_game(rules_, 2)
        while state.outcome() is None:
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            if getattr(state, "phase", None) is not Phase.MOVING:
                state.apply(agent.choose(state, state.to_move))
                continue
            rolls += 1
            move = agent.choose(state, state.to_move)
            counted = listings[0]
            assert move in state.copy().legal_moves(), f"{move} is not legal"
            listings[0] = counted  # the test's own listing is not the player's
            state.apply(move)
    assert rolls > 100
    if ruleset_id == NO_EARLY_LIFTS:
        assert listings[0] >= rolls  # the constraint is read on the listing
    else:
        assert listings[0] < rolls / 10, f"{listings[0]} listings in {rolls} roll steps"


def test_a_constraint_reads_each_field_of_a_marble_move(tmp_path: Path) -> None:
    # A roll step's moves are judged one after another, their fields read when a rule asks: each
    # field must be the move's own, for rolled and lifted moves alike.
    import yaml

    from marblestudio.engine import from_position
    from marblestudio.rulesets import load_with_source

    rule = {"name": "no long way to b9", "forbid": "move.from == 'b7' and move.to == 'b9' and move.spaces == 2 and move.kind == 'roll'",
            "because": "test"}
    path = tmp_path / "house.yaml"
    path.write_text(yaml.safe_dump({"format": 1, "id": "house/fields", "name": "Fields", "extends": "archimedes/standard",
                                    "rules": [rule]}), encoding="utf-8")
    rules_ = load_with_source(path).rules
    state = from_position(rules_, "archimedes players=2 turn=0 phase=moving mover=0 cups=b7/c12 supply=11/11 lost=0/0 "
                                  "die=2 remaining=2 moved=- turns=2 touched=- result=-")
    listed = [str(m) for m in state.legal_moves()]
    assert "b7-b8-b9" not in listed  # rolled to b9 in 2 spaces: forbidden
    assert {"b7^b9/2", "b7-a7-a8", "b7-c7-c8", "b7-b6-b5"} <= set(listed)  # lifted there, or rolled elsewhere
    with pytest.raises(IllegalMoveError, match="test"):
        state.apply(state.parse_move("b7-b8-b9"))
