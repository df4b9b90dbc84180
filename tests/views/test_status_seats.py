"""The seats on the status bar fit the window: with room, each seat's badge and text; in a
narrow window the badges alone (each badge's tooltip still says its seat's text)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from marblestudio.views.status_seats import SeatsBar

SEATS = [("Red", "#d62728", "7 cards, 5 lives"), ("Blue", "#1f77b4", "8 cards, 5 lives"),
         ("Yellow", "#f2c500", "8 cards, 4 lives"), ("Green", "#2ca02c", "9 cards, 5 lives")]


def test_the_seats_texts_show_when_there_is_room_and_the_badges_always(qtbot: QtBot) -> None:
    bar = SeatsBar()
    qtbot.addWidget(bar)
    bar.show_seats(SEATS)
    bar.show()
    bar.resize(bar.sizeHint().width() + 20, 24)
    qtbot.waitUntil(lambda: bar.texts_shown())
    assert all(label.isVisibleTo(bar) for label in bar.texts)
    narrow = bar.minimumSizeHint().width()
    assert narrow < bar.sizeHint().width()
    bar.resize(narrow, 24)
    qtbot.waitUntil(lambda: not bar.texts_shown())
    assert all(badge.isVisibleTo(bar) for badge in bar.badges)
    assert [badge.toolTip() for badge in bar.badges][2] == "Yellow: 8 cards, 4 lives"
    assert "Yellow 8 cards, 4 lives" in bar.text()  # what the bar says, for tests and copying, is whole
    bar.resize(bar.sizeHint().width() + 20, 24)
    qtbot.waitUntil(lambda: bar.texts_shown())  # room again: the texts come back
