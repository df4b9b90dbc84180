"""Audit of GAMES.md section 3 and the rulebook (A-D, #1-#4) against the tests
(docs/rule-tests.md): rules found without a test of their own, each worked out by hand.

Hand boards are helpers.row_of_gates: holes 1..n lead to the catching (left) side of their own
gate G1..Gn, tilted left, whose sides lead out; hole n+1 is a chute straight to the tray.  So a
marble lodges in an empty gate's hole, a second one in the same hole makes both fall (striker
first), and a marble in the chute falls at once.
"""

from __future__ import annotations

import random
from collections import Counter

from marblestudio.engine import new_game
from marblestudio.engine.avalanche.cascade import EMPTY
from marblestudio.engine.avalanche.rules import Goal, GoingOut, OutOfMarbles, Passing, Unmatched
from marblestudio.engine.core import CHANCE
from marblestudio.engine.rules import Teams
from marblestudio.rulesets import load

from .helpers import give, hand, kinds, play, row_of_gates, started

EXPERT_2 = dict(cards_per_player=0, draw_from_trays=False, goal=Goal.ONE_COLOUR, goal_count=5,
                out_of_marbles=OutOfMarbles.FORFEIT, passing=Passing.WHEN_NOTHING_CAN_FALL)


def test_sixty_marbles_twenty_of_each_of_three_colours() -> None:
    # [fact] 60 marbles in 3 colours (20 each; yellow, red, blue).
    family = load("avalanche/standard").family
    assert [(c.name, c.count) for c in family.colours] == [("yellow", 20), ("red", 20), ("blue", 20)]


def test_six_cards_of_nine_holes_each_in_one_of_the_three_colours_no_two_alike() -> None:
    # [fact] 6 square cards with 9 holes (3 x 3), each hole coloured in one of the 3 colours,
    # no two cards alike.
    family = load("avalanche/standard").family
    colours = {c.name for c in family.colours}
    assert len(family.cards) == 6
    assert all(len(card.holes) == 9 and set(card.holes) <= colours for card in family.cards)
    assert len({card.holes for card in family.cards}) == 6


def test_game_starts_with_an_empty_board_and_every_gate_set_at_random() -> None:
    # [book] "No marbles should be on the board at the start"; "the swinging gates ... set at
    # random, each tilted completely to its left or its right". The bundled board has 15 gates,
    # all random: "gates" + 15 letters L/R sets each gate to that side.
    state = new_game(load("avalanche/standard"), 2)
    play(state, "deal C1 C2")
    assert state.to_move == CHANCE and len(state.random_gates) == 15
    play(state, "gates " + "LR" * 7 + "L")
    assert state.tilt == [0, 1] * 7 + [0]
    assert state.counts()["board"] == 0 and state.held == [EMPTY] * 15


def test_beginners_matching_colour_with_no_empty_hole_left_is_returned() -> None:
    # [book] A: "He selects marbles ... which will match the colors on his card, and places
    # those marbles in the correct holes. Each of the remaining marbles is returned to the
    # tray." Card C1 is Y R. Seat 0: Y5 falls down the chute onto C1's yellow hole (yellow tray
    # 10 -> 9). Seat 1 (card BB): B5, blue onto its card. Seat 0: Y5 again: its yellow hole is
    # full, so that yellow goes back: the yellow tray stays at 9, seat 0 holds nothing.
    state = started(row_of_gates(4, cards={"C1": "YR", "C2": "BB"}, unmatched=Unmatched.RETURN))
    play(state, "Y5", "B5")
    events = play(state, "Y5")
    assert [e["colours"] for e in events if e.kind == "marbles_returned"] == [("yellow",)]
    assert not [e for e in events if e.kind == "marble_on_card"]
    assert state.trays == [9, 10, 9] and not hand(state, 0) and state.to_move == 1


