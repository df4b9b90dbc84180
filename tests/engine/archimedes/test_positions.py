"""Rock Me Archimedes' positions (docs/notation.md, "Positions"), worked out by hand.

A position written by hand reads into the game it describes and plays on as the rules say;
every way a game ends is written and read back; text that is not a position, or a position the
rules could not reach, is refused naming the field (and the rule).  The round trip over seeded
games of every bundled ruleset is tests/engine/test_positions.py.

The test physics of helpers.py: slope = 3k / (720 + 8n), an end touching from about 0.2181
(k: the sum of 2 * row - 15 over the marbles, rows 0-based; n: the marbles on the board).
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from marblestudio.engine import PositionError, from_position, new_game
from marblestudio.engine.archimedes import ArchimedesState, End, Phase
from marblestudio.engine.archimedes.rules import StartRule, TouchRule
from marblestudio.engine.core import Outcome, Termination
from marblestudio.engine.rules import Ruleset
from marblestudio.rulesets import load, load_with_source

from .helpers import STEADY, destinations, legal, play, rules

HOUSE_RULES = Path(__file__).resolve().parents[3] / "examples" / "house-rules"
LOSE_A_MARBLE = HOUSE_RULES / "archimedes-lose-a-marble.yaml"

LOW_TOUCH = "win:1:the+board's+low+end+touched+the+table%3A+its+mover+loses"
"""`result=` of a game player 1 (seat 0) lost by bringing the low end down (the book's rule)."""

MOVING = {
    "turn": "0", "phase": "moving", "mover": "0", "cups": "b5,b7/b9,a10", "supply": "10/10", "lost": "0/0",
    "die": "3", "remaining": "2", "moved": "b7", "turns": "6", "touched": "-", "result": "-",
}
"""Player 1 (seat 0) rolled a 3 and moved b7 one space; two spaces are left, for b5."""

OVER = {
    "turn": "0", "phase": "over", "mover": "0", "cups": "a1,b1,c1,b2/-", "supply": "8/12", "lost": "0/0",
    "die": "2", "remaining": "2", "moved": "-", "turns": "0", "touched": "low", "result": LOW_TOUCH,
}
"""Player 1 rolled b4-b3-b2 from a1 b1 c1 b4: the low end touched at b3 (see the touch test)."""

HOME = {
    "turn": "0", "phase": "over", "mover": "0", "cups": "a1,b1,a2,b2/b13,a14,b14,c14", "supply": "8/8", "lost": "0/0",
    "die": "-", "remaining": "0", "moved": "-", "turns": "9", "touched": "-", "result": "win:0:4+marbles+home",
}
"""Player 1 ended their turn with four marbles home; the board stands (k = -56 + 42 = -14)."""


def text(base: dict[str, str], **changes: str | None) -> str:
    """A position of the fields `base` with `changes` (None leaves a field out), in `base`'s order."""
    fields = {**base, **changes}
    return " ".join(["archimedes", "players=2"] + [f"{k}={v}" for k, v in fields.items() if v is not None])


def fresh(ruleset: Ruleset) -> ArchimedesState:
    state = new_game(ruleset, 2)
    assert isinstance(state, ArchimedesState)
    return state


def read(ruleset: Ruleset, line: str) -> ArchimedesState:
    state = from_position(ruleset, line)
    assert isinstance(state, ArchimedesState)
    return state


# Writing ------------------------------------------------------------------------------------
def test_a_new_game_is_written_field_by_field() -> None:
    # The book's game starts with the starting rolls: chance's step, every marble in its supply.
    assert new_game(load("archimedes/standard"), 2).position() == (
        "archimedes players=2 turn=chance phase=start mover=0 cups=-/- supply=12/12 lost=0/0 die=- remaining=0 "
        "moved=- turns=0 touched=- result=-"
    )
    # Player 1 begins (a house rule of the test rules): their choice of placing or rolling.
    assert new_game(rules(), 2).position() == (
        "archimedes players=2 turn=0 phase=choose mover=0 cups=-/- supply=12/12 lost=0/0 die=- remaining=0 "
        "moved=- turns=0 touched=- result=-"
    )


def test_a_turn_is_written_as_it_goes() -> None:
    state = fresh(rules(STEADY))
    play(state, "place b8", "place a9")
    assert state.position().split()[2:] == [
        "turn=0", "phase=choose", "mover=0", "cups=b8/a9", "supply=11/11", "lost=0/0", "die=-", "remaining=0",
        "moved=-", "turns=2", "touched=-", "result=-",
    ]
    play(state, "place c9", "place b9", "roll")
    assert " turn=chance phase=die mover=0 " in state.position()
    play(state, "die 3", "b8-a8")  # two spaces left, for c9; the cups in cup order (row, then column)
    assert state.position().split()[2:] == [
        "turn=0", "phase=moving", "mover=0", "cups=a8,c9/a9,b9", "supply=10/10", "lost=0/0", "die=3", "remaining=2",
        "moved=a8", "turns=4", "touched=-", "result=-",
    ]


# Reading ------------------------------------------------------------------------------------
def test_a_position_written_by_hand_reads_into_the_game_it_describes() -> None:
    state = read(rules(), text(MOVING))
    assert state.board == {(4, 1): 0, (6, 1): 0, (8, 1): 1, (9, 0): 1}
    assert (state.supply, state.lost, state.turns) == ([10, 10], [0, 0], 6)
    assert (state.phase, state.to_move, state.die, state.remaining, state.moved) == (Phase.MOVING, 0, 3, 2, ((6, 1),))
    assert state.outcome() is None and state.touched is None
    # k = (2*4 - 15) + (2*6 - 15) + (2*8 - 15) + (2*9 - 15) = -7 - 3 + 1 + 3 = -6; slope 3k / (720 + 8*4)
    assert state.k == -6 and state.slope() == Fraction(-18, 752)
    # the seats' bitmasks are rebuilt from the cups (cup index: row * 3 + column)
    assert state.seat_bits() == [1 << 13 | 1 << 19, 1 << 25 | 1 << 27]
    # b7 has moved (rule f): b5 uses the two spaces left, round b6 or b4 or straight on (b7 is its own)
    assert state.unmoved() == ((4, 1),)
    assert destinations(state, "b5") == {("a6", 2), ("c6", 2), ("b3", 2), ("a4", 2), ("c4", 2)}
    assert destinations(state, "b7") == set() and {m.split("-")[0].split("^")[0] for m in legal(state)} == {"b5"}
    view = state.public_view()
    assert (view.cups, view.moved, view.supply) == ((("b5", 0), ("b7", 0), ("b9", 1), ("a10", 1)), ("b7",), (10, 10))


def test_fields_are_read_in_any_order_and_written_in_the_documented_one() -> None:
    shuffled = dict(reversed(list({**MOVING, "cups": "b7,b5/a10,b9"}.items())))
    state = read(rules(), text(shuffled))
    assert state.position() == text(MOVING)
    assert list(state.board) == [(4, 1), (6, 1), (8, 1), (9, 0)]


def test_the_example_of_the_docs_reads_and_writes_back() -> None:
    # docs/notation.md: a game of the standard rules after 50 steps.  Player 1 rolled a 3 and
    # rolled c7-b7-b8: one space is left for b4, a7, b9 or c11 (b8 has moved).
    line = ("archimedes players=2 turn=0 phase=moving mover=0 cups=b4,a7,b8,b9,c11/c6,a8,c8,a9,a10,c12 "
            "supply=7/6 lost=0/0 die=3 remaining=1 moved=b8 turns=21 touched=- result=-")
    state = read(load("archimedes/standard"), line)
    assert state.position() == line
    assert state.counts() == {"supply_1": 7, "board_1": 5, "supply_2": 6, "board_2": 6}
    assert state.unmoved() == ((3, 1), (6, 0), (8, 1), (10, 2))
    moves = state.legal_moves()
    assert moves and all(m.spaces == 1 and m.start != (7, 1) for m in moves)  # type: ignore[attr-defined]


def test_a_position_read_by_hand_plays_on_as_the_rules_say() -> None:
    # a1 b1 c1 (moment -15 each) and b4 (-9): k = -54, n = 4, slope -162/752: the board stands.
    # Rolling b4-b3-b2: at b3 k = -56, slope -168/752 = -0.2234, and the low end touches.
    start = {**MOVING, "cups": "a1,b1,c1,b4/-", "supply": "8/12", "die": "2", "remaining": "2", "moved": "-", "turns": "0"}
    state = read(rules(), text(start))
    assert state.slope() == Fraction(-162, 752)
    events = play(state, "b4-b3-b2")
    assert [e["end"] for e in events if e.kind == "board_touched"] == ["low"]
    # the mover loses; the marble is set down where it was going; the roll is left as it was
    assert state.position() == text(OVER)
    assert state.outcome() == Outcome(Termination.WIN, (1,), "the board's low end touched the table: its mover loses")


# Endings --------------------------------------------------------------------------------------
def test_a_touch_reads_back_with_the_end_that_touched() -> None:
    state = read(rules(), text(OVER))
    assert state.touched is End.LOW and state.public_view().touched is End.LOW
    assert state.outcome() == Outcome(Termination.WIN, (1,), "the board's low end touched the table: its mover loses")
    assert state.legal_moves() == [] and state.to_move == 0


def test_variation_1_the_end_owner_loses_and_the_reason_says_so() -> None:
    # Player 1 lifts a1, their only marble: in the air k = 2*11 + 3*15 = 67, n = 5, slope
    # 201/760 = 0.264, and the high end (player 2's) touches: player 2 loses.
    ruleset = rules(touch=TouchRule.END_OWNER_LOSES)
    start = {**MOVING, "cups": "a1/b14,c14,a16,b16,c16", "supply": "11/7", "die": "1", "remaining": "1", "moved": "-", "turns": "0"}
    state = read(ruleset, text(start))
    play(state, "a1^a2/1")
    result = "win:0:the+board's+high+end+touched+the+table%3A+the+player+whose+end+went+down+loses"
    over = {**start, "phase": "over", "cups": "a2/b14,c14,a16,b16,c16", "touched": "high", "result": result}
    assert state.position() == text(over)
    again = read(ruleset, text(over))
    assert again.touched is End.HIGH
    reason = "the board's high end touched the table: the player whose end went down loses"
    assert again.outcome() == Outcome(Termination.WIN, (0,), reason)
    # by the book the mover would have lost: seat 0 cannot have won so
    with pytest.raises(PositionError, match="when the high end touches the table its mover \\(seat 0\\) loses: "
                       "result=win:1:the\\+board's\\+high\\+end") as caught:
        from_position(rules(), text(over))
    assert caught.value.field == "result" and caught.value.rule


def test_marbles_home_end_the_game_when_the_turn_ends() -> None:
    # a1 b1 c1 home and b3 rolled to b2: four home when the turn ends, the turn counted.
    start = {**MOVING, "cups": "a1,b1,c1,b3/-", "supply": "8/12", "die": "1", "remaining": "1", "moved": "-", "turns": "0"}
    state = read(rules(STEADY), text(start))
    play(state, "b3-b2")
    over = {**start, "phase": "over", "cups": "a1,b1,c1,b2/-", "die": "-", "remaining": "0", "turns": "1",
            "result": "win:0:4+marbles+home"}
    assert state.position() == text(over)
    assert read(rules(STEADY), text(over)).outcome() == Outcome(Termination.WIN, (0,), "4 marbles home")


def test_the_move_limit_ends_the_game_as_capped() -> None:
    # The second turn of a two-turn game ends: a capped draw, player 2 (seat 1) having moved last.
    ruleset = replace(rules(STEADY), move_limit=2)
    start = {**MOVING, "turn": "1", "mover": "1", "cups": "b5/b12", "supply": "11/11", "die": "1", "remaining": "1",
             "moved": "-", "turns": "1"}
    state = read(ruleset, text(start))
    play(state, "b12-b11")
    over = {**start, "phase": "over", "cups": "b5/b11", "die": "-", "remaining": "0", "turns": "2",
            "result": "capped::the+move+limit+of+2+turns+was+reached"}
    assert state.position() == text(over)
    assert read(ruleset, text(over)).outcome() == Outcome(Termination.CAPPED, (), "the move limit of 2 turns was reached")


def test_a_player_with_too_few_marbles_left_loses_under_marble_lost() -> None:
    # touch: marble-lost, six marbles a player and six to win: placing a8 brings the low end
    # down (k = -56, n = 6: slope -168/768 = -0.21875); a8 comes off and leaves the game, and
    # player 1 has five marbles left, too few.
    ruleset = rules(touch=TouchRule.MARBLE_LOST, marbles_to_win=6, marbles_per_player=6)
    start = {**MOVING, "phase": "choose", "cups": "a1,b1,c1,a6,b6/-", "supply": "1/6", "die": "-", "remaining": "0",
             "moved": "-", "turns": "0"}
    state = read(ruleset, text(start))
    play(state, "place a8")
    result = "win:1:the+board+touched+the+table%3A+the+mover+lost+a+marble+and+has+too+few+left+to+win+(5)"
    over = {**start, "phase": "over", "supply": "0/6", "lost": "1/0", "result": result}
    assert state.position() == text(over)
    again = read(ruleset, text(over))
    assert again.outcome() == Outcome(
        Termination.WIN, (1,), "the board touched the table: the mover lost a marble and has too few left to win (5)"
    )
    assert again.touched is None and again.counts() == {"supply_1": 0, "board_1": 5, "lost_1": 1, "supply_2": 6, "board_2": 0}


def test_a_rule_pieces_ending_is_taken_as_written() -> None:
    # A house rule's ending is its own: any result reads back, its reason with '+' for spaces and
    # a colon percent-encoded.  The book's game ends only its own ways (see the errors below).
    ruleset = load_with_source(str(HOUSE_RULES / "archimedes-three-again.yaml")).rules
    state = read(ruleset, fresh(ruleset).position())
    state.end_by_rule(Outcome(Termination.DRAW, (), "the rule 'calm: seas' ended the game in a draw"), [])
    line = state.position()
    assert " phase=over " in line and " touched=- result=draw::the+rule+'calm%3A+seas'+ended+the+game+in+a+draw " in line
    again = read(ruleset, line)
    assert again.outcome() == state.outcome() and again.position() == line


@pytest.mark.parametrize("ruleset_id", [f"archimedes/{name}" for name in ("standard", "variation-1", "variation-2",
                                                                        "variation-3", "variation-4", "variation-5")]
                         + [str(LOSE_A_MARBLE)])
def test_finished_games_read_back_with_their_ending(ruleset_id: str) -> None:
    """Played to the end (the round trip of test_positions.py stops after 600 steps), a game
    reads back over, with the same ending and the same end on the table."""
    ruleset = load_with_source(ruleset_id).rules
    for seed in range(4):
        state = fresh(ruleset)
        state.random_playout(random.Random(seed))
        line = state.position()
        again = read(ruleset, line)
        assert again.position() == line and again.phase is Phase.OVER
        assert again.outcome() == state.outcome() and again.touched is state.touched
        assert again.public_view() == state.public_view() and again.legal_moves() == []


# Errors ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("base", "changes", "field", "message"),
    [
        (MOVING, {"turn": "2"}, "turn", "there is no seat 2: seats are numbered 0-1"),
        (MOVING, {"mover": "x"}, "mover", "'x' is not a seat number"),
        (MOVING, {"phase": "rolling"}, "phase", "'rolling' is none of start, choose, die, moving, over"),
        (MOVING, {"cups": "b5,b7"}, "cups", "1 seat given for 2 players"),
        (MOVING, {"cups": "b5,b0/b9,a10"}, "cups", "'b0' is not a cup"),
        (MOVING, {"moved": "7b"}, "moved", "'7b' is not a cup"),
        (MOVING, {"supply": "10"}, "supply", "1 seat given for 2 players"),
        (MOVING, {"lost": "0/x"}, "lost", "'x' is not a whole number"),
        (MOVING, {"die": "three"}, "die", "'three' is not a die value or '-'"),
        (MOVING, {"remaining": "-1"}, "remaining", "-1 is below 0"),
        (MOVING, {"turns": "many"}, "turns", "'many' is not a whole number"),
        (MOVING, {"moved": None}, "moved", "missing"),
        (MOVING, {"colour": "red"}, "colour", "not a field of archimedes positions"),
        (OVER, {"touched": "middle"}, "touched", "'middle' is none of -, low, high, either"),
        (OVER, {"touched": None}, "touched", "missing"),
        (OVER, {"result": "sideways"}, "result", "'sideways' is none of win, draw, capped"),
        (OVER, {"result": "win:3:why"}, "result", "3 is above 1"),
        (OVER, {"result": "win:x:why"}, "result", "'x' is not a seat number"),
        (OVER, {"result": "win::why"}, "result", "write win:SEATS:REASON"),
    ],
)
def test_text_that_is_not_a_position_names_the_field(base: dict[str, str], changes: dict[str, str | None], field: str,
                                                     message: str) -> None:
    with pytest.raises(PositionError, match=message) as caught:
        from_position(rules(), text(base, **changes))
    assert caught.value.field == field and not caught.value.rule


