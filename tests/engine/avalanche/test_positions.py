"""Avalanche positions (docs/notation.md, "Avalanche: positions"), worked out by hand.

Most positions are on hand-drawn boards (see helpers): a row of gates G1..Gn, tilted left and
catching on the left, whose sides lead out, and a chute (hole n+1) straight to the tray; ten
marbles of each colour.  The round trip over seeded games of every bundled ruleset (two cards,
partnership, Expert I and II included) is tests/engine/test_positions.py.
"""

from __future__ import annotations

import pytest

from marblestudio.engine import PositionError, from_position, new_game
from marblestudio.engine.avalanche import AvalancheState, GoOut, Phase
from marblestudio.engine.avalanche.cascade import EMPTY
from marblestudio.engine.avalanche.rules import GoingOut, OutOfMarbles
from marblestudio.engine.core import CHANCE, Outcome, Termination
from marblestudio.engine.rules import Ruleset, Teams
from marblestudio.rulesets import load_with_source

from .helpers import kinds, play, row_of_gates, rules, started

Y, R, B = 0, 1, 2

TWO_GATES = row_of_gates(2, cards={"P0": "YR", "P1": "B"})
"""Holes 1 and 2 lead to gates G1 and G2, hole 3 is the chute; seat 0 has card P0 (a yellow and a
red hole), seat 1 card P1 (one blue hole), dealt as the rules say."""

MID_GAME = "avalanche players=2 turn=1 gates=LY,R trays=Y7,R10,B8 hands=Y1/B2 cards=P0:Y./P1:. drops=1 moves=5 passes=0 result=-"
"""Seat 1 to move, one marble dropped this turn; G1 holds a yellow marble, G2 tilts right; seat 0
holds a yellow marble, seat 1 two blue; P0's yellow hole is filled.  Yellow: 7 + 1 + 1 + 1 = 10."""


def read(ruleset: Ruleset, text: str) -> AvalancheState:
    state = from_position(ruleset, text)
    assert isinstance(state, AvalancheState)
    return state


def partnership() -> Ruleset:
    """Four seats, partners 0 and 2, 1 and 3; cards P0 (yellow), P1 (blue), P2 (red), P3 (blue)."""
    return row_of_gates(4, cards={"P0": "Y", "P1": "B", "P2": "R", "P3": "B"}, players=(4, 4), teams=Teams(2),
                        partnership=True, going_out=GoingOut.CHOICE)


# Reading a position written by hand --------------------------------------------------------
def test_a_position_reads_into_the_game_it_describes() -> None:
    state = read(TWO_GATES, MID_GAME)
    assert state.phase is Phase.PLAY and state.to_move == 1
    assert state.tilt == [0, 1] and state.held == [Y, EMPTY]
    assert state.trays == [7, 10, 8] and state.hands == [[1, 0, 0], [0, 0, 2]]
    assert state.cards == [(0,), (1,)] and state.filled == [[Y, EMPTY], [EMPTY]]
    assert (state.drops_this_turn, state.moves_played, state.passes_in_a_row) == (1, 5, 0)
    assert not state.first_turn  # four moves before this turn's drop
    assert state.counts() == {"trays": 25, "board": 1, "hands": 3, "cards": 1}


def test_the_game_goes_on_from_a_position_as_the_rules_say() -> None:
    state = read(TWO_GATES, MID_GAME)
    # Held marbles are dropped first: seat 1 may drop only its blue ones, into holes 1 to 3.
    assert [str(m) for m in state.legal_moves()] == ["B1", "B2", "B3"]
    play(state, "B3")  # the chute: blue falls onto P1, one blue is left in hand, so no win
    assert state.position() == ("avalanche players=2 turn=0 gates=LY,R trays=Y7,R10,B8 hands=Y1/B1 cards=P0:Y./P1:B "
                                "drops=0 moves=6 passes=0 result=-")


def test_a_game_written_by_its_position_is_the_game_played_there() -> None:
    state = started(TWO_GATES)
    play(state, "Y1", "R3")  # yellow lodges in G1; red falls through the chute onto P0's red hole
    assert state.position() == ("avalanche players=2 turn=1 gates=LY,L trays=Y9,R9,B10 hands=-/- cards=P0:.R/P1:. "
                                "drops=0 moves=2 passes=0 result=-")


