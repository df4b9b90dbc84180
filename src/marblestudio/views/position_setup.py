"""The Set Up Position dialog: build a position, check it as you go, and start a game from it.

Choose the ruleset, start from the rules' start (for a number of players) or the game the window
shows, and edit: the position's fields as a form (`position_form`) and its one line of text,
kept in step; on a board that places pieces by clicks (Stay Alive's) a click edits it too (`BoardView.edit_position`).
Every edit is checked ~200 ms later with `engine.from_position`: a refused position names the
field at fault under that field (marked) and in the line under the text, saying whether the text
is no position or the position breaks a rule; a legal one is drawn (`position_preview`) and may
be started, with each seat human or a computer level as in the New Game dialog.  A position of
another game switches to that game's ruleset.  The dialog's size is remembered.

The dialog never reads a game itself: the window gives it the game's position only when that
may be shown (`CurrentGame`), and starts the game it asks for (`start`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from PySide6.QtCore import QByteArray, Qt, QTimer
from PySide6.QtGui import QKeyEvent, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from marblestudio.engine import family as families
from marblestudio.engine import from_position, new_game
from marblestudio.engine.core import CHANCE, State
from marblestudio.engine.position import Fields, PositionError
from marblestudio.engine.rules import Ruleset
from marblestudio.session import Session
from marblestudio.views.app import settings
from marblestudio.views.new_game import MAX_SEATS
from marblestudio.views.palette import readable_on
from marblestudio.views.position_form import PositionForm, field_specs, rules_start, set_up_start
from marblestudio.views.position_preview import PositionPreview
from marblestudio.views.ruleset_box import RulesetBox
from marblestudio.views.seat_chooser import SeatChooser

log = logging.getLogger(__name__)

CHECK_DELAY_MS = 200
"""How long after the last edit the position is checked."""
GEOMETRY_KEY = "dialogs/position-setup/geometry"
"""Where the dialog's size and place are remembered (QSettings)."""
NARROW = 900
"""Below this width the board goes under the fields instead of beside them."""
LEGAL = "a legal position"
RED, GREEN = "#e53935", "#2e7d32"
"""Refused and legal, made readable on the dialog's background (`readable_on`)."""


@dataclass(frozen=True)
class CurrentGame:
    """The game the window shows: its ruleset, and its position when that may be shown (else
    `refusal` says why not)."""

    ruleset: str
    rules: Ruleset
    players: int
    position: str | None
    refusal: str = ""
    seats: tuple[str, ...] = ()
    """Who plays each seat (the set-up offers the same players)."""


@dataclass(frozen=True)
class SetUpChoice:
    """The game to start: a ruleset (an id or a path), one kind per seat, a seed, the position."""

    ruleset: str
    seats: list[str]
    seed: int
    start: str


