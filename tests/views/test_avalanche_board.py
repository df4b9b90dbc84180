"""The Avalanche board in 3D: choose a colour, click a hole, watch the avalanche; the frames
show what the engine says (Xvfb with GLX, Mesa; pixels read back with `grabFramebuffer()`).

The games start from a fixed set-up: cards C1 and C2 dealt, every gate tilted left.  Then hole
1 leads to gate A1's left side, its catching side: a first marble there is held by A1.
"""

from __future__ import annotations

import random

import pytest
from pytestqt.qtbot import QtBot

from marblestudio import rulesets
from marblestudio.engine import CHANCE, new_game
from marblestudio.engine.avalanche.rules import Side
from marblestudio.engine.core import Event, Move
from marblestudio.session import HUMAN, Session
from marblestudio.views.board.avalanche.board import Board
from marblestudio.views.board.avalanche.motion import FALL, FLIP, HOP, PACE_FLOOR, PACE_FROM, SETTLE, TAKE
from marblestudio.views.game_view import GameView

from .helpers import near, open_game_view, pixel_at

pytestmark = pytest.mark.gl

SET_UP = ["deal C1 C2", "gates " + "L" * 15]
RED = "#d62728"


def _session(moves: list[str]) -> Session:
    loaded = rulesets.load_with_source("avalanche/standard")
    state_moves: list[Move | str] = [*SET_UP, *moves]
    return Session.from_moves(loaded.rules, [HUMAN, HUMAN], state_moves, 1, loaded.resolved, "avalanche/standard")


@pytest.fixture
def game(qtbot: QtBot) -> GameView:
    return open_game_view(qtbot, 1000, 720)


_pixel = pixel_at


def _near(pixel: tuple[int, int, int], hex_colour: str, tolerance: float = 70.0) -> bool:
    return near(pixel, hex_colour, tolerance)


def _click(qtbot: QtBot, game: GameView, key: object) -> None:
    assert game.board is not None
    point = game.board.world_position(key)
    assert point is not None
    x, y = game.scene.screen_position(point)
    with qtbot.waitSignal(game.scene.picked, timeout=10000) as picked:
        game.scene.click_at(x, y)
    assert picked.args[0][:2] == key[:2]  # type: ignore[index]  # the ray found what we aimed at


def _ready(qtbot: QtBot, game: GameView, session: Session) -> Board:
    game.set_session(session)
    qtbot.waitUntil(lambda: session.waiting_for_human() and bool(game.legal_targets()), timeout=5000)
    board = game.board
    assert isinstance(board, Board)
    return board


def test_choosing_a_colour_then_clicking_a_hole_drops_that_colour_into_the_gate(qtbot: QtBot, game: GameView) -> None:
    session = _session([])
    board = _ready(qtbot, game, session)
    assert board.held_position("A1") is None
    _click(qtbot, game, ("colour", 1))  # red
    assert board.chosen == 1
    _click(qtbot, game, ("hole", 1, 1))
    qtbot.waitUntil(lambda: len(session.moves) == 3 and not game.scene.clock.is_running(), timeout=5000)
    assert str(session.moves[-1]) == "R1"
    assert session.state.public_view().gate("A1").held == "red"
    spot = board.held_position("A1")
    assert spot is not None and _near(_pixel(game, spot), RED)


