"""A team game of two sides in the window: four seats, the partners' turns named, each seat's
side described in the seats bar."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from marblestudio.engine.core import CHANCE
from marblestudio.session import HUMAN

from .helpers import open_main_window
from .window_fixtures import Answers, answers, plain_text  # noqa: F401 - the fixture

ROOT = Path(__file__).resolve().parents[2]


def test_partners_play_in_turn_on_one_board(qtbot: QtBot, answers: Answers) -> None:  # noqa: F811
    window = open_main_window(qtbot, 1100, 760)
    assert window.start_game(str(ROOT / "examples" / "house-rules" / "mancala-partners.yaml"), [HUMAN] * 4, seed=1)
    session = window.game.session
    assert session is not None and session.num_players == 4
    for text, mover in (("c", 0), ("a", 0), ("A", 1), ("f", 2)):
        assert session.state.to_move == mover
        qtbot.waitUntil(lambda: bool(window.game.legal_targets()), timeout=5000)
        window.game.play_text(text)
    qtbot.waitUntil(lambda: "North partner" in plain_text(window.turn_label.text()), timeout=5000)
    entries = window.seat_entries(session, window.game.board.describe(session.state.public_view()))  # type: ignore[union-attr]
    assert [name for name, _, _ in entries] == ["South", "North", "South partner", "North partner"]
    assert entries[2][2] == entries[0][2] and entries[3][2] == entries[1][2] and entries[0][2]
    assert session.state.to_move != CHANCE
