"""The rules editor: a ruleset file, checked as you type, with its meaning shown beside it.

`RulesEditor` is a self-contained widget (`dock.install_editor` puts it in the main window): a tool
bar (new from a base, open, save, undo, redo, find, replace), the text (`CodeEditor`), tabs for
the problems, the resolved ruleset, the rules sheet, the 3D preview and the playtest, and under
them the file's state beside "Play This Ruleset".  The actions are named as the app's menus
name theirs ("Open…", "Save As…").  The editor fits beside the board of a 600-pixel window:
where the tool bar has no room for a button per action, the file's actions (new, open, save,
save as) go into the menu of one "File" button.  A short pause in typing re-checks the text
with `marblestudio.rulesets.check_text` (the same diagnostics as `marblestudio validate`);
once the text is valid, the other tabs follow it.  Unsaved text is backed up to the data
folder and offered back after a crash (the file handling is its part `files`, an `EditorFiles`
from `editor_files`).
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence, QResizeEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QMenu,
    QMessageBox,
    QSplitter,
    QStyle,
    QTabWidget,
    QToolBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from marblestudio.rulesets import RulesetError, check_text
from marblestudio.rulesets.diagnostics import Diagnostic
from marblestudio.views.elided_label import ElidedLabel
from marblestudio.views.editor.code_editor import CodeEditor
from marblestudio.views.editor.editor_files import EditorFiles
from marblestudio.views.editor.files import BackupStore, default_data_dir
from marblestudio.views.editor.find_bar import FindBar
from marblestudio.views.editor.highlighter import YamlHighlighter
from marblestudio.views.editor.panels import ResolvedView, SheetView
from marblestudio.views.editor.playtest_panel import PlaytestPanel
from marblestudio.views.editor.preview import PreviewPanel
from marblestudio.views.editor.problems import ProblemsPanel
from marblestudio.views.editor.resolution import Resolution, resolve_text

log = logging.getLogger(__name__)
UNTITLED = "<text>"


class RulesEditor(QWidget):
    """Edit one ruleset file at a time; see it checked, resolved, previewed and playtested."""

    play_requested = Signal(str)  # the path of the saved, valid file, when the user asks to play it
    title_changed = Signal(str)  # "name.yaml" with a "*" while there are unsaved changes
    checked = Signal(list)  # the diagnostics of the last check (after each pause in typing)
    resolved = Signal(object)  # the `Resolution` of the text whenever it becomes (or stays) valid
    leave_requested = Signal()  # Escape in the text with nothing open: the focus goes back to the window's page
    play_action: QAction  # made with the tool bar's actions; its button is under the tabs

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        data_dir: Path | None = None,
        check_delay_ms: int = 300,
        backup_interval_ms: int = 20_000,
        preview: bool = True,
    ) -> None:
        super().__init__(parent)
        self.resolution: Resolution | None = None
        self.diagnostics: list[Diagnostic] = []
        self._summary = "not checked yet"
        backups = BackupStore((data_dir or default_data_dir()) / "editor-backups")
        self.files = EditorFiles(self, self, backups, backup_interval_ms)

        self.editor = CodeEditor(self)
        self.highlighter = YamlHighlighter(self.editor.document())
        self.find_bar = FindBar(self.editor, self)
        self.problems = ProblemsPanel(self)
        self.resolved_view = ResolvedView(self)
        self.sheet_view = SheetView(self)
        self.preview = PreviewPanel(self, enabled=preview)
        self.playtest = PlaytestPanel(self)
        self.status = ElidedLabel(self)  # cut short with "…" in a narrow dock, whole in its tooltip
        self.tabs = QTabWidget(self)
        self.tabs.addTab(self.problems, "Problems")
        self.tabs.addTab(self.resolved_view, "Resolved")
        self.tabs.addTab(self.sheet_view, "Rules sheet")
        self.tabs.addTab(self.preview, "Preview")
        self.tabs.addTab(self.playtest, "Playtest")
        self.toolbar = self._make_toolbar()

        top = QWidget(self)
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.setSpacing(0)
        top_layout.addWidget(self.editor)
        top_layout.addWidget(self.find_bar)
        splitter = QSplitter(Qt.Orientation.Vertical, self)
        splitter.addWidget(top)
        splitter.addWidget(self.tabs)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setChildrenCollapsible(False)
        splitter.setSizes([600, 400])  # the text gets the larger part, whatever the tabs ask for
        self.tabs.setMinimumHeight(120)
        self.play_button = QToolButton(self)  # the file's state, then what to do with it once valid
        self.play_button.setDefaultAction(self.play_action)
        bottom = QHBoxLayout()
        bottom.setContentsMargins(0, 0, 0, 0)
        bottom.addWidget(self.status, 1)
        bottom.addWidget(self.play_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.toolbar)
        layout.addWidget(splitter)
        layout.addLayout(bottom)

        self._check_timer = QTimer(self)
        self._check_timer.setSingleShot(True)
        self._check_timer.setInterval(check_delay_ms)
        self._check_timer.timeout.connect(self.check_now)
        self._resolve_timer = QTimer(self)
        self._resolve_timer.setSingleShot(True)
        self._resolve_timer.setInterval(0)
        self._resolve_timer.timeout.connect(self._resolve)

        doc = self.editor.document()
        doc.contentsChanged.connect(self._on_text_change)
        doc.modificationChanged.connect(self._on_modified_change)
        self.problems.jump_requested.connect(self.editor.go_to)
        self.tabs.currentChanged.connect(self._on_tab_change)
        self.playtest.set_source(None)
        self.update_title()

    # The file, through its part `files` -------------------------------------------------------
    @property
    def path(self) -> Path | None:
        return self.files.path

    @property
    def backups(self) -> BackupStore:
        return self.files.backups

    @property
    def title(self) -> str:
        return self.files.title

    def is_modified(self) -> bool:
        return self.files.is_modified()

    def is_bundled(self) -> bool:
        return self.files.is_bundled()

    def new_file(self, text: str = "") -> bool:
        return self.files.new_file(text)

    def new_from_base(self, base_ref: str) -> bool:
        return self.files.new_from_base(base_ref)

    def open_file(self, path: Path) -> bool:
        return self.files.open_file(path)

    def save(self) -> bool:
        return self.files.save()

    def save_as(self, path: Path | None = None) -> bool:
        return self.files.save_as(path)

    def maybe_save(self) -> bool:
        return self.files.maybe_save()

    def confirm_close(self) -> bool:
        return self.files.confirm_close()

    def write_backup(self) -> None:
        self.files.write_backup()

    def offer_restore(self) -> bool:
        return self.files.offer_restore()

    # Tool bar ----------------------------------------------------------------------------------
    def _make_toolbar(self) -> QToolBar:
        bar = QToolBar("Rules Editor", self)
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.new_menu = QMenu("New from Base", self)
        self.new_menu.aboutToShow.connect(self._fill_new_menu)
        self.open_action = self._action("Open…", QKeySequence.StandardKey.Open, self.files.open_dialog)
        self.save_action = self._action("Save", QKeySequence.StandardKey.Save, self.save)
        self.save_as_action = self._action("Save As…", QKeySequence.StandardKey.SaveAs, lambda: self.save_as())
        self.file_menu = QMenu("File", self)
        self.file_menu.addMenu(self.new_menu)
        self.file_menu.addSeparator()
        self.file_menu.addActions([self.open_action, self.save_action, self.save_as_action])
        # The file's actions: a button each where there is room (`_fit_toolbar`), else the File menu.
        self._wide_items = [bar.addWidget(self._bar_button(bar, menu=self.new_menu))]
        self._wide_items += [bar.addWidget(self._bar_button(bar, action))
                             for action in (self.open_action, self.save_action, self.save_as_action)]
        self._narrow_items = [bar.addWidget(self._bar_button(bar, menu=self.file_menu))]
        self._narrow_items[0].setVisible(False)
        self._wide_items.append(bar.addSeparator())
        self.undo_action = self._action("Undo", QKeySequence.StandardKey.Undo, self.editor.undo)
        self.redo_action = self._action("Redo", QKeySequence.StandardKey.Redo, self.editor.redo)
        bar.addActions([self.undo_action, self.redo_action])
        self.editor.undoAvailable.connect(self.undo_action.setEnabled)
        self.editor.redoAvailable.connect(self.redo_action.setEnabled)
        self.undo_action.setEnabled(False)
        self.redo_action.setEnabled(False)
        self.find_action = self._action("Find", QKeySequence.StandardKey.Find, lambda: self.find_bar.open_find(False))
        self.replace_action = self._action("Replace", QKeySequence("Ctrl+H"), lambda: self.find_bar.open_find(True))
        self._wide_items.append(bar.addSeparator())  # (narrow, the bar has room for its buttons alone)
        bar.addActions([self.find_action, self.replace_action])
        self.play_action = self._action("Play This Ruleset", None, self.play)  # a button under the tabs
        self.play_action.setToolTip("Play a game of this ruleset (once it is valid; unsaved changes are saved first)")
        self.play_action.setEnabled(False)
        self.editor.installEventFilter(self)
        self.installEventFilter(self)  # key events of every other child come up to the editor
        return bar

    @staticmethod
    def _bar_button(bar: QToolBar, action: QAction | None = None, menu: QMenu | None = None) -> QToolButton:
        """A button of the tool bar for `action`, or one that opens `menu` (named after it)."""
        button = QToolButton(bar)
        button.setAutoRaise(True)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # as the bar's own buttons: the focus stays in the text
        button.setToolButtonStyle(bar.toolButtonStyle())
        if action is not None:
            button.setDefaultAction(action)
        if menu is not None:
            button.setText(menu.title())
            button.setMenu(menu)
            button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        return button

    def _toolbar_widths(self) -> tuple[int, int]:
        """The tool bar's width with the File button and with a button for each of the file's
        actions (and the separators), whichever it shows now."""
        bar = self.toolbar
        spacing = bar.style().pixelMetric(QStyle.PixelMetric.PM_ToolBarItemSpacing, None, bar)

        def extent(items: list[QAction]) -> int:
            widgets = [bar.widgetForAction(item) for item in items]
            return sum(widget.sizeHint().width() + spacing for widget in widgets if widget is not None)

        shown = self._wide_items if self._wide_items[0].isVisible() else self._narrow_items
        rest = bar.sizeHint().width() - extent(shown)
        return rest + extent(self._narrow_items), rest + extent(self._wide_items)

    def _fit_toolbar(self) -> None:
        """A button for each of the file's actions when the tool bar has room for them all, else
        the File button: beside the board of a 600-pixel window the tool bar ended in "»", its
        Find, Replace and Play out of sight."""
        wide = self.toolbar.width() >= self._toolbar_widths()[1]
        if wide != self._wide_items[0].isVisible():
            for item in self._wide_items:
                item.setVisible(wide)
            for item in self._narrow_items:
                item.setVisible(not wide)

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        """As narrow as the tabs and the tool bar with its File button allow (not the wide tool bar)."""
        hint = super().minimumSizeHint()
        if not hasattr(self, "_narrow_items"):
            return hint  # (asked while being made)
        return QSize(max(hint.width(), self._toolbar_widths()[0]), hint.height())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._fit_toolbar()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange) and hasattr(self, "_narrow_items"):
            self._fit_toolbar()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        """The editor's own keys (Ctrl+O, Ctrl+S, Ctrl+Z, Ctrl+F, Ctrl+H, ...) win over the main
        window's while the focus is anywhere in the editor.

        Both the editor's actions (WidgetWithChildrenShortcut) and the window's (WindowShortcut)
        match there, and Qt resolves a tie to no action at all ("Ambiguous shortcut overload").
        So the editor claims its keys before the shortcut map is asked: a ShortcutOverride that
        no child took comes up to this widget, which accepts it, and the key press that follows
        (also unclaimed by the child) triggers the editor's action.  A child that uses a key
        itself (the text's own undo, a line edit's) still gets it first."""
        if watched in (self, self.editor) and event.type() in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress):
            assert isinstance(event, QKeyEvent)
            if event.key() == Qt.Key.Key_Escape and event.modifiers() == Qt.KeyboardModifier.NoModifier and self._escape(
                    event, in_text=watched is self.editor):
                return True
            action = self._action_for(QKeySequence(event.keyCombination()))
            if action is not None:
                event.accept()
                if event.type() == QEvent.Type.KeyPress and action.isEnabled():
                    action.trigger()
                return True
        return super().eventFilter(watched, event)

    def _escape(self, event: QKeyEvent, in_text: bool) -> bool:
        """Escape closes what the editor has open, the completion list first, then the find bar:
        the window's Escape (View > Skip Animation) took it, the list stayed open, and the Enter
        that followed put a completion into the text.  With nothing open, in the text it leaves
        the text (`leave_requested`: Tab indents there, so Escape is a way out); elsewhere in the
        editor it is the window's."""
        popup = self.editor.completer.popup()
        listing = popup is not None and popup.isVisible()
        if not listing and not self.find_bar.isVisible() and not in_text:
            return False
        event.accept()
        if event.type() == QEvent.Type.KeyPress:
            if listing and popup is not None:
                popup.hide()
            elif self.find_bar.isVisible():
                self.find_bar.close_bar()
            else:
                self.leave_requested.emit()
        return True

    def _action_for(self, pressed: QKeySequence) -> QAction | None:
        """The editor's action whose shortcut is `pressed`, if any (enabled or not: its key is
        the editor's either way while the focus is here)."""
        for action in (
            self.open_action, self.save_action, self.save_as_action, self.undo_action, self.redo_action,
            self.find_action, self.replace_action,
        ):
            if any(pressed.matches(key) == QKeySequence.SequenceMatch.ExactMatch for key in action.shortcuts()):
                return action
        return None

    def _action(self, text: str, key: QKeySequence | QKeySequence.StandardKey | None, slot: object) -> QAction:
        """An action of the editor named `text` as the menus name theirs: "…" when it asks for
        more (a dialog), which its buttons show too (Qt drops it from a button's text)."""
        action = QAction(text, self)
        action.setIconText(text)
        if key is not None:
            action.setShortcut(key)
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            keys = QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText)
            action.setToolTip(f"{text.removesuffix('…')} ({keys})")
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _fill_new_menu(self) -> None:
        from marblestudio.rulesets.catalog import list_rulesets

        self.new_menu.clear()
        for entry in list_rulesets():
            action = self.new_menu.addAction(f"{entry.name}  ({entry.id})")
            action.triggered.connect(lambda _=False, ref=entry.id: self.new_from_base(ref))

    # Checking ----------------------------------------------------------------------------------
    def _on_text_change(self) -> None:
        self._check_timer.start()
        if not self.is_modified():
            self.backups.remove(self.path)

    def check_now(self) -> list[Diagnostic]:
        """Check the text at once (the pause timer calls this) and show what is wrong."""
        self._check_timer.stop()
        where = str(self.path) if self.path is not None else UNTITLED
        try:
            found = check_text(self.editor.toPlainText(), where)
        except Exception as exc:  # a bug in a checker must not take the editor down
            found = [Diagnostic(where, 1, 1, "error", f"the checker failed: {exc}")]
        self.diagnostics = found
        own = [d for d in found if d.path in (where, "", UNTITLED) or Path(d.path) == Path(where)]
        self.editor.set_diagnostics(own)
        self.problems.set_diagnostics(found, where)
        errors = sum(1 for d in found if d.is_error)
        self.tabs.setTabText(0, f"Problems ({len(found)})" if found else "Problems")
        warnings = len(found) - errors
        self._summary = (
            f"{errors} error{'s' if errors != 1 else ''}" if errors else "valid"
        ) + (f", {warnings} warning{'s' if warnings != 1 else ''}" if warnings else "")
        self.update_title()
        self.play_action.setEnabled(errors == 0)
        if errors == 0:
            self._resolve_timer.start()
        else:
            self.resolved_view.show_invalid()
            self.preview.show_invalid()
        self.checked.emit(found)
        return found

    def _resolve(self) -> None:
        try:
            resolution = resolve_text(self.editor.toPlainText(), self.path)
        except (RulesetError, OSError):
            self.play_action.setEnabled(False)
            return
        except Exception:  # a bug in a builder must not take the editor down: log it, keep editing
            log.exception("resolving %s failed", self.path or UNTITLED)
            self.play_action.setEnabled(False)
            return
        self.resolution = resolution
        self._refresh_views()
        self.resolved.emit(resolution)

    def _refresh_views(self) -> None:
        if self.resolution is None:
            return
        self.resolved_view.show_resolution(self.resolution)
        self.sheet_view.show_resolution(self.resolution)
        saved = self.path is not None and not self.is_modified()
        self.playtest.set_source(self.resolution, str(self.path) if saved else None)
        if self.tabs.currentWidget() is self.preview:
            self.preview.show_rules(self.resolution.rules)

    def _on_tab_change(self, _index: int) -> None:
        if self.tabs.currentWidget() is self.preview and self.resolution is not None:
            self.preview.show_rules(self.resolution.rules)

    # Signals out -------------------------------------------------------------------------------
    def _on_modified_change(self, _modified: bool) -> None:
        self.update_title()

    def update_title(self) -> None:
        self.status.setText(f"{self.title} — {self._summary}")
        self.title_changed.emit(self.title)

    def play(self) -> bool:
        """Ask to play the file: it must be valid and saved (offers to save it); emits `play_requested`."""
        if self.resolution is None or any(d.is_error for d in self.diagnostics):
            return False
        if self.path is None or self.is_modified():
            answer = QMessageBox.question(
                self,
                "Save before playing",
                "A game is played from the saved ruleset file. Save it now?",
                QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Save,
            )
            if answer != QMessageBox.StandardButton.Save or not self.save():
                return False
            if any(d.is_error for d in self.diagnostics):
                return False  # saved somewhere that changes its meaning (e.g. its id no longer fits)
        assert self.path is not None
        self.play_requested.emit(str(self.path))
        return True
