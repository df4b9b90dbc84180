"""Match play's `start: loser`, `start: winner` and `points: score`: who starts each game and
the standings of short matches, worked out by hand from the events and scores each game gives
(places as in tests/engine/test_match.py: winners first, then the later out the better)."""

from __future__ import annotations

import pytest

from marblestudio.engine.core import TURN_OVER, Event, Outcome, Termination
from marblestudio.engine.match import Match, MatchRules, MatchStart, seating, starter
from marblestudio.engine.stay_alive.events import StayAliveEvent


def win(*seats: int) -> Outcome:
    return Outcome(Termination.WIN, seats, "test")


DRAW = Outcome(Termination.DRAW, (), "test")


def out(seat: int) -> list[Event]:
    """The events of a move on which `seat` went out."""
    return [Event.of(StayAliveEvent.PLAYER_OUT, seat=seat), Event.of(TURN_OVER, seat=seat)]


# start: loser --------------------------------------------------------------------------------
def test_the_last_placed_player_starts_the_next_game_and_a_draw_passes_the_start_on() -> None:
    match = Match(MatchRules(rounds=4, points=(3, 1, 0), start=MatchStart.LOSER), 3)
    assert match.seating() == (0, 1, 2)  # player 0 starts the first game
    # Game 1: seat 2 (player 2) out first, then seat 1; seat 0 wins: player 2 is last.
    match = match.add(win(0), [out(2), out(1)])
    assert match.games[-1].places == (1, 2, 3) and match.games[-1].points == (3, 1, 0)
    assert match.seating() == (2, 0, 1)  # player 2 starts; the players keep their order round the table
    # Game 2: seat 1 (player 0) out first, then seat 2 (player 1); seat 0 (player 2) wins: player 0 is last.
    match = match.add(win(0), [out(1), out(2)])
    assert match.games[-1].places == (3, 2, 1) and match.games[-1].points == (0, 1, 3)
    assert match.seating() == (0, 1, 2)  # player 0 starts game 3
    # Game 3: a draw with nobody out: all three share first (and last) place: the start moves on
    # one player from game 3's starter (player 0), as with rotate.
    match = match.add(DRAW, [])
    assert match.games[-1].points == (3, 3, 3)
    assert match.seating() == (1, 2, 0)
    # Game 4: seat 0 (player 1) out first, then seat 2 (player 0); seat 1 (player 2) wins.
    match = match.add(win(1), [out(0), out(2)])
    assert match.games[-1].places == (2, 3, 1) and match.games[-1].points == (1, 0, 3)
    assert [g.seating for g in match.games] == [(0, 1, 2), (2, 0, 1), (0, 1, 2), (1, 2, 0)]
    assert match.scores == (7, 5, 9) and match.is_over and match.winners == (2,)


def test_a_shared_last_place_passes_the_start_on_as_rotate_does() -> None:
    # A family without out events (Mancala, Archimedes): everyone but the winner ties for second.
    rules = MatchRules(rounds=3, start=MatchStart.LOSER)
    match = Match(rules, 3).add(win(1), [])
    assert match.games[0].places == (2, 1, 2)
    assert match.seating() == (1, 2, 0)  # players 0 and 2 share last place: player 1 starts, as rotate
    match = match.add(win(2), [])  # seat 2 is player 0: players 1 and 2 share last place
    assert match.seating() == (2, 0, 1)  # the start moves on from player 1 to player 2
    assert [seating(MatchRules(rounds=3, start=MatchStart.ROTATE), 3, k) for k in range(3)] == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]


def test_a_two_player_match_gives_the_loser_of_each_game_the_start() -> None:
    match = Match(MatchRules(rounds=3, start=MatchStart.LOSER), 2)
    match = match.add(win(0), [])  # player 0 wins: player 1 starts game 2
    assert match.seating() == (1, 0)
    match = match.add(win(0), [])  # player 1 (seat 0) wins again: player 0 starts game 3
    assert match.seating() == (0, 1)
    assert match.seats_of(["human", "hard"]) == ["human", "hard"]


