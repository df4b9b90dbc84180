"""The problems panel: every diagnostic of the edited file, one row each; a click jumps to it."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem, QWidget

from marblestudio.rulesets.diagnostics import Diagnostic

_COLOURS = {"error": "#b00000", "warning": "#a06000"}


class ProblemsPanel(QTreeWidget):
    """Lists diagnostics as "line:column  severity  message"; `jump_requested(line, column)` on click."""

    jump_requested = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setColumnCount(3)
        self.setHeaderLabels(["Where", "Severity", "Problem"])
        self.setRootIsDecorated(False)
        self.setUniformRowHeights(True)
        self.setWordWrap(True)
        self.itemClicked.connect(self._on_item_activated)
        self.itemActivated.connect(self._on_item_activated)
        self._own_path: str | None = None

    def set_diagnostics(self, diagnostics: Sequence[Diagnostic], own_path: str | None = None) -> None:
        """Show `diagnostics`; those of another file (e.g. the base) name that file."""
        self.clear()
        self._own_path = own_path
        for diag in diagnostics:
            elsewhere = own_path is not None and diag.path and Path(diag.path) != Path(own_path)
            where = f"{Path(diag.path).name}:{diag.line}:{diag.column}" if elsewhere else f"{diag.line}:{diag.column}"
            item = QTreeWidgetItem([where, diag.severity, diag.message])
            item.setData(0, Qt.ItemDataRole.UserRole, None if elsewhere else (diag.line, diag.column))
            item.setToolTip(2, diag.message)
            item.setForeground(1, QBrush(QColor(_COLOURS.get(diag.severity, "#000000"))))
            self.addTopLevelItem(item)
        for col in (0, 1):
            self.resizeColumnToContents(col)

    def _on_item_activated(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        where = item.data(0, Qt.ItemDataRole.UserRole)
        if where:
            self.jump_requested.emit(int(where[0]), int(where[1]))

    def rows(self) -> list[str]:
        """The rows as text (for tests and copying)."""
        items = [self.topLevelItem(i) for i in range(self.topLevelItemCount())]
        return [" ".join(item.text(c) for c in range(3)) for item in items if item is not None]
