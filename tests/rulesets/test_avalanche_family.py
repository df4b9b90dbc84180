"""The Avalanche section's semantic checks (rulesets/families/avalanche.py), mutator style:
break the bundled standard board one way and get one exact diagnostic at the right line.

Lines are counted by hand from rulesets/avalanche/standard.yaml (1-based).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from marblestudio.engine.avalanche.rules import Goal, Side
from marblestudio.rulesets import load

from .helpers import BUNDLED, check_written, mutate, own_user_dir  # noqa: F401

STANDARD = BUNDLED / "avalanche" / "standard.yaml"
IDS = ["beginners", "standard", "two-cards", "partnership", "expert-1", "expert-2"]

# (name, old text, new text, line, severity, words the message must contain)
CASES = [
    ("loop", 'F1: {row: 6, x: 4, tilt: random, left: out', 'F1: {row: 6, x: 4, tilt: random, left: "E1:right"', 45,
     "error", "a marble would go round for ever: E1:right -> F1:left -> E1:right"),
    ("dangling_side", 'E3: {row: 5, x: 10, tilt: random, left: "F2:right"', 'E3: {row: 5, x: 10, tilt: random, left: "F9:right"',
     44, "error", "gate E3's left side leads to gate 'F9', which avalanche.gates does not have"),
    ("hole_to_nowhere", '- {x: 5, to: "A2:left"}', '- {x: 5, to: "Z2:left"}', 27, "error",
     "hole 3 leads to gate 'Z2', which avalanche.gates does not have"),
    ("card_colour_demand", "C6: {holes: [RRB, YYB, BYR]}", "C6: {holes: [RRR, RRR, RRR]}", 20, "error",
     "the cards of 6 players may ask for 24 red marbles, but there are 20"),
    ("cards_alike", "C6: {holes: [RRB, YYB, BYR]}", "C6: {holes: [YRB, RBY, BYR]}", 54, "warning",
     "cards C1 and C6 are alike"),
    ("unknown_card_colour", "C6: {holes: [RRB, YYB, BYR]}", "C6: {holes: [RRB, YYG, BYR]}", 54, "error",
     "card C6 uses the letter(s) G, which no colour has"),
    ("too_few_cards", "    C6: {holes: [RRB, YYB, BYR]}\n", "", 49, "error",
     "6 players with 1 card(s) each need 6 cards; there are 5"),
    ("letter_twice", "blue: {letter: B,", "blue: {letter: R,", 21, "error",
     "colours red and blue both have the letter R"),
    ("unreachable_gate", "    F2: {row: 6, x: 8, tilt: random, left: out, right: out}\n",
     "    F2: {row: 6, x: 8, tilt: random, left: out, right: out}\n    Z9: {row: 7, x: 0, left: out, right: out}\n",
     47, "warning", "no marble can reach gate Z9 from any hole"),
]


@pytest.mark.parametrize("name, old, new, line, severity, words", CASES, ids=[c[0] for c in CASES])
def test_broken_board_gets_one_exact_diagnostic(tmp_path: Path, name: str, old: str, new: str, line: int,
                                                 severity: str, words: str) -> None:
    diagnostics = check_written(tmp_path, "standard.yaml", mutate(STANDARD.read_text(encoding="utf-8"), old, new))
    assert diagnostics, "expected a diagnostic"
    first = diagnostics[0]
    assert (first.severity, first.line) == (severity, line), str(first)
    assert words in first.message


@pytest.mark.parametrize("name", IDS)
def test_bundled_avalanche_rulesets_load(name: str) -> None:
    rules = load(f"avalanche/{name}")
    assert rules.game == "avalanche" and rules.family.marble_count == 60
    assert len(rules.family.holes) == 6 and len(rules.family.gates) == 15


def test_bundled_board_is_built_as_written() -> None:
    rules = load("avalanche/standard").family
    a1 = rules.gates[0]
    assert (a1.id, a1.row, a1.x, a1.tilt) == ("A1", 1, 2.0, None)
    assert (str(a1.left), str(a1.right)) == ("C1:left", "B1:left")
    assert rules.gates[-1].left == "out" and rules.gates[-1].right == "out"
    assert [c.letter for c in rules.colours] == ["Y", "R", "B"]
    assert rules.cards[0].holes[:3] == ("yellow", "red", "blue")
    assert len({c.holes for c in rules.cards}) == 6  # no two cards alike
    assert Side.LEFT.other is Side.RIGHT


def test_bundled_games_take_their_options() -> None:
    assert load("avalanche/standard").family.game.first_turn_limit == 5
    assert load("avalanche/beginners").family.game.first_turn_limit is None
    assert load("avalanche/two-cards").family.game.cards_per_player == 2
    partnership = load("avalanche/partnership")
    assert partnership.family.game.partnership and partnership.teams is not None
    assert load("avalanche/expert-1").family.game.goal is Goal.RUN_OUT
    assert load("avalanche/expert-2").family.game.start_hand.per_colour == 3
