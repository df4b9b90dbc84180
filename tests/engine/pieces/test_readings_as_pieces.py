"""A fixed reading written as a rule piece plays exactly like the engine's own reading.

GAMES.md section 1: a player may not move the slide the player before moved ([book];
`previous_slide: forbidden`).  Written as a constraint on top of `previous_slide: allowed`, the
same seeded random games must give the same moves and the same results: the rules language says
what the reading says."""

from __future__ import annotations

import random
from pathlib import Path

import yaml

from marblestudio.engine import new_game
from marblestudio.engine.core import play_random
from marblestudio.rulesets import load_with_source

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
    fired = 0
    for seed in range(25):
        games = []
        for rules in (book, piece):
            state = new_game(rules, 2)
            moves = [str(m) for m, _ in play_random(state, random.Random(seed))]
            games.append((moves, state.outcome()))
        assert games[0] == games[1], f"seed {seed}: the piece and the book's reading part ways"
        fired += state.fired()["previous slide"]  # type: ignore[attr-defined]
    assert fired > 1000  # it really left moves out, at most decisions
