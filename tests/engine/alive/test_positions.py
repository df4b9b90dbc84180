"""ALIVE positions (docs/notation.md, ALIVE "Positions"), worked out by hand on an 11-card deck.

The deck SMALL: two each of 0, 1, 3 and DRAW1, and one each of 4, =21 and SKIP.  Every position
below accounts for all 11 cards (hands + deck + discard pile), as a real table does.  The story
of the first tests: seat 1 to play on a total of 7, the deck holding 3 (top) then DRAW1.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from marblestudio import rulesets
from marblestudio.engine import PositionError, from_position, new_game
from marblestudio.engine.alive import AliveState, CardKind, WildEffect
from marblestudio.engine.alive.position import cards_text
from marblestudio.engine.alive.rules import DrawAnswer, EmptyDeck, GameEnd
from marblestudio.engine.core import CHANCE, Outcome, Termination

from .helpers import play, rules

SMALL_DECK = (
    CardKind("0", 2, "0", value=0),
    CardKind("1", 2, "1", value=1),
    CardKind("3", 2, "3", value=3),
    CardKind("4", 1, "4", value=4),
    CardKind("=21", 1, "=21", effect=WildEffect.SET_TOTAL, total=21),
    CardKind("SKIP", 1, "SKIP", effect=WildEffect.SKIP),
    CardKind("DRAW1", 2, "DRAW 1", effect=WildEffect.DRAW, amount=1),
)
SMALL = rules(deck=SMALL_DECK)
HOUSE_RULES = Path(__file__).resolve().parents[3] / "examples" / "house-rules"

PLAYING = ("alive players=3 phase=play turn=1 dealer=2 hand-number=0 total=7 direction=1 lives=5/4/5 "
           "hands=0,=21/1*2,SKIP/0,DRAW1 deck=3,DRAW1 discard=3,4 moves=2 result=-")
"""Seat 1 to play on a total of 7 (the pile: 3, then 4 on top); seat 1 has lost a life before."""


def with_fields(text: str, **values: str) -> str:
    """`text` with fields replaced (`hand_number` for `hand-number`) or added at the end."""
    changes = {name.replace("_", "-"): value for name, value in values.items()}
    parts = []
    for part in text.split():
        name = part.partition("=")[0]
        if name in changes:
            value = changes.pop(name)
            if value:
                parts.append(f"{name}={value}")
        else:
            parts.append(part)
    return " ".join(parts + [f"{name}={value}" for name, value in changes.items() if value])


# Writing and reading by hand ----------------------------------------------------------------
def test_a_new_game_waits_for_the_deal_with_the_whole_deck_in_kind_order() -> None:
    """The last seat deals, nobody holds a card, every card of alive/standard is in the deck."""
    state = new_game(rulesets.load("alive/standard"), 4)
    assert state.position() == (
        "alive players=4 phase=deal turn=chance dealer=3 hand-number=0 total=0 direction=1 lives=5/5/5/5 "
        "hands=-/-/-/- deck=0*8,1*8,2*8,3*8,4*8,5*4,6*2,7,=21*5,=10*2,=0*3,DRAW1*2,DRAW2*2,PASS*4,"
        "REVERSE*4,SKIP*6,REDEAL,BOMB discard=- moves=0 result=-"
    )


def test_a_position_written_by_hand_reads_into_the_table_it_describes() -> None:
    state = from_position(SMALL, PLAYING)
    expected = AliveState.from_hands(
        SMALL, [["0", "=21"], ["1", "1", "SKIP"], ["0", "DRAW1"]], deck=["3", "DRAW1"], discard=["3", "4"],
        total=7, current=1, dealer=2, lives=[5, 4, 5],
    )
    expected.table.moves_made = 2
    assert isinstance(state, AliveState)
    assert state.table == expected.table
    assert state.position() == PLAYING


def test_the_game_goes_on_from_a_position_as_the_rules_say() -> None:
    """Seat 1 SKIPs seat 2; seat 0 plays =21; seat 1 (1, 1) cannot play on 21 and flips a life
    card; the total is 0 again and seat 2 plays."""
    state = from_position(SMALL, PLAYING)
    assert sorted(str(m) for m in state.legal_moves()) == ["play 1", "play SKIP"]
    play(state, "play SKIP")
    play(state, "play =21")
    assert [str(m) for m in state.legal_moves()] == ["flip"]
    play(state, "flip")
    assert state.position() == with_fields(PLAYING, turn="2", total="0", lives="5/3/5", hands="0/1*2/0,DRAW1",
                                           discard="3,4,SKIP,=21", moves="5")


def test_the_deck_is_written_top_card_first() -> None:
    """Seat 2 plays DRAW1: seat 0, the next player, draws the top card (3), seat 1 the DRAW1 under it."""
    state = from_position(SMALL, with_fields(PLAYING, turn="2", total="0", lives="5/3/5", hands="0/1*2/0,DRAW1",
                                             discard="3,4,SKIP,=21", moves="5"))
    play(state, "play DRAW1")
    assert state.position() == with_fields(PLAYING, turn="0", total="0", lives="5/3/5", hands="0,3/1*2,DRAW1/0",
                                           deck="-", discard="3,4,SKIP,=21,DRAW1", moves="6")


RESHUFFLING = ("alive players=3 phase=reshuffle turn=chance next=2 dealer=2 hand-number=0 total=3 direction=1 "
               "lives=5/3/5 hands=0/1*2/0 deck=- discard=3,4,SKIP,=21,DRAW1,3,DRAW1 draws=2:1,0:1 moves=8 result=-")
"""From the last test: seat 0 played 3, seat 1 DRAW1 with the deck empty; seats 2 and 0 wait
for a card each, then seat 2 plays."""


def test_a_draw_from_an_empty_deck_waits_for_the_reshuffle() -> None:
    state = from_position(SMALL, with_fields(PLAYING, turn="0", total="0", lives="5/3/5", hands="0,3/1*2,DRAW1/0",
                                             deck="-", discard="3,4,SKIP,=21,DRAW1", moves="6"))
    play(state, "play 3")
    play(state, "play DRAW1")
    assert state.to_move == CHANCE
    assert state.position() == RESHUFFLING


def test_a_reshuffle_read_from_a_position_deals_the_waiting_draws_and_the_next_seat_plays() -> None:
    """The pile bar its top DRAW1 becomes the deck, 4 on top: seat 2 draws 4, seat 0 draws 3."""
    state = from_position(SMALL, RESHUFFLING)
    play(state, "reshuffle 4 3 3 SKIP =21 DRAW1")
    assert state.to_move == 2
    assert state.position() == with_fields(RESHUFFLING, phase="play", turn="2", next="", hands="0,3/1*2/0,4",
                                           deck="3,SKIP,=21,DRAW1", discard="DRAW1", draws="")


def test_a_finished_game_carries_its_result_with_the_reason_and_the_table_as_it_ended() -> None:
    """The shorter game: seat 2 flips its last life card and is out (its 3 is discarded); seats 0
    and 1 have 3 lives each, and seat 0's hand (0, =21: 0 points) beats seat 1's (1, 1: 2 points)."""
    short = rules(deck=SMALL_DECK, game_end=GameEnd.FIRST_PLAYER_OUT)
    text = ("alive players=3 phase=play turn=2 dealer=2 hand-number=0 total=21 direction=1 lives=3/3/1 "
            "hands=0,=21/1*2,SKIP/3 deck=DRAW1*2 discard=0,3,4 moves=9 result=-")
    state = from_position(short, text)
    play(state, "flip")
    reason = "a player has flipped all life cards: most lives left wins"
    assert state.outcome() == Outcome(Termination.WIN, (0,), reason)
    over = with_fields(text, phase="over", total="0", lives="3/3/0", hands="0,=21/1*2,SKIP/-", discard="0,3,4,3",
                       moves="10", result="win:0:a+player+has+flipped+all+life+cards%3A+most+lives+left+wins")
    assert state.position() == over
    again = from_position(short, over)
    assert again.outcome() == Outcome(Termination.WIN, (0,), reason) and again.legal_moves() == []
    with pytest.raises(PositionError, match=r"the rules end this game as result=win:0:") as caught:
        from_position(short, with_fields(over, result="win:1:a+player+has+flipped+all+life+cards%3A+most+lives+left+wins"))
    assert caught.value.field == "result" and caught.value.rule
    with pytest.raises(PositionError, match=r"missing: the game is over by the rules \(a player has flipped all"):
        from_position(short, with_fields(over, phase="play", turn="0", result="-"))


def test_team_play_writes_one_set_of_lives_per_team() -> None:
    """Teams sit alternately: seats 0 and 2 share team 0's lives, seats 1 and 3 team 1's.  Seat 0
    flips team 0's last life card: team 1 (seats 1 and 3) wins, and nobody discards a hand."""
    teams = rules(deck=SMALL_DECK, teams=True)
    text = ("alive players=4 phase=play turn=0 dealer=3 hand-number=0 total=21 direction=1 lives=1/2 "
            "hands=1,3/0/1,SKIP/0,DRAW1 deck=4,DRAW1,=21 discard=3 moves=4 result=-")
    state = from_position(teams, text)
    view = state.public_view()
    assert view.lives == (1, 2) and view.lives_of(2) == 1 and view.lives_of(3) == 2
    play(state, "flip")
    assert state.position() == with_fields(text, phase="over", total="0", lives="0/2", moves="5",
                                           result="win:1,3:a+team+has+flipped+all+its+life+cards")
    with pytest.raises(PositionError, match=r"4 values given for 2 teams \(team play: one set of life cards per team\)"):
        from_position(teams, with_fields(text, lives="1/2/1/2"))
    with pytest.raises(PositionError, match="team 1 has 6 life cards: in alive/standard each team has 5"):
        from_position(teams, with_fields(text, lives="1/6"))


