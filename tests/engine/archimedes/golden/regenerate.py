"""Write the golden Archimedes records and their expected `replay` output (run by hand, on purpose).

    .venv/bin/python tests/engine/archimedes/golden/regenerate.py

Each game is game i of a seeded run of random players, picked to end one way or another: a
tip without the platform, four marbles home in the standard game.  Only regenerate after a
deliberate change of the engine's events, the notation or the replay output, and read the diff.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "golden"))
from regenerate import write_golden  # noqa: E402 - tests/golden/regenerate.py, the shared writer

HERE = Path(__file__).resolve().parent
GAMES = [  # (ruleset, seed, game index)
    ("archimedes/variation-4", "golden", 3),  # a tip after 73 moves
    ("archimedes/standard", "golden", 15),  # four marbles home
]


def name_of(ruleset: str) -> str:
    return ruleset.replace("/", "-")


def main_() -> int:
    for ruleset, seed, index in GAMES:
        stem = name_of(ruleset)
        line = write_golden(HERE, stem, ruleset, 2, seed, index)
        if line is None:
            print(f"{stem}: replay failed", file=sys.stderr)
            return 1
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main_())
