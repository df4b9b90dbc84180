"""The move list: every step, its events in words folded under it, hidden cards never shown,
every seat's text readable on the list, and a row click that asks for its position."""

from __future__ import annotations

import random

import pytest
from PySide6.QtGui import QPalette
from pytestqt.qtbot import QtBot

from marblestudio import rulesets
from marblestudio.engine.core import CHANCE
from marblestudio.rulesets.catalog import list_rulesets
from marblestudio.session import HUMAN, Session
from marblestudio.views.board.registry import board_help
from marblestudio.views.move_log import MoveLog
from marblestudio.views.palette import MIN_CONTRAST, contrast_ratio


def _session(ref: str, seats: list[str], seed: int = 3) -> Session:
    loaded = rulesets.load_with_source(ref)
    return Session(loaded.rules, seats, seed, loaded.resolved, ref)


def _log(qtbot: QtBot, game: str = "stay-alive") -> MoveLog:
    log = MoveLog()
    log.help = board_help(game)
    qtbot.addWidget(log)
    return log


def _play(session: Session, steps: int, seed: str = "log") -> None:
    rng = random.Random(seed)
    for _ in range(steps):
        if session.is_over():
            return
        if session.state.to_move == CHANCE:
            session.advance_chance()
        else:
            session.play(rng.choice(session.state.legal_moves()))


def test_the_log_hides_the_order_of_an_alive_deal(qtbot: QtBot) -> None:
    session = _session("alive/standard", [HUMAN] * 4)
    assert session.state.to_move == CHANCE
    session.advance_chance()
    deal = session.history[0].move
    log = _log(qtbot, "alive")
    log.show_session(session)
    rows = log.lines()
    assert rows[0].strip() == "chance: deal (77 cards shuffled)"
    assert all(str(deal) not in row for row in rows + log.events_under(0))


def test_a_stay_alive_set_up_is_logged_in_full(qtbot: QtBot) -> None:
    session = _session("stay-alive/standard", [HUMAN, HUMAN])
    session.advance_chance()
    log = _log(qtbot)
    log.show_session(session)
    assert log.lines()[0].strip() == f"chance: {session.history[0].move}"


def test_the_events_of_a_move_are_told_in_words_under_it_folded(qtbot: QtBot) -> None:
    session = _session("stay-alive/standard", [HUMAN, HUMAN])
    session.advance_chance()
    cell = next(m for m in session.state.legal_moves() if str(m).startswith("place"))
    session.play(cell)
    log = _log(qtbot)
    log.show_session(session)
    assert log.events_under(0) == ["The 14 slides are set at random."]
    assert log.events_under(1) == [f"Red places a marble on {str(cell).split()[1]}."]
    row = log.topLevelItem(1)
    assert row is not None and row.childCount() == 1 and not row.isExpanded()


def test_only_the_one_human_sees_their_own_cards_in_the_list(qtbot: QtBot) -> None:
    session = _session("alive/standard", [HUMAN, "easy", "easy"], seed=4)
    _play(session, 40)
    log = _log(qtbot, "alive")
    log.show_session(session)
    texts = [t for i in range(len(log.lines())) for t in log.events_under(i)]
    seen = [t for t in texts if " gets " in t]
    assert seen and all(t.startswith(f"{session.seat_name(0)} gets ") for t in seen)
    hot_seat = _session("alive/standard", [HUMAN, HUMAN, HUMAN], seed=4)
    _play(hot_seat, 40)
    log.show_session(hot_seat)
    assert not any(" gets " in t for i in range(len(log.lines())) for t in log.events_under(i))


def test_every_event_of_every_bundled_game_has_words_of_its_game() -> None:
    """No event falls back to the plain reading ("Kind: key value") in the bundled games."""
    generic = ("The game ends", "has no move and passes", "is out")
    for entry in list_rulesets():
        rules = rulesets.load(entry.id)
        help_ = board_help(entry.game)
        state_session = _session(entry.id, [HUMAN] * rules.players.default, seed=1)
        _play(state_session, 300, seed=entry.id)
        for step in state_session.history:
            for event in step.events:
                text = help_.describe(event, state_session.seat_name)
                own = help_.event_text(event, state_session.seat_name)
                assert own is not None or text == "" or any(g in text for g in generic), (entry.id, str(event))


