"""The ALIVE card table in 3D: whose cards show, dimming and reasons, clicks, hot-seat, animations.

These tests draw real frames (Xvfb with GLX, Mesa) and read pixels back with
`grabFramebuffer()` at the screen position where the scene projects a card.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from marblestudio import rulesets
from marblestudio.engine.alive import AliveState, Flip
from marblestudio.engine.core import CHANCE, Event
from marblestudio.session import HUMAN, Session
from marblestudio.views.board import registry
from marblestudio.views.board.alive.board import FLIP_KEY, REVEAL, Board
from marblestudio.views.board.alive.cards import FACE, FLIPPED, dim
from marblestudio.views.board.scene import Scene
from marblestudio.views.game_view import GameView
from marblestudio.views.palette import seat_colours

pytestmark = pytest.mark.gl


class _Seats:
    """What the board asks of a session: the state, and which seats are human."""

    def __init__(self, state: AliveState, humans: Sequence[int]) -> None:
        self.state = state
        self.humans = set(humans)

    def is_human(self, seat: int) -> bool:
        return seat in self.humans


@pytest.fixture
def scene(qtbot: QtBot) -> Iterator[Scene]:
    widget = Scene()
    widget.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen)
    widget.resize(1000, 700)
    qtbot.addWidget(widget)
    widget.show()
    yield widget


def _board(scene: Scene, state: AliveState, humans: Sequence[int] = (0,)) -> Board:
    board = Board(scene)
    seats = _Seats(state, humans)
    board.session_lookup = lambda: seats
    scene.set_board(board, state.rules, seat_colours(state.rules.presentation, state.num_players))
    board.show(state.public_view())
    scene.set_legal({board.target_of(m): m for m in state.legal_moves() if board.target_of(m) is not None})
    return board


def _below_label(centre: tuple[float, float, float]) -> tuple[float, float, float]:
    """A point on a card of the viewer's hand (tilted 62 degrees) away from its face label."""
    x, y, z = centre
    return (x - 0.3, y - 0.4 * 0.469, z - 0.4 * 0.883)


def _pixel(scene: Scene, point: tuple[float, float, float]) -> tuple[int, int, int]:
    x, y = scene.screen_position(point)
    image = scene.render_image()
    colour = image.pixelColor(round(x * image.width() / scene.width()), round(y * image.height() / scene.height()))
    return colour.red(), colour.green(), colour.blue()


def test_alive_has_its_own_board() -> None:
    cls, reason = registry.board_class("alive")
    assert cls is Board
    assert reason is None


def test_the_human_sees_their_own_hand_face_up_and_no_other(scene: Scene) -> None:
    state = AliveState.from_hands(rulesets.load("alive/standard"), [["1", "SKIP", "4"], ["BOMB", "2"], ["=21"]])
    board = _board(scene, state, humans=[0])
    assert board.hand == ("1", "4", "SKIP")
    shown = [p.text for p in board.hand_pieces if p.visible]
    assert shown == ["1", "4", "SKIP"]
    for seat in (1, 2):
        fan = [p for p in board.fan_pieces[seat] if p.visible]
        assert len(fan) == state.table.hand_sizes[seat]
        assert all(p.text == "" for p in fan)
    assert "BOMB" not in [p.text for p in board.hand_pieces + [q for f in board.fan_pieces for q in f]]


def test_with_no_human_every_hand_stays_face_down(scene: Scene) -> None:
    state = AliveState.from_hands(rulesets.load("alive/standard"), [["1", "SKIP"], ["2"]])
    board = _board(scene, state, humans=[])
    assert board.hand is None
    assert [p.text for p in board.hand_pieces if p.visible] == ["", ""]


def test_unplayable_cards_are_dimmed_and_say_why_on_hover(scene: Scene) -> None:
    state = AliveState.from_hands(rulesets.load("alive/standard"), [["5", "1", "SKIP"], ["2", "2"]], total=19)
    board = _board(scene, state)
    pieces = dict(zip(board.hand, board.hand_pieces))
    assert pieces["5"].colour == dim(FACE)
    assert pieces["1"].colour == FACE
    x, y = scene.screen_position(board.world_position(("card", "5")))
    assert board.tooltip_at(x, y) == "5: cannot be played, 19 + 5 would take the total above 21"
    x, y = scene.screen_position(board.world_position(("card", "1")))
    assert board.tooltip_at(x, y) == "1: click to play"
    dark, bright = _pixel(scene, _below_label(pieces["5"].centre)), _pixel(scene, _below_label(pieces["1"].centre))
    assert sum(dark) < 0.7 * sum(bright)


