"""A key that the family's rules never read is reported at its line, not silently ignored
(issue 13, defect 12: Stay Alive with `teams: {count: 2}` and 4 players validated and played as
four players alone; since issue 16 Stay Alive plays teams, and Rock Me Archimedes and Avalanche
without partnership still report them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .helpers import check_written, only_error


def house(base: str, body: str) -> str:
    return f"format: 1\nextends: {base}\nid: house/x\nname: X\n{body}"


@pytest.mark.parametrize(
    ("base", "body", "line", "pointer", "words"),
    [
        ("avalanche/standard", "players: {min: 4, max: 4, default: 4}\nteams: {count: 2}\n", 6, "/teams",
         "Avalanche reads 'teams' only for partnership play: set avalanche.play.partnership: true, or leave 'teams' out"),
    ],
)
def test_teams_in_a_family_that_would_ignore_them_is_an_error(tmp_path: Path, base: str, body: str, line: int, pointer: str, words: str) -> None:
    first = only_error(check_written(tmp_path, "house.yaml", house(base, body)))
    assert (first.line, first.pointer, first.message) == (line, pointer, words)


@pytest.mark.parametrize(
    ("base", "body", "line", "pointer"),
    [
        ("avalanche/standard", "avalanche:\n  play:\n    goal_count: 7\n", 7, "/avalanche/play/goal_count"),
        ("avalanche/expert-1", "avalanche:\n  play:\n    deal: [C1, C2]\n", 7, "/avalanche/play/deal"),
        ("archimedes/variation-4", "archimedes:\n  physics:\n    platform: {height: 30}\n", 7, "/archimedes/physics/platform/height"),
    ],
)
def test_a_setting_that_other_settings_make_unread_is_a_warning(tmp_path: Path, base: str, body: str, line: int, pointer: str) -> None:
    found = check_written(tmp_path, "house.yaml", house(base, body))
    assert [(d.severity, d.line, d.pointer) for d in found] == [("warning", line, pointer)]
    assert "is read only" in found[0].message


def test_teams_where_they_are_read_are_fine(tmp_path: Path) -> None:
    body = "players: {min: 4, max: 4, default: 4}\nteams: {count: 2}\navalanche:\n  play: {partnership: true}\n"
    assert check_written(tmp_path, "house.yaml", house("avalanche/standard", body)) == []
    # Stay Alive plays teams since issue 16: the game ends when one team is left
    stay_alive = "players: {min: 4, max: 4, default: 4}\nteams: {count: 2}\n"
    assert check_written(tmp_path, "house2.yaml", house("stay-alive/standard", stay_alive)) == []


def test_a_value_repeated_from_the_base_or_the_default_is_not_reported(tmp_path: Path) -> None:
    # expert-2 plays goal: one-colour with goal_count 5; a house rule switching the goal keeps the
    # base's goal_count, which it did not write: nothing to report.  Nor for a default written out.
    body = "avalanche:\n  play:\n    goal: run-out\n    goal_count: 5\n"
    assert check_written(tmp_path, "house.yaml", house("avalanche/expert-2", body)) == []
    assert check_written(tmp_path, "house2.yaml", house("avalanche/standard", "avalanche:\n  play:\n    going_out: never\n")) == []


def test_teams_of_a_game_of_two_sides_need_four_or_six_players(tmp_path: Path) -> None:
    # Rock Me Archimedes and Mancala are played by teams (engine.partners): 'teams' is read, and
    # two players cannot make two teams of partners.
    first = only_error(check_written(tmp_path, "house.yaml", house("archimedes/standard", "teams: {count: 2}\n")))
    assert first.pointer == "/players" and "in teams is for 4 or 6 players" in first.message
