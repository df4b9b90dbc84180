"""A game set up from a position plays on in the window: its computer seats move in that position
and a hint reads it (a review found such games stalled at the first computer move)."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from marblestudio import rulesets
from marblestudio.session import HUMAN, Session
from marblestudio.views.main_window import MainWindow

from .window_fixtures import answers, window  # noqa: F401

pytestmark = pytest.mark.gl

KALAH = "mancala players=2 turn=0 houses=0,0,1,4,3,9/1,2,0,2,0,1 stores=20/5 moves=14 result=-"
STAY_ALIVE = ("stay-alive players=2 phase=sliding turn=0 slides=20112220020012 marbles=e3,g3,g5,g6,d7/a5,a6,e6 hand=0/0 "
              "fallen=0/2 last=R7 streak=1 own-last=R7/R7 own-streak=1/1 moves=13 result=-")


def test_computer_seats_play_on_from_the_start_position(qtbot: QtBot, window: MainWindow) -> None:
    session = Session(rulesets.load("mancala/kalah"), ["easy", "easy"], seed=1, start=KALAH)
    window.set_session(session)
    qtbot.waitUntil(lambda: session.ply >= 4 or session.state.outcome() is not None, timeout=20000)
    assert "illegal" not in window.message_label.text()


def test_a_hint_in_a_game_from_a_position(qtbot: QtBot, window: MainWindow) -> None:
    session = Session(rulesets.load("stay-alive/standard"), [HUMAN, HUMAN], seed=1, start=STAY_ALIVE)
    window.set_session(session)
    window.hints.hint_level = {"spec": "mcts:50", "time_limit": 5.0}
    assert window.hints.hint()
    qtbot.waitUntil(lambda: window.hints.last_hint is not None or "No hint" in window.message_label.text(), timeout=20000)
    assert window.hints.last_hint is not None, window.message_label.text()
