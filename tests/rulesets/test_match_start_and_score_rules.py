"""`match.start: loser | winner` and `match.points: score` in a ruleset: built into
`Ruleset.match`, and a match by score without a scoring rule piece refused at the line and
column of `score` (counted by hand from the texts)."""

from __future__ import annotations

from pathlib import Path

from marblestudio.engine.match import MatchRules, MatchStart
from marblestudio.rulesets import check_path, from_resolved, load, load_with_source

from .helpers import check_written, mutate, only_error, own_user_dir  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]
GATE_POINTS = ROOT / "examples" / "house-rules" / "avalanche-gate-points.yaml"

BY_SCORE = """\
format: 1
extends: stay-alive/quick
id: house/score-match
name: Stay Alive, score match
rules:
  - name: bounty
    on: player_out
    then: {score: 2}
match:
  rounds: 3
  points: score
  start: loser
"""


def test_points_score_and_start_loser_become_the_rulesets_match_rules(tmp_path: Path) -> None:
    path = tmp_path / "score.yaml"
    path.write_text(BY_SCORE, encoding="utf-8")
    loaded = load_with_source(path)
    assert loaded.rules.match == MatchRules(rounds=3, points=(), start=MatchStart.LOSER, by_score=True)
    assert from_resolved(loaded.resolved).match == loaded.rules.match  # as a record's ruleset


def test_start_winner_with_points_by_place(tmp_path: Path) -> None:
    path = tmp_path / "winner.yaml"
    path.write_text(mutate(BY_SCORE, "  points: score\n  start: loser\n", "  points: [2, 1]\n  start: winner\n"), encoding="utf-8")
    assert load(path).match == MatchRules(rounds=3, points=(2, 1), start=MatchStart.WINNER)


def test_points_score_without_a_scoring_piece_is_an_error_at_its_line(own_user_dir: Path) -> None:  # noqa: F811
    text = mutate(BY_SCORE, "rules:\n  - name: bounty\n    on: player_out\n    then: {score: 2}\n", "")
    problem = only_error(check_written(own_user_dir.parent, "score.yaml", text))
    assert (problem.line, problem.column) == (7, 11), problem  # "  points: score": the value at column 11
    assert problem.message.startswith("match.points is 'score' (each game gives each player its score from the rules' "
                                      "'score' actions), but no rule piece of this ruleset scores")


def test_a_piece_that_does_not_score_is_not_enough(own_user_dir: Path) -> None:  # noqa: F811
    text = mutate(BY_SCORE, "then: {score: 2}", "then: extra_turn")
    problem = only_error(check_written(own_user_dir.parent, "score.yaml", text))
    assert (problem.line, problem.column) == (11, 11) and "no rule piece of this ruleset scores" in problem.message


def test_a_scoring_piece_of_the_base_counts(tmp_path: Path) -> None:
    # avalanche/gate-points scores a point per gate; a house rule of it adds a rule that does not
    # score and plays a match by score: the base's piece scores, so it is valid
    path = tmp_path / "gate-match.yaml"
    path.write_text(
        f"format: 1\nextends: {GATE_POINTS}\nid: house/gate-match\nname: Gate match\n"
        "rules:\n  - name: long game\n    on: turn_over\n    if: moves_played > 900\n    then: draw\n"
        "match: {rounds: 2, points: score, start: winner}\n",
        encoding="utf-8",
    )
    assert check_path(path) == []
    assert load(path).match == MatchRules(rounds=2, points=(), start=MatchStart.WINNER, by_score=True)


def test_a_misspelt_score_is_explained(own_user_dir: Path) -> None:  # noqa: F811
    problem = only_error(check_written(own_user_dir.parent, "score.yaml", mutate(BY_SCORE, "points: score", "points: scores")))
    assert (problem.line, problem.column) == (11, 11)
    assert problem.message == "match.points must be a list or 'score', not text 'scores'; did you mean 'score'?"


def test_points_score_skips_the_checks_of_points_by_place(tmp_path: Path) -> None:
    # with `to`, a list's first place must score; a match by score needs no such list
    path = tmp_path / "to.yaml"
    path.write_text(mutate(BY_SCORE, "  rounds: 3\n", "  to: 10\n"), encoding="utf-8")
    assert check_path(path) == []
    assert load(path).match == MatchRules(to=10, points=(), start=MatchStart.LOSER, by_score=True)


def test_the_yaml_examples_of_docs_matches_validate(tmp_path: Path) -> None:
    import re

    text = (ROOT / "docs" / "matches.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", text, re.S)
    assert len(blocks) >= 3
    starts = set()
    for k, block in enumerate(blocks):
        path = tmp_path / f"block-{k}.yaml"
        path.write_text(block, encoding="utf-8")
        assert check_path(path) == [], block
        match = load(path).match
        assert match is not None
        starts.add((match.start, match.by_score))
    assert (MatchStart.LOSER, False) in starts and any(by_score for _, by_score in starts)


def test_a_match_start_in_rock_me_archimedes_warns_that_the_start_roll_decides(tmp_path: Path) -> None:
    # the match seats the loser first, but the book's start roll decides who moves first: a
    # warning at `start` (line 5, column 34), and none once the first seat moves first
    path = tmp_path / "loser.yaml"
    path.write_text("format: 1\nid: house/loser\nname: Loser starts\nextends: archimedes/standard\n"
                    "match: {rounds: 3, to: 2, start: loser}\n", encoding="utf-8")
    found = check_path(path)
    assert [(d.line, d.column, d.severity) for d in found] == [(5, 34, "warning")]
    assert "rolls for who moves first" in found[0].message and "start: first-player" in found[0].message
    path.write_text(path.read_text(encoding="utf-8") + "archimedes:\n  start: first-player\n", encoding="utf-8")
    assert check_path(path) == []
