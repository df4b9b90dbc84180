"""The Rock Me Archimedes board in 3D: clicks reach the engine, frames show what it says.

These tests draw real frames (Xvfb with GLX, Mesa) and read pixels back at the screen position
where the scene projects a piece.
"""

from __future__ import annotations

import dataclasses
import math
import os

import pytest
from pytestqt.qtbot import QtBot

from marblestudio import rulesets
from marblestudio.engine.archimedes import Phase, RollMarble, cup_name, parse_cup
from marblestudio.engine.core import Event, Move
from marblestudio.session import HUMAN, Session
from marblestudio.views.board.archimedes.board import Board
from marblestudio.views.game_view import GameView

from .helpers import open_game_view, pixel_at
from .label_checks import drawn_texts

pytestmark = pytest.mark.gl


def _session(ruleset: str = "archimedes/standard", moves: list[Move] | None = None, seed: int = 3) -> Session:
    loaded = rulesets.load_with_source(ruleset)
    return Session.from_moves(loaded.rules, [HUMAN, HUMAN], moves or [], seed, loaded.resolved, ruleset)


@pytest.fixture
def game(qtbot: QtBot) -> GameView:
    return open_game_view(qtbot, 1000, 560)


_pixel = pixel_at


def _click(game: GameView, point: tuple[float, float, float]) -> object:
    x, y = game.scene.screen_position(point)
    return game.scene.click_at(x, y)


def _board(game: GameView) -> Board:
    assert isinstance(game.board, Board)
    return game.board


def test_clicking_a_midzone_cup_places_a_marble_there(game: GameView) -> None:
    game.set_session(_session())
    session = game.session
    assert session is not None and session.state.to_move in (0, 1)
    seat = session.state.to_move
    board = _board(game)
    target = board.world_position(("cup", parse_cup("b8")))
    assert target is not None
    assert _click(game, target) == ("cup", parse_cup("b8"))
    assert dict(session.state.public_view().cups) == {"b8": seat}
    marble = board.geo.to_world(board.angle, (*board.geo.cup_xy(*parse_cup("b8")), board.geo.marble_z))
    r, g, b = _pixel(game, marble)
    if seat == 0:  # black
        assert max(r, g, b) < 90
    else:  # white
        assert min(r, g, b) > 150


def test_the_board_tilts_to_the_engines_angle(game: GameView) -> None:
    session = _session("archimedes/standard")
    game.set_session(session)
    board = _board(game)
    end = (board.geo.half_length - 0.1, 0.0, board.geo.top)
    level_end = board.geo.to_world(0.0, end)
    assert _pixel(game, level_end)[0] > 120  # the level board's end: wood or its zone's tint
    board.show(dataclasses.replace(session.state.public_view(), angle=10.0))
    tilted_end = board.geo.to_world(10.0, end)
    assert tilted_end[2] < level_end[2] - 1.0
    assert _pixel(game, tilted_end)[0] > 120  # the end is drawn where the tilt puts it
    assert _pixel(game, level_end)[0] < 90  # and no longer where it was: background or table


def test_rolling_the_die_then_picking_a_marble_and_a_cup_moves_it(game: GameView, tmp_path: object) -> None:
    # Both players add a marble (b8, then b9), then the first player rolls and moves.
    session = _session()
    game.set_session(session)
    board = _board(game)
    first = session.state.to_move
    for name in ("b8", "b9"):
        _click(game, board.world_position(("cup", parse_cup(name))))  # type: ignore[arg-type]
    assert session.state.to_move == first
    assert _click(game, board._die_at) == ("die",)
    state = session.state
    assert state.phase is Phase.MOVING and state.remaining >= 1
    mine = "b8"
    marble = board.geo.to_world(board.angle, (*board.geo.cup_xy(*parse_cup(mine)), board.geo.marble_z))
    assert board._selected == parse_cup(mine)  # the only marble that can move is selected at once
    _click(game, marble)
    targets = game.legal_targets()
    assert targets and all(isinstance(m, RollMarble) and str(m).startswith(mine) for m in targets.values())
    key, move = next(iter(targets.items()))
    dest = board.world_position(key)
    assert dest is not None
    game.scene._set_hover(key)
    assert board._ghost.visible() and any(d.visible() for d in board._dots)
    path = os.environ.get("MARBLESTUDIO_ARCHIMEDES_PNG")
    if path:
        game.scene.render_image().save(path)
    _click(game, dest)
    assert str(move) in [str(m) for m in session.moves]


