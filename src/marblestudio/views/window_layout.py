"""Where the Moves panel stands as the main window changes shape, until the player places it.

The boards, seen from the seats, are wider than tall: a narrow window's room is in its height.  In a window
narrower than `NARROW` and taller than wide (a portrait window) the panel goes under the board,
which gets the window's whole width; otherwise it stands beside the board, at most
`MOVES_SHARE` of a narrow window's width.  Once the player drags the panel elsewhere, floats it
or docks it with another panel, it stays where they left it, in this session and the next
(`view/moves_placed`; the window's saved layout keeps the place itself).  Over the library the
panel has nothing to show ("No game in progress"): it steps aside there and comes back with the
next game, unless the player opens or closes it meanwhile (`view/moves_aside` keeps that over a
restart).  A part of `MainWindow` (its `moves_placement`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDockWidget

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMainWindow

NARROW = 900
"""A window narrower than this (pixels) is fitted: the panel under a portrait board, or beside a
landscape one at most `MOVES_SHARE` of the width."""
MOVES_SHARE = 0.3
"""At most this share of a narrow window goes to the Moves panel beside the board (at 560
pixels it took 234, and the board had 320)."""
UNDER_SHARE = 0.3
"""At most this share of a portrait window's height goes to the Moves panel under the board."""
PLACED_KEY = "view/moves_placed"
"""The setting that says the player placed the panel (its layout then stays theirs)."""
ASIDE_KEY = "view/moves_aside"
"""The setting that says the panel is hidden only because the library is shown."""

_RIGHT = Qt.DockWidgetArea.RightDockWidgetArea
_BOTTOM = Qt.DockWidgetArea.BottomDockWidgetArea


class MovesPlacement:
    """The Moves panel's place in one window (see the module docstring)."""

    def __init__(self, window: QMainWindow, dock: QDockWidget, store: QSettings) -> None:
        self.window, self.dock = window, dock
        self.placed = store.value(PLACED_KEY, False) in (True, "true")
        self.aside = store.value(ASIDE_KEY, False) in (True, "true") and dock.isHidden()  # stepped aside for the library
        self._placing = False  # this class is moving the panel: not the player
        dock.dockLocationChanged.connect(self._on_moved)
        dock.topLevelChanged.connect(self._on_floated)
        dock.visibilityChanged.connect(self._on_shown)  # a game's panel shown after the library: placed for the window

    def _on_moved(self, _area: Qt.DockWidgetArea) -> None:
        if not self._placing:
            self.placed = True

    def _on_floated(self, floating: bool) -> None:
        if floating and not self._placing:
            self.placed = True

    def _on_shown(self, visible: bool) -> None:
        if visible:
            self.aside = False  # back with a game, or opened by the player over the library
            self.fit()

    def library_shown(self, shown: bool) -> None:
        """The window turned to the library (`shown`) or to a game: the panel steps aside, or back."""
        dock = self.dock
        if shown and not dock.isHidden() and not dock.isFloating():
            dock.hide()
            self.aside = True
        elif not shown and self.aside:
            dock.show()  # (`_on_shown`: no longer aside, and placed for the window)

    def save(self, store: QSettings) -> None:
        store.setValue(PLACED_KEY, self.placed)
        store.setValue(ASIDE_KEY, self.aside)

    def wanted(self) -> Qt.DockWidgetArea:
        """Where the panel goes in the window's present shape."""
        width, height = self.window.width(), self.window.height()
        return _BOTTOM if width < NARROW and height > width else _RIGHT

    def _move(self, area: Qt.DockWidgetArea) -> None:
        """Dock the panel in `area`, with the hidden panels tabbed with it (the rules editor, which
        opens beside the move list: alone beside a portrait board it widened a 600-pixel window to
        714); under the board, below the panels already there (the replay's timeline, the
        analysis), which keep the window's width (beside them it was a sliver, and the timeline's
        buttons widened a 600-pixel window)."""
        window, dock = self.window, self.dock
        tabs = window.tabifiedDockWidgets(dock)  # hidden ones (the rules editor's): they come along
        under = [other for other in window.findChildren(QDockWidget)
                 if other is not dock and other not in tabs and not other.isFloating() and window.dockWidgetArea(other) == area]
        if area == _BOTTOM and under:
            window.splitDockWidget(under[-1], dock, Qt.Orientation.Vertical)
        else:
            window.addDockWidget(area, dock)
        for other in tabs:
            window.tabifyDockWidget(dock, other)
        dock.raise_()  # the move list stays the tab in front

    def fit(self) -> None:
        """Place and size the panel for the window's shape (nothing once the player placed it, or
        while it is hidden, floating or tabbed with another panel)."""
        window, dock = self.window, self.dock
        if self._placing or dock.isHidden() or dock.isFloating():
            return
        area = window.dockWidgetArea(dock)
        tabbed = [other for other in window.tabifiedDockWidgets(dock) if not other.isHidden()]  # the editor's hidden tab goes nowhere
        if not self.placed and area in (_RIGHT, _BOTTOM) and not tabbed:
            wanted = self.wanted()
            if wanted != area:
                self._placing = True
                try:
                    self._move(wanted)
                finally:
                    self._placing = False
                area = wanted
        width, height = window.width(), window.height()
        if width >= NARROW or not dock.isVisible():  # behind another tab (the editor's): its size is that tab's
            return
        if area == _BOTTOM:
            most = max(dock.minimumSizeHint().height(), int(height * UNDER_SHARE))
            if dock.height() > most:
                window.resizeDocks([dock], [most], Qt.Orientation.Vertical)
        elif area in (_RIGHT, Qt.DockWidgetArea.LeftDockWidgetArea):
            most = max(dock.minimumSizeHint().width(), int(width * MOVES_SHARE))
            if dock.width() > most:
                window.resizeDocks([dock], [most], Qt.Orientation.Horizontal)
