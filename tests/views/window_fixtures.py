"""What the window's tests share: a shown main window whose message boxes answer themselves,
records of finished games, and ways to click and read the window."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QTextDocument
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from marblestudio import rulesets
from marblestudio.records import save_record
from marblestudio.session import HUMAN, Session, to_record
from marblestudio.views.main_window import MainWindow

from house_texts import quick_match

from .helpers import open_main_window, random_game


MATCH = quick_match(2, (3, 1))
"""A ruleset with a match of two games (saved to a file by the tests that play it)."""


class Answers:
    """Stands in for QMessageBox: records the questions and gives a set answer."""

    def __init__(self) -> None:
        self.questions: list[str] = []
        self.warnings: list[str] = []
        self.answer = QMessageBox.StandardButton.Discard

    def question(self, _parent: object, _title: str, text: str, *_args: object) -> QMessageBox.StandardButton:
        self.questions.append(text)
        return self.answer

    def warning(self, _parent: object, _title: str, text: str, *_args: object) -> QMessageBox.StandardButton:
        self.warnings.append(text)
        return QMessageBox.StandardButton.Ok


@pytest.fixture
def answers(monkeypatch: pytest.MonkeyPatch) -> Answers:
    box = Answers()
    monkeypatch.setattr(QMessageBox, "question", box.question)
    monkeypatch.setattr(QMessageBox, "warning", box.warning)
    return box


@pytest.fixture
def window(qtbot: QtBot, answers: Answers) -> MainWindow:
    win = open_main_window(qtbot, 1100, 760)
    return win


def finished_record(tmp_path: Path, ref: str = "stay-alive/quick", seed: str = "watch", resign_after: int | None = None) -> Path:
    """A record of a game played to its end with seeded random moves, or resigned by the first
    seat after `resign_after` steps."""
    loaded = rulesets.load_with_source(ref)
    seats = [HUMAN] + ["medium"] * (loaded.rules.players.default - 1)
    session = Session(loaded.rules, seats, 3, loaded.resolved, ref)
    moves = random_game(session.state.copy(), seed)
    for move in moves if resign_after is None else moves[:resign_after]:
        session.play(move)
    if resign_after is not None:
        session.resign(0)
    assert session.is_over()
    path = tmp_path / "finished.json"
    save_record(path, to_record(session))
    return path


def plain_text(rich: str) -> str:
    """Rich text as a reader sees it: no tags, single spaces."""
    doc = QTextDocument()
    doc.setHtml(rich)
    return " ".join(doc.toPlainText().replace("\xa0", " ").split())


def human_place(qtbot: QtBot, win: MainWindow) -> None:
    """Click the first legal cell through the scene (projected from the board, picked by ray)."""
    game = win.game
    qtbot.waitUntil(lambda: bool(game.legal_targets()), timeout=15000)
    key = next(iter(game.legal_targets()))
    point = game.board.world_position(key)  # type: ignore[union-attr]
    assert point is not None
    game.scene.click_at(*game.scene.screen_position(point))



def answer_resign(window: MainWindow, accept: bool) -> None:
    """Answer the next "Resign?" question: its Resign button, or Escape.

    The answer waits, a few milliseconds at a time, until the question is on screen: a single
    timer could fire before the dialog's event loop showed it (on a loaded machine), and then
    nobody would ever close the modal dialog and the test would hang."""
    timer = QTimer(window)
    timer.setInterval(5)
    tries = [0]

    def answer() -> None:
        box = window.resign_box
        tries[0] += 1
        if box is None or not box.isVisible():
            if tries[0] > 4000:  # 20 s: give up rather than hang (the test then fails on its result)
                timer.stop()
            return
        timer.stop()
        if accept:
            box.button(QMessageBox.StandardButton.Yes).click()
        else:
            QTest.keyClick(box, Qt.Key.Key_Escape)

    timer.timeout.connect(answer)
    timer.start()


def human_to_move(qtbot: QtBot, window: MainWindow) -> Session:
    """The game on the table, once a person is to move in it."""
    qtbot.waitUntil(lambda: window.game.session is not None and window.game.session.waiting_for_human(), timeout=10000)
    session = window.game.session
    assert session is not None
    return session


def resign_now(qtbot: QtBot, window: MainWindow) -> None:
    """Resign for the person to move (answering the question) and wait for the result."""
    answer_resign(window, accept=True)
    window.resign_action.trigger()
    qtbot.waitUntil(lambda: window.banner.isVisible(), timeout=10000)
