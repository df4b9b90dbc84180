"""Which module draws each game family's board.

A family adds its board by shipping the module named here with a `BoardView` subclass called
`Board`; nothing else needs to change.  Its help for the window (a move to type, the controls,
its events in words: see `help.py`) is the module of the same name ending in `_help`
(`stay_alive_help` beside `stay_alive`), found by `board_help`.  A family whose module is missing (not written yet, or
failing to import) gets a placeholder that says so, and the app keeps working.
"""

from __future__ import annotations

import importlib
import logging

from marblestudio.views.board.base import BoardView
from marblestudio.views.board.help import GENERIC, GameHelp

BOARDS: dict[str, str] = {
    "stay-alive": "marblestudio.views.board.stay_alive",
    "alive": "marblestudio.views.board.alive",
    "avalanche": "marblestudio.views.board.avalanche",
    "archimedes": "marblestudio.views.board.archimedes",
}

log = logging.getLogger(__name__)


def board_class(game: str) -> tuple[type[BoardView], str | None]:
    """The board class for `game`, and None; or the placeholder and the reason it is used."""
    module_name = BOARDS.get(game)
    if module_name is None:
        return _placeholder(), f"no 3D board is registered for the game {game!r}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            log.exception("the board module %s failed to import", module_name)
        return _placeholder(), f"the 3D board of {game} is not written yet ({module_name})"
    except Exception as exc:  # a broken board must not take the app down
        log.exception("the board module %s failed to import", module_name)
        return _placeholder(), f"the 3D board of {game} failed to load: {exc}"
    board = getattr(module, "Board", None)
    if not (isinstance(board, type) and issubclass(board, BoardView)):
        return _placeholder(), f"{module_name} has no Board class"
    return board, None


def board_help(game: str) -> GameHelp:
    """The help of `game`'s board (`<board module>_help`), or the generic help without one."""
    module_name = BOARDS.get(game)
    if module_name is None:
        return GENERIC
    try:
        module = importlib.import_module(f"{module_name}_help")
    except ModuleNotFoundError as exc:
        if exc.name != f"{module_name}_help":
            log.exception("the help module of %s failed to import", game)
        return GENERIC
    except Exception:  # a broken help module must not take the app down
        log.exception("the help module of %s failed to import", game)
        return GENERIC
    return GameHelp.from_module(module)


def _placeholder() -> type[BoardView]:
    from marblestudio.views.board.placeholder import PlaceholderBoard

    return PlaceholderBoard
