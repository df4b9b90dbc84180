"""The README's worked house rule is a valid ruleset, and its commands exist."""

from __future__ import annotations

import re
from pathlib import Path

from project import ROOT
from marblestudio.cli import COMMANDS
from marblestudio.rulesets import check_path, load

README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_house_rule_validates_and_changes_what_it_says(tmp_path: Path) -> None:
    block = re.search(r"```yaml\n(.*?)```", README, re.S)
    assert block is not None
    path = tmp_path / "house.yaml"
    path.write_text(block.group(1), encoding="utf-8")
    assert [d for d in check_path(path) if d.severity == "error"] == []
    rules = load(str(path))
    assert rules.family.marbles_per_player == 3
    assert rules.family.previous_slide.value == "allowed"
    r4 = next(slide for slide in rules.family.slides if slide.id == "R4")
    assert r4.open_cells[0] == (0, 2, 4, 6)


def test_every_command_in_the_readme_exists() -> None:
    named = set(re.findall(r"^marblestudio (\w+)", README, re.M))
    assert named, "the README names no command"
    assert named <= set(COMMANDS)
