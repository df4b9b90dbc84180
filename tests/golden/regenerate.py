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


def write_golden(folder: Path, stem: str, ruleset: str, players: int, seed: str, index: int) -> str | None:
    """Play game `index` of `seed` between random players, write `stem`.json and the replay
    output `stem`.txt into `folder`; a line about the game, or None if its replay failed."""
    loaded = load_with_source(ruleset)
    result = play_game(loaded.rules, players, game_rng(seed, index))
    names = [loaded.rules.presentation.seat_name(s) for s in range(players)]
    record = record_from_game(loaded.rules.id, loaded.resolved, player_entries(names), result.moves,
                              result.outcome, seed=seed, game=index)
    save_record(folder / f"{stem}.json", record)
    out = io.StringIO()
    previous = os.getcwd()
    os.chdir(folder)  # the replay output names the record as it is given
    try:
        with contextlib.redirect_stdout(out):
            code = main(["replay", f"{stem}.json"])
    finally:
        os.chdir(previous)
    if code != 0:
        return None
    (folder / f"{stem}.txt").write_text(out.getvalue(), encoding="utf-8")
    return f"{stem}: {len(record.moves)} moves, {result.outcome.termination.value} {list(result.outcome.winners)} ({result.outcome.reason})"


def main_() -> int:
    for ruleset, players, seed, index in GAMES:
        stem = name_of(ruleset, players)
        line = write_golden(HERE, stem, ruleset, players, seed, index)
        if line is None:
            print(f"{stem}: replay failed", file=sys.stderr)
            return 1
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main_())
