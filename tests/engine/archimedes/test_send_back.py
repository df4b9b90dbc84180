"""A jump's marbles as events, and the rule pieces' `send_back` (a house rule: a marble goes back
to its owner's supply), worked out by hand on hand-set boards.

Rule c (GAMES.md): a marble may jump a line of opponent marbles to the empty cup beyond, and the
jumped marbles stay where they were.  `marble_jumped` tells each of them; a house rule may then
send one back: it leaves the board for its owner's supply, and the board settles without it,
unless its weight holds the board (without it an end would touch the table): then it stays.
"""

from __future__ import annotations

from pathlib import Path

from marblestudio.engine import from_position
from marblestudio.engine.archimedes import parse_cup
from marblestudio.engine.archimedes.rules import NEUTRAL
from marblestudio.engine.pieces import program, runtime
from marblestudio.engine.pieces.spec import pieces_of
from marblestudio.rulesets import load

from .helpers import STEADY, kinds, play, position, rules

HOUSE = Path(__file__).resolve().parents[3] / "examples" / "house-rules"


def rolled(cups: dict[str, list[str]], value: int, physics: dict | None = None):  # type: ignore[no-untyped-def]
    state = position(rules(STEADY if physics is None else physics), cups)
    play(state, "roll", f"die {value}")
    return state


LISTENING = [{"name": "tally", "on": "marble_jumped", "then": {"count": "jumps"}}]
"""A rule that listens to marble_jumped (which the game makes only for such rules)."""


def listened(state):  # type: ignore[no-untyped-def]
    return runtime.ruled(state, program.compile_pieces("archimedes", pieces_of(LISTENING)))


def test_a_jump_tells_each_marble_it_jumped_over_to_a_rule_that_listens() -> None:
    state = listened(rolled({"1": ["b5"], "2": ["b6", "b7"]}, 2))
    events = play(state, "b5xb8-c8")
    jumped = [(e["seat"], e["cup"]) for e in events if e.kind == "marble_jumped"]
    assert jumped == [(0, "b6"), (0, "b7")]
    assert kinds(events).index("marble_jumped") == kinds(events).index("marble_rolled") + 1
    assert state.rule_state.counters[("jumps", 0)] == 2


def test_a_game_whose_rules_do_not_listen_tells_no_jump() -> None:
    state = rolled({"1": ["b5"], "2": ["b6", "b7"]}, 2)  # the story of the book's game is as ever
    assert "marble_jumped" not in kinds(play(state, "b5xb8-c8"))


def test_a_roll_without_a_jump_and_a_lift_over_marbles_tell_no_jump() -> None:
    state = listened(rolled({"1": ["b5", "a1"], "2": ["b6"]}, 3))
    events = play(state, "a1-a2-a3")
    assert "marble_jumped" not in kinds(events)
    state = listened(rolled({"1": ["b5"], "2": ["b6"]}, 2))
    events = play(state, "b5^b8/2")  # lifted (its path jumps b6): not a jump
    assert "marble_jumped" not in kinds(events)


def test_a_marble_sent_back_goes_to_its_owners_supply_and_the_board_settles() -> None:
    state = rolled({"1": ["b5"], "2": ["b6", "b12"]}, 1)
    supply, k = list(state.supply), state.k
    events: list = []
    assert state.send_back(parse_cup("b12"), events)
    assert parse_cup("b12") not in state.board
    assert state.supply == [supply[0], supply[1] + 1]
    assert state.k == k - state.balance.moment(11)
    assert kinds(events) == ["marble_sent_back", "board_tilted"]
    assert (events[0]["seat"], events[0]["cup"], events[1]["marble_at"]) == (1, "b12", "air")
    assert "b5-b4" in [str(m) for m in state.legal_moves()]  # the roll goes on


def test_nothing_is_sent_back_from_an_empty_cup_or_a_neutral_one() -> None:
    state = rolled({"1": ["b5"], "2": ["b6"]}, 1)
    state.board[parse_cup("a9")] = NEUTRAL
    before, events = dict(state.board), []
    assert not state.send_back(parse_cup("c3"), events)
    assert not state.send_back(parse_cup("a9"), events)
    assert state.board == before and events == []


def test_a_marble_whose_weight_holds_the_board_stays() -> None:
    # Without a1 at the low end, the three marbles at the high end take that end down.
    state = rolled({"1": ["a13", "b14", "c16"], "2": ["a1", "c13", "c15"]}, 1, physics={})
    events: list = []
    assert not state.send_back(parse_cup("a1"), events)
    assert state.board[parse_cup("a1")] == 1 and events == []
    assert state.send_back(parse_cup("c15"), events)  # the other end's marble may go


def test_the_cookbook_rule_sends_a_jumped_marble_back() -> None:
    house = load(str(HOUSE / "archimedes-jump-sends-back.yaml"))
    state = from_position(house, "archimedes players=2 turn=0 phase=moving mover=0 cups=b5/b6 supply=11/11 lost=0/0 die=2 "
                                 "remaining=2 moved=- turns=2 touched=- result=-")
    events = play(state, "b5xb7-b8")
    assert [e.kind for e in events if e.kind in ("marble_jumped", "rule_fired", "marble_sent_back")] == [
        "marble_jumped", "rule_fired", "marble_sent_back"]
    assert parse_cup("b6") not in state.board and state.supply == [11, 12]
    assert state.position().startswith("archimedes players=2 turn=1 phase=choose mover=1 cups=b8/- supply=11/12")
