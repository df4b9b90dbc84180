"""Replay controls: a timeline over the game's steps, step back and forward, play and pause,
speed, and "play from here", which starts a new game that branches at the shown position.

The controls drive the `Session` of the `GameView`: moving the timeline shows the position
after that many steps (`Session.goto`); stepping forward replays one step with its animation
(`Session.redo`).  While watching, the board takes no clicks.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QSlider, QWidget

from marblestudio.views.game_view import GameView

SPEEDS = (("0.5×", 0.5), ("1×", 1.0), ("2×", 2.0), ("4×", 4.0), ("instant", 0.0))


class ReplayControls(QWidget):
    """Timeline and buttons for watching the game shown in a `GameView`."""

    play_from_here = Signal()

    def __init__(self, game: GameView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setMinimum(0)
        self.position = QLabel("0 / 0")
        self.first = QPushButton("⏮")
        self.back = QPushButton("◀")
        self.play = QPushButton("▶ Play")
        self.play.setCheckable(True)
        self.forward = QPushButton("▶|")
        self.last = QPushButton("⏭")
        self.speed = QComboBox()
        for label, value in SPEEDS:
            self.speed.addItem(label, value)
        self.speed.setCurrentIndex(1)
        self.branch = QPushButton("Play from here")
        for button, tip in (
            (self.first, "Go to the start"),
            (self.back, "One step back"),
            (self.forward, "One step forward"),
            (self.last, "Go to the end"),
        ):
            button.setToolTip(tip)
        layout = QHBoxLayout(self)
        for w in (self.first, self.back, self.play, self.forward, self.last):
            layout.addWidget(w)
        layout.addWidget(self.slider, 1)
        layout.addWidget(self.position)
        layout.addWidget(QLabel("Speed"))
        layout.addWidget(self.speed)
        layout.addWidget(self.branch)
        self._timer = QTimer(self)
        self._timer.setInterval(50)
        self._timer.timeout.connect(self._on_tick)
        self.slider.valueChanged.connect(self._on_slider_change)
        self.first.clicked.connect(lambda: self.go_to(0))
        self.last.clicked.connect(lambda: self.go_to(self.slider.maximum()))
        self.back.clicked.connect(self.step_back)
        self.forward.clicked.connect(self.step_forward)
        self.play.toggled.connect(self._on_play_change)
        self.speed.currentIndexChanged.connect(self._on_speed_change)
        self.branch.clicked.connect(self.play_from_here.emit)
        game.changed.connect(self.refresh)

    def refresh(self) -> None:
        """Put the timeline where the session is."""
        session = self.game.session
        total = 0 if session is None else len(session.all_moves())
        ply = 0 if session is None else session.ply
        self.slider.blockSignals(True)
        self.slider.setMaximum(total)
        self.slider.setValue(ply)
        self.slider.blockSignals(False)
        self.position.setText(f"{ply} / {total}")
        if ply >= total and self.play.isChecked():
            self.play.setChecked(False)

    def go_to(self, ply: int) -> None:
        session = self.game.session
        if session is not None:
            self.game.skip_animation()
            session.goto(ply)

    def step_back(self) -> None:
        session = self.game.session
        if session is not None and session.ply > 0:
            self.go_to(session.ply - 1)

    def step_forward(self) -> bool:
        session = self.game.session
        if session is None or not session.can_redo():
            return False
        self.game.skip_animation()
        return session.redo()

    def _on_slider_change(self, value: int) -> None:
        self.go_to(value)

    def _on_play_change(self, playing: bool) -> None:
        self.play.setText("⏸ Pause" if playing else "▶ Play")
        if playing:
            self._timer.start()
        else:
            self._timer.stop()

    def _on_tick(self) -> None:
        if self.game.scene.clock.is_running():
            return
        if not self.step_forward():
            self.play.setChecked(False)

    def _on_speed_change(self, _index: int) -> None:
        speed = float(self.speed.currentData())
        self.game.scene.clock.set_speed(speed)
        self._timer.setInterval(50 if speed > 0 else 0)  # "instant" steps as fast as it can draw