def test_the_avalanche_empties_the_gates_the_engine_empties(qtbot: QtBot, game: GameView) -> None:
    session = _session(["R1"])
    board = _ready(qtbot, game, session)
    spot = board.held_position("A1")
    assert spot is not None and _near(_pixel(game, spot), RED)  # before: red held by A1
    steps = []
    original = board.animate

    def recording(event):  # type: ignore[no-untyped-def]
        made = original(event)
        steps.append((event.kind, len(made)))
        return made

    board.animate = recording  # type: ignore[method-assign]
    _click(qtbot, game, ("colour", 1))
    _click(qtbot, game, ("hole", 1, 1))  # a second red into hole 1 strikes the full gate A1
    qtbot.waitUntil(lambda: len(session.moves) == 4 and not game.scene.clock.is_running(), timeout=5000)
    view = session.state.public_view()
    assert {g.id: g.tilt.word for g in view.gates} == board.tilts
    assert board.held_position("A1") is None and not _near(_pixel(game, spot), RED)
    # Worked on paper: red strikes A1 (flips right) and stops in C1; A1's red, released, strikes
    # C1 (flips right) and stops in E1; C1's red, released, strikes E1 (flips right) and falls,
    # and E1's red, released, falls after it.  Each flip and each fall is animated.
    assert [g.id for g in view.gates if g.tilt is Side.RIGHT] == ["A1", "C1", "E1"]
    assert [n for k, n in steps if k == "gate_flipped"] == [1, 1, 1]
    assert [n for k, n in steps if k == "marble_out"] == [1, 1]
    # Card C1 (YRB / RBY / BYR) has empty red holes: both reds are carried onto it.
    assert [n for k, n in steps if k == "marble_on_card"] == [1, 1]
    assert [h.filled for h in view.cards[0][0].holes] == [False, True, False, True] + [False] * 5


def test_legal_targets_are_the_holes_for_each_legal_colour(qtbot: QtBot, game: GameView) -> None:
    session = _session([])
    board = _ready(qtbot, game, session)
    expected = {board.target_of(m) for m in session.state.legal_moves()}
    assert set(game.scene.legal_keys()) == expected
    assert {("hole", n, c) for n in range(1, 7) for c in range(3)} == expected
    holes = [p.key for p in board.pickables() if p.key[0] == "hole"]  # type: ignore[index]
    assert holes == [("hole", n, board.chosen) for n in range(1, 7)]


def test_a_player_holding_marbles_must_drop_them_first_and_is_told_so(qtbot: QtBot, game: GameView) -> None:
    # Seeded random moves from the fixed set-up, up to seat 0 starting a turn with marbles in hand.
    state = new_game(rulesets.load("avalanche/standard"), 2)
    for text in SET_UP:
        state.apply(state.parse_move(text))
    rng = random.Random(3)
    played: list[str] = []
    while not (state.to_move == 0 and any(state.hands[0]) and state.drops_this_turn == 0):  # type: ignore[attr-defined]
        assert state.outcome() is None
        move = rng.choice(state.legal_moves())
        state.apply(move)
        played.append(str(move))
    session = _session(played)
    board = _ready(qtbot, game, session)
    held = {c for c in range(3) if state.hands[0][c]}  # type: ignore[attr-defined]
    assert set(board.legal_colours()) == held and board.chosen in held  # the held colour is chosen
    other = next(c for c in range(3) if c not in held)
    _click(qtbot, game, ("colour", other))
    ply = len(session.moves)
    with qtbot.waitSignal(game.message, timeout=10000) as message:
        _click(qtbot, game, ("hole", 2, other))
    assert "dropped first" in message.args[0]
    assert len(session.moves) == ply


def test_a_partner_with_an_empty_hand_clicks_go_out_or_stay_in(qtbot: QtBot, game: GameView) -> None:
    loaded = rulesets.load_with_source("avalanche/partnership")
    state = new_game(loaded.rules, 4)
    for text in ["deal C1 C2 C3 C4", "gates " + "L" * 15]:
        state.apply(state.parse_move(text))
    rng = random.Random(8)
    played: list[Move | str] = ["deal C1 C2 C3 C4", "gates " + "L" * 15]
    while not state.choosing_out:  # type: ignore[attr-defined]
        assert state.outcome() is None
        move = rng.choice(state.legal_moves())
        state.apply(move)
        played.append(str(move))
    seat = state.to_move
    session = Session.from_moves(loaded.rules, [HUMAN] * 4, played, 1, loaded.resolved, "avalanche/partnership")
    board = _ready(qtbot, game, session)
    assert set(game.scene.legal_keys()) == {("out",), ("stay",)}
    assert not [p for p in board.pickables() if p.key == ("pass",)]  # only buttons that can be used
    _click(qtbot, game, ("out",))
    qtbot.waitUntil(lambda: len(session.moves) == len(played) + 1, timeout=5000)
    assert str(session.moves[-1]) == "out"
    assert session.state.public_view().gone_out[seat]


