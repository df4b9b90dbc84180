"""The ALIVE table's labels scale with the board and never overlap, at any width from 400 px.

Every text the table draws is a GLTextItem centred on a projected point; these tests work out
the rectangle each one covers on screen from its projected position and its font's metrics (as
GLTextItem draws it), after a real frame is drawn (Xvfb with GLX, Mesa), and check that no two
intersect.
"""

from __future__ import annotations

import math
import random

import pytest
from pytestqt.qtbot import QtBot

from marblestudio import rulesets
from marblestudio.engine.alive import AliveState
from marblestudio.engine.core import CHANCE
from marblestudio.session import HUMAN, Session
from marblestudio.views.board.alive.board import Board
from marblestudio.views.game_view import GameView
from marblestudio.views.palette import seat_colours

from .helpers import open_game_view
from .label_checks import drawn_texts, overlaps

pytestmark = pytest.mark.gl

SIZES = [(400, 700), (440, 700), (800, 600), (1280, 720), (1920, 1080)]
WIDE_HAND = ["=10", "DRAW1", "DRAW2", "SKIP", "PASS", "REVERSE", "REDEAL", "BOMB", "=21", "1", "2", "7"]
WIDE_PILE = ["3", "=10", "DRAW2", "DRAW1", "SKIP", "PASS"]  # the top card last


class _Seats:
    """What the board asks of a session: the state, and which seats are human."""

    def __init__(self, state: AliveState) -> None:
        self.state = state

    def is_human(self, seat: int) -> bool:
        return seat == 0


def _crafted(players: int) -> AliveState:
    rules = rulesets.load("alive/standard")
    hands = [WIDE_HAND] + [["1", "2", "3", "4", "5", "0", "0", "1"]] * (players - 1)
    return AliveState.from_hands(rules, hands, discard=WIDE_PILE, total=10, current=1)


def _played(players: int, plies: int) -> Session:
    loaded = rulesets.load_with_source("alive/standard")
    session = Session(loaded.rules, [HUMAN] + ["easy"] * (players - 1), 7, loaded.resolved, "alive/standard")
    rng = random.Random(f"labels:{players}")
    while session.ply < plies and not session.is_over():
        if session.state.to_move == CHANCE:
            session.advance_chance()
        else:
            session.play(rng.choice(session.state.legal_moves()))
    session.saved = True
    return session


def _check_every_width(game: GameView, board: Board, qtbot: QtBot) -> dict[int, int]:
    """Draw the table at every size; no two texts overlap; the total and every face-up card
    of the hand keep a label.  The total's font size per width."""
    sizes = {}
    for width, height in SIZES:
        game.resize(width, height)
        qtbot.waitUntil(lambda w=width: game.scene.width() == w)  # type: ignore[misc]
        game.scene.render_image()
        texts = drawn_texts(game.scene)
        assert not overlaps(texts), f"labels overlap at {width}x{height}: {overlaps(texts)}"
        shown = [text for text, _ in texts]
        assert board.total_text.text in shown
        hand = [p for p in board.hand_pieces if p.visible and p.text]
        assert hand and all(p.fitted.text for p in hand), f"a card lost its label at {width} px: {[p.text for p in hand if not p.fitted.text]}"
        sizes[width] = board.total_text.item.font.pixelSize()
    return sizes


@pytest.mark.parametrize("players", [2, 4, 6])
def test_labels_of_wide_cards_never_overlap_at_any_width(qtbot: QtBot, players: int) -> None:
    game = open_game_view(qtbot, 1280, 720)
    scene = game.scene
    state = _crafted(players)
    board = Board(scene)
    board.session_lookup = lambda: _Seats(state)
    scene.set_board(board, state.rules, seat_colours(state.rules.presentation, players))
    board.show(state.public_view())
    assert board.hand is not None and len(board.hand) == len(WIDE_HAND)
    sizes = _check_every_width(game, board, qtbot)
    assert sizes[1920] > sizes[800] > sizes[400]  # the text scales with the board


@pytest.mark.parametrize("players", [3, 5, 6])
def test_labels_of_a_game_in_progress_never_overlap_at_any_width(qtbot: QtBot, players: int) -> None:
    game = open_game_view(qtbot, 1280, 720)
    game.set_session(_played(players, 4 + 3 * players), interactive=False)
    board = game.board
    assert isinstance(board, Board)
    _check_every_width(game, board, qtbot)


READING_STEEPNESS = 55.0  # degrees: a line of letters steeper than this on screen is read top to bottom


def _reading_order(points: list[tuple[float, float]]) -> list[int]:
    """The indexes of `points` (screen positions of letters, y down) in the order a reader takes
    them: left to right along a line that runs across the screen, top to bottom down a column."""
    (x0, y0), (x1, y1) = min(points), max(points)
    steep = abs(y1 - y0) > abs(x1 - x0) * math.tan(math.radians(READING_STEEPNESS))
    return sorted(range(len(points)), key=lambda i: (points[i][1], points[i][0]) if steep else (points[i][0], points[i][1]))


@pytest.mark.parametrize(("players", "viewer"), [(2, 0), (3, 0), (4, 0), (4, 2), (5, 0), (6, 0), (6, 3)])
def test_every_seats_life_letters_read_alive_for_the_viewer_never_mirrored(qtbot: QtBot, players: int, viewer: int) -> None:
    """The letters are drawn upright on screen, so a seat's life cards must read A-L-I-V-E in
    the viewer's reading order wherever the seat sits (across the table they once read EVILA);
    flipped cards (lives lost, A first) come first in that order."""
    game = open_game_view(qtbot, 1280, 720)
    scene = game.scene
    rules = rulesets.load("alive/standard")
    lives = [5 - seat % 3 for seat in range(players)]  # some seats have lost a life or two
    state = AliveState.from_hands(rules, [["1", "2", "3"]] * players, lives=lives, current=viewer)
    board = Board(scene)
    board.session_lookup = lambda: _Human(state, viewer)
    scene.set_board(board, state.rules, seat_colours(state.rules.presentation, players))
    board.show(state.public_view())
    assert board.viewer == viewer
    looks = {"home": scene.view_home, "top down": scene.view_top_down, "from my seat": lambda: scene.view_from_seat(viewer)}
    for name, look in looks.items():  # every camera preset
        look()
        scene.render_image()
        for seat in range(players):
            pieces = board.life_pieces[seat]
            points = [scene.screen_position(tuple(float(v) for v in p.label.pos)) for p in pieces]  # type: ignore[arg-type]
            order = _reading_order(points)
            drawn = [pieces[i].label.text if pieces[i].label.visible() else "" for i in order]
            expected = ["" if i < 5 - lives[seat] else "ALIVE"[i] for i in range(5)]
            assert drawn == expected, f"{name}: seat {seat} of {players} (viewer {viewer}) reads {drawn}, not {expected}"


class _Human:
    """A session whose one human sits at `seat`."""

    def __init__(self, state: AliveState, seat: int) -> None:
        self.state = state
        self.seat = seat

    def is_human(self, seat: int) -> bool:
        return seat == self.seat