def test_two_cards_with_three_players_each_player_gets_two_different_cards() -> None:
    # [book] #4: "When two or three persons are playing, each may use two cards." Three
    # players x 2 = 6 cards: all six of the box, each dealt once.
    state = new_game(load("avalanche/two-cards"), 3)
    state.apply(state.sample_chance(random.Random(11)))
    dealt = state.public_view().cards
    assert [len(cards) for cards in dealt] == [2, 2, 2]
    ids = Counter(card.id for cards in dealt for card in cards)
    assert len(ids) == 6


def test_partner_left_in_is_responsible_for_the_empty_holes_of_the_partner_who_went_out() -> None:
    # [book] #4: "One partner may go out ... the other partner is then responsible for any
    # empty holes on either of the two partnership cards." Cards in seat order: P0 YY, P1 B,
    # P2 R, P3 B; partners 0+2 and 1+3. Seat 0: Y5 (one yellow on P0), nothing in hand: out.
    # Seats 1..3 drop down the chute; seat 2's red fills P2. Seat 1 again. Seat 2 then drops a
    # yellow down the chute: P2 wants no yellow, so it goes on P0's empty hole, filling both
    # partnership cards with nothing in either hand: partners 0 and 2 win.
    rules = row_of_gates(4, cards={"P0": "YY", "P1": "B", "P2": "R", "P3": "B"}, players=(4, 4),
                         teams=Teams(2), partnership=True, going_out=GoingOut.CHOICE)
    state = started(rules, 4)
    play(state, "Y5", "out")
    play(state, "Y5")  # seat 1: yellow held (no yellow hole on P1 or P3)
    play(state, "R5")  # seat 2: red onto P2; seat 2 may not go out too (its partner is out)
    play(state, "R5")  # seat 3: red held
    assert state.to_move == 1
    play(state, "Y1")  # seat 1 drops its held yellow; it lodges in G1, hand empty
    play(state, "B1")  # blue strikes G1: blue and yellow fall; blue on P1, yellow held
    assert state.to_move == 2 and state.outcome() is None
    events = play(state, "Y5")
    assert [(e["card"], e["hole"]) for e in events if e.kind == "marble_on_card"] == [("P0", 2)]
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0, 2)


def test_expert2_more_than_five_of_one_colour_also_wins() -> None:
    # [book] D: "at least five marbles of one color and no marbles of any other color". Seat 0
    # holds 6 yellow and 1 red: R1 lodges in G1 (no fall, turn goes on); Y4 falls down the chute
    # and is taken back: the turn ends with 6 yellow and nothing else: a win.
    state = started(row_of_gates(3, **EXPERT_2))
    give(state, 0, yellow=6, red=1)
    give(state, 1, blue=2)
    play(state, "R1")
    assert state.outcome() is None
    events = play(state, "Y4")
    assert kinds(events)[-1] == "game_over"
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)


def test_two_to_six_players_two_cards_for_two_or_three_partners_for_four() -> None:
    # [book] "For 2 to 6 players"; #4: two cards each "when two or three persons are playing";
    # partnership "when 4 persons are playing", two partnerships.
    seats = {name: load(f"avalanche/{name}") for name in ("standard", "two-cards", "partnership")}
    assert (seats["standard"].players.min, seats["standard"].players.max) == (2, 6)
    assert (seats["two-cards"].players.min, seats["two-cards"].players.max) == (2, 3)
    assert (seats["partnership"].players.min, seats["partnership"].players.max) == (4, 4)
    assert seats["partnership"].teams is not None and seats["partnership"].teams.count == 2


def test_each_random_gate_is_drawn_left_or_right_over_many_games() -> None:
    # [book] "the swinging gates ... should be set at random, but each gate must be tilted
    # completely to its left or its right". In 100 seeded set-ups a gate keeps one side every
    # time with chance 2 * 2^-100: every gate of the bundled board shows both sides.
    seen: list[set[int]] = [set() for _ in range(15)]
    for seed in range(100):
        state = new_game(load("avalanche/standard"), 2)
        rng = random.Random(seed)
        while state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
        for gate, tilt in enumerate(state.tilt):
            seen[gate].add(tilt)
    assert all(found == {0, 1} for found in seen)  # 0 left, 1 right: never upright
