"""The last-move marker of every board: the cell, card, hole or cup the last move acted on is
ringed (or framed) in magenta, a colour no seat has; the marker moves on undo and is gone in a
new game.

These tests draw real frames (Xvfb with GLX, Mesa) and read the pixel on the marker's band.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pytestqt.qtbot import QtBot

from marblestudio import rulesets
from marblestudio.engine.avalanche.moves import Drop
from marblestudio.engine.core import Move
from marblestudio.engine.rules import Presentation
from marblestudio.rulesets.catalog import list_rulesets
from marblestudio.session import HUMAN, Session
from marblestudio.views.board.last_move import LAST_MOVE, last_move
from marblestudio.views.game_view import GameView
from marblestudio.views.palette import OKABE_ITO, hex_to_rgba

from .helpers import open_game_view, pixel_at

pytestmark = pytest.mark.gl

Point = tuple[float, float, float]


def _session(ruleset: str) -> Session:
    loaded = rulesets.load_with_source(ruleset)
    return Session(loaded.rules, [HUMAN, HUMAN], 5, loaded.resolved, ruleset)


def _magenta(pixel: tuple[int, int, int]) -> bool:
    """Lit magenta: red and blue well above green (the marker's colour at any light)."""
    r, g, b = pixel
    return r > 120 and b > 100 and g < 0.55 * min(r, b)


def _marker_front(game: GameView) -> Point | None:
    board = game.board
    marker = board.last_move_marker() if board is not None else None  # type: ignore[attr-defined]
    return None if marker is None else marker.front()


def _first_target(game: GameView) -> Move:
    targets = game.legal_targets()
    assert targets, "a human is to move and has something to click"
    return next(iter(targets.values()))


def _other_hole(game: GameView) -> Move:
    """A drop into another hole than the last drop's (so that the marker visibly moves)."""
    assert game.session is not None
    last = last_move(game.session)
    used = last[1].hole if last is not None and isinstance(last[1], Drop) else None
    drops = [m for m in game.legal_targets().values() if isinstance(m, Drop) and m.hole != used]
    assert drops
    return drops[0]


CHOOSERS: dict[str, Callable[[GameView], Move]] = {
    "stay-alive/standard": _first_target,
    "alive/standard": _first_target,
    "avalanche/beginners": _other_hole,
    "archimedes/standard": _first_target,
}


@pytest.mark.parametrize("ruleset", list(CHOOSERS))
def test_the_last_move_is_marked_moves_back_on_undo_and_is_gone_in_a_new_game(qtbot: QtBot, ruleset: str) -> None:
    game = open_game_view(qtbot, 1000, 620)
    session = _session(ruleset)
    game.set_session(session)
    assert _marker_front(game) is None  # nothing played yet
    choose = CHOOSERS[ruleset]
    fronts: list[Point] = []
    for _ in range(2):
        move = choose(game)
        game.play(move)
        front = _marker_front(game)
        assert front is not None, f"no marker after {move}"
        assert _magenta(pixel_at(game, front)), f"the marker of {move} is not drawn"
        fronts.append(front)
    assert fronts[0] != fronts[1]
    session.undo()
    assert _marker_front(game) == pytest.approx(fronts[0])  # back on the first move's target
    assert _magenta(pixel_at(game, fronts[0]))
    assert not _magenta(pixel_at(game, fronts[1]))
    game.set_session(_session(ruleset))
    assert _marker_front(game) is None
    assert not _magenta(pixel_at(game, fronts[0]))


def test_the_marker_colour_is_no_seat_colour() -> None:
    seat_colours = {c for entry in list_rulesets() for c in rulesets.load(entry.id).presentation.colours}
    seat_colours |= set(Presentation().colours)
    for colour in seat_colours | set(OKABE_ITO):
        r, g, b, _ = hex_to_rgba(colour)
        distance = sum((p - q) ** 2 for p, q in zip((r, g, b), LAST_MOVE[:3])) ** 0.5
        assert distance > 0.35, f"the marker looks like the seat colour {colour}"
