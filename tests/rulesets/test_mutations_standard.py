"""Mutator tests on the bundled standard Stay Alive file: break it one way, get one exact diagnostic.

Lines and columns are counted by hand from rulesets/stay-alive/standard.yaml (1-based).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from marblestudio.engine import family
from plugins import Families, families  # noqa: F401  (fixture)

from .helpers import STANDARD, check_written, mutate, only_error, own_user_dir  # noqa: F401

INSTALLED = ", ".join(repr(name) for name in family.names())
"""The games the schema names: the bundled four, then any plug-in's."""

PLAYERS = "players: {min: 2, max: 4, default: 2}"

# (name, old text, new text, line, column, the first diagnostic's message)
CASES = [
    (
        "misspelt_key",
        "  marbles_per_player: 5",
        "  marbles_per_playr: 5",
        18, 3,
        "unknown key 'marbles_per_playr' in stay_alive; did you mean 'marbles_per_player'?",
    ),
    ("wrong_type", PLAYERS, "players: {min: two, max: 4, default: 2}", 10, 16, "players.min must be a whole number, not text 'two'"),
    ("missing_required_key", PLAYERS, "players: {max: 4, default: 2}", 10, 10, "players is missing the required key 'min'"),
    (
        "enum_with_suggestion",
        "previous_slide: forbidden",
        "previous_slide: alowed",
        21, 19,
        "stay_alive.previous_slide must be one of 'forbidden', 'allowed', not text 'alowed'; did you mean 'allowed'?",
    ),
    (
        "pattern",
        '"#1f77b4"',
        '"#1f77b"',
        12, 24,
        "presentation.colours[2] must be a colour written '#rrggbb', e.g. '#d62728', not text '#1f77b'",
    ),
    ("minimum", "move_limit: 1000", "move_limit: 0", 14, 13, "move_limit (0) must be at least 1"),
    ("players_max_below_min", PLAYERS, "players: {min: 2, max: 1, default: 2}", 10, 24, "players.max (1) must be at least players.min (2)"),
    (
        "players_default_outside",
        PLAYERS,
        "players: {min: 2, max: 4, default: 5}",
        10, 36,
        "players.default (5) must be between players.min (2) and players.max (4)",
    ),
    (
        "slide_row_of_wrong_size",
        'R2: {layer: red, line: 2, open: ["oo.o...",',
        'R2: {layer: red, line: 2, open: ["oo.o..",',
        25, 38,
        "slide R2, position 1 has 6 cells ('oo.o..'); a red slide runs along a row of 7 cells",
    ),
    ("two_slides_on_one_line", "R2: {layer: red, line: 2,", "R2: {layer: red, line: 1,", 25, 28, "slides R1 and R2 both run along red row 1"),
    ("slide_beyond_grid", "R2: {layer: red, line: 2,", "R2: {layer: red, line: 9,", 25, 28, "slide R2 runs along row 9, but the grid has only 7 rows"),
    (
        "start_names_missing_slide",
        "start: random",
        "start: {R1: 1, X: 2}",
        19, 21,
        "stay_alive.start names the slide 'X', which stay_alive.slides does not have",
    ),
    ("too_many_marbles", "marbles_per_player: 5", "marbles_per_player: 15", 18, 23, "4 players with 15 marbles each need 60 cells; the grid has 49"),
    ("duplicate_key", "  positions: 3\n", "  positions: 3\n  positions: 3\n", 18, 3, "duplicate key 'positions' (first at line 17, again at line 18)"),
    ("impossible_date", "name: Stay Alive", "name: 2024-13-01", 5, 7, "cannot read '2024-13-01' as !!timestamp: month must be in 1..12"),
    ("float_tag", "move_limit: 1000", "move_limit: !!float foo", 14, 13, "cannot read 'foo' as !!float: could not convert string to float: 'foo'"),
    (
        "python_tag",
        "move_limit: 1000",
        "move_limit: !!python/object/apply:os.system [echo]",
        14, 13,
        "the tag '!!python/object/apply:os.system' is not allowed: a ruleset holds only plain data",
    ),
    ("tab_indentation", "  positions: 3", "\tpositions: 3", 17, 1, "a tab character: YAML indents with spaces only; replace the tab with spaces"),
    (
        "other_family_section",
        "move_limit: 1000\n",
        "move_limit: 1000\nalive: {}\n",
        15, 1,
        "the section 'alive' does not belong in a ruleset with game 'stay-alive'",
    ),
    ("game_without_its_section", "game: stay-alive", "game: alive", 9, 7, "a ruleset with game 'alive' needs an 'alive' section"),
    (
        "misspelt_game",
        "game: stay-alive",
        "game: stay-alvie",
        9, 7,
        f"game must be one of {INSTALLED}, not text 'stay-alvie'; did you mean 'stay-alive'?",
    ),
    (
        "bad_id",
        "id: stay-alive/standard",
        "id: Stay Alive",
        4, 5,
        "id must be an id '<game>/<variant>' of lower-case letters, digits and '-', e.g. 'stay-alive/quick', not text 'Stay Alive'",
    ),
    ("positions_disagree", "positions: 3", "positions: 4", 17, 14, "stay_alive.positions is 4, but every slide's 'open' lists 3 positions"),
    (
        "start_neither_random_nor_mapping",
        "start: random",
        "start: randm",
        19, 10,
        "stay_alive.start must be 'random' or a mapping (key: value), not text 'randm'; did you mean 'random'?",
    ),
    (
        "start_position_neither_number_nor_name",
        "start: random",
        "start: {R1: middle}",
        19, 15,
        "stay_alive.start.R1 must be a whole number from 1, 'inside', 'centre' or 'outside', not text 'middle'",
    ),
    ("start_position_below_one", "start: random", "start: {R1: 0}", 19, 15, "stay_alive.start.R1 (0) must be at least 1"),
    ("empty_value", "move_limit: 1000", "move_limit:", 14, 12, "move_limit must be a whole number, not empty"),
    ("maximum", "grid: {rows: 7,", "grid: {rows: 27,", 16, 16, "stay_alive.grid.rows (27) must be at most 26"),
    ("empty_text", "name: Stay Alive", 'name: ""', 5, 7, "name must not be empty"),
    ("empty_list", '"#d62728", "#1f77b4", "#f2c500", "#2ca02c"]', "]", 12, 12, "presentation.colours must list at least 1 item, not 0"),
    (
        "bad_slide_id",
        "    R1: {",
        "    1x: {",
        24, 5,
        "the key '1x' in stay_alive.slides must be a name of letters, digits, '-' and '_' that starts with a letter",
    ),
    ("seat_named_twice", "seat_names: [Red, Blue,", "seat_names: [Red, Red,", 13, 15, "presentation.seat_names names a seat twice"),
    (
        "more_teams_than_players",
        PLAYERS + "\n",
        PLAYERS + "\nteams: {count: 3}\n",
        11, 16,
        "teams.count (3) is more than players.min (2): every team needs a player",
    ),
    (
        "row_without_slide",
        '    R7: {layer: red, line: 7, open: ["..ooooo", "o......", ".o....."]}\n',
        "",
        24, 5,
        "no red slide runs along row 7: every row needs one",
    ),
]