def test_a_re_deal_keeps_the_handed_in_cards_and_their_player() -> None:
    """Seat 0 plays HAND IN & RE-DEAL: the three hands left (2 / 0 / 2) are handed in face down;
    the re-deal deals them from seat 1, and seat 1 plays first."""
    deck = (CardKind("0", 2, "0", value=0), CardKind("2", 2, "2", value=2),
            CardKind("REDEAL", 1, "HAND IN & RE-DEAL", effect=WildEffect.HAND_IN_REDEAL), CardKind("BOMB", 1, "BOMB", effect=WildEffect.BOMB))
    tiny = rules(deck=deck)
    text = ("alive players=3 phase=play turn=0 dealer=2 hand-number=0 total=0 direction=1 lives=5/5/5 "
            "hands=2,REDEAL/0/2 deck=BOMB discard=0 moves=0 result=-")
    state = from_position(tiny, text)
    play(state, "play REDEAL")
    redeal = ("alive players=3 phase=redeal turn=chance dealer=2 hand-number=0 total=0 direction=1 lives=5/5/5 "
              "hands=-/-/- deck=BOMB discard=0,REDEAL redealer=0 collected=0,2*2 moves=1 result=-")
    assert state.position() == redeal
    again = from_position(tiny, redeal)
    play(again, "redeal 2 0 2")
    assert again.to_move == 1
    assert again.position() == with_fields(redeal, phase="play", turn="1", hands="2/2/0", redealer="", collected="")
    one_move = rules(deck=deck, move_limit=1)
    capped = from_position(one_move, text)
    play(capped, "play REDEAL")  # the move limit of 1 ends the game before the re-deal; the cards stay handed in
    ended = with_fields(redeal, phase="over", turn="1", result="capped::the+move+limit+of+1+moves+was+reached")
    assert capped.position() == ended
    assert from_position(one_move, ended).outcome() == Outcome.capped(1)


