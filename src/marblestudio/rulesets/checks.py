"""Semantic checks of the common part, run after the schema holds: numbers that must agree."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marblestudio.engine.match import SCORE
from marblestudio.engine.pieces.spec import pieces_of
from marblestudio.rulesets.diagnostics import WARNING, Problem

FORMAT = 1
"""The newest ruleset format this code reads."""


def format_warning(data: Mapping[str, Any]) -> list[Problem]:
    """A file written for a newer format than this code reads gets a warning (it may still load)."""
    version = data.get("format")
    if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT:
        return [
            Problem(
                "/format",
                f"this file is written for ruleset format {version}; this version of Marble Studio reads format {FORMAT}, "
                "so some keys may not be understood (update Marble Studio)",
                WARNING,
            )
        ]
    return []


def check(data: Mapping[str, Any]) -> list[Problem]:
    """Problems of the common part of a schema-valid, resolved ruleset."""
    problems: list[Problem] = []
    players = data["players"]
    low, high = players["min"], players["max"]
    if high < low:
        problems.append(Problem("/players/max", f"players.max ({high}) must be at least players.min ({low})"))
    default = players.get("default")
    if default is not None and high >= low and not low <= default <= high:
        problems.append(Problem("/players/default", f"players.default ({default}) must be between players.min ({low}) and players.max ({high})"))
    teams = data.get("teams")
    if teams is not None:
        count = teams.get("count", 2)
        if count > low:
            problems.append(Problem("/teams/count" if "count" in teams else "/teams", f"teams.count ({count}) is more than players.min ({low}): every team needs a player"))
    presentation = data.get("presentation", {})
    names = presentation.get("seat_names")
    if names is not None and len(set(names)) != len(names):
        problems.append(Problem("/presentation/seat_names", "presentation.seat_names names a seat twice"))
    problems += match_problems(data.get("match"))
    return problems


def match_problems(match: Mapping[str, Any] | None) -> list[Problem]:
    """A match must end (`rounds` or `to`, and with `to` a winner who scores), and a place may
    not score more than the place before it."""
    if match is None:
        return []
    problems: list[Problem] = []
    if "rounds" not in match and "to" not in match:
        problems.append(Problem("/match", "a match needs 'rounds' (how many games), 'to' (the score that wins it) or both"))
    points = match.get("points", [1])
    if points == SCORE:
        return problems  # each player's rule score: `score_points_problems` checks that a piece scores
    for index in range(1, len(points)):
        if points[index] > points[index - 1]:
            problems.append(Problem(
                f"/match/points/{index}",
                f"match.points may not increase: place {index + 1} scores {points[index]}, more than place {index} ({points[index - 1]})",
            ))
            break
    if "to" in match and points[0] < 1:
        problems.append(Problem("/match/points/0", "with 'to', the first place must score at least 1 point, else no match ever ends"))
    return problems


def score_points_problems(data: Mapping[str, Any]) -> list[Problem]:
    """`match: {points: score}` scores each game by the players' scores from `score` actions, so
    some rule piece (a trigger or a power, of the ruleset or a base it extends) must score.
    `data` is the merged ruleset with every piece of its bases and its own (expanded)."""
    match = data.get("match")
    if not isinstance(match, Mapping) or match.get("points") != SCORE:
        return []
    pieces = pieces_of(data.get("rules", []))
    if any(action.name == "score" for piece in pieces for action in piece.actions):
        return []
    return [Problem(
        "/match/points",
        "match.points is 'score' (each game gives each player its score from the rules' 'score' actions), but no rule "
        "piece of this ruleset scores: add one under 'rules:' (e.g. then: {score: 1}) or give the points of each place, "
        "e.g. points: [3, 1, 0]",
    )]


def two_sides(data: Mapping[str, Any], title: str) -> list[Problem]:
    """The players of a game of two sides (`engine.partners`): exactly 2, or, with ``teams:
    {count: 2}``, a fixed 4 or 6 (the members of a side take its turns in turn)."""
    players, teams = data["players"], data.get("teams")
    low, high = players["min"], players["max"]
    if teams is None:
        if low != 2 or high != 2:
            return [Problem("/players", f"{title} is a game for exactly 2 players: write players: {{min: 2, max: 2, default: 2}} "
                                        "(or teams: {count: 2} with 4 or 6 players)")]
        return []
    if teams.get("count", 2) != 2:
        return [Problem("/teams/count" if "count" in teams else "/teams", f"{title} has two sides: team play is for 2 teams")]
    if low != high or low not in (4, 6):
        return [Problem("/players", f"{title} in teams is for 4 or 6 players, the same on each side: write players: {{min: 4, max: 4, default: 4}}")]
    return []
