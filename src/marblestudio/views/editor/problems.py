"""The problems panel: every diagnostic of the edited file, one row each; a click jumps to it.

The rows follow the text (by line, then column; the problems of another file, e.g. the base,
after those of the file itself).  A row shows its message as `shown_message` words it, so that
what is wrong and the "did you mean" come before a long list of what is allowed, and the list
is cut in its middle, not at the end of the row; the tooltip keeps the message whole.  The
messages themselves are the validator's, as `marblestudio validate` prints them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QTreeWidget, QTreeWidgetItem, QWidget

from marblestudio.rulesets.diagnostics import Diagnostic

_COLOURS = {"error": "#b00000", "warning": "#a06000"}

LONGEST = 4
"""A list of more items than this shows on screen as its first two, "…" and its last."""

_ITEM = r"(?:'[^']*'|(?<![\w./<>-])[\w./<>-]++(?=,|;|\)|:\s|\s*$))"
"""One item of a list in a message: a quoted value, or one word (a key, an id) that ends where
the item does (so "'win', a mapping (key: value)" ends the list at 'win').  A word is tried
from its first letter only, and whole: a long one costs its length, not its square."""
_LIST = re.compile(rf"{_ITEM}(?:, {_ITEM}){{{LONGEST},}}")
LONGEST_MESSAGE = 2000
"""A longer message (a long value quoted in it) is shown as it is."""
_MUST_BE = re.compile(r"^(?P<where>\S+) must be (?P<allowed>.+), not (?P<value>.+?)(?:; (?P<hint>did you mean '[^']*'\?))?$")
"""The validator's "<where> must be one of <list>, not <value>; did you mean '<close>'?"."""


def _cut(match: re.Match[str]) -> str:
    items = re.findall(_ITEM, match.group(0))
    return ", ".join([*items[:2], "…", items[-1]])


def shown_message(message: str) -> str:
    """`message` as a row shows it: a value that must be one of a long list says what it is and
    the "did you mean" first, the list after it in brackets, and every long list is cut to its
    first two items, "…" and its last.  A short message comes back unchanged."""
    if len(message) > LONGEST_MESSAGE:
        return message
    shown = _LIST.sub(_cut, message)
    if shown == message:
        return message  # no long list: nothing hides what follows it
    must = _MUST_BE.match(message)
    if must is not None:
        hint = f"; {must['hint']}" if must["hint"] else ""
        allowed = _LIST.sub(_cut, must["allowed"])
        return f"{must['where']} is {must['value']}{hint} (it must be {allowed})"
    return shown


MESSAGE = 2
"""The column of the messages."""


class _Wrapped(QStyledItemDelegate):
    """A message as tall as its lines at the column's width (the view wraps the text it paints,
    but sizes a row for one line)."""

    def __init__(self, view: QTreeWidget) -> None:
        super().__init__(view)
        self.view = view

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:  # noqa: N802
        hint = super().sizeHint(option, index)
        if index.column() != MESSAGE:
            return hint
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        margin = self.view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self.view) + 1
        room = max(1, self.view.header().sectionSize(MESSAGE) - 2 * margin - 2)
        lines = option.fontMetrics.boundingRect(QRect(0, 0, room, 0), int(Qt.TextFlag.TextWordWrap), text)
        return QSize(hint.width(), max(hint.height(), lines.height() + hint.height() - option.fontMetrics.height()))


class ProblemsPanel(QTreeWidget):
    """Lists diagnostics as "line:column  severity  message"; `jump_requested(line, column)` on click."""

    jump_requested = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setColumnCount(3)
        self.setHeaderLabels(["Where", "Severity", "Problem"])
        self.setRootIsDecorated(False)
        self.setWordWrap(True)  # a row takes the lines its message needs in a narrow editor
        self.setUniformRowHeights(False)
        self.setItemDelegate(_Wrapped(self))
        self.header().sectionResized.connect(self._on_column_resized)
        self.itemClicked.connect(self._on_item_activated)
        self.itemActivated.connect(self._on_item_activated)
        self._own_path: str | None = None

    def set_diagnostics(self, diagnostics: Sequence[Diagnostic], own_path: str | None = None) -> None:
        """Show `diagnostics` in the order of the text; those of another file (e.g. the base)
        name that file and come after."""
        self.clear()
        self._own_path = own_path

        def elsewhere(diag: Diagnostic) -> bool:
            return bool(own_path is not None and diag.path and Path(diag.path) != Path(own_path))

        def order(diag: Diagnostic) -> tuple[bool, str, int, int]:
            other = elsewhere(diag)
            return other, diag.path if other else "", diag.line, diag.column

        for diag in sorted(diagnostics, key=order):
            other = elsewhere(diag)
            where = f"{Path(diag.path).name}:{diag.line}:{diag.column}" if other else f"{diag.line}:{diag.column}"
            item = QTreeWidgetItem([where, diag.severity, shown_message(diag.message)])
            item.setData(0, Qt.ItemDataRole.UserRole, None if other else (diag.line, diag.column))
            item.setToolTip(MESSAGE, diag.message)
            for column in range(3):  # the place beside the first line of a message on several
                item.setTextAlignment(column, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
            item.setForeground(1, QBrush(QColor(_COLOURS.get(diag.severity, "#000000"))))
            self.addTopLevelItem(item)
        for col in (0, 1):
            self.resizeColumnToContents(col)

    def _on_column_resized(self, column: int, _old: int, _new: int) -> None:
        if column == MESSAGE:
            self.scheduleDelayedItemsLayout()  # the rows' heights follow the width

    def _on_item_activated(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        where = item.data(0, Qt.ItemDataRole.UserRole)
        if where:
            self.jump_requested.emit(int(where[0]), int(where[1]))

    def rows(self) -> list[str]:
        """The rows as text (for tests and copying)."""
        items = [self.topLevelItem(i) for i in range(self.topLevelItemCount())]
        return [" ".join(item.text(c) for c in range(3)) for item in items if item is not None]
