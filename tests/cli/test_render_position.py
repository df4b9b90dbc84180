"""`marblestudio render --position` refuses a position in the words `simulate` uses, naming the
field at fault (docs/notation.md, "Positions"): the engine's own reading says it for both."""

from __future__ import annotations

from pathlib import Path

import pytest

from marblestudio.cli import main

BASE = ("stay-alive players=2 phase=sliding turn=1 slides=20112220020012 marbles=e3,g3,g5,g6,d7/a5,a6,e6 hand=0/0 "
        "fallen=0/2 last=W2 streak=1 own-last=W2/R7 own-streak=1/1 moves=13 result=-")
FIVE = ("stay-alive players=5 phase=sliding turn=1 slides=20112220020012 marbles=e3,g3,g5,g6,d7/a5,a6,e6/-/-/- "
        "hand=0/0/0/0/0 fallen=0/2/5/5/5 moves=13 result=-")
"""stay-alive/standard is for 2 to 4 players."""


def refusals(position: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    """What render and simulate say of `position` (after their own names and '--position: ')."""
    assert main(["render", "stay-alive/standard", "--out", str(tmp_path / "r.png"), "--position", position]) == 1
    rendered = capsys.readouterr().err.strip()
    assert main(["simulate", "stay-alive/standard", "--games", "1", "--workers", "1", "--game", "0",
                 "--position", position]) == 1
    simulated = capsys.readouterr().err.strip()
    assert rendered.startswith("marblestudio render: --position: ") and simulated.startswith("simulate: --position: ")
    assert not (tmp_path / "r.png").exists()
    return rendered.partition("--position: ")[2], simulated.partition("--position: ")[2]


def test_a_player_count_out_of_range_names_the_players_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rendered, simulated = refusals(FIVE, tmp_path, capsys)
    assert rendered == simulated == "position field 'players': stay-alive/standard is for 2 to 4 players, not 5"


def test_a_game_past_the_move_limit_is_refused_alike(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rendered, simulated = refusals(BASE.replace("moves=13", "moves=5000"), tmp_path, capsys)
    assert rendered == simulated == ("position field 'moves': 5000 moves: the move limit of stay-alive/standard ends the "
                                     "game at 1000")
