"""Rule coverage in playtests: how often each rule piece fired, per game and in all, and the
warning about a piece that never fired (what simulate, compare and the editor's playtest report)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from marblestudio.engine import new_game
from marblestudio.engine.core import CoreEvent
from marblestudio.engine.rules import Ruleset
from marblestudio.playtest import play_seeded, run_games
from marblestudio.playtest.coverage import RuleCoverage, coverage_of, rows_of_runs, warnings
from marblestudio.playtest.jobs import Job, run_job
from marblestudio.playtest.report import render, render_side_by_side
from house_texts import write_fall_again
from marblestudio.rulesets import load_with_source


GAMES = 40
SEED = "cov"


@pytest.fixture
def house(tmp_path: Path) -> Path:
    return write_fall_again(tmp_path)


def _fired_events(rules: Ruleset, players: int, index: int) -> Counter[str]:
    """Game `index` of the run played again move by move: its `rule_fired` events by rule."""
    _, result = play_seeded(rules, players, SEED, index)
    state = new_game(rules, players)
    seen: Counter[str] = Counter()
    for move in result.moves:
        for event in state.apply(move):
            if event.kind is CoreEvent.RULE_FIRED:
                seen[event.get("rule")] += 1
    return seen


def test_coverage_of_sums_per_game_counts() -> None:
    per_game = [{"a": 2, "b": 0}, {"a": 0, "b": 0}, {"a": 5, "b": 0}, {"a": 1, "b": 0}]
    a, b = coverage_of(per_game)
    assert a == RuleCoverage("a", 8, 3, 4) and a.mean == 2.0 and a.share == 0.75
    assert b == RuleCoverage("b", 0, 0, 4) and b.never
    assert warnings((a, b)) == ["the rule 'b' never fired in 4 games: it had no effect"]
    assert coverage_of([{}, {}]) == ()


def test_the_report_s_figures_are_the_games_rule_fired_events(house: Path) -> None:
    rules = load_with_source(str(house)).rules
    report = run_games(rules, 2, GAMES, SEED)
    per_game = [_fired_events(rules, 2, i) for i in range(GAMES)]
    fall, never = report.rules
    assert fall.name == "fall again" and never.name == "never"
    assert fall.total == sum(c["fall again"] for c in per_game) > 0
    assert fall.games_fired == sum(1 for c in per_game if c["fall again"]) and fall.games_fired > 0
    assert fall.mean == pytest.approx(fall.total / GAMES)
    assert fall.share == pytest.approx(fall.games_fired / GAMES)
    assert never.total == 0 and never.games_fired == 0
    assert report.warnings == [f"the rule 'never' never fired in {GAMES} games: it had no effect"]


def test_each_game_sends_back_its_counts_as_a_plain_dict(house: Path) -> None:
    rules = load_with_source(str(house)).rules
    _, result = play_seeded(rules, 2, SEED, 3)
    assert type(result.fired) is dict and set(result.fired) == {"fall again", "never"}
    assert result.fired["fall again"] == _fired_events(rules, 2, 3)["fall again"]


def test_one_worker_and_two_worker_processes_give_the_same_counts(house: Path) -> None:
    loaded = load_with_source(str(house))
    alone = run_games(loaded.rules, 2, GAMES, SEED, workers=1)
    pooled = run_games(loaded.rules, 2, GAMES, SEED, resolved=loaded.resolved, workers=2)
    assert pooled.rules == alone.rules
    assert pooled.to_json()["rule_coverage"] == alone.to_json()["rule_coverage"]


def test_the_text_report_prints_each_rule_and_the_warning(house: Path) -> None:
    rules = load_with_source(str(house)).rules
    report = run_games(rules, 2, GAMES, SEED)
    fall = report.rules[0]
    text = render(report)
    share = f"{100 * fall.games_fired / GAMES:.1f}%"
    assert f"rule 'fall again' fired  {fall.total} times ({fall.total / GAMES:.2f} a game), in {fall.games_fired} games ({share})" in text
    assert f"rule 'never' fired       0 times (0.00 a game), in 0 games (0.0%)" in text
    assert f"warning: the rule 'never' never fired in {GAMES} games: it had no effect" in text


def test_a_ruleset_without_pieces_has_no_coverage() -> None:
    report = run_games(load_with_source("stay-alive/quick").rules, 2, 5, SEED)
    assert report.rules == () and report.warnings == []
    assert report.to_json()["rule_coverage"] == [] and "rule '" not in render(report)


def test_side_by_side_a_base_without_the_rule_shows_a_dash(house: Path) -> None:
    ours = run_games(load_with_source(str(house)).rules, 2, 10, SEED)
    base = run_games(load_with_source("stay-alive/standard").rules, 2, 10, SEED)
    lines = render_side_by_side([ours, base]).splitlines()
    row = next(line for line in lines if line.startswith("rule 'fall again' fired"))
    assert row.endswith("-") and f"{ours.rules[0].total} times" in row


def test_the_editor_s_playtest_job_carries_the_coverage_and_its_rows(house: Path) -> None:
    loaded = load_with_source(str(house))
    data = run_job(Job("this file", loaded.resolved, 2, GAMES, SEED))
    base = run_job(Job("base", load_with_source("stay-alive/standard").resolved, 2, GAMES, SEED))
    report = run_games(loaded.rules, 2, GAMES, SEED)
    assert [c["total"] for c in data["rule_coverage"]] == [c.total for c in report.rules]
    assert data["warnings"] == [f"the rule 'never' never fired in {GAMES} games: it had no effect"]
    assert base["rule_coverage"] == [] and base["warnings"] == []
    rows = dict(rows_of_runs([data, base]))
    fall = report.rules[0]
    assert rows["rule 'fall again' fired"][0].startswith(f"{fall.total} times")
    assert rows["rule 'never' fired"] == ["0 times (0.00 a game), in 0 games (0.0%)", ""]
