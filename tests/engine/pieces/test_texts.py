"""A text a rule compares with that the game never shows is warned of (`engine.pieces.texts`):
the reviewer's `event.card in ['DRAW', 'SKIP']` validated cleanly and matched only SKIPs, as ALIVE's
deck has DRAW1 and DRAW2.  And the texts each family names are the texts its games really show, so
that the warning never falls on a text that can happen."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE
from marblestudio.engine.pieces import texts
from marblestudio.engine.pieces.program import family_hooks
from marblestudio.rulesets import check_path, load

HOUSE = Path(__file__).resolve().parents[3] / "examples" / "house-rules"
RULESETS = {
    "stay-alive": ["stay-alive/standard", "stay-alive/big-board", str(HOUSE / "stay-alive-neutral.yaml")],
    "alive": ["alive/standard", "alive/team-play", "alive/limit-31", str(HOUSE / "alive-pass-the-draw.yaml"),
              str(HOUSE / "alive-pass-the-skip.yaml"), str(HOUSE / "alive-bomb-shelter.yaml")],
    "avalanche": ["avalanche/standard", "avalanche/expert-2", "avalanche/partnership", "avalanche/two-cards"],
    "archimedes": ["archimedes/standard", "archimedes/variation-3", str(HOUSE / "archimedes-lose-a-marble.yaml")],
}


@pytest.mark.parametrize("game", sorted(RULESETS))
def test_every_text_a_game_shows_is_one_the_family_names(game: str) -> None:
    hooks = family_hooks(game)
    every: set[str] = set()  # the fields and names seen in any of the games
    for ref in RULESETS[game]:
        seen: dict[str, set[str]] = {}
        rules = load(ref)
        known = texts.domains(hooks.texts, new_game(rules, None))
        for seed in range(4):
            rng = random.Random(seed)
            state = new_game(rules, None)
            for _ in range(3000):
                if state.outcome() is not None:
                    break
                for name in hooks.names:
                    if name in known:
                        seen.setdefault(name, set()).add(hooks.names[name].read(SimpleNamespace(state=state)))
                if state.to_move == CHANCE:
                    move: Any = state.sample_chance(rng)
                else:
                    legal = state.legal_moves()
                    assert hooks.move_fields is not None
                    for judged in legal[:40]:
                        for key, value in hooks.move_fields(state, judged).items():
                            seen.setdefault(f"move.{key}", set()).add(value)
                    move = rng.choice(legal)
                for event in state.apply(move):
                    for key, value in event.data:
                        seen.setdefault(f"event.{key}", set()).add(value)
        for key, values in known.items():
            strange = seen.get(key, set()) - values
            assert not strange, f"{ref}: {key} showed {sorted(strange)}, which the family's texts leave out"
        every |= set(seen)
    assert set(hooks.texts) <= every, sorted(set(hooks.texts) - every)  # each named text field was seen


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    return path


ALIVE_DRAW = """\
format: 1
extends: alive/standard
id: alive/draw-skip-point
name: ALIVE, draw or skip scores
rules:
  - name: draw or skip scores
    on: card_played
    if: event.card in ['DRAW', 'SKIP']
    then: score
  - name: draw only
    on: card_played
    if: "'DRAW2' != event.card and top_card == 'bomb'"
    then: score
"""


def test_a_card_the_deck_lacks_is_a_warning_at_its_line_and_column(tmp_path: Path) -> None:
    found = check_path(_write(tmp_path, ALIVE_DRAW))
    assert [(d.line, d.column, d.severity) for d in found] == [(8, 24, "warning"), (12, 48, "warning")]
    first, second = (d.message for d in found)
    assert first.startswith("event.card is never 'DRAW' in these rules, so this comparison never holds "
                            "(did you mean 'DRAW1' or 'DRAW2'?): it is one of '0', '1'")
    assert "'SKIP'" in first and "'REDEAL'" in first
    assert second.startswith("top_card is never 'bomb'") and "(did you mean 'BOMB'?)" in second
    assert load(str(tmp_path / "house.yaml")).id == "alive/draw-skip-point"  # a warning: the rules still load


def test_texts_the_game_shows_and_the_empty_text_are_not_warned_of(tmp_path: Path) -> None:
    text = ALIVE_DRAW.replace("['DRAW', 'SKIP']", "['DRAW1', 'DRAW2', 'SKIP', '']").replace("'bomb'", "'BOMB'")
    assert check_path(_write(tmp_path, text)) == []


def test_a_move_kind_a_ruleset_extends_with_is_checked_by_its_family(tmp_path: Path) -> None:
    text = """\
format: 1
extends: stay-alive/standard
id: stay-alive/jam
name: jam
rules:
  - name: jammed
    forbid: move.kind == 'slid' and move.slide == 'R4' or move.slide == 'R9'
    because: R4 is jammed
  - name: ends
    on: game_over
    if: event.termination != 'won' and move.kind not in ['power', 'chance']
    then: score
"""
    found = check_path(_write(tmp_path, text))
    assert [(d.line, d.column, d.message.split(" in these rules")[0]) for d in found] == [
        (7, 26, "move.kind is never 'slid'"),  # R4 is a slide of the standard board
        (7, 73, "move.slide is never 'R9'"),
        (11, 30, "event.termination is never 'won'"),  # shared by every game
    ]
    assert "(did you mean 'slide'?)" in found[0].message and "(did you mean 'win'?)" in found[2].message
