"""What a player expects of the window during a game (issue 14): earlier positions from the
move list, each seat readable in the status bar, no message left from the last game, the move
box's own example and the hint on Enter, Resign asking first, the rules and controls of the
game being played."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QMessageBox, QTextBrowser
from pytestqt.qtbot import QtBot

from marblestudio import rulesets
from marblestudio.rulesets.catalog import list_rulesets
from marblestudio.session import HUMAN, Session
from marblestudio.views.board.registry import board_help
from marblestudio.views.main_window import MainWindow
from marblestudio.views.palette import MIN_CONTRAST, contrast_ratio

from .helpers import near, pixel_at
from .window_fixtures import Answers, answer_resign, answers, human_place, plain_text, window  # noqa: F401

pytestmark = pytest.mark.gl


def _wait_for_human(qtbot: QtBot, window: MainWindow) -> Session:
    session = window.game.session
    assert session is not None
    qtbot.waitUntil(lambda: bool(window.game.legal_targets()), timeout=15000)
    return session


# Earlier positions from the move list ---------------------------------------------------------
def test_a_click_on_a_move_shows_that_position_read_only_until_esc(qtbot: QtBot, window: MainWindow) -> None:
    assert window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=8)
    session = _wait_for_human(qtbot, window)
    human_place(qtbot, window)
    qtbot.waitUntil(lambda: session.ply == 2 and bool(window.game.legal_targets()), timeout=5000)
    placed = session.moves[1]
    board = window.game.board
    marble = board.marble_position(placed.row, placed.col)  # type: ignore[union-attr, attr-defined]
    red = session.rules.presentation.colour(0)
    assert near(pixel_at(window.game, marble), red, 60)
    window.move_log.itemClicked.emit(window.move_log.topLevelItem(0), 0)  # after the set-up
    assert window.game.viewing == 1
    assert not near(pixel_at(window.game, marble), red, 60)  # the board shows the position before the marble
    assert window.viewing_bar.isVisible() and "Esc" in window.viewing_bar.label.text()
    assert "chance: setup" in window.viewing_bar.label.text()
    assert window.game.legal_targets() == {}
    point = board.world_position(board.target_of(session.state.legal_moves()[0]))  # type: ignore[union-attr]
    window.game.scene.click_at(*window.game.scene.screen_position(point))  # type: ignore[misc]
    assert session.ply == 2 and "earlier position" in window.message_label.text()  # the board takes no click
    window.move_panel.entry.setText(str(session.state.legal_moves()[0]))
    window.move_panel.entry.returnPressed.emit()
    assert session.ply == 2  # nor a typed move
    window.skip_action.trigger()  # Escape
    assert window.game.viewing is None and not window.viewing_bar.isVisible()
    assert near(pixel_at(window.game, marble), red, 60)
    assert window.game.legal_targets()


def test_a_click_on_the_last_move_returns_and_play_from_here_branches(qtbot: QtBot, window: MainWindow, answers: Answers) -> None:
    assert window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=8)
    session = _wait_for_human(qtbot, window)
    for _ in range(3):
        human_place(qtbot, window)
        qtbot.waitUntil(lambda: not window.game.is_busy() and bool(window.game.legal_targets()), timeout=5000)
    assert session.ply == 4
    log = window.move_log
    log.itemClicked.emit(log.topLevelItem(1), 0)
    assert window.game.viewing == 2 and log.currentItem() is log.topLevelItem(1)
    log.itemClicked.emit(log.topLevelItem(3), 0)  # the last move: back to the game
    assert window.game.viewing is None
    log.itemClicked.emit(log.topLevelItem(1), 0)
    answers.answer = QMessageBox.StandardButton.Discard
    window.viewing_bar.branch.click()
    branch = window.game.session
    assert branch is not session and branch is not None
    assert [str(m) for m in branch.moves] == [str(m) for m in session.moves[:2]]
    assert branch.seats == [HUMAN, HUMAN] and window.game.viewing is None


def test_the_events_of_a_move_are_listed_under_it(qtbot: QtBot, window: MainWindow) -> None:
    assert window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=8)
    session = _wait_for_human(qtbot, window)
    human_place(qtbot, window)
    qtbot.waitUntil(lambda: session.ply == 2, timeout=5000)
    cell = str(session.moves[1]).split()[-1]
    assert window.move_log.events_under(1) == [f"Red places a marble on {cell}."]


# The status bar -----------------------------------------------------------------------------
@pytest.mark.parametrize("colour_blind", [False, True], ids=["ruleset colours", "colour-blind-safe"])
def test_every_seat_reads_in_the_status_bar_in_every_bundled_ruleset(qtbot: QtBot, window: MainWindow, colour_blind: bool) -> None:
    """Each badge's text against the badge as drawn (its pixels), every seat of every ruleset."""
    window.palette_action.setChecked(colour_blind)
    bar = window.seats_bar
    for entry in list_rulesets():
        loaded = rulesets.load_with_source(entry.id)
        players = loaded.rules.players.max
        session = Session(loaded.rules, [HUMAN] * players, 1, loaded.resolved, entry.id)
        bar.show_seats(window.seat_entries(session, []))
        qtbot.waitUntil(lambda: all(b.isVisible() and b.width() > 2 * b.height() > 0 for b in bar.badges), timeout=2000)
        for seat, badge in enumerate(bar.badges):
            drawn = badge.grab().toImage().pixelColor(3, badge.height() // 2).name()  # inside the frame, left of the name
            ink = bar.colours[seat][1]
            assert contrast_ratio(ink, drawn) >= MIN_CONTRAST, (entry.id, seat, drawn, ink)


def test_white_is_a_framed_badge_in_the_status_bar_of_rock_me_archimedes(qtbot: QtBot, window: MainWindow) -> None:
    assert window.start_game("archimedes/standard", [HUMAN, HUMAN], seed=2)
    qtbot.waitUntil(lambda: window.game.session is not None and window.game.session.waiting_for_human(), timeout=5000)
    bar = window.seats_bar
    assert [b.text() for b in bar.badges] == ["Black", "White"]
    assert bar.colours[1] == ("#f4f4f0", "#000000")
    qtbot.waitUntil(lambda: bar.badges[1].isVisible() and bar.badges[1].width() > 0, timeout=2000)
    image = bar.badges[1].grab().toImage()
    frame = image.pixelColor(0, image.height() // 2).name()
    assert contrast_ratio(frame, window.statusBar().palette().color(QPalette.ColorRole.Window).name()) > 1.5  # its edge shows


# Nothing left from the last game ------------------------------------------------------------
def test_a_new_game_and_the_library_forget_the_last_games_messages(qtbot: QtBot, window: MainWindow) -> None:
    assert window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=2)
    _wait_for_human(qtbot, window)
    answer_resign(window, accept=True)
    window.resign_action.trigger()
    qtbot.waitUntil(lambda: "resigned" in window.message_label.text(), timeout=5000)
    window.show_library()
    assert window.message_label.text() == "" and window.turn_label.text() == ""
    assert window.move_log.lines() == [] and not window.banner.isVisible()
    assert window.seats_bar.text() == "" and not window.move_panel.entry.isEnabled()
    window.game.session.saved = True  # type: ignore[union-attr]
    window.show_message("Saved to /tmp/x.json.")
    window.hints.last_hint = "c4"
    assert window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=3)
    assert window.message_label.text() == "" and window.hints.last_hint is None
    assert "resigned" not in window.turn_label.text() and not window.banner.isVisible()