NO_ROLL = {"phase": "choose", "die": "-", "remaining": "0", "moved": "-"}
"""MOVING at the start of player 1's turn."""


@pytest.mark.parametrize(
    ("base", "changes", "field", "message"),
    [
        # the marbles
        (MOVING, {"cups": "b5,b7/b7,a10"}, "cups", "two marbles in b7 \\(a cup holds one marble\\)"),
        (MOVING, {"cups": "b5,b7,b17/b9,a10"}, "cups", "b17 is not on the board \\(16 rows of 3 cups: a1 to c16\\)"),
        (MOVING, {"supply": "11/10"}, "supply",
         "seat 0 has more marbles than a player has \\(12\\): 2 on the board \\+ 11 in the supply \\+ 0 lost = 13"),
        (MOVING, {"supply": "10/9"}, "supply", "seat 1 has fewer marbles than a player has \\(12\\)"),
        (MOVING, {"supply": "9/10", "lost": "1/0"}, "lost", "marbles leave the game only under the house rule touch: marble-lost"),
        # a board that would already have tipped: k = -45 - 10 - 1 = -56, n = 6, slope -168/768
        ({**MOVING, **NO_ROLL}, {"cups": "a1,b1,c1,a6,b6,a8/-", "supply": "6/12"}, "cups",
         "the board would already have tipped: its low end touches the table"),
        ({**MOVING, **NO_ROLL}, {"cups": "a1,b1,c1,a2/b9,a10", "supply": "8/10"}, "cups",
         "seat 0 has 4 marbles in an end zone that counts for its win: it would have won"),
        # the die and the roll
        (MOVING, {"die": "4"}, "die", "4 is not a face of the die \\(it shows 1, 2, 3\\)"),
        (MOVING, {"die": "0"}, "die", "0 is not a face of the die"),
        (MOVING, {"die": "-"}, "die", "in phase=moving the roll is being used"),
        (MOVING, {"phase": "choose"}, "die", "a roll is kept only while it is used \\(phase=moving\\), not in phase=choose"),
        (MOVING, {"remaining": "4"}, "remaining", "a roll of 3 leaves 1 to 3 spaces to move while it is used, not 4"),
        (MOVING, {"remaining": "0"}, "remaining", "a roll of 3 leaves 1 to 3 spaces to move while it is used, not 0"),
        (MOVING, {"moved": "b7,b5"}, "moved", "2 marbles moved, but the roll of 3 has used 1 space"),
        (MOVING, {"moved": "b9"}, "moved", "b9 holds no marble of the mover \\(seat 0\\)"),
        ({**MOVING, **NO_ROLL}, {"moved": "b7"}, "moved", "marbles are moved only with a roll"),
        ({**MOVING, **NO_ROLL}, {"remaining": "1"}, "remaining", "no roll is being used"),
        ({**MOVING, **NO_ROLL}, {"phase": "die", "turn": "chance", "mover": "1", "cups": "b5,b7/-", "supply": "10/12"},
         "cups", "seat 1 rolled with no marble on the board"),
        # whose step it is
        (MOVING, {"turn": "chance"}, "turn", "phase=moving is a player's step"),
        ({**MOVING, **NO_ROLL}, {"phase": "die"}, "turn", "phase=die is a chance step \\(the die\\): write turn=chance"),
        (MOVING, {"mover": "1"}, "mover", "the seat to move \\(turn=0\\) is the mover in phase=moving, not 1"),
        ({**MOVING, **NO_ROLL}, {"phase": "start", "turn": "chance"}, "phase", "these rules have no starting rolls"),
        # the move limit (1000 turns in the test rules)
        (MOVING, {"turns": "1000"}, "turns", "the move limit is 1000 turns: the game would be over"),
        (OVER, {"turns": "1001"}, "turns", "the move limit is 1000 turns: the game ends there"),
        # how the game ended
        (MOVING, {"result": LOW_TOUCH}, "result", "the game goes on \\(phase=moving\\): result=-"),
        (MOVING, {"touched": "low"}, "touched", "an end that touches the table ends the game \\(phase=over\\): touched=-"),
        (OVER, {"result": "-"}, "result", "the game is over \\(phase=over\\): write how it ended"),
        (OVER, {"result": "win:0:the+board's+low+end+touched+the+table%3A+its+mover+loses"}, "result",
         "when the low end touches the table its mover \\(seat 0\\) loses: result=win:1:"),
        (HOME, {"result": "win:1:the+house+rule"}, "result",
         "test/archimedes ends a game only by marbles home, a touch of the table, a stalemate or the move limit, worded as the "
         "engine words them, not 'the house rule'"),
        (OVER, {"result": "win:0:4+marbles+home"}, "result", "when the low end touches the table its mover"),
        (OVER, {"touched": "-"}, "touched", "the board rests with an end on the table"),  # four home, but at b3 it touched
        (HOME, {"touched": "-", "result": LOW_TOUCH}, "touched", "the result says an end touched the table: name it"),
        (HOME, {"result": "win:1:4+marbles+home"}, "result", "marbles home win when their player's turn ends: seat 1 "
         "won so, but the turn that ended was seat 0's \\(mover=0\\)"),
        (HOME, {"cups": "a1,b1,a2,c5/b13,a14,b14,c14"}, "result", "seat 0 has 3 marbles home, fewer than a win needs \\(4\\)"),
        (HOME, {"result": "capped::the+move+limit+of+1000+turns+was+reached"}, "result",
         "the move limit of 1000 turns ends the game at turns=1000, not 9"),
        (HOME, {"result": "win:1:the+board+touched+the+table%3A+the+mover+lost+a+marble+and+has+too+few+left+to+win+(12)"},
         "result", "a marble is lost to a touch only under the house rule touch: marble-lost"),
    ],
)
def test_a_position_the_rules_could_not_reach_names_the_rule(base: dict[str, str], changes: dict[str, str | None], field: str,
                                                             message: str) -> None:
    with pytest.raises(PositionError, match=message) as caught:
        from_position(rules(), text(base, **changes))
    assert caught.value.field == field and caught.value.rule


