"""Mutator tests on a house rule (the bundled quick game, which extends stay-alive/standard).

Problems in the file are pointed at in the file; problems that only the merged ruleset shows
point at the line in the file that set the value, else at the `extends:` line (4:10).
Lines and columns are counted by hand from rulesets/stay-alive/quick.yaml.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .helpers import QUICK, STANDARD, check_written, mutate, only_error, own_user_dir  # noqa: F401

MARBLES = "  marbles_per_player: 3\n"
EXTENDS = "extends: stay-alive/standard"

CASES = [
    ("misspelt_key", MARBLES, "  marbles_per_playr: 3\n", 9, 3, "unknown key 'marbles_per_playr' in stay_alive; did you mean 'marbles_per_player'?"),
    ("wrong_type", MARBLES, "  marbles_per_player: three\n", 9, 23, "stay_alive.marbles_per_player must be a whole number, not text 'three'"),
    ("too_many_marbles_after_merge", MARBLES, "  marbles_per_player: 30\n", 9, 23, "4 players with 30 marbles each need 120 cells; the grid has 49"),
    ("players_max_below_base_min", MARBLES, MARBLES + "players: {max: 1}\n", 10, 16, "players.max (1) must be at least players.min (2)"),
    (
        "grid_change_that_base_slides_do_not_fit",
        MARBLES,
        MARBLES + "  grid: {rows: 8, columns: 7}\n",
        10, 16,
        "the grid has 8 rows, but every white slide's 'open' has 7 cells: a white slide runs along a column of 8 cells",
    ),
    ("misspelt_base_id", EXTENDS, "extends: stay-alive/standrd", 4, 10, "no bundled or user ruleset has the id 'stay-alive/standrd' (did you mean 'stay-alive/standard'?)"),
    ("missing_base_file", EXTENDS, "extends: ./nope.yaml", 4, 10, "the base './nope.yaml' does not exist"),
    (
        "base_of_another_game",
        "stay_alive:\n" + MARBLES,
        "alive: {}\n",
        4, 10,
        "the base 'stay-alive/standard' is for the game 'stay-alive', but this file is for 'alive'",
    ),
    ("new_slide_incomplete", MARBLES, MARBLES + "  slides: {R8: {layer: red}}\n", 10, 16, "stay_alive.slides.R8 is missing the required key 'line'"),
    (
        "one_slide_overridden_badly",
        MARBLES,
        MARBLES + '  slides:\n    R3: {open: ["o", "o", "o"]}\n',
        11, 17,
        "slide R3, position 1 has 1 cells ('o'); a red slide runs along a row of 7 cells",
    ),
    ("missing_own_id", "id: stay-alive/quick\n", "", 3, 1, "a house rule needs its own 'id' (else it would take 'stay-alive/standard' from its base)"),
    ("duplicate_key", MARBLES, MARBLES + "  marbles_per_player: 4\n", 10, 3, "duplicate key 'marbles_per_player' (first at line 9, again at line 10)"),
    (
        "enum_with_suggestion",
        MARBLES,
        MARBLES + "  previous_slide: alowed\n",
        10, 19,
        "stay_alive.previous_slide must be one of 'forbidden', 'allowed', not text 'alowed'; did you mean 'allowed'?",
    ),
    ("extends_not_text", EXTENDS, "extends: [stay-alive/standard]", 4, 10, "extends must be text, not a list"),
    ("impossible_date", "name: Stay Alive, quick game", "name: 2024-13-01", 6, 7, "cannot read '2024-13-01' as !!timestamp"),
]


@pytest.mark.parametrize(("old", "new", "line", "column", "message"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_house_rule_broken_one_way(tmp_path: Path, old: str, new: str, line: int, column: int, message: str) -> None:
    diagnostics = check_written(tmp_path, "quick.yaml", mutate(QUICK.read_text(), old, new))
    first = only_error(diagnostics)
    assert first.message.startswith(message), first.message
    assert (first.line, first.column) == (line, column)


def test_unmutated_house_rule_is_valid(tmp_path: Path) -> None:
    assert check_written(tmp_path, "quick.yaml", QUICK.read_text()) == []


def test_house_rule_alone_need_not_be_complete(tmp_path: Path) -> None:
    """The file by itself lacks game, players and grid: only the merged ruleset must have them."""
    text = "format: 1\nextends: stay-alive/standard\nid: my/rule\nname: Mine\nstay_alive: {positions: 3}\n"
    assert check_written(tmp_path, "mine.yaml", text) == []


def test_merged_problem_not_written_in_the_file_points_at_extends(tmp_path: Path) -> None:
    text = mutate(QUICK.read_text(), MARBLES, MARBLES + "  grid: {rows: 8, columns: 7}\n")
    diagnostics = check_written(tmp_path, "quick.yaml", text)
    assert [(d.line, d.column, d.message) for d in diagnostics[1:]] == [(4, 10, "no red slide runs along row 8: every row needs one")]


def test_extends_cycle_is_named_at_the_extends_line(tmp_path: Path) -> None:
    (tmp_path / "b.yaml").write_text("format: 1\nextends: a.yaml\nid: my/b\nname: B\n")
    first = only_error(check_written(tmp_path, "a.yaml", "format: 1\nextends: b.yaml\nid: my/a\nname: A\n"))
    assert (first.line, first.column) == (2, 10)
    assert "'extends' makes a cycle: a.yaml -> b.yaml -> a.yaml" in first.message


def test_file_extending_itself_is_a_cycle(tmp_path: Path) -> None:
    first = only_error(check_written(tmp_path, "self.yaml", "format: 1\nextends: self.yaml\nid: my/self\nname: S\n"))
    assert (first.line, first.column, first.message) == (2, 10, "'extends' makes a cycle: self.yaml -> self.yaml")


def test_invalid_base_file_is_named_at_the_extends_line(tmp_path: Path) -> None:
    (tmp_path / "base.yaml").write_text(mutate(STANDARD.read_text(), "positions: 3", "positions: 4"))
    text = mutate(QUICK.read_text(), EXTENDS, "extends: base.yaml")
    first = only_error(check_written(tmp_path, "quick.yaml", text))
    assert (first.line, first.column) == (4, 10)
    # A path base may be anyone's file: its errors are given by place, not quoted (issue 13, defect 5).
    base = tmp_path / "base.yaml"
    assert first.message == f"the base 'base.yaml' is not valid: an error at {base}:17:14; check it with: marblestudio validate {base}"


def test_relative_base_path_is_found_next_to_the_file(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "base.yaml").write_text(STANDARD.read_text())
    text = mutate(QUICK.read_text(), EXTENDS, "extends: sub/base.yaml")
    assert check_written(tmp_path, "quick.yaml", text) == []


def test_base_path_without_a_ruleset_suffix_is_refused_unread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "base").write_text(STANDARD.read_text())
    monkeypatch.chdir(tmp_path)
    text = mutate(QUICK.read_text(), EXTENDS, "extends: base")
    first = only_error(check_written(tmp_path / "rules", "quick.yaml", text))
    assert (first.line, first.column) == (4, 10)
    assert first.message == "the base 'base' is not a ruleset file: a base is a bundled or user ruleset id, or a .yaml or .yml file"
