"""The rules editor in the main window: a dock beside the move list.

`install_editor(window)` is all a main window needs: it adds the dock (through the window's
`add_dock` when it has one, so the View menu lists it), plays the saved file through the
window's `start_game(ref)`, asks about unsaved rules before the window closes, and offers back
text that a crash left unsaved.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QDockWidget, QMainWindow, QWidget

from marblestudio.views.editor.editor_widget import RulesEditor


def install_editor(window: QMainWindow, **options: object) -> QDockWidget:
    """Add the rules editor to the main window `window` as a dock (hidden until asked for).

    Uses the window's `add_dock(title, widget, area)` when it has one (so the View menu lists
    the dock) and its `start_game(ref)` for "Play This Ruleset"; asks about unsaved rules before
    the window closes, and offers back text that a crash left unsaved.
    """
    editor = RulesEditor(window, **options)  # type: ignore[arg-type]
    add_dock = getattr(window, "add_dock", None)
    if add_dock is not None:
        dock: QDockWidget = add_dock("Rules Editor", editor, Qt.DockWidgetArea.RightDockWidgetArea)
    else:
        dock = QDockWidget("Rules Editor", window)
        dock.setObjectName("dock-rules-editor")
        dock.setWidget(editor)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    moves = getattr(window, "log_dock", None)  # the move list, wherever it stands (views/window_layout.py)
    if isinstance(moves, QDockWidget) and not moves.isFloating() and not dock.isFloating() and window.dockWidgetArea(dock) in (
            window.dockWidgetArea(moves), Qt.DockWidgetArea.RightDockWidgetArea):
        beside = [moves]
    else:  # a window without one, or the editor placed elsewhere by the saved layout: whatever stands there
        beside = [other for other in window.findChildren(QDockWidget)
                  if other is not dock and window.dockWidgetArea(other) == window.dockWidgetArea(dock) and not other.isFloating()]
    if beside:
        window.tabifyDockWidget(beside[0], dock)  # a tab beside the move list, not a sliver under it
    focus_page = getattr(window, "focus_page", None)  # Escape in the text: back to the board (or the library)
    leave = focus_page if callable(focus_page) else lambda: editor.editor.leave()

    def toggled(checked: bool) -> None:
        """Shown from the menu or its key, the editor is raised with the focus in its text;
        hidden, the focus goes back to the page (it was in the editor, maybe)."""
        if checked:
            dock.raise_()
            editor.editor.setFocus(Qt.FocusReason.ShortcutFocusReason)
        else:
            leave()

    dock.toggleViewAction().triggered.connect(toggled)
    dock.visibilityChanged.connect(lambda visible: _room_under(window, dock) if visible else None)
    dock.hide()
    editor.title_changed.connect(lambda title: dock.setWindowTitle(f"Rules Editor — {title}"))
    editor.leave_requested.connect(leave)
    start_game = getattr(window, "start_game", None)
    if start_game is not None:
        editor.play_requested.connect(lambda path: start_game(path))
    window.installEventFilter(_CloseGuard(editor, window))

    def offer() -> None:
        if editor.offer_restore():
            dock.show()
            dock.raise_()

    QTimer.singleShot(0, offer)
    return dock


UNDER_SHARE = 0.55
"""The share of the window's height the editor takes when it opens under the board (a portrait
window, its tab beside the move list's): at the move list's 30% it showed three lines of text."""


def _room_under(window: QMainWindow, dock: QDockWidget) -> None:
    """The editor, shown under the board, gets `UNDER_SHARE` of the window's height."""
    if window.dockWidgetArea(dock) == Qt.DockWidgetArea.BottomDockWidgetArea and not dock.isFloating():
        wanted = int(window.height() * UNDER_SHARE)
        if dock.height() < wanted:
            window.resizeDocks([dock], [wanted], Qt.Orientation.Vertical)


class _CloseGuard(QObject):
    """Asks about unsaved rules before the window closes; the close is stopped on Cancel."""

    def __init__(self, editor: RulesEditor, parent: QObject) -> None:
        super().__init__(parent)
        self.editor = editor

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Close and not self.editor.maybe_save():
            event.ignore()
            return True
        return False


class EditorDock(QDockWidget):
    """The rules editor in a dock of the main window; its title shows the unsaved-changes mark."""

    def __init__(self, parent: QWidget | None = None, **options: object) -> None:
        super().__init__("Rules Editor", parent)
        self.setObjectName("rules-editor-dock")
        self.editor = RulesEditor(self, **options)  # type: ignore[arg-type]
        self.setWidget(self.editor)
        self.editor.title_changed.connect(lambda title: self.setWindowTitle(f"Rules Editor — {title}"))
        self.setWindowTitle(f"Rules Editor — {self.editor.title}")

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        if self.editor.maybe_save():
            event.accept()
        else:
            event.ignore()