def test_the_lift_pad_offers_lifted_moves(game: GameView) -> None:
    session = _session()
    game.set_session(session)
    board = _board(game)
    for name in ("b8", "b9"):
        _click(game, board.world_position(("cup", parse_cup(name))))  # type: ignore[arg-type]
    _click(game, board._die_at)
    assert _click(game, board._pads["lift"].opts["_centre"]) == ("mode", "lift")
    targets = game.legal_targets()
    assert targets and all("^" in str(m) for m in targets.values())


def test_variation_4_has_no_platform_and_a_smaller_touching_angle(game: GameView) -> None:
    game.set_session(_session("archimedes/variation-4"))
    without = _board(game).geo
    game.set_session(_session("archimedes/standard"))
    with_platform = _board(game).geo
    assert not without.platform and with_platform.platform
    assert without.touch_angle is not None and with_platform.touch_angle is not None
    assert without.touch_angle < with_platform.touch_angle


def test_a_landing_swings_past_its_rest_angle_and_settles(game: GameView) -> None:
    game.set_session(_session())
    board = _board(game)
    seen: list[float] = []
    steps = board.animate(Event.of("board_tilted", marble_at="b9", slope="1/20", angle=2.86, peak_slope="3/40", peak_angle=4.29))
    for step in steps:
        step.update(1.0)
        seen.append(board.angle)
    assert seen == [2.86, 4.29, 2.86]


def test_a_touch_brings_the_end_down_to_the_limit_and_marks_it_red(game: GameView) -> None:
    game.set_session(_session())
    board = _board(game)
    steps = board.animate(Event.of("board_tilted", marble_at="air", slope="1/5", angle=11.3))
    steps += board.animate(Event.of("board_touched", seat=0, end="high", loser=0))
    for step in steps:
        step.update(1.0)
        step.done()
    assert board.angle == board.geo.touch_angle
    end = board.geo.to_world(board.angle, (board.geo.half_length - 0.12, 0.0, board.geo.top + 0.06))  # the end rim
    path = os.environ.get("MARBLESTUDIO_ARCHIMEDES_TOUCH_PNG")
    if path:
        game.scene.render_image().save(path)
    r, g, b = _pixel(game, end)
    assert r > 150 and g < 90 and b < 90


def test_a_click_outside_the_midzone_gets_the_rule_that_stops_it(game: GameView) -> None:
    game.set_session(_session())
    board = _board(game)
    messages: list[str] = []
    game.message.connect(messages.append)
    _click(game, board.world_position(("cup", parse_cup("b3"))))  # type: ignore[arg-type]
    assert messages and "midzone" in messages[-1]
    assert game.session is not None and game.session.state.public_view().cups == ()


def test_clicking_the_opponents_marble_names_the_rule(game: GameView) -> None:
    session = _session()
    game.set_session(session)
    board = _board(game)
    for name in ("b8", "b9"):
        _click(game, board.world_position(("cup", parse_cup(name))))  # type: ignore[arg-type]
    _click(game, board._die_at)
    messages: list[str] = []
    game.message.connect(messages.append)
    theirs = board.geo.to_world(board.angle, (*board.geo.cup_xy(*parse_cup("b9")), board.geo.marble_z))
    assert _click(game, theirs) == ("marble", parse_cup("b9"))
    assert messages and "b9 holds none of the mover's marbles" in messages[-1]


