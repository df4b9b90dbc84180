"""Mancala's 3D board in Marble Studio's game view: clicks reach the engine, the board shows the
engine's counts, and sowing is animated seed by seed from the events.

These tests draw real frames (Xvfb with GLX, Mesa) and read pixels back where the scene projects
a piece, as Marble Studio's board tests do.
"""

from __future__ import annotations

import random

import pytest
from mancala_qt import board_of, click, counts, engine_counts, game_view, lit, pixel_at, session
from pytestqt.qtbot import QtBot

from marblestudio.engine.core import Event
from marblestudio.session import Session
from marblestudio.views.board.camera import corners
from marblestudio.views.game_view import GameView
from marblestudio.views.palette import hex_to_rgba, seat_hex
from pyqtgraph.opengl import GLTextItem

from marblestudio_mancala.board import Board
from marblestudio_mancala.board_layout import DISH_FLOOR, LEGAL, SEEDS, WOOD, drawn_limit

pytestmark = pytest.mark.gl

SOUTH = list("abcdef")


def _moves_until(ref: str, wanted: str, seed: str) -> tuple[list[str], str]:
    """Seeded random moves up to a position where a legal move causes a `wanted` event; that move."""
    played = session(ref)
    rng = random.Random(seed)
    while not played.is_over():
        for move in played.state.legal_moves():
            if any(e.kind == wanted for e in played.state.copy().apply(move)):
                return [str(m) for m in played.moves], str(move)
        played.play(rng.choice(played.state.legal_moves()))
    raise AssertionError(f"no game of seed {seed!r} had a move with {wanted}")


def _labels(board: Board) -> list[str]:
    return [text.text for text in board.labels()]


def _steps(board: Board, events: list[Event]) -> list[tuple[Event, object]]:
    return [(e, step) for e in events for step in board.animate(e)]


@pytest.fixture
def view(qtbot: QtBot) -> GameView:
    return game_view(qtbot, 900, 600)


def test_the_start_shows_four_seeds_in_every_house_and_empty_stores(view: GameView) -> None:
    played = session()
    view.set_session(played)
    board = board_of(view)
    assert counts(view) == [4] * 6 + [0] + [4] * 6 + [0]
    assert [board.seeds_drawn(p) for p in range(14)] == counts(view)
    view.scene.render_image()  # a frame: the labels are fitted
    shown = _labels(board)
    assert shown.count("4") == 12 and shown.count("0") == 2  # a count for every house and store
    assert set("abcdefsABCDEFS") <= set(shown)  # and every pit's name
    c = board.names.index("c")
    seed = pixel_at(view, board.layout.seed_spot(c, 0))
    assert lit(seed, SEEDS[board.piles[c][0]]), "the first seed of c is drawn in its shade"
    assert not lit(seed, WOOD) and not lit(seed, DISH_FLOOR), "a seed, not the board or the house under it"
    x, y, z = board.layout.name_at(0)
    assert lit(pixel_at(view, (x + 0.45, y, z)), WOOD), "the board between the names is wood"


def test_clicking_a_legal_house_sows_it_and_the_board_shows_the_new_counts(qtbot: QtBot, view: GameView) -> None:
    played = session()
    view.set_session(played)
    qtbot.waitUntil(lambda: bool(view.legal_targets()), timeout=5000)
    click(qtbot, view, ("house", "b"))
    qtbot.waitUntil(lambda: played.ply == 1 and not view.scene.clock.is_running(), timeout=5000)
    assert str(played.moves[-1]) == "b"
    # b's four seeds went one each into c, d, e and f: South has no extra turn, North moves
    assert engine_counts(played) == [4, 0, 5, 5, 5, 5, 0] + [4] * 6 + [0]
    assert counts(view) == engine_counts(played)
    view.scene.render_image()
    board = board_of(view)
    assert [board.labels()[p].text for p in range(7)] == ["4", "0", "5", "5", "5", "5", "0"]
    marker = board.last_move_marker()
    assert marker is not None  # the magenta ring, round the house sown
    x, y, _ = board.layout.centre(board.names.index("b"))
    position = marker.item.transform().column(3)
    assert (position.x(), position.y()) == pytest.approx((x, y))


