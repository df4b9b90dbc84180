"""The main window's Help menu: the rules sheet of the game played, and its controls.

Help > Rules of This Game shows `rulesets.sheet`'s rules sheet (the editor's `SheetView`, with
its "save as text / PDF" buttons) of the ruleset being played, or of the one selected in the
library.  Help > Controls shows the board's own controls (its family's help module) followed by
those every board shares.  A part of `MainWindow` (its `help`).
"""

from __future__ import annotations

import re

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QMessageBox, QVBoxLayout

from marblestudio.views.board.help import GENERIC, GameHelp

if TYPE_CHECKING:
    from marblestudio.views.main_window import MainWindow


class WindowHelp:
    """Help > Rules of This Game, Help > Controls and Help > Move Notation of one window."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.notation_dialog: QDialog | None = None  # the last notation shown

    def current_help(self) -> GameHelp:
        """The help of the game shown (its board's `<game>_help` module), or the generic one."""
        board = self.window.game.board
        return board.help if board is not None and self.window.stack.currentIndex() == 1 else GENERIC

    def show_help(self) -> None:
        """Help > Controls: how to play the game shown, then the controls every board shares."""
        session = self.window.game.session
        title = f"Controls — {session.rules.name}" if session is not None and self.window.stack.currentIndex() == 1 else "Controls"
        QMessageBox.information(self.window, title, self.current_help().controls_html())

    def show_rules(self) -> None:
        """Help > Rules of This Game: the rules sheet of the ruleset played (on the library
        page: of the ruleset selected), in a window of its own."""
        from marblestudio.views.editor.panels import SheetView
        from marblestudio.views.editor.resolution import Resolution

        session = self.window.game.session
        if session is not None and self.window.stack.currentIndex() == 1 and session.resolved is not None:
            rules, resolved = session.rules, dict(session.resolved)
        else:
            from marblestudio.rulesets import RulesetError, load_with_source

            ref = self.window.library.selected()
            try:
                loaded = load_with_source(ref) if ref else None
            except RulesetError:
                loaded = None
            if loaded is None:
                self.window.show_message("Choose a ruleset in the library, or start a game, to see its rules.")
                return
            rules, resolved = loaded.rules, loaded.resolved
        dialog = QDialog(self.window)
        dialog.setWindowTitle(f"Rules — {rules.name}")
        sheet = SheetView(dialog)
        sheet.show_resolution(Resolution(rules, resolved, None, None))
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, dialog)
        close.rejected.connect(dialog.close)
        layout = QVBoxLayout(dialog)
        layout.addWidget(sheet)
        layout.addWidget(close)
        dialog.resize(640, 720)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.window.rules_dialog = dialog
        dialog.show()

    def show_notation(self) -> None:
        """Help > Move Notation: how the game shown (or the one selected in the library) writes
        its moves, from its family's notation document (`Family.notation`)."""
        from PySide6.QtWidgets import QTextBrowser

        from marblestudio.engine import family as families

        game = self._game_shown()
        found = families.family(game) if game is not None else None
        if found is None or found.notation is None:
            self.window.show_message("Start a game or choose a ruleset in the library to see how its moves are written.")
            return
        try:
            text = found.resource("notation").read_text(encoding="utf-8")
        except OSError as exc:
            self.window.show_message(f"The notation of {found.title} cannot be read: {exc}")
            return
        dialog = QDialog(self.window)
        dialog.setWindowTitle(f"Move notation — {found.title}")
        browser = QTextBrowser(dialog)
        browser.setMarkdown(for_players(text))
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, dialog)
        close.rejected.connect(dialog.close)
        layout = QVBoxLayout(dialog)
        layout.addWidget(browser)
        layout.addWidget(close)
        dialog.resize(640, 640)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.notation_dialog = dialog
        dialog.show()

    def _game_shown(self) -> str | None:
        """The game on the table, or of the ruleset selected in the library."""
        session = self.window.game.session
        if session is not None and self.window.stack.currentIndex() == 1:
            return session.rules.game
        from marblestudio.rulesets import RulesetError, load

        ref = self.window.library.selected()
        try:
            return load(ref).game if ref else None
        except RulesetError:
            return None


_FOR_PROGRAMMERS = re.compile(r"<!-- for programmers -->.*?(?:<!-- /for programmers -->|\Z)\n?", re.DOTALL)


def for_players(notation: str) -> str:
    """A family's notation document as Help > Move Notation shows it: without the parts marked
    `<!-- for programmers -->` ... `<!-- /for programmers -->` (the calls that write and read a
    move, the events a move returns), which the document keeps for plug-in authors and tools."""
    return _FOR_PROGRAMMERS.sub("", notation)
