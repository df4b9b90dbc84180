"""docs/plugins.md is what an outside author has: its links stay inside the repository, and it
states the rules a plug-in is held to (the engine contract, the move limit, the names)."""

from __future__ import annotations

import re
from pathlib import Path

from marblestudio.engine import family

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "plugins.md"


def test_every_link_of_the_plugin_guide_is_a_file_of_the_repository() -> None:
    text = DOC.read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)#]+)\)", text):
        if "://" in target:
            continue
        path = (DOC.parent / target).resolve()
        assert path.is_relative_to(ROOT) and path.exists(), target


def test_the_plugin_guide_states_the_contract_a_plugin_is_held_to() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert "Outcome.capped(ruleset.move_limit)" in text  # the engine ends a game at the move limit
    assert "`<section>__<name>`" in text  # how a schema fragment names its definitions
    assert "never (offer a pass" in text  # legal_moves() is empty only at chance or the end
    for name in family.reserved():
        assert f"`{name}`" in text, name
