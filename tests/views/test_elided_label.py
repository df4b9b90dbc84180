"""The status bar's message ends in "…" when the window cuts it short (views/elided_label.py)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from marblestudio.views.elided_label import ElidedLabel

TEXT = "Analysis done: 1 mistake, 2 blunders. Click the graph to go to a move."


def test_a_message_cut_short_ends_in_an_ellipsis_and_keeps_its_whole_text(qtbot: QtBot) -> None:
    # A plain label 120 pixels wide showed "Analysis done: 1 mi" and stopped: it read as the whole message.
    label = ElidedLabel()
    qtbot.addWidget(label)
    label.setText(TEXT)
    label.resize(120, 20)
    shown = label.shown_text()
    assert shown.endswith("…") and TEXT.startswith(shown[:-1]) and len(shown) < len(TEXT)
    assert label.fontMetrics().horizontalAdvance(shown) <= label.contentsRect().width()
    assert label.text() == TEXT and label.toolTip() == TEXT
    image = label.grab().toImage()
    assert any(image.pixelColor(x, y).lightness() < 100 for x in range(image.width()) for y in range(image.height()))  # it draws


def test_a_message_that_fits_is_shown_whole(qtbot: QtBot) -> None:
    label = ElidedLabel()
    qtbot.addWidget(label)
    label.setText(TEXT)
    label.resize(label.fontMetrics().horizontalAdvance(TEXT) + 20, 20)
    assert label.shown_text() == TEXT
    assert label.minimumSizeHint().width() <= 1  # it never widens the window
