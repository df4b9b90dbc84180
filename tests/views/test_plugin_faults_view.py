"""A plug-in's broken engine in the app: a human seat with no legal move before the end gets a
status message naming the family (not silence), and a move whose `apply` raises in the plug-in
says so in the status line instead of the generic error dialog."""

from __future__ import annotations

import random

import pytest
from pytestqt.qtbot import QtBot

from marblestudio import rulesets
from marblestudio.engine.core import CHANCE, Move
from marblestudio.session import HUMAN, Session
from marblestudio.views.game_view import GameView
from plugins import Families, families  # noqa: F401  (fixture)

from .helpers import open_game_view

pytestmark = pytest.mark.gl


def _session(legal_moves: object) -> Session:
    session = Session(rulesets.load("avalanche/standard"), [HUMAN, HUMAN], 3)
    rng = random.Random(3)
    while session.state.to_move == CHANCE:
        session.state.apply(session.state.sample_chance(rng))
    session.state.__class__ = type("Broken", (type(session.state),), {"legal_moves": legal_moves})
    return session


def test_a_human_seat_with_no_legal_move_before_the_end_is_told_why(qtbot: QtBot, families: Families) -> None:
    families.replace("avalanche", source="marblestudio-faulty")
    game: GameView = open_game_view(qtbot, 800, 600)
    said: list[str] = []
    game.message.connect(said.append)
    session = _session(lambda self: [])
    game.set_session(session)
    who = session.seat_name(session.state.to_move)
    assert said and said[-1].startswith(f"{who} has no legal move: the game family 'avalanche' (marblestudio-faulty) broke the engine contract")
    game.shutdown()


def test_a_move_that_raises_in_a_plugin_is_told_in_the_status_line(qtbot: QtBot, families: Families, monkeypatch: pytest.MonkeyPatch) -> None:
    from marblestudio.engine import family

    game: GameView = open_game_view(qtbot, 800, 600)
    session = _session(lambda self: type(self).__mro__[1].legal_moves(self))
    game.set_session(session)
    said: list[str] = []
    game.message.connect(said.append)

    def boom(self: object, move: Move) -> list[object]:
        raise ZeroDivisionError("the plug-in's own bug")

    monkeypatch.setattr(type(session.state), "apply", boom)
    monkeypatch.setattr(family, "blame", lambda exc: family.PluginFault("avalanche", "marblestudio-faulty", f"raised {exc!r}"))
    assert not game.play_text(str(session.state.legal_moves()[0]))
    assert said[-1] == "Not played: the game family 'avalanche' (marblestudio-faulty) raised ZeroDivisionError(\"the plug-in's own bug\")."
    game.shutdown()
