"""A fixed reading written as a rule piece plays exactly like the engine's own reading.

GAMES.md section 1: a player may not move the slide the player before moved ([book];
`previous_slide: forbidden`).  Written as a constraint on top of `previous_slide: allowed`, the
same seeded random games must give the same moves and the same results: the rules language says
what the reading says."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import yaml

from marblestudio.engine import new_game
from marblestudio.engine.core import play_random
from marblestudio.rulesets import load_with_source

def same_games(book: Any, piece: Any, players: int, seeds: int, rule: str) -> int:
    """Play seeds 0.. under the engine's reading (`book`) and the piece version: the same moves and
    results in every game; returns how often `rule` fired in the piece version in all."""
    fired = 0
    for seed in range(seeds):
        games = []
        for rules in (book, piece):
            state = new_game(rules, players)
            moves = [str(m) for m, _ in play_random(state, random.Random(seed))]
            games.append((moves, state.outcome()))
        assert games[0] == games[1], f"seed {seed}: the piece and the engine's reading part ways"
        fired += state.fired()[rule]  # type: ignore[attr-defined]
    return fired


AS_PIECE = {
    "format": 1,
    "id": "stay-alive/previous-slide-as-a-piece",
    "name": "Previous slide, as a piece",
    "extends": "stay-alive/standard",
    "stay_alive": {"previous_slide": "allowed"},
    "rules": [{"name": "previous slide", "forbid": "move.kind == 'slide' and move.slide == previous_slide",
               "because": "the player before moved that slide"}],
}


def test_the_previous_slide_rule_as_a_constraint_plays_like_the_book(tmp_path: Path) -> None:
    path = tmp_path / "as-piece.yaml"
    path.write_text(yaml.safe_dump(AS_PIECE))
    book = load_with_source("stay-alive/standard").rules
    piece = load_with_source(path).rules
    assert book.family.previous_slide != piece.family.previous_slide  # the engine's reading is off in the piece version
    fired = same_games(book, piece, players=2, seeds=25, rule="previous slide")
    assert fired > 1000  # it really left moves out, at most decisions


OWN_TURNS_AS_PIECE = {
    "format": 1,
    "id": "stay-alive/own-turns-as-a-piece",
    "name": "Own turns, as a piece",
    "extends": "stay-alive/standard",
    "stay_alive": {"two_player_limit": "none"},
    "rules": [{"name": "same knob", "forbid": "move.kind == 'slide' and players_in == 2 and own_streak(mover) >= 2 "
                                              "and move.slide == own_slide(mover)",
               "because": "with two players left, no slide on three own turns in a row"}],
}


def test_the_two_players_left_reading_as_a_constraint_plays_like_the_engines(tmp_path: Path) -> None:
    # GAMES.md section 1, [decision] own-turns: with two players left, a player may not move one
    # slide on three own turns in a row; written as a constraint on top of two_player_limit: none.
    # Three players, so that the rule only starts once one is out.
    path = tmp_path / "own-turns.yaml"
    path.write_text(yaml.safe_dump(OWN_TURNS_AS_PIECE))
    book = load_with_source("stay-alive/standard").rules
    piece = load_with_source(path).rules
    fired = same_games(book, piece, players=3, seeds=40, rule="same knob")
    assert fired > 0  # the rule did leave moves out in these games
