"""A fast start: the window is on screen before the 3D view is loaded (issue 14, speed).

`marblestudio play ID` shows the main window with "Loading the board…" on its game page, and
makes the 3D scene (which imports pyqtgraph's OpenGL part, the slowest step) once the window has
been painted; the library and the rules editor are made when first needed or once the board is
up.  The figures themselves are in benchmarks/app.py.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from marblestudio.session import HUMAN
from marblestudio.views.main_window import MainWindow

from .window_fixtures import Answers, answers  # noqa: F401


def _loaded_modules(code: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", f"import sys\n{code}\nprint(' '.join(sys.modules))"],
                         capture_output=True, text=True, check=True, timeout=120)
    return set(out.stdout.split())


def test_the_window_and_the_game_view_load_without_pyqtgraph_or_opengl() -> None:
    modules = _loaded_modules("import marblestudio.views.main_window, marblestudio.views.game_view")
    assert not {m for m in modules if m.split(".")[0] in ("pyqtgraph", "OpenGL")}


def _view_menu(window: MainWindow) -> list[str]:
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    assert isinstance(menu, QMenu)
    return [a.text() for a in menu.actions()]


@pytest.mark.gl
def test_a_game_opened_at_start_shows_the_window_first_then_its_board(qtbot: QtBot, answers: Answers) -> None:  # noqa: F811
    window = MainWindow(library=False)
    qtbot.addWidget(window)
    window.resize(900, 600)
    window.show()
    window.open_game("stay-alive/standard", [HUMAN, HUMAN], 1)
    assert not window.game.has_scene() and window.game.session is None  # nothing loaded yet
    assert window.stack.currentIndex() == 1 and window.game.loading.text() == "Loading the board…"
    qtbot.waitExposed(window)
    painted: list[int] = []
    window.game.scene_ready.connect(lambda scene: scene.frame_painted.connect(lambda: painted.append(1)))
    qtbot.waitUntil(lambda: bool(painted), timeout=10000)
    session = window.game.session
    assert session is not None and session.rules.id == "stay-alive/standard" and session.seed == 1
    assert not window.game.loading.isVisible() and window.game.scene.isVisible()
    texts = _view_menu(window)
    assert texts.count("&Home View") == 1 and texts.index("&Home View") < texts.index("S&kip Animation")
    qtbot.waitUntil(lambda: any(t.startswith("Rules E&ditor") for t in _view_menu(window)), timeout=5000)
    session.saved = True


@pytest.mark.gl
def test_the_library_of_a_window_opened_on_a_game_is_made_when_it_is_asked_for(qtbot: QtBot, answers: Answers) -> None:  # noqa: F811
    window = MainWindow(library=False)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert window.start_game("archimedes/standard", [HUMAN, HUMAN], seed=2)
    session = window.game.session
    assert session is not None
    session.saved = True
    window.show_library()
    assert window.stack.currentWidget() is window.library and window.stack.count() == 2
    assert "stay-alive/standard" in window.library.ids()
    assert window.library.list.hasFocus() or window.library.list is window.focusWidget()


@pytest.mark.gl
def test_a_ruleset_that_cannot_be_opened_at_start_leaves_the_library_on_screen(
    qtbot: QtBot, answers: Answers  # noqa: F811
) -> None:
    window = MainWindow(library=False)
    qtbot.addWidget(window)
    window.show()
    window.open_game("no-such/ruleset")
    qtbot.waitUntil(lambda: bool(answers.warnings), timeout=10000)
    assert window.stack.currentWidget() is window.library
    assert window.game.session is None
