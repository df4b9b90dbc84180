"""Watching a record in the window (issue 14, items 1, 8 and 10): a resigned game replays to
its resignation, a failing step is reported once and stops the replay without showing hidden
cards, the buttons are icons with tooltips, and stepping through a record changes nothing in it."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QMessageBox, QPushButton
from pytestqt.qtbot import QtBot

from marblestudio.engine.core import IllegalMoveError
from marblestudio.records import load_record, replay
from marblestudio.views.main_window import MainWindow

from .window_fixtures import Answers, answers, finished_record, window  # noqa: F401

pytestmark = pytest.mark.gl


@pytest.mark.parametrize("ref", ["stay-alive/standard", "alive/standard"])
def test_a_resigned_game_replays_to_its_resignation(qtbot: QtBot, window: MainWindow, answers: Answers, tmp_path: Path, ref: str) -> None:
    path = finished_record(tmp_path, ref, resign_after=9)
    record = load_record(path)
    expected, _ = replay(record)
    assert window.open_path(path)
    session = window.game.session
    assert session is not None and not window.game.interactive
    assert session.position == 0 and not session.is_over()
    lines = window.move_log.lines()
    assert len(lines) == len(record.moves) + 1 and "resigns" in lines[-1]  # every move, not the result alone
    window.replay.speed.setCurrentIndex(window.replay.speed.findText("instant"))
    window.replay.play.setChecked(True)
    qtbot.waitUntil(lambda: not window.replay.play.isChecked(), timeout=30000)
    assert session.ply == len(record.moves)
    assert session.outcome() == record.outcome and "resigned" in window.banner.text()
    assert window.replay.slider.value() == window.replay.slider.maximum() == len(record.moves) + 1
    assert session.state.public_view() == expected.public_view()
    window.replay.step_back()
    assert not session.is_over() and session.ply == len(record.moves)
    window.replay.step_forward()
    assert session.is_over()
    assert answers.warnings == []


def test_a_step_that_fails_stops_the_replay_and_is_reported_once_without_hidden_cards(
    qtbot: QtBot, window: MainWindow, answers: Answers, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = finished_record(tmp_path, "alive/standard", resign_after=9)
    assert window.open_path(path)
    session = window.game.session
    assert session is not None
    deal = session.all_moves()[0]
    assert deal.is_chance and str(deal) != deal.public_text

    def broken() -> bool:
        raise IllegalMoveError(deal, "the game is over")

    monkeypatch.setattr(session, "redo", broken)
    window.replay.speed.setCurrentIndex(window.replay.speed.findText("instant"))
    window.replay.play.setChecked(True)
    qtbot.waitUntil(lambda: bool(answers.warnings), timeout=5000)
    qtbot.wait(300)  # many ticks of the replay timer
    assert len(answers.warnings) == 1
    assert not window.replay.play.isChecked()
    assert str(deal) not in answers.warnings[0] and deal.public_text in answers.warnings[0]


def test_an_unexpected_failure_is_shown_once(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert window.open_path(finished_record(tmp_path))
    session = window.game.session
    assert session is not None
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda _parent, _title, text, *_a: shown.append(text))

    def broken() -> bool:
        raise RuntimeError("the replay fell over")

    monkeypatch.setattr(session, "redo", broken)
    window.replay.play.setChecked(True)
    qtbot.waitUntil(lambda: bool(shown), timeout=5000)
    qtbot.wait(300)
    assert len(shown) == 1 and "the replay fell over" in shown[0]
    assert not window.replay.play.isChecked()


def test_the_replay_buttons_are_icons_with_tooltips_never_missing_glyphs(window: MainWindow) -> None:
    controls = window.replay
    buttons = [controls.first, controls.back, controls.play, controls.forward, controls.last]
    for button in buttons:
        assert not button.icon().isNull()
        assert button.toolTip()
    for button in controls.findChildren(QPushButton):
        metrics = QFontMetrics(button.font())
        assert all(metrics.inFontUcs4(ord(ch)) for ch in button.text()), button.text()
    controls.play.setChecked(True)
    assert "Pause" in controls.play.toolTip() and not controls.play.icon().isNull()
    controls.play.setChecked(False)
    metrics = QFontMetrics(controls.speed.font())
    assert all(metrics.inFontUcs4(ord(ch)) for i in range(controls.speed.count()) for ch in controls.speed.itemText(i))


def test_stepping_through_a_record_leaves_it_unchanged(qtbot: QtBot, window: MainWindow, answers: Answers, tmp_path: Path) -> None:
    path = finished_record(tmp_path)
    assert window.open_path(path)
    for _ in range(5):
        window.replay.step_forward()
    window.replay.slider.setValue(12)
    window.replay.step_back()
    assert "*" not in window.windowTitle()
    assert window.close()
    assert answers.questions == []


def test_a_click_on_a_move_in_a_replay_goes_there(window: MainWindow, tmp_path: Path) -> None:
    assert window.open_path(finished_record(tmp_path))
    session = window.game.session
    assert session is not None and session.position == 0
    item = window.move_log.topLevelItem(7)
    assert item is not None and item.font(0).italic()  # still to come
    window.move_log.itemClicked.emit(item, 0)
    assert session.position == 8 and window.replay.slider.value() == 8
    assert window.move_log.currentItem() is window.move_log.topLevelItem(7)
    assert not window.move_log.topLevelItem(7).font(0).italic()  # type: ignore[union-attr]


def test_the_timeline_keeps_a_length_one_can_drag_in_a_narrow_window(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    # At 600 pixels the buttons left the timeline some 50 pixels for a game of 141 steps.
    assert window.open_path(finished_record(tmp_path))
    for width in (600, 1400):
        window.resize(width, 800)
        qtbot.waitUntil(lambda: window.replay.width() <= width, timeout=3000)
        qtbot.wait(50)
        assert window.replay.slider.width() >= 0.6 * window.replay.width() if width == 600 else window.replay.slider.width() >= 300
        buttons = [window.replay.first, window.replay.last, window.replay.branch]
        assert all(b.isVisible() and b.width() > 0 for b in buttons)
    assert window.width() == 1400
