"""Match play (issue 16): finishing places, points by place, and a match's progress, worked out
by hand from the events a game gives."""

from __future__ import annotations

import pytest

from marblestudio.engine.alive.events import AliveEvent
from marblestudio.engine.avalanche.events import AvalancheEvent
from marblestudio.engine.core import TURN_OVER, Event, Outcome, Termination
from marblestudio.engine.match import MAX_ROUNDS, Match, MatchRules, MatchStart, places, round_seed, seating
from marblestudio.engine.stay_alive.events import StayAliveEvent

OUT = StayAliveEvent.PLAYER_OUT


def win(*seats: int) -> Outcome:
    return Outcome(Termination.WIN, seats, "test")


DRAW = Outcome(Termination.DRAW, (), "test")
CAPPED = Outcome(Termination.CAPPED, (), "the move limit of 10 moves was reached")


def out(seat: int, kind: StayAliveEvent | AliveEvent | AvalancheEvent = OUT) -> list[Event]:
    """The events of a move on which `seat` went out (with the turn's end around it)."""
    return [Event.of(kind, seat=seat), Event.of(TURN_OVER, seat=seat)]


QUIET = [Event.of(TURN_OVER, seat=0)]


# Finishing places ------------------------------------------------------------------------------
def test_winner_first_then_the_later_out_the_better() -> None:
    # 3-player Stay Alive: seat 2 went out first, then seat 1; seat 0 won.
    moves = [QUIET, out(2), QUIET, out(1)]
    assert places(win(0), moves, 3) == (1, 2, 3)
    rules = MatchRules(rounds=1, points=(3, 1, 0))
    assert [rules.points_of(p) for p in places(win(0), moves, 3)] == [3, 1, 0]


def test_players_out_on_the_same_move_tie_and_share_the_better_places_points() -> None:
    # 4 players: seat 3 out first; seats 1 and 2 out together on one move (a slide drops both).
    moves = [out(3), QUIET, out(1) + out(2)]
    assert places(win(0), moves, 4) == (1, 2, 2, 4)
    rules = MatchRules(rounds=1, points=(5, 3, 1, 0))
    assert [rules.points_of(p) for p in places(win(0), moves, 4)] == [5, 3, 3, 0]


def test_a_draw_ties_everyone_still_in_for_first_place() -> None:
    assert places(DRAW, [QUIET], 2) == (1, 1)
    assert [MatchRules(rounds=1, points=(3, 1, 0)).points_of(p) for p in places(DRAW, [], 2)] == [3, 3]


def test_a_capped_game_ranks_the_players_still_in_above_those_out() -> None:
    assert places(CAPPED, [out(1)], 3) == (1, 3, 1)


def test_players_who_did_not_win_but_were_not_out_come_before_those_out() -> None:
    # ALIVE's first-player-out: seat 1 lost its last life, seat 0 won on lives, seat 2 is second.
    assert places(win(0), [out(1, AliveEvent.ELIMINATED)], 3) == (1, 3, 2)


def test_team_winners_share_first_place() -> None:
    assert places(win(0, 2), [out(1)], 4) == (1, 4, 1, 3)


def test_an_avalanche_forfeit_is_going_out() -> None:
    assert places(win(2), [out(0, AvalancheEvent.FORFEITED), out(1, AvalancheEvent.FORFEITED)], 3) == (3, 2, 1)


def test_only_the_first_out_event_of_a_seat_counts() -> None:
    assert places(win(0), [out(1), out(2), out(1)], 3) == (1, 3, 2)


def test_a_family_without_out_events_ties_everyone_but_the_winners() -> None:
    assert places(win(1), [QUIET, QUIET], 3) == (2, 1, 2)


def test_places_beyond_the_points_list_score_nothing() -> None:
    rules = MatchRules(rounds=1, points=(2,))
    assert [rules.points_of(p) for p in (1, 2, 3)] == [2, 0, 0]


