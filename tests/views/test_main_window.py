"""The window: library, starting a game, playing through the board, undo and redo against the
computer, the winner, saving and opening, replay, and closing with an unsaved game."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from marblestudio import rulesets
from marblestudio.engine.core import CHANCE
from marblestudio.records import load_record, replay
from marblestudio.session import HUMAN, Session
from marblestudio.views.main_window import MainWindow

from .helpers import random_game
from .window_fixtures import Answers, answer_resign, answers, finished_record, human_place, plain_text, window  # noqa: F401

pytestmark = pytest.mark.gl


def test_the_window_opens_on_the_library_with_a_game_ready(window: MainWindow) -> None:
    assert window.stack.currentWidget() is window.library
    assert "stay-alive/standard" in window.library.ids()
    assert window.library.selected() == "stay-alive/standard"
    text = window.library.list.currentItem().text()
    assert "Stay Alive" in text and "2 to 4 players" in text and "sliding bars" in text
    assert "against the computer" in window.library.ready.text()


def test_the_ready_game_is_you_against_the_computer(qtbot: QtBot, window: MainWindow) -> None:
    window.library.ready.click()
    session = window.game.session
    assert session is not None
    assert window.stack.currentIndex() == 1
    assert session.rules.id == "stay-alive/standard"
    assert session.seats == [HUMAN, "medium"]
    qtbot.waitUntil(lambda: session.waiting_for_human(), timeout=5000)
    assert session.moves[0].is_chance  # the slides were set at random
    assert "Red" in window.turn_label.text() and "to move" in window.turn_label.text()


def test_undo_and_redo_against_the_computer(qtbot: QtBot, window: MainWindow) -> None:
    assert window.start_game("stay-alive/standard", [HUMAN, "random"], seed=9)
    session = window.game.session
    assert session is not None
    human_place(qtbot, window)
    qtbot.waitUntil(lambda: session.ply == 3 and session.waiting_for_human(), timeout=30000)  # the computer replied
    placed = [str(m) for m in session.moves]
    assert session.history[2].mover == 1
    window.undo_action.trigger()
    assert session.ply == 1 and session.state.to_move == 0
    assert str(session.moves[0]) == placed[0]  # the set-up was not drawn again
    assert window.redo_action.isEnabled()
    window.redo_action.trigger()
    qtbot.waitUntil(lambda: session.ply == 3, timeout=5000)
    assert [str(m) for m in session.moves] == placed
    assert len(window.move_log.lines()) == 3


def test_the_winner_is_announced(qtbot: QtBot, window: MainWindow) -> None:
    loaded = rulesets.load_with_source("stay-alive/quick")
    probe = Session(loaded.rules, [HUMAN, HUMAN], 1, loaded.resolved, "stay-alive/quick")
    moves = random_game(probe.state, "winner")
    assert probe.state.outcome() is not None
    session = Session.from_moves(loaded.rules, [HUMAN, HUMAN], moves[:-1], 1, loaded.resolved)
    window.set_session(session)
    qtbot.waitUntil(lambda: bool(window.game.legal_targets()), timeout=5000)
    last = window.game.board.target_of(moves[-1])  # type: ignore[union-attr]
    point = window.game.board.world_position(last)  # type: ignore[union-attr]
    window.game.scene.click_at(*window.game.scene.screen_position(point))  # type: ignore[misc]
    qtbot.waitUntil(lambda: window.banner.isVisible(), timeout=5000)
    winner = session.seat_name(probe.state.outcome().winners[0])  # type: ignore[union-attr]
    assert f"{winner} wins" in window.banner.text()
    assert not window.resign_action.isEnabled()


def test_resign_gives_the_game_to_the_other_player(qtbot: QtBot, window: MainWindow) -> None:
    window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=2)
    qtbot.waitUntil(lambda: window.game.session is not None and window.game.session.waiting_for_human(), timeout=5000)
    answer_resign(window, accept=True)
    window.resign_action.trigger()
    qtbot.waitUntil(lambda: window.banner.isVisible(), timeout=5000)
    assert "Blue wins" in window.banner.text() and "resigned" in window.banner.text()


def test_closing_with_an_unsaved_game_asks(qtbot: QtBot, window: MainWindow, answers: Answers) -> None:
    window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=4)
    human_place(qtbot, window)
    qtbot.waitUntil(lambda: window.game.session is not None and window.game.session.ply == 2, timeout=5000)
    assert window.windowTitle().endswith(" * — Marble Studio")  # what is unsaved and what asks are one thing
    answers.answer = QMessageBox.StandardButton.Cancel
    assert not window.close()
    assert answers.questions and "not saved" in answers.questions[0]
    assert window.isVisible()
    answers.answer = QMessageBox.StandardButton.Discard
    assert window.close()


@pytest.mark.parametrize("ref", ["stay-alive/standard", "alive/standard", "avalanche/standard", "archimedes/standard"])
def test_closing_a_game_where_nobody_has_moved_yet_asks_nothing(qtbot: QtBot, window: MainWindow, answers: Answers, ref: str) -> None:
    assert window.start_game(ref, [HUMAN, HUMAN], seed=4)
    session = window.game.session
    assert session is not None
    qtbot.waitUntil(session.waiting_for_human, timeout=5000)
    assert session.history and all(move.is_chance for move in session.moves)  # the deal, the set-up or the starting rolls
    assert "*" not in window.windowTitle()  # the title showed "*" where closing asked nothing
    assert window.close()
    assert not answers.questions


def test_save_is_a_record_that_opens_to_play_on(qtbot: QtBot, window: MainWindow, tmp_path: Path, answers: Answers) -> None:
    window.start_game("stay-alive/standard", [HUMAN, "hard"], seed=6)
    session = window.game.session
    assert session is not None
    qtbot.waitUntil(session.waiting_for_human, timeout=5000)
    path = tmp_path / "unfinished.json"
    assert window.save_to(path)
    assert session.saved and str(path) in window.files.recent_files()
    assert load_record(path).moves == [str(m) for m in session.moves]
    view = session.state.public_view()
    assert window.open_path(path)
    assert not answers.questions  # saved: nothing to ask
    reopened = window.game.session
    assert reopened is not session and reopened is not None
    assert window.game.interactive
    assert reopened.state.public_view() == view
    assert reopened.seats == [HUMAN, "hard"]


def test_a_bad_record_is_a_message_not_a_crash(window: MainWindow, tmp_path: Path, answers: Answers) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json", encoding="utf-8")
    assert not window.open_path(path)
    assert answers.warnings and "broken.json" in answers.warnings[0]
    assert window.stack.currentWidget() is window.library


def test_a_replay_reaches_the_same_final_state_as_the_record(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    path = finished_record(tmp_path)
    expected, _ = replay(load_record(path))
    assert window.open_path(path)
    session = window.game.session
    assert session is not None and not window.game.interactive
    assert session.ply == 0 and window.replay_dock.isVisible()
    window.replay.speed.setCurrentIndex(window.replay.speed.findText("instant"))
    window.replay.play.setChecked(True)
    total = len(load_record(path).moves)
    qtbot.waitUntil(lambda: session.ply == total, timeout=30000)
    assert session.state.public_view() == expected.public_view()
    assert session.outcome() == expected.outcome()
    qtbot.waitUntil(lambda: not window.replay.play.isChecked(), timeout=5000)
    assert window.replay.slider.value() == total


def test_play_from_here_branches_a_new_game(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    path = finished_record(tmp_path)
    window.open_path(path)
    window.replay.slider.setValue(12)
    watched = window.game.session
    assert watched is not None and watched.ply == 12
    branch_point = [str(m) for m in watched.moves]
    window.replay.branch.click()
    session = window.game.session
    assert session is not None and session is not watched
    assert window.game.interactive
    assert [str(m) for m in session.moves[:12]] == branch_point
    seat = session.state.to_move
    assert seat != CHANCE and session.is_human(seat)


def test_geometry_and_recent_files_are_remembered(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    window.resize(1000, 700)
    path = finished_record(tmp_path)
    window.open_path(path)
    window.close()
    again = MainWindow()
    qtbot.addWidget(again)
    assert again.files.recent_files()[0] == str(path)
    assert again.size().width() == 1000
    assert [a.text() for a in again.recent_menu.actions()] == [f"&1 {path}"]  # numbered: Alt+G, R, 1


def test_an_unknown_ruleset_is_a_message(window: MainWindow, answers: Answers) -> None:
    assert not window.start_game("stay-alive/no-such-rule")
    assert answers.warnings and "no-such-rule" in answers.warnings[0]


def test_unexpected_errors_are_shown_and_logged(monkeypatch: pytest.MonkeyPatch, qtbot: QtBot) -> None:
    from marblestudio.views import app

    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda _p, _t, text, *a: shown.append(text))
    try:
        raise RuntimeError("the board fell off the table")
    except RuntimeError as exc:
        text = app.report_error(RuntimeError, exc, exc.__traceback__)
    log = app.log_path()
    assert shown == [text]
    assert str(log) in text
    assert "the board fell off the table" in log.read_text(encoding="utf-8")
    assert "Traceback" in log.read_text(encoding="utf-8")


def test_a_random_seed_game_places_with_the_first_click(qtbot: QtBot, window: MainWindow) -> None:
    rng = random.Random(0)
    window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=rng.randrange(1000))
    human_place(qtbot, window)
    session = window.game.session
    assert session is not None
    qtbot.waitUntil(lambda: session.ply == 2, timeout=5000)
    assert "place" in window.move_log.lines()[-1]


def test_the_rules_editor_is_a_dock_listed_in_the_view_menu(window: MainWindow) -> None:
    dock = window.editor_dock
    assert dock is not None and not dock.isVisible()
    toggles = [a for a in window.menuBar().actions() if a.text() == "&View"][0].menu().actions()
    toggle = next(a for a in toggles if a.text().startswith("Rules E&ditor"))
    toggle.trigger()
    assert dock.isVisible()


def test_the_library_lists_the_users_own_rulesets_and_plays_them(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    folder = tmp_path / "mine"
    (folder / "stay-alive").mkdir(parents=True)
    (folder / "stay-alive" / "house.yaml").write_text(
        "format: 1\nextends: stay-alive/standard\nid: stay-alive/house\nname: Our house rules\n"
        "description: Four marbles each.\nstay_alive:\n  marbles_per_player: 4\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("MARBLESTUDIO_USER_DIR", str(folder))
    window.library.refresh()
    ref = str(folder / "stay-alive" / "house.yaml")
    assert ref in window.library.ids()
    assert window.library.select(ref)
    assert "Our house rules" in window.library.list.currentItem().text()
    assert "yours" in window.library.list.currentItem().text()
    window.library.play_button.click()
    session = window.game.session
    assert session is not None
    assert session.rules.name == "Our house rules"
    assert session.rules.family.marbles_per_player == 4


def test_the_status_line_names_the_rule_that_stopped_a_move(qtbot: QtBot, window: MainWindow) -> None:
    window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=8)
    session = window.game.session
    assert session is not None
    human_place(qtbot, window)
    qtbot.waitUntil(lambda: session.ply == 2 and bool(window.game.legal_targets()), timeout=5000)
    taken = session.moves[-1]
    key = window.game.board.target_of(taken)  # type: ignore[union-attr]
    point = window.game.board.world_position(key)  # type: ignore[union-attr]
    window.game.scene.click_at(*window.game.scene.screen_position(point))  # type: ignore[misc]
    assert session.ply == 2
    assert "taken" in window.message_label.text()
    assert "Blue" in plain_text(window.turn_label.text())
    assert "4 on the grid" not in window.seats_bar.text()
    assert "Red 1 on the grid, 4 to place" in window.seats_bar.text()


def test_a_move_typed_in_notation_is_played_or_explained(qtbot: QtBot, window: MainWindow) -> None:
    window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=8)
    session = window.game.session
    assert session is not None
    qtbot.waitUntil(session.waiting_for_human, timeout=5000)
    entry = window.move_panel.entry
    entry.setText("R1+")
    entry.returnPressed.emit()
    assert "place a marble" in window.message_label.text() and entry.text() == "R1+"
    entry.setText("zz9")
    entry.returnPressed.emit()
    assert "zz9" in window.message_label.text()
    cell = str(next(iter(window.game.legal_targets().values())))
    entry.setText(cell)
    entry.returnPressed.emit()
    assert str(session.moves[-1]) == cell and entry.text() == ""


def test_every_game_family_opens_in_the_window_one_after_another(qtbot: QtBot, window: MainWindow) -> None:
    from marblestudio.rulesets.catalog import list_rulesets
    from marblestudio.views.board.placeholder import PlaceholderBoard

    firsts: dict[str, str] = {}
    for entry in list_rulesets():
        firsts.setdefault(entry.game, entry.id)
    for game, ref in sorted(firsts.items()):
        loaded = rulesets.load(ref)
        assert window.start_game(ref, [HUMAN] * loaded.players.default, seed=5)
        session = window.game.session
        assert session is not None and session.rules.game == game
        qtbot.waitUntil(lambda s=session: s.waiting_for_human() or s.is_over(), timeout=5000)
        assert not isinstance(window.game.board, PlaceholderBoard), game
        session.saved = True


def test_animation_speed_is_a_view_setting_that_is_remembered(qtbot: QtBot, window: MainWindow) -> None:
    window.set_animation_speed(2.0)
    assert window.game.scene.clock.speed == 2.0
    assert [a.text() for a in window.speed_group.actions() if a.isChecked()] == ["&2×"]
    window.close()
    again = MainWindow()
    qtbot.addWidget(again)
    assert again.game.scene.clock.speed == 2.0


def test_a_narrow_window_gives_the_board_most_of_its_width(qtbot: QtBot) -> None:
    # At 560 pixels the Moves panel took 234 and left the board 320; a wide window keeps its panel.
    # (A narrow window taller than wide puts the panel under the board: test_moves_placement.py.)
    from marblestudio.views.window_layout import MOVES_SHARE

    from .helpers import open_main_window

    narrow = open_main_window(qtbot, 760, 560)
    narrow.start_game("mancala/kalah", [HUMAN, HUMAN], seed=3)
    qtbot.waitUntil(lambda: narrow.log_dock.isVisible())
    narrow.resize(761, 560)  # the fit follows the window's width
    qtbot.waitUntil(lambda: narrow.log_dock.width() <= int(761 * MOVES_SHARE) + 1)
    assert narrow.centralWidget().width() >= 0.65 * narrow.width()
    narrow.game.session.saved = True

    wide = open_main_window(qtbot, 1400, 900)
    wide.start_game("mancala/kalah", [HUMAN, HUMAN], seed=3)
    qtbot.waitUntil(lambda: wide.log_dock.isVisible())
    assert wide.log_dock.width() > int(1400 * 0.15)  # left as it was: there is room for both
    wide.game.session.saved = True


def test_the_rules_editor_beside_the_board_leaves_the_window_narrow(qtbot: QtBot) -> None:
    # With the editor docked, a 600-pixel window grew to 940-1,006 pixels: the Playtest tab's
    # inputs were one row of 676 (games, players, seed, the players' list, two buttons).
    from .helpers import open_main_window

    win = open_main_window(qtbot, 600, 800)
    dock = win.editor_dock
    assert dock is not None
    dock.show()
    qtbot.waitUntil(dock.isVisible)
    win.resize(600, 800)
    qtbot.wait(50)
    assert dock.minimumSizeHint().width() <= 400  # it was 680
    board = win.centralWidget().minimumSizeHint().width()
    assert win.width() <= board + 420 and win.minimumSizeHint().width() <= board + 420
    assert win.centralWidget().width() >= 200  # the board keeps room beside it


def test_a_long_result_wraps_in_a_narrow_window_and_does_not_widen_it(qtbot: QtBot) -> None:
    # A 600-pixel window grew to 1,602 when Kalah's result (91 characters in 18 pt bold) was shown.
    from marblestudio.engine.core import Outcome, Termination

    from .helpers import open_main_window

    win = open_main_window(qtbot, 600, 800)
    win.start_game("mancala/kalah", [HUMAN, HUMAN], seed=3)
    qtbot.waitUntil(lambda: win.log_dock.isVisible())
    reason = "North has no seeds in their houses: each player stored the seeds on their side; South 25, North 23"
    win._on_game_over(Outcome(Termination.WIN, (0,), reason))
    qtbot.waitUntil(lambda: win.banner.isVisible())
    qtbot.wait(50)
    assert win.width() == 600 and win.minimumSizeHint().width() < 600
    assert win.banner.height() > 2 * win.banner.fontMetrics().height()  # wrapped onto more lines
    tip = win.message_label.toolTip()  # the whole text, cut short on screen
    assert "South 25, North 23." in tip and tip.endswith("Play Again (Ctrl+R) starts another.")
    win.game.session.saved = True


@pytest.mark.parametrize("players", [4, 6])
def test_a_narrow_window_still_says_whose_turn_it_is(qtbot: QtBot, players: int) -> None:
    # At 600 pixels a game of four showed "Blue to": the seats' badges took the status bar's room.
    from .helpers import open_main_window

    win = open_main_window(qtbot, 600, 800)
    win.start_game("alive/standard", [HUMAN] * players, seed=3)
    qtbot.waitUntil(lambda: win.game.session is not None and win.game.session.to_move != CHANCE and "to move" in win.turn_label.text())
    qtbot.wait(50)
    label = win.turn_label
    line = plain_text(label.text())
    assert line.endswith("to move (human)")
    bold = label.font()
    bold.setBold(True)
    name = line.split(" to move")[0]
    needed = QFontMetrics(bold).horizontalAdvance(name) + label.fontMetrics().horizontalAdvance(" to move (human)")
    assert label.width() >= needed  # the whole line shows
    assert win.seats_bar.isVisible() and len(win.seats_bar.badges) == players
    assert win.width() == 600 and win.minimumSizeHint().width() < 600
    win.game.session.saved = True


def test_the_status_line_and_the_seats_wait_for_the_animation_of_a_move(qtbot: QtBot, window: MainWindow) -> None:
    # while the board still shows a move happening, the rest of the window says what the board
    # shows: the mover's turn and counts; once the animation is over, the next player's
    window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=8)
    session = window.game.session
    assert session is not None
    qtbot.waitUntil(lambda: bool(window.game.legal_targets()), timeout=5000)
    assert "Red" in plain_text(window.turn_label.text())
    before = window.seats_bar.text()
    window.game.scene.clock.set_speed(0.02)  # a slow animation: seconds long
    session.play(session.state.legal_moves()[0])
    assert window.game.clock.is_running()
    assert "Red" in plain_text(window.turn_label.text()) and window.seats_bar.text() == before
    window.game.skip_animation()
    assert not window.game.clock.is_running()
    assert "Blue" in plain_text(window.turn_label.text()) and window.seats_bar.text() != before


def test_a_new_games_first_deal_is_shown_happening_before_the_status_line_moves_on(qtbot: QtBot, window: MainWindow) -> None:
    # ALIVE deals at once when the game starts: while the deal is animated, the window says the
    # game is setting up and every hand is still empty, as the board shows
    window.game.scene.clock.set_speed(0.02)
    assert window.start_game("alive/standard", [HUMAN] * 4, seed=3)
    assert window.game.clock.is_running()
    assert "Setting up" in plain_text(window.turn_label.text()) and "0 cards" in window.seats_bar.text()
    window.game.skip_animation()
    assert "Red" in plain_text(window.turn_label.text()) and "10 cards" in window.seats_bar.text()


def test_moves_drawn_in_turn_move_the_window_on_move_by_move(qtbot: QtBot, window: MainWindow) -> None:
    # several moves at once (moves redone, or coming over the network): while the board draws
    # them one after another, the status line, the seats and the move list say what it has drawn
    # so far, move by move, and once it has caught up the game as it stands
    window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=8)
    session = window.game.session
    assert session is not None
    qtbot.waitUntil(lambda: bool(window.game.legal_targets()), timeout=5000)
    start = session.position
    before = (plain_text(window.turn_label.text()), window.seats_bar.text(), window.move_log.topLevelItemCount())
    seen: list[tuple[int | None, str, str, int]] = []
    window.game.changed.connect(lambda: seen.append((window.game.shown_position(), plain_text(window.turn_label.text()),
                                                     window.seats_bar.text(), window.move_log.topLevelItemCount())))
    window.game.scene.clock.set_speed(1.0)  # (the tests' windows draw at once by default)
    for _ in range(3):
        session.play(session.state.legal_moves()[0])
    assert window.game.clock.is_running()
    assert (plain_text(window.turn_label.text()), window.seats_bar.text(), window.move_log.topLevelItemCount()) == before
    qtbot.waitUntil(lambda: not window.game.clock.is_running(), timeout=30_000)
    assert [s[0] for s in seen] == [start + 1, start + 2, start + 3]
    assert ["Blue" in s[1] for s in seen] == [True, False, True]  # whose turn after each placing
    assert [s[3] - before[2] for s in seen] == [1, 2, 3]  # the move list grows with the board
    assert "Red 1 on the grid" in seen[0][2] and "Blue 0 on the grid" in seen[0][2]
    assert "Red 2 on the grid" in seen[2][2] and "Blue 1 on the grid" in seen[2][2]
    assert window.game.behind() is None and seen[-1][1:] == (plain_text(window.turn_label.text()), window.seats_bar.text(),
                                                             window.move_log.topLevelItemCount())


def test_skipping_moves_drawn_in_turn_shows_the_game_as_it_stands_at_once(qtbot: QtBot, window: MainWindow,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    # Esc during a queue of moves: the window goes straight to the game as it stands, without
    # making the positions in between (each would replay the game from its start)
    window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=8)
    session = window.game.session
    assert session is not None
    qtbot.waitUntil(lambda: bool(window.game.legal_targets()), timeout=5000)
    window.game.scene.clock.set_speed(1.0)
    for _ in range(4):
        session.play(session.state.legal_moves()[0])
    made: list[int] = []
    branch_at = session.branch_at
    monkeypatch.setattr(session, "branch_at", lambda position, seats=None: made.append(position) or branch_at(position, seats))
    window.game.skip_animation()
    assert made == [] and window.game.behind() is None and window.game.shown_position() == session.position
    assert "Red" in plain_text(window.turn_label.text()) and "Red 2 on the grid" in window.seats_bar.text()
    assert window.move_log.item_at_position(session.position) is not None


def test_a_network_games_window_waits_for_the_last_move_drawn(qtbot: QtBot, window: MainWindow) -> None:
    # a game whose chance comes from a server (a network game: its positions in between cannot be
    # replayed here) keeps the window at the position before the queue until the board has drawn it all
    window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=8)
    session = window.game.session
    assert session is not None
    qtbot.waitUntil(lambda: bool(window.game.legal_targets()), timeout=5000)
    session.draws_chance = False  # as a RemoteSession's
    window.game.scene.clock.set_speed(1.0)
    start = session.position
    seen: list[int | None] = []
    window.game.changed.connect(lambda: seen.append(window.game.shown_position()))
    for _ in range(3):
        session.play(session.state.legal_moves()[0])
    assert window.game.behind() is None
    qtbot.waitUntil(lambda: not window.game.clock.is_running(), timeout=30_000)
    assert seen == [start + 3]
