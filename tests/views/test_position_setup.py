"""Positions in the window: Copy Position, Paste Position and the Set Up Position dialog (its
form and text kept in step, the live check naming the field at fault, the board drawn, direct
placing on Stay Alive's board, the game started at the position).  A position holds hidden
cards, so it is never copied while it would show them to a human player."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QKeySequence
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit
from pytestqt.qtbot import QtBot

from marblestudio import rulesets
from marblestudio.engine import from_position, new_game
from marblestudio.session import HUMAN, Session
from marblestudio.views.main_window import MainWindow
from marblestudio.views.position_form import field_specs
from marblestudio.views.board.stay_alive.placing import click
from marblestudio.views.position_setup import GEOMETRY_KEY, LEGAL, PositionSetupDialog
from marblestudio.agents.base import has_hidden_information
from marblestudio.views.window_position import WindowPosition

from .window_fixtures import Answers, answers, window  # noqa: F401

pytestmark = pytest.mark.gl

DOCS_STAY_ALIVE = (
    "stay-alive players=2 phase=sliding turn=0 slides=12200212201001 marbles=c2,f2,c6,f6,b7/b3,e3,b6,d7 hand=0/0 "
    "fallen=0/1 last=R1 streak=1 own-last=W4/R1 own-streak=1/1 moves=14 result=-"
)
"""The Stay Alive position of docs/notation.md: Red to move; Blue moved R1 last, one of its marbles fell."""
HOUSE_RULES = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
ARCHIMEDES = (
    "archimedes players=2 turn=0 phase=moving mover=0 cups=b4,a7,b8,b9,c11/c6,a8,c8,a9,a10,c12 supply=7/6 lost=0/0 "
    "die=3 remaining=1 moved=b8 turns=21 touched=- result=-"
)
"""The Rock Me Archimedes position of docs/notation.md."""


@pytest.fixture
def positions(window: MainWindow) -> WindowPosition:
    """The window's own part (`install_position_actions` ran as the window was built)."""
    return window.positions


def _checked(qtbot: QtBot, dialog: PositionSetupDialog) -> str:
    """The check's verdict, once the edits have been checked (~200 ms after the last)."""
    qtbot.waitUntil(lambda: not dialog._timer.isActive(), timeout=3000)
    return dialog.status.text()


def _edit(editor: object, text: str) -> None:
    """Type `text` into a form's line edit, as the user does (its `textEdited`)."""
    assert isinstance(editor, QLineEdit)
    editor.setText(text)
    editor.textEdited.emit(text)


# Copy Position ------------------------------------------------------------------------------------
def test_copy_gives_exactly_the_position_shown(qtbot: QtBot, window: MainWindow, positions: WindowPosition) -> None:
    assert window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=4)
    session = window.game.session
    assert session is not None
    qtbot.waitUntil(lambda: session.ply >= 1, timeout=5000)  # the set-up, drawn at once
    assert positions.copy_action.isEnabled()
    positions.copy_action.trigger()
    assert QGuiApplication.clipboard().text() == session.state.position()
    assert "Copied" in window.message_label.text()


def test_copy_is_refused_while_an_alive_game_hides_cards_from_a_human(
    qtbot: QtBot, window: MainWindow, positions: WindowPosition
) -> None:
    QGuiApplication.clipboard().setText("untouched")
    assert window.start_game("alive/standard", [HUMAN, HUMAN], seed=3)
    session = window.game.session
    assert session is not None
    assert not positions.copy_action.isEnabled()
    assert "hides cards" in positions.copy_action.toolTip() and "once the game is over" in positions.copy_action.toolTip()
    assert not positions.copy()
    assert QGuiApplication.clipboard().text() == "untouched"
    dialog = positions.set_up()  # the set-up dialog cannot start from it either
    assert not dialog.current_button.isEnabled() and "hides cards" in dialog.current_button.toolTip()
    assert dialog.position_text() != session.state.position()
    dialog.reject()
    session.resign(0)  # the game is over: nothing is hidden any more
    assert positions.copy_action.isEnabled()
    positions.copy_action.trigger()
    assert QGuiApplication.clipboard().text() == session.state.position()


