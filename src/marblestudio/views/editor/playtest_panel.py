"""The playtest panel: N seeded games of the edited ruleset and of its base, side by side.

The players are chosen as `simulate --agents` writes them (random by default; heuristic, the
app's levels easy/medium/hard, or mcts:<iterations>, comma-separated, one per seat, rotated by
game).  The games run in a worker process (`marblestudio.playtest.jobs.work`) so the window never freezes;
a timer reads its queue for progress and results.  Cancel ends the process.  The figures are
those of `marblestudio simulate RULESET --agents A --seed S --players K --games N` for each
ruleset, rule coverage included: a row per rule piece (how often it fired, a game and in all,
and in how many games) and a warning for a piece that never fired.
"""

from __future__ import annotations

import multiprocessing
import queue as queue_module
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from marblestudio.playtest import coverage
from marblestudio.playtest.jobs import Job, work
from marblestudio.views.editor.resolution import Resolution

EDITED = "this file"
BASE = "base"
AGENT_CHOICES: tuple[str, ...] = (
    "random", "heuristic", "heuristic,random", "easy,random", "medium,random", "hard,random",
    "mcts:200,random", "mcts:200,heuristic",
)
"""The players offered (any `simulate --agents` list may be typed too)."""


class PlaytestPanel(QWidget):
    """Plays seeded games in a worker process; shows progress, a cancel button and the figures."""

    finished = Signal(dict)  # label -> the run's statistics (see `marblestudio.playtest.jobs.run_job`)
    progressed = Signal(int, int)  # done, total

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.source: Resolution | None = None
        self.ref: str | None = None
        self.results: dict[str, dict[str, Any]] = {}
        self.failure: str | None = None
        self._process: Any = None
        self._queue: Any = None
        self._poll = QTimer(self)
        self._poll.setInterval(50)
        self._poll.timeout.connect(self._on_poll)

        self.games = QSpinBox(self)
        self.games.setRange(1, 100_000)
        self.games.setValue(100)
        self.players = QSpinBox(self)
        self.players.setRange(1, 12)
        self.seed = QLineEdit("0", self)
        self.agents = QComboBox(self)
        self.agents.setEditable(True)
        self.agents.addItems(AGENT_CHOICES)
        self.agents.setToolTip(
            "One player per seat, comma-separated, repeated to fill the seats and rotated by game: "
            "random, heuristic, easy, medium, hard, mcts:<iterations>"
        )
        self.run_button = QPushButton("Playtest", self)
        self.cancel_button = QPushButton("Cancel", self)
        self.cancel_button.setEnabled(False)
        self.progress = QProgressBar(self)
        self.progress.setValue(0)
        self.note = QLabel(
            "Seats rotate from game to game. Game i of a run with seed S gets its own chance; "
            "the same seed gives the same games.",
            self,
        )
        self.note.setWordWrap(True)
        self.table = QTableWidget(0, 1, self)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.errors = QLabel("", self)
        self.errors.setWordWrap(True)
        self.errors.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        # Three short rows, so that the editor fits beside the board of a 600-pixel window (one
        # row of all the inputs took 676 pixels, two rows 384): the counts, the seed and the
        # players, then the buttons beside the progress.
        counts, players, buttons = QHBoxLayout(), QHBoxLayout(), QHBoxLayout()
        for row, text, widget in ((counts, "Games", self.games), (counts, "Players", self.players),
                                  (players, "Seed", self.seed), (players, "Agents", self.agents)):
            label = QLabel(text, self)
            label.setBuddy(widget)
            row.addWidget(label)
            row.addWidget(widget)
        self.seed.setMaximumWidth(120)
        self.agents.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.agents.setMinimumContentsLength(9)  # it shrinks to this; the longest choice fits when there is room
        self.agents.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.agents.setMaximumWidth(self.agents.fontMetrics().horizontalAdvance("M" * 22))
        counts.addStretch(1)
        players.setStretchFactor(self.agents, 4)  # the list takes the room first (up to its longest choice)
        self.progress.setMinimumWidth(self.progress.fontMetrics().horizontalAdvance("100%") * 2)
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.progress, 1)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(counts)
        layout.addLayout(players)
        layout.addLayout(buttons)
        layout.addWidget(self.note)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.errors)
        self.run_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self.cancel)

    # Inputs --------------------------------------------------------------------------------
    def set_source(self, source: Resolution | None, ref: str | None = None) -> None:
        """The ruleset to playtest (None: nothing valid yet); `ref` is its file, if saved."""
        self.source = source
        self.ref = ref
        self.run_button.setEnabled(source is not None and not self.running)
        if source is not None:
            players = source.rules.players
            self.players.setRange(players.min, players.max)
            if not self.results:
                self.players.setValue(players.default)

    @property
    def running(self) -> bool:
        return self._process is not None

    def agent_specs(self) -> tuple[str, ...]:
        """The chosen players, checked (raises `agents.AgentSpecError` with what is accepted)."""
        from marblestudio.agents import AgentSpecError, check_spec

        specs = tuple(a.strip() for a in self.agents.currentText().split(",") if a.strip())
        if not specs:
            raise AgentSpecError("choose at least one player (random, heuristic, easy, medium, hard, mcts:<iterations>)")
        for spec in specs:
            check_spec(spec)
        return specs

    def jobs(self) -> list[Job]:
        """The runs a click on Playtest starts: this file, then its base (if it has one).
        Raises `agents.AgentSpecError` for players that are not understood."""
        if self.source is None:
            return []
        players, games, seed = self.players.value(), self.games.value(), self.seed.text().strip() or "0"
        agents = self.agent_specs()
        jobs = [Job(EDITED, self.source.resolved, players, games, seed, self.ref or str(self.source.rules.id), agents)]
        base = self.source.base
        if base is not None:
            base_players = base.get("players", {})
            if base_players.get("min", players) <= players <= base_players.get("max", players):
                jobs.append(Job(BASE, base, players, games, seed, str(base.get("id", self.source.base_ref)), agents))
        return jobs

    # Running ---------------------------------------------------------------------------------
    def start(self) -> bool:
        """Start the worker process; False when there is nothing to play, a run is going, or the
        players are not understood (the panel says why)."""
        from marblestudio.agents import AgentSpecError

        if self.running:
            return False
        try:
            jobs = self.jobs()
        except AgentSpecError as exc:
            self.errors.setText(f"Players: {exc}")
            return False
        if not jobs:
            return False
        context = multiprocessing.get_context("spawn")  # a fork would copy the Qt application
        self._queue = context.Queue()
        self._process = context.Process(target=work, args=(jobs, self._queue), daemon=True)
        self._process.start()
        self.results = {}
        self.failure = None
        self.progress.setRange(0, sum(job.games for job in jobs))
        self.progress.setValue(0)
        self.errors.setText("")
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self._poll.start()
        return True

    def cancel(self) -> None:
        """Stop the worker at once; the figures so far are dropped."""
        if self._process is None:
            return
        self._process.terminate()
        self._process.join(5)
        self.errors.setText("Cancelled.")
        self._stop()

    def _stop(self) -> None:
        self._poll.stop()
        if self._queue is not None:
            self._queue.close()
            self._queue.cancel_join_thread()
        self._process = None
        self._queue = None
        self.cancel_button.setEnabled(False)
        self.run_button.setEnabled(self.source is not None)

    def _on_poll(self) -> None:
        if self._queue is None:
            return
        while True:
            try:
                message = self._queue.get_nowait()
            except queue_module.Empty:
                break
            kind = message[0]
            if kind == "progress":
                self.progress.setValue(message[2])
                self.progressed.emit(message[2], message[3])
            elif kind == "report":
                self.results[message[1]] = message[2]
                self._show_results()
            elif kind == "failed":
                self.failure = message[1]
                self.errors.setText(f"The playtest failed: {message[1]}")
            elif kind == "done":
                process = self._process
                self._stop()
                if process is not None:
                    process.join(5)
                self.progress.setValue(self.progress.maximum())
                self.finished.emit(dict(self.results))
                return
        if self._process is not None and not self._process.is_alive() and self._queue is not None:
            # The process died without saying "done" (killed, out of memory): say so.
            self.failure = f"the worker process stopped unexpectedly (exit code {self._process.exitcode})"
            self.errors.setText(f"The playtest failed: {self.failure}")
            self._stop()

    # Showing ---------------------------------------------------------------------------------
    def _show_results(self) -> None:
        labels = [label for label in (EDITED, BASE) if label in self.results]
        headers = [self._header(label) for label in labels]
        rows = self.rows()
        self.table.setColumnCount(len(labels))
        self.table.setRowCount(len(rows))
        self.table.setHorizontalHeaderLabels(headers)
        self.table.setVerticalHeaderLabels([name for name, _ in rows])
        for r, (_, values) in enumerate(rows):
            for c, value in enumerate(values):
                self.table.setItem(r, c, QTableWidgetItem(value))
        self.table.resizeColumnsToContents()
        problems = []
        for label in labels:
            for warning in self.results[label].get("warnings", []):
                problems.append(f"{self._header(label)}: {warning[:1].upper()}{warning[1:]}.")
            for error in self.results[label].get("errors", []):
                problems.append(
                    f"{self._header(label)}: game {error['game']} of seed {error['seed']} failed: {error['error']} "
                    f"(reproduce: {error['reproduce']})"
                )
        self.errors.setText("\n".join(problems))

    def _header(self, label: str) -> str:
        data = self.results.get(label, {})
        return f"{label} ({data.get('ruleset', '?')})"

    def rows(self) -> list[tuple[str, list[str]]]:
        """The figures as table rows: (what, one text per run shown)."""
        runs = [self.results[label] for label in (EDITED, BASE) if label in self.results]
        if not runs:
            return []

        def pct(n: float, games: int) -> str:
            return f"{n:g} ({100 * n / games:.1f}%)" if games else f"{n:g}"

        def rate(r: dict[str, Any]) -> str:
            return f"{r['wins']:g} ({100 * r['rate']:.1f}% [{100 * r['low']:.1f}, {100 * r['high']:.1f}])"

        rows: list[tuple[str, list[str]]] = [
            ("games", [str(r["games"]) for r in runs]),
            ("games that end", [pct(r["ended"], r["games"]) for r in runs]),
        ]
        seats = max(len(r["seat_wins"]) for r in runs)
        for seat in range(seats):
            name = next((r["seat_names"][seat] for r in runs if seat < len(r["seat_names"])), f"player {seat + 1}")
            rows.append((f"wins: {name}", [rate(r["seat_wins"][seat]) if seat < len(r["seat_wins"]) else "" for r in runs]))
        agents = list(dict.fromkeys(a for r in runs for a in r["agent_wins"]))
        if len(agents) > 1:
            for agent in agents:
                rows.append((f"wins: {agent}", [rate(r["agent_wins"][agent]) if agent in r["agent_wins"] else "" for r in runs]))
        rows += [
            ("draws", [str(r["draws"]) for r in runs]),
            ("capped (stopped)", [pct(r["capped"], r["games"]) for r in runs]),
            ("length: mean", [f"{r['lengths']['mean']:.1f}" for r in runs]),
            ("length: median [q1, q3]", [f"{r['lengths']['median']:g} [{r['lengths']['q1']:g}, {r['lengths']['q3']:g}]" for r in runs]),
            ("length: min-max", [f"{r['lengths']['minimum']}-{r['lengths']['maximum']}" for r in runs]),
            ("first player (decided games)", [_first_player(r["first_player"]) for r in runs]),
            ("errors", [str(len(r.get("errors", []))) for r in runs]),
        ]
        rows += coverage.rows_of_runs(runs)
        return rows


def _first_player(first: Mapping[str, Any]) -> str:
    """The first player's share of the decided games and the verdict, or only the verdict
    ("no decided games")."""
    rate = first["rate"]
    return f"{100 * rate['rate']:.1f}% of {rate['games']}: {first['verdict']}" if rate["games"] else first["verdict"]
