"""Neutral marbles on the Rock Me Archimedes board (examples/house-rules/archimedes-neutral.yaml):
drawn grey where the ruleset puts them, beside the players' black and white marbles; a click on
one names the rule.  Real frames (Xvfb with GLX, Mesa), read back with `grabFramebuffer()`."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from marblestudio import rulesets
from marblestudio.engine.archimedes import ArchimedesState, parse_cup
from marblestudio.session import HUMAN, Session
from marblestudio.views.board.archimedes.board import NEUTRAL_MARBLE, Board
from marblestudio.views.game_view import GameView

from .helpers import open_game_view, pixel_at

pytestmark = pytest.mark.gl

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "house-rules" / "archimedes-neutral.yaml"


@pytest.fixture
def game(qtbot: QtBot) -> GameView:
    return open_game_view(qtbot, 1000, 560)


def _session() -> Session:
    loaded = rulesets.load_with_source(EXAMPLE)
    return Session.from_moves(loaded.rules, [HUMAN, HUMAN], [], 3, loaded.resolved, str(EXAMPLE))


def _cups(session: Session) -> dict[str, int]:
    state = session.state
    assert isinstance(state, ArchimedesState)
    return dict(state.public_view().cups)


def _marble(board: Board, name: str) -> tuple[float, float, float]:
    return board.geo.to_world(board.angle, (*board.geo.cup_xy(*parse_cup(name)), board.geo.marble_z))


def _grey(pixel: tuple[int, int, int]) -> bool:
    r, g, b = pixel
    return max(r, g, b) - min(r, g, b) < 30 and 70 < (r + g + b) / 3 < 200


def test_the_neutral_marbles_are_drawn_grey_beside_black_and_white(game: GameView, tmp_path: Path) -> None:
    session = _session()
    game.set_session(session)
    board = game.board
    assert isinstance(board, Board)
    assert _cups(session) == {"b8": -1, "b9": -1}
    first = session.state.to_move
    for name in ("a8", "c9"):  # each player adds a marble beside them
        target = board.world_position(("cup", parse_cup(name)))
        assert target is not None
        x, y = game.scene.screen_position(target)
        game.scene.click_at(x, y)
    assert _cups(session) == {"a8": first, "b8": -1, "b9": -1, "c9": 1 - first}
    image = game.scene.render_image()
    path = tmp_path / "archimedes-neutral.png"
    assert image.save(str(path)) and path.stat().st_size > 0
    assert board.marble_item(parse_cup("b8")).opts["color"] == NEUTRAL_MARBLE
    for name in ("b8", "b9"):
        pixel = pixel_at(game, _marble(board, name))
        assert _grey(pixel), f"{name}: {pixel} is not grey"
    black, white = ("a8", "c9") if first == 0 else ("c9", "a8")
    assert max(pixel_at(game, _marble(board, black))) < 90  # black, player 1's
    assert min(pixel_at(game, _marble(board, white))) > 150  # white, player 2's


def test_clicking_a_neutral_marble_names_the_rule(game: GameView) -> None:
    session = _session()
    game.set_session(session)
    board = game.board
    assert isinstance(board, Board)
    messages: list[str] = []
    game.message.connect(messages.append)
    x, y = game.scene.screen_position(_marble(board, "b8"))
    assert game.scene.click_at(x, y) == ("marble", parse_cup("b8"))
    assert messages and "b8 holds a neutral marble, which never moves" in messages[-1]
    assert _cups(session) == {"b8": -1, "b9": -1}