def test_only_the_movers_houses_with_seeds_are_ringed_and_clickable(qtbot: QtBot, view: GameView) -> None:
    played = session(moves=["c"])  # c's last seed lands in South's store: South moves again, c is empty
    view.set_session(played)
    qtbot.waitUntil(lambda: bool(view.legal_targets()), timeout=5000)
    expected = {("house", h) for h in "abdef"}
    assert set(view.scene.legal_keys()) == expected
    assert sorted(board_of(view).highlighted()) == sorted(h for _, h in expected)
    rim = board_of(view)._rims[0]  # noqa: SLF001 - the ring drawn round house a
    assert rim.visible() and rim.opts["color"] == LEGAL


def test_a_click_on_the_opponents_house_names_the_rule(qtbot: QtBot, view: GameView) -> None:
    played = session()
    view.set_session(played)
    qtbot.waitUntil(lambda: bool(view.legal_targets()), timeout=5000)
    with qtbot.waitSignal(view.message, timeout=5000) as message:
        click(qtbot, view, ("house", "C"))
    assert message.args[0] == "Not allowed: house C is North's: South sows from a-f."
    assert played.ply == 0


def test_sowing_is_animated_seed_by_seed_and_each_seed_keeps_its_shade(view: GameView) -> None:
    played = session()
    view.set_session(played)
    board = board_of(view)
    shades = list(board.piles[board.names.index("c")])
    events = played.state.copy().apply(played.state.parse_move("c"))
    assert [e.kind for e in events] == ["seeds_taken", "seed_sown", "seed_sown", "seed_sown", "seed_sown", "extra_turn"]
    steps = _steps(board, events)
    assert len(steps) == 6  # one step per event: the lift, each seed, the extra turn's swell
    seen: list[list[int]] = []
    for event, step in steps:
        step.start()  # type: ignore[attr-defined]
        step.update(0.5)  # type: ignore[attr-defined]
        if event.kind == "seed_sown":
            assert board.hand_item.visible() or not board.hand  # the rest of the seeds are carried on
        step.update(1.0)  # type: ignore[attr-defined]
        step.done()  # type: ignore[attr-defined]
        seen.append(counts(view))
    assert seen[0][2] == 0 and board.count(2) == 0  # lifted out of c
    assert [row[3:7] for row in seen[1:5]] == [[5, 4, 4, 0], [5, 5, 4, 0], [5, 5, 5, 0], [5, 5, 5, 1]]  # one seed at a time
    assert [board.piles[p][-1] for p in (3, 4, 5, 6)] == shades  # each seed keeps its shade where it lands
    assert not board.hand_item.visible()


def test_a_capture_carries_the_pile_into_the_store(qtbot: QtBot, view: GameView) -> None:
    moves, capture = _moves_until("mancala/kalah", "seeds_captured", "capture")
    played = session(moves=moves)
    view.set_session(played)
    qtbot.waitUntil(lambda: not view.scene.clock.is_running(), timeout=5000)
    board = board_of(view)
    events = played.state.copy().apply(played.state.parse_move(capture))
    for event, step in _steps(board, events):
        before = counts(view)
        step.start()  # type: ignore[attr-defined]
        step.update(1.0)  # type: ignore[attr-defined]
        step.done()  # type: ignore[attr-defined]
        if event.kind == "seeds_captured":
            store = board.layout.stores[event["seat"]]
            assert counts(view)[event["pit"]] == 0
            assert counts(view)[store] == before[store] + event["seeds"] == before[store] + before[event["pit"]]
    played.play(played.state.parse_move(capture))
    assert counts(view) == engine_counts(played)


def test_a_played_move_is_drawn_as_the_engine_left_it_at_any_speed(qtbot: QtBot, view: GameView) -> None:
    view.scene.clock.set_speed(4.0)
    played = session()
    view.set_session(played)
    qtbot.waitUntil(lambda: bool(view.legal_targets()), timeout=5000)
    view.play(played.state.parse_move("f"))
    assert view.scene.clock.is_running()
    qtbot.waitUntil(lambda: not view.scene.clock.is_running(), timeout=10000)
    assert counts(view) == engine_counts(played)
    assert not board_of(view).hand_item.visible()


def test_undo_takes_the_seeds_and_the_marker_back(qtbot: QtBot, view: GameView) -> None:
    played = session(moves=["b"])
    view.set_session(played)
    assert board_of(view).last_move_marker() is not None
    played.undo()
    assert counts(view) == [4] * 6 + [0] + [4] * 6 + [0]
    assert board_of(view).last_move_marker() is None


