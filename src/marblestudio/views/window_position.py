"""The main window's positions: Copy Position (Ctrl+Shift+C), Paste Position (Ctrl+Shift+V) and
Game > Set Up Position… (Ctrl+Shift+P).  A part of `MainWindow`, installed by
`install_position_actions(window)`.

A position holds hidden information (ALIVE's hands and the deck's order), so it is never shown
to a seat that may not see it: while a game that hides cards from someone has a human seat and
goes on, Copy Position is disabled (its tooltip says why) and the set-up dialog cannot start
from it.  A finished game, a replay and a game of computers alone may be copied.  Paste opens
the set-up dialog on the clipboard's position (lines starting with `#` are comments), under the
current game's ruleset when the position fits it, else under its game's standard ruleset.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QMenu, QMessageBox

from marblestudio.engine import family as families
from marblestudio.engine import from_position
from marblestudio.engine.core import State
from marblestudio.engine.rules import Ruleset
from marblestudio.rulesets import load
from marblestudio.views.secrecy import hidden_from_a_person

if TYPE_CHECKING:
    from marblestudio.views.main_window import MainWindow
    from marblestudio.views.position_setup import CurrentGame, PositionSetupDialog, SetUpChoice

NO_GAME = "No game is shown: start or open one first."


class WindowPosition:
    """Copy, paste and set up positions in one window."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.dialog: PositionSetupDialog | None = None  # the set-up dialog while it is open
        self.copy_action = self._action("&Copy Position", self.copy, "Ctrl+Shift+C")
        self.paste_action = self._action("&Paste Position", self.paste, "Ctrl+Shift+V")
        self.paste_action.setToolTip("Set up a game from the position on the clipboard")
        self.setup_action = self._action("Set &Up Position…", self.set_up, "Ctrl+Shift+P")
        self.setup_action.setToolTip("Put marbles and cards where you want them, choose whose turn it is, and play from there")

    def _action(self, text: str, slot: Callable[[], object], shortcut: str) -> QAction:
        action = QAction(text, self.window)
        action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda _=False: slot())
        self.window.addAction(action)
        return action

    def install(self) -> None:
        """Copy and Paste Position go to the Edit menu, Set Up Position… after New Game…; the
        actions follow the game shown."""
        game_menu = _menu_of(self.window, self.window.new_action)
        edit_menu = _menu_of(self.window, self.window.undo_action)
        if game_menu is not None:
            after = game_menu.actions()
            index = after.index(self.window.new_action) + 1
            if index < len(after):
                game_menu.insertAction(after[index], self.setup_action)
            else:
                game_menu.addAction(self.setup_action)
        if edit_menu is not None:
            edit_menu.addSeparator()
            edit_menu.addAction(self.copy_action)
            edit_menu.addAction(self.paste_action)
            edit_menu.setToolTipsVisible(True)  # why Copy Position is disabled
        self.window.game.changed.connect(self.update)
        self.window.game.game_over.connect(lambda _outcome: self.update())
        self.window.stack.currentChanged.connect(lambda _index: self.update())
        self.update()

    # What may be shown -------------------------------------------------------------------------
    def shown_state(self) -> State | None:
        """The position the board shows (an earlier one while looking back), or None."""
        window = self.window
        session = window.game.session
        position = window.game.shown_position()
        if session is None or position is None or window.stack.currentIndex() != 1:
            return None
        return session.state if position == session.position else session.state_at(position)

    def refusal(self) -> str | None:
        """Why the shown position may not be copied now, or None when it may."""
        window = self.window
        session = window.game.session
        if session is None or window.stack.currentIndex() != 1:
            return NO_GAME
        if hidden_from_a_person(session, window.game.interactive):
            return (f"{session.rules.name} hides cards from its players, and a human plays this game: the position "
                    "(every hand, the deck's order) can be copied once the game is over, or while watching a replay.")
        return None

    def update(self) -> None:
        why = self.refusal()
        self.copy_action.setEnabled(why is None)
        self.copy_action.setToolTip(why or "Copy the position shown as one line of text")
        self.copy_action.setStatusTip(why or "")

    # The actions -------------------------------------------------------------------------------
    def copy(self) -> bool:
        """Put the shown position's text on the clipboard (when it may be shown)."""
        why = self.refusal()
        state = self.shown_state()
        if why is not None or state is None:
            self.window.show_message(why or NO_GAME)
            return False
        try:
            text = state.position()
        except NotImplementedError as exc:
            self.window.show_message(str(exc))
            return False
        QApplication.clipboard().setText(text)
        self.window.show_message("Copied the position to the clipboard.")
        return True

    def paste(self) -> PositionSetupDialog | None:
        """Open the set-up dialog on the clipboard's position; a clipboard that holds none says why."""
        lines = QApplication.clipboard().text().splitlines()
        text = " ".join(" ".join(line for line in lines if not line.lstrip().startswith("#")).split())  # '#': a comment
        if not text:
            QMessageBox.warning(self.window, "Paste Position", "The clipboard holds no text: copy a position first.")
            return None
        word = text.split()[0]
        found = families.family(word) if "=" not in word else None
        if found is None:
            shown = word if len(word) <= 40 else word[:40] + "…"
            QMessageBox.warning(
                self.window, "Paste Position",
                f"The clipboard holds no position: a position starts with its game's name "
                f"({', '.join(families.names())}), and this text starts with '{shown}'.",
            )
            return None
        return self.set_up(text, self._ruleset_for(text, found.game, found.standard))

    def _ruleset_for(self, text: str, game: str, standard: str) -> str:
        """The ruleset to set up a position of `game` under: the current game's when it is of
        that game and the position is legal under it (or under neither), else the standard one."""
        current = self.current_game()
        if current is None or current.rules.game != game:
            return standard
        if _reads(lambda: current.rules, text) or not _reads(lambda: load(standard), text):
            return current.ruleset
        return standard

    def set_up(self, text: str | None = None, ruleset: str | None = None) -> PositionSetupDialog:
        """Open the set-up dialog (window-modal) on `text`, else on the shown position when it may
        be shown, else on the rules' start; its Start Game starts the game here."""
        if self.dialog is not None:
            self.dialog.close()
        from marblestudio.views.position_setup import PositionSetupDialog  # made when asked for, not at start-up

        dialog = PositionSetupDialog(self.window, self._start, ruleset, text, self.current_game())
        self.dialog = dialog
        dialog.finished.connect(lambda _result: self._forget(dialog))
        dialog.open()
        return dialog

    def _forget(self, dialog: PositionSetupDialog) -> None:
        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()

    def current_game(self) -> CurrentGame | None:
        """The shown game's ruleset, with its position when that may be shown."""
        session = self.window.game.session
        if session is None or self.window.stack.currentIndex() != 1:
            return None
        why = self.refusal()
        state = self.shown_state() if why is None else None
        try:
            position = state.position() if state is not None else None
        except NotImplementedError as exc:
            position, why = None, str(exc)
        ref = session.ruleset_ref or session.rules.id
        from marblestudio.views.position_setup import CurrentGame

        return CurrentGame(ref, session.rules, session.num_players, position, why or "", tuple(session.seats))

    def _start(self, choice: SetUpChoice) -> bool:
        return self.window.start_game(choice.ruleset, choice.seats, choice.seed, choice.start)


def _reads(rules: Callable[[], Ruleset], text: str) -> bool:
    """Whether `text` is a legal position under `rules()` (which may fail to load)."""
    try:
        from_position(rules(), text)
    except Exception:  # noqa: BLE001 - refused, rules that do not load (RulesetError), a reader that fails: the dialog says
        return False
    return True


def _menu_of(window: MainWindow, action: QAction) -> QMenu | None:
    """The menu of the window's menu bar that holds `action`."""
    for entry in window.menuBar().actions():
        menu = entry.menu()
        if isinstance(menu, QMenu) and action in menu.actions():
            return menu
    return None


def install_position_actions(window: MainWindow) -> WindowPosition:
    """Add Copy Position, Paste Position and Set Up Position… to `window` (its menus and
    shortcuts); the part that does them."""
    part = WindowPosition(window)
    part.install()
    return part
