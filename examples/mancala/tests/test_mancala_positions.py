"""Positions (docs/notation.md, "Positions"): one line of text, read back into the same game.

Each position here is written by hand from the docs and each game after it worked out by hand
from the rules (docs/rules.md); the round trip over seeded games checks every step of Kalah,
Oware and house rules mixing them, to every ending the family has.
"""

from __future__ import annotations

import random

import pytest

from marblestudio.engine import PositionError, from_position
from marblestudio.engine.core import Outcome, Termination, plain

from marblestudio_mancala.engine import KALAH, OWARE, Capture, EndRule, Feeding, Majority, MancalaState, Repetition, new_game
from mancala_helpers import board, bundled_game, bundled_rules, captured, kinds, play, ruleset, sown

KALAH_START = "mancala players=2 turn=0 houses=4,4,4,4,4,4/4,4,4,4,4,4 stores=0/0 moves=0 result=-"


def read(name: str, text: str) -> MancalaState:
    state = from_position(bundled_rules(name), text)
    assert isinstance(state, MancalaState)
    return state


# Writing ----------------------------------------------------------------------------------------
def test_a_new_game_is_the_seat_to_move_the_houses_the_stores_and_the_moves_played() -> None:
    state = bundled_game("kalah")
    assert state.position() == KALAH_START
    play(state, "d")  # d's four seeds: e, f, South's store, A
    assert state.position() == "mancala players=2 turn=1 houses=4,4,4,0,5,5/5,4,4,4,4,4 stores=1/0 moves=1 result=-"


def test_oware_remembers_the_positions_that_may_not_come_back() -> None:
    state = bundled_game("oware")
    assert state.position() == ("mancala players=2 turn=0 houses=4,4,4,4,4,4/4,4,4,4,4,4 stores=0/0 moves=0 "
                                "seen=4.4.4.4.4.4.4.4.4.4.4.4:0 result=-")
    play(state, "d")  # e, f, A, B: no capture, so the start is still remembered, sorted first
    assert state.position() == ("mancala players=2 turn=1 houses=4,4,4,0,5,5/5,5,4,4,4,4 stores=0/0 moves=1 "
                                "seen=4.4.4.0.5.5.5.5.4.4.4.4:1,4.4.4.4.4.4.4.4.4.4.4.4:0 result=-")


# Reading, and playing on ------------------------------------------------------------------------
def test_a_kalah_position_where_the_next_sowing_captures() -> None:
    text = "mancala players=2 turn=0 houses=3,0,2,0,5,1/2,1,4,6,0,3 stores=10/11 moves=20 result=-"
    state = read("kalah", text)
    assert board(state) == ([3, 0, 2, 0, 5, 1], [2, 1, 4, 6, 0, 3], (10, 11))
    assert state.to_move == 0 and state.moves_played == 20 and state.outcome() is None
    assert [str(m) for m in state.legal_moves()] == ["a", "c", "e", "f"]
    assert state.position() == text
    # a's three seeds: b, c, and the last into d, empty; d faces C (4 seeds): 1 + 4 go to South's store.
    events = play(state, "a")
    assert sown(events) == [("b", 1), ("c", 3), ("d", 1)]
    assert captured(events) == [("d", 1), ("C", 4)]
    assert state.position() == "mancala players=2 turn=1 houses=0,1,3,0,5,1/2,1,0,6,0,3 stores=15/11 moves=21 result=-"


def test_a_kalah_position_where_the_last_seed_in_the_store_gives_another_turn() -> None:
    state = read("kalah", "mancala players=2 turn=0 houses=3,0,2,0,5,1/2,1,4,6,0,3 stores=10/11 moves=20 result=-")
    events = play(state, "f")
    assert kinds(events)[-1] == "extra_turn"
    assert state.position() == "mancala players=2 turn=0 houses=3,0,2,0,5,0/2,1,4,6,0,3 stores=11/11 moves=21 result=-"


def test_the_oware_example_of_the_docs_ends_with_a_majority() -> None:
    state = read("oware", "mancala players=2 turn=0 houses=0,0,0,0,0,2/1,2,4,4,4,4 stores=20/7 moves=60 "
                          "seen=0.0.0.0.0.2.1.2.4.4.4.4:0 result=-")
    events = play(state, "f")  # A 2, B 3: B and A captured, 25 of 48 in South's store
    assert captured(events) == [("B", 3), ("A", 2)]
    assert state.outcome() == Outcome(Termination.WIN, (0,), "South has more than half of the seeds (25 of 48); South 25, North 7")
    assert state.position() == "mancala players=2 turn=0 houses=0,0,0,0,0,0/0,0,4,4,4,4 stores=25/7 moves=61 result=majority:0"


