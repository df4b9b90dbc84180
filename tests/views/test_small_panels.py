"""Small things a new user noticed (issue 14, item 14): the New Game dialog shrinks back when
players are removed, every column of the Problems table has a header, and the playtest panel
explains seeds in words."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from marblestudio.views.editor.playtest_panel import PlaytestPanel
from marblestudio.views.editor.problems import ProblemsPanel
from marblestudio.views.new_game import NewGameDialog


def _shown_dialog(qtbot: QtBot) -> NewGameDialog:
    dialog = NewGameDialog(None, "stay-alive/standard")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def test_the_new_game_dialog_shrinks_back_from_four_players_to_two(qtbot: QtBot) -> None:
    fresh = _shown_dialog(qtbot)
    assert fresh.players.value() == 2
    two = fresh.height()
    dialog = _shown_dialog(qtbot)
    dialog.players.setValue(4)
    qtbot.waitUntil(lambda: dialog.height() > two, timeout=2000)
    dialog.players.setValue(2)
    qtbot.waitUntil(lambda: dialog.height() == two, timeout=2000)
    assert not dialog.seat_boxes[2].isVisibleTo(dialog)


def test_every_column_of_the_problems_table_has_a_header(qtbot: QtBot) -> None:
    panel = ProblemsPanel()
    qtbot.addWidget(panel)
    header = panel.headerItem()
    titles = [header.text(c) for c in range(panel.columnCount())]
    assert titles == ["Where", "Severity", "Problem"]


def test_the_playtest_panel_says_what_a_seed_does_in_words(qtbot: QtBot) -> None:
    panel = PlaytestPanel()
    qtbot.addWidget(panel)
    note = panel.note.text()
    assert "random.Random" not in note and "f'" not in note
    assert "the same seed gives the same games" in note
