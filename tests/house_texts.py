"""House-rule texts that several test modules play, check or edit (one copy each)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

FALL_AGAIN_AND_NEVER = """\
format: 1
id: house/fall-again
name: Fall again
extends: stay-alive/standard
rules:
  - name: fall again
    on: marble_fell
    if: "event.seat != mover"
    then: extra_turn
  - name: never
    on: player_out
    if: "players < 0"
    then: draw
"""
"""A rule that fires in most games and one that never can (rule coverage and its warning)."""

FALL_AGAIN_EDITED = """format: 1
id: house/fall-again
name: Fall again
extends: stay-alive/standard
rules:
  - name: fall again
    on: marble_fell
    if: event.seat != mover and marbles_left(mover) <= 2
    then: extra_turn
  - turn: {moves: 2, if: "phase == 'sliding'"}
  - forbid: "move.kind == 'slide' and move.slide == 'R1'"
    because: R1 is jammed
"""
"""A trigger, a turn shorthand and a constraint, as a person edits them (completion and hover)."""


def write_fall_again(folder: Path) -> Path:
    """`FALL_AGAIN_AND_NEVER` written to fall-again.yaml in `folder`."""
    path = folder / "fall-again.yaml"
    path.write_text(FALL_AGAIN_AND_NEVER, encoding="utf-8")
    return path


def quick_match(rounds: int, points: tuple[int, ...]) -> str:
    """A match of quick Stay Alive games, its seats rotating game by game (`match:`)."""
    return f"""\
format: 1
extends: stay-alive/quick
id: house/quick-match
name: Stay Alive, quick match
match:
  rounds: {rounds}
  points: [{", ".join(map(str, points))}]
  start: rotate
"""


HOUSE_RULES = Path(__file__).resolve().parents[1] / "examples" / "house-rules"
"""The example house rules shipped with the project."""


def house_rules(spec: str | list[dict[str, Any]], base: str, tmp_path: Path) -> Any:
    """A house ruleset, loaded: an example's file name (`HOUSE_RULES`), or a `rules:` list
    written over `base` in `tmp_path`."""
    import yaml

    from marblestudio.rulesets.loader import load_with_source

    if isinstance(spec, str):
        return load_with_source(HOUSE_RULES / spec).rules
    path = tmp_path / "house.yaml"
    path.write_text(yaml.safe_dump({"format": 1, "id": "house/test", "name": "Test", "extends": base, "rules": spec}))
    return load_with_source(path).rules
