"""Positions round-trip on every bundled ruleset of every family (docs/notation.md, "Positions").

Over seeded random games: at every step `from_position(rules, state.position())` writes the same
text back and shows the same game (to move, counts, views, legal moves); from sampled steps the
game read back goes on exactly as the original (the same events for the same moves, to the same
end).  And text that is not a position is refused naming the field at fault.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from marblestudio.engine import PositionError, from_position, new_game
from marblestudio.engine.core import CHANCE, State, plain, play_random
from marblestudio.engine.rules import Ruleset
from marblestudio.playtest import game_rng
from marblestudio.rulesets import load_with_source
from marblestudio.rulesets.catalog import list_rulesets

BUNDLED = sorted(entry.id for entry in list_rulesets() if entry.bundled)
COOKBOOK = sorted((Path(__file__).resolve().parents[2] / "examples" / "house-rules").glob("*.yaml"))
CONTINUED = 4  # steps per game from which the rest of the game is played from the position read back
STEP_LIMIT = 600  # long games (Archimedes) are checked on their first steps


def observed(state: State) -> tuple[Any, ...]:
    over = state.outcome() is not None
    return (
        state.to_move if not over else None,
        state.outcome(),
        dict(state.counts()),
        plain(state.public_view()),
        [plain(state.observation(seat)) for seat in range(state.num_players)],
        [str(m) for m in state.legal_moves()] if not over and state.to_move != CHANCE else [],
    )


@pytest.mark.parametrize("ruleset_id", BUNDLED)
def test_positions_round_trip_and_play_on_the_same(ruleset_id: str) -> None:
    round_trips(load_with_source(ruleset_id).rules)


@pytest.mark.parametrize("path", COOKBOOK, ids=lambda p: p.stem)
def test_house_rule_positions_keep_what_the_rules_remember(path: Path) -> None:
    """A house rule's pieces remember turns, scores and powers used: the position holds them too."""
    round_trips(load_with_source(str(path)).rules)


def round_trips(rules: Ruleset) -> None:
    for index, players in enumerate(sorted({rules.players.default, rules.players.max})):
        rng = game_rng("positions", index)
        state = new_game(rules, players)
        moves = [move for move, _ in play_random(state.copy(), rng, STEP_LIMIT)]
        continue_at = set(random.Random(index).sample(range(len(moves) + 1), min(CONTINUED, len(moves) + 1)))
        for step in range(len(moves) + 1):
            text = state.position()
            assert "\n" not in text and text.startswith(f"{rules.game} players={players} ")
            again = from_position(rules, text)
            assert again.position() == text, f"step {step}"
            assert observed(again) == observed(state), f"step {step}: {text}"
            if step in continue_at:
                original = state.copy()
                for move in moves[step:]:
                    assert [str(e) for e in again.apply(again.parse_move(str(move)))] == [str(e) for e in original.apply(move)]
                assert again.outcome() == original.outcome()
                assert again.position() == original.position()
            if step < len(moves):
                state.apply(moves[step])


def test_a_position_of_another_game_is_refused() -> None:
    rules = load_with_source("stay-alive/standard").rules
    with pytest.raises(PositionError, match="a position of alive, but the rules stay-alive/standard are stay-alive"):
        from_position(rules, "alive players=2 turn=0")


@pytest.mark.parametrize(
    ("text", "field", "message"),
    [
        ("", None, "empty"),
        ("players=2", None, "starts with the field 'players=2'"),
        ("stay-alive turn=0", "players", "missing"),
        ("stay-alive players=two", "players", "'two' is not a number"),
        ("stay-alive players=2 players=3", "players", "given twice"),
        ("stay-alive players=2 turn", None, "'turn' is not a field"),
        ("stay-alive players=9", "players", "stay-alive/standard is for 2 to 4 players, not 9"),
    ],
)
def test_text_that_is_not_a_position_names_the_field(text: str, field: str | None, message: str) -> None:
    rules = load_with_source("stay-alive/standard").rules
    with pytest.raises(PositionError, match=message) as caught:
        from_position(rules, text)
    assert caught.value.field == field


def test_an_unknown_field_is_refused_by_name() -> None:
    rules = load_with_source("stay-alive/standard").rules
    state = new_game(rules, 2)
    with pytest.raises(PositionError, match="position field 'colour': not a field of stay-alive positions") as caught:
        from_position(rules, state.position() + " colour=red")
    assert caught.value.field == "colour"


def test_every_position_in_the_notation_document_reads_back() -> None:
    """docs/notation.md's examples are real positions of each family's standard rules (an
    example abridged with a '...' item aside), each written back as it stands."""
    import re

    text = (Path(__file__).resolve().parents[2] / "docs" / "notation.md").read_text()
    lines = [line for block in re.findall(r"```[a-z]*\n(.*?)```", text, re.S) for line in block.splitlines()
             if re.match(r"[a-z-]+ players=", line) and not re.search(r"[=,/ ]\.\.\.", line)]
    assert {line.split()[0] for line in lines} == {"stay-alive", "alive", "avalanche", "archimedes", "mancala"}
    for line in lines:
        game = line.split()[0]
        rules = load_with_source("mancala/kalah" if game == "mancala" else f"{game}/standard").rules
        assert from_position(rules, line).position() == line