def test_copy_is_allowed_in_a_game_with_house_rules_that_hides_nothing(window: MainWindow, positions: WindowPosition) -> None:
    assert window.start_game(str(HOUSE_RULES / "stay-alive-bounty.yaml"), [HUMAN, HUMAN], seed=2)
    assert positions.copy_action.isEnabled()  # its rule pieces wrap the state, but Stay Alive hides nothing
    assert window.start_game(str(HOUSE_RULES / "alive-lucky-seven.yaml"), [HUMAN, HUMAN], seed=2)
    assert not positions.copy_action.isEnabled()
    assert has_hidden_information(window.game.session.state)  # type: ignore[union-attr]


def test_copy_is_allowed_while_watching_a_hidden_card_game(qtbot: QtBot, window: MainWindow, positions: WindowPosition) -> None:
    loaded = rulesets.load_with_source("alive/standard")
    watched = Session(loaded.rules, [HUMAN, HUMAN, HUMAN], 5, loaded.resolved, "alive/standard")
    window.set_session(watched, interactive=False)
    assert positions.copy_action.isEnabled()
    assert positions.copy()
    assert QGuiApplication.clipboard().text() == watched.state.position()
    window.show_library()
    assert not positions.copy_action.isEnabled() and "No game" in positions.copy_action.toolTip()


def test_set_up_starts_from_the_game_shown_with_its_players(qtbot: QtBot, window: MainWindow, positions: WindowPosition) -> None:
    assert window.start_game("archimedes/standard", [HUMAN, HUMAN], seed=6)  # no computer moves under the dialog
    session = window.game.session
    assert session is not None
    positions.setup_action.trigger()
    dialog = positions.dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.ruleset_ref == "archimedes/standard" and dialog.position_text() == session.state.position()
    assert dialog.seats() == [HUMAN, HUMAN] and dialog.current_button.isEnabled()
    dialog.players.setValue(2)
    dialog.rules_start_button.click()
    assert dialog.position_text() == new_game(session.rules).position()
    dialog.current_button.click()
    assert dialog.position_text() == session.state.position()
    dialog.reject()
    assert positions.dialog is None


def test_the_actions_are_in_the_menus_with_their_shortcuts(window: MainWindow, positions: WindowPosition) -> None:
    menus = {a.text(): a.menu() for a in window.menuBar().actions()}
    assert positions.setup_action in menus["&Game"].actions()  # type: ignore[union-attr]
    edit = menus["&Edit"].actions()  # type: ignore[union-attr]
    assert positions.copy_action in edit and positions.paste_action in edit
    assert positions.copy_action.shortcut() == QKeySequence("Ctrl+Shift+C")
    assert positions.paste_action.shortcut() == QKeySequence("Ctrl+Shift+V")
    assert positions.setup_action.shortcut() == QKeySequence("Ctrl+Shift+P")


# Paste Position ------------------------------------------------------------------------------------
def test_paste_opens_the_dialog_with_the_fields_filled(qtbot: QtBot, window: MainWindow, positions: WindowPosition) -> None:
    QGuiApplication.clipboard().setText(DOCS_STAY_ALIVE + "\n")
    dialog = positions.paste()
    assert dialog is not None and dialog.isVisible()
    assert dialog.ruleset_ref == "stay-alive/standard"
    assert dialog.position_text() == DOCS_STAY_ALIVE
    form = dialog.form
    assert isinstance(form.editor("phase"), QComboBox) and form.editor("phase").currentText() == "sliding"  # type: ignore[attr-defined]
    assert form.editor("turn").currentText() == "Red (seat 0)"  # type: ignore[attr-defined]
    assert form.editor("marbles", 0).text() == "c2,f2,c6,f6,b7"  # type: ignore[attr-defined]
    assert form.editor("marbles", 1).text() == "b3,e3,b6,d7"  # type: ignore[attr-defined]
    assert form.editor("fallen", 1).text() == "1"  # type: ignore[attr-defined]
    assert form.editor("slides").text() == "12200212201001"  # type: ignore[attr-defined]
    assert dialog.status.text().startswith(LEGAL) and "Red to move" in dialog.status.text()
    assert dialog.start_button.isEnabled()


