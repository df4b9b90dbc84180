"""The computer thinks while the board still draws the last move: it is asked as soon as the move
is played, and its answer, when it comes before the drawing ends, waits for it.  So a reply takes
the longer of the two times, not their sum, and the board never skips a move's animation."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from marblestudio import rulesets
from marblestudio.session import HUMAN, Change, Session

from .helpers import open_game_view

pytestmark = pytest.mark.gl


def _against_random(ref: str) -> Session:
    loaded = rulesets.load_with_source(ref)
    return Session.from_moves(loaded.rules, [HUMAN, "random"], [], 5, loaded.resolved, ref)


def test_the_computer_is_asked_while_the_human_move_is_drawn_and_moves_after(qtbot: QtBot) -> None:
    game = open_game_view(qtbot, 800, 600)
    session = _against_random("stay-alive/standard")
    drawing_when_played: list[bool] = []

    def played(change: Change) -> None:  # told before the view, which then draws the move
        if change.what == "played" and session.history[-1].mover == 1:
            drawing_when_played.append(game.clock.is_running())

    session.subscribe(played)
    game.set_session(session)
    qtbot.waitUntil(lambda: session.waiting_for_human() and bool(game.legal_targets()), timeout=10000)
    game.clock.set_speed(0.02)  # the marble's drop takes many seconds: the random player answers long before
    game.play(session.state.legal_moves()[0])
    assert game.clock.is_running()
    assert game.worker.is_busy()  # asked at once, not when the drawing ends
    qtbot.waitUntil(lambda: game._answer is not None, timeout=20000)  # it has answered...
    assert game.clock.is_running() and session.history[-1].mover == 0  # ...and its move waits
    game.clock.skip()  # the drawing ends
    assert session.history[-1].mover == 1
    assert drawing_when_played == [False]  # played once the human's move was drawn


def test_an_answer_that_came_during_the_drawing_is_dropped_by_an_undo(qtbot: QtBot) -> None:
    game = open_game_view(qtbot, 800, 600)
    session = _against_random("stay-alive/standard")
    game.set_session(session)
    qtbot.waitUntil(lambda: session.waiting_for_human() and bool(game.legal_targets()), timeout=10000)
    ply = session.ply
    game.clock.set_speed(0.02)
    game.play(session.state.legal_moves()[0])
    qtbot.waitUntil(lambda: game._answer is not None, timeout=20000)
    session.undo()  # the human takes the move back before the board has drawn it
    assert session.ply == ply and game._answer is None
    game.clock.set_speed(0)
    qtbot.wait(300)
    assert session.ply == ply and session.waiting_for_human()  # the stale answer was not played


def test_a_new_game_drops_an_answer_that_waits(qtbot: QtBot) -> None:
    game = open_game_view(qtbot, 800, 600)
    session = _against_random("stay-alive/standard")
    game.set_session(session)
    qtbot.waitUntil(lambda: session.waiting_for_human() and bool(game.legal_targets()), timeout=10000)
    game.clock.set_speed(0.02)
    game.play(session.state.legal_moves()[0])
    qtbot.waitUntil(lambda: game._answer is not None, timeout=20000)
    fresh = _against_random("stay-alive/standard")
    game.set_session(fresh)  # the person starts another game before the move is drawn
    assert game._answer is None
    game.clock.set_speed(0)
    qtbot.waitUntil(lambda: fresh.waiting_for_human(), timeout=10000)  # its set-up drawn
    qtbot.wait(300)
    assert fresh.waiting_for_human() and all(step.mover != 1 for step in fresh.history)  # the old game's answer went nowhere
    assert session.history[-1].mover == 0  # nor into the old game