def test_a_message_lasts_until_the_position_changes(qtbot: QtBot, window: MainWindow) -> None:
    # A refused typed move was still said after a clicked move was played, and "Blue wins" after Undo.
    assert window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=4)
    session = _wait_for_human(qtbot, window)
    assert not window.game.play_text("R9+")
    refused = window.message_label.text()
    assert refused.startswith("'R9+'")
    human_place(qtbot, window)
    qtbot.waitUntil(lambda: session.ply == 2, timeout=5000)
    assert window.message_label.text() == ""
    window.show_message("Saved to /tmp/x.json.")  # said of this position: it stays while nothing moves
    window._on_game_change()
    assert window.message_label.text() == "Saved to /tmp/x.json."
    answer_resign(window, accept=True)
    window.resign_action.trigger()
    qtbot.waitUntil(lambda: "resigned" in window.message_label.text(), timeout=5000)
    window.undo_action.trigger()
    qtbot.waitUntil(lambda: not session.is_over(), timeout=5000)
    assert window.message_label.text() == ""
    window.redo_action.trigger()
    qtbot.waitUntil(lambda: "resigned" in window.message_label.text(), timeout=5000)  # said again of this end


# The move box ---------------------------------------------------------------------------------
def test_the_move_box_suggests_a_move_of_the_game_played(qtbot: QtBot, window: MainWindow) -> None:
    placeholders = set()
    for ref in ("stay-alive/standard", "alive/standard", "avalanche/standard", "archimedes/standard"):
        loaded = rulesets.load(ref)
        assert window.start_game(ref, [HUMAN] * loaded.players.default, seed=5)
        example = board_help(loaded.game).move_example
        assert example in window.move_panel.entry.placeholderText()
        placeholders.add(window.move_panel.entry.placeholderText())
        window.game.session.saved = True  # type: ignore[union-attr]
    assert len(placeholders) == 4