def test_paste_of_no_position_says_why(window: MainWindow, positions: WindowPosition, answers: Answers) -> None:
    QGuiApplication.clipboard().setText("hello world")
    assert positions.paste() is None
    assert "no position" in answers.warnings[-1] and "stay-alive" in answers.warnings[-1] and "'hello'" in answers.warnings[-1]
    QGuiApplication.clipboard().setText("   ")
    assert positions.paste() is None
    assert "no text" in answers.warnings[-1]


def test_a_pasted_position_of_another_game_switches_the_ruleset(qtbot: QtBot, window: MainWindow, positions: WindowPosition) -> None:
    assert window.start_game("stay-alive/quick", [HUMAN, HUMAN], seed=1)
    QGuiApplication.clipboard().setText(ARCHIMEDES)
    dialog = positions.paste()
    assert dialog is not None
    assert dialog.ruleset_ref == "archimedes/standard" and dialog.rules is not None and dialog.rules.game == "archimedes"
    assert dialog.status.text().startswith(LEGAL)
    dialog.text.setPlainText(DOCS_STAY_ALIVE)  # typed over: back to Stay Alive, the current game's ruleset
    assert dialog.ruleset_ref == "stay-alive/quick"
    assert "the rules give each player 3" in _checked(qtbot, dialog)  # quick's players have fewer marbles
    assert dialog.form.fault == "marbles"


def test_paste_keeps_the_current_ruleset_when_the_position_fits_it(qtbot: QtBot, window: MainWindow, positions: WindowPosition) -> None:
    assert window.start_game("stay-alive/quick", [HUMAN, HUMAN], seed=1)
    session = window.game.session
    assert session is not None
    quick = session.state.position()
    QGuiApplication.clipboard().setText(f"# a position of the game on the table\n{quick}\n")
    dialog = positions.paste()
    assert dialog is not None and dialog.ruleset_ref == "stay-alive/quick" and dialog.position_text() == quick
    dialog.reject()
    QGuiApplication.clipboard().setText(DOCS_STAY_ALIVE)  # five marbles each: the standard rules, not quick's
    dialog = positions.paste()
    assert dialog is not None and dialog.ruleset_ref == "stay-alive/standard" and dialog.status.text().startswith(LEGAL)


# The live check --------------------------------------------------------------------------------------
def test_a_bad_field_is_named_under_it_and_start_waits_until_it_is_fixed(
    qtbot: QtBot, window: MainWindow, positions: WindowPosition
) -> None:
    dialog = positions.set_up(DOCS_STAY_ALIVE, "stay-alive/standard")
    assert dialog.start_button.isEnabled()
    _edit(dialog.form.editor("hand", 0), "x")
    assert "Checking" in dialog.status.text()
    assert "hand=x/0" in dialog.position_text()  # the text follows the form at once
    status = _checked(qtbot, dialog)
    assert status == "Not a position: position field 'hand': 'x' is not a whole number"
    assert dialog.form.fault == "hand"
    message = dialog.form.rows["hand"].message
    assert message.isVisible() and "'x' is not a whole number" in message.text()
    assert not dialog.start_button.isEnabled()
    _edit(dialog.form.editor("hand", 0), "1")  # a marble too many: a rule, not the notation
    status = _checked(qtbot, dialog)
    assert status.startswith("Impossible: position field 'marbles': seat 0 has 6 marbles")
    assert "the rules give each player 5" in status and dialog.form.fault == "marbles"
    assert "(a rule of the game)" in dialog.form.rows["marbles"].message.text()
    _edit(dialog.form.editor("hand", 0), "0")
    assert _checked(qtbot, dialog).startswith(LEGAL)
    assert dialog.start_button.isEnabled() and dialog.form.fault is None
    assert not dialog.form.rows["marbles"].message.isVisible()


