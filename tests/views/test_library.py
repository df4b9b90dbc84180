"""The library as a player's shelf: grouped by game with the standard game first, a filter,
the user's own rulesets marked, broken ones shown with their problem, and board thumbnails
drawn after the first paint and kept in the cache folder until the ruleset file changes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QColor, QImage, QKeyEvent, QPalette
from PySide6.QtWidgets import QApplication, QListWidgetItem
from pytestqt.qtbot import QtBot

from marblestudio.engine import family
from marblestudio.rulesets.catalog import list_rulesets, user_dir
from marblestudio.views.library import READY_ID, LibraryWidget
from marblestudio.views.library_delegate import GROUP_ROLE, ITEM_ROLE, PICTURE_ROLE
from marblestudio.views.shelf import ShelfGroup, ShelfItem
from marblestudio.views.thumbnails import STORED_SIZE, ThumbnailStore, cache_dir

BUNDLED_COUNT = sum(1 for e in list_rulesets() if e.bundled)
"""The rulesets the installed game families bring: 22 of the bundled games, and any plug-in's."""
GAMES = [f.title for f in family.families()]
HOUSE_RULE = (
    "format: 1\nextends: stay-alive/standard\nid: house/three\nname: Stay Alive, three marbles\n"
    "description: Three marbles each.\nstay_alive:\n  marbles_per_player: 3\n"
)
BROKEN_RULE = (
    "format: 1\nextends: stay-alive/standard\nid: house/broken\nname: A broken house rule\n"
    "description: Too many marbles.\nstay_alive:\n  marbles_per_player: many\n"
)


