"""Write the golden Stay Alive records and their expected `replay` output (run by hand, on purpose).

    .venv/bin/python tests/golden/regenerate.py

Each game is game i of a seeded `simulate` run (random players).  Only regenerate after a
deliberate change of the engine's events or of the replay output, and read the diff.
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
GAMES = [  # (ruleset, players, seed, game index)
    ("stay-alive/standard", 2, "golden", 0),
    ("stay-alive/quick", 3, "golden", 1),
    ("stay-alive/two-knob", 2, "golden", 2),
    ("stay-alive/any-slide", 4, "golden", 3),
]


def name_of(ruleset: str, players: int) -> str:
    return f"{ruleset.replace('/', '-')}-{players}p"


def main_() -> int:
    os.chdir(HERE)
    for ruleset, players, seed, index in GAMES:
        loaded = load_with_source(ruleset)
        result = play_game(loaded.rules, players, game_rng(seed, index))
        names = [loaded.rules.presentation.seat_name(s) for s in range(players)]
        record = record_from_game(loaded.rules.id, loaded.resolved, player_entries(names), result.moves,
                                  result.outcome, seed=seed, game=index)
        stem = name_of(ruleset, players)
        save_record(f"{stem}.json", record)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = main(["replay", f"{stem}.json"])
        if code != 0:
            print(f"{stem}: replay failed", file=sys.stderr)
            return 1
        Path(f"{stem}.txt").write_text(out.getvalue(), encoding="utf-8")
        print(f"{stem}: {len(record.moves)} moves, {result.outcome.termination.value} {list(result.outcome.winners)}")
    return 0


if __name__ == "__main__":
    sys.exit(main_())
