"""Loading rulesets: the typed rules built from YAML, `extends:` merging, resolved data."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from marblestudio import rulesets
from marblestudio.engine.rules import Players, Ruleset
from marblestudio.engine.stay_alive.rules import Layer, OpenCellPlacing, PreviousSlide, TwoPlayerLimit
from marblestudio.rulesets import RulesetError, from_resolved, load, load_with_source
from marblestudio.rulesets.loader import merge

from .helpers import QUICK, STANDARD, mutate, own_user_dir  # noqa: F401

HOUSE = "format: 1\nextends: stay-alive/standard\nid: my/house\nname: Mine\n"


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text)
    return path


def test_standard_loads_the_common_part() -> None:
    rules = load("stay-alive/standard")
    assert isinstance(rules, Ruleset)
    assert (rules.id, rules.name, rules.game) == ("stay-alive/standard", "Stay Alive", "stay-alive")
    assert rules.players == Players(2, 4, 2)
    assert rules.move_limit == 1000
    assert rules.presentation.colours == ("#d62728", "#1f77b4", "#f2c500", "#2ca02c")
    assert rules.presentation.seat_name(2) == "Yellow"
    assert rules.teams is None


def test_standard_slides_become_zero_based_lines_and_open_indexes() -> None:
    family = load("stay-alive/standard").family
    assert (family.rows, family.columns, family.positions, family.marbles_per_player) == (7, 7, 3, 5)
    assert [s.id for s in family.slides] == ["R1", "R2", "R3", "R4", "R5", "R6", "R7", "W1", "W2", "W3", "W4", "W5", "W6", "W7"]
    r1 = family.slides[0]
    # R1: {layer: red, line: 1, open: ["o.o....", "....o..", ".o.o.oo"]}
    assert (r1.layer, r1.line) == (Layer.RED, 0)
    assert r1.open_cells == ((0, 2), (4,), (1, 3, 5, 6))
    w7 = family.slides[-1]
    # W7: {layer: white, line: 7, open: ["..ooo..", "oo...o.", "......o"]}
    assert (w7.layer, w7.line, w7.open_cells) == (Layer.WHITE, 6, ((2, 3, 4), (0, 1, 5), (6,)))


def test_standard_options_are_the_rulebook_readings() -> None:
    family = load("stay-alive/standard").family
    assert family.start_positions is None
    assert family.placing_on_open_cell is OpenCellPlacing.FORBIDDEN
    assert family.previous_slide is PreviousSlide.FORBIDDEN
    assert family.two_player_limit is TwoPlayerLimit.OWN_TURNS


def test_rules_are_frozen() -> None:
    rules = load("stay-alive/standard")
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.name = "x"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.family.slides[0].line = 3  # type: ignore[misc]


@pytest.mark.parametrize(
    ("ruleset_id", "marbles", "rows", "previous", "limit"),
    [
        ("stay-alive/quick", 3, 7, PreviousSlide.FORBIDDEN, TwoPlayerLimit.OWN_TURNS),
        ("stay-alive/big-board", 6, 9, PreviousSlide.FORBIDDEN, TwoPlayerLimit.OWN_TURNS),
        ("stay-alive/any-slide", 5, 7, PreviousSlide.ALLOWED, TwoPlayerLimit.OWN_TURNS),
        ("stay-alive/two-knob", 5, 7, PreviousSlide.FORBIDDEN, TwoPlayerLimit.CONSECUTIVE_TURNS),
    ],
)
def test_bundled_house_rules_change_only_what_they_say(ruleset_id: str, marbles: int, rows: int, previous: PreviousSlide, limit: TwoPlayerLimit) -> None:
    rules = load(ruleset_id)
    assert rules.id == ruleset_id
    assert (rules.family.marbles_per_player, rules.family.rows, rules.family.previous_slide, rules.family.two_player_limit) == (marbles, rows, previous, limit)
    assert rules.players == Players(2, 4, 2)
    assert rules.move_limit == 1000


def test_big_board_replaces_the_slides_of_the_base_one_by_one() -> None:
    family = load("stay-alive/big-board").family
    assert len(family.slides) == 18
    # R8: {layer: red, line: 8, open: ["oooooo...", "......o..", ".......oo"]}
    r8 = next(s for s in family.slides if s.id == "R8")
    assert (r8.line, r8.open_cells) == (7, ((0, 1, 2, 3, 4, 5), (6,), (7, 8)))


def test_load_by_path_equals_load_by_id() -> None:
    assert load(STANDARD) == load("stay-alive/standard")
    assert load(str(QUICK)) == load("stay-alive/quick")


def test_mappings_merge_and_lists_replace(tmp_path: Path) -> None:
    text = HOUSE + 'presentation:\n  colours: ["#000000", "#ffffff"]\nstay_alive:\n  slides:\n    R1: {open: ["ooooooo", ".......", "o......"]}\n'
    rules = load(write(tmp_path, "house.yaml", text))
    assert rules.presentation.colours == ("#000000", "#ffffff")  # the list replaced the base's four
    assert rules.presentation.seat_names == ("Red", "Blue", "Yellow", "Green")  # the mapping kept the base's names
    r1 = rules.family.slides[0]
    assert (r1.id, r1.layer, r1.line) == ("R1", Layer.RED, 0)  # layer and line come from the base
    assert r1.open_cells == ((0, 1, 2, 3, 4, 5, 6), (), (0,))
    assert len(rules.family.slides) == 14


def test_merge_function_leaves_its_inputs_alone() -> None:
    base = {"a": {"b": 1, "c": [1, 2]}, "d": 1}
    override = {"a": {"c": [3]}, "e": 2}
    assert merge(base, override) == {"a": {"b": 1, "c": [3]}, "d": 1, "e": 2}
    assert base == {"a": {"b": 1, "c": [1, 2]}, "d": 1}


def test_fixed_start_positions_by_number_and_name(tmp_path: Path) -> None:
    slides = ["R1", "R2", "R3", "R4", "R5", "R6", "R7", "W1", "W2", "W3", "W4", "W5", "W6", "W7"]
    start = ", ".join(f"{s}: centre" for s in slides[1:])
    text = HOUSE + f"stay_alive:\n  start: {{R1: 3, {start}}}\n"
    family = load(write(tmp_path, "house.yaml", text)).family
    assert family.start_positions == (("R1", 2), *((s, 1) for s in slides[1:]))


def test_fixed_start_leaving_too_few_closed_cells_is_an_error(tmp_path: Path) -> None:
    # 4 players x 12 marbles = 48 of the 49 cells. With every slide at its centre, at least two
    # cells are open (counted by hand from standard.yaml): row 2, column 3 (R2 "..o.oo." and
    # W3 ".oo....") and row 3, column 2 (R3 ".o.o..o" and W2 "..oo..."), so at most 47 are closed.
    slides = ["R1", "R2", "R3", "R4", "R5", "R6", "R7", "W1", "W2", "W3", "W4", "W5", "W6", "W7"]
    start = ", ".join(f"{s}: 2" for s in slides)
    text = HOUSE + f"stay_alive:\n  marbles_per_player: 12\n  start: {{{start}}}\n"
    with pytest.raises(RulesetError) as caught:
        load(write(tmp_path, "house.yaml", text))
    first = caught.value.diagnostics[0]
    assert first.message.startswith("the start leaves ")
    assert first.message.endswith("cells closed, but 48 marbles must be placed")
    assert (first.line, first.column) == (7, 10)


def test_load_with_source_gives_resolved_data_without_extends() -> None:
    loaded = load_with_source("stay-alive/quick")
    assert "extends" not in loaded.resolved
    assert loaded.resolved["stay_alive"]["marbles_per_player"] == 3
    assert loaded.resolved["stay_alive"]["slides"]["R1"]["open"] == ["o.o....", "....o..", ".o.o.oo"]
    assert loaded.resolved["game"] == "stay-alive"
    assert loaded.path == QUICK
    assert loaded.warnings == ()


def test_from_resolved_rebuilds_the_same_rules() -> None:
    loaded = load_with_source("stay-alive/big-board")
    assert from_resolved(loaded.resolved) == loaded.rules


def test_from_resolved_reports_by_pointer() -> None:
    data = load_with_source("stay-alive/standard").resolved
    broken = {**data, "players": {"min": 3, "max": 2}}
    with pytest.raises(RulesetError) as caught:
        from_resolved(broken)
    assert [(d.path, d.pointer, d.message) for d in caught.value.diagnostics] == [
        ("<resolved>", "/players/max", "players.max (2) must be at least players.min (3)")
    ]


def test_from_resolved_refuses_extends() -> None:
    with pytest.raises(RulesetError):
        from_resolved({"extends": "stay-alive/standard"})


def test_unknown_id_raises_with_a_suggestion() -> None:
    with pytest.raises(RulesetError) as caught:
        load("stay-alive/standrd")
    assert caught.value.diagnostics[0].message == "no bundled or user ruleset has the id 'stay-alive/standrd' (did you mean 'stay-alive/standard'?)"


def test_invalid_file_raises_with_every_diagnostic(tmp_path: Path) -> None:
    text = mutate(STANDARD.read_text(), "players: {min: 2, max: 4, default: 2}", "players: {min: two, max: four}")
    with pytest.raises(RulesetError) as caught:
        load(write(tmp_path, "bad.yaml", text))
    assert [(d.line, d.column) for d in caught.value.diagnostics] == [(10, 16), (10, 26)]
    assert str(caught.value).endswith("(and 1 more)")


def test_missing_file_raises_a_diagnostic_not_oserror(tmp_path: Path) -> None:
    with pytest.raises(RulesetError) as caught:
        load(tmp_path / "nope.yaml")
    assert caught.value.diagnostics[0].message.startswith("cannot read the file:")


def test_warnings_are_kept_on_the_loaded_ruleset(tmp_path: Path) -> None:
    loaded = load_with_source(write(tmp_path, "new.yaml", mutate(STANDARD.read_text(), "format: 1", "format: 2")))
    assert [d.severity for d in loaded.warnings] == ["warning"]
    assert loaded.rules.format == 2


def test_check_text_matches_check_path(tmp_path: Path) -> None:
    text = mutate(QUICK.read_text(), "marbles_per_player: 3", "marbles_per_player: 0")
    path = write(tmp_path, "quick.yaml", text)
    assert rulesets.check_text(text, path) == rulesets.check_path(path)


def test_a_changed_base_is_seen_by_the_house_rule(tmp_path: Path) -> None:
    base = write(tmp_path, "base.yaml", STANDARD.read_text())
    house = write(tmp_path, "house.yaml", "format: 1\nextends: base.yaml\nid: my/house\nname: Mine\n")
    assert load(house).family.marbles_per_player == 5
    base.write_text(mutate(STANDARD.read_text(), "marbles_per_player: 5", "marbles_per_player: 4"))
    assert load(house).family.marbles_per_player == 4


def test_changing_the_returned_data_does_not_change_the_next_load() -> None:
    first = load_with_source("stay-alive/standard")
    first.resolved["stay_alive"]["marbles_per_player"] = 99
    assert load_with_source("stay-alive/standard").resolved["stay_alive"]["marbles_per_player"] == 5
