"""A ruleset without `move_limit` gets the documented default, so every game ends (issue 13, defect 11)."""

from __future__ import annotations

import random
from pathlib import Path

from marblestudio.engine import new_game
from marblestudio.engine.core import Termination
from marblestudio.engine.rules import DEFAULT_MOVE_LIMIT
from marblestudio.rulesets import check_path, load

NEVER_ENDS = """\
format: 1
id: test/never-ends
name: Never ends
game: stay-alive
players: {min: 2, max: 2}
stay_alive:
  grid: {rows: 2, columns: 2}
  positions: 2
  marbles_per_player: 1
  slides:
    R1: {layer: red, line: 1, open: ["..", ".."]}
    R2: {layer: red, line: 2, open: ["..", ".."]}
    W1: {layer: white, line: 1, open: ["..", ".."]}
    W2: {layer: white, line: 2, open: ["..", ".."]}
"""


def test_a_game_that_can_never_end_is_capped_at_the_default_limit(tmp_path: Path) -> None:
    # No cell ever opens, so no marble ever falls: only the move limit ends the game.
    path = tmp_path / "never-ends.yaml"
    path.write_text(NEVER_ENDS, encoding="utf-8")
    assert [d.severity for d in check_path(path)] == ["warning"]  # "4 cell(s) can never open"
    rules = load(path)
    assert rules.move_limit == DEFAULT_MOVE_LIMIT == 10_000
    state = new_game(rules, 2)
    played = state.random_playout(random.Random(1))
    outcome = state.outcome()
    assert outcome is not None and outcome.termination is Termination.CAPPED
    assert played == DEFAULT_MOVE_LIMIT
