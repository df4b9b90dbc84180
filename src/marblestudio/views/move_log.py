"""The move list: every step of the game in notation, coloured by who made it, with the events
of each step in words folded under it, and the box to type a move in.

Each row is a position of the game's timeline (the position after its step; the resignation is
one more).  A click on a row asks for that position (`position_clicked`); the row of the
position shown on the board is the current row, and steps still to come (a replay's later
moves, what redo would replay) are in italics.  Only what every player may see is listed: a
chance step by its public text (a shuffle's notation holds every card), and an event meant for
some seats only (a card drawn) only when the one human at the table is among them.

The list is updated in place (only the rows that changed are rewritten), so replaying or
playing a long game does not rebuild it at every step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, QPoint, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QIcon, QKeyEvent, QKeySequence, QPainter, QPalette, QPen, QPixmap, QResizeEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QMenu,
    QPushButton,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from marblestudio.engine.core import CHANCE, Event
from marblestudio.session import HUMAN, Session
from marblestudio.views.board.help import GENERIC, GameHelp
from marblestudio.views.palette import readable_on, seat_hex

MUTED = "#808080"
"""The hue of rows that belong to no seat (chance) and of steps still to come."""

POSITION = Qt.ItemDataRole.UserRole


@dataclass(frozen=True)
class Row:
    """One row of the list: its text and colour, whether its step is still to come, the
    timeline position it shows, and its events in words."""

    text: str
    colour: str = ""
    seat_colour: str = ""  # the seat's own colour, drawn as a disc before the text ("": none)
    later: bool = False
    bold: bool = False
    position: int = 0
    events: tuple[str, ...] = ()


class _Wrapping(QStyledItemDelegate):
    """Rows as tall as their text wrapped at the panel's width (a tree view asks the delegate
    for a row's size without saying how wide the row is, so it would stay one line, elided)."""

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:  # noqa: N802
        view = self.parent()
        assert isinstance(view, QTreeWidget)
        depth, parent = 0, index.parent()
        while parent.isValid():
            depth, parent = depth + 1, parent.parent()
        steps = depth + (1 if view.rootIsDecorated() else 0)
        sized = QStyleOptionViewItem(option)
        sized.rect = QRect(0, 0, max(40, view.columnWidth(0) - view.indentation() * steps), 10_000)
        return super().sizeHint(sized, index)