def test_an_unknown_game_and_broken_text_are_told_plainly(qtbot: QtBot, window: MainWindow, positions: WindowPosition) -> None:
    dialog = positions.set_up(None, "stay-alive/standard")
    dialog.text.setPlainText("chess players=2 board=rnbqkbnr")
    assert "'chess' is no installed game" in _checked(qtbot, dialog) and "stay-alive" in dialog.status.text()
    assert not dialog.start_button.isEnabled()
    dialog.text.setPlainText("stay-alive players=2 phase")
    assert "'phase' is not a field" in _checked(qtbot, dialog)
    assert not dialog.form.isEnabled() and dialog.form_note.isVisible()  # the form waits for text that reads as fields
    dialog.text.setPlainText("")
    assert "empty" in _checked(qtbot, dialog)


def test_the_turn_box_changes_the_turn_field(qtbot: QtBot, window: MainWindow, positions: WindowPosition) -> None:
    dialog = positions.set_up(DOCS_STAY_ALIVE, "stay-alive/standard")
    turn = dialog.form.editor("turn")
    assert isinstance(turn, QComboBox)
    assert [turn.itemText(i) for i in range(turn.count())] == ["Red (seat 0)", "Blue (seat 1)", "chance"]
    turn.setCurrentIndex(1)
    assert " turn=1 " in dialog.position_text()
    assert "Blue to move" in _checked(qtbot, dialog)
    turn.setCurrentIndex(2)
    assert " turn=chance " in dialog.position_text()
    assert _checked(qtbot, dialog).startswith("Impossible: position field 'turn'")
    phase = dialog.form.editor("phase")
    assert isinstance(phase, QComboBox)
    assert [phase.itemText(i) for i in range(phase.count())] == ["setup", "placing", "sliding", "over"]


def test_text_typed_fills_the_form(qtbot: QtBot, window: MainWindow, positions: WindowPosition) -> None:
    dialog = positions.set_up(DOCS_STAY_ALIVE, "stay-alive/standard")
    dialog.text.setPlainText(DOCS_STAY_ALIVE.replace("moves=14", "moves=15").replace("turn=0", "turn=1"))
    assert dialog.form.editor("moves").text() == "15"  # type: ignore[attr-defined]
    assert dialog.form.editor("turn").currentText() == "Blue (seat 1)"  # type: ignore[attr-defined]
    assert "Blue to move" in _checked(qtbot, dialog)


# The Stay Alive example of docs/notation.md, worked by hand -------------------------------------------
def test_the_stay_alive_example_of_the_notation_document(qtbot: QtBot, window: MainWindow, positions: WindowPosition) -> None:
    dialog = positions.set_up(DOCS_STAY_ALIVE, "stay-alive/standard")
    assert dialog.status.text() == f"{LEGAL}: Red to move"
    # Blue has 4 marbles on the grid and 1 fallen: the 5 the rules give.  Say none fell:
    _edit(dialog.form.editor("fallen", 1), "0")
    assert _checked(qtbot, dialog) == ("Impossible: position field 'marbles': seat 1 has 4 marbles (4 on the grid, "
                                       "0 to place, 0 fallen): the rules give each player 5")
    _edit(dialog.form.editor("fallen", 1), "1")
    # b7 is a cell of Red's; giving it to Blue too puts two marbles in one cell:
    _edit(dialog.form.editor("marbles", 1), "b3,e3,b6,b7")
    assert _checked(qtbot, dialog) == "Impossible: position field 'marbles': cell b7 holds two marbles"
    _edit(dialog.form.editor("marbles", 1), "b3,e3,b6,d7")
    assert _checked(qtbot, dialog).startswith(LEGAL)
    dialog.seat_boxes[1].setCurrentIndex(dialog.seat_boxes[1].findData(HUMAN))
    assert dialog.start_game()
    session = window.game.session
    assert session is not None and not dialog.isVisible()
    assert session.state.position() == DOCS_STAY_ALIVE and session.start == DOCS_STAY_ALIVE
    assert session.seats == [HUMAN, HUMAN]
    legal = {str(m) for m in session.state.legal_moves()}
    assert "R1+" not in legal and "R1-" not in legal  # Blue moved R1 last: Red may not move it
    assert any(m.startswith("W4") for m in legal)


