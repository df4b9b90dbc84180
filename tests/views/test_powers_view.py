"""A house rule's powers at the table: the Moves panel shows a button per power, usable by the
human to move while the power's condition holds; a click uses it (the move 'use <name>'), and the
button is off once it is used up (the cookbook's Stay Alive double move: once a game, sliding only)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from marblestudio.session import HUMAN
from marblestudio.views.main_window import MainWindow

from .window_fixtures import Answers, answers, window  # noqa: F401

pytestmark = pytest.mark.gl

DOUBLE = str(Path(__file__).resolve().parents[2] / "examples" / "house-rules" / "stay-alive-double-move.yaml")


def test_a_power_is_a_button_a_player_clicks_once_a_game(qtbot: QtBot, window: MainWindow) -> None:
    assert window.start_game(DOUBLE, [HUMAN, HUMAN], seed=5)
    qtbot.waitUntil(lambda: window.game.session is not None and window.game.session.waiting_for_human(), timeout=10000)
    session = window.game.session
    assert session is not None
    row = window.move_panel.powers
    assert row.isVisible() and list(row.buttons) == ["double move"]
    button = row.buttons["double move"]
    assert not button.isEnabled()  # placing: the power is for the sliding phase
    while session.state.phase != "sliding":  # type: ignore[attr-defined]
        window.game.play(session.state.legal_moves()[0])
        qtbot.waitUntil(lambda: session.waiting_for_human(), timeout=10000)
    window.game.skip_animation()
    qtbot.waitUntil(lambda: button.isEnabled(), timeout=10000)
    seat = session.state.to_move
    button.click()
    qtbot.waitUntil(lambda: str(session.moves[-1]) == "use double move", timeout=10000)
    assert not button.isEnabled() and session.state.to_move == seat
    window.game.play(session.state.legal_moves()[0])  # the first slide move
    qtbot.waitUntil(lambda: session.waiting_for_human(), timeout=10000)
    assert session.state.to_move == seat  # the power's extra move
    assert not button.isEnabled()
    window.game.play(session.state.legal_moves()[0])
    qtbot.waitUntil(lambda: session.waiting_for_human(), timeout=10000)
    window.game.skip_animation()
    assert session.state.to_move != seat
    qtbot.waitUntil(lambda: button.isEnabled(), timeout=10000)  # the other player's power is still unused


def test_a_ruleset_without_powers_shows_no_power_buttons(qtbot: QtBot, window: MainWindow) -> None:
    assert window.start_game("stay-alive/standard", [HUMAN, HUMAN], seed=5)
    qtbot.waitUntil(lambda: window.game.session is not None and window.game.session.waiting_for_human(), timeout=10000)
    assert not window.move_panel.powers.isVisible() and window.move_panel.powers.buttons == {}


BOUNTY = str(Path(__file__).resolve().parents[2] / "examples" / "house-rules" / "stay-alive-bounty.yaml")


def test_a_house_rule_that_scores_shows_each_seats_points(qtbot: QtBot, window: MainWindow) -> None:
    assert window.start_game(BOUNTY, [HUMAN, HUMAN], seed=5)
    qtbot.waitUntil(lambda: window.game.session is not None and window.game.session.waiting_for_human(), timeout=10000)
    session = window.game.session
    assert session is not None
    entries = window.seat_entries(session, ["", ""])
    assert [text for _, _, text in entries] == ["0 points", "0 points"]
    session.state.rule_state.scores[1] = 1  # type: ignore[attr-defined]
    assert [text for _, _, text in window.seat_entries(session, ["5 left", "4 left"])] == ["5 left · 0 points", "4 left · 1 point"]


def test_a_house_rule_without_points_shows_none(qtbot: QtBot, window: MainWindow) -> None:
    assert window.start_game(DOUBLE, [HUMAN, HUMAN], seed=5)
    qtbot.waitUntil(lambda: window.game.session is not None, timeout=10000)
    session = window.game.session
    assert session is not None
    assert [text for _, _, text in window.seat_entries(session, ["5 left", "5 left"])] == ["5 left", "5 left"]


def test_a_house_rules_reason_reads_in_the_status_bar_without_escapes(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    # seen in a screenshot: "Violet wins: the house rule &#x27;twelve points&#x27;." in the status bar
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QTextDocument

    path = tmp_path / "quick-win.yaml"
    path.write_text("format: 1\nid: house/quick-win\nname: Quick win\nextends: stay-alive/standard\n"
                    "rules:\n  - {name: \"it's over\", on: marble_placed, then: win}\n")
    assert window.start_game(str(path), [HUMAN, HUMAN], seed=5)
    qtbot.waitUntil(lambda: window.game.session is not None and window.game.session.waiting_for_human(), timeout=10000)
    session = window.game.session
    assert session is not None
    window.game.play(session.state.legal_moves()[0])
    qtbot.waitUntil(lambda: session.outcome() is not None and "wins" in window.turn_label.text(), timeout=10000)
    assert window.turn_label.textFormat() == Qt.TextFormat.RichText
    shown = QTextDocument()
    shown.setHtml(window.turn_label.text())
    assert shown.toPlainText() == "Red wins: the house rule 'it's over'."


NUDGE = str(Path(__file__).resolve().parents[2] / "examples" / "house-rules" / "avalanche-nudge.yaml")


def test_a_power_with_a_choice_opens_a_menu_of_what_may_be_named(qtbot: QtBot, window: MainWindow) -> None:
    # The cookbook's Avalanche nudge: its button opens a menu of the board's gates; choosing one
    # plays 'use nudge <gate>', and the gate swings over on the board.
    assert window.start_game(NUDGE, [HUMAN, HUMAN], seed=5)
    qtbot.waitUntil(lambda: window.game.session is not None and window.game.session.waiting_for_human(), timeout=10000)
    session = window.game.session
    assert session is not None
    row = window.move_panel.powers
    button = row.buttons["nudge"]
    qtbot.waitUntil(lambda: button.isEnabled(), timeout=10000)
    button.click()
    menu = row.menu
    assert menu is not None and menu.isVisible()
    texts = [a.text() for a in menu.actions()]
    gates = list(session.state.board.gate_ids)  # type: ignore[attr-defined]
    assert texts[0] == "Choose a gate" and [t.split(":")[0] for t in texts[1:]] == gates
    assert texts[1].startswith("A1: row 1, 1st from the left, leaning ")  # each gate as the player finds it
    assert not menu.actions()[0].isEnabled()  # the title
    b2 = gates.index("B2")
    tilt = session.state.tilt[b2]  # type: ignore[attr-defined]
    next(a for a in menu.actions() if a.text().startswith("B2:")).trigger()
    qtbot.waitUntil(lambda: str(session.moves[-1]) == "use nudge B2", timeout=10000)
    assert session.state.tilt[b2] == 1 - tilt  # type: ignore[attr-defined]
    menu.close()
    window.game.skip_animation()
    qtbot.waitUntil(lambda: not button.isEnabled(), timeout=10000)  # once a game: used up


def test_a_team_game_of_two_sides_shows_its_powers(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    # Kalah by partners with a power: the game is the partners' wrapper round the rules' game, and
    # the Moves panel still shows the power's button (it showed none: the window looked for the
    # rules on the wrapper only); its menu lists the mover's own houses.
    import yaml

    path = tmp_path / "harvest-partners.yaml"
    path.write_text(yaml.safe_dump({
        "format": 1, "id": "house/hp", "name": "Harvest partners",
        "extends": str(Path(__file__).resolve().parents[2] / "examples" / "house-rules" / "mancala-partners.yaml"),
        "rules": [{"name": "harvest", "power": {"harvest": "choice"}, "choose": "house", "if": "owner(choice) == mover"}]}))
    assert window.start_game(str(path), [HUMAN] * 4, seed=3)
    qtbot.waitUntil(lambda: window.game.session is not None and window.game.session.waiting_for_human(), timeout=10000)
    row = window.move_panel.powers
    assert list(row.buttons) == ["harvest"]
    qtbot.waitUntil(lambda: row.buttons["harvest"].isEnabled(), timeout=10000)
    kind, options = window._power_choices("harvest")  # noqa: SLF001 - what the button's menu lists
    assert kind == "house" and [o for o, _ in options] == list("abcdef")