OWARE_CYCLE = "mancala players=2 turn=0 houses=0,0,0,0,0,1/0,0,0,0,0,1 stores=23/23 moves=80"
"""South's f and North's F hold a seed each: South sows f into A (no capture: A makes 1)."""


def test_a_seen_position_coming_back_ends_the_game() -> None:
    text = OWARE_CYCLE + " seen=0.0.0.0.0.0.1.0.0.0.0.1:1,0.0.0.0.0.1.0.0.0.0.0.1:0 result=-"
    state = read("oware", text)
    assert state.position() == text
    events = play(state, "f")
    # North to move with A and F (F feeds South's a), but that position was seen: each stores their own.
    assert kinds(events) == ["seeds_taken", "seed_sown", "turn_over", "seeds_collected", "seeds_collected", "game_over"]
    assert state.outcome() == Outcome(Termination.WIN, (1,), "the position repeated: each player stored the seeds on "
                                                              "their side; South 23, North 25")
    assert state.position() == "mancala players=2 turn=0 houses=0,0,0,0,0,0/0,0,0,0,0,0 stores=23/25 moves=81 result=repeated"


def test_without_seen_a_position_remembers_only_itself() -> None:
    state = read("oware", OWARE_CYCLE + " result=-")
    play(state, "f")
    assert state.outcome() is None and state.to_move == 1
    assert state.position() == ("mancala players=2 turn=1 houses=0,0,0,0,0,0/1,0,0,0,0,1 stores=23/23 moves=81 "
                                "seen=0.0.0.0.0.0.1.0.0.0.0.1:1,0.0.0.0.0.1.0.0.0.0.0.1:0 result=-")


@pytest.mark.parametrize(
    ("name", "text", "outcome"),
    [
        ("kalah", "turn=1 houses=0,0,0,0,0,0/0,0,0,0,0,0 stores=20/28 moves=40 result=empty:0",
         Outcome(Termination.WIN, (1,), "South has no seeds in their houses: each player stored the seeds on their side; "
                                        "South 20, North 28")),
        ("kalah", "turn=0 houses=0,0,0,0,0,0/0,0,0,0,0,0 stores=24/24 moves=33 result=empty:1",
         Outcome(Termination.DRAW, (), "North has no seeds in their houses: each player stored the seeds on their side; "
                                       "South 24, North 24: equal seeds, a draw")),
        ("kalah", "turn=1 houses=4,4,4,0,5,5/5,4,4,4,4,4 stores=1/0 moves=1000 result=limit",
         Outcome(Termination.CAPPED, (), "the move limit of 1000 moves was reached")),
        ("oware", "turn=0 houses=0,0,0,0,0,0/0,0,0,0,0,0 stores=22/26 moves=90 result=cannot-feed:0",
         Outcome(Termination.WIN, (1,), "South cannot give North seeds: each player stored the seeds on their side; "
                                        "South 22, North 26")),
        ("oware", "turn=1 houses=0,0,0,0,0,0/0,0,0,0,0,0 stores=24/24 moves=90 result=no-seeds:1",
         Outcome(Termination.DRAW, (), "North has no seeds to sow: each player stored the seeds on their side; "
                                       "South 24, North 24: equal seeds, a draw")),
    ],
)
def test_a_finished_game_gets_its_outcome_back_from_how_it_ended(name: str, text: str, outcome: Outcome) -> None:
    state = read(name, f"mancala players=2 {text}")
    assert state.outcome() == outcome
    assert state.legal_moves() == [] and state.public_view().to_move is None
    assert state.position() == f"mancala players=2 {text}"


def test_an_ending_of_a_house_rule_is_written_out() -> None:
    state = bundled_game("kalah")
    play(state, "c")  # c's four seeds: d, e, f, and the last into the store: South again
    state.end_by_rule(Outcome(Termination.WIN, (0,), "the house rule 'twenty in store'"), [])
    text = "mancala players=2 turn=0 houses=4,4,0,5,5,5/4,4,4,4,4,4 stores=1/0 moves=1 result=win:0:the+house+rule+'twenty+in+store'"
    assert state.position() == text
    assert read("kalah", text).outcome() == state.outcome()
    tie = read("kalah", "mancala players=2 turn=0 houses=4,4,0,5,5,5/4,4,4,4,4,4 stores=1/0 moves=1 "
                        "result=draw::half+%2F+half%2C+a+tie")
    assert tie.outcome() == Outcome(Termination.DRAW, (), "half / half, a tie")
    both = read("kalah", "mancala players=2 turn=0 houses=4,4,0,5,5,5/4,4,4,4,4,4 stores=1/0 moves=1 result=win:0,1:team")
    assert both.outcome() == Outcome(Termination.WIN, (0, 1), "team")