# Starting ----------------------------------------------------------------------------------------------
def test_start_begins_a_game_at_the_position(qtbot: QtBot, window: MainWindow, positions: WindowPosition, answers: Answers) -> None:
    assert window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=2)
    window.game.session.resign(0)  # type: ignore[union-attr]  # an unsaved game: start_game asks first
    dialog = positions.set_up(ARCHIMEDES)
    assert dialog.ruleset_ref == "archimedes/standard"
    dialog.seat_boxes[1].setCurrentIndex(dialog.seat_boxes[1].findData(HUMAN))
    dialog.seed.setValue(77)
    dialog.start_button.click()
    assert answers.questions and "not saved" in answers.questions[-1]
    session = window.game.session
    assert session is not None and session.rules.id == "archimedes/standard"
    assert session.state.position() == ARCHIMEDES and session.seats == [HUMAN, HUMAN] and session.seed == 77
    assert positions.dialog is None or not positions.dialog.isVisible()


def test_a_hand_written_position_starts_as_the_family_writes_it(qtbot: QtBot, window: MainWindow, positions: WindowPosition) -> None:
    short = "stay-alive players=2 turn=1 hand=0/0 phase=sliding slides=12200212201001 marbles=c2,f2,c6,f6,b7/b3,e3,b6,d7 fallen=0/1"
    dialog = positions.set_up(short)  # its fields in another order, the last moves and the result left to their defaults
    assert dialog.rules is not None and dialog.rules.game == "stay-alive"
    assert dialog.form.editor("moves").text() == "" and dialog.form.editor("own-last", 1).text() == ""  # type: ignore[attr-defined]
    assert dialog.status.text() == f"{LEGAL}: Blue to move"
    assert dialog.start_game()
    session = window.game.session
    assert session is not None and session.state.position() == from_position(session.rules, short).position()


def test_players_and_the_rules_start(qtbot: QtBot, window: MainWindow, positions: WindowPosition) -> None:
    dialog = positions.set_up(None, "alive/standard")
    rules = dialog.rules
    assert rules is not None
    assert dialog.position_text() == new_game(rules).position()
    dialog.players.setValue(3)
    assert dialog.position_text() == new_game(rules, 3).position()
    assert [dialog.seats_box.form.isRowVisible(box) for box in dialog.seat_boxes[:4]] == [True, True, True, False]
    assert [dialog.seats_box.form.labelForField(b).text() for b in dialog.seat_boxes[:3]] == ["Red", "Blue", "Yellow"]  # type: ignore[union-attr]
    dialog.set_up_button.click()  # after the deal: hands and deck that add up, to edit from
    state = from_position(rules, dialog.position_text())
    assert state.to_move != -1 and dialog.status.text().startswith(LEGAL)
    assert len(dialog.form.rows["hands"].editors) == 3


# Direct placing on Stay Alive's board ------------------------------------------------------------------
PLACING = ("stay-alive players=2 phase=placing turn=0 slides=12200212201001 marbles=c2/b3 hand=4/4 fallen=0/0 "
           "last=- streak=0 own-last=-/- own-streak=0/0 moves=2 result=-")


def test_a_click_cycles_a_cell_through_the_seats_marbles_keeping_them_all(
    qtbot: QtBot, window: MainWindow, positions: WindowPosition
) -> None:
    dialog = positions.set_up(PLACING, "stay-alive/standard")
    preview = dialog.preview
    qtbot.waitUntil(lambda: preview.board is not None and preview.scene is not None and preview.scene.isVisible(), timeout=5000)
    cell = ("cell", 1, 3)  # d2
    assert preview.scene is not None
    at = preview.key_position(cell)
    assert at is not None and preview.scene.key_at(*at) == cell
    preview.scene.click_at(*at)
    assert "marbles=c2,d2/b3 hand=3/4" in dialog.position_text() and "d2: Red's marble" in preview.note.text()
    preview.scene.click_at(*at)
    assert "marbles=c2/b3,d2 hand=4/3" in dialog.position_text()
    preview.scene.click_at(*at)
    assert "marbles=c2/b3 hand=4/4" in dialog.position_text() and "empty" in preview.note.text()
    assert dialog.check()  # every seat still has its 5 marbles


