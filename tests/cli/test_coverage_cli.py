"""Rule coverage on the command line: `simulate` and `compare` report how often each rule piece
fired (a game, in all, in how many games), in text and in --json, and warn about a piece that
never fired."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from marblestudio.cli import main
from marblestudio.playtest import play_seeded
from house_texts import write_fall_again
from marblestudio.rulesets import load_with_source


GAMES = 30
SEED = "7"


@pytest.fixture
def house(tmp_path: Path) -> Path:
    return write_fall_again(tmp_path)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def _per_game(house: Path) -> list[dict[str, int]]:
    """Each game of the run, played here alone: how often each piece fired in it."""
    rules = load_with_source(str(house)).rules
    return [play_seeded(rules, 2, SEED, i)[1].fired for i in range(GAMES)]


def test_simulate_prints_each_rule_s_figures_worked_out_from_the_games(capsys: pytest.CaptureFixture[str], house: Path) -> None:
    code, out, err = run(capsys, "simulate", str(house), "--games", str(GAMES), "--seed", SEED, "--workers", "1")
    assert code == 0, err
    per_game = _per_game(house)
    total = sum(g["fall again"] for g in per_game)
    fired_in = sum(1 for g in per_game if g["fall again"])
    assert total > 0
    assert (
        f"  rule 'fall again' fired  {total} times ({total / GAMES:.2f} a game), "
        f"in {fired_in} games ({100 * fired_in / GAMES:.1f}%)"
    ) in out.splitlines()
    assert "  rule 'never' fired       0 times (0.00 a game), in 0 games (0.0%)" in out.splitlines()
    assert f"warning: the rule 'never' never fired in {GAMES} games: it had no effect" in out.splitlines()


def test_simulate_json_has_the_coverage_the_same_in_one_and_two_workers(capsys: pytest.CaptureFixture[str], house: Path) -> None:
    common = ("simulate", str(house), "--games", str(GAMES), "--seed", SEED, "--json")
    code1, out1, err1 = run(capsys, *common, "--workers", "1")
    code2, out2, err2 = run(capsys, *common, "--workers", "2")
    assert code1 == 0 and code2 == 0, err1 + err2
    one, two = json.loads(out1), json.loads(out2)
    assert one["rule_coverage"] == two["rule_coverage"]
    per_game = _per_game(house)
    fall, never = one["rule_coverage"]
    assert fall["name"] == "fall again" and fall["games"] == GAMES
    assert fall["total"] == sum(g["fall again"] for g in per_game)
    assert fall["games_fired"] == sum(1 for g in per_game if g["fall again"])
    assert fall["mean"] == pytest.approx(fall["total"] / GAMES)
    assert fall["share"] == pytest.approx(fall["games_fired"] / GAMES)
    assert never == {"name": "never", "total": 0, "mean": 0.0, "games_fired": 0, "share": 0.0, "games": GAMES}
    assert one["warnings"] == [f"the rule 'never' never fired in {GAMES} games: it had no effect"]


def test_simulate_one_game_reports_its_own_counts(capsys: pytest.CaptureFixture[str], house: Path) -> None:
    code, out, err = run(capsys, "simulate", str(house), "--seed", SEED, "--game", "4", "--json", "--workers", "1")
    assert code == 0, err
    data = json.loads(out)
    expected = _per_game(house)[4]
    assert {c["name"]: c["total"] for c in data["rule_coverage"]} == expected
    assert data["warnings"] == ["the rule 'never' never fired in 1 game: it had no effect"]


def test_compare_shows_the_coverage_beside_a_base_without_pieces(capsys: pytest.CaptureFixture[str], house: Path) -> None:
    args = ("compare", "stay-alive/standard", str(house), "--games", str(GAMES), "--seed", SEED, "--workers", "1")
    code, out, err = run(capsys, *args)
    assert code == 0, err
    total = sum(g["fall again"] for g in _per_game(house))
    row = next(line for line in out.splitlines() if line.startswith("rule 'fall again' fired"))
    assert row.split()[4] == "-" and f"{total} times" in row
    assert f"warning: the rule 'never' never fired in {GAMES} games: it had no effect" in out.splitlines()
    code, out, err = run(capsys, *args, "--json")
    base, ours = json.loads(out)
    assert code == 0 and base["rule_coverage"] == [] and base["warnings"] == []
    assert [c["total"] for c in ours["rule_coverage"]] == [total, 0]
    assert ours["warnings"] == [f"the rule 'never' never fired in {GAMES} games: it had no effect"]


def test_no_coverage_lines_for_a_ruleset_without_pieces(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "stay-alive/quick", "--games", "3", "--workers", "1")
    assert code == 0, err
    assert "rule '" not in out and "warning:" not in out