def _moves_to_a_forced_pass(ref: str, players: int) -> list[str]:
    """Seeded random play until a seat's only legal move is to pass."""
    rules = rulesets.load(ref)
    for seed in range(200):
        state, rng, moves = new_game(rules, players), random.Random(seed), []
        while state.outcome() is None and len(moves) < 3000:
            if state.to_move == CHANCE:
                move = state.sample_chance(rng)
            else:
                legal = state.legal_moves()
                if len(legal) == 1 and legal[0].is_pass:
                    return moves
                move = legal[rng.randrange(len(legal))]
            state.apply(move)
            moves.append(str(move))
    raise AssertionError(f"no forced pass in {ref}")


def test_a_human_with_only_a_pass_passes_without_a_click(qtbot: QtBot, game: GameView) -> None:
    """Partnership: a seat whose only move is to pass is told so and the game goes on."""
    ref = "avalanche/partnership"
    moves = _moves_to_a_forced_pass(ref, 4)
    loaded = rulesets.load_with_source(ref)
    session = Session.from_moves(loaded.rules, [HUMAN] * 4, list(moves), 4, loaded.resolved, ref)
    seat = session.state.to_move
    with qtbot.waitSignal(game.message, timeout=10000, check_params_cb=lambda text: "passed" in text) as message:
        game.set_session(session)
    assert message.args == [f"{session.seat_name(seat)} had no legal move and passed."]
    qtbot.waitUntil(lambda: len(session.moves) > len(moves), timeout=10000)
    assert str(session.moves[len(moves)]) == "pass"


def test_the_tray_count_drops_when_the_marble_is_taken_not_when_the_avalanche_ends(qtbot: QtBot, game: GameView) -> None:
    session = _session([])
    board = _ready(qtbot, game, session)
    before = session.state.public_view().tray("red")
    assert board.count_texts[1].text == f"red {before}"
    game.scene.clock.set_speed(0.05)  # slow: the drop takes seconds
    _click(qtbot, game, ("colour", 1))
    _click(qtbot, game, ("hole", 1, 1))
    qtbot.waitUntil(lambda: board.tray_counts["red"] == before - 1, timeout=10000)
    assert game.scene.clock.is_running()  # the marble is still on its way
    assert board.count_texts[1].text == f"red {before - 1}"
    with qtbot.waitSignal(game.scene.clock.finished, timeout=10000):
        game.scene.clock.skip()
    assert board.tray_counts["red"] == session.state.public_view().tray("red") == before - 1


def test_selecting_a_hole_of_another_colour_shows_that_colour(qtbot: QtBot, game: GameView) -> None:
    """A hint (or the keyboard) may pick red's hole 3 while yellow is chosen: the board switches
    to red, so the marked hole is the one the move drops into."""
    session = _session([])
    board = _ready(qtbot, game, session)
    _click(qtbot, game, ("colour", 0))
    assert board.chosen == 0
    assert game.scene.select(("hole", 3, 1))
    assert board.chosen == 1 and game.scene.selected == ("hole", 3, 1)
    assert [p.key for p in board.pickables() if p.key[0] == "hole"][2] == ("hole", 3, 1)  # type: ignore[index]
    spot = board.world_position(("hole", 3, 1))
    assert spot is not None
    other = board.world_position(("hole", 4, 1))
    assert other is not None
    hint_px, other_px = _pixel(game, spot), _pixel(game, other)
    assert _near(hint_px, "#4dff8c") and _near(other_px, "#f2bf33"), (hint_px, other_px)  # marked / legal