class _OneLine(QPlainTextEdit):
    """The position's text: one line, wrapped to be read whole; Return is the dialog's (Start),
    Tab moves on."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setWordWrapMode(self.wordWrapMode().WrapAnywhere)
        self.setTabChangesFocus(True)
        self.setFixedHeight(self.fontMetrics().lineSpacing() * 4 + 12)

    def keyPressEvent(self, e: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        if e.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            e.ignore()  # the dialog's default button (a position is one line)
            return
        super().keyPressEvent(e)


class PositionSetupDialog(QDialog):
    """Build a position, see it checked and drawn, and start a game from it."""

    def __init__(self, parent: QWidget | None, start: Callable[[SetUpChoice], bool], ruleset: str | None = None,
                 text: str | None = None, current: CurrentGame | None = None) -> None:
        """`start` starts the chosen game (True when it did: the dialog closes).  The dialog
        opens on `text` (a pasted position), else the current game's position when it may be
        shown, else the rules' start of `ruleset` (default: the current game's)."""
        super().__init__(parent)
        self.setWindowTitle("Set Up Position")
        self._start = start
        self.current = current
        self.rules: Ruleset | None = None
        self.ruleset_ref = ""
        self.state: State | None = None  # the position checked legal (None while refused)
        self.canonical: str | None = None  # ... as the family writes it
        self._syncing = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(CHECK_DELAY_MS)
        self._timer.timeout.connect(self.check)
        self._build()
        self._restore_geometry()
        first = ruleset or (current.ruleset if current is not None else None)
        if text is None and current is not None and current.position is not None and first == current.ruleset:
            text = current.position
        self._select_ruleset(first or str(self.ruleset.itemData(0)))
        same = current is not None and first == current.ruleset
        if current is not None:
            self.seats_box.set_kinds(current.seats)
        self.load(text if text is not None else self._rules_start(current.players if current is not None and same else None))
        if self.form.rows:
            next(iter(self.form.rows.values())).editors[0].setFocus()

    # Building ---------------------------------------------------------------------------------
    def _build(self) -> None:
        current = self.current
        self.ruleset = RulesetBox({current.ruleset: (f"{current.rules.name} (this game)", current.rules)} if current is not None else None)
        self.ruleset.setToolTip("The rules the position is played by")
        self.players = QSpinBox()
        self.players.setToolTip("A new number of players starts again from the rules' start for that many")
        self.rules_start_button = QPushButton("&Rules' Start")
        self.rules_start_button.setToolTip("Start again from the rules' start position")
        self.set_up_button = QPushButton("&After Set-Up")
        self.set_up_button.setToolTip("The rules' start after its opening chance steps (the set-up, the deal), drawn from the seed")
        self.current_button = QPushButton("Current &Game")
        top = QVBoxLayout()
        row = QHBoxLayout()
        row.addWidget(_buddy("R&uleset", self.ruleset))
        row.addWidget(self.ruleset, 1)
        top.addLayout(row)
        row = QHBoxLayout()
        row.addWidget(_buddy("&Players", self.players))
        row.addWidget(self.players)
        row.addSpacing(12)
        row.addWidget(QLabel("Start from"))
        row.addWidget(self.rules_start_button)
        row.addWidget(self.set_up_button)
        row.addWidget(self.current_button)
        row.addStretch(1)
        top.addLayout(row)

        self.form = PositionForm()
        self.form_scroll = QScrollArea()
        self.form_scroll.setWidgetResizable(True)
        self.form_scroll.setWidget(self.form)
        self.form_scroll.setMinimumHeight(120)
        self.form_note = QLabel("The fields follow the text again once it reads as 'GAME key=value key=value …'.")
        self.form_note.setWordWrap(True)
        self.form_note.hide()
        self.seats_box = SeatChooser()
        self.seats_box.seed.setToolTip("Seeds the chance steps after the position (deals, dice, set-ups), and After Set-Up's")
        self.seat_boxes, self.seed = self.seats_box.boxes, self.seats_box.seed
        left = QWidget()
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(_buddy("&Fields", self.form_scroll))
        column.addWidget(self.form_scroll, 1)
        column.addWidget(self.form_note)
        column.addWidget(self.seats_box)
        self.preview = PositionPreview()
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(left)
        self.splitter.addWidget(self.preview)
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 3)

        self.text = _OneLine()
        self.text.setToolTip("The position as one line of text (docs/notation.md): paste or type one")
        self.text.setAccessibleName("Position text")
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.status.setAccessibleName("Check")
        buttons = QDialogButtonBox()
        self.start_button = buttons.addButton("&Start Game", QDialogButtonBox.ButtonRole.AcceptRole)
        self.start_button.setDefault(True)
        self.copy_button = buttons.addButton("&Copy Text", QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.setToolTip("Copy the position's text to the clipboard")
        buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        buttons.rejected.connect(self.reject)
        self.start_button.clicked.connect(self.start_game)
        self.copy_button.clicked.connect(self.copy_text)
        for button in (self.rules_start_button, self.set_up_button, self.current_button, self.copy_button):
            button.setAutoDefault(False)  # Return starts the game (the default button), whatever has the focus

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.splitter, 1)
        layout.addWidget(_buddy("Position &text", self.text))
        layout.addWidget(self.text)
        layout.addWidget(self.status)
        layout.addWidget(buttons)

        background = self.palette().color(QPalette.ColorRole.Window).name()
        self._red, self._green = readable_on(RED, background), readable_on(GREEN, background)
        self.form.set_fault_style(self._red)
        self.ruleset.currentIndexChanged.connect(self._on_ruleset_change)
        self.players.valueChanged.connect(self._on_players_change)
        self.rules_start_button.clicked.connect(lambda: self.load(self._rules_start(self.players.value())))
        self.set_up_button.clicked.connect(lambda: self.load(self._rules_start(self.players.value(), self.seed.value())))
        self.current_button.clicked.connect(self.load_current)
        self.form.edited.connect(self._on_form_edit)
        self.text.textChanged.connect(self._on_text_edit)
        self.preview.picked.connect(self._on_picked)
        self.seats_box.changed.connect(self._on_seats_change)
        self._update_current_button()

    def _update_current_button(self) -> None:
        current = self.current
        usable = current is not None and current.position is not None
        self.current_button.setEnabled(usable)
        if current is None:
            self.current_button.setToolTip("No game is shown")
        elif current.position is None:
            self.current_button.setToolTip(current.refusal)
        else:
            self.current_button.setToolTip("Start from the position the window shows")

    # Rulesets ---------------------------------------------------------------------------------
    def _select_ruleset(self, ref: str) -> None:
        """Show `ref` in the ruleset box and load its rules."""
        self.ruleset.choose(ref)
        self._load_rules(ref)

    def _load_rules(self, ref: str) -> None:
        from marblestudio.rulesets import RulesetError

        self.ruleset_ref = ref
        try:
            rules = self.ruleset.rules_of(ref)
        except RulesetError as exc:
            first = exc.diagnostics[0] if exc.diagnostics else exc
            self.rules = None
            self._say(f"The ruleset cannot be loaded: {first}", self._red)
            return
        self.rules = rules
        self.set_up_button.setEnabled(new_game(rules).to_move == CHANCE)
        self.players.blockSignals(True)
        self.players.setRange(rules.players.min, min(rules.players.max, MAX_SEATS))
        self.players.blockSignals(False)

    def _rules_start(self, players: int | None = None, seed: int | None = None) -> str:
        """The rules' start position (for `players`, else the ruleset's default count), after
        its opening chance steps drawn from `seed` when one is given."""
        if self.rules is None:
            return ""
        try:
            return rules_start(self.rules, players) if seed is None else set_up_start(self.rules, players, seed)
        except (ValueError, NotImplementedError) as exc:
            self._say(f"The rules' start cannot be written: {exc}", self._red)
            return ""

    def _on_ruleset_change(self, _index: int) -> None:
        self._load_rules(self.ruleset.ref())
        if self.rules is None:
            return
        words = self.position_text().split()
        if words and words[0] == self.rules.game:
            self.load(self.position_text())  # the same game: the position stays, under the new rules
        else:
            self.load(self._rules_start())

    def _on_players_change(self, count: int) -> None:
        self.load(self._rules_start(count))

    def _follow_family(self, text: str) -> None:
        """A position of another installed game switches to that game's ruleset (the current
        game's when it is of that game, else the game's standard one)."""
        words = text.split()
        game = words[0] if words and "=" not in words[0] else None
        if game is None or (self.rules is not None and game == self.rules.game):
            return
        found = families.family(game)
        if found is None:
            return
        current = self.current
        self._select_ruleset(current.ruleset if current is not None and current.rules.game == game else found.standard)

    # Loading and editing ----------------------------------------------------------------------
    def position_text(self) -> str:
        """The position being set up, one line."""
        return " ".join(self.text.toPlainText().split())

    def load(self, text: str) -> None:
        """Show the position `text` (its game's ruleset chosen, the form filled) and check it now."""
        self._follow_family(text)
        self._set_text(text)
        self._fill_form(text)
        self.check()

    def load_current(self) -> None:
        """Start from the position the window shows (when it may be shown)."""
        current = self.current
        if current is None or current.position is None:
            return
        self._select_ruleset(current.ruleset)
        self.load(current.position)

    def _set_text(self, text: str) -> None:
        if self.position_text() == " ".join(text.split()):
            return
        self._syncing = True
        try:
            self.text.setPlainText(text)
        finally:
            self._syncing = False

    def _fill_form(self, text: str) -> None:
        """The form follows `text` when it reads as fields of the chosen rules' game."""
        rules = self.rules
        try:
            fields = Fields.parse(text)
        except PositionError:
            fields = None
        if rules is None or fields is None or fields.game != rules.game:
            self.form.setEnabled(False)
            self.form_note.setVisible(rules is not None)
            return
        names = [rules.presentation.seat_name(s) for s in range(fields.players)]
        self.form.show_values(field_specs(rules, text), fields.game, fields.players, fields.values, names)
        self.form.setEnabled(True)
        self.form_note.hide()
        if rules.players.min <= fields.players <= min(rules.players.max, MAX_SEATS):
            self.players.blockSignals(True)
            self.players.setValue(fields.players)
            self.players.blockSignals(False)
            self.seats_box.show_seats(names)

    def _on_text_edit(self) -> None:
        if self._syncing:
            return
        text = self.position_text()
        self._follow_family(text)
        self._fill_form(text)
        self._schedule_check()

    def _on_form_edit(self) -> None:
        self._set_text(self.form.text())
        self._schedule_check()

    def _on_seats_change(self) -> None:
        if self.state is not None:
            self._show_board()  # the board shows what the human seat will see

    def _placer(self) -> Callable[[Ruleset, str, Hashable], tuple[str, str] | None] | None:
        """What a click on the board does to the position: the family board's `edit_position`
        (None for a board that places nothing by clicks)."""
        board = self.preview.board
        return None if board is None or not board.edit_position_help else board.edit_position

    def _on_picked(self, key: Hashable) -> None:
        """A click on the board (direct placing on Stay Alive's)."""
        if self.rules is None:
            return
        try:
            placer = self._placer()
            done = None if placer is None else placer(self.rules, self.position_text(), key)
        except PositionError as exc:
            self.preview.note.setText(f"The board cannot place here until the text reads: {exc}")
            return
        if done is None:
            return
        text, said = done
        self.load(text)
        self.preview.note.setText(said + (" The board shows the last legal position." if self.state is None else ""))

    # Checking ---------------------------------------------------------------------------------
    def _schedule_check(self) -> None:
        """Check ~200 ms after the last edit (Start Game, pressed before, checks at once)."""
        self.state = self.canonical = None
        self._say("Checking…", None)
        self._timer.start()

    def check(self) -> bool:
        """Check the position now: a legal one is drawn and may be started, a refused one names
        the field at fault.  True when legal."""
        self._timer.stop()
        text = self.position_text()
        try:
            state = self._read(text)
        except PositionError as exc:
            self._refuse(exc)
            return False
        except Exception as exc:  # noqa: BLE001 - a reader's bug must show as a message, never a traceback
            log.exception("reading a position failed")
            self._refuse(PositionError(f"it cannot be read ({type(exc).__name__}: {exc})"))
            return False
        self.state, self.canonical = state, state.position()
        self.form.mark_fault(None, "")
        self._say(LEGAL + self._who(state), self._green)
        self.start_button.setEnabled(True)
        self._show_board()
        return True

    def _read(self, text: str) -> State:
        if self.rules is None:
            raise PositionError("choose a ruleset that loads")
        words = text.split()
        if words and "=" not in words[0] and families.family(words[0]) is None:
            raise PositionError(f"'{words[0]}' is no installed game (the games: {', '.join(families.names())})")
        return from_position(self.rules, text)

    def _who(self, state: State) -> str:
        outcome = state.outcome()
        if outcome is not None:
            return f": the game is over ({outcome.reason})" if outcome.reason else ": the game is over"
        if state.to_move == CHANCE:
            return ": a chance step comes next"
        assert self.rules is not None
        return f": {self.rules.presentation.seat_name(state.to_move)} to move"

    def _refuse(self, exc: PositionError) -> None:
        self.state = self.canonical = None
        self.start_button.setEnabled(False)
        kind = "Impossible" if exc.rule else "Not a position"
        label = self.form.mark_fault(exc.field, exc.detail + (" (a rule of the game)" if exc.rule else ""))
        if label is not None:
            self.form_scroll.ensureWidgetVisible(label)
        self._say(f"{kind}: {exc}", self._red)
        if self.preview.game is not None:
            self.preview.note.setText("The board shows the last legal position.")

    def _say(self, text: str, colour: str | None) -> None:
        self.status.setText(text)
        self.status.setStyleSheet(f"QLabel {{ color: {colour}; font-weight: bold; }}" if colour else "")

    def _show_board(self) -> None:
        if self.rules is None or self.canonical is None:
            return
        try:
            game = Session(self.rules, self.seats(), 0, None, None, self.canonical)
        except ValueError as exc:
            self.preview.note.setText(f"The board cannot be drawn: {exc}")
            return
        if self.preview.show_game(game):
            board = self.preview.board
            self.preview.note.setText(board.edit_position_help if board is not None and board.edit_position_help
                                      else "The board as the game will show it.")

    # The choice -------------------------------------------------------------------------------
    def seats(self) -> list[str]:
        """Who plays each seat of the position (as many as its players)."""
        return self.seats_box.kinds(self.state.num_players if self.state is not None else self.players.value())

    def choice(self) -> SetUpChoice | None:
        """The game the dialog would start (None while the position is refused)."""
        if self.canonical is None:
            return None
        return SetUpChoice(self.ruleset_ref, self.seats(), self.seed.value(), self.canonical)

    def start_game(self) -> bool:
        """Start the game (the window asks to save the game in progress first); the dialog closes
        when it started."""
        if self._timer.isActive():
            self.check()
        choice = self.choice()
        if choice is None or not self._start(choice):
            return False
        self.accept()
        return True

    def copy_text(self) -> None:
        """Copy the position's text (as the family writes it, once legal) to the clipboard."""
        QApplication.clipboard().setText(self.canonical or self.position_text())
        self.preview.note.setText("The position's text is on the clipboard.")

    # Size and layout --------------------------------------------------------------------------
    def _restore_geometry(self) -> None:
        saved = settings().value(GEOMETRY_KEY)
        if not (isinstance(saved, QByteArray) and self.restoreGeometry(saved)):
            self.resize(1100, 720)

    def done(self, result: int) -> None:
        store = settings()
        store.setValue(GEOMETRY_KEY, self.saveGeometry())
        store.sync()
        self._timer.stop()
        super().done(result)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        narrow = event.size().width() < NARROW
        self.splitter.setOrientation(Qt.Orientation.Vertical if narrow else Qt.Orientation.Horizontal)
        super().resizeEvent(event)


def _buddy(text: str, widget: QWidget) -> QLabel:
    """A label whose mnemonic (Alt+letter) moves the focus to `widget`."""
    label = QLabel(text)
    label.setBuddy(widget)
    return label