def test_steps_still_to_come_are_in_italics_and_a_click_asks_for_a_position(qtbot: QtBot) -> None:
    session = _session("stay-alive/standard", [HUMAN, HUMAN])
    _play(session, 6)
    session.goto(2)
    log = _log(qtbot)
    log.show_session(session)
    assert len(log.lines()) == 6
    italics = [log.topLevelItem(i).font(0).italic() for i in range(6)]  # type: ignore[union-attr]
    assert italics == [False, False, True, True, True, True]
    assert log.currentItem() is log.topLevelItem(1)  # the position shown: after step 2
    with qtbot.waitSignal(log.position_clicked) as heard:
        log.itemClicked.emit(log.topLevelItem(4), 0)
    assert heard.args == [5]


@pytest.mark.parametrize("colour_blind", [False, True], ids=["ruleset colours", "colour-blind-safe"])
def test_every_seat_reads_on_the_move_list_in_every_bundled_ruleset(qtbot: QtBot, colour_blind: bool) -> None:
    log = _log(qtbot)
    log.colour_blind = colour_blind
    for background in (log.background(), "#ffffff", "#1e1e1e"):  # the list's own, and light and dark themes
        palette = log.viewport().palette()
        palette.setColor(QPalette.ColorRole.Base, background)
        log.viewport().setPalette(palette)
        assert log.background() == background
        for entry in list_rulesets():
            rules = rulesets.load(entry.id)
            session = _session(entry.id, [HUMAN] * rules.players.min)
            for seat in range(rules.players.max):
                colour = log.seat_colour(session, seat)
                assert contrast_ratio(colour, background) >= MIN_CONTRAST, (entry.id, seat, colour, background)


def test_white_moves_in_rock_me_archimedes_are_drawn_readable(qtbot: QtBot) -> None:
    session = _session("archimedes/standard", [HUMAN, HUMAN], seed=2)
    _play(session, 30)
    log = _log(qtbot, "archimedes")
    log.show_session(session)
    white = [i for i, line in enumerate(log.lines()) if f"{session.seat_name(1)}:" in line]
    assert white
    for index in white:
        item = log.topLevelItem(index)
        assert item is not None
        shown = item.foreground(0).color().name()
        assert contrast_ratio(shown, log.background()) >= MIN_CONTRAST


def test_a_house_rule_that_fires_is_told_in_the_log_in_words(qtbot: QtBot) -> None:
    """A game of a cookbook house rule: the move that fires it says so under the move, by name."""
    from pathlib import Path

    from marblestudio.engine.core import CoreEvent

    path = Path(__file__).resolve().parents[2] / "examples" / "house-rules" / "stay-alive-fall-again.yaml"
    help_ = board_help("stay-alive")
    session = _session(str(path), [HUMAN, HUMAN])
    rng = random.Random(3)
    lines = []
    while session.state.outcome() is None and not lines:
        if session.state.to_move == CHANCE:
            session.play(session.state.sample_chance(rng))
            continue
        moves = session.state.legal_moves()
        session.play(moves[rng.randrange(len(moves))])
        lines = [help_.describe(e, session.seat_name) for e in session.history[-1].events if e.kind == CoreEvent.RULE_FIRED]
    assert lines and lines[0].startswith("House rule \u201cfall again\u201d applies to ")


def test_a_long_game_shown_from_its_start_shows_the_top_of_the_list(qtbot: QtBot) -> None:
    # A record opened to replay (position 0) showed its last moves, the list scrolled to the end.
    session = _session("stay-alive/standard", [HUMAN, HUMAN])
    _play(session, 120)
    session.goto(0)
    log = _log(qtbot)
    log.resize(300, 200)
    log.show()
    log.show_session(session)
    qtbot.waitExposed(log)
    assert log.topLevelItemCount() > 40
    assert log.itemAt(5, 5) is log.topLevelItem(0)
