"""The New Game dialog: a ruleset, the number of players, each seat human or a computer level, a seed.

The computer's levels are `marblestudio.agents.LEVELS` (easy, medium, hard); the chosen level's
name is the seat's kind in the session, which `agents.tasks.computer_move` turns into a player with
`agents.make_agent`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from marblestudio.agents import LEVELS
from marblestudio.session import HUMAN

SEAT_CHOICES: tuple[tuple[str, str], ...] = (("Human", HUMAN),) + tuple(
    (f"Computer ({name})", name) for name in LEVELS
)
"""(label, seat kind): a human, or the computer at one of the levels, weakest first."""
MAX_SEATS = 8
DEFAULT_LEVEL = "medium"


def seat_tooltip(kind: str) -> str:
    """What a seat choice means (the level's description and thinking-time cap)."""
    level = LEVELS.get(kind)
    if level is None:
        return "You play this seat."
    return f"{level.description} (at most {level.time_limit:g} s a move)"


@dataclass(frozen=True)
class GameChoice:
    """What the dialog returns."""

    ruleset: str
    seats: list[str]
    seed: int


def default_seats(count: int, level: str = DEFAULT_LEVEL) -> list[str]:
    """You in the first seat, the computer (at `level`, medium by default) in the others."""
    return [HUMAN] + [level] * (count - 1)


class NewGameDialog(QDialog):
    """Pick a ruleset, players, seats and seed."""

    def __init__(
        self, parent: QWidget | None = None, ruleset: str | None = None, seats: list[str] | None = None, level: str = DEFAULT_LEVEL
    ) -> None:
        """`seats` are offered for `ruleset` as given; `level` is the computer's level offered in
        the computer seats of any other ruleset chosen (the last one played, say)."""
        super().__init__(parent)
        self.setWindowTitle("New Game")
        self.level = level if level in LEVELS else DEFAULT_LEVEL
        from marblestudio.rulesets.catalog import list_rulesets, shelf_order

        self._entries = {e.id if e.bundled else str(e.path): e for e in shelf_order(list_rulesets())}
        self.ruleset = QComboBox()
        for ref, entry in self._entries.items():
            self.ruleset.addItem(entry.name if entry.bundled else f"{entry.name} (yours)", ref)
        self.players = QSpinBox()
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setValue(random.randrange(1_000_000))
        self.form = QFormLayout(self)
        self.form.addRow("Ruleset", self.ruleset)
        self.form.addRow("Players", self.players)
        self.seat_boxes: list[QComboBox] = []
        self._seat_labels: list[QLabel] = []
        for i in range(MAX_SEATS):
            box = QComboBox()
            for choice, value in SEAT_CHOICES:
                box.addItem(choice, value)
                box.setItemData(box.count() - 1, seat_tooltip(value), Qt.ItemDataRole.ToolTipRole)
            label = QLabel(f"Seat {i + 1}")
            self.form.addRow(label, box)
            self.seat_boxes.append(box)
            self._seat_labels.append(label)
        self.form.addRow("Seed", self.seed)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.form.addRow(buttons)
        index = self.ruleset.findData(ruleset) if ruleset is not None else -1
        if index >= 0:
            self.ruleset.setCurrentIndex(index)  # before the signal is connected: set up once, below
        self.ruleset.currentIndexChanged.connect(self._on_ruleset_change)
        self.players.valueChanged.connect(self._on_players_change)
        self._on_ruleset_change()
        if seats:
            self.players.setValue(len(seats))
            for box, seat in zip(self.seat_boxes, seats):
                index = box.findData(seat)
                if index < 0:  # a player spec from a record (mcts:200): offer it as it is
                    box.addItem(f"Computer ({seat})", seat)
                    index = box.count() - 1
                box.setCurrentIndex(index)

    def _on_ruleset_change(self, *_: object) -> None:
        entry = self._entries.get(self.ruleset.currentData())
        if entry is None:
            return
        self.players.blockSignals(True)
        self.players.setRange(entry.players.min, min(entry.players.max, MAX_SEATS))
        self.players.setValue(entry.players.default)
        self.players.blockSignals(False)
        names = entry.name
        self.setToolTip(names)
        seat_names = _seat_names(str(self.ruleset.currentData()))
        kinds = default_seats(MAX_SEATS, self.level)
        for i, (box, label) in enumerate(zip(self.seat_boxes, self._seat_labels, strict=True)):
            box.setCurrentIndex(box.findData(kinds[i]))
            label.setText(seat_names[i] if i < len(seat_names) else f"Seat {i + 1}")
        self._on_players_change(self.players.value())

    def _on_players_change(self, count: int) -> None:
        """Show one seat row per player; the dialog shrinks to fit (hidden widgets alone would
        leave their rows' spacing behind)."""
        for i, box in enumerate(self.seat_boxes):
            self.form.setRowVisible(box, i < count)
        self.form.activate()
        self.adjustSize()

    def choice(self) -> GameChoice:
        count = self.players.value()
        return GameChoice(
            ruleset=str(self.ruleset.currentData()),
            seats=[str(self.seat_boxes[i].currentData()) for i in range(count)],
            seed=self.seed.value(),
        )


def _seat_names(ref: str) -> list[str]:
    """The ruleset's name for each seat it can have (as the seats bar names them: Red, Blue, ...;
    Violet 1, Green 1, ... in a partnership); [] for a ruleset that does not load (its seats keep
    their numbers, and starting it says what is wrong)."""
    from marblestudio import rulesets

    try:
        rules = rulesets.load(ref)
    except (rulesets.RulesetError, OSError, ValueError):  # a broken user file: told when the game starts
        return []
    return [rules.presentation.seat_name(s) for s in range(min(rules.players.max, MAX_SEATS))]