def test_the_marbles_still_to_add_wait_on_the_table(game: GameView) -> None:
    session = _session()
    game.set_session(session)
    board = _board(game)
    assert sum(item.visible() for item in board._supply) == 24
    _click(game, board.world_position(("cup", parse_cup("b8"))))  # type: ignore[arg-type]
    assert sum(item.visible() for item in board._supply) == 23
    assert board.describe(session.state.public_view()) in (["11 to place, 0 home", "12 to place, 0 home"],
                                                           ["12 to place, 0 home", "11 to place, 0 home"])


def test_the_keyboard_can_pick_a_marble_and_then_its_destination(game: GameView) -> None:
    # Four placements (the near column a, so no marble hides the cup clicked), then the first
    # player rolls with two marbles on the board: b8 and a8.
    session = _session()
    game.set_session(session)
    board = _board(game)
    for name in ("b8", "b9", "a8", "a9"):
        _click(game, board.world_position(("cup", parse_cup(name))))  # type: ignore[arg-type]
    _click(game, board._die_at)
    assert board._selected is None and game.legal_targets() == {}
    assert {("marble", parse_cup("a8")), ("marble", parse_cup("b8"))} <= set(game.scene.legal_keys())
    game.scene.select_towards((1, 0))
    chosen = game.scene.activate()
    assert isinstance(chosen, tuple) and chosen[0] == "marble"
    assert board._selected == chosen[1]
    targets = game.legal_targets()
    assert targets and all(str(m).startswith(str(cup_name(chosen[1]))) for m in targets.values())
    for direction in [(1, 0), (0, 1), (-1, 0), (0, -1)] * 3:  # on to a destination cup
        selected = game.scene.select_towards(direction)
        if isinstance(selected, tuple) and selected[0] == "cup":
            break
    assert isinstance(selected, tuple) and selected[0] == "cup"
    before = len(session.moves)
    game.scene.activate()
    assert len(session.moves) == before + 1 and session.moves[-1] == targets[selected]


def _pad_pixel(game: GameView, mode: str) -> tuple[int, int, int]:
    x, y, z = _board(game)._pads[mode].opts["_centre"]
    return _pixel(game, (x, y + 0.2, z + 0.06))  # on the pad, clear of its label


def _yellow(pixel: tuple[int, int, int]) -> bool:
    r, g, b = pixel
    return r > 150 and g > 110 and b < 90


def test_the_roll_pad_rolls_the_die_when_rolling_is_legal(game: GameView) -> None:
    session = _session()
    game.set_session(session)
    board = _board(game)
    assert not _yellow(_pad_pixel(game, "roll"))  # no marble on the board yet: nothing to roll for
    for name in ("b8", "b9"):
        _click(game, board.world_position(("cup", parse_cup(name))))  # type: ignore[arg-type]
    assert session.state.phase is Phase.CHOOSE and "roll" in [str(m) for m in session.state.legal_moves()]
    assert _yellow(_pad_pixel(game, "roll"))  # it can be clicked, and looks it
    assert _click(game, board._pads["roll"].opts["_centre"]) == ("mode", "roll")
    assert [str(m) for m in session.moves if not m.is_chance][-1] == "roll"
    assert session.state.phase is Phase.MOVING  # the die was rolled (chance drawn at once)


def test_a_pad_that_can_do_nothing_looks_inert(game: GameView) -> None:
    session = _session()
    session.advance_chance()  # the starting rolls
    session.play_text("place b8")
    session.play_text("place b9")
    assert "roll" in [str(m) for m in session.state.legal_moves()]
    game.set_session(session, interactive=False)  # watching a game: nothing can be clicked
    for mode in ("roll", "lift"):
        r, g, b = _pad_pixel(game, mode)
        assert not _yellow((r, g, b)) and max(r, g, b) < 110, f"the idle {mode} pad looks like a button"
    assert _click(game, _board(game)._pads["roll"].opts["_centre"]) == ("mode", "roll")
    assert session.state.phase is Phase.CHOOSE and session.ply == 3  # and a click on it does nothing


