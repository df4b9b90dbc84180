"""Match play in the app (issue 16): a game of a ruleset with `match:` shows the running score
in the status bar, Game > Next Game plays the next game of the match (its players moved on a
seat when the start rotates), and Game > Save Match writes a match record that replays.

Worked by hand: a match of two games, points [3, 1], the start rotating, Red and Blue both
people.  Game 1: Red (player 1) resigns, so Blue (player 2) wins: 1 and 3.  Game 2: player 2
sits in the red seat and resigns, player 1 wins it from the blue seat: 4 and 4, a shared match.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from marblestudio.engine.match import round_seed
from marblestudio.match_records import load_match_record, replay_match
from marblestudio.session import HUMAN
from marblestudio.views.main_window import MainWindow

from .window_fixtures import MATCH, Answers, answers, human_to_move, resign_now, window  # noqa: F401

pytestmark = pytest.mark.gl

@pytest.fixture
def ruleset(tmp_path: Path) -> str:
    path = tmp_path / "quick-match.yaml"
    path.write_text(MATCH, encoding="utf-8")
    return str(path)


def test_a_match_shows_its_score_and_plays_its_next_game(qtbot: QtBot, window: MainWindow, ruleset: str, tmp_path: Path) -> None:
    assert window.start_game(ruleset, [HUMAN, HUMAN], seed=7)
    first = human_to_move(qtbot, window)
    bar = window.seats_bar
    assert bar.text().startswith("Match, game 1 of 2:   Red ")
    assert [label.text() for label in bar.scores] == ["0 pts", "0 pts"]
    assert not window.matches.next_action.isEnabled()  # type: ignore[union-attr]

    resign_now(qtbot, window)  # Red, player 1, resigns game 1
    assert [label.text() for label in bar.scores] == ["1 pt", "3 pts"]
    assert "Match: Red 1, Blue 3. Game > Next Game (Ctrl+Shift+N) plays game 2." in window.message_label.text()
    assert window.matches.next_action.isEnabled()  # type: ignore[union-attr]

    window.undo_action.trigger()  # the resignation taken back: the game is on and scores nothing yet
    qtbot.waitUntil(lambda: not first.is_over(), timeout=5000)
    assert [label.text() for label in bar.scores] == ["0 pts", "0 pts"]
    assert not window.matches.next_action.isEnabled()  # type: ignore[union-attr]
    window.redo_action.trigger()
    qtbot.waitUntil(lambda: first.is_over(), timeout=5000)

    window.matches.next_action.trigger()  # type: ignore[union-attr]
    second = human_to_move(qtbot, window)
    assert second is not first and second.seed == round_seed(7, 1) and not window.banner.isVisible()
    assert bar.text().startswith("Match, game 2 of 2:")
    assert [label.text() for label in bar.scores] == ["3 pts", "1 pt"]  # player 2 sits in the red seat now

    resign_now(qtbot, window)  # the red seat, player 2, resigns game 2
    assert bar.text().startswith("Match over after 2 games:")
    assert [label.text() for label in bar.scores] == ["4 pts", "4 pts"]
    assert "Match: Red 4, Blue 4. Red and Blue share the match." in window.message_label.text()
    assert not window.matches.next_action.isEnabled()  # type: ignore[union-attr]

    path = tmp_path / "match.json"
    assert window.matches.save_to(path)
    record = load_match_record(path)
    assert record.scores == [4, 4] and sorted(record.winners) == [0, 1]
    assert [[p["name"] for p in g.players] for g in record.games] == [["Red", "Blue"], ["Blue", "Red"]]
    assert [g.resigned for g in record.games] == [0, 0]
    match, _ = replay_match(record)
    assert match.scores == (4, 4)

    window.show_library()
    assert not bar.match_label.isVisibleTo(bar) and not window.matches.save_action.isEnabled()  # type: ignore[union-attr]


def test_a_game_that_is_no_match_shows_no_score(qtbot: QtBot, window: MainWindow) -> None:
    assert window.start_game("stay-alive/quick", [HUMAN, HUMAN], seed=7)
    human_to_move(qtbot, window)
    assert not window.seats_bar.text().startswith("Match")
    assert all(not label.isVisibleTo(window.seats_bar) for label in window.seats_bar.scores)
    assert not window.matches.next_action.isEnabled() and not window.matches.save_action.isEnabled()  # type: ignore[union-attr]
    assert window.matches.next_game() is False
    assert "The next game of a match" in window.message_label.text()


def test_another_game_on_the_table_hides_the_match(qtbot: QtBot, window: MainWindow, ruleset: str) -> None:
    assert window.start_game(ruleset, [HUMAN, HUMAN], seed=7)
    human_to_move(qtbot, window)
    assert window.seats_bar.text().startswith("Match")
    assert window.start_game("stay-alive/quick", [HUMAN, HUMAN], seed=7)
    human_to_move(qtbot, window)
    assert not window.seats_bar.text().startswith("Match") and window.matches.record() is None


def test_opening_a_match_record_asks_which_game_and_shows_it(qtbot: QtBot, window: MainWindow, ruleset: str, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    import subprocess
    import sys

    from PySide6.QtWidgets import QInputDialog

    out = tmp_path / "records"
    subprocess.run([sys.executable, "-m", "marblestudio", "simulate", ruleset, "--games", "1", "--record-dir", str(out), "--workers", "1"],
                   check=True, capture_output=True, timeout=120)
    (path,) = sorted(out.glob("*.json"))
    record = load_match_record(path)
    asked: list[list[str]] = []

    def choose(parent: object, title: str, label: str, items: list[str], current: int, editable: bool) -> tuple[str, bool]:
        asked.append(items)
        assert "A match of 2 games; the score:" in label
        return items[0], True  # the first game, not the default (the last)

    monkeypatch.setattr(QInputDialog, "getItem", choose)
    assert window.files.open_path(path)
    assert [len(items) for items in asked] == [2] and asked[0][0].startswith("Game 1: ")
    session = window.game.session
    assert session is not None and [str(s.move) for s in session.all_steps()] == record.games[0].moves  # watched from its start
    bar = window.seats_bar
    assert bar.text().startswith("Match record, game 1 of 2:")
    assert [label.text() for label in bar.scores] == ["0 pts", "0 pts"]  # nothing scored before game 1
    assert window.matches.next_action.isEnabled()  # type: ignore[union-attr]
    assert not window.matches.save_action.isEnabled()  # type: ignore[union-attr]  # the record is on disk already

    _, games = replay_match(record)
    window.replay.go_to(session.timeline_length)  # the end of game 1: it counts, by the seats of game 1
    first = games[0].score
    assert first is not None
    points = [first.points[player] for player in first.seating]
    assert [label.text() for label in bar.scores] == [f"{p} pt" if p == 1 else f"{p} pts" for p in points]
    assert "Game > Next Game (Ctrl+Shift+N) opens game 2." in window.message_label.text()

    window.matches.next_action.trigger()  # type: ignore[union-attr]  # game 2 of the record, from its start
    second = window.game.session
    assert second is not session and second is not None
    assert [str(s.move) for s in second.all_steps()] == record.games[1].moves
    assert bar.text().startswith("Match record, game 2 of 2:")
    after_first = games[0].match
    shown = [after_first.scores[player] for player in after_first.seating()]  # game 2's players moved on a seat
    assert [label.text() for label in bar.scores] == [f"{p} pt" if p == 1 else f"{p} pts" for p in shown]
    assert not window.matches.next_action.isEnabled()  # type: ignore[union-attr]  # no game 3
    window.replay.go_to(second.timeline_length)
    assert [label.text() for label in bar.scores] == [f"{p} pt" if p == 1 else f"{p} pts" for p in
                                                      [record.scores[player] for player in games[1].score.seating]]  # type: ignore[union-attr]


def test_a_match_record_whose_score_is_wrong_is_refused_with_its_reason(qtbot: QtBot, window: MainWindow, ruleset: str, tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    import json
    import subprocess
    import sys

    from PySide6.QtWidgets import QMessageBox

    out = tmp_path / "records"
    subprocess.run([sys.executable, "-m", "marblestudio", "simulate", ruleset, "--games", "1", "--record-dir", str(out), "--workers", "1"],
                   check=True, capture_output=True, timeout=120)
    (path,) = sorted(out.glob("*.json"))
    data = json.loads(path.read_text())
    data["scores"] = [s + 1 for s in data["scores"]]
    path.write_text(json.dumps(data))
    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text, *a, **k: warned.append(text) or QMessageBox.StandardButton.Ok)
    assert not window.files.open_path(path)
    assert warned and "score" in warned[0]
