"""Game > Play Again (Ctrl+R): another game of the game on the table, the same rules and players
from the same start, newly dealt; the book's answer to a stalemate in Rock Me Archimedes."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from marblestudio import rulesets
from marblestudio.session import HUMAN, Session
from marblestudio.views import main_window as main_window_module
from marblestudio.views.main_window import MainWindow

from .window_fixtures import MATCH, Answers, answers, human_to_move, resign_now, window  # noqa: F401

pytestmark = pytest.mark.gl


@pytest.fixture
def seed(monkeypatch: pytest.MonkeyPatch) -> int:
    """The seed the next unseeded game draws."""
    monkeypatch.setattr(main_window_module, "_new_seed", lambda: 424242)
    return 424242


def test_play_again_deals_a_new_game_of_the_same_rules_and_players(qtbot: QtBot, window: MainWindow, answers: Answers, seed: int) -> None:
    assert not window.again_action.isEnabled()  # the library: no game to play again
    assert window.start_game("alive/standard", [HUMAN, "easy", HUMAN], seed=2)
    first = human_to_move(qtbot, window)
    assert window.again_action.isEnabled() and window.again_action.shortcut().toString() == "Ctrl+R"
    hands = first.state.position()
    resign_now(qtbot, window)
    assert "Game > Play Again (Ctrl+R) starts another." in window.message_label.text()

    window.activateWindow()  # shortcuts work in the active window only
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=2000)
    qtbot.keyClick(window.game.scene, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    again = human_to_move(qtbot, window)
    assert again is not first and not again.is_over()
    assert again.rules is first.rules and again.seats == [HUMAN, "easy", HUMAN] and again.seed == seed
    assert again.state.position() != hands  # dealt anew
    assert len(answers.questions) == 1 and "not saved" in answers.questions[0]  # the resigned game was offered first
    assert not window.banner.isVisible() and window.message_label.text() == ""
    assert window.windowTitle().startswith("ALIVE") and "new game" in window.windowTitle()


def test_play_again_keeps_an_unsaved_game_when_the_player_cancels(qtbot: QtBot, window: MainWindow, answers: Answers) -> None:
    assert window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=2)
    first = human_to_move(qtbot, window)
    first.play(first.state.legal_moves()[0])
    answers.answer = QMessageBox.StandardButton.Cancel
    assert not window.play_again()
    assert window.game.session is first and first.ply == 2 and answers.questions


def test_a_game_begun_from_a_position_is_played_again_from_it(qtbot: QtBot, window: MainWindow, seed: int) -> None:
    loaded = rulesets.load_with_source("stay-alive/standard")
    played = Session(loaded.rules, [HUMAN, HUMAN], 5, loaded.resolved, "stay-alive/standard")
    played.advance_chance()
    for _ in range(4):
        played.play(played.state.legal_moves()[0])
    start = played.state.position()
    assert window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=9, start=start)
    first = human_to_move(qtbot, window)
    first.play(first.state.legal_moves()[-1])
    first.saved = True
    assert window.play_again()
    again = human_to_move(qtbot, window)
    assert again.start == start and again.ply == 0 and again.state.position() == start


def test_play_again_waits_for_the_end_of_a_match_then_starts_a_new_one(qtbot: QtBot, window: MainWindow, tmp_path: Path, seed: int) -> None:
    path = tmp_path / "quick-match.yaml"
    path.write_text(MATCH, encoding="utf-8")
    assert window.start_game(str(path), [HUMAN, HUMAN], seed=7)
    human_to_move(qtbot, window)
    resign_now(qtbot, window)  # game 1 of 2: the match goes on with Next Game
    assert not window.again_action.isEnabled() and "Play Again" not in window.message_label.text()
    assert not window.play_again()
    window.matches.next_action.trigger()  # type: ignore[union-attr]
    human_to_move(qtbot, window)
    resign_now(qtbot, window)
    assert window.seats_bar.text().startswith("Match over after 2 games:")
    assert window.again_action.isEnabled() and "Game > Play Again (Ctrl+R) starts another." in window.message_label.text()
    window.game.session.saved = True  # type: ignore[union-attr]
    assert window.play_again()
    human_to_move(qtbot, window)
    assert window.seats_bar.text().startswith("Match, game 1 of 2:")
    assert [label.text() for label in window.seats_bar.scores] == ["0 pts", "0 pts"]