def test_the_first_turn_is_the_one_with_no_move_before_it() -> None:
    ruleset = row_of_gates(3, cards={"P0": "Y", "P1": "B"}, first_turn_limit=2)
    base = "avalanche players=2 turn=0 gates=LY,L,L trays=Y9,R10,B10 hands=-/- cards=P0:./P1:. drops=1 passes=0 result=-"
    first = read(ruleset, base + " moves=1")
    assert first.first_turn
    assert kinds(play(first, "R2"))[-2:] == ["first_turn_limit", "turn_over"]  # the second drop ends the first turn
    later = read(ruleset, base + " moves=4")
    assert not later.first_turn
    play(later, "R2")
    assert later.to_move == 0 and later.drops_this_turn == 2


def test_a_partner_choosing_to_go_out() -> None:
    ruleset = partnership()
    state = started(ruleset, 4)
    play(state, "Y5")  # the chute: yellow onto P0; seat 0's hand is empty, its partner is in
    text = ("avalanche players=4 turn=0 gates=L,L,L,L trays=Y9,R10,B10 hands=-/-/-/- cards=P0:Y/P1:./P2:./P3:. "
            "drops=1 moves=1 passes=0 out=- choose-out=yes result=-")
    assert state.position() == text
    again = read(ruleset, text)
    assert again.choosing_out and again.legal_moves() == [GoOut(True), GoOut(False)]
    play(again, "out")
    assert again.position() == text.replace("turn=0", "turn=1").replace("drops=1 moves=1", "drops=0 moves=2") \
        .replace("out=- choose-out=yes", "out=0 choose-out=no")


def test_a_seat_that_went_out_is_skipped() -> None:
    state = read(partnership(), "avalanche players=4 turn=3 gates=L,L,L,L trays=Y9,R10,B9 hands=-/-/-/B1 "
                                "cards=P0:Y/P1:./P2:./P3:. drops=0 moves=3 passes=0 out=0 choose-out=no result=-")
    play(state, "B5", "stay")  # seat 3's held blue falls through the chute onto its card P3; it stays in
    assert state.to_move == 1  # seat 0 went out: seat 1 is next


def test_a_finished_game_keeps_its_result() -> None:
    text = ("avalanche players=2 turn=1 gates=LY,R trays=Y7,R10,B9 hands=Y1/- cards=P0:Y./P1:B drops=1 moves=6 passes=0 "
            "result=win:1:filled+every+hole+of+the+cards,+with+nothing+left+in+hand")
    state = read(TWO_GATES, text)
    assert state.phase is Phase.OVER and state.legal_moves() == []
    assert state.outcome() == Outcome(Termination.WIN, (1,), "filled every hole of the cards, with nothing left in hand")
    assert state.position() == text


def test_the_deal_and_the_random_gates_are_chance_steps() -> None:
    ruleset = load_with_source("avalanche/two-cards").rules
    deal = read(ruleset, "avalanche players=2 turn=chance gates=" + ",".join("?" * 15) + " trays=Y20,R20,B20 hands=-/- "
                "cards=-/- drops=0 moves=0 passes=0 result=-")
    assert deal.phase is Phase.DEAL and deal.to_move == CHANCE
    assert deal.position() == new_game(ruleset, 2).position()
    play(deal, "deal C6 C2 C4 C1")
    assert deal.public_view().phase is Phase.GATES
    assert " cards=C6:.........,C2:........./C4:.........,C1:......... " in deal.position()
    gates = read(ruleset, deal.position())
    assert gates.phase is Phase.GATES and gates.cards == deal.cards
    play(gates, "gates " + "R" * 14 + "L")
    assert gates.to_move == 0 and " gates=R,R,R,R,R,R,R,R,R,R,R,R,R,R,L " in gates.position()


def test_fields_are_read_in_any_order() -> None:
    fields = MID_GAME.split()
    shuffled = " ".join(fields[:2] + fields[:1:-1])
    assert read(TWO_GATES, shuffled).position() == MID_GAME


# Text that is not a position ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("old", "new", "field", "message"),
    [
        ("gates=LY,R", "gates=LY,R,L", "gates", "3 gates given: the board has 2 \\(G1 G2\\)"),
        ("gates=LY,R", "gates=LY,X", "gates", "'X' is not a gate"),
        ("gates=LY,R", "gates=LYB,R", "gates", "'LYB' is not a gate"),
        ("gates=LY,R", "gates=LG,R", "gates", "'G' is not a colour's letter \\(the colours are Y, R, B\\)"),
        ("trays=Y7,R10,B8", "trays=Y7,R10,B8,Y0", "trays", "gives colour Y twice"),
        ("hands=Y1/B2", "hands=Y1/B", "hands", "'B' is not a colour's letter and a count"),
        ("hands=Y1/B2", "hands=Y1", "hands", "1 seat given for 2 players"),
        ("cards=P0:Y./P1:.", "cards=P0:Y./Q9:.", "cards", "'Q9:.' is not a card: write ID:HOLES"),
        ("cards=P0:Y./P1:.", "cards=P0:Y/P1:.", "cards", "card P0 has 2 holes, not 1"),
        ("drops=1", "drops=one", "drops", "'one' is not a whole number"),
        ("turn=1", "turn=2", "turn", "there is no seat 2"),
        ("passes=0 ", "", "passes", "missing"),
        ("result=-", "result=won", "result", "'won' is none of"),
        ("result=-", "result=- colour=red", "colour", "not a field of avalanche positions"),
        ("result=-", "result=- choose-out=maybe", "choose-out", "'maybe' is none of yes, no"),
        ("result=-", "result=- out=0,0", "out", "seat 0 is given twice"),
    ],
)
def test_malformed_text_names_the_field(old: str, new: str, field: str, message: str) -> None:
    assert old in MID_GAME
    with pytest.raises(PositionError, match=message) as caught:
        from_position(TWO_GATES, MID_GAME.replace(old, new))
    assert caught.value.field == field and not caught.value.rule


