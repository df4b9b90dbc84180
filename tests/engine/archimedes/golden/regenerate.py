"""Write the golden Archimedes records and their expected `replay` output (run by hand, on purpose).

    .venv/bin/python tests/engine/archimedes/golden/regenerate.py

Each game is game i of a seeded run of random players, picked to end one way or another: a
tip without the platform, four marbles home in the standard game.  Only regenerate after a
deliberate change of the engine's events, the notation or the replay output, and read the diff.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from pathlib import Path

from marblestudio.cli import main
from marblestudio.playtest import game_rng, play_game
from marblestudio.records import player_entries, record_from_game, save_record
from marblestudio.rulesets import load_with_source

HERE = Path(__file__).resolve().parent
GAMES = [  # (ruleset, seed, game index)
    ("archimedes/variation-4", "golden", 3),  # a tip after 73 moves
    ("archimedes/standard", "golden", 15),  # four marbles home
]


def name_of(ruleset: str) -> str:
    return ruleset.replace("/", "-")


def main_() -> int:
    os.chdir(HERE)
    for ruleset, seed, index in GAMES:
        loaded = load_with_source(ruleset)
        result = play_game(loaded.rules, 2, game_rng(seed, index))
        names = [loaded.rules.presentation.seat_name(s) for s in range(2)]
        record = record_from_game(loaded.rules.id, loaded.resolved, player_entries(names), result.moves,
                                  result.outcome, seed=seed, game=index)
        stem = name_of(ruleset)
        save_record(f"{stem}.json", record)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = main(["replay", f"{stem}.json"])
        if code != 0:
            print(f"{stem}: replay failed", file=sys.stderr)
            return 1
        Path(f"{stem}.txt").write_text(out.getvalue(), encoding="utf-8")
        print(f"{stem}: {len(record.moves)} moves, {result.outcome.reason}")
    return 0


if __name__ == "__main__":
    sys.exit(main_())
