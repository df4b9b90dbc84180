"""The rules editor: write a house rule, see it checked, previewed and playtested.

`RulesEditor` is the widget.  A main window hosts it with one line (`views/main_window.py` does):

    self.editor_dock = install_editor(self)   # a dock; "Play This Ruleset" calls self.start_game(path)

`EditorDock` is the same widget in a stand-alone dock, for windows without `add_dock`.

Names load lazily, so the playtest's worker process (`marblestudio.playtest.jobs`) imports no Qt.
"""

from __future__ import annotations

from typing import Any

__all__ = ["EditorDock", "RulesEditor", "install_editor"]


def __getattr__(name: str) -> Any:
    if name == "RulesEditor":
        from marblestudio.views.editor.editor_widget import RulesEditor

        return RulesEditor
    if name in ("EditorDock", "install_editor"):
        from marblestudio.views.editor import dock

        return getattr(dock, name)
    raise AttributeError(name)