class MoveLog(QTreeWidget):
    """Shows a session's timeline; refresh with `show_session` when it changes."""

    position_clicked = Signal(int)  # a row was clicked: the timeline position it shows

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.colour_blind = False
        self.help: GameHelp = GENERIC
        self.setHeaderHidden(True)
        self.setColumnCount(1)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.setWordWrap(True)  # an event in words may be longer than the panel is wide
        self.setItemDelegate(_Wrapping(self))
        self.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)  # wrap at the panel's width
        self.setExpandsOnDoubleClick(True)
        self.setIconSize(QSize(DISC, DISC))
        self.setAccessibleName("Moves")
        self._rows: list[Row] = []
        self.itemClicked.connect(self._on_item_clicked)
        self.itemActivated.connect(self._on_item_clicked)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self.scheduleDelayedItemsLayout()  # rows wrap anew at the new width

    # Colours ----------------------------------------------------------------------------------
    def background(self) -> str:
        """The colour rows are drawn on (the palette's Base), as '#rrggbb'."""
        return self.viewport().palette().color(QPalette.ColorRole.Base).name()

    def text_colour(self, colour: str) -> str:
        """`colour`, or the nearest shade of it that reads on the list (WCAG 4.5:1)."""
        return readable_on(colour, self.background())

    def seat_colour(self, session: Session, seat: int) -> str:
        """The text colour of `seat`'s moves: its seat colour made readable on the list."""
        return self.text_colour(seat_hex(session.rules.presentation, seat, self.colour_blind))

    # The rows ---------------------------------------------------------------------------------
    def rows_for(self, session: Session | None) -> list[Row]:
        """The rows that show `session`'s timeline."""
        if session is None:
            return []
        muted = self.text_colour(MUTED)
        viewer = _only_human(session)
        rows: list[Row] = []
        turn = 0
        for index, step in enumerate(session.all_steps()):
            later = index >= session.ply
            events = tuple(
                text for text in (self.help.describe(e, session.seat_name) for e in step.events if _visible(e, viewer)) if text
            )
            if step.mover == CHANCE:
                rows.append(Row(f"chance: {step.move.public_text}", muted, "", later, False, index + 1, events))
            else:
                turn += 1
                colour = muted if later else self.seat_colour(session, step.mover)
                disc = seat_hex(session.rules.presentation, step.mover, self.colour_blind)
                text = f"{turn}. {session.seat_name(step.mover)}: {step.move.public_text}"
                rows.append(Row(text, colour, disc, later, False, index + 1, events))
        end = len(rows)
        seat = session.resigning_seat()
        outcome = session.outcome()
        if seat is not None and session.resigned is None:
            disc = seat_hex(session.rules.presentation, seat, self.colour_blind)
            rows.append(Row(f"{session.seat_name(seat)} resigns", muted, disc, True, False, end + 1))
        elif outcome is not None:
            from marblestudio.views.game_view import outcome_text

            rows.append(Row(outcome_text(session, outcome), "", "", False, True, session.position))
        return rows

    def show_session(self, session: Session | None, shown: int | None = None) -> None:
        """Show `session`'s timeline, with the row of position `shown` (by default the
        session's own position) as the current row."""
        wanted = self.rows_for(session)
        self.blockSignals(True)
        for index, row in enumerate(wanted):
            if index < len(self._rows):
                if self._rows[index] != row:
                    item = self.topLevelItem(index)
                    assert item is not None
                    self._fill(item, row, self._rows[index].events != row.events)
            else:
                item = QTreeWidgetItem()
                self._fill(item, row, True)
                self.addTopLevelItem(item)
        while self.topLevelItemCount() > len(wanted):
            self.takeTopLevelItem(self.topLevelItemCount() - 1)
        grew = len(wanted) > len(self._rows)
        self._rows = wanted
        target = session.position if shown is None and session is not None else shown
        current = self.item_at_position(target) if target is not None else None
        if current is not None:
            self.setCurrentItem(current)
            self.scrollToItem(current)
        else:
            self.clearSelection()
            if target == 0:  # the start, before every move (a record opened to replay): its top
                self.scrollToTop()
            elif grew:
                self.scrollToBottom()
        self.blockSignals(False)

    def _fill(self, item: QTreeWidgetItem, row: Row, events_changed: bool) -> None:
        item.setText(0, row.text)
        item.setToolTip(0, row.text.strip())
        item.setData(0, POSITION, row.position)
        item.setForeground(0, QBrush(QColor(row.colour)) if row.colour else QBrush())
        item.setIcon(0, seat_disc(row.seat_colour))
        font = item.font(0)
        font.setItalic(row.later)
        font.setBold(row.bold)
        item.setFont(0, font)
        if events_changed:
            for child in item.takeChildren():
                del child
            for text in row.events:
                child = QTreeWidgetItem([text])
                child.setToolTip(0, text)
                child.setData(0, POSITION, row.position)
                item.addChild(child)

    def item_at_position(self, position: int) -> QTreeWidgetItem | None:
        """The last row that shows timeline position `position`, if any."""
        for index in range(len(self._rows) - 1, -1, -1):
            if self._rows[index].position == position:
                return self.topLevelItem(index)
        return None

    def row_text(self, position: int) -> str | None:
        """The text of the row of `position` (for "Viewing ..." banners), or None."""
        item = self.item_at_position(position)
        return None if item is None else item.text(0).strip()

    def _on_item_clicked(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        position = item.data(0, POSITION)
        if isinstance(position, int):
            self.position_clicked.emit(position)

    # For tests and copying ------------------------------------------------------------------
    def lines(self) -> list[str]:
        """The text of every row (events not included)."""
        return [row.text for row in self._rows]

    def events_under(self, index: int) -> list[str]:
        """The events in words under row `index`."""
        item = self.topLevelItem(index)
        if item is None:
            return []
        children = (item.child(i) for i in range(item.childCount()))
        return [child.text(0) for child in children if child is not None]


DISC = 10
"""The size of the seat discs before the moves, in pixels."""


@lru_cache(maxsize=64)
def seat_disc(colour: str) -> QIcon:
    """A disc of a seat's colour with a dark rim (seen on any list, a white seat's too); an
    empty icon of the same size for rows of no seat, so that every text starts at one place."""
    pixmap = QPixmap(DISC, DISC)
    pixmap.fill(Qt.GlobalColor.transparent)
    if colour:
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor(0, 0, 0, 150), 1.0))
        painter.setBrush(QColor(colour))
        painter.drawEllipse(QRectF(0.5, 0.5, DISC - 1.0, DISC - 1.0))
        painter.end()
    return QIcon(pixmap)