def test_enter_in_the_empty_move_box_plays_the_hint_shown(qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    assert window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=8)
    session = _wait_for_human(qtbot, window)
    suggestion = str(session.state.legal_moves()[3])
    monkeypatch.setattr(window.hints.hint_worker, "request_hint", lambda *_a, **_k: 41)
    assert window.hint()
    window.hints.on_hint(41, suggestion, "a test's hint")
    entry = window.move_panel.entry
    entry.clear()
    entry.returnPressed.emit()
    assert session.ply == 2 and str(session.moves[-1]) == suggestion
    entry.returnPressed.emit()  # the hint was for the position before: nothing more is played
    assert session.ply == 2


# Resign -------------------------------------------------------------------------------------
def test_resign_asks_naming_the_seat_and_escape_cancels(qtbot: QtBot, window: MainWindow) -> None:
    assert window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=2)
    session = _wait_for_human(qtbot, window)
    asked: list[str] = []

    def look() -> None:
        box = window.resign_box
        assert box is not None
        asked.append(box.text())

    QTimer.singleShot(0, look)
    answer_resign(window, accept=False)
    window.resign_action.trigger()
    assert asked and "Red" in asked[0] and "Blue wins" in asked[0]
    assert not session.is_over()


def test_undo_of_a_resignation_can_be_redone(qtbot: QtBot, window: MainWindow) -> None:
    assert window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=2)
    session = _wait_for_human(qtbot, window)
    answer_resign(window, accept=True)
    window.resign_action.trigger()
    assert session.is_over()
    window.undo_action.trigger()
    assert not session.is_over() and window.redo_action.isEnabled()
    window.redo_action.trigger()
    assert session.is_over() and "resigned" in (session.outcome().reason if session.outcome() else "")  # type: ignore[union-attr]


# Help -----------------------------------------------------------------------------------------
def test_help_shows_the_rules_sheet_of_the_game_played(qtbot: QtBot, window: MainWindow) -> None:
    assert window.start_game("archimedes/standard", [HUMAN, HUMAN], seed=2)
    window.rules_action.trigger()
    dialog = window.rules_dialog
    assert dialog is not None and dialog.isVisible()
    text = dialog.findChild(QTextBrowser).toPlainText()  # type: ignore[union-attr]
    assert "Rock Me Archimedes" in dialog.windowTitle() and "Players" in text
    dialog.close()


@pytest.mark.parametrize("ref", ["stay-alive/standard", "alive/standard", "avalanche/standard", "archimedes/standard", "mancala/kalah"])
def test_help_shows_the_move_notation_of_the_game_played(qtbot: QtBot, window: MainWindow, ref: str) -> None:
    # From the game's family descriptor (`Family.notation`), for a plug-in's game too.
    from marblestudio.engine import family

    game = ref.split("/")[0]
    found = family.family(game)
    if found is None:
        pytest.skip(f"the {game} plug-in is not installed")
    assert window.start_game(ref, [HUMAN, HUMAN], seed=2)
    window.notation_action.trigger()
    dialog = window.help.notation_dialog
    assert dialog is not None and dialog.isVisible()
    text = dialog.findChild(QTextBrowser).toPlainText()  # type: ignore[union-attr]
    assert found.title in dialog.windowTitle()
    assert text.strip() and text.split()[0] in found.resource("notation").read_text(encoding="utf-8")
    # for a player: how moves are written, not the calls and events of the engine (it showed
    # `state.sample_chance(rng)` and a table of events)
    for programmers in ("state.", "rng", "apply", "Event", "game_over", "NotationError"):
        assert programmers not in text, programmers
    assert "| Move |" not in text and "Move" in text  # the table of moves is drawn as a table
    dialog.close()


def test_help_controls_are_those_of_the_game_played(qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "information", lambda _p, _t, text, *_a: shown.append(plain_text(text)))
    for ref in ("stay-alive/standard", "alive/standard", "avalanche/standard", "archimedes/standard"):
        loaded = rulesets.load(ref)
        assert window.start_game(ref, [HUMAN] * loaded.players.default, seed=5)
        window.controls_action.trigger()
        window.game.session.saved = True  # type: ignore[union-attr]
    assert "knob" in shown[0] and "life card" in shown[1] and "hole" in shown[2] and "die" in shown[3]
    assert len(set(shown)) == 4
    assert QApplication.activeModalWidget() is None
