"""The rules editor: write a house rule, see it checked, previewed and playtested.

`RulesEditor` is the widget; `EditorDock` wraps it for the main window:

    dock = EditorDock(window)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    dock.editor.play_requested.connect(window.play_rules)   # receives a `Ruleset`
    # before the window closes: if not dock.editor.confirm_close(): event.ignore()

Names load lazily, so the playtest's worker process (`playtest_worker`) imports no Qt.
"""

from __future__ import annotations

from typing import Any

__all__ = ["EditorDock", "RulesEditor"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from marblestudio.views.editor import editor_widget

        return getattr(editor_widget, name)
    raise AttributeError(name)
