"""Who plays each seat of a game, and its seed: a human, or the computer at a level, per seat
(the choices of the New Game dialog, `new_game.SEAT_CHOICES`), one row per seat named as the
ruleset names it."""

from __future__ import annotations

import random
from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QFormLayout, QGroupBox, QLabel, QSpinBox, QWidget

from marblestudio.views.new_game import MAX_SEATS, SEAT_CHOICES, default_seats, seat_tooltip


class SeatChooser(QGroupBox):
    """A combo box per seat (the first `count` shown) and the seed; `changed` when a seat's
    player changes."""

    changed = Signal()

    def __init__(self, title: str = "Who plays", parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        self.form = QFormLayout(self)
        self.boxes: list[QComboBox] = []
        self.labels: list[QLabel] = []
        for i, kind in enumerate(default_seats(MAX_SEATS)):
            box = QComboBox()
            for text, choice in SEAT_CHOICES:
                box.addItem(text, choice)
                box.setItemData(box.count() - 1, seat_tooltip(choice), Qt.ItemDataRole.ToolTipRole)
            box.setCurrentIndex(box.findData(kind))
            box.currentIndexChanged.connect(lambda _index: self.changed.emit())
            label = QLabel(f"Seat {i + 1}")
            label.setBuddy(box)
            self.form.addRow(label, box)
            self.boxes.append(box)
            self.labels.append(label)
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setValue(random.randrange(1_000_000))
        self.seed.setToolTip("Seeds the chance steps of the game (deals, dice, set-ups)")
        seed_label = QLabel("S&eed")
        seed_label.setBuddy(self.seed)
        self.form.addRow(seed_label, self.seed)

    def show_seats(self, names: Sequence[str]) -> None:
        """One row per seat, named `names` (as many as the players, at most `MAX_SEATS`)."""
        for i, (label, box) in enumerate(zip(self.labels, self.boxes, strict=True)):
            if i < len(names):
                label.setText(names[i])
            self.form.setRowVisible(box, i < len(names))

    def set_kinds(self, kinds: Sequence[str]) -> None:
        """Choose `kinds` ("human" or a computer player) for the first seats; a player spec the
        boxes do not offer (a record's `mcts:200`) is offered as it is."""
        for box, kind in zip(self.boxes, kinds, strict=False):
            index = box.findData(kind)
            if index < 0:
                box.addItem(f"Computer ({kind})", kind)
                index = box.count() - 1
            box.setCurrentIndex(index)

    def kinds(self, count: int) -> list[str]:
        """Who plays each of the first `count` seats."""
        return [str(box.currentData()) for box in self.boxes[:count]]