def test_a_pile_larger_than_a_house_holds_is_counted_in_full(view: GameView) -> None:
    played = session()
    state = played.state
    state.pits[:] = [0] * len(state.pits)  # type: ignore[attr-defined]
    state.pits[2], state.pits[9], state.pits[6] = 60, 20, 16  # type: ignore[attr-defined]
    view.set_session(played)
    board = board_of(view)
    assert board.count(2) == 60 and board.seeds_drawn(2) == drawn_limit(False) < 60
    assert board.count(6) == board.seeds_drawn(6) == 16
    view.scene.render_image()
    assert board.labels()[2].text == "60"


def test_the_board_is_drawn_for_every_number_of_houses(view: GameView) -> None:
    from marblestudio.engine.rules import Players, Presentation, Ruleset
    from marblestudio.session import HUMAN

    from marblestudio_mancala.engine import KALAH, MancalaRules

    for houses in (2, 12):
        family = MancalaRules(**{**{f: getattr(KALAH, f) for f in KALAH.__dataclass_fields__}, "houses": houses})
        rules = Ruleset("test/mancala", "Mancala (test)", "", "mancala", Players(2, 2, 2), family,
                        presentation=Presentation(seat_names=("South", "North")))
        view.set_session(Session(rules, [HUMAN, HUMAN], 1))
        board = board_of(view)
        assert counts(view) == [4] * houses + [0] + [4] * houses + [0]
        assert len(board.pickables()) == 2 * houses
        view.scene.render_image()


@pytest.mark.parametrize("size", [(440, 700), (1280, 720), (1920, 1080)])
def test_every_count_stays_readable_and_no_texts_overlap(qtbot: QtBot, size: tuple[int, int]) -> None:
    view = game_view(qtbot, *size)
    view.set_session(session("mancala/oware", moves=["d", "C", "e"]))
    scene = view.scene
    for preset in (scene.view_home, scene.view_top_down, scene.view_from_seat):
        preset()
        scene.render_image()
        drawn = _drawn_texts(view)
        rects = list(drawn.values())
        assert not [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:] if a.intersects(b)], preset.__name__
        board = board_of(view)
        for pit in range(board.layout.size):
            text = board.labels()[pit]
            assert text.text == str(board.count(pit)) and text.rect is not None, f"count of {board.names[pit]} hidden"
            assert text.rect.height() >= 6


def _drawn_texts(view: GameView) -> dict[int, object]:
    """Where every shown text is drawn on screen (its ink's rectangle), by item."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QFontMetrics

    out: dict[int, object] = {}
    for item in view.scene.items:
        if isinstance(item, GLTextItem) and item.visible() and item.text:
            x, y = view.scene.screen_position(tuple(float(v) for v in item.pos))
            tight = QFontMetrics(item.font).tightBoundingRect(item.text)
            out[id(item)] = QRectF(x - tight.width() / 2 + tight.x(), y + tight.height() / 2 + tight.y(), tight.width(), tight.height())
    return out


@pytest.mark.parametrize("size", [(440, 700), (1280, 720)])
def test_every_camera_preset_shows_the_whole_board_filling_the_window(qtbot: QtBot, size: tuple[int, int]) -> None:
    view = game_view(qtbot, *size)
    view.set_session(session())
    scene = view.scene
    presets = scene.camera_presets()
    assert presets is not None and presets.seat_view(1)[1] == 90.0  # North sits behind the board
    for preset in (scene.view_home, scene.view_top_down, scene.view_from_seat):
        preset()
        points = [scene.screen_position(tuple(c)) for c in corners(presets.bounds)]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        assert min(xs) >= -1 and min(ys) >= -1 and max(xs) <= scene.width() + 1 and max(ys) <= scene.height() + 1
        assert max(xs) - min(xs) > 0.85 * scene.width() or max(ys) - min(ys) > 0.85 * scene.height()


def test_the_colour_blind_palette_redraws_the_board_with_the_same_seeds(view: GameView) -> None:
    played = session(moves=["b", "C"])  # C's last seed lands in North's store: North moves again
    view.set_session(played)
    view.set_colour_blind(True)
    board = board_of(view)
    assert counts(view) == engine_counts(played)
    safe = [seat_hex(played.rules.presentation, seat, colour_blind=True) for seat in (0, 1)]  # South's red, North's blue
    assert board._store_rims[1].opts["color"] == hex_to_rgba(safe[1])  # noqa: SLF001 - North's store, bright: to move
    assert board._store_rims[0].opts["color"] != hex_to_rgba(safe[0])  # noqa: SLF001 - South's, dimmed
