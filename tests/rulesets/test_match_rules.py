"""A ruleset's `match:` (issue 16): built into `Ruleset.match`, merged by house rules, and its
semantic checks at the line and column of the value at fault (counted by hand from the texts)."""

from __future__ import annotations

from pathlib import Path

import pytest

from marblestudio.engine.match import MatchRules, MatchStart
from marblestudio.rulesets import from_resolved, load, load_with_source
from marblestudio.rulesets.catalog import list_rulesets

from house_texts import quick_match

from .helpers import check_written, mutate, only_error, own_user_dir  # noqa: F401

MATCH = quick_match(3, (3, 1, 0))


def test_match_becomes_the_rulesets_match_rules(tmp_path: Path) -> None:
    path = tmp_path / "match.yaml"
    path.write_text(MATCH, encoding="utf-8")
    rules = load(path)
    assert rules.match == MatchRules(rounds=3, to=None, points=(3, 1, 0), start=MatchStart.ROTATE)


def test_defaults_are_a_point_per_win_and_the_same_seats(tmp_path: Path) -> None:
    path = tmp_path / "match.yaml"
    path.write_text(mutate(MATCH, "  rounds: 3\n  points: [3, 1, 0]\n  start: rotate\n", "  to: 4\n"), encoding="utf-8")
    assert load(path).match == MatchRules(rounds=None, to=4, points=(1,), start=MatchStart.SAME)


def test_no_bundled_ruleset_is_a_match() -> None:
    for entry in list_rulesets():
        if entry.bundled:
            assert load(entry.path).match is None, entry.id


def test_a_house_rule_of_a_match_merges_key_by_key(tmp_path: Path) -> None:
    (tmp_path / "match.yaml").write_text(MATCH, encoding="utf-8")
    house = tmp_path / "longer.yaml"
    house.write_text("format: 1\nextends: match.yaml\nid: house/longer\nname: Longer\nmatch: {rounds: 5}\n", encoding="utf-8")
    assert load(house).match == MatchRules(rounds=5, points=(3, 1, 0), start=MatchStart.ROTATE)


def test_a_records_resolved_ruleset_keeps_its_match(tmp_path: Path) -> None:
    path = tmp_path / "match.yaml"
    path.write_text(MATCH, encoding="utf-8")
    loaded = load_with_source(path)
    assert from_resolved(loaded.resolved).match == loaded.rules.match


CASES = [
    ("neither_rounds_nor_to", "  rounds: 3\n", "", 6, 3, "a match needs 'rounds' (how many games), 'to' (the score that wins it) or both"),
    ("points_that_increase", "[3, 1, 0]", "[3, 1, 2]", 7, 18, "match.points may not increase: place 3 scores 2, more than place 2 (1)"),
    ("to_with_nothing_for_the_winner", "  rounds: 3\n  points: [3, 1, 0]\n", "  to: 5\n  points: [0]\n", 7, 12,
     "with 'to', the first place must score at least 1 point, else no match ever ends"),
    ("no_rounds", "rounds: 3", "rounds: 0", 6, 11, "match.rounds (0) must be at least 1"),
    ("negative_points", "[3, 1, 0]", "[3, 1, -1]", 7, 18, "match.points[3] (-1) must be at least 0"),
    ("unknown_start", "start: rotate", "start: random", 8, 10, "match.start must be one of 'same', 'rotate', 'loser', 'winner', not text 'random'"),
]


@pytest.mark.parametrize(("old", "new", "line", "column", "message"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_match_mutations(own_user_dir: Path, old: str, new: str, line: int, column: int, message: str) -> None:  # noqa: F811
    problem = only_error(check_written(own_user_dir.parent, "match.yaml", mutate(MATCH, old, new)))
    assert (problem.line, problem.column) == (line, column), problem
    assert problem.message == message
