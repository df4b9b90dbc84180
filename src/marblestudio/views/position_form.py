"""A position's fields as a form: one row per field, a line edit each, per-seat fields one
edit per seat, seat fields (`turn=`) and fields of a few words (`phase=`) as combo boxes.

The form learns the fields from the family's own reader (`field_specs`): the reader is run on
the rules' start and on the position shown with `Fields` that remember how each field is read
(`seats()`: one value per seat; `choice()`: one of a few words; `turn()`: a seat, maybe
`chance`).  A field the reader does not reach (a rule piece's `scores=`) is per seat when its
value holds one part per seat.  So a new family, a plug-in's too, gets its form for nothing.

The form edits the text, never a State: `text()` writes its fields back as a position (an empty
field is left out, taking the family's default), and `show_values()` fills it from a text.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QGridLayout, QLabel, QLineEdit, QWidget

from marblestudio.engine import family as families
from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE
from marblestudio.engine.position import CHANCE_TURN, SEAT_SEP, Fields, PositionError
from marblestudio.engine.rules import Ruleset

SET_UP_STEPS = 1000
"""The most chance steps `set_up_start` plays (a set-up takes a few)."""
TIPS = {
    "turn": "The seat to move, or 'chance' when the next step is a set-up, a deal or a die roll "
            "(in a finished game, the seat that moved last).",
    "phase": "Where the game is: each family names its phases.",
    "moves": "Moves made so far (the ruleset's move limit counts them).",
    "result": "'-' while the game goes on; else win:SEATS:REASON, draw::REASON or capped::REASON.",
}
"""What the common fields hold (a family's own fields are described in docs/notation.md)."""


@dataclass(frozen=True)
class FieldSpec:
    """How the form edits one field of a position."""

    name: str
    per_seat: bool = False
    """One value per seat, written `a/b/c`, seat 0 first."""
    choices: tuple[str, ...] = ()
    """The words the field may hold (a combo box), or () for free text."""
    seat: bool = False
    """A seat number (a combo box of the seats' names)."""
    chance: bool = False
    """... or `chance` (the seat field of a chance step)."""


class _Recorder(Fields):
    """Fields that remember how the family's reader read each field."""

    def __init__(self, fields: Fields) -> None:
        super().__init__(fields.game, fields.values, fields.players)
        self.per_seat: set[str] = set()
        self.choices: dict[str, tuple[str, ...]] = {}
        self.seat_fields: dict[str, bool] = {}  # name -> whether `chance` is allowed

    def choice(self, name: str, options: Iterable[str], default: str | None = None) -> str:
        words = tuple(options)
        self.choices.setdefault(name, words)
        return super().choice(name, words, default)

    def turn(self, name: str = "turn", chance: bool = True) -> int:
        self.seat_fields[name] = self.seat_fields.get(name, False) or chance
        return super().turn(name, chance)

    def seats(self, name: str, default: str | None = None) -> list[str]:
        self.per_seat.add(name)
        return super().seats(name, default)


def _recorded(rules: Ruleset, text: str | None) -> _Recorder | None:
    """How the family's reader reads `text` (as far as it gets before an error), or None."""
    fields = _fields(text)
    if fields is None:
        return None
    found = families.family(rules.game)
    if found is None or fields.game != rules.game:
        return None
    recorder = _Recorder(fields)
    try:
        found.load("engine").from_position(rules, recorder)
    except Exception:  # noqa: BLE001 - a position the reader refuses: what it read before is enough
        pass
    return recorder


def rules_start(rules: Ruleset, players: int | None = None) -> str:
    """The position of a new game of `rules` for `players` (the ruleset's default count)."""
    return new_game(rules, players).position()


def set_up_start(rules: Ruleset, players: int | None, seed: int) -> str:
    """The rules' start after its opening chance steps (a set-up, a deal) drawn from `seed`: a
    position whose hands and deck already add up, to edit from."""
    state = new_game(rules, players)
    rng = random.Random(seed)
    for _ in range(SET_UP_STEPS):
        if state.outcome() is not None or state.to_move != CHANCE:
            break
        state.apply(state.sample_chance(rng))
    return state.position()


def field_specs(rules: Ruleset, text: str | None = None) -> list[FieldSpec]:
    """The fields of `rules`' positions, in the order the family writes them, then those of
    `text` that the rules' start does not write, each with how the form edits it."""
    given = _values(text)
    template = _template(rules, given[1] if given is not None else None)
    read = [found for found in (_values(template), given) if found is not None]
    records = [r for r in (_recorded(rules, template), _recorded(rules, text)) if r is not None]
    names: list[str] = []
    for values, _ in read:
        names += [name for name in values if name != "players" and name not in names]
    specs = []
    for name in names:
        choices = next((r.choices[name] for r in records if name in r.choices), ())
        seat = any(name in r.seat_fields for r in records)
        chance = any(r.seat_fields.get(name, False) for r in records)
        per_seat = any(name in r.per_seat for r in records) or any(
            players > 1 and len(values.get(name, "").split(SEAT_SEP)) == players for values, players in read
        )
        specs.append(FieldSpec(name, per_seat and not seat, choices, seat, chance))
    return specs


def _template(rules: Ruleset, players: int | None) -> str | None:
    """The rules' start for `players` (the default count when the rules are not for that many),
    or None when the family writes no positions."""
    for count in (players, None):
        try:
            return rules_start(rules, count)
        except (ValueError, NotImplementedError):
            continue
    return None


def _values(text: str | None) -> tuple[dict[str, str], int] | None:
    """The fields and the player count of `text`, or None when it does not read as fields."""
    fields = _fields(text)
    return None if fields is None else (fields.values, fields.players)


def _fields(text: str | None) -> Fields | None:
    """`text` read as a position's fields, or None when it is none."""
    if text is None:
        return None
    try:
        return Fields.parse(text)
    except PositionError:
        return None


class _Row:
    """The editors of one field, and its message when the field is at fault."""

    def __init__(self, spec: FieldSpec, label: QLabel, editors: list[QWidget], message: QLabel) -> None:
        self.spec = spec
        self.label = label
        self.editors = editors
        self.message = message

    def value(self) -> str:
        parts = [_editor_value(e) for e in self.editors]
        if self.spec.per_seat and len(self.editors) > 1:
            return "" if not any(parts) else SEAT_SEP.join(parts)
        return parts[0]

    def set_value(self, value: str) -> None:
        parts = value.split(SEAT_SEP) if self.spec.per_seat and len(self.editors) > 1 else [value]
        for editor, part in zip(self.editors, parts, strict=False):
            _set_editor_value(editor, part)


def _editor_value(editor: QWidget) -> str:
    if isinstance(editor, QComboBox):
        return str(editor.currentData() or "")
    assert isinstance(editor, QLineEdit)
    return "".join(editor.text().split())  # a value holds no spaces


def _set_editor_value(editor: QWidget, value: str) -> None:
    editor.blockSignals(True)
    try:
        if isinstance(editor, QComboBox):
            offered = int(editor.property("offered"))
            while editor.count() > offered:  # the value shown last that the family does not offer
                editor.removeItem(editor.count() - 1)
            index = editor.findData(value)
            if index < 0:  # a value the family does not offer: shown as it is (the check says why it is wrong)
                editor.addItem(value if value else "(default)", value)
                index = editor.count() - 1
            editor.setCurrentIndex(index)
        elif isinstance(editor, QLineEdit) and editor.text() != value:
            editor.setText(value)
            editor.setCursorPosition(0)
    finally:
        editor.blockSignals(False)


class PositionForm(QWidget):
    """The fields of one position, editable; `edited` when the user changes one."""

    edited = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game = ""
        self.players = 0
        self.rows: dict[str, _Row] = {}
        self._shape: tuple[object, ...] = ()
        self._grid = QGridLayout(self)
        self._grid.setColumnStretch(2, 1)
        self._grid.setVerticalSpacing(4)
        self._fault = "#d32f2f"  # the colour of a field at fault (`set_fault_style`)
        self.fault: str | None = None  # the field marked at fault, if any

    # Filling ----------------------------------------------------------------------------------
    def show_values(self, specs: Sequence[FieldSpec], game: str, players: int, values: Mapping[str, str],
                    seat_names: Sequence[str]) -> bool:
        """Show `values` (a position's fields) in rows for `specs`; the rows are made again only
        when the fields or the seats change.  True when they were made again."""
        per_seat = [s.per_seat and (s.name not in values or len(values[s.name].split(SEAT_SEP)) == players) for s in specs]
        shape = (game, players, tuple(seat_names), tuple(zip(specs, per_seat, strict=True)))
        rebuilt = shape != self._shape
        if rebuilt:
            self._build([FieldSpec(s.name, p, s.choices, s.seat, s.chance) for s, p in zip(specs, per_seat, strict=True)],
                        seat_names)
            self._shape = shape
        self.game, self.players = game, players
        for name, row in self.rows.items():
            row.set_value(values.get(name, ""))
        return rebuilt

    def _build(self, specs: Sequence[FieldSpec], seat_names: Sequence[str]) -> None:
        while self._grid.count():
            item = self._grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        for line in range(self._grid.rowCount()):
            self._grid.setRowStretch(line, 0)
        self.rows = {}
        self.fault = None
        line = 0
        for spec in specs:
            label = QLabel(spec.name)
            label.setToolTip(TIPS.get(spec.name, f"The field '{spec.name}' (docs/notation.md)"))
            editors: list[QWidget] = []
            if spec.per_seat:
                for seat, name in enumerate(seat_names):
                    seat_label = QLabel(name)
                    editor = self._editor(spec, seat_names, f"{spec.name}, seat {seat} ({name})")
                    self._grid.addWidget(seat_label, line, 1)
                    self._grid.addWidget(editor, line, 2)
                    editors.append(editor)
                    line += 1
                self._grid.addWidget(label, line - len(seat_names), 0, len(seat_names), 1, Qt.AlignmentFlag.AlignTop)
            else:
                editor = self._editor(spec, seat_names, spec.name)
                self._grid.addWidget(label, line, 0)
                self._grid.addWidget(editor, line, 1, 1, 2)
                editors.append(editor)
                line += 1
            label.setBuddy(editors[0])
            message = QLabel()
            message.setWordWrap(True)
            message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            message.hide()
            self._grid.addWidget(message, line, 1, 1, 2)
            line += 1
            self.rows[spec.name] = _Row(spec, label, editors, message)
        self._grid.setRowStretch(line, 1)

    def _editor(self, spec: FieldSpec, seat_names: Sequence[str], name: str) -> QWidget:
        """A combo box for a seat or a choice, else a line edit."""
        editor: QWidget
        if spec.seat or spec.choices:
            box = QComboBox()
            if spec.seat:
                for seat, seat_name in enumerate(seat_names):
                    box.addItem(f"{seat_name} (seat {seat})", str(seat))
                if spec.chance:
                    box.addItem(CHANCE_TURN, CHANCE_TURN)
            else:
                for word in spec.choices:
                    box.addItem(word, word)
            box.setProperty("offered", box.count())
            box.currentIndexChanged.connect(self._on_edit)
            editor = box
        else:
            edit = QLineEdit()
            edit.textEdited.connect(self._on_edit)
            editor = edit
        editor.setAccessibleName(name)
        editor.setToolTip(TIPS.get(spec.name, ""))
        return editor

    def _on_edit(self, *_: object) -> None:
        self.edited.emit()

    # Reading ----------------------------------------------------------------------------------
    def text(self) -> str:
        """The position the form holds, one line (fields left empty are left out)."""
        parts = [self.game, f"players={self.players}"]
        parts += [f"{name}={value}" for name, row in self.rows.items() if (value := row.value())]
        return " ".join(parts)

    def editor(self, name: str, seat: int = 0) -> QWidget:
        """The editor of field `name` (of `seat`, for a per-seat field)."""
        return self.rows[name].editors[seat]

    # The field at fault -----------------------------------------------------------------------
    def set_fault_style(self, colour: str) -> None:
        """The colour that marks a field at fault (readable on the dialog's background)."""
        self._fault = colour

    def mark_fault(self, name: str | None, message: str) -> QWidget | None:
        """Show `message` under field `name` and mark its editors (None, or a field the form does
        not have: no field is marked); the label showing the message, if any."""
        found = self.rows.get(name or "")
        for row_name in {self.fault, name if found is not None else None} - {None}:
            row = self.rows.get(row_name or "")
            if row is not None:
                self._mark(row, message if row is found else None)
        self.fault = name if found is not None else None
        return found.message if found is not None else None

    def _mark(self, row: _Row, message: str | None) -> None:
        """Mark `row` at fault with `message`, or (None) unmark it."""
        row.message.setVisible(message is not None)
        row.message.setText(message or "")
        row.message.setStyleSheet(f"QLabel {{ color: {self._fault}; }}" if message is not None else "")
        row.label.setStyleSheet(f"QLabel {{ color: {self._fault}; font-weight: bold; }}" if message is not None else "")
        for editor in row.editors:
            editor.setStyleSheet(f"border: 2px solid {self._fault};" if message is not None else "")
