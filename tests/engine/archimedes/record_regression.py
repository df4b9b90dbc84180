"""Record seeded random Archimedes games for `test_speed_regression.py` (run by hand, on purpose).

    .venv/bin/python tests/engine/archimedes/record_regression.py

The data was written by the engine BEFORE it was made faster (the engine of commit 02ddfc7): the
point of the regression test is that the fast engine plays every one of these games exactly as
the old one did.  For each decision it keeps the move's notation, the events of the move (as
printed), and a digest of the full list of legal moves in order (the order decides which move a
seeded random player picks).  Only regenerate after a deliberate change of the rules, the events
or the notation, and read the diff first.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE
from marblestudio.engine.rules import Ruleset
from marblestudio.playtest import game_rng
from marblestudio.rulesets import load

DATA = Path(__file__).resolve().parent / "golden" / "speed-regression.json.gz"
RULESETS = [f"archimedes/{name}" for name in ("standard", "variation-1", "variation-2", "variation-3", "variation-4", "variation-5")]
GAMES_PER_RULESET = 5
SEED = "speed-regression"


def legal_digest(moves: list[Any]) -> str:
    """A short digest of the legal moves' notations, in order."""
    return hashlib.sha1("\n".join(map(str, moves)).encode()).hexdigest()[:12]


def play(rules: Ruleset, rng: random.Random) -> dict[str, Any]:
    """One game of uniformly random moves: per step, [notation, events, digest of the legal moves]."""
    state = new_game(rules, 2)
    steps: list[list[Any]] = []
    while state.outcome() is None:
        if state.to_move == CHANCE:
            move = state.sample_chance(rng)
            digest = ""
        else:
            legal = state.legal_moves()
            move = legal[rng.randrange(len(legal))]
            digest = legal_digest(legal)
        events = state.apply(move)
        steps.append([str(move), [str(e) for e in events], digest])
    outcome = state.outcome()
    assert outcome is not None
    return {"steps": steps, "outcome": outcome.to_json(), "counts": dict(state.counts())}


def record() -> list[dict[str, Any]]:
    games = []
    for ruleset_id in RULESETS:
        rules = load(ruleset_id)
        for index in range(GAMES_PER_RULESET):
            game = play(rules, game_rng(SEED, index))
            games.append({"ruleset": ruleset_id, "seed": SEED, "game": index, **game})
    return games


def main() -> int:
    games = record()
    text = json.dumps(games, separators=(",", ":"), sort_keys=True)
    DATA.write_bytes(gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0))
    for game in games:
        print(f"{game['ruleset']} game {game['game']}: {len(game['steps'])} steps, {game['outcome']['reason']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