def test_a_draw_waiting_for_an_answer_is_in_the_position() -> None:
    """Pass the draw on (a house rule): seat 0's DRAW1 waits on seat 1, who may answer with its
    DRAW1 or take it: then seat 1 draws the 3 and seat 2 waits for a reshuffle."""
    answers = rules(deck=SMALL_DECK, draw_answer=DrawAnswer(frozenset({"DRAW1"}), passes=True))
    text = ("alive players=3 phase=play turn=1 dealer=2 hand-number=0 total=7 direction=1 lives=5/5/5 "
            "hands=0,=21/1*2,DRAW1/0,SKIP deck=3 discard=3,4,DRAW1 answer=1:0 moves=3 result=-")
    state = from_position(answers, text)
    assert state.public_view().answering == 1 and state.public_view().answer_from == 0
    assert [str(m) for m in state.legal_moves()] == ["play DRAW1", "take"]
    play(state, "take")
    assert state.position() == ("alive players=3 phase=reshuffle turn=chance next=1 dealer=2 hand-number=0 total=7 "
                                "direction=1 lives=5/5/5 hands=0,=21/1*2,3,DRAW1/0,SKIP deck=- discard=3,4,DRAW1 "
                                "draws=2:1 moves=4 result=-")
    with pytest.raises(PositionError, match="a DRAW of seat 2 waits on the next player, seat 0, not on seat 1"):
        from_position(answers, with_fields(text, answer="1:2"))
    with pytest.raises(PositionError, match="no DRAW waits for an answer in alive/standard"):
        from_position(SMALL, text)


