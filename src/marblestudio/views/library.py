"""The library: the page the app opens on, a player's shelf of every ruleset, and a game ready.

Rulesets are grouped by game, each game's standard ruleset first and the others by name
(`catalog.shelf_order`, which the New Game dialog shares).  Each shows a picture of its board's
set-up (`thumbnails`: placeholders first, pictures filled in from the event loop while the page
is shown), its name, players, id and description; the user's own files carry a "yours" badge,
and a user file that cannot be loaded is listed with its problem instead of being left out.
The filter box (Ctrl+F; Escape clears it) narrows the shelf by name, id and description.
"Play" (or a double click, or Enter) starts the selected ruleset with the
default seats (you against the computer); "New Game…" opens the dialog on it.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QHideEvent, QImage, QKeyEvent, QKeySequence, QPalette, QPixmap, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from marblestudio.rulesets.catalog import CatalogEntry, scan, user_dir
from marblestudio.rulesets.diagnostics import Diagnostic
from marblestudio.views.library_delegate import COUNT_ROLE, GROUP_ROLE, ITEM_ROLE, PICTURE_ROLE, ShelfDelegate
from marblestudio.views.shelf import ShelfGroup, ShelfItem, build_shelf
from marblestudio.views.thumbnails import ThumbnailFiller, ThumbnailStore

READY_ID = "stay-alive/standard"
"""The game the library offers at once: Stay Alive, you against the computer."""
REF_ROLE = Qt.ItemDataRole.UserRole
"""What a ruleset row plays: a bundled id or the path of the user's file (None: not playable)."""


