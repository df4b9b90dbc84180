"""The window's computer player and hint play on from a game's start position (a review: a game
set up from a position stalled at its first computer move, or the computer chose a move of the
rules' own start; a hint said "there is no player to move")."""

from __future__ import annotations

from marblestudio import rulesets
from marblestudio.agents.tasks import computer_move, hint_move
from marblestudio.engine import from_position

KALAH = "mancala players=2 turn=0 houses=0,0,1,4,3,9/1,2,0,2,0,1 stores=20/5 moves=14 result=-"
STAY_ALIVE = ("stay-alive players=2 phase=sliding turn=0 slides=20112220020012 marbles=e3,g3,g5,g6,d7/a5,a6,e6 hand=0/0 "
              "fallen=0/2 last=R7 streak=1 own-last=R7/R7 own-streak=1/1 moves=13 result=-")


def test_the_computer_moves_in_the_position_the_game_started_from() -> None:
    rules = rulesets.load("mancala/kalah")
    legal = {str(m) for m in from_position(rules, KALAH).legal_moves()}  # South sows c, d, e or f
    for seed in range(4):
        assert computer_move(rules, 2, [], "easy", seed, KALAH) in legal
    after = from_position(rules, KALAH)
    first = sorted(legal)[0]
    after.apply(after.parse_move(first))
    assert computer_move(rules, 2, [first], "easy", 1, KALAH) in {str(m) for m in after.legal_moves()}


def test_a_hint_reads_the_position_the_game_started_from() -> None:
    rules = rulesets.load("stay-alive/standard")
    move, note = hint_move(rules, 2, [], 3, spec="mcts:50", time_limit=5.0, start=STAY_ALIVE)
    assert move in {str(m) for m in from_position(rules, STAY_ALIVE).legal_moves()} and "expected result" in note


def test_a_hints_expected_result_with_four_players_is_a_share_of_one() -> None:
    # As the analysis says it: four even ALIVE seats share a win, about 25% each; the search's own
    # values, 1/2 plus half a lead, read about 50% (the note said so before)
    import re

    import random

    from marblestudio.engine import new_game

    rules = rulesets.load("alive/standard")
    state = new_game(rules, 4)
    deal = str(state.sample_chance(random.Random(4)))
    _, note = hint_move(rules, 4, [deal], 2, spec="mcts:200", time_limit=5.0)
    found = re.search(r"expected result (\d+)%", note)
    assert found is not None and 10 <= int(found.group(1)) <= 45, note