@pytest.mark.parametrize(("old", "new", "line", "column", "message"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_standard_file_broken_one_way(tmp_path: Path, old: str, new: str, line: int, column: int, message: str) -> None:
    diagnostics = check_written(tmp_path, "standard.yaml", mutate(STANDARD.read_text(), old, new))
    first = only_error(diagnostics)
    assert first.message.startswith(message), first.message
    assert (first.line, first.column) == (line, column)
    assert first.path == str(tmp_path / "standard.yaml")


def test_unmutated_standard_file_is_valid(tmp_path: Path) -> None:
    assert check_written(tmp_path, "standard.yaml", STANDARD.read_text()) == []


def test_misspelt_key_is_reported_once_not_also_as_missing(tmp_path: Path) -> None:
    text = mutate(STANDARD.read_text(), "  marbles_per_player: 5", "  marbles_per_playr: 5")
    assert len(check_written(tmp_path, "standard.yaml", text)) == 1


def test_unknown_top_level_key_lists_the_keys_when_nothing_is_close(tmp_path: Path) -> None:
    text = mutate(STANDARD.read_text(), "move_limit: 1000\n", "move_limit: 1000\nzebra: 1\n")
    first = only_error(check_written(tmp_path, "standard.yaml", text))
    assert first.message.startswith("unknown key 'zebra'; expected one of: format, id, name, description, game, extends,")
    assert (first.line, first.column) == (15, 1)


def test_newer_format_warns_and_still_loads(tmp_path: Path) -> None:
    diagnostics = check_written(tmp_path, "standard.yaml", mutate(STANDARD.read_text(), "format: 1", "format: 2"))
    assert [(d.severity, d.line, d.column) for d in diagnostics] == [("warning", 3, 9)]
    assert diagnostics[0].message.startswith("this file is written for ruleset format 2; this version of Marble Studio reads format 1")


def test_cell_that_can_never_open_is_a_warning(tmp_path: Path) -> None:
    text = mutate(STANDARD.read_text(), 'W1: {layer: white, line: 1, open: ["o...o..",', 'W1: {layer: white, line: 1, open: ["....o..",')
    diagnostics = check_written(tmp_path, "standard.yaml", text)
    assert [(d.severity, d.line, d.column) for d in diagnostics] == [("warning", 24, 5)]
    assert diagnostics[0].message == "1 cell(s) can never open, so a marble there never falls: (row,column) (1,1)"


def test_family_without_its_module_is_a_clear_diagnostic(tmp_path: Path, families: Families) -> None:
    families.replace("stay-alive", ruleset="marblestudio.rulesets.families.no_such_family")
    first = only_error(check_written(tmp_path, "standard.yaml", STANDARD.read_text()))
    assert first.message.startswith(
        "the game 'stay-alive' cannot be checked here: its ruleset module 'marblestudio.rulesets.families.no_such_family' "
        "failed to load (ModuleNotFoundError"
    )
    assert (first.line, first.column) == (9, 7)


def test_a_game_that_is_not_installed_is_named_with_the_installed_ones(tmp_path: Path, families: Families) -> None:
    families.remove("stay-alive")
    first = only_error(check_written(tmp_path, "standard.yaml", STANDARD.read_text()))
    installed = ", ".join(family.names())  # the bundled games but Stay Alive, and any plug-in
    assert installed.startswith("alive, avalanche, archimedes")
    assert first.message == (
        f"the game 'stay-alive' is not installed in this Marble Studio (installed: {installed}); "
        "a plug-in package adds a game (docs/plugins.md)"
    )
    assert (first.line, first.column) == (9, 7)


def test_a_list_is_not_a_ruleset(tmp_path: Path) -> None:
    first = only_error(check_written(tmp_path, "list.yaml", "- a\n- b\n"))
    assert first.message == "a ruleset is a mapping of keys such as 'id:' and 'game:'; this file holds a list"
    assert (first.line, first.column) == (1, 1)


def test_a_whole_number_written_as_a_float_is_refused(tmp_path: Path) -> None:
    text = mutate(STANDARD.read_text(), PLAYERS, "players: {min: 2.0, max: 4, default: 2}")
    first = only_error(check_written(tmp_path, "standard.yaml", text))
    assert (first.line, first.column, first.message) == (10, 16, "players.min must be a whole number, not 2.0")


SMALL_BOARD = """\
format: 1
id: test/small
name: Small
game: stay-alive
players: {min: 2, max: 2}
stay_alive:
  grid: {rows: 2, columns: 2}
  positions: 2
  marbles_per_player: 1
  slides:
    R1: {layer: red, line: 1, open: ["oo", "oo"]}
    R2: {layer: red, line: 2, open: ["oo", "oo"]}
    W1: {layer: white, line: 1, open: ["oo", "o."]}
    W2: {layer: white, line: 2, open: ["oo", ".o"]}
"""


def test_enough_closed_cells_for_every_marble(tmp_path: Path) -> None:
    # Red slides are always open, so a cell is closed only where its white slide is: W1 at its
    # second position closes row 2 of column 1, W2 closes row 1 of column 2. At most 2 cells
    # close, so 2 players with 1 marble each fit and 2 marbles each do not (worked out by hand).
    assert check_written(tmp_path, "small.yaml", SMALL_BOARD) == []
    text = mutate(SMALL_BOARD, "marbles_per_player: 1", "marbles_per_player: 2")
    first = only_error(check_written(tmp_path, "small.yaml", text))
    assert (first.line, first.column) == (9, 23)
    assert first.message == "no setting of the slides leaves 4 cells closed for 4 marbles (at most 2); the random set-up could never finish"