def test_the_default_view_shows_round_cups_both_end_zones_and_the_supply(game: GameView) -> None:
    game.set_session(_session())
    board = _board(game)
    geo = board.geo
    w, h = game.scene.width(), game.scene.height()
    for cup in [(0, 0), (geo.rows - 1, geo.columns - 1), (geo.rows // 2, 1)]:  # both ends and the middle
        x, y = geo.cup_xy(*cup)
        left, right = (game.scene.screen_position(geo.to_world(board.angle, (x + d, y, geo.top))) for d in (-0.3, 0.3))
        back, front = (game.scene.screen_position(geo.to_world(board.angle, (x, y + d, geo.top))) for d in (0.3, -0.3))
        across, deep = abs(right[0] - left[0]), abs(front[1] - back[1])
        assert deep > 0.6 * across, f"cup {cup} is a slit: {deep:.0f} px deep for {across:.0f} px across"
        assert 0 <= left[0] and right[0] <= w and 0 <= back[1] and front[1] <= h
    supply = [item for item in board._supply if item.visible()]
    assert supply
    for item in supply:
        m = item.transform()
        sx, sy = game.scene.screen_position((m.column(3).x(), m.column(3).y(), m.column(3).z()))
        assert 0 <= sx <= w and 0 <= sy <= h, "a marble still to place is out of view"


def test_an_earlier_position_shown_read_only_offers_nothing_to_click(game: GameView) -> None:
    session = _session()
    game.set_session(session)
    board = _board(game)
    for name in ("b8", "b9", "a8", "a9"):
        _click(game, board.world_position(("cup", parse_cup(name))))  # type: ignore[arg-type]
    assert ("mode", "roll") in game.scene.legal_keys()
    game.view_position(session.position - 1)  # one step back (a human could roll there): read-only
    assert game.scene.legal_keys() == []
    r, g, b = _pad_pixel(game, "roll")
    assert not _yellow((r, g, b))


def test_a_marble_sent_back_by_a_house_rule_rises_off_its_cup(game: GameView) -> None:
    game.set_session(_session("examples/house-rules/archimedes-jump-sends-back.yaml"))
    session = game.session
    assert session is not None
    board = _board(game)
    target = board.world_position(("cup", parse_cup("b8")))
    assert target is not None and _click(game, target) == ("cup", parse_cup("b8"))
    seat = session.state.public_view().cups[0][1] if session.state.public_view().cups else 0
    marble = board.geo.to_world(board.angle, (*board.geo.cup_xy(*parse_cup("b8")), board.geo.marble_z))
    before = _pixel(game, marble)
    steps = board.animate(Event.of("marble_sent_back", seat=seat, cup="b8"))
    steps += board.animate(Event.of("board_tilted", marble_at="air", slope="0", angle=0.0))
    assert steps  # the marble rises as the board settles
    for step in steps:
        step.update(1.0)
        step.done()
    after = _pixel(game, marble)
    assert sum(abs(a - b) for a, b in zip(before, after)) > 90, (before, after)  # the cup shows, not the marble


def _off_line(point: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    """(how far `point` lies beyond `b` along the screen line from a to b, how far off that line)."""
    (px, py), (ax, ay), (bx, by) = point, a, b
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    return (px - bx) * ux + (py - by) * uy, abs((px - bx) * uy - (py - by) * ux)


def test_row_letters_sit_beside_their_rows_level_and_tilted_as_large_as_the_numbers(game: GameView, qtbot: QtBot) -> None:
    """Cups are written like b8: a letter for the line of cups along the board (a the near one,
    as parse_cup reads it) and a number for the row across it.  The letters are drawn on screen
    in line with their lines of cups, just beyond an end of the board, at the numbers' size, in
    view, and they follow the board as it tilts."""
    session = _session()
    game.set_session(session)
    board = _board(game)
    geo = board.geo
    scene = game.scene
    limit = geo.touch_angle or 10.0
    for width, height in ((1000, 560), (400, 700), (1920, 1080)):
        game.resize(width, height)
        qtbot.waitUntil(lambda w=width: scene.width() == w)  # type: ignore[misc]
        for angle in (0.0, limit, -limit):
            board.show(dataclasses.replace(session.state.public_view(), angle=angle))
            scene.render_image()
            texts = drawn_texts(scene)
            letters = [(text, rect) for text, rect in texts if text in ("a", "b", "c")]
            assert sorted(text for text, _ in letters) == ["a", "a", "b", "b", "c", "c"], f"{width} px, {angle:.1f} degrees: {texts}"
            ends = {
                (row, column): scene.screen_position(geo.to_world(board.angle, (*geo.cup_xy(row, column), geo.top)))
                for row in (0, 1, geo.rows - 2, geo.rows - 1) for column in range(geo.columns)
            }
            for letter, rect in letters:
                assert 0 <= rect.left() and rect.right() <= width and 0 <= rect.top() and rect.bottom() <= height, f"{letter} out of view"
                centre = (rect.center().x(), rect.center().y())
                column = parse_cup(f"{letter}1")[1]
                lines = {c: (ends[(1, c)], ends[(0, c)]) for c in range(geo.columns)}  # towards row 1's end
                if _off_line(centre, *lines[column])[0] < 0:  # the letter is at the other end
                    lines = {c: (ends[(geo.rows - 2, c)], ends[(geo.rows - 1, c)]) for c in range(geo.columns)}
                a, b = lines[column]
                pitch = math.hypot(b[0] - a[0], b[1] - a[1])  # one cup along, on screen
                beyond, off = _off_line(centre, a, b)
                assert 0.5 * pitch < beyond < 2 * pitch, f"{letter} is not just beyond the end of its row ({beyond:.0f} px)"
                spacing = min(math.hypot(lines[c][1][0] - b[0], lines[c][1][1] - b[1]) for c in lines if c != column)
                assert off < 0.25 * spacing, f"{letter} is {off:.0f} px off its row, {spacing:.0f} px from the next"
    game.resize(1000, 560)
    qtbot.waitUntil(lambda: scene.width() == 1000)
    board.show(session.state.public_view())
    scene.render_image()
    sizes = {t.text: t.item.font.pixelSize() for t in board.labels() if t.text}
    assert sizes["a"] == sizes["b"] == sizes["c"] == sizes["1"] == sizes["16"] >= 12  # the numbers' size, legible


BLOCKADE = ("archimedes players=2 turn=1 phase=choose mover=1 cups=c1,c2,b3,c3,c4,c6,a9,b11,c12,b15,b16,c16/"
            "b1,a2,b5,a6,b6,a7,b8,c9,c11,b13,b14,c14 supply=0/0 lost=0/0 die=- remaining=0 moved=- turns=155 touched=- result=-")


@pytest.mark.parametrize(("ruleset", "expected"), [
    # Black (rows 1-2 its end zone) has c1 c2 at home and b15 b16 c16 in White's; White has b1 a2
    # in Black's zone and none in its own (rows 15-16).
    ("archimedes/standard", ["0 to place, 2 home", "0 to place, 0 home"]),
    # Variation 2: four in either end zone win, so the zone with more of a seat's marbles counts
    # (the seats bar said "2 home" for Black, one marble from winning with 3 in White's zone)
    ("archimedes/variation-2", ["0 to place, 3 home", "0 to place, 2 home"]),
])
def test_the_seats_bar_counts_home_the_marbles_that_count_for_a_win(game: GameView, ruleset: str, expected: list[str]) -> None:
    from marblestudio.engine import from_position

    game.set_session(_session(ruleset))
    state = from_position(rulesets.load(ruleset), BLOCKADE)
    assert _board(game).describe(state.public_view()) == expected
