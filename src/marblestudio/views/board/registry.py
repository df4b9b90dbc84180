"""Which board draws each game family, and its help for the window: the family's descriptor
(`engine.family.Family`) names both (`board`: a `BoardView` subclass; `help`: a module read by
`views.board.help`).  A family without a board, or whose board fails to import, gets a
placeholder that says so, and the app keeps working.
"""

from __future__ import annotations

import logging

from marblestudio.engine import family as families
from marblestudio.views.board.base import BoardView
from marblestudio.views.board.help import GENERIC, GameHelp

log = logging.getLogger(__name__)


def board_class(game: str) -> tuple[type[BoardView], str | None]:
    """The board class for `game`, and None; or the placeholder and the reason it is used."""
    found = families.family(game)
    if found is None:
        return _placeholder(), f"no game family {game!r} is installed"
    if found.board is None:
        return _placeholder(), f"the game {found.title} has no 3D board"
    try:
        board = found.load("board")
    except ModuleNotFoundError as exc:
        if not found.board.startswith(f"{exc.name}:") and exc.name != found.board:
            log.exception("the board of %s failed to import", game)
        return _placeholder(), f"the 3D board of {found.title} is not installed ({found.board})"
    except Exception as exc:  # a broken board must not take the app down
        log.exception("the board of %s failed to import", game)
        return _placeholder(), f"the 3D board of {found.title} failed to load: {exc}"
    if not (isinstance(board, type) and issubclass(board, BoardView)):
        return _placeholder(), f"{found.board} is not a board (a BoardView subclass)"
    return board, None


def board_help(game: str) -> GameHelp:
    """The help of `game` (its family's `help` module), or the generic help without one."""
    found = families.family(game)
    if found is None or found.help is None:
        return GENERIC
    try:
        module = found.load("help")
    except Exception:  # a broken help module must not take the app down
        log.exception("the help module of %s failed to import", game)
        return GENERIC
    return GameHelp.from_module(module)


def _placeholder() -> type[BoardView]:
    from marblestudio.views.board.placeholder import PlaceholderBoard

    return PlaceholderBoard