class LibraryWidget(QWidget):
    """The shelf of rulesets, a filter box, and Play and New Game buttons.

    `thumbnails` is where pictures are read and drawn (the user's cache folder by default);
    tests pass a store with a folder and drawing of their own.
    """

    play_requested = Signal(str)  # a ruleset id or path: play it, you against the computer
    new_game_requested = Signal(str)  # open the New Game dialog on this ruleset

    def __init__(self, parent: QWidget | None = None, thumbnails: ThumbnailStore | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel("<h2>Marble Studio</h2>")
        self.ready = QPushButton("Play Stay Alive against the computer")
        self.ready.setObjectName("ready")
        self.ready.setMinimumHeight(40)
        self.filter = QLineEdit()
        self.filter.setObjectName("filter")
        self.filter.setPlaceholderText("Filter by name, id or description (Ctrl+F)")
        self.filter.setClearButtonEnabled(True)
        self.list = QListWidget()
        self.list.setItemDelegate(ShelfDelegate(self.list))
        self.list.setResizeMode(QListView.ResizeMode.Adjust)  # rows are laid out again for the new width
        self.list.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setAccessibleName("Rulesets")
        self.list.setAccessibleDescription("The games you can play, by family; Enter plays the selected one")
        self.filter.setAccessibleName("Filter rulesets")
        self.empty = QLabel()
        self.empty.setObjectName("empty")
        self.empty.hide()
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.hide()
        self.folder_note = QLabel()
        self.folder_note.setWordWrap(True)
        self.folder_note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.folder_note.setForegroundRole(QPalette.ColorRole.PlaceholderText)  # a note, muted
        self.play_button = QPushButton("Play")
        self.new_button = QPushButton("New Game…")
        self._layout()
        self.filler = ThumbnailFiller(thumbnails if thumbnails is not None else ThumbnailStore(), self)
        self._rows: dict[str, QListWidgetItem] = {}  # a ruleset file's path -> its row, for its picture
        self._waiting_for_paint = False
        self.list.viewport().installEventFilter(self)
        self.ready.clicked.connect(lambda: self.play_requested.emit(READY_ID))
        self.play_button.clicked.connect(self._on_play)
        self.new_button.clicked.connect(self._on_new)
        self.list.itemDoubleClicked.connect(lambda _item: self._on_play())
        self.list.currentItemChanged.connect(self._on_current_change)
        self.filter.textChanged.connect(self._on_filter_change)
        self.filler.ready.connect(self._on_picture_ready)
        self.filler.failed.connect(self._on_picture_failed)
        self.refresh()

    def _layout(self) -> None:
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.new_button)
        buttons.addWidget(self.play_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.ready)
        layout.addWidget(self.filter)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.empty)
        layout.addWidget(self.problem)
        layout.addWidget(self.folder_note)
        layout.addLayout(buttons)

    def _claims(self, event: QKeyEvent) -> bool:
        """Ctrl+F (the platform's Find key), and Escape while the filter holds text."""
        return event.matches(QKeySequence.StandardKey.Find) or (event.key() == Qt.Key.Key_Escape and bool(self.filter.text()))

    def event(self, event: QEvent) -> bool:
        """While the focus is in the library, its keys win over the window's shortcuts (its
        Escape, for one, skips an animation): accepting the override makes them key presses."""
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent) and self._claims(event):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        """Ctrl+F puts the cursor in the filter box; Escape clears it; Enter (in the filter box
        or the list) plays the selected ruleset.  Keys the library's own widgets leave unused
        come here, so these work wherever the focus is in the library and nowhere else (the
        rules editor has its own Ctrl+F)."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.focusWidget() in (self.filter, self.list):
            self._on_play()
        elif not self._claims(event):
            super().keyPressEvent(event)
            return
        elif event.key() == Qt.Key.Key_Escape:
            self.filter.clear()
        else:
            self.focus_filter()
        event.accept()

    # The shelf --------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Read the catalogue again (a new, changed or fixed user ruleset appears), keeping the
        selection; pictures still right are shown at once, the others are filled in."""
        previous = self.selected()
        entries: list[CatalogEntry] = []
        problems: list[Diagnostic] = []
        try:
            entries, problems = scan()
        except Exception as exc:  # noqa: BLE001 - the library still opens
            self.problem.setText(f"Some rulesets could not be listed: {exc}")
            self.problem.show()
        else:
            self.problem.hide()
        self.folder_note.setText(f"Your own rulesets go in {user_dir()}")
        self.list.clear()
        self._rows.clear()
        jobs: list[tuple[str, Path]] = []
        for group in build_shelf(entries, problems):
            self._add_heading(group)
            for item in group.items:
                job = self._add_row(item)
                if job is not None:
                    jobs.append(job)
        self.filler.fill(jobs)
        self._on_filter_change(self.filter.text())
        for ref in (previous, READY_ID):  # the filter is kept: a hidden ruleset is not revealed
            if ref is not None and self._make_current(ref, reveal=False):
                break
        else:
            self._select_first_shown()

    def _add_heading(self, group: ShelfGroup) -> None:
        heading = QListWidgetItem(group.title)
        heading.setData(GROUP_ROLE, group)
        heading.setFlags(Qt.ItemFlag.NoItemFlags)
        self.list.addItem(heading)

    def _add_row(self, item: ShelfItem) -> tuple[str, Path] | None:
        """Add `item`'s row; the picture job it still needs, if any."""
        row = QListWidgetItem(item.text)
        row.setData(REF_ROLE, item.ref)
        row.setData(ITEM_ROLE, item)
        row.setData(PICTURE_ROLE, "")
        if item.playable:
            row.setToolTip(f"{item.ruleset_id}\n{item.path}")
        else:
            row.setToolTip(f"{item.path} cannot be loaded:\n{item.details}\n\nCheck it with: marblestudio validate {item.path}")
        self.list.addItem(row)
        if not item.playable:
            return None
        key = str(item.path)
        self._rows[key] = row
        picture = self.filler.store.remembered(item.path)
        if picture is not None:
            row.setData(Qt.ItemDataRole.DecorationRole, QPixmap.fromImage(picture))
            return None
        return key, item.path

    def items(self) -> list[ShelfItem]:
        """Every ruleset on the shelf, in order (shown or filtered out)."""
        found = (self.list.item(i).data(ITEM_ROLE) for i in range(self.list.count()))
        return [item for item in found if isinstance(item, ShelfItem)]

    def shown_items(self) -> list[ShelfItem]:
        """The rulesets the filter leaves on the shelf, in order."""
        rows = (self.list.item(i) for i in range(self.list.count()))
        found = (row.data(ITEM_ROLE) for row in rows if not row.isHidden())
        return [item for item in found if isinstance(item, ShelfItem)]

    def ids(self) -> list[str]:
        """What Play can start, in shelf order: bundled ids and the paths of the user's files."""
        return [item.ref for item in self.items() if item.ref is not None]

    def selected(self) -> str | None:
        """The selected ruleset's id (bundled) or path (the user's), or None when nothing that
        can be played is selected."""
        row = self.list.currentItem()
        if row is None or row.isHidden():
            return None
        ref = row.data(REF_ROLE)
        return None if ref is None else str(ref)

    def select(self, ref: str) -> bool:
        """Select the ruleset `ref` (clearing the filter if it hides it); False if not listed."""
        return self._make_current(ref, reveal=True)

    def _make_current(self, ref: str, reveal: bool) -> bool:
        for i in range(self.list.count()):
            row = self.list.item(i)
            if row.data(REF_ROLE) != ref or row.data(ITEM_ROLE) is None:
                continue
            if row.isHidden():
                if not reveal:
                    return False
                self.filter.clear()
            self.list.setCurrentItem(row)
            self.list.scrollToItem(row)
            return True
        return False

    # Filtering --------------------------------------------------------------------------------
    def focus_filter(self) -> None:
        """Put the cursor in the filter box, its text selected (Ctrl+F)."""
        self.filter.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.filter.selectAll()

    def _on_filter_change(self, query: str) -> None:
        """Hide the rulesets that do not match `query`, and the headings left with none."""
        sections: list[tuple[QListWidgetItem, list[bool]]] = []
        for i in range(self.list.count()):
            row = self.list.item(i)
            item = row.data(ITEM_ROLE)
            if not isinstance(item, ShelfItem):
                sections.append((row, []))
                continue
            matches = item.matches(query)
            row.setHidden(not matches)
            if sections:
                sections[-1][1].append(matches)
        for heading, shown in sections:
            heading.setHidden(not any(shown))
            count = f"{sum(shown)} of {len(shown)}" if sum(shown) < len(shown) else str(len(shown))
            heading.setData(COUNT_ROLE, f"{count} ruleset{'s' if len(shown) != 1 else ''}")
        nothing = not any(any(shown) for _, shown in sections)
        self.empty.setText(f"No ruleset matches “{query.strip()}”. Escape clears the filter.")
        self.empty.setVisible(nothing and bool(query.strip()))
        current = self.list.currentItem()
        if current is None or current.isHidden():
            self._select_first_shown()
        self._on_current_change()

    def _select_first_shown(self) -> None:
        for i in range(self.list.count()):
            row = self.list.item(i)
            if not row.isHidden() and row.data(ITEM_ROLE) is not None:
                self.list.setCurrentItem(row)
                return
        self.list.setCurrentRow(-1)

    def _on_current_change(self, *_: object) -> None:
        self.play_button.setEnabled(self.selected() is not None)

    # Pictures ---------------------------------------------------------------------------------
    def _on_picture_ready(self, key: str, image: QImage) -> None:
        row = self._rows.get(key)
        if row is not None:
            row.setData(Qt.ItemDataRole.DecorationRole, QPixmap.fromImage(image))

    def _on_picture_failed(self, key: str, reason: str) -> None:
        row = self._rows.get(key)
        if row is not None:
            row.setData(PICTURE_ROLE, reason)
            row.setToolTip(f"{row.toolTip()}\n(no picture: {reason})")

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Pictures are drawn only once the shelf has been painted, so its first paint (with
        placeholders) never waits for a drawing."""
        if watched is self.list.viewport() and event.type() == QEvent.Type.Paint and self._waiting_for_paint:
            self._waiting_for_paint = False
            QTimer.singleShot(0, self, self._on_painted)  # not run if the library is gone
        return super().eventFilter(watched, event)

    def _on_painted(self) -> None:
        if self.isVisible():
            self.filler.resume()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        self._waiting_for_paint = True  # pictures are drawn only while the shelf is on screen

    def hideEvent(self, event: QHideEvent) -> None:  # noqa: N802 - Qt override
        super().hideEvent(event)
        self._waiting_for_paint = False
        self.filler.pause()

    # Buttons ----------------------------------------------------------------------------------
    def _on_play(self) -> None:
        ref = self.selected()
        if ref is not None:
            self.play_requested.emit(ref)

    def _on_new(self) -> None:
        self.new_game_requested.emit(self.selected() or READY_ID)