def test_in_a_narrow_view_every_tray_count_still_names_its_colour(qtbot: QtBot) -> None:
    # 600 px wide, as the board stands in a 600x800 window with the move list under it: the
    # yellow count had read "19" beside "red 17" and "blue 18", its longer name not fitting
    game = open_game_view(qtbot, 600, 510)
    board = _ready(qtbot, game, _session([]))
    game.scene.render_image()  # the labels are fitted as a frame is drawn
    assert list(board.tray_counts) == ["yellow", "red", "blue"]
    assert [t.text for t in board.count_texts] == [f"{name} {count}" for name, count in board.tray_counts.items()]


def test_the_tray_counts_are_worded_alike_when_one_must_shorten(qtbot: QtBot) -> None:
    # so small that "yellow 19" no longer fits at a legible size: the three counts drop their
    # names together rather than one of them alone
    game = open_game_view(qtbot, 480, 400)
    board = _ready(qtbot, game, _session([]))
    game.scene.render_image()
    shown = [t.text for t in board.count_texts]
    assert shown == [str(count) for count in board.tray_counts.values()]
    sizes = {t.item.font.pixelSize() for t in board.count_texts}
    assert len(sizes) == 1  # and one size for the three


GATE_STEPS = {"marble_at_gate": HOP, "gate_flipped": FLIP, "marble_held": SETTLE, "marble_out": FALL}


def _gate_step_durations(board: Board, events: list[Event]) -> tuple[list[float], list[float]]:
    """The durations of the steps through the gates of one drop, as drawn, and at full time."""
    drawn, full = [], []
    for event in events:
        steps = board.animate(event)
        if event.kind in GATE_STEPS:
            drawn += [s.duration for s in steps]
            full += [GATE_STEPS[event.kind]] * len(steps)
    return drawn, full


def test_a_long_avalanche_gathers_speed_and_a_short_one_keeps_its_pace(qtbot: QtBot, game: GameView) -> None:
    rng = random.Random("long avalanche")
    state = new_game(rulesets.load("avalanche/standard"), 3)
    long_drop: list[Event] | None = None
    short_drop: list[Event] | None = None
    for _ in range(400):
        if state.outcome() is not None or (long_drop and short_drop):
            break
        move = state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.legal_moves())
        events = state.copy().apply(move)
        through = sum(1 for e in events if e.kind in GATE_STEPS)
        if through >= 30 and long_drop is None:
            long_drop = events
        if 2 <= through <= PACE_FROM and short_drop is None:
            short_drop = events
        state.apply(move)
    assert long_drop is not None and short_drop is not None
    board = _ready(qtbot, game, _session([]))
    drawn, full = _gate_step_durations(board, long_drop)
    assert drawn[:PACE_FROM] == full[:PACE_FROM]  # its start at the pace of any drop
    paces = [d / f for d, f in zip(drawn, full)]
    assert all(later < earlier for earlier, later in zip(paces[PACE_FROM - 1:], paces[PACE_FROM:]) if earlier > PACE_FLOOR)
    assert sum(drawn) < 0.7 * sum(full)  # then quicker and quicker
    assert min(paces) == pytest.approx(PACE_FLOOR)
    drawn, full = _gate_step_durations(board, short_drop)
    assert drawn == full


def test_a_handful_of_marbles_is_carried_to_the_hand_together(qtbot: QtBot, game: GameView) -> None:
    rng = random.Random("handful")
    state = new_game(rulesets.load("avalanche/standard"), 3)
    handful: list[Event] | None = None
    for _ in range(600):
        if state.outcome() is not None:
            break
        move = state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.legal_moves())
        events = state.apply(move)
        if any(e.kind == "marbles_to_hand" and len(e["colours"]) >= 3 for e in events):
            handful = events
            break
    assert handful is not None
    board = _ready(qtbot, game, _session([]))
    for event in handful:
        steps = board.animate(event)
        if event.kind == "marbles_to_hand":
            count = len(event["colours"])
            assert len(steps) == 1  # one step for the handful...
            assert TAKE <= steps[0].duration < TAKE * count / 2  # ...not one carry after another