def test_left_out_fields_mean_a_fresh_table_and_a_left_out_deck_the_rest_in_kind_order() -> None:
    assert from_position(SMALL, "alive players=3 phase=deal turn=chance dealer=2").position() == new_game(SMALL, 3).position()
    state = from_position(SMALL, "alive players=2 phase=play turn=0 dealer=1 hands=4/0,=21 discard=SKIP")
    assert state.position() == ("alive players=2 phase=play turn=0 dealer=1 hand-number=0 total=0 direction=1 lives=5/5 "
                                "hands=4/0,=21 deck=0,1*2,3*2,DRAW1*2 discard=SKIP moves=0 result=-")


def test_fields_may_come_in_any_order_and_a_value_may_start_with_an_equals_sign() -> None:
    shuffled = " ".join(["alive", *reversed(PLAYING.split()[1:])])
    assert from_position(SMALL, shuffled).position() == PLAYING
    state = from_position(SMALL, with_fields(PLAYING, hands="0/1*2,SKIP/0,DRAW1", discard="=21,3,4"))
    assert " discard==21,3,4 " in state.position()
    assert state.public_view().discard == ("=21", "3", "4")


def test_a_kind_named_like_the_empty_list_is_written_with_its_count() -> None:
    odd = rules(deck=(CardKind("-", 2, "minus", value=1), CardKind("0", 1, "0", value=0)))
    assert cards_text(("-", "0"), [0]) == "-*1"
    state = from_position(odd, "alive players=2 phase=play turn=0 dealer=1 hands=-*1/-*1 deck=0")
    assert state.table.hands == [[1, 0], [1, 0]]
    assert " hands=-*1/-*1 deck=0 discard=- " in state.position()


# Refusals ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"hands": "0*2,=21/1*2,SKIP/0,DRAW1"}, "hands", "a card too many: the deck of alive/standard holds 2 x 0"),
        ({"hands": "0*999999999,=21/1*2,SKIP/0,DRAW1"}, "hands", "a card too many: the deck of alive/standard holds 2 x 0"),
        ({"discard": "3,4,4"}, "discard", "a card too many: the deck of alive/standard holds 1 x 4"),
        ({"deck": "3"}, "deck", "DRAW1 is nowhere: every card of the deck is in a hand, the deck, the discard pile"),
        ({"lives": "6/4/5"}, "lives", "seat 0 has 6 life cards: in alive/standard each player has 5"),
        ({"lives": "0/4/5"}, "hands", r"seat 0 is out of the game \(no life card left\) but holds cards"),
        ({"lives": "5/0/5", "hands": "0,=21/-/0,DRAW1", "discard": "1*2,SKIP,3,4"}, "turn",
         r"seat 1 is out of the game \(no life card left\): it has no turn"),
        ({"hands": "0,=21/1*2,SKIP/-", "discard": "3,4,0,DRAW1"}, "hands",
         "seat 2 holds no card while the hand is played: a player who has played their last card has gone out"),
        ({"lives": "5/0/0", "hands": "0,=21/-/-", "discard": "1*2,SKIP,0,DRAW1,3,4", "turn": "0"}, "result",
         r"missing: the game is over by the rules \(the last player with a face-up life card\): result=win:0:"),
        ({"result": "win:0:because"}, "result", r"a finished game \(phase=over\) has a result, and only it"),
        ({"phase": "over", "result": "win:0:because"}, "result", "the game is not over by the rules of alive/standard"),
        ({"total": "22"}, "total", "22: the running total never goes above the limit of 21"),
        ({"turn": "chance"}, "turn", "phase=play is not a chance step: turn is a seat"),
        ({"phase": "deal"}, "turn", "phase=deal is a chance step: turn=chance"),
        ({"phase": "deal", "turn": "chance"}, "hands", "before a deal every card is gathered into the deck"),
        ({"phase": "reshuffle", "turn": "chance", "next": "1", "draws": "2:1"}, "deck",
         "the discard pile is reshuffled only when the deck has run out"),
        ({"phase": "reshuffle", "turn": "chance", "next": "1", "deck": "-", "discard": "3,4,3,DRAW1"}, "draws",
         r"missing: a reshuffle is made for the cards still to draw"),
        ({"draws": "2:1"}, "draws", r"cards wait to be drawn only while the discard pile is reshuffled \(phase=reshuffle\)"),
        ({"redealer": "0"}, "redealer", "the cards handed in for a re-deal .* come together"),
        ({"collected": "3", "redealer": "0", "deck": "DRAW1"}, "collected", r"handed-in cards wait only until the re-deal"),
        ({"phase": "over", "result": "capped::the+move+limit+of+3000+moves+was+reached"}, "result",
         "the move limit ends a game at move 3000, not 2"),
        ({"moves": "3001"}, "moves", "3001 moves: the move limit of alive/standard ends the game at 3000"),
        ({"moves": "3000"}, "result", "missing: the move limit of 3000 moves ends the game: result=capped::the"),
    ],
)
def test_an_impossible_position_is_refused_with_the_rule_it_breaks(changes: dict[str, str], field: str, message: str) -> None:
    with pytest.raises(PositionError, match=message) as caught:
        from_position(SMALL, with_fields(PLAYING, **changes))
    assert caught.value.field == field and caught.value.rule