def test_clicking_a_card_reports_the_move_that_plays_it(scene: Scene, qtbot: QtBot) -> None:
    state = AliveState.from_hands(rulesets.load("alive/standard"), [["5", "1"], ["2", "2"]], total=3)
    board = _board(scene, state)
    x, y = scene.screen_position(board.world_position(("card", "1")))
    with qtbot.waitSignal(scene.picked) as blocker:
        scene.click_at(x, y)
    assert blocker.args == [("card", "1")]
    assert board.move_text(("card", "1"), state.public_view()) == "play 1"


def test_flip_is_a_click_on_the_next_life_card_when_nothing_can_be_played(scene: Scene) -> None:
    state = AliveState.from_hands(rulesets.load("alive/standard"), [["7", "6"], ["2"]], total=16, lives=[3, 5])
    board = _board(scene, state)
    assert board.target_of(Flip()) == FLIP_KEY
    x, y, _ = board.world_position(FLIP_KEY)
    third = board.life_pieces[0][2]  # two of five flipped: the third is next
    assert (x, y) == third.centre[:2]
    sx, sy = scene.screen_position(board.world_position(FLIP_KEY))
    assert scene.key_at(sx, sy) == FLIP_KEY


def test_rendered_table_shows_life_cards_face_up_and_flipped(scene: Scene, tmp_path: Path) -> None:
    state = AliveState.from_hands(rulesets.load("alive/standard"), [["7", "6"], ["2"]], total=16, lives=[3, 5])
    board = _board(scene, state)
    scene.render_image().save(str(tmp_path / "alive.png"))
    red = seat_colours(state.rules.presentation, 2)[0]
    flipped, face_up = board.life_pieces[0][0], board.life_pieces[0][3]  # [0][2] is the one to flip
    assert flipped.colour == FLIPPED and face_up.colour[:3] == red[:3]

    def off_letter(centre: tuple[float, float, float]) -> tuple[float, float, float]:
        return (centre[0], centre[1] - 0.2, centre[2])

    r1, g1, b1 = _pixel(scene, off_letter(flipped.centre))
    r2, g2, b2 = _pixel(scene, off_letter(face_up.centre))
    assert r2 > 2 * g2 and r2 > r1  # the red seat's face-up card is red, the flipped one grey
    assert abs(r1 - g1) < 25


def test_playing_a_card_flies_it_from_the_hand_to_the_pile(scene: Scene) -> None:
    state = AliveState.from_hands(rulesets.load("alive/standard"), [["5", "1"], ["2", "2"]])
    board = _board(scene, state)
    steps = board.animate(Event.of("card_played", seat=0, card="1", total=1, left=1))
    assert len(steps) == 1
    steps[0].update(0.0)
    flying = board.motion.busy[0]
    start = flying.centre
    assert flying.visible and flying.text == "1"
    assert start == pytest.approx(board.hand_point(0, "1"))
    steps[0].update(1.0)
    assert flying.centre == pytest.approx(board.pile_point())
    steps[0].done()
    assert not flying.visible


def test_losing_a_life_turns_the_life_card_over(scene: Scene) -> None:
    state = AliveState.from_hands(rulesets.load("alive/standard"), [["7", "6"], ["2"]], total=16)
    board = _board(scene, state)
    (step,) = board.animate(Event.of("life_lost", seat=0, owner=0, lives=4, why="over_limit"))
    piece = board.life_pieces[0][0]
    step.update(0.25)
    assert piece.colour != FLIPPED
    step.update(0.75)
    step.done()
    assert piece.colour == FLIPPED


