"""The Hint action: the computer suggests a move for the human, in its worker process, shown in
the status bar and on the board; a stale answer is dropped; no hint on the computer's turn."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from marblestudio.agents import HINT
from marblestudio.session import HUMAN
from marblestudio.agents.tasks import hint_move
from marblestudio.views.main_window import MainWindow

from .helpers import open_main_window

pytestmark = pytest.mark.gl


@pytest.fixture
def window(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    monkeypatch.setattr(QMessageBox, "question", lambda *_a: QMessageBox.StandardButton.Discard)
    win = open_main_window(qtbot, 1000, 700)
    win.hints.hint_level = {"spec": "mcts:40", "time_limit": 20.0}
    yield win
    win.hints.hint_worker.shutdown()
    win.game.shutdown()


def test_the_hint_is_a_legal_move_for_the_seat_to_move() -> None:
    from marblestudio.rulesets import load
    from marblestudio.engine import new_game

    rules = load("stay-alive/quick")
    state = new_game(rules, 2)
    setup = state.sample_chance(__import__("random").Random("h"))
    notation, note = hint_move(rules, 2, [str(setup)], 7, "mcts:30", 10.0)
    state.apply(setup)
    assert state.parse_move(notation) in state.legal_moves()
    assert "% of the search" in note
    assert hint_move(rules, 2, [str(setup)], 7, "mcts:30", 10.0) == (notation, note)  # same seed, same hint
    assert HINT.spec == "hint"  # a level: each game's player sets its budget


@pytest.mark.parametrize("ref", ["stay-alive/standard", "alive/standard", "avalanche/standard", "archimedes/standard"])
def test_every_game_family_gets_a_legal_hint_after_its_set_up(ref: str) -> None:
    import random

    from marblestudio.engine import new_game
    from marblestudio.engine.core import CHANCE
    from marblestudio.rulesets import load

    rules = load(ref)
    state = new_game(rules, rules.players.default)
    rng, moves = random.Random(ref), []
    while state.to_move == CHANCE:
        move = state.sample_chance(rng)
        state.apply(move)
        moves.append(str(move))
    notation, _ = hint_move(rules, rules.players.default, moves, 2, "mcts:20", 10.0)
    assert state.parse_move(notation) in state.legal_moves()


def test_hint_shows_a_suggestion_in_the_status_bar_and_on_the_board(qtbot: QtBot, window: MainWindow) -> None:
    assert window.hint_action.shortcut().toString() == "Ctrl+H"
    assert window.start_game("stay-alive/quick", [HUMAN, "easy"], seed=11)
    session = window.game.session
    assert session is not None
    qtbot.waitUntil(lambda: bool(window.game.legal_targets()), timeout=15000)
    assert window.hint_action.isEnabled()
    board = window.game.board
    marked: list[Any] = []
    real = board.set_highlight

    def spy(legal: set[Any], hover: Any) -> None:
        marked.append(hover)
        real(legal, hover)

    board.set_highlight = spy  # type: ignore[method-assign]
    with qtbot.waitSignal(window.hints.hint_worker.hinted, timeout=60000):
        window.hint_action.trigger()
        assert "Thinking of a move" in window.message_label.text()
    assert window.hints.last_hint is not None
    move = session.state.parse_move(window.hints.last_hint)
    assert move in session.state.legal_moves()
    assert f"Hint for {session.seat_name(0)}: {window.hints.last_hint}" in window.message_label.text()
    assert marked and marked[-1] == board.target_of(move) is not None
    assert session.waiting_for_human() and session.ply == 1  # a hint plays nothing
    # the hint is the selection: a mouse passing over another target and leaving does not
    # lose it, and Return plays it
    scene = window.game.scene
    assert scene.selected == board.target_of(move)
    other = next(k for k in window.game.legal_targets() if k != scene.selected)
    scene._set_hover(other)
    assert marked[-1] == other
    scene._set_hover(None)
    assert marked[-1] == board.target_of(move)
    qtbot.keyClick(scene, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: session.ply >= 2, timeout=10000)
    assert str(session.moves[1]) == window.hints.last_hint


def test_a_hint_that_comes_after_the_game_moved_on_is_dropped(qtbot: QtBot, window: MainWindow) -> None:
    assert window.start_game("stay-alive/quick", [HUMAN, HUMAN], seed=3)
    session = window.game.session
    qtbot.waitUntil(lambda: bool(window.game.legal_targets()), timeout=15000)
    with qtbot.waitSignal(window.hints.hint_worker.hinted, timeout=60000):
        assert window.hint()
        session.play(session.state.legal_moves()[0])  # the human moved before the answer came
    assert window.hints.last_hint is None
    assert "Hint for" not in window.message_label.text()


def test_no_hint_when_no_human_is_to_move(qtbot: QtBot, window: MainWindow) -> None:
    assert not window.hint()  # no game yet
    assert "your turn" in window.message_label.text()
    assert window.start_game("stay-alive/quick", ["easy", "easy"], seed=1)
    assert not window.hint_action.isEnabled()
    assert not window.hint()
