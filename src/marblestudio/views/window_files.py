"""The main window's files: opening records, atomic saving, asking before losing a game, and
the recent-files list (kept in QSettings).  A part of `MainWindow` (its `files`), reading and
setting the window's `path`, game view, recent-files menu and title.

A game is saved with `records.save_record` (`marblestudio.atomic`): the old file or the whole
new one, with the old file's permissions, and no temporary file left even if the app is killed
(`QSaveFile`, used before, leaves ``NAME.XXXXXX`` behind then, and says "Unknown error" for a
full disk)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog, QMessageBox

from marblestudio.session import from_record, to_record
from marblestudio.views.app import settings

if TYPE_CHECKING:
    from marblestudio.match_records import MatchRecord, ReplayedGame
    from marblestudio.records import GameRecord, RecordError
    from marblestudio.views.main_window import MainWindow

MAX_RECENT = 8
RECORD_FILTER = "Game records (*.json);;All files (*)"


class WindowFiles:
    """Open, Save, Save As, Open Recent and the unsaved-game question of one window."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window

    def open_dialog(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self.window, "Open a game", str(self.window.path or Path.home()), RECORD_FILTER)
        if name:
            self.open_path(Path(name))

    def open_path(self, path: Path) -> bool:
        """Open a record: a finished game to watch, an unfinished one to play on; a match record
        (replayed and checked whole first) asks which of its games to open."""
        from marblestudio.match_records import MatchRecord, load_any
        from marblestudio.records import RecordError

        if not self.maybe_save():
            return False
        record = None
        watched: tuple[MatchRecord, list[ReplayedGame], int] | None = None
        try:
            found = load_any(path)
            if isinstance(found, MatchRecord):
                chosen = self._match_game(found)
                if chosen is None:
                    return False
                watched = (found, *chosen)
                found = found.games[chosen[1]]
            record = found
            session = from_record(record)
        except RecordError as exc:
            if record is not None and exc.index:
                return self._offer_moves_before(record, exc)
            QMessageBox.warning(self.window, "Cannot open the game", str(exc))
            return False
        self.window.path = path
        self._add_recent(path)
        if watched is not None:  # a game of a match record: watched with the match's running score
            session.goto(0)
            session.saved = True
            self.window.matches.watch(watched[0], watched[1], watched[2], session)
            self.window.set_session(session, interactive=False)
        elif record.result is None and not session.is_over():
            self.window.set_session(session, interactive=True)
        else:
            session.goto(0)
            session.saved = True
            self.window.set_session(session, interactive=False)
        return True

    def _match_game(self, record: MatchRecord) -> tuple[list[ReplayedGame], int] | None:
        """The match record replayed, and the number of its game to open, chosen by the user (None:
        cancelled).  The whole match is replayed first, so a record whose games do not add up to
        its score is refused."""
        from PySide6.QtWidgets import QInputDialog

        from marblestudio.match_records import replay_match

        _, games = replay_match(record)  # raises RecordError, shown by open_path
        names = [str(p.get("name", f"Player {i + 1}")) for i, p in enumerate(record.players)]
        score = ", ".join(f"{name} {points}" for name, points in zip(names, record.scores, strict=False))
        items = []
        for game in games:
            how = game.outcome.reason if game.outcome is not None else "unfinished"
            items.append(f"Game {game.number + 1}: {how}")
        chosen, ok = QInputDialog.getItem(
            self.window, "Open a game of the match", f"A match of {len(games)} games; the score: {score}. Open which game?",
            items, len(items) - 1, False,
        )
        if not ok:
            return None
        return games, items.index(chosen)

    def _offer_moves_before(self, record: GameRecord, error: RecordError) -> bool:
        """A record that goes wrong at move k: offer its first k moves as a new, unsaved game
        (the file itself is left as it is)."""
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.warning(
            self.window, "Cannot open the whole game",
            f"{error}\n\nOpen its first {error.index} moves as a new, unsaved game? The file is not changed.",
            buttons.Open | buttons.Cancel, buttons.Cancel,
        )
        if answer != buttons.Open:
            return False
        session = from_record(dataclasses.replace(record, moves=record.moves[: error.index], result=None, resigned=None))
        session.saved = False
        self.window.path = None
        # Computers alone would play on at once, past the moves opened to be looked at: watched,
        # at their end; Play From Here plays on.
        self.window.set_session(session, interactive=not session.is_over() and session.has_human())
        return True

    def save(self, ask: bool = False) -> bool:
        session = self.window.game.session
        if session is None:
            return False
        path = self.window.path
        if ask or path is None:
            name, _ = QFileDialog.getSaveFileName(self.window, "Save the game", str(path or Path.home() / "game.json"), RECORD_FILTER)
            if not name:
                return False
            path = Path(name)
        return self.save_to(path)

    def save_to(self, path: Path) -> bool:
        """Write the game to `path` atomically; a failure says why and changes nothing."""
        from marblestudio.atomic import describe
        from marblestudio.records import save_record

        session = self.window.game.session
        if session is None:
            return False
        try:
            save_record(path, to_record(session))
        except OSError as exc:
            QMessageBox.warning(self.window, "Cannot save", f"{path}: {describe(exc)}\n\nThe game is not saved; it is still here.")
            return False
        session.saved = True
        self.window.path = path
        self._add_recent(path)
        self.window.update_title()
        self.window.show_message(f"Saved to {path}.")
        return True

    def unsaved(self) -> bool:
        """Whether the game played has something to lose (the title's "*", the question before
        it goes): a move by a player or a resignation not saved.  Only chance so far (the deal,
        the starting rolls) is nothing to lose, and watching a record changes nothing in it."""
        session = self.window.game.session
        if session is None or session.saved or not self.window.game.interactive:
            return False
        return bool(session.player_moves) or session.resigned is not None

    def maybe_save(self) -> bool:
        """Ask before throwing away an unsaved game; False when the user cancels.  A game in which
        no player has moved yet (only chance: the deal, the starting rolls) has nothing to lose."""
        if not self.unsaved():
            return True
        answer = QMessageBox.question(
            self.window,
            "Unsaved game",
            "The game in progress is not saved. Save it first?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    # Recent files ---------------------------------------------------------------------------------
    def recent_files(self) -> list[str]:
        value = settings().value("recent", [])
        if isinstance(value, str):
            return [value]
        return [str(v) for v in value] if isinstance(value, list) else []

    def _add_recent(self, path: Path) -> None:
        recent = [str(path)] + [p for p in self.recent_files() if p != str(path)]
        store = settings()
        store.setValue("recent", recent[:MAX_RECENT])
        store.sync()
        self.rebuild_recent_menu()

    def rebuild_recent_menu(self) -> None:
        self.window.recent_menu.clear()
        for number, path in enumerate(self.recent_files(), start=1):
            # numbered 1-8 as mnemonics (Alt+G, R, 1 opens the last file); an '&' in a path is doubled
            action = self.window.recent_menu.addAction(f"&{number} {path.replace('&', '&&')}")
            action.triggered.connect(lambda _=False, p=path: self.open_path(Path(p)))
        self.window.recent_menu.setEnabled(bool(self.recent_files()))
