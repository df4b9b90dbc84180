"""The Stay Alive board in 3D: clicks reach the engine, frames show what the engine says.

These tests draw real frames (Xvfb with GLX, Mesa) and read pixels back with
`grabFramebuffer()` at the screen position where the scene projects a piece.
"""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from marblestudio import rulesets
from marblestudio.engine.core import CHANCE, Move
from marblestudio.engine.stay_alive.moves import PlaceMove, SlideMove
from marblestudio.session import HUMAN, Session
from marblestudio.views.board.stay_alive.board import FALL_STAGGER, Board
from marblestudio.views.game_view import GameView

from .helpers import near, open_game_view, pixel_at

pytestmark = pytest.mark.gl


def _session(moves: list[Move] | None = None, seed: int = 5) -> Session:
    loaded = rulesets.load_with_source("stay-alive/standard")
    return Session.from_moves(loaded.rules, [HUMAN, HUMAN], moves or [], seed, loaded.resolved, "stay-alive/standard")


def _moves_until_a_slide_drops_a_marble(seed: str) -> tuple[list[Move], SlideMove, tuple[int, int], int]:
    """Random moves up to a position where some legal slide move makes a marble fall; that move,
    the cell of the marble that falls and its seat."""
    session = _session()
    rng = random.Random(seed)
    while not session.is_over():
        state = session.state
        if state.to_move == CHANCE:
            session.advance_chance()
            continue
        for move in state.legal_moves():
            if isinstance(move, SlideMove):
                events = state.copy().apply(move)
                fell = [e for e in events if e.kind == "marble_fell"]
                if fell:
                    return session.moves, move, (fell[0]["row"], fell[0]["col"]), fell[0]["seat"]
        session.play(rng.choice(state.legal_moves()))
    raise AssertionError("no game of this seed had a slide that dropped a marble")


def _moves_until_a_slide_was_moved(seed: str) -> list[Move]:
    """Random moves up to a position where the last move was a slide (the game going on)."""
    session = _session()
    rng = random.Random(seed)
    while not session.is_over():
        if session.state.to_move == CHANCE:
            session.advance_chance()
        elif session.moves and isinstance(session.moves[-1], SlideMove):
            return session.moves
        else:
            session.play(rng.choice(session.state.legal_moves()))
    raise AssertionError("the game ended before any slide moved")


@pytest.fixture
def game(qtbot: QtBot) -> GameView:
    return open_game_view(qtbot, 900, 640)


_pixel = pixel_at


def _near(pixel: tuple[int, int, int], hex_colour: str, tolerance: float = 60.0) -> bool:
    return near(pixel, hex_colour, tolerance)


def _click(qtbot: QtBot, game: GameView, key: object) -> None:
    assert game.board is not None
    point = game.board.world_position(key)
    assert point is not None
    x, y = game.scene.screen_position(point)
    with qtbot.waitSignal(game.scene.picked, timeout=10000) as picked:
        game.scene.click_at(x, y)
    assert picked.args == [key]  # the ray found the piece we aimed at


def test_clicking_a_legal_cell_places_a_marble_there_in_the_players_colour(qtbot: QtBot, game: GameView) -> None:
    session = _session()
    game.set_session(session)
    qtbot.waitUntil(lambda: session.waiting_for_human() and bool(game.legal_targets()), timeout=5000)
    board = game.board
    assert isinstance(board, Board)
    per_player = session.rules.family.marbles_per_player
    assert board.waiting(0) == per_player and board.waiting(1) == per_player
    target, move = next((k, m) for k, m in game.legal_targets().items() if isinstance(m, PlaceMove))
    _click(qtbot, game, target)
    qtbot.waitUntil(lambda: session.ply == 2 and not game.scene.clock.is_running(), timeout=5000)
    assert str(session.moves[-1]) == str(move)
    assert session.state.public_view().grid[move.row][move.col] == 0
    assert board.waiting(0) == per_player - 1 and board.waiting(1) == per_player
    marble = board.marble_position(move.row, move.col)
    assert marble is not None
    assert _near(_pixel(game, marble), session.rules.presentation.colour(0))