def test_a_seats_life_card_keeps_its_turn_while_it_flips(scene: Scene) -> None:
    # a life card of a seat at the side lost its turn towards the seat while it flipped (it lay square)
    state = AliveState.from_hands(rulesets.load("alive/standard"), [["7", "6"], ["2"], ["3"]], total=16)
    board = _board(scene, state)
    piece = board.life_pieces[1][0]
    turned = piece.turn
    assert turned != 0.0  # the seat on the side: its cards face it
    (step,) = board.animate(Event.of("life_lost", seat=1, owner=1, lives=4, why="over_limit"))
    step.update(0.5)
    assert piece.turn == turned
    step.done()
    assert piece.turn == turned and piece.colour == FLIPPED


def test_dealing_flies_cards_from_the_deck_to_every_seat(scene: Scene) -> None:
    state = AliveState.from_hands(rulesets.load("alive/standard"), [["1"], ["2"], ["3"]])
    board = _board(scene, state)
    (step,) = board.animate(Event.of("dealt", first=1, sizes=(10, 10, 10)))
    step.update(0.5)
    assert len([p for p in board.motion.busy if p.visible]) == 3
    step.done()
    assert not board.motion.busy


# Hot-seat through the real game view --------------------------------------------------------------
@pytest.fixture
def game(qtbot: QtBot) -> GameView:
    view = GameView()
    view.resize(1000, 700)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    view.scene.clock.set_speed(0)
    return view


def _hot_seat(seed: int = 5) -> Session:
    loaded = rulesets.load_with_source("alive/standard")
    return Session.from_moves(loaded.rules, [HUMAN, HUMAN, HUMAN], [], seed, loaded.resolved, "alive/standard")


def _click(game: GameView, key: object) -> None:
    board = game.board
    assert isinstance(board, Board)
    point = board.world_position(key)
    assert point is not None, key
    game.scene.click_at(*game.scene.screen_position(point))


def test_hot_seat_hides_each_hand_until_the_next_player_is_ready(game: GameView) -> None:
    session = _hot_seat()
    game.set_session(session)
    board = game.board
    assert isinstance(board, Board)
    assert session.state.to_move == 0  # the deal was drawn; seat 0 sits left of the dealer
    assert board.screen_for == 0 and board.hand is None
    assert [p.key for p in board.pickables()] == [REVEAL]
    assert all(p.text == "" for p in board.hand_pieces)
    assert board.target_of(Flip()) == FLIP_KEY  # a lone flip is never taken for a pass behind the screen
    _click(game, REVEAL)
    assert board.hand == session.state.observation(0).hand
    move = session.state.legal_moves()[0]
    _click(game, board.target_of(move))
    assert session.moves[-1] == move
    assert board.screen_for == 1 and board.hand is None
    assert all(p.text == "" for p in board.hand_pieces)


def test_clicking_a_card_that_would_go_above_21_names_the_rule(game: GameView, qtbot: QtBot) -> None:
    session = _hot_seat(seed=9)
    rng = random.Random(1)
    while True:  # random play until the player to move holds a card that would go above 21
        state = session.state
        if state.to_move == CHANCE:
            session.advance_chance()
            continue
        assert session.outcome() is None
        over = [c for c in state.observation(state.to_move).hand if state.playable_reason(c)]
        if over:
            break
        session.play(rng.choice(state.legal_moves()))
    game.set_session(session)
    _click(game, REVEAL)
    with qtbot.waitSignal(game.message) as blocker:
        _click(game, ("card", over[0]))
    assert blocker.args == ["Not allowed: a card that would take the total above 21 may not be played."]


def test_an_earlier_position_shows_the_hand_held_then(game: GameView) -> None:
    # Viewing an earlier position read-only (a click on the move list) shows the human's hand as it
    # was then, not the hand held now (issue 14: the board looked up the live game instead).
    loaded = rulesets.load_with_source("alive/standard")
    session = Session.from_moves(loaded.rules, [HUMAN, "random", "random"], [], 5, loaded.resolved, "alive/standard")
    game.set_session(session)
    board = game.board
    assert isinstance(board, Board)
    then = session.state.observation(0).hand
    position = session.position
    session.play(session.state.legal_moves()[0])
    assert session.state.observation(0).hand != then
    game.view_position(position)
    assert board.hand == then
    game.view_live()
    assert board.hand == session.state.observation(0).hand


