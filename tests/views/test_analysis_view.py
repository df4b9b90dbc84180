"""The game analysis in the window: Game > Analyse Game runs in worker processes with a progress
bar and Cancel, the graph under the timeline marks mistakes and blunders and goes to a move when
clicked, the best move found is marked on the board, and the optional evaluation bar judges each
position of a game being played for its human seat.

The hand-worked game is the one-row Stay Alive board of tests/test_analysis.py: from POSITION
Blue plays W2- (quiet), Red R1+ (quiet), and Blue W2+, which drops Blue's own marble when W1+
would have dropped Red's: a blunder, best move W1+.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from marblestudio.analysis import Analysis, Budget, MoveReview, PositionTask
from marblestudio.session import HUMAN, Session
from marblestudio.views import window_analysis
from marblestudio.views.analysis_graph import AnalysisGraph
from marblestudio.views.analysis_view import BLUNDER_COLOUR, MISTAKE_COLOUR, AnalysisPanel, Seat
from marblestudio.views.app import settings
from marblestudio.views.eval_bar import SETTING, viewer_seat
from marblestudio.views.main_window import MainWindow
from marblestudio.views.palette import readable_on

from tests.test_analysis import POSITION, RULES

from .helpers import open_main_window
from .window_fixtures import Answers, answers, finished_record  # noqa: F401

pytestmark = pytest.mark.gl

GAME = ["W2-", "R1+", "W2+"]
SEATS = [Seat("Red", "#d62728"), Seat("Blue", "#1f77b4")]


@pytest.fixture
def window(qtbot: QtBot, answers: Answers) -> Iterator[MainWindow]:  # noqa: F811 - the fixture
    win = open_main_window(qtbot, 1100, 760)
    win.analysis.budget = Budget(200)
    win.eval_bar.budget = Budget(40)
    yield win
    win.analysis.shutdown()
    win.eval_bar.shutdown()
    win.game.shutdown()


def blunder_game() -> Session:
    """The hand-worked game (module doc), to be watched."""
    return Session.from_moves(RULES, ["medium", "medium"], GAME, start=POSITION)


def review(index: int, seat: int, after: float, mark: str = "") -> MoveReview:
    loss = {"": 0.0, "mistake": 0.2, "blunder": 0.5}[mark]
    return MoveReview(index, seat, f"m{index}", after + loss, after, "best" if mark else f"m{index}", after + loss, loss, mark, ())


# The graph by itself -------------------------------------------------------------------------------
def made_up() -> Analysis:
    """Six moves: seat 0 makes a mistake at step 2, seat 1 a blunder at step 5."""
    moves = [review(0, 0, 0.5), review(1, 1, 0.5), review(2, 0, 0.3, "mistake"), review(3, 1, 0.7), review(4, 0, 0.35),
             review(5, 1, 0.1, "blunder")]
    return Analysis(moves, Budget(10), 2, False)


def test_the_graph_has_one_point_per_reviewed_move_marked_in_its_colour(qtbot: QtBot) -> None:
    panel = AnalysisPanel()
    qtbot.addWidget(panel)
    panel.show_analysis(made_up(), SEATS, 7)
    spots = panel.graph.spots
    assert [(s.x, s.y) for s in spots if s.seat == 0] == [(1, 0.5), (3, 0.3), (5, 0.35)]  # the position after each move
    assert [(s.x, s.y) for s in spots if s.seat == 1] == [(2, 0.5), (4, 0.7), (6, 0.1)]
    marks = {s.x: (s.mark, s.colour) for s in spots}
    assert marks[3] == ("mistake", MISTAKE_COLOUR) and marks[6] == ("blunder", BLUNDER_COLOUR)
    assert marks[1][1] == readable_on("#d62728", "#262a30", 3.0) and marks[2][1] == readable_on("#1f77b4", "#262a30", 3.0)
    blunder = next(s for s in spots if s.mark == "blunder")
    # step 5, as `analyse` numbers it (it said 6)
    assert "Step 5, Blue: m5 — blunder (lost 50%)" in blunder.text and "60% → 10%" in blunder.text and "best found: best" in blunder.text
    text = panel.summary.text()
    assert "Red" in text and "1 mistake" in text and "Blue" in text and "1 blunder" in text
    assert panel.graph.length == 7


def test_a_click_on_a_point_of_the_graph_names_that_position(qtbot: QtBot) -> None:
    graph = AnalysisGraph()
    qtbot.addWidget(graph)
    graph.resize(600, 200)
    graph.show()
    qtbot.waitExposed(graph)
    graph.show_analysis(made_up().moves, SEATS, 7)
    spot = next(s for s in graph.spots if s.mark == "blunder")
    with qtbot.waitSignal(graph.position_clicked) as clicked:
        QTest.mouseClick(graph.viewport(), Qt.MouseButton.LeftButton, pos=graph.widget_point(spot.x, spot.y))
    assert clicked.args == [6]
    graph.set_position(4)
    assert graph.position == 4


# Analysing in the window -----------------------------------------------------------------------------
def analysed(qtbot: QtBot, window: MainWindow) -> Analysis:
    """Trigger Game > Analyse Game and wait for its result, checking the window is not held up."""
    action = window.analysis.action
    assert action is not None and action.isEnabled() and action.shortcut().toString() == "Ctrl+Shift+A"
    started = time.perf_counter()
    action.trigger()
    assert time.perf_counter() - started < 1.0  # the searches run elsewhere
    qtbot.waitUntil(lambda: not window.analysis.is_running(), timeout=60000)
    assert window.analysis.analysis is not None
    return window.analysis.analysis


def test_a_replayed_game_is_analysed_in_the_background_and_its_blunder_marked(qtbot: QtBot, window: MainWindow) -> None:
    window.set_session(blunder_game(), interactive=False)
    assert not window.analysis.dock.isVisible()
    progress: list[tuple[int, int]] = []
    window.analysis.worker.progress.connect(lambda _tag, done, total: progress.append((done, total)))
    analysis = analysed(qtbot, window)
    assert window.analysis.dock.isVisible() and progress and progress[-1][0] == progress[-1][1]
    assert [m.move for m in analysis.moves] == GAME
    last = analysis.moves[-1]
    assert (last.seat, last.best, last.mark) == (1, "W1+", "blunder")
    graph = window.analysis.panel.graph
    assert len(graph.spots) == 3
    assert [s.mark for s in graph.spots if s.mark] == ["blunder"]
    assert next(s for s in graph.spots if s.mark).colour == BLUNDER_COLOUR
    assert "Analysis done: 0 mistakes, 1 blunder" in window.message_label.text()


def test_a_click_on_the_graph_goes_to_that_move_and_the_best_move_is_on_the_board(qtbot: QtBot, window: MainWindow) -> None:
    session = blunder_game()
    window.set_session(session, interactive=False)
    analysed(qtbot, window)
    graph = window.analysis.panel.graph
    window.analysis.dock.resize(900, 220)
    qtbot.waitUntil(lambda: graph.width() > 200 and graph.height() > 80)
    first = next(s for s in graph.spots if s.x == 1)
    QTest.mouseClick(graph.viewport(), Qt.MouseButton.LeftButton, pos=graph.widget_point(first.x, first.y))
    assert session.position == 1 and window.replay.slider.value() == 1 and graph.position == 1
    board = window.game.board
    assert board is not None
    marked: list[object] = []
    real = board.set_highlight

    def spy(legal: set[object], hover: object) -> None:
        marked.append(hover)
        real(legal, hover)

    board.set_highlight = spy  # type: ignore[method-assign]
    window.replay.go_to(2)  # before the blunder
    qtbot.waitUntil(lambda: bool(marked) and marked[-1] is not None)
    best = board.target_of(session.state.parse_move("W1+"))
    assert best is not None and marked[-1] == best
    message = window.message_label.text()
    assert f"Best move found for {session.seat_name(1)} here: W1+ (100%). Made: W2+, a blunder (100% → 0%)." == message
    window.replay.go_to(3)  # the end: no move was made there
    assert "Best move found" not in window.message_label.text()
    assert graph.position == 3


def test_a_second_analysis_of_the_same_game_reuses_the_first(qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    window.set_session(blunder_game(), interactive=False)
    first = analysed(qtbot, window)
    window.set_session(blunder_game(), interactive=False)  # the same game, opened again
    assert window.analysis.analysis is first and len(window.analysis.panel.graph.spots) == 3
    started: list[object] = []

    def start(task: object) -> int:
        started.append(task)
        return 0

    monkeypatch.setattr(window.analysis.worker, "start", start)
    assert window.analysis.analyse()
    assert started == [] and window.analysis.analysis is first and "made before" in window.message_label.text()


def test_the_graph_fills_in_as_the_analysis_runs_and_cancel_stops_it(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    assert window.open_path(finished_record(tmp_path))
    window.analysis.budget = Budget(3000)  # long enough to be cancelled
    assert window.analysis.analyse()
    panel = window.analysis.panel
    assert window.analysis.is_running() and panel.progress.isVisible() and panel.cancel.isVisible()
    qtbot.waitUntil(lambda: bool(panel.graph.spots) and panel.graph.isVisible(), timeout=30000)  # the moves reviewed so far
    assert window.analysis.is_running()
    QTest.mouseClick(panel.cancel, Qt.MouseButton.LeftButton)
    assert not window.analysis.is_running() and not panel.progress.isVisible() and not panel.graph.isVisible()
    assert window.message_label.text() == "Analysis cancelled."
    qtbot.wait(500)
    assert window.analysis.analysis is None and window.analysis.cache == {}
    assert panel.analyse_button.isVisible()


def test_failures_are_messages_not_tracebacks(qtbot: QtBot, window: MainWindow, answers: Answers,  # noqa: F811
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    window.set_session(blunder_game(), interactive=False)

    def broken(*_args: object) -> None:
        raise ValueError("move 2 (R9+) is not a move of this game")

    with monkeypatch.context() as patch:
        patch.setattr(window_analysis, "prepare", broken)
        assert not window.analysis.analyse()
    assert answers.warnings == ["The game cannot be analysed: move 2 (R9+) is not a move of this game"]
    window.analysis.budget = Budget(3000)
    assert window.analysis.analyse()
    window.analysis.worker.failed.emit(window.analysis._tag, "BrokenProcessPool: a worker died")
    assert not window.analysis.is_running()
    assert answers.warnings[-1] == "The game could not be analysed: BrokenProcessPool: a worker died"
    assert "Traceback" not in window.message_label.text()


def test_the_action_needs_a_game_with_moves(qtbot: QtBot, window: MainWindow) -> None:
    assert window.analysis.action is not None and not window.analysis.action.isEnabled()  # the library
    window.set_session(Session(RULES, ["medium", "medium"], start=POSITION), interactive=False)
    assert not window.analysis.action.isEnabled() and not window.analysis.analyse()
    window.set_session(blunder_game(), interactive=False)
    assert window.analysis.action.isEnabled()


def test_a_game_that_hides_cards_from_a_person_is_not_analysed_while_it_goes_on(qtbot: QtBot, window: MainWindow) -> None:
    """An analysis names each mover's best card: not while a person plays ALIVE (the same game
    watched, or over, may be analysed)."""
    assert window.start_game("alive/standard", [HUMAN, "easy"], seed=2)
    session = window.game.session
    assert session is not None
    qtbot.waitUntil(lambda: any(s.mover != -1 for s in session.all_steps()) or session.waiting_for_human(), timeout=15000)
    if not any(s.mover != -1 for s in session.all_steps()):  # the human moves first: one move of theirs
        session.play(session.state.legal_moves()[0])
    action = window.analysis.action
    assert action is not None
    window.analysis.update()
    assert not action.isEnabled() and "hides cards from its players" in action.toolTip()
    assert not window.analysis.analyse()
    window.set_session(session, interactive=False)  # watched: nothing is hidden from a player at the table
    assert action.isEnabled()


# The evaluation bar ---------------------------------------------------------------------------------
def test_the_evaluation_bar_is_off_by_default_and_judges_each_position_when_on(qtbot: QtBot, window: MainWindow) -> None:
    action = window.eval_bar.action
    assert action is not None and action.isCheckable() and not action.isChecked()
    assert window.start_game("stay-alive/quick", [HUMAN, "easy"], seed=5)
    qtbot.waitUntil(lambda: bool(window.game.legal_targets()), timeout=15000)
    assert not window.eval_bar.bar.isVisible()
    action.setChecked(True)
    assert settings().value(SETTING) in (True, "true")
    bar = window.eval_bar.bar
    assert bar.isVisible()
    qtbot.waitUntil(lambda: bool(bar.values), timeout=30000)
    assert window.eval_bar.viewer == 0  # the human
    assert len(bar.values) == 2 and all(0 <= v <= 1 for v in bar.values)
    assert bar.text().startswith("Red ") and " · Blue " in bar.text() and "as Red can judge" in bar.toolTip()
    session = window.game.session
    assert session is not None
    ply = session.ply
    session.play(session.state.legal_moves()[0])
    qtbot.waitUntil(lambda: session.ply > ply + 1 and session.waiting_for_human(), timeout=30000)
    asked = window.eval_bar._asked
    qtbot.waitUntil(lambda: not window.eval_bar.worker.is_busy(), timeout=30000)
    assert asked is not None and asked[1] == session.ply
    action.setChecked(False)
    assert not bar.isVisible() and settings().value(SETTING) in (False, "false")


def test_the_evaluation_bar_judges_for_the_human_in_a_game_with_hidden_cards(qtbot: QtBot, window: MainWindow,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    tasks: list[PositionTask] = []
    real = window.eval_bar.worker.start

    def start(task: PositionTask) -> int:
        tasks.append(task)
        return real(task)

    monkeypatch.setattr(window.eval_bar.worker, "start", start)
    assert window.eval_bar.action is not None
    window.eval_bar.action.setChecked(True)
    assert window.start_game("alive/standard", ["easy", HUMAN], seed=2)
    session = window.game.session
    assert session is not None
    qtbot.waitUntil(lambda: bool(tasks), timeout=15000)
    assert viewer_seat(session) == 1
    assert all(job[1] == 1 for task in tasks for job in task.jobs)
    qtbot.waitUntil(lambda: bool(window.eval_bar.bar.values), timeout=30000)
    assert "as " + session.seat_name(1) + " can judge" in window.eval_bar.bar.toolTip()


def test_the_evaluation_bar_shows_the_result_of_a_game_that_is_over(qtbot: QtBot, window: MainWindow) -> None:
    assert window.eval_bar.action is not None
    window.eval_bar.action.setChecked(True)
    session = Session.from_moves(RULES, [HUMAN, HUMAN], ["W1+"], start=POSITION)
    window.set_session(session)
    assert window.eval_bar.bar.values == (0.0, 1.0) and window.eval_bar.bar.toolTip().endswith("The result of the game.")


def test_the_analysis_of_an_opened_record_seeds_as_analyse_does(tmp_path: Path) -> None:
    # A review: the app analysed a `simulate` record (seed "1") with seed 0, so its figures and best
    # moves differed from `marblestudio analyse` of the same file, which seeds with "1".
    from marblestudio.cli import main
    from marblestudio.records import load_record
    from marblestudio.session import from_record
    from marblestudio.views.window_analysis import analysis_seed

    assert main(["simulate", "stay-alive/quick", "--games", "1", "--seed", "1", "--workers", "1", "--record-dir", str(tmp_path)]) == 0
    record = load_record(next(tmp_path.glob("*.json")))
    session = from_record(record)
    assert record.seed == "1" and session.seed == 0  # the game played on needs a whole number
    assert analysis_seed(session) == "1"
    assert analysis_seed(Session(RULES, [HUMAN, HUMAN], seed=7)) == 7
