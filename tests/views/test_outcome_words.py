"""How the window says who won: a whole team by its name in team play, several players listed
with commas (a review found 'Red 1 and Red 2 and Red 3 win')."""

from __future__ import annotations

from marblestudio import rulesets
from marblestudio.engine.core import Outcome, Termination
from marblestudio.session import HUMAN, Session
from marblestudio.views.game_view import outcome_text


def _session(ref: str, players: int) -> Session:
    loaded = rulesets.load_with_source(ref)
    return Session.from_moves(loaded.rules, [HUMAN] * players, [], 1, loaded.resolved, ref)


def test_a_whole_team_wins_by_its_name() -> None:
    # alive/team-play: seats alternate Red 1, Blue 1, Red 2, Blue 2, Red 3, Blue 3
    session = _session("alive/team-play", 6)
    won = Outcome(Termination.WIN, (0, 2, 4), "a team has flipped all its life cards")
    assert outcome_text(session, won) == "Red team wins: a team has flipped all its life cards."
    assert outcome_text(_session("avalanche/partnership", 4), Outcome(Termination.WIN, (1, 3), "")) == "Green team wins."


def test_players_who_are_not_one_whole_team_are_listed() -> None:
    session = _session("alive/team-play", 6)
    assert outcome_text(session, Outcome(Termination.WIN, (0, 2), "")) == "Red 1 and Red 2 win."  # not the whole team
    plain = _session("stay-alive/quick", 3)  # no teams: Red, Blue, Yellow
    assert outcome_text(plain, Outcome(Termination.WIN, (0, 1, 2), "x")) == "Red, Blue and Yellow win: x."
    assert outcome_text(plain, Outcome(Termination.WIN, (1,), "x")) == "Blue wins: x."
    assert outcome_text(plain, Outcome(Termination.DRAW, (), "")) == "Draw."