def test_placing_the_last_marbles_turns_the_phase_to_sliding() -> None:
    rules = rulesets.load("stay-alive/standard")
    text = PLACING.replace("marbles=c2/b3 hand=4/4", "marbles=c2,f2,c6,f6/b3,e3,b6,d7 hand=1/1")
    done = click(rules, text, ("cell", 6, 1))  # b7
    assert done is not None and "phase=placing" in done[0] and "hand=0/1" in done[0]
    done = click(rules, done[0], ("cell", 6, 1))  # on to Blue
    assert done is not None and "hand=1/0" in done[0]
    done = click(rules, DOCS_STAY_ALIVE, ("cell", 0, 0))  # a1 in a sliding game: nobody has a marble in hand
    assert done is not None and done[0] == DOCS_STAY_ALIVE and "stays empty" in done[1]
    done = click(rules, DOCS_STAY_ALIVE, ("cell", 1, 2))  # c2, Red's: back in hand, so Red is placing again
    assert done is not None and "phase=placing" in done[0] and "hand=1/0" in done[0]
    done = click(rules, DOCS_STAY_ALIVE, ("knob", "R1", 1))
    assert done is not None and "slides=22200212201001" in done[0]
    assert click(rules, DOCS_STAY_ALIVE, ("knob", "R1", -1)) is not None
    from marblestudio.views.board.registry import board_class

    assert board_class("stay-alive")[0].edit_position_help  # only Stay Alive's board places by clicks
    assert not board_class("archimedes")[0].edit_position_help


# The form follows each family's own reader ----------------------------------------------------------------
@pytest.mark.parametrize("ref", ["stay-alive/standard", "alive/standard", "avalanche/standard", "archimedes/standard", "mancala/kalah"])
def test_every_family_gets_its_form(ref: str) -> None:
    rules = rulesets.load(ref)
    text = new_game(rules).position()
    specs = {s.name: s for s in field_specs(rules, text)}
    assert "turn" in specs and specs["turn"].seat
    assert [f"{k}=" in text for k in specs] == [True] * len(specs)
    per_seat = {name for name, s in specs.items() if s.per_seat}
    expected = {"stay-alive": {"marbles", "hand", "fallen", "own-last", "own-streak"}, "alive": {"lives", "hands"},
                "avalanche": {"hands", "cards"}, "archimedes": {"cups", "supply", "lost"}, "mancala": {"houses", "stores"}}
    assert per_seat == expected[rules.game]
    assert specs["turn"].chance == (rules.game != "mancala")


# Size --------------------------------------------------------------------------------------------------------
def test_the_dialog_remembers_its_size(qtbot: QtBot, window: MainWindow, positions: WindowPosition) -> None:
    dialog = positions.set_up()
    dialog.resize(700, 820)
    qtbot.waitUntil(lambda: dialog.width() == 700, timeout=2000)
    dialog.reject()
    from marblestudio.views.app import settings

    assert settings().value(GEOMETRY_KEY) is not None
    again = positions.set_up()
    assert (again.width(), again.height()) == (700, 820)
    assert again.splitter.orientation().name == "Vertical"  # narrow: the board under the fields
    again.reject()


# The keyboard ------------------------------------------------------------------------------------------------
def test_the_keyboard_opens_the_dialog_and_return_starts_the_game(qtbot: QtBot, window: MainWindow, positions: WindowPosition) -> None:
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=2000)
    qtbot.keyClick(window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    dialog = positions.dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog, timeout=2000)
    assert isinstance(QApplication.focusWidget(), (QComboBox, QLineEdit))  # the first field, ready to edit
    dialog.text.setPlainText(DOCS_STAY_ALIVE)
    dialog.text.setFocus()
    qtbot.waitUntil(lambda: dialog.text.hasFocus(), timeout=2000)
    qtbot.keyClick(dialog.text, Qt.Key.Key_Return)  # a position is one line: Return is Start Game (once checked)
    session = window.game.session
    assert session is not None and session.state.position() == DOCS_STAY_ALIVE
    assert "\n" not in dialog.text.toPlainText()