# Positions the rules could never reach --------------------------------------------------------
@pytest.mark.parametrize(
    ("old", "new", "field", "message"),
    [
        ("trays=Y7", "trays=Y8", "trays", "11 yellow marbles \\(8 in the trays, 1 on gates, 1 in hands, 1 on cards\\): "
         "more than the 10 of the game"),
        ("trays=Y7,R10,B8", "trays=Y7,B8", "trays", "0 red marbles .*: fewer than the 10 of the game"),
        ("gates=LY,R", "gates=LY,?", "gates", "gate G2 starts tilted left: it is never set at random"),
        ("cards=P0:Y./P1:.", "cards=P0:R./P1:.", "cards", "hole 1 of card P0 wants yellow \\(Y\\)"),
        ("cards=P0:Y./P1:.", "cards=P0:Y.,P1:./-", "cards", "seat 0 holds 2 cards: these rules deal 1 card to each player"),
        ("cards=P0:Y./P1:.", "cards=P0:Y./P0:Y.", "cards", "card P0 is dealt twice"),
        ("cards=P0:Y./P1:.", "cards=P1:./P0:Y.", "cards", "these rules deal P0 to seat 0"),
        ("drops=1 moves=5", "drops=6 moves=5", "drops", "6 drops this turn, but 5 moves in the game"),
        ("moves=5", "moves=500", "moves", "the move limit of 500 moves ends the game"),
        ("turn=1", "turn=chance", "turn", "no chance step is left"),
        ("result=-", "result=- out=1", "out", "in these rules nobody goes out"),
        ("result=-", "result=- choose-out=yes", "choose-out", "in these rules nobody goes out"),
        ("result=-", "result=- forfeited=0", "forfeited", "in these rules nobody forfeits"),
    ],
)
def test_an_impossible_position_names_the_rule_it_breaks(old: str, new: str, field: str, message: str) -> None:
    assert old in MID_GAME
    with pytest.raises(PositionError, match=message) as caught:
        from_position(TWO_GATES, MID_GAME.replace(old, new))
    assert caught.value.field == field and caught.value.rule


PARTNERS = ("avalanche players=4 turn=1 gates=L,L,L,L trays=Y9,R10,B10 hands=-/-/-/- cards=P0:Y/P1:./P2:./P3:. "
            "drops=0 moves=2 passes=0 out=0 choose-out=no result=-")
"""Seat 0 filled its card and went out; seat 1 to move."""


@pytest.mark.parametrize(
    ("old", "new", "field", "message"),
    [
        ("out=0", "out=0,2", "out", "seats 0 and 2 are partners: only one of them may go out"),
        ("turn=1", "turn=0", "turn", "seat 0 is out of the game: it takes no more turns"),
        ("trays=Y9,R10,B10 hands=-/", "trays=Y8,R10,B10 hands=Y1/", "out", "seat 0 went out with an empty hand"),
    ],
)
def test_going_out_as_the_partnership_rules_allow(old: str, new: str, field: str, message: str) -> None:
    read(partnership(), PARTNERS)
    assert old in PARTNERS
    with pytest.raises(PositionError, match=message) as caught:
        from_position(partnership(), PARTNERS.replace(old, new))
    assert caught.value.field == field and caught.value.rule


def test_a_partner_with_marbles_may_not_choose_to_go_out() -> None:
    text = PARTNERS.replace("out=0 ", "out=- ").replace("choose-out=no", "choose-out=yes")
    text = text.replace("trays=Y9,R10,B10 hands=-/-", "trays=Y9,R9,B10 hands=-/R1")
    with pytest.raises(PositionError, match="seat 1 may go out only on ending a turn with an empty hand") as caught:
        from_position(partnership(), text)
    assert caught.value.field == "choose-out"


