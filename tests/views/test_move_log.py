"""The move log never shows a hidden card: a shuffle is logged by its public text."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from marblestudio import rulesets
from marblestudio.engine.core import CHANCE
from marblestudio.session import HUMAN, Session
from marblestudio.views.move_log import MoveLog


def test_the_log_hides_the_order_of_an_alive_deal(qtbot: QtBot) -> None:
    loaded = rulesets.load_with_source("alive/standard")
    session = Session(loaded.rules, [HUMAN] * 4, 3, loaded.resolved, "alive/standard")
    assert session.state.to_move == CHANCE
    session.advance_chance()
    deal = session.history[0].move
    log = MoveLog()
    qtbot.addWidget(log)
    log.show_session(session)
    rows = [log.item(i).text() for i in range(log.count())]
    assert rows[0].strip() == "chance: deal (77 cards shuffled)"
    assert all(str(deal) not in row for row in rows)


def test_a_stay_alive_set_up_is_logged_in_full(qtbot: QtBot) -> None:
    loaded = rulesets.load_with_source("stay-alive/standard")
    session = Session(loaded.rules, [HUMAN, HUMAN], 3, loaded.resolved, "stay-alive/standard")
    session.advance_chance()
    log = MoveLog()
    qtbot.addWidget(log)
    log.show_session(session)
    assert log.item(0).text().strip() == f"chance: {session.history[0].move}"