# Refused: not a position, or not one the rules can reach ---------------------------------------
def _with(text: str, **fields: str) -> str:
    parts = dict(part.split("=") for part in text.split()[1:])
    return " ".join(["mancala", *(f"{k}={v}" for k, v in {**parts, **fields}.items())])


OWARE_ON = "mancala players=2 turn=0 houses=4,4,4,4,4,4/4,4,4,4,4,4 stores=0/0 moves=0 result=-"


@pytest.mark.parametrize(
    ("name", "text", "field", "message"),
    [
        ("kalah", _with(KALAH_START, turn="2"), "turn", "there is no seat 2"),
        ("kalah", _with(KALAH_START, turn="chance"), "turn", "'chance' is not a seat number"),
        ("kalah", _with(KALAH_START, houses="4,4,x,4,4,4/4,4,4,4,4,4"), "houses", "'x' is not a number of seeds"),
        ("kalah", _with(KALAH_START, houses="-1,9,4,4,4,4/4,4,4,4,4,4"), "houses", "-1 is below 0"),
        ("kalah", _with(KALAH_START, houses="4,4,4,4,4,4"), "houses", "1 seat given for 2 players"),
        ("kalah", _with(KALAH_START, stores="0"), "stores", "1 seat given for 2 players"),
        ("kalah", KALAH_START.replace(" moves=0 result=-", ""), "moves", "missing"),
        ("kalah", _with(KALAH_START, moves="-1"), "moves", "-1 is below 0"),
        ("kalah", _with(KALAH_START, moves="1000", result="won"), "result", "'won' is none of -, majority, empty"),
        ("kalah", _with(KALAH_START, result="win::nobody"), "result", "write win:SEATS:REASON"),
        ("kalah", _with(KALAH_START, moves="1000", result="empty:7"), "result", "7 is above 1"),
        ("kalah", _with(KALAH_START, moves="1000", result="limit:0"), "result", "limit names no seat"),
        ("oware", _with(OWARE_ON, seen="4.4.4:0"), "seen", "'4.4.4:0' is not a position"),
        ("oware", _with(OWARE_ON, seen="4.4.4.4.4.4.4.4.4.4.4.4:0,4.4.4.4.4.4.4.4.4.4.4.4:0"), "seen", "given twice"),
        ("kalah", KALAH_START + " colour=red", "colour", "not a field of"),
    ],
)
def test_text_that_is_not_a_position_is_refused_naming_the_field(name: str, text: str, field: str, message: str) -> None:
    with pytest.raises(PositionError, match=message) as caught:
        read(name, text)
    assert caught.value.field == field and not caught.value.rule


