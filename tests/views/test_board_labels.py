"""The texts of the Avalanche and Archimedes boards scale with the board and never overlap, at
any width from 400 px (Stay Alive prints its texts on the table itself; ALIVE has its own test)."""

from __future__ import annotations

import random

import pytest
from pytestqt.qtbot import QtBot

from marblestudio import rulesets
from marblestudio.engine.core import CHANCE
from marblestudio.session import HUMAN, Session

from .helpers import open_game_view
from .label_checks import drawn_texts, overlaps

pytestmark = pytest.mark.gl

SIZES = [(400, 700), (440, 700), (800, 600), (1280, 720), (1920, 1080)]


def _played(ruleset: str, players: int, plies: int) -> Session:
    loaded = rulesets.load_with_source(ruleset)
    session = Session(loaded.rules, [HUMAN] * players, 3, loaded.resolved, ruleset)
    rng = random.Random(f"labels:{ruleset}")
    while session.ply < plies and not session.is_over():
        if session.state.to_move == CHANCE:
            session.advance_chance()
        else:
            session.play(rng.choice(session.state.legal_moves()))
    session.saved = True
    return session


@pytest.mark.parametrize(
    ("ruleset", "players", "plies", "always"),
    [
        ("avalanche/standard", 2, 6, ["Violet", "Green"]),
        ("avalanche/partnership", 4, 10, []),
        ("archimedes/standard", 2, 9, ["1", "16", "a", "b", "c"]),
    ],
)
def test_texts_never_overlap_and_scale_with_the_board(
    qtbot: QtBot, ruleset: str, players: int, plies: int, always: list[str]
) -> None:
    game = open_game_view(qtbot, 1280, 720)
    game.set_session(_played(ruleset, players, plies))
    sizes = {}
    for width, height in SIZES:
        game.resize(width, height)
        qtbot.waitUntil(lambda w=width: game.scene.width() == w)  # type: ignore[misc]
        game.scene.render_image()
        texts = drawn_texts(game.scene)
        assert not overlaps(texts), f"texts overlap at {width}x{height}: {overlaps(texts)}"
        shown = [text for text, _ in texts]
        assert all(text in shown for text in always), f"{always} not all shown at {width} px: {shown}"
        sizes[width] = max(r.height() for _, r in texts)
    assert sizes[1920] > sizes[440]