def _only_human(session: Session) -> int | None:
    """The seat of the one human at the table, whose private events may be listed; None when
    there are several (hot seat) or none."""
    humans = [s for s in range(session.num_players) if session.seats[s] == HUMAN]
    return humans[0] if len(humans) == 1 else None


def _visible(event: Event, viewer: int | None) -> bool:
    return event.visible_to is None or (viewer is not None and viewer in event.visible_to)


class MoveEntry(QLineEdit):
    """The line a move is typed in.  Undo and redo keys undo moves, not the typed text: the
    window's Undo Move and Redo Move take them (the text is one short line)."""

    def event(self, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress) and isinstance(event, QKeyEvent):
            if event.matches(QKeySequence.StandardKey.Undo) or event.matches(QKeySequence.StandardKey.Redo):
                # not ours: the shortcut (the window's Undo Move) gets it.  With nothing to undo
                # that action is off and the key press comes here: the line's own undo brought
                # back the move typed last, so the press is swallowed too.
                if event.type() == QEvent.Type.ShortcutOverride:
                    event.ignore()
                else:
                    event.accept()
                return True
        return super().event(event)


class PowersRow(QWidget):
    """A button per power of the house rule ("Use double move"), enabled while the player to move
    may use it; hidden for a ruleset without powers.  `chosen` sends the power's move text.  A
    power whose player names something (`choose: gate`) opens a menu of what may be named now
    (`choices`: name -> (what it chooses, the options), set by the window)."""

    chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self.buttons: dict[str, QPushButton] = {}
        self.choices: Callable[[str], tuple[str, list[tuple[str, str]]]] = lambda name: ("", [])
        self.menu: QMenu | None = None
        self.hide()

    def _use(self, name: str) -> None:
        kind, options = self.choices(name)
        if not kind:
            self.chosen.emit(f"use {name}")
            return
        menu = self.menu = QMenu(self)
        menu.setToolTipsVisible(True)
        title = menu.addAction(f"Choose a {kind}")
        title.setEnabled(False)
        for option, words in options:
            action = menu.addAction(f"{option}: {words}" if words else option)
            action.triggered.connect(lambda _=False, n=name, o=option: self.chosen.emit(f"use {n} {o}"))
        button = self.buttons[name]  # the row sits at the foot of the panel: the menu opens above it
        menu.popup(button.mapToGlobal(QPoint(0, -menu.sizeHint().height())))

    def show_powers(self, powers: Sequence[tuple[str, bool, str]]) -> None:
        """(name, usable now, why not / what it does) for every power of the ruleset."""
        names = [name for name, _, _ in powers]
        if names != list(self.buttons):
            for button in self.buttons.values():
                self._layout.removeWidget(button)
                button.deleteLater()
            self.buttons = {}
            for name in names:
                button = QPushButton(f"Use {name}", self)
                button.clicked.connect(lambda _=False, n=name: self._use(n))
                self._layout.addWidget(button)
                self.buttons[name] = button
        for name, usable, tip in powers:
            self.buttons[name].setEnabled(usable)
            self.buttons[name].setToolTip(tip)
        self.setVisible(bool(powers))


class MovePanel(QWidget):
    """The move list with a line to type a move in notation (for every game, and for anyone who
    prefers the keyboard); the window plays what is typed when Enter is pressed.  A house rule's
    powers get a button each under the line."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.log = MoveLog(self)
        self.entry = MoveEntry(self)
        self.entry.setAccessibleName("Move to play")
        self.powers = PowersRow(self)
        self.set_help(None)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.log, 1)
        layout.addWidget(self.entry)
        layout.addWidget(self.powers)

    def set_help(self, help: GameHelp | None) -> None:  # noqa: A002 - the board's `help`
        """Use the game's `help`: its example in the box, its words for events in the list
        (None: no game, the box is off)."""
        self.log.help = help or GENERIC
        self.entry.setEnabled(help is not None)
        if help is None:
            self.entry.setPlaceholderText("No game in progress")
            self.entry.setToolTip("")
            return
        self.entry.setPlaceholderText(help.placeholder())
        example = f", e.g. {help.move_example}" if help.move_example else ""
        self.entry.setToolTip(f"A move in notation{example}; Enter plays it (an empty box: the hint shown)")