@pytest.fixture(autouse=True)
def _cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Thumbnails go to a temporary cache folder (tests/conftest.py does not redirect it)."""
    monkeypatch.setenv("MARBLESTUDIO_CACHE_DIR", str(tmp_path / "cache"))


class Drawings:
    """Stands in for the OpenGL drawing: a plain picture of one colour; remembers what it drew."""

    def __init__(self, colour: str = "#3366cc", log: list[str] | None = None, refuse: str = "") -> None:
        self.colour = QColor(colour)
        self.calls: list[Path] = []
        self.log = log if log is not None else []
        self.refuse = refuse

    def __call__(self, ruleset: Path) -> QImage:
        self.calls.append(ruleset)
        self.log.append("draw")
        if self.refuse and ruleset.stem == self.refuse:
            raise RuntimeError("no OpenGL today")
        image = QImage(*STORED_SIZE, QImage.Format.Format_RGB32)
        image.fill(self.colour)
        return image


def _write(relative: str, text: str) -> Path:
    path = user_dir() / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _library(qtbot: QtBot, draw: Drawings, shown: bool = True, width: int = 900) -> LibraryWidget:
    library = LibraryWidget(thumbnails=ThumbnailStore(draw=draw))
    qtbot.addWidget(library)
    library.resize(width, 700)
    if shown:
        library.show()
        qtbot.waitExposed(library)
    return library


def _rows(library: LibraryWidget) -> list[QListWidgetItem]:
    return [library.list.item(i) for i in range(library.list.count())]


def _headings(library: LibraryWidget, shown_only: bool = False) -> list[str]:
    groups = (row.data(GROUP_ROLE) for row in _rows(library) if not (shown_only and row.isHidden()))
    return [group.title for group in groups if isinstance(group, ShelfGroup)]


def _row_of(library: LibraryWidget, ruleset_id: str) -> QListWidgetItem:
    return next(row for row in _rows(library) if isinstance(row.data(ITEM_ROLE), ShelfItem) and row.data(ITEM_ROLE).ruleset_id == ruleset_id)


def _all_pictured(library: LibraryWidget) -> bool:
    rows = [row for row in _rows(library) if isinstance(row.data(ITEM_ROLE), ShelfItem) and row.data(ITEM_ROLE).playable]
    return all(row.data(Qt.ItemDataRole.DecorationRole) is not None or row.data(PICTURE_ROLE) for row in rows)


def test_rulesets_are_grouped_by_game_with_the_standard_game_first(qtbot: QtBot) -> None:
    library = _library(qtbot, Drawings(), shown=False)
    assert _headings(library)[:4] == ["Stay Alive", "ALIVE", "Avalanche", "Rock Me Archimedes"]
    assert _headings(library) == GAMES  # then any plug-in's game, by its family's title
    rows = _rows(library)
    for i, row in enumerate(rows):
        group = row.data(GROUP_ROLE)
        if isinstance(group, ShelfGroup):
            found = family.family(group.key)
            assert found is not None
            assert rows[i + 1].data(ITEM_ROLE).ruleset_id == found.standard  # 'stay-alive/standard', 'mancala/kalah' 
    ids = library.ids()
    assert ids[:5] == ["stay-alive/standard", "stay-alive/any-slide", "stay-alive/big-board", "stay-alive/quick", "stay-alive/two-knob"]
    assert ids[5:8] == ["alive/standard", "alive/limit-31", "alive/seven-lives"]  # "ALIVE to 31" < "ALIVE, seven lives"
    assert len(ids) == BUNDLED_COUNT
    assert library.selected() == READY_ID


def test_the_filter_matches_name_id_and_description(qtbot: QtBot) -> None:
    library = _library(qtbot, Drawings())

    def shown(query: str) -> list[str]:
        library.filter.setText(query)
        return [item.ruleset_id for item in library.shown_items()]

    assert shown("team") == ["alive/team-play"]  # its name
    assert _headings(library, shown_only=True) == ["ALIVE"]
    assert library.selected() == "alive/team-play"  # the selection follows the filter
    assert shown("variation-3") == ["archimedes/variation-3"]  # its id
    assert shown("curved base") == ["archimedes/standard"]  # its description, every word
    # Any case; in shelf order: "..., no platform" (variation 4) before "..., two ways to win" (variation 1).
    assert shown("TABLE") == ["archimedes/standard", "archimedes/variation-4", "archimedes/variation-1"]
    assert shown("stay quick") == ["stay-alive/quick"]
    assert not library.empty.isVisible()
    assert shown("zebra") == []
    assert _headings(library, shown_only=True) == []
    assert library.empty.isVisible() and "zebra" in library.empty.text()
    assert library.selected() is None and not library.play_button.isEnabled()
    assert len(shown("")) == BUNDLED_COUNT
    assert library.play_button.isEnabled()


def test_ctrl_f_focuses_the_filter_and_escape_clears_it(qtbot: QtBot) -> None:
    library = _library(qtbot, Drawings())
    qtbot.keyClick(library.list, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)  # from anywhere in the library
    assert library.focusWidget() is library.filter  # (the window is not active under Xvfb: hasFocus() stays False)
    qtbot.keyClicks(library.filter, "big board")
    assert [item.ruleset_id for item in library.shown_items()] == ["stay-alive/big-board"]
    qtbot.keyClick(library.filter, Qt.Key.Key_Escape)
    assert library.filter.text() == ""
    assert len(library.shown_items()) == BUNDLED_COUNT
    library.filter.setText("partnership")
    qtbot.keyClick(library.list, Qt.Key.Key_Escape)  # also while choosing in the list
    assert library.filter.text() == ""


def test_enter_in_the_filter_or_the_list_plays_the_selected_ruleset(qtbot: QtBot) -> None:
    library = _library(qtbot, Drawings())
    played: list[str] = []
    library.play_requested.connect(played.append)
    library.filter.setFocus()
    qtbot.keyClicks(library.filter, "two-cards")
    qtbot.keyClick(library.filter, Qt.Key.Key_Return)
    library.list.setFocus()
    library.select("alive/limit-31")
    qtbot.keyClick(library.list, Qt.Key.Key_Enter, Qt.KeyboardModifier.KeypadModifier)
    library.new_button.setFocus()
    qtbot.keyClick(library.new_button, Qt.Key.Key_Return)  # a button's Enter is not "play"
    assert played == ["avalanche/two-cards", "alive/limit-31"]


def test_the_librarys_keys_win_over_the_windows_shortcuts(qtbot: QtBot) -> None:
    """The main window's Escape (skip the animation) must not swallow the filter's Escape."""
    library = _library(qtbot, Drawings())

    def overridden(key: Qt.Key, modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> bool:
        event = QKeyEvent(QEvent.Type.ShortcutOverride, key, modifiers)
        event.ignore()
        QApplication.sendEvent(library.list, event)
        return event.isAccepted()

    assert overridden(Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert not overridden(Qt.Key.Key_Escape)  # nothing to clear: the window's Escape goes on working
    library.filter.setText("quick")
    assert overridden(Qt.Key.Key_Escape)
    assert not overridden(Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # the window's undo


def test_the_users_own_rulesets_carry_a_yours_badge(qtbot: QtBot) -> None:
    path = _write("house/three.yaml", HOUSE_RULE)
    library = _library(qtbot, Drawings())
    mine = _row_of(library, "house/three")
    assert mine.data(ITEM_ROLE).mine and "yours" in mine.text()
    assert str(path) in library.ids()  # a user ruleset is played by its path, as before
    assert not _row_of(library, "stay-alive/quick").data(ITEM_ROLE).mine
    # Drawn: the badge is a pill of the highlight colour on the title line (unselected rows are
    # not otherwise drawn in that colour).
    library.select(READY_ID)
    highlight = library.list.palette().color(QPalette.ColorRole.Highlight).rgb()

    def badge_pixels(row: QListWidgetItem) -> int:
        library.list.scrollToItem(row)
        qtbot.wait(10)
        rect = library.list.visualItemRect(row)
        image = library.list.viewport().grab(rect.adjusted(0, 0, 0, -rect.height() // 2)).toImage()
        return sum(image.pixel(x, y) == highlight for x in range(image.width()) for y in range(image.height()))

    assert badge_pixels(mine) > 100
    assert badge_pixels(_row_of(library, "stay-alive/quick")) == 0


def test_a_broken_user_ruleset_is_shown_with_its_problem(qtbot: QtBot) -> None:
    path = _write("house/broken.yaml", BROKEN_RULE)
    drawings = Drawings()
    library = _library(qtbot, drawings)
    assert _headings(library)[-1] == "Rulesets with problems"
    row = _row_of(library, "house/broken")
    item = row.data(ITEM_ROLE)
    assert (item.title, item.mine, item.playable) == ("house/broken.yaml", True, False)
    assert item.problem.startswith("line 7, column 23: ")
    assert "marbles_per_player" in item.problem and "whole number" in item.problem
    assert "cannot be played" in row.text() and item.problem in row.text()
    assert f"marblestudio validate {path}" in row.toolTip()
    assert str(path) not in library.ids()
    library.list.setCurrentItem(row)
    assert library.selected() is None and not library.play_button.isEnabled()
    qtbot.waitUntil(lambda: library.filler.pending == 0)
    assert path not in drawings.calls  # nothing to draw for a file that cannot be loaded


def test_play_new_game_and_refresh_keep_working(qtbot: QtBot) -> None:
    library = _library(qtbot, Drawings())
    library.select("avalanche/partnership")
    with qtbot.waitSignal(library.play_requested) as played:
        library.play_button.click()
    assert played.args == ["avalanche/partnership"]
    with qtbot.waitSignal(library.new_game_requested) as asked:
        library.new_button.click()
    assert asked.args == ["avalanche/partnership"]
    with qtbot.waitSignal(library.play_requested) as ready:
        library.ready.click()
    assert ready.args == [READY_ID]
    path = _write("house/three.yaml", HOUSE_RULE)
    library.refresh()
    assert str(path) in library.ids()
    assert library.selected() == "avalanche/partnership"  # refresh keeps the selection


def test_the_first_paint_does_not_wait_for_thumbnails(qtbot: QtBot) -> None:
    log: list[str] = []
    drawings = Drawings(log=log)

    class Paints(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
            if event.type() == QEvent.Type.Paint:
                log.append("paint")
            return False

    library = _library(qtbot, drawings, shown=False)
    paints = Paints()
    library.list.viewport().installEventFilter(paints)
    qtbot.wait(50)
    assert drawings.calls == []  # nothing is drawn while the library is not on screen
    library.show()
    qtbot.waitUntil(lambda: len(drawings.calls) == BUNDLED_COUNT, timeout=10000)
    assert log.index("paint") < log.index("draw")  # placeholders painted first
    assert "paint" in log[log.index("draw") : log.index("draw") + BUNDLED_COUNT * 2]  # repainted as pictures come


def test_what_drawing_imports_comes_a_module_a_turn_before_the_first_drawing(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Imported with the first drawing (numpy, OpenGL, pyqtgraph, ...), they held the event loop
    # up for 0.7-0.9 s after the library was shown; one a turn, the longest is about 0.27 s.
    import sys

    log: list[str] = []
    for name in ("warm_first", "warm_second"):
        (tmp_path / f"{name}.py").write_text(f"import builtins\nbuiltins._warm_log.append('import {name}')\n", encoding="utf-8")
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr("builtins._warm_log", log, raising=False)
    store = ThumbnailStore(draw=Drawings(log=log), modules=("warm_first", "json", "warm_second"))
    library = LibraryWidget(thumbnails=store)
    qtbot.addWidget(library)
    turns: list[int] = []
    library.filler._timer.timeout.connect(lambda: turns.append(len(log)))  # after each turn's work
    library.show()
    qtbot.waitUntil(lambda: len(log) >= 3, timeout=10000)
    assert log[:3] == ["import warm_first", "import warm_second", "draw"]  # json was there already
    assert turns[:3] == [1, 2, 3]  # one a turn
    assert store.prepare() is False
    monkeypatch.delitem(sys.modules, "warm_first")
    monkeypatch.delitem(sys.modules, "warm_second")


def test_a_thumbnail_appears_and_is_kept_in_the_cache(qtbot: QtBot) -> None:
    first = Drawings("#3366cc")
    library = _library(qtbot, first)
    qtbot.waitUntil(lambda: _all_pictured(library), timeout=10000)
    assert len(first.calls) == BUNDLED_COUNT
    picture = _row_of(library, "stay-alive/standard").data(Qt.ItemDataRole.DecorationRole).toImage()
    assert (picture.size().toTuple(), picture.pixelColor(5, 5).name()) == (STORED_SIZE, "#3366cc")
    assert len(list(cache_dir().glob("*.png"))) == BUNDLED_COUNT
    second = Drawings("#cc3333")  # a new store (a new start of the app) reads the pictures kept
    again = _library(qtbot, second)
    qtbot.waitUntil(lambda: _all_pictured(again), timeout=10000)
    assert second.calls == []
    picture = _row_of(again, "stay-alive/standard").data(Qt.ItemDataRole.DecorationRole).toImage()
    assert picture.pixelColor(5, 5).name() == "#3366cc"


def test_a_changed_ruleset_is_drawn_again(qtbot: QtBot) -> None:
    path = _write("house/three.yaml", HOUSE_RULE)
    drawings = Drawings()
    library = _library(qtbot, drawings)
    qtbot.waitUntil(lambda: _all_pictured(library), timeout=10000)
    assert drawings.calls.count(path) == 1
    before = os.stat(path).st_mtime_ns
    path.write_text(HOUSE_RULE.replace("Three marbles each.", "Three marbles each, changed."), encoding="utf-8")
    os.utime(path, ns=(before + 2_000_000_000, before + 2_000_000_000))
    library.refresh()
    qtbot.waitUntil(lambda: library.filler.pending == 0 and _all_pictured(library), timeout=10000)
    assert drawings.calls.count(path) == 2
    assert len(drawings.calls) == BUNDLED_COUNT + 2  # the unchanged ones were not drawn again
    assert len(list(cache_dir().glob("*.png"))) == BUNDLED_COUNT + 1  # the old picture is gone


def test_a_picture_that_cannot_be_drawn_leaves_a_placeholder(qtbot: QtBot) -> None:
    library = _library(qtbot, Drawings(refuse="quick"))
    qtbot.waitUntil(lambda: _all_pictured(library), timeout=10000)
    quick = _row_of(library, "stay-alive/quick")
    assert quick.data(Qt.ItemDataRole.DecorationRole) is None
    assert "no OpenGL today" in quick.data(PICTURE_ROLE) and "no OpenGL today" in quick.toolTip()
    assert _row_of(library, "stay-alive/big-board").data(Qt.ItemDataRole.DecorationRole) is not None


@pytest.mark.gl
def test_a_thumbnail_is_the_board_of_the_seeded_set_up(tmp_path: Path) -> None:
    from marblestudio.rulesets.catalog import find

    standard = find(READY_ID)
    assert standard is not None
    store = ThumbnailStore(tmp_path / "thumbs")
    image = store.get(standard)
    assert image.size().toTuple() == STORED_SIZE
    colours = {image.pixel(x, y) for x in range(0, image.width(), 8) for y in range(0, image.height(), 8)}
    assert len(colours) > 20  # a board, not an empty frame
    kept = list((tmp_path / "thumbs").glob("*.png"))
    assert len(kept) == 1 and QImage(str(kept[0])).size().toTuple() == STORED_SIZE