def test_only_legal_targets_highlight_and_a_click_elsewhere_names_the_rule(qtbot: QtBot, game: GameView) -> None:
    session = _session(_moves_until_a_slide_was_moved("rule"))
    game.set_session(session)
    qtbot.waitUntil(lambda: bool(game.legal_targets()), timeout=5000)
    legal_keys = set(game.scene.legal_keys())
    expected = {game.board.target_of(m) for m in session.state.legal_moves()}  # type: ignore[union-attr]
    assert legal_keys == expected
    previous = session.state.public_view().previous_slide
    assert previous is not None  # the previous player moved a slide: its knobs are not legal
    assert ("knob", previous, 1) not in legal_keys and ("knob", previous, -1) not in legal_keys
    ply = session.ply
    with qtbot.waitSignal(game.message, timeout=10000) as message:
        _click(qtbot, game, ("knob", previous, 1 if session.state.public_view().position(previous) < 2 else -1))
    assert "previous player" in message.args[0]
    assert session.ply == ply


def test_a_knob_click_moves_its_slide_and_the_marble_over_the_opened_cell_falls(qtbot: QtBot, game: GameView) -> None:
    moves, move, cell, seat = _moves_until_a_slide_drops_a_marble("fall")
    session = _session(moves)
    game.set_session(session)
    qtbot.waitUntil(lambda: bool(game.legal_targets()), timeout=5000)
    board = game.board
    assert isinstance(board, Board)
    marble = board.marble_position(*cell)
    assert marble is not None
    colour = session.rules.presentation.colour(seat)
    assert _near(_pixel(game, marble), colour)  # before: the marble is there
    before = session.state.public_view().position(move.slide_id)
    _click(qtbot, game, board.target_of(move))
    qtbot.waitUntil(lambda: not game.scene.clock.is_running() and session.ply == len(moves) + 1, timeout=5000)
    assert session.state.public_view().position(move.slide_id) == before + move.step
    assert session.state.public_view().grid[cell[0]][cell[1]] is None
    assert board.marble_position(*cell) is None
    assert not _near(_pixel(game, marble), colour)  # after: it fell through the board


def test_keyboard_arrows_select_a_legal_target_and_enter_plays_it(qtbot: QtBot, game: GameView) -> None:
    session = _session()
    game.set_session(session)
    qtbot.waitUntil(lambda: bool(game.legal_targets()), timeout=5000)
    game.scene.setFocus()
    qtbot.keyClick(game.scene, Qt.Key.Key_Right)
    selected = game.scene.selected
    assert selected in game.legal_targets()
    move = game.legal_targets()[selected]
    qtbot.keyClick(game.scene, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: session.ply == 2, timeout=5000)
    assert str(session.moves[-1]) == str(move)


def test_the_colour_blind_palette_redraws_the_marbles(qtbot: QtBot, game: GameView) -> None:
    moves, _, cell, seat = _moves_until_a_slide_drops_a_marble("palette")
    game.set_session(_session(moves))
    board = game.board
    assert isinstance(board, Board)
    marble = board.marble_position(*cell)
    assert marble is not None
    game.set_colour_blind(True)
    from marblestudio.views.palette import seat_hex

    assert game.session is not None
    assert _near(_pixel(game, marble), seat_hex(game.session.rules.presentation, seat, colour_blind=True))


def test_the_slide_slides_and_the_marble_drops_in_time_then_the_board_matches_the_engine(
    qtbot: QtBot, game: GameView
) -> None:
    moves, move, cell, _ = _moves_until_a_slide_drops_a_marble("animate")
    session = _session(moves)
    game.set_session(session)
    # A tenth of normal speed: the slide takes 3.5 s, so even a slow software renderer paints
    # frames part way along; once one is seen the rest is skipped.
    game.scene.clock.set_speed(0.1)
    qtbot.waitUntil(lambda: bool(game.legal_targets()), timeout=5000)
    board = game.board
    assert isinstance(board, Board)
    slide_item = board._slide_items[move.slide_id]
    seen: list[tuple[float, float]] = []
    game.scene.frame_painted.connect(lambda: seen.append((slide_item.transform()(0, 3), slide_item.transform()(1, 3))))
    _click(qtbot, game, board.target_of(move))
    assert game.scene.clock.is_running()  # the events are being animated, not jumped to
    # the slide is drawn part way along
    qtbot.waitUntil(lambda: any(abs(x) + abs(y) > 1e-3 for x, y in seen), timeout=20000)
    with qtbot.waitSignal(game.scene.clock.finished, timeout=5000):
        game.scene.clock.skip()
    assert board.positions[move.slide_id] == session.state.public_view().position(move.slide_id)
    assert board.marble_position(*cell) is None


