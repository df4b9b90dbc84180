"""The New Game dialog, and `marblestudio play` / the app without a display."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from marblestudio.cli import play
from marblestudio.engine import family
from marblestudio.session import HUMAN
from marblestudio.views.new_game import NewGameDialog


def test_new_game_dialog_gives_ruleset_players_seats_and_seed(qtbot: QtBot) -> None:
    dialog = NewGameDialog(None, "stay-alive/quick")
    qtbot.addWidget(dialog)
    assert dialog.choice().ruleset == "stay-alive/quick"
    assert dialog.choice().seats == [HUMAN, "medium"]  # you against the computer by default
    dialog.players.setValue(3)
    dialog.seat_boxes[1].setCurrentIndex(dialog.seat_boxes[1].findData("hard"))
    dialog.seat_boxes[2].setCurrentIndex(dialog.seat_boxes[2].findData(HUMAN))
    dialog.seed.setValue(1234)
    choice = dialog.choice()
    assert choice.seats == [HUMAN, "hard", HUMAN]
    assert choice.seed == 1234
    assert dialog.seat_boxes[2].isVisibleTo(dialog) and not dialog.seat_boxes[3].isVisibleTo(dialog)


def test_new_game_dialog_keeps_players_within_the_rulesets_range(qtbot: QtBot) -> None:
    dialog = NewGameDialog(None, "stay-alive/standard")
    qtbot.addWidget(dialog)
    assert (dialog.players.minimum(), dialog.players.maximum()) == (2, 4)
    dialog.players.setValue(9)
    assert dialog.players.value() == 4


def test_the_app_without_a_display_says_how_to_run_it(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    assert play.run_app(None) == 1
    err = capsys.readouterr().err
    assert "no display" in err and "xvfb-run" in err


def test_play_with_an_unknown_ruleset_names_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert play.run_app("stay-alive/no-such-rule") == 2  # an unknown id is a usage error
    assert "no-such-rule" in capsys.readouterr().err


def test_play_with_too_many_seats_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert play.run_app("stay-alive/standard", seats=[HUMAN] * 5) == 2
    assert "2 to 4 players" in capsys.readouterr().err


def test_play_with_a_seat_that_is_no_player_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert play.run_app("stay-alive/standard", seats=[HUMAN, "grandmaster"]) == 2
    assert "grandmaster" in capsys.readouterr().err


def test_each_computer_seat_offers_the_levels_of_the_computer_players(qtbot: QtBot) -> None:
    from PySide6.QtCore import Qt

    from marblestudio.agents import LEVELS

    dialog = NewGameDialog(None, "stay-alive/quick")
    qtbot.addWidget(dialog)
    box = dialog.seat_boxes[1]
    assert [box.itemData(i) for i in range(box.count())] == [HUMAN, *LEVELS]
    easy = box.findData("easy")
    assert LEVELS["easy"].description in box.itemData(easy, Qt.ItemDataRole.ToolTipRole)


def test_a_seat_from_a_record_keeps_its_player(qtbot: QtBot) -> None:
    dialog = NewGameDialog(None, "stay-alive/quick", seats=[HUMAN, "mcts:200"])
    qtbot.addWidget(dialog)
    assert dialog.choice().seats == [HUMAN, "mcts:200"]


def test_the_new_game_dialog_lists_rulesets_as_the_shelf_does(qtbot: QtBot) -> None:
    # Grouped by game, each game's standard ruleset first (issue 14: sorted by id, the plain game
    # sat in the middle of its family).
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    refs = [dialog.ruleset.itemData(i) for i in range(dialog.ruleset.count())]
    games = [ref.split("/")[0] for ref in refs]
    firsts = [refs[games.index(game)] for game in dict.fromkeys(games)]
    assert firsts[:4] == ["stay-alive/standard", "alive/standard", "avalanche/standard", "archimedes/standard"]
    assert firsts == [f.standard for f in family.families()]  # then any plug-in's
    assert games == sorted(games, key=list(dict.fromkeys(games)).index)  # each game's rulesets together


def test_new_game_dialog_names_the_seats_as_the_table_does(qtbot: QtBot) -> None:
    # A review sat two humans as partners by guessing: the rows said "Seat 1".."Seat 4"
    dialog = NewGameDialog(None, "avalanche/partnership")
    qtbot.addWidget(dialog)
    assert [label.text() for label in dialog._seat_labels[:4]] == ["Violet 1", "Green 1", "Violet 2", "Green 2"]
    dialog.ruleset.setCurrentIndex(dialog.ruleset.findData("stay-alive/standard"))
    assert [label.text() for label in dialog._seat_labels[:2]] == ["Red", "Blue"]
