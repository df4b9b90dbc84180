"""Drawing a session's board to an image without showing a window (for `marblestudio render`,
the screenshot and the benchmarks)."""

from __future__ import annotations

from PySide6.QtCore import QBuffer, QIODevice, Qt
from PySide6.QtGui import QImage

from marblestudio.session import Session
from marblestudio.views.app import application
from marblestudio.views.board.registry import board_class
from marblestudio.views.board.scene import Scene
from marblestudio.views.palette import seat_colours


def offscreen_scene(session: Session, size: tuple[int, int], colour_blind: bool = False) -> Scene:
    """A scene of `size` showing `session`'s position, realised but never put on screen."""
    application()
    scene = Scene()
    scene.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen)
    scene.resize(*size)
    cls, reason = board_class(session.rules.game)
    board = cls(scene)
    if reason:
        board.reason = reason  # type: ignore[attr-defined]
    board.session = session  # the last-move marker and anything else a board reads of the game
    scene.set_board(board, session.rules, seat_colours(session.rules.presentation, session.num_players, colour_blind))
    board.show(session.state.public_view())
    scene.show()
    return scene


def render_session(session: Session, size: tuple[int, int], colour_blind: bool = False) -> QImage:
    """The board of `session` as an image of `size` pixels."""
    scene = offscreen_scene(session, size, colour_blind)
    image = scene.render_image()
    scene.close()
    scene.deleteLater()
    return image


def render_png(session: Session, size: tuple[int, int], colour_blind: bool = False) -> bytes:
    """The board of `session` as PNG data, drawn in memory so that the caller writes the file
    in one atomic step (a PNG saved straight to a file is half-written while Qt encodes it)."""
    image = render_session(session, size, colour_blind)
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):  # type: ignore[call-overload]  # the stubs say bytes; PySide6 takes str only
        raise RuntimeError(f"Qt could not encode a {image.width()}x{image.height()} image as PNG")
    return bytes(buffer.data().data())