# start: winner -------------------------------------------------------------------------------
def test_the_winner_starts_the_next_game_and_a_draw_passes_the_start_on() -> None:
    match = Match(MatchRules(rounds=4, points=(1,), start=MatchStart.WINNER), 2)
    match = match.add(win(1), [])  # seat 1 = player 1 wins game 1
    assert match.seating() == (1, 0)
    match = match.add(win(1), [])  # seat 1 = player 0 wins game 2
    assert match.seating() == (0, 1)
    match = match.add(DRAW, [])  # both share the win: the start moves on from player 0 to player 1
    assert match.seating() == (1, 0)
    match = match.add(win(0), [])  # seat 0 = player 1 wins game 4
    assert [g.seating for g in match.games] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    # points [1]: a win scores 1, and a draw gives both players first place's point
    assert match.scores == (2, 3) and match.winners == (1,)


def test_team_mates_who_win_together_pass_the_start_on() -> None:
    rules = MatchRules(rounds=2, start=MatchStart.WINNER)
    match = Match(rules, 4).add(win(0, 2), [out(1)])
    assert match.games[0].places == (1, 4, 1, 3)
    assert match.seating() == (1, 2, 3, 0)


def test_loser_or_winner_seating_needs_the_game_before() -> None:
    rules = MatchRules(rounds=3, start=MatchStart.LOSER)
    assert seating(rules, 3, 0) == (0, 1, 2)  # the first game needs none
    with pytest.raises(ValueError, match="with start: loser, who starts game 2 depends on game 1"):
        seating(rules, 3, 1)
    previous = Match(rules, 3).add(win(0), [out(1), out(2)]).games[0]  # seat 1 out first: player 1 last
    assert starter(rules, 3, 1, previous) == 1


def test_describe_names_the_new_starts_and_points_by_score() -> None:
    assert MatchRules(rounds=5, points=(3, 1, 0), start=MatchStart.LOSER).describe() == "5 games, points 3/1/0, the loser starting"
    assert MatchRules(to=4, start=MatchStart.WINNER).describe() == "first to 4, points 1, the winner starting"
    assert MatchRules(rounds=3, points=(), by_score=True).describe() == "3 games, points by the rules' score"


# points: score -------------------------------------------------------------------------------
BY_SCORE = MatchRules(rounds=3, points=(), by_score=True)


def test_points_by_score_give_each_player_its_seats_rule_score() -> None:
    match = Match(MatchRules(rounds=3, points=(), start=MatchStart.ROTATE, by_score=True), 2)
    match = match.add(win(0), [], scores=(5, 2))  # seats (0, 1) = players (0, 1)
    assert match.games[-1].points == (5, 2)
    match = match.add(win(1), [], scores=(4, 7))  # seats (0, 1) = players (1, 0): player 0 scores 7
    assert match.games[-1].points == (7, 4) and match.games[-1].places == (1, 2)
    match = match.add(win(1), [], scores=(0, 3))  # the winner by place is player 1, but points are the score
    assert match.scores == (12, 9) and match.is_over and match.winners == (0,)


def test_points_by_score_may_be_negative_and_end_a_match_played_to_a_score() -> None:
    rules = MatchRules(to=10, points=(), by_score=True)
    match = Match(rules, 3).add(DRAW, [], scores=[-2, 4, 0])
    assert match.scores == (-2, 4, 0) and not match.is_over
    match = match.add(DRAW, [], scores=[1, 6, 9])
    assert match.scores == (-1, 10, 9) and match.is_over and match.winners == (1,)


def test_points_by_score_need_the_scores() -> None:
    with pytest.raises(ValueError, match="'points: score'.*rule_scores"):
        Match(BY_SCORE, 2).add(win(0), [])
    with pytest.raises(ValueError, match="2 numbers"):
        Match(BY_SCORE, 2).add(win(0), [], scores=(1, 2, 3))
    # a match by place ignores scores given to it
    assert Match(MatchRules(rounds=1, points=(3, 1)), 2).add(win(1), [], scores=(9, 0)).scores == (1, 3)


def test_the_loser_by_place_starts_even_when_the_score_favours_it() -> None:
    # points: score with start: loser: who starts follows the finishing place, not the points
    match = Match(MatchRules(rounds=2, points=(), start=MatchStart.LOSER, by_score=True), 2)
    match = match.add(win(0), [], scores=(0, 9))  # player 1 lost the game but scored 9
    assert match.scores == (0, 9) and match.seating() == (1, 0)