def _move_mouse(game: GameView, point: tuple[float, float, float]) -> None:
    from PySide6.QtCore import QEvent, QPointF
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    x, y = game.scene.screen_position(point)
    local = QPointF(x, y)
    event = QMouseEvent(
        QEvent.Type.MouseMove, local, game.scene.mapToGlobal(local), Qt.MouseButton.NoButton,
        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(game.scene, event)


def test_hover_highlights_only_what_can_be_clicked_now(qtbot: QtBot, game: GameView) -> None:
    session = _session(_moves_until_a_slide_was_moved("hover"))
    game.set_session(session)
    qtbot.waitUntil(lambda: bool(game.legal_targets()), timeout=5000)
    board = game.board
    assert isinstance(board, Board)
    legal = next(k for k in game.legal_targets() if k[0] == "knob")
    with qtbot.waitSignal(game.scene.hovered, timeout=10000) as hovered:
        _move_mouse(game, board.world_position(legal))  # type: ignore[arg-type]
    assert hovered.args == [legal]
    from marblestudio.views.board.stay_alive.board import HOVER

    assert board._knob_colours[(legal[1], legal[2])] == HOVER
    previous = session.state.public_view().previous_slide
    blocked = ("knob", previous, 1)
    _move_mouse(game, board.world_position(blocked))  # type: ignore[arg-type]
    assert board._knob_colours[(previous, 1)] != HOVER  # not legal now: no highlight
    assert board._knob_colours[(legal[1], legal[2])] != HOVER


def test_the_marbles_one_slide_lets_fall_drop_together(qtbot: QtBot, game: GameView) -> None:
    found: tuple[Session, SlideMove, list[tuple[int, int]]] | None = None
    for seed in range(40):  # seeded random games until a one-step slide move drops two marbles or more
        session = _session(seed=seed)
        rng = random.Random(f"together:{seed}")
        while found is None and not session.is_over():
            state = session.state
            if state.to_move == CHANCE:
                session.advance_chance()
                continue
            for move in state.legal_moves():
                if isinstance(move, SlideMove) and abs(move.step) == 1:
                    events = state.copy().apply(move)
                    cells = [(e["row"], e["col"]) for e in events if e.kind == "marble_fell"]
                    if len(cells) >= 2:
                        found = session, move, cells
                        break
            else:
                session.play(rng.choice(state.legal_moves()))
        if found is not None:
            break
    assert found is not None, "no seeded game had a slide move that dropped two marbles"
    session, move, cells = found
    game.set_session(session)
    qtbot.waitUntil(lambda: bool(game.legal_targets()), timeout=5000)
    board = game.board
    assert isinstance(board, Board)
    events = session.state.copy().apply(move)
    one_by_one = [board.animate(e) for e in events]
    falls = [steps[0] for e, steps in zip(events, one_by_one) if e.kind == "marble_fell"]
    drawn = board.animate_all(events)
    assert len(drawn) == sum(len(steps) for steps in one_by_one) - len(falls) + 1  # the falls are one step...
    dropping = drawn[[e.kind for e in events if board.animate(e)].index("marble_fell")]
    assert dropping.duration == pytest.approx(falls[0].duration + (len(falls) - 1) * FALL_STAGGER)
    assert dropping.duration < sum(f.duration for f in falls) * 0.75  # ...not one drop after another
    _click(qtbot, game, board.target_of(move))
    with qtbot.waitSignal(game.scene.clock.finished, timeout=5000):
        game.scene.clock.skip()
    assert all(board.marble_position(*cell) is None for cell in cells)  # every one fell, drawn as the engine says
    assert board.positions[move.slide_id] == session.state.public_view().position(move.slide_id)