def test_the_starting_rolls_come_before_anything_else() -> None:
    book = rules(start=StartRule.HIGHER_ROLL)
    start = {**MOVING, **NO_ROLL, "turn": "chance", "phase": "start", "cups": "-/-", "supply": "12/12", "turns": "0"}
    assert read(book, text(start)).chance_outcomes() == new_game(book, 2).chance_outcomes()
    for changes, field, message in [
        ({"mover": "1"}, "mover", "before the starting rolls the mover is seat 0"),
        ({"cups": "b8/-", "supply": "11/12"}, "cups", "every marble is in its supply before the starting rolls"),
        ({"turns": "3"}, "turns", "no turn is played before the starting rolls"),
    ]:
        with pytest.raises(PositionError, match=message) as caught:
            from_position(book, text(start, **changes))
        assert caught.value.field == field and caught.value.rule


def test_marble_lost_positions_keep_count_of_the_lost_marbles() -> None:
    ruleset = rules(touch=TouchRule.MARBLE_LOST)
    state = read(ruleset, text(MOVING, supply="9/10", lost="1/0"))
    assert state.lost == [1, 0] and state.counts()["lost_1"] == 1
    # seat 0 with 2 on the board and 1 in the supply: 3 left, fewer than the 4 a win needs
    message = "seat 0 has 3 marbles left, fewer than a win needs \\(4\\): it would have lost"
    with pytest.raises(PositionError, match=message) as caught:
        from_position(ruleset, text(MOVING, supply="1/10", lost="9/0"))
    assert caught.value.field == "lost" and caught.value.rule