def test_a_reshuffle_under_rules_that_never_reshuffle_is_refused() -> None:
    forgetful = rules(deck=SMALL_DECK, empty_deck=EmptyDeck.DRAW_NOTHING)
    with pytest.raises(PositionError, match="never reshuffles: a draw from an empty deck is forgotten") as caught:
        from_position(forgetful, RESHUFFLING)
    assert caught.value.field == "phase" and caught.value.rule


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"hands": "0,=21/1*2,ZAP/0,DRAW1"}, "hands", r"'ZAP' is not a card of this deck \(its kinds: 0 1 3 4 =21 SKIP DRAW1\)"),
        ({"hands": "0,=21/1*0,SKIP/0,DRAW1"}, "hands", r"'1\*0': write at least one card of a kind"),
        ({"hands": "0,=21/1*x,SKIP/0,DRAW1"}, "hands", "'x' is not a number of 1 cards"),
        ({"hands": "0,=21/1*2,SKIP"}, "hands", "2 seats given for 3 players"),
        ({"lives": "5/4"}, "lives", "2 values given for 3 players"),
        ({"lives": "5/-1/5"}, "lives", "-1 is below 0"),
        ({"direction": "2"}, "direction", "'2' is none of 1, -1"),
        ({"phase": "shuffle"}, "phase", "'shuffle' is none of deal, play, redeal, reshuffle, over"),
        ({"dealer": "3"}, "dealer", "3 is above 2"),
        ({"dealer": ""}, "dealer", "missing"),
        ({"draws": "2"}, "draws", "'2' is not SEAT:CARDS"),
        ({"draws": "2:0"}, "draws", "a waiting draw is of at least one card"),
        ({"answer": "x:1"}, "answer", "'x' is not a whole number"),
        ({"next": "0"}, "next", r"only a reshuffle \(phase=reshuffle\) has a seat to play next"),
        ({"colour": "red"}, "colour", r"not a field of .*: answer, collected, dealer, deck, direction, discard, draws, hand-number, "
                                      "hands, lives, minus, moves, next, phase, players, redealer, result, total, turn"),
    ],
)
def test_text_that_is_not_an_alive_position_names_the_field(changes: dict[str, str], field: str, message: str) -> None:
    with pytest.raises(PositionError, match=message) as caught:
        from_position(SMALL, with_fields(PLAYING, **changes))
    assert caught.value.field == field and str(caught.value).startswith(f"position field '{field}': ")


# House rules (not bundled, so not in tests/engine/test_positions.py) ---------------------------
@pytest.mark.parametrize("name", ["alive-pass-the-draw", "alive-skip-draw-card", "alive-exact-limit", "alive-pass-the-skip",
                                  "alive-bomb-shelter"])
def test_house_rule_games_read_back_at_every_step_and_play_on_the_same(name: str) -> None:
    """Answers to a DRAW, a card of the rule pieces' own and a piece that takes lives, over a seeded game."""
    house = rulesets.load(str(HOUSE_RULES / f"{name}.yaml"))
    rng = random.Random(3)
    state = new_game(house, 4)
    steps = 0
    while state.outcome() is None and steps < 400:
        text = state.position()
        again = from_position(house, text)
        assert again.position() == text
        move = state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.legal_moves())
        assert [str(e) for e in again.apply(again.parse_move(str(move)))] == [str(e) for e in state.apply(move)]
        steps += 1
    assert from_position(house, state.position()).position() == state.position()
