"""What the tests of Mancala's board and of the app share: a shown game view or main window whose
animations finish at once, a Mancala session, a click through the scene, and pixels read back."""

from __future__ import annotations

from collections.abc import Sequence

from pytestqt.qtbot import QtBot

from marblestudio import rulesets
from marblestudio.session import HUMAN, Session
from marblestudio.views.game_view import GameView
from marblestudio.views.main_window import MainWindow

from marblestudio_mancala.board import Board
from marblestudio_mancala.board_layout import Colour


def session(ref: str = "mancala/kalah", moves: Sequence[str] = (), seats: Sequence[str] = (HUMAN, HUMAN)) -> Session:
    """A session of `ref` with `moves` (notation) played."""
    loaded = rulesets.load_with_source(ref)
    played = Session(loaded.rules, list(seats), 1, loaded.resolved, ref)
    for text in moves:
        played.play(played.state.parse_move(text))
    return played


def game_view(qtbot: QtBot, width: int = 900, height: int = 600) -> GameView:
    """A shown game view of this size whose animations finish at once."""
    view = GameView()
    view.resize(width, height)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    view.scene.clock.set_speed(0)
    return view


def main_window(qtbot: QtBot, width: int = 1100, height: int = 760) -> MainWindow:
    window = MainWindow()
    window.resize(width, height)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.game.scene.clock.set_speed(0)
    return window


def board_of(view: GameView) -> Board:
    assert isinstance(view.board, Board), f"the app shows {type(view.board).__name__}, not Mancala's board"
    return view.board


def click(qtbot: QtBot, view: GameView, key: object) -> None:
    """Click the piece `key` where the scene draws it: the ray cast from there must find it."""
    point = board_of(view).world_position(key)
    assert point is not None, key
    x, y = view.scene.screen_position(point)
    with qtbot.waitSignal(view.scene.picked, timeout=10000) as picked:
        view.scene.click_at(x, y)
    assert picked.args == [key]


def pixel_at(view: GameView, point: tuple[float, float, float]) -> tuple[int, int, int]:
    """The colour drawn at the screen position of a point of the scene."""
    x, y = view.scene.screen_position(point)
    image = view.scene.render_image()
    colour = image.pixelColor(round(x * image.width() / view.scene.width()), round(y * image.height() / view.scene.height()))
    return colour.red(), colour.green(), colour.blue()


def lit(pixel: tuple[int, int, int], colour: Colour, tolerance: float = 45.0) -> bool:
    """Whether `pixel` shows `colour` under some light (0.3 to 1.4 times as bright, plus a shine)."""
    for k in (0.3 + 0.05 * i for i in range(23)):
        for shine in (0.0, 20.0, 40.0):
            if sum((p - (c * 255 * k + shine)) ** 2 for p, c in zip(pixel, colour[:3])) ** 0.5 < tolerance:
                return True
    return False


def counts(view: GameView) -> list[int]:
    """What the board shows in every pit, in the engine's pit order."""
    board = board_of(view)
    return [board.count(pit) for pit in range(board.layout.size)]


def engine_counts(played: Session) -> list[int]:
    v = played.state.public_view()
    return [*v.houses[0], v.stores[0], *v.houses[1], v.stores[1]]
