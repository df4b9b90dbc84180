"""The rules editor's files: new (empty or from a base), open, save and save as (never over a
bundled ruleset), backups of unsaved text and their restoring after a crash, and the
unsaved-changes question.

`EditorFiles` is a part of `RulesEditor` (composition): it holds the file's `path`, the backup
store and its timer, and talks to its editor through the small `EditorHost` protocol."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QFileDialog, QLabel, QMessageBox, QPlainTextEdit, QWidget

from marblestudio.atomic import describe
from marblestudio.rulesets import RulesetError
from marblestudio.views.editor.files import BackupStore, SaveError, save_atomic

FILTER = "Rulesets (*.yaml *.yml);;All files (*)"


class _Cancellable(Protocol):
    def cancel(self) -> None: ...


class EditorHost(Protocol):
    """What `EditorFiles` needs of the editor it belongs to."""

    @property
    def editor(self) -> QPlainTextEdit: ...

    @property
    def status(self) -> QLabel: ...

    @property
    def playtest(self) -> _Cancellable: ...

    def check_now(self) -> object: ...

    def update_title(self) -> None: ...


class EditorFiles:
    """New, open, save, save as, backups and the unsaved-work question of one editor."""

    def __init__(self, host: EditorHost, window: QWidget, backups: BackupStore, backup_interval_ms: int) -> None:
        self.host = host
        self.window = window  # the parent of the dialogs
        self.path: Path | None = None
        self.backups = backups
        self.backup_timer = QTimer(window)
        self.backup_timer.setInterval(backup_interval_ms)
        self.backup_timer.timeout.connect(self.write_backup)
        self.backup_timer.start()

    @property
    def editor(self) -> QPlainTextEdit:
        return self.host.editor

    # Files -----------------------------------------------------------------------------------
    @property
    def title(self) -> str:
        name = self.path.name if self.path is not None else "untitled.yaml"
        return name + ("*" if self.is_modified() else "")

    def is_modified(self) -> bool:
        return bool(self.editor.document().isModified())

    def _set_text(self, text: str, path: Path | None, modified: bool) -> None:
        self.path = path
        self.editor.setPlainText(text)  # also clears the undo history
        self.editor.document().setModified(modified)
        self.host.check_now()
        self.host.update_title()

    def new_file(self, text: str = "") -> bool:
        """Start an unsaved file holding `text` (asks first when there are unsaved changes)."""
        if not self.maybe_save():
            return False
        self.backups.remove(self.path)
        self._set_text(text, None, modified=bool(text))
        return True

    def new_from_base(self, base_ref: str) -> bool:
        """Start an unsaved house rule that extends `base_ref` (as `marblestudio new` writes it)."""
        from marblestudio.rulesets.house_template import template

        try:
            text = template(base_ref, Path("my-house-rule.yaml"))
        except RulesetError as exc:
            QMessageBox.warning(self.window, "New house rule", f"{base_ref} cannot be used as a base:\n{exc}")
            return False
        return self.new_file(text)

    def open_file(self, path: Path) -> bool:
        """Open `path` (asks first when there are unsaved changes); False if cancelled or unreadable."""
        if not self.maybe_save():
            return False
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            QMessageBox.warning(self.window, "Open", f"Cannot read {path}:\n{describe(exc)}")
            return False
        except UnicodeDecodeError as exc:
            QMessageBox.warning(self.window, "Open", f"Cannot read {path}:\n{exc}")
            return False
        self.backups.remove(self.path)
        self._set_text(text, Path(path), modified=False)
        return True

    def open_dialog(self) -> None:
        from marblestudio.rulesets.catalog import user_dir

        start = str(self.path.parent if self.path is not None else user_dir())
        name, _ = QFileDialog.getOpenFileName(self.window, "Open a ruleset", start, FILTER)
        if name:
            self.open_file(Path(name))

    def save(self) -> bool:
        """Save to the file's path (asking for one if it has none, or if it is a bundled ruleset,
        which stays as shipped); False if not saved."""
        if self.path is None or self.is_bundled():
            return self.save_as()
        return self._save_to(self.path)

    def is_bundled(self) -> bool:
        """Whether the open file is one of the rulesets shipped with the app."""
        from marblestudio.rulesets.catalog import place_of

        place = place_of(self.path) if self.path is not None else None
        return place is not None and place[1]

    def save_as(self, path: Path | None = None) -> bool:
        """Save under a new name (asked for when `path` is None); False if not saved."""
        if path is None:
            from marblestudio.rulesets.catalog import user_dir

            start = user_dir() / self._suggested_name() if self.path is None or self.is_bundled() else self.path
            try:
                start.parent.mkdir(parents=True, exist_ok=True)  # so that the dialog can open there
            except OSError:
                start = Path(start.name)
            name, _ = QFileDialog.getSaveFileName(self.window, "Save the ruleset", str(start), FILTER)
            if not name:
                return False
            path = Path(name)
        return self._save_to(Path(path))

    def _suggested_name(self) -> str:
        """Where in the user folder to save: the ruleset's id (a bundled one's copy gets "-copy",
        since a user file may not hide a bundled id)."""
        found = re.search(r"^id:\s*['\"]?([a-z0-9-]+/[a-z0-9-]+)", self.editor.toPlainText(), re.MULTILINE)
        if found is None:
            return "my-house-rule.yaml"
        return found.group(1) + ("-copy" if self.is_bundled() else "") + ".yaml"

    def _save_to(self, path: Path) -> bool:
        try:
            save_atomic(path, self.editor.toPlainText())
        except SaveError as exc:
            QMessageBox.warning(self.window, "Save failed", f"{exc}\n\nThe file on disk is unchanged; your text is still here.")
            return False
        old = self.path
        self.path = path
        self.editor.document().setModified(False)
        self.backups.remove(old)
        self.backups.remove(path)
        self.host.update_title()
        self.host.check_now()
        return True

    def maybe_save(self) -> bool:
        """Before closing or switching: True to go on (saved, discarded or nothing to save)."""
        if not self.is_modified():
            return True
        answer = QMessageBox.question(
            self.window,
            "Unsaved changes",
            f"{self.title.rstrip('*')} has unsaved changes. Save them?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        if answer == QMessageBox.StandardButton.Discard:
            self.backups.remove(self.path)
            self.editor.document().setModified(False)
            return True
        return False

    def confirm_close(self) -> bool:
        """For the window's close: ask about unsaved changes, then stop the backup and workers."""
        if not self.maybe_save():
            return False
        self.backup_timer.stop()
        self.host.playtest.cancel()
        return True

    # Backups -----------------------------------------------------------------------------------
    def write_backup(self) -> None:
        """Keep the unsaved text in the data folder (nothing to do when it is saved)."""
        if self.is_modified():
            try:
                self.backups.write(self.path, self.editor.toPlainText())
            except OSError as exc:
                self.host.status.setText(f"{self.title} — could not write the backup of unsaved text: {describe(exc)}")

    def offer_restore(self) -> bool:
        """Offer back unsaved text left by a crash; True when some was restored."""
        found = self.backups.pending()
        if not found:
            return False
        backup = found[-1]
        answer = QMessageBox.question(
            self.window,
            "Restore unsaved text?",
            f"Marble Studio closed without saving {backup.describe()}.\nRestore it?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes,
        )
        if answer != QMessageBox.StandardButton.Yes:
            for old in found:
                self.backups.discard(old)
            return False
        if not self.maybe_save():
            return False
        path = backup.path if backup.path is not None and backup.path.parent.is_dir() else None
        for old in found:
            if old is not backup:
                self.backups.discard(old)
        self._set_text(backup.text, path, modified=True)
        return True