@pytest.mark.parametrize(
    ("name", "text", "field", "message"),
    [
        ("kalah", _with(KALAH_START, players="3"), "players", "mancala/kalah is for 2 players, not 3"),
        ("kalah", _with(KALAH_START, houses="4,4,4,4,4/4,4,4,4,4,4,4"), "houses",
         "5 houses given for South, but this board has 6 a side"),
        ("kalah", _with(KALAH_START, houses="4,4,4,4,4,3/4,4,4,4,4,4"), "houses",
         "47 seeds in the houses and stores, but the game has 48 .6 houses a side with 4 each.: no seed is ever added"),
        ("kalah", _with(KALAH_START, houses="0,0,0,0,0,0/4,4,4,4,4,4", stores="24/0"), "houses",
         "South has no seeds in their houses, which ends the game .end: either-side-empty."),
        ("kalah", _with(KALAH_START, moves="1000"), "moves",
         "1000 moves played while the game goes on, but the move limit of 1000 ends it"),
        ("kalah", _with(KALAH_START, seen="4.4.4.4.4.4.4.4.4.4.4.4:0"), "seen",
         "these rules do not end a game on a repeated position"),
        ("oware", _with(OWARE_ON, houses="0,0,0,0,0,3/4,4,4,4,4,0", stores="25/0"), "stores",
         "South's store holds 25 of 48 seeds, more than half, which ends the game"),
        ("oware", _with(OWARE_ON, houses="0,0,0,0,0,0/4,4,4,4,4,4", stores="12/12"), "turn",
         "South is to move but has no seeds to sow, which ends the game .end: no-move."),
        ("oware", _with(OWARE_ON, turn="1", houses="0,0,0,0,0,0/1,1,0,0,0,0", stores="23/23"), "turn",
         "North is to move but cannot give South seeds"),
        ("oware", _with(OWARE_ON, seen="4.4.4.4.4.4.4.4.4.4.4.3:0"), "seen",
         "has 47 seeds in the houses, but there are 48 now"),
        ("kalah", _with(KALAH_START, houses="0,0,0,0,0,0/0,0,0,0,0,0", stores="25/23", result="majority:0"), "result",
         "majority: these rules have no such ending .it needs majority: ends-game."),
        ("oware", _with(OWARE_ON, houses="0,0,0,0,0,0/0,0,0,0,0,0", stores="24/24", result="majority:1"), "result",
         "North's store holds 24 of 48 seeds, not more than half"),
        ("kalah", _with(KALAH_START, result="empty:0"), "houses", "the houses must be empty"),
        ("kalah", _with(KALAH_START, moves="999", result="limit"), "moves",
         "the move limit of 1000 ended the game, but 999 moves were played"),
        ("oware", _with(OWARE_ON, houses="0,0,0,0,0,0/0,0,0,0,0,0", stores="23/25", result="repeated", seen="-"), "seen",
         "the game is over"),
    ],
)
def test_a_position_the_rules_cannot_reach_is_refused_naming_the_rule(name: str, text: str, field: str, message: str) -> None:
    with pytest.raises(PositionError, match=message) as caught:
        read(name, text)
    assert caught.value.field == field and caught.value.rule


# Round trips over seeded games ------------------------------------------------------------------
MIXES = {
    "kalah": bundled_rules("kalah"),
    "oware": bundled_rules("oware"),
    "small oware, a short limit": ruleset(OWARE, houses=3, seeds=2, move_limit=25),
    "kalah ending as oware": ruleset(KALAH, end=EndRule.NO_MOVE, feeding=Feeding.MUST_FEED, majority=Majority.ENDS_GAME,
                                     repetition=Repetition.ENDS_GAME),
    "oware without captures": ruleset(OWARE, capture=Capture.NONE, houses=2, seeds=2, move_limit=None),
    "kalah, empty capture, a short limit": ruleset(KALAH, houses=3, seeds=2, capture=Capture.KALAH_EMPTY_CAPTURE,
                                                   move_limit=12),
}


def test_every_step_of_seeded_games_reads_back_the_same_and_plays_on_the_same() -> None:
    endings: set[str] = set()
    for index, (label, rules) in enumerate(MIXES.items()):
        rng = random.Random(index)
        for game in range(20):
            state = new_game(rules, 2)
            while True:
                text = state.position()
                again = from_position(rules, text)
                assert again.position() == text, (label, game)
                assert again.outcome() == state.outcome() and plain(again.public_view()) == plain(state.public_view())
                assert [str(m) for m in again.legal_moves()] == [str(m) for m in state.legal_moves()]
                if rng.random() < 0.04:  # play on from here, the same moves on both
                    original, probe = state.copy(), random.Random(game)
                    while original.outcome() is None:
                        move = original.legal_moves()[probe.randrange(len(original.legal_moves()))]
                        assert [str(e) for e in again.apply(again.parse_move(str(move)))] == [str(e) for e in original.apply(move)]
                    assert again.position() == original.position()
                if state.outcome() is not None:
                    endings.add(text.partition(" result=")[2].partition(":")[0])
                    break
                legal = state.legal_moves()
                state.apply(legal[rng.randrange(len(legal))])
    assert endings == {"majority", "empty", "no-seeds", "cannot-feed", "repeated", "limit"}



def test_the_positions_in_the_docs_read_back_as_they_are_written() -> None:
    from marblestudio_mancala.family import FAMILY

    lines = [line.strip() for line in FAMILY.resource("notation").read_text().splitlines() if line.startswith("mancala ")]
    assert len(lines) == 5
    for line in lines:
        name = "oware" if "seen=" in line or "majority" in line else "kalah"  # only Oware remembers positions
        assert read(name, line).position() == line
