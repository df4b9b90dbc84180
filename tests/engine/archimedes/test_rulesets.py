"""The bundled Archimedes rulesets, and the semantic checks of rulesets/families/archimedes.py.

The checks are tried mutator style: break rulesets/archimedes/standard.yaml one way and get one
exact message at the right line (lines counted by hand in that file).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from marblestudio.engine.archimedes import Balance, new_game
from marblestudio.engine.archimedes.rules import Carrying, TouchRule, WinZone
from marblestudio.rulesets import check_text, load

STANDARD = Path(__file__).resolve().parents[3] / "rulesets" / "archimedes" / "standard.yaml"


def test_the_standard_ruleset_is_the_books_game() -> None:
    rules = load("archimedes/standard").family
    assert (rules.rows, rules.columns) == (16, 3)
    assert rules.die == (1, 2, 2, 3, 3, 3)
    assert rules.marbles_per_player == 12 and rules.marbles_to_win == 4
    assert rules.midzone_cups() == tuple((r, c) for r in (7, 8) for c in range(3))
    ends = {z.seat: z.cups() for z in rules.end_zones()}
    assert ends[0] == tuple((r, c) for r in (0, 1) for c in range(3))
    assert ends[1] == tuple((r, c) for r in (14, 15) for c in range(3))
    assert rules.physics.swing_overshoot == Fraction(1, 2)


def test_the_bundled_bare_board_sits_level_and_stable() -> None:
    for name in ("standard", "variation-4"):
        balance = Balance(load(f"archimedes/{name}").family)
        tilt = balance.tilt(0, 0)
        assert tilt.slope == 0 and tilt.touching is None and balance.stable(0) and balance.reachable


@pytest.mark.parametrize(
    ("name", "field", "value"),
    [
        ("variation-1", "touch", TouchRule.END_OWNER_LOSES),
        ("variation-2", "win_zone", WinZone.ANY),
        ("variation-3", "carrying", Carrying.LIFT_ONLY),
    ],
)
def test_variations_1_to_3_change_one_reading(name: str, field: str, value: object) -> None:
    standard, variation = load("archimedes/standard").family, load(f"archimedes/{name}").family
    assert getattr(variation, field) == value
    assert getattr(standard, field) != value


def test_variation_4_plays_without_the_platform_and_touches_sooner() -> None:
    standard, variation = load("archimedes/standard").family, load("archimedes/variation-4").family
    assert standard.physics.platform and not variation.physics.platform
    with_platform, without = Balance(standard).touch_angle(), Balance(variation).touch_angle()
    assert with_platform is not None and without is not None and without < with_platform


def test_variation_5_is_a_house_rule_with_a_four_sided_die_and_five_home() -> None:
    ruleset = load("archimedes/variation-5")
    rules = ruleset.family
    assert rules.die == (1, 2, 3, 4) and rules.marbles_to_win == 5 and rules.marbles_per_player == 14
    state = new_game(ruleset, 2)
    assert sum(state.counts().values()) == 28
    assert [p for _, p in rules.die_odds()] == [Fraction(1, 4)] * 4
    assert len(rules.midzone_cups()) == 12  # rows 7 to 10


def mutated(old: str, new: str) -> list[tuple[int, str, str]]:
    text = STANDARD.read_text(encoding="utf-8")
    assert old in text, old
    found = check_text(text.replace(old, new), STANDARD)
    return [(d.line, d.severity, d.message) for d in found]


# (old text, new text, line, severity, the message)
CASES = [
    ("midzone: {kind: midzone, rows: [8, 9]}", "midzone: {kind: midzone, rows: [8, 17]}", 23, "error",
     "zone midzone's rows 8 to 17 must lie within rows 1 to 16, first row first"),
    ("midzone: {kind: midzone, rows: [8, 9]}", "midzone: {kind: midzone, rows: [2, 3]}", 23, "error",
     "zones black-end and midzone overlap (row 2, column 1); a cup belongs to one zone"),
    ("white-end: {kind: end, player: 2, rows: [15, 16]}", "white-end: {kind: end, player: 1, rows: [15, 16]}", 24,
     "error", "player 1 has two end zones, black-end and white-end; give each player one"),
    ("white-end: {kind: end, player: 2, rows: [15, 16]}", "white-end: {kind: end, player: 2, rows: [16, 16]}", 24,
     "error", "end zone white-end has 3 cups, too few for the 4 marbles that win"),
    ("marbles_to_win: 4", "marbles_to_win: 13", 26, "error", "13 marbles home to win, but each player has only 12"),
    ("board: {mass: 300, com_height: 20,", "board: {mass: 300, com_height: 80,", 35, "error",
     "the bare board's centre of mass (80 mm) must be lower than the rocker's radius (80 mm), or the bare board falls over"),
    ("marble: {mass: 5, com_height: 40}", "marble: {mass: 5, com_height: 400}", 36, "warning",
     "with all 24 marbles on it the board's centre of mass would reach the rocker's radius: the board falls over whatever the marbles' places"),
    ("rocker: {radius: 80}", "rocker: {radius: 1000}", 37, "warning",
     "the board's ends can never reach the table with these numbers: no position tips unless the board falls over"),
    ("platform: {present: true, height: 20}", "platform: {present: true}", 38, "error",
     "a platform that is present needs its 'height' in mm"),
    ("repeats: 3,", "repeats: 1,", 32, "error", "repeats: 1 would end every game after its first turn (each "
     "position comes round once when it is first met): write 2 or more, or 0 for no such stalemate"),
    ("quiet_turns: 60}", "quiet_turns: -1}", 32, "error", "archimedes.stalemate.quiet_turns (-1) must be at least 0"),
]


@pytest.mark.parametrize(("old", "new", "line", "severity", "message"), CASES)
def test_a_broken_standard_board_gets_one_exact_diagnostic(old: str, new: str, line: int, severity: str, message: str) -> None:
    assert mutated(old, new) == [(line, severity, message)]


def test_the_bundled_rulesets_have_no_diagnostics() -> None:
    folder = STANDARD.parent
    for path in sorted(folder.glob("*.yaml")):
        assert check_text(path.read_text(encoding="utf-8"), path) == [], path.name