def test_forfeits_as_expert_two_allows() -> None:
    ruleset = row_of_gates(2, players=(3, 3), out_of_marbles=OutOfMarbles.FORFEIT)
    text = "avalanche players=3 turn=2 gates=L,L trays=Y10,R10,B9 hands=-/-/B1 drops=0 moves=4 passes=0 forfeited=1 result=-"
    state = read(ruleset, text)
    assert state.forfeited == [False, True, False] and state.position() == text
    for old, new, message in [
        ("turn=2", "turn=1", "seat 1 is out of the game"),
        ("forfeited=1", "forfeited=0,1", "only one player has not forfeited: the game is over"),
        ("trays=Y10,R10,B9 hands=-/-/B1", "trays=Y10,R10,B9 hands=-/B1/-", "seat 1 forfeited with an empty hand"),
    ]:
        with pytest.raises(PositionError, match=message) as caught:
            from_position(ruleset, text.replace(old, new))
        assert caught.value.rule, message


RANDOM_SET_UP = rules({"G1": ("random", "out", "out"), "G2": ("left", "out", "out")}, ["G1:left", "G2:left", "out"],
                      cards={"P0": "Y", "P1": "B", "P2": "R"}, deal=None)
"""G1 is set at random, G2 starts tilted left; the cards are dealt at random."""
DEAL = "avalanche players=2 turn=chance gates=?,L trays=Y10,R10,B10 hands=-/- cards=-/- drops=0 moves=0 passes=0 result=-"


@pytest.mark.parametrize(
    ("old", "new", "field", "message"),
    [
        ("gates=?,L", "gates=L,L", "gates", "gate G1 is set at random by the set-up still to come: write \\?"),
        ("gates=?,L", "gates=?,R", "gates", "the set-up comes before the first move: gate G2 starts tilted left"),
        ("gates=?,L trays=Y10", "gates=?,LY trays=Y9", "gates", "gate G2 starts tilted left, holding no marble"),
        ("moves=0", "moves=1", "moves", "the set-up comes before the first move: no move is played yet"),
        ("trays=Y10,R10,B10 hands=-/-", "trays=Y9,R10,B10 hands=Y1/-", "hands", "the hands are the rules' start hands"),
        ("cards=-/-", "cards=P0:./-", "cards", "the deal is still to come"),
        ("trays=Y10,R10,B10 hands=-/- cards=-/-", "trays=Y9,R10,B10 hands=-/- cards=P0:Y/P1:.", "cards", "the set-up comes before the first move: no marble is on a card"),
        ("result=-", "result=draw::agreed", "turn", "a finished game has no chance step to come"),
    ],
)
def test_the_set_up_comes_first(old: str, new: str, field: str, message: str) -> None:
    assert read(RANDOM_SET_UP, DEAL).phase is Phase.DEAL
    assert read(RANDOM_SET_UP, DEAL.replace("cards=-/-", "cards=P2:./P0:.")).phase is Phase.GATES
    with pytest.raises(PositionError, match=message) as caught:
        from_position(RANDOM_SET_UP, DEAL.replace(old, new))
    assert caught.value.field == field and caught.value.rule


def test_after_the_set_up_no_gate_waits_to_be_set() -> None:
    with pytest.raises(PositionError, match="gate G1 is set at random at the start: after the set-up it tilts L or R") as caught:
        from_position(RANDOM_SET_UP, DEAL.replace("turn=chance", "turn=0").replace("cards=-/-", "cards=P2:./P0:."))
    assert caught.value.field == "gates" and caught.value.rule


def test_beginners_hold_no_marbles() -> None:
    ruleset = load_with_source("avalanche/beginners").rules
    state = started(ruleset, 2, "deal C1 C2", "gates " + "L" * 15)
    text = state.position().replace("trays=Y20,R20,B20 hands=-/-", "trays=Y19,R20,B20 hands=Y1/-")
    with pytest.raises(PositionError, match="fallen marbles that fit no card go back to the trays") as caught:
        from_position(ruleset, text)
    assert caught.value.field == "hands" and caught.value.rule


def test_a_card_too_many_in_the_standard_game() -> None:
    ruleset = load_with_source("avalanche/standard").rules
    state = started(ruleset, 2, "deal C1 C2", "gates " + "L" * 15)
    text = state.position().replace("cards=C1:.........", "cards=C1:.........,C3:.........")
    with pytest.raises(PositionError, match="seat 0 holds 2 cards: these rules deal 1 card to each player") as caught:
        from_position(ruleset, text)
    assert caught.value.field == "cards" and caught.value.rule
