"""The library: every ruleset (bundled and the user's own), and a game ready to start.

Each entry shows its name, its players and its description.  "Play" starts the selected
ruleset with the default seats (you against the computer); "New Game…" opens the dialog.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

READY_ID = "stay-alive/standard"
"""The game the library offers at once: Stay Alive, you against the computer."""


class LibraryWidget(QWidget):
    """A list of rulesets with Play and New Game buttons."""

    play_requested = Signal(str)  # a ruleset id or path: play it, you against the computer
    new_game_requested = Signal(str)  # open the New Game dialog on this ruleset

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel("<h2>Marble Studio</h2>")
        self.ready = QPushButton("Play Stay Alive against the computer")
        self.ready.setObjectName("ready")
        self.ready.setMinimumHeight(40)
        self.list = QListWidget()
        self.list.setAlternatingRowColors(True)
        self.list.setWordWrap(True)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.hide()
        self.play_button = QPushButton("Play")
        self.new_button = QPushButton("New Game…")
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.new_button)
        buttons.addWidget(self.play_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.ready)
        layout.addWidget(QLabel("Rulesets (bundled and your own):"))
        layout.addWidget(self.list, 1)
        layout.addWidget(self.problem)
        layout.addLayout(buttons)
        self.ready.clicked.connect(lambda: self.play_requested.emit(READY_ID))
        self.play_button.clicked.connect(self._on_play)
        self.new_button.clicked.connect(self._on_new)
        self.list.itemDoubleClicked.connect(lambda _item: self._on_play())
        self.refresh()

    def refresh(self) -> None:
        """Read the catalogue again (a new user ruleset appears)."""
        from marblestudio.rulesets.catalog import list_rulesets

        self.list.clear()
        try:
            entries = list_rulesets()
        except Exception as exc:  # noqa: BLE001 - the library still opens
            self.problem.setText(f"Some rulesets could not be listed: {exc}")
            self.problem.show()
            entries = []
        for entry in entries:
            p = entry.players
            players = f"{p.min} players" if p.min == p.max else f"{p.min}–{p.max} players"
            where = "bundled" if entry.bundled else "yours"
            item = QListWidgetItem(f"{entry.name}   ·   {players}   ·   {where}\n{entry.description}")
            item.setData(Qt.ItemDataRole.UserRole, entry.id if entry.bundled else str(entry.path))
            item.setToolTip(f"{entry.id}\n{entry.path}")
            self.list.addItem(item)
            if entry.id == READY_ID:
                self.list.setCurrentItem(item)
        if self.list.currentItem() is None and self.list.count():
            self.list.setCurrentRow(0)

    def ids(self) -> list[str]:
        return [self.list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.list.count())]

    def selected(self) -> str | None:
        item = self.list.currentItem()
        return None if item is None else str(item.data(Qt.ItemDataRole.UserRole))

    def select(self, ref: str) -> bool:
        for i in range(self.list.count()):
            if self.list.item(i).data(Qt.ItemDataRole.UserRole) == ref:
                self.list.setCurrentRow(i)
                return True
        return False

    def _on_play(self) -> None:
        ref = self.selected()
        if ref is not None:
            self.play_requested.emit(ref)

    def _on_new(self) -> None:
        self.new_game_requested.emit(self.selected() or READY_ID)