# A match's progress ----------------------------------------------------------------------------
def test_a_match_of_three_rounds_is_over_after_the_third_game() -> None:
    match = Match(MatchRules(rounds=3, points=(3, 1, 0)), 3)
    assert match.scores == (0, 0, 0) and not match.is_over and match.winners == ()
    match = match.add(win(0), [out(2), out(1)])  # 3, 1, 0
    match = match.add(win(1), [out(0), out(2)])  # 0, 3, 1
    assert match.scores == (3, 4, 1) and match.rounds_played == 2 and not match.is_over
    match = match.add(win(0), [out(1), out(2)])  # 3, 0, 1
    assert match.scores == (6, 4, 2) and match.is_over and match.winners == (0,)
    with pytest.raises(ValueError, match="the match is over"):
        match.add(win(0), [])


def test_a_match_to_a_score_ends_in_the_game_that_reaches_it() -> None:
    match = Match(MatchRules(to=5, points=(3, 1)), 2)
    match = match.add(win(0), [])
    assert match.scores == (3, 1) and not match.is_over
    match = match.add(win(1), [])
    assert match.scores == (4, 4) and not match.is_over
    match = match.add(win(1), [])
    assert match.scores == (5, 7) and match.is_over and match.winners == (1,)


def test_rounds_and_to_whichever_comes_first() -> None:
    early = Match(MatchRules(rounds=5, to=2), 2).add(win(0), []).add(win(0), [])
    assert early.is_over and early.rounds_played == 2 and early.winners == (0,)
    late = Match(MatchRules(rounds=2, to=10), 2).add(win(0), []).add(win(1), [])
    assert late.is_over and late.scores == (1, 1) and late.winners == (0, 1)  # a tied top score is shared


def test_a_match_ends_after_max_rounds_whatever_its_score() -> None:
    match = Match(MatchRules(to=10**6, points=(1,)), 2, ())
    for _ in range(MAX_ROUNDS):
        assert not match.is_over
        match = match.add(DRAW, [])  # a draw: both tied first, both score 1
    assert match.is_over and match.rounds_played == MAX_ROUNDS


def test_rotate_moves_the_players_on_one_seat_each_game() -> None:
    rules = MatchRules(rounds=4, start=MatchStart.ROTATE)
    assert [seating(rules, 3, k) for k in range(4)] == [(0, 1, 2), (1, 2, 0), (2, 0, 1), (0, 1, 2)]
    assert seating(MatchRules(rounds=4), 3, 2) == (0, 1, 2)
    match = Match(rules, 2).add(win(0), [])
    assert match.seats_of(["human", "medium"]) == ["medium", "human"]


def test_points_follow_the_player_not_the_seat() -> None:
    # Game 2 of a rotating match: player 1 sits in seat 0 and wins it.
    match = Match(MatchRules(rounds=2, points=(3, 1), start=MatchStart.ROTATE), 2)
    match = match.add(win(0), [])  # player 0 in seat 0 wins
    match = match.add(win(0), [])  # seat 0 is player 1 now
    assert match.games[1].seating == (1, 0)
    assert match.games[1].places == (2, 1) and match.games[1].points == (1, 3)
    assert match.scores == (4, 4) and match.winners == (0, 1)


def test_the_match_is_the_same_value_whoever_replays_it() -> None:
    def play() -> Match:
        match = Match(MatchRules(rounds=2, points=(2, 1)), 3)
        return match.add(win(1), [out(0)]).add(DRAW, [])

    assert play() == play() and hash(play()) == hash(play())


def test_round_seeds_are_fixed_by_the_match_seed() -> None:
    assert round_seed(41, 0) == 41
    seeds = [round_seed(41, k) for k in range(5)]
    assert seeds == [round_seed(41, k) for k in range(5)]
    assert len(set(seeds)) == 5 and seeds != [round_seed(42, k) for k in range(5)]


def test_describe_says_the_match_in_words() -> None:
    rules = MatchRules(rounds=3, to=5, points=(3, 1, 0), start=MatchStart.ROTATE)
    assert rules.describe() == "3 games, first to 5, points 3/1/0, the first seat rotating"
    assert MatchRules(rounds=1).describe() == "1 game, points 1"