def test_a_waiting_draw_is_answered_with_a_card_or_taken_with_a_click_on_the_deck(scene: Scene, qtbot: QtBot) -> None:
    import dataclasses

    from marblestudio.engine.alive import Take
    from marblestudio.engine.alive.rules import DrawAnswer
    from marblestudio.views.board.alive.board import TAKE_KEY

    base = rulesets.load("alive/standard")
    house = dataclasses.replace(base, family=dataclasses.replace(base.family, draw_answer=DrawAnswer(frozenset({"DRAW1"}), True)))
    state = AliveState.from_hands(house, [["DRAW2", "1"], ["DRAW1", "2"]], deck=["3", "4", "5", "6"])
    state.apply(state.parse_move("play DRAW2"))  # seat 1, the human, now answers or takes
    board = _board(scene, state, humans=(1,))
    assert board.target_of(Take()) == TAKE_KEY
    sx, sy = scene.screen_position(board.world_position(TAKE_KEY))
    assert scene.key_at(sx, sy) == TAKE_KEY
    assert board.move_text(TAKE_KEY, state.public_view()) == "take"
    assert board.tooltip_for(TAKE_KEY) == "The deck: click to take the DRAW (2 cards for every player but Red)"
    x, y = scene.screen_position(board.world_position(("card", "2")))
    assert board.tooltip_at(x, y) == "2: cannot be played, a DRAW waits: answer it with DRAW1, or click the deck to take it"
    x, y = scene.screen_position(board.world_position(("card", "DRAW1")))
    assert board.tooltip_at(x, y) == "DRAW 1: click to play"
    assert board.deck_item.opts["color"] == (1.0, 0.85, 0.3, 1.0)  # the deck lights up as a move


def test_a_waiting_skip_says_what_taking_it_does_and_which_cards_answer_it(scene: Scene, qtbot: QtBot) -> None:
    import dataclasses

    from marblestudio.engine.alive.rules import DrawAnswer
    from marblestudio.views.board.alive.board import TAKE_KEY

    base = rulesets.load("alive/standard")
    house = dataclasses.replace(base, family=dataclasses.replace(base.family, skip_answer=DrawAnswer(frozenset({"SKIP"}), True)))
    state = AliveState.from_hands(house, [["SKIP", "1"], ["SKIP", "2"], ["3"]], deck=["4", "5"])
    state.apply(state.parse_move("play SKIP"))  # seat 1, the human, now answers or takes
    board = _board(scene, state, humans=(1,))
    assert board.tooltip_for(TAKE_KEY) == "The deck: click to take the SKIP (you are skipped)"
    x, y = scene.screen_position(board.world_position(("card", "2")))
    assert board.tooltip_at(x, y) == "2: cannot be played, a SKIP waits: answer it with SKIP, or click the deck to take it"
    x, y = scene.screen_position(board.world_position(("card", "SKIP")))
    assert board.tooltip_at(x, y) == "SKIP: click to play"
    assert board.hint_text.text.startswith("A SKIP waits") or board.hint_text.text == "Answer, or take the SKIP"


def test_a_pair_has_a_badge_above_its_first_card_that_plays_it(scene: Scene, qtbot: QtBot) -> None:
    import dataclasses

    from marblestudio.engine.alive import PlayPair
    from marblestudio.engine.alive.rules import Pairs

    base = rulesets.load("alive/standard")
    house = dataclasses.replace(base, family=dataclasses.replace(base.family, pairs=Pairs.NUMBERS))
    state = AliveState.from_hands(house, [["3", "3", "4", "6", "6"], ["2"]], deck=["5"], total=12)
    board = _board(scene, state, humans=(0,))
    # room 9: two 3s (6) fit, two 6s (12) do not; a 4 has no twin
    assert set(board.pair_spots()) == {"3"}
    assert board.target_of(PlayPair("3")) == ("pair", "3")
    x, y = scene.screen_position(board.world_position(("pair", "3")))
    assert scene.key_at(x, y) == ("pair", "3")
    assert board.move_text(("pair", "3"), state.public_view()) == "play 3 3"
    assert board.tooltip_for(("pair", "3")) == "Play the pair 3 3: +6 (two cards, one move)"
    assert board.pair_texts["3"].text.startswith("×2")
    card_x, card_y = scene.screen_position(board.world_position(("card", "3")))
    assert y < card_y  # the badge stands above the card on screen
