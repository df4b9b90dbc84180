"""Audit of GAMES.md section 4 and the rulebook's notes a-h against the tests
(docs/rule-tests.md): rules found without a test of their own, each worked out by hand.

Test physics (helpers.PHYSICS, see test_physics): slope = 3k / (720 + 8n), k summing
2 * row - 15 over the marbles (0-based rows), n the number of marbles on the board; with the
platform an end touches when (240 t + 50)^2 >= 100^2 (1 + t^2), t the slope's size
(t about 0.218131).
"""

from __future__ import annotations

from fractions import Fraction

from marblestudio.engine.archimedes import new_game
from marblestudio.rulesets import load

from .helpers import STEADY, kinds, legal, play, position, rules


def test_placing_a_marble_that_tips_the_board_loses() -> None:
    # [book] "If the board touches the table at any time during your turn, you lose", a
    # placement too. Player 1 on a1 b1 c1 (row 0: -15 each) and a6 b6 (row 5: -5 each):
    # k = -55, n = 5, t = 165/760 = 33/152: (240 t + 50)^2 = 102.105^2 = 10425.5 < 100^2 (1 +
    # t^2) = 10471.3: the board stands. Placing on a8 (row 7: -1) gives k = -56, n = 6,
    # t = 168/768 = 7/32: 102.5^2 = 10506.25 >= 10000 * 1073/1024 = 10478.5: the low end
    # touches, so player 1 loses and player 2 wins.
    state = position(rules(), {"1": ["a1", "b1", "c1", "a6", "b6"]})
    assert state.slope() == Fraction(-165, 760)
    events = play(state, "place a8")
    touched = [e for e in events if e.kind == "board_touched"]
    assert touched and touched[0]["end"] == "low"
    assert kinds(events)[-1] == "game_over"
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,)


def test_placing_a_marble_that_leaves_the_board_standing_is_safe() -> None:
    # The same position, placing on a9 (row 8: +1) instead: k = -54, n = 6, t = 162/768 =
    # 27/128: (240 t + 50)^2 = 100.625^2 = 10125.4 < 10000 (1 + 729/16384) = 10444.9: safe.
    state = position(rules(), {"1": ["a1", "b1", "c1", "a6", "b6"]})
    events = play(state, "place a9")
    assert "board_touched" not in kinds(events)
    assert state.outcome() is None and state.to_move == 1


def test_e_a_two_may_be_split_one_space_to_each_of_two_marbles() -> None:
    # [book] e: "If you roll a two or a three, you can divide your moves among multiple
    # marbles." With a 2, a5-a6 uses 1 space and leaves 1 for c5: c5-c6 ends the turn.
    state = position(rules(STEADY), {"1": ["a5", "c5"]})
    play(state, "roll", "die 2")
    assert "a5-a6" in legal(state)
    play(state, "a5-a6")
    assert state.to_move == 0 and state.remaining == 1
    events = play(state, "c5-c6")
    assert kinds(events)[-1] == "turn_over" and state.to_move == 1


def test_a_one_cannot_be_split_so_every_move_uses_the_whole_space() -> None:
    # [book] e allows splitting only a two or a three: with a 1, each move is one space and
    # ends the turn.
    state = position(rules(STEADY), {"1": ["a5", "c5"]})
    play(state, "roll", "die 1")
    events = play(state, "a5-a6")
    assert kinds(events)[-1] == "turn_over" and state.to_move == 1


def test_fourteen_marbles_each_is_an_option() -> None:
    # [fact] 12 black and 12 white marbles; one listing says 14: a ruleset option.
    assert new_game(rules(STEADY), 2).counts()["supply_1"] == 12
    state = new_game(rules(STEADY, marbles_per_player=14), 2)
    assert state.counts() == {"supply_1": 14, "board_1": 0, "supply_2": 14, "board_2": 0}


def test_a_player_with_no_marble_left_in_the_supply_cannot_add_one() -> None:
    # [book] "add one of your marbles to any empty cup of the midzone": with one marble each
    # and player 1's already on b5, player 1 has none left to add: the only choice is to roll.
    state = position(rules(STEADY, marbles_per_player=1), {"1": ["b5"]})
    assert state.counts()["supply_1"] == 0
    assert legal(state) == ["roll"]


def test_two_players() -> None:
    # [book] "Have each player choose a marble color and an end zone": a game for 2; each
    # player's end zone is the last two rows at their end.
    ruleset = load("archimedes/standard")
    assert (ruleset.players.min, ruleset.players.max) == (2, 2)
    assert sorted(zone.seat for zone in ruleset.family.end_zones()) == [0, 1]


def test_c_a_jump_may_follow_a_step_in_the_same_move() -> None:
    # [book] c with [decision] "a path of orthogonal steps that may turn a corner": player 1 on
    # a5, player 2 on b6, a 2 rolled. a5-a6 is one space; from a6 the jump over b6 lands on c6,
    # one more: c6 is 2 spaces away (rolled a5-a6xc6, or lifted). On foot c6 would take 3
    # (a5-b5-c5-c6), so the jump is the only 2-space way there.
    state = position(rules(STEADY), {"1": ["a5"], "2": ["b6"]})
    play(state, "roll", "die 2")
    assert {"a5-a6xc6", "a5^c6/2"} <= set(legal(state))
    play(state, "a5-a6xc6")
    assert dict(state.public_view().cups) == {"b6": 1, "c6": 0} and state.to_move == 1
