"""Replay controls: a timeline over the game's steps, step back and forward, play and pause,
speed, and "play from here", which starts a new game that branches at the shown position.

The controls drive the `Session` of the `GameView`: moving the timeline shows that position of
the game (`Session.goto`; a resignation is the position after the last move); stepping forward
replays one step with its animation (`Session.redo`).  While watching, the board takes no
clicks.  The buttons carry the style's standard icons (never font glyphs, which a machine may
lack), a tooltip and an accessible name each.  A step that fails stops the playing first and is
reported once.  The steps are also actions with shortcuts (`actions`: the window's Replay menu),
on only while a game is watched (`enable_actions`).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence, QResizeEvent
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QMessageBox, QPushButton, QSlider, QStyle, QVBoxLayout, QWidget

from marblestudio.engine.core import IllegalMoveError, Move
from marblestudio.views.game_view import GameView

SPEEDS = (("0.5×", 0.5), ("1×", 1.0), ("2×", 2.0), ("4×", 4.0), ("instant", 0.0))

_Icon = QStyle.StandardPixmap


NARROW = 760
"""Below this width (pixels) the replay's timeline takes a row of its own."""


class ReplayControls(QWidget):
    """Timeline and buttons for watching the game shown in a `GameView`."""

    play_from_here = Signal()

    def __init__(self, game: GameView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setMinimum(0)
        self.slider.setToolTip("The position shown: drag to any step of the game")
        self.position = QLabel("0 / 0")
        self.slider.setAccessibleName("Replay position")
        self.first = self._button(_Icon.SP_MediaSkipBackward, "Go to the start (before the first step)", "First position")
        self.back = self._button(_Icon.SP_MediaSeekBackward, "One step back", "Back one step")
        self.play = self._button(_Icon.SP_MediaPlay, "Play the game from the position shown", "Play")
        self.play.setText("Play")
        self.play.setCheckable(True)
        self.forward = self._button(_Icon.SP_MediaSeekForward, "One step forward", "Forward one step")
        self.last = self._button(_Icon.SP_MediaSkipForward, "Go to the end of the game", "Last position")
        self.first_action = self._step_action("&First Position", "Ctrl+Home", self.go_first)
        self.back_action = self._step_action("&Back One Step", "Ctrl+Left", self.step_back)
        self.forward_action = self._step_action("Forward One &Step", "Ctrl+Right", self.step_forward)
        self.last_action = self._step_action("&Last Position", "Ctrl+End", self.go_last)
        self.actions_list = [self.first_action, self.back_action, self.forward_action, self.last_action]
        self.enable_actions(False)
        self.speed = QComboBox()
        self.speed.setToolTip("How fast the moves are played")
        for label, value in SPEEDS:
            self.speed.addItem(label, value)
        self.speed.setCurrentIndex(1)
        self.branch = QPushButton("Play from here")
        self.branch.setToolTip("Start a new game from the position shown; you take the seat to move")
        rows = QVBoxLayout(self)
        self._timeline = QHBoxLayout()  # the slider's own row, in a narrow window (`_arrange`)
        self._bar = QHBoxLayout()
        rows.addLayout(self._timeline)
        rows.addLayout(self._bar)
        for w in (self.first, self.back, self.play, self.forward, self.last):
            self._bar.addWidget(w)
        self._bar.addWidget(self.slider, 1)
        self._bar.addWidget(self.position)
        self._bar.addWidget(QLabel("Speed"))
        self._bar.addWidget(self.speed)
        self._bar.addWidget(self.branch)
        self._narrow = False
        self._timer = QTimer(self)
        self._timer.setInterval(50)
        self._timer.timeout.connect(self._on_tick)
        self.slider.valueChanged.connect(self._on_slider_change)
        self.first.clicked.connect(self.go_first)
        self.last.clicked.connect(self.go_last)
        self.back.clicked.connect(self.step_back)
        self.forward.clicked.connect(self.step_forward)
        self.play.toggled.connect(self._on_play_change)
        self.speed.currentIndexChanged.connect(self._on_speed_change)
        self.branch.clicked.connect(self.play_from_here.emit)
        game.changed.connect(self.refresh)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._arrange(event.size().width() < NARROW)

    def _arrange(self, narrow: bool) -> None:
        """In a narrow window the timeline has a row of its own above the buttons (beside them
        it was some 50 pixels long at 600: too short to pick a move by dragging)."""
        if narrow == self._narrow:
            return
        self._narrow = narrow
        if narrow:
            for w in (self.slider, self.position):
                self._bar.removeWidget(w)
            self._timeline.addWidget(self.slider, 1)
            self._timeline.addWidget(self.position)
        else:
            for w in (self.slider, self.position):
                self._timeline.removeWidget(w)
            self._bar.insertWidget(5, self.slider, 1)
            self._bar.insertWidget(6, self.position)

    def _button(self, icon: QStyle.StandardPixmap, tip: str, name: str) -> QPushButton:
        """An icon button; `name` is what a screen reader says of it (the icon says nothing)."""
        button = QPushButton()
        button.setIcon(self.style().standardIcon(icon))
        button.setToolTip(tip)
        button.setAccessibleName(name)
        return button

    def _step_action(self, text: str, key: str, slot: Callable[[], object]) -> QAction:
        """A step of the replay as an action (for the window's menu): its shortcut moves the
        timeline wherever the focus is, while the action is on (a text box keeps Ctrl+arrows
        and Ctrl+Home/End for itself: it claims them first)."""
        action = QAction(text, self)
        action.setShortcut(QKeySequence(key))
        action.triggered.connect(lambda _checked=False: slot())
        return action

    def go_first(self) -> None:
        """The start of the game, before its first step (the button and Ctrl+Home)."""
        self.go_to(0)

    def go_last(self) -> None:
        """The end of the game (the button and Ctrl+End)."""
        self.go_to(self.slider.maximum())

    def board_step(self, step: int) -> None:
        """Left or Right on the focused board of a replay: one step back or on (as Ctrl+Left and
        Ctrl+Right), where the replay can move."""
        action = self.back_action if step < 0 else self.forward_action
        if action.isEnabled():
            action.trigger()

    def enable_actions(self, watching: bool) -> None:
        """Turn the step actions on while a game is `watching` (replayed), each where it can
        move (not back from the start, nor on from the end)."""
        session = self.game.session
        position = 0 if session is None else session.position
        total = 0 if session is None else session.timeline_length
        on = watching and session is not None
        self.first_action.setEnabled(on and position > 0)
        self.back_action.setEnabled(on and position > 0)
        self.forward_action.setEnabled(on and position < total)
        self.last_action.setEnabled(on and position < total)

    def refresh(self) -> None:
        """Put the timeline where the session is."""
        session = self.game.session
        total = 0 if session is None else session.timeline_length
        position = 0 if session is None else session.position
        self.slider.blockSignals(True)
        self.slider.setMaximum(total)
        self.slider.setValue(position)
        self.slider.blockSignals(False)
        self.position.setText(f"{position} / {total}")
        if position >= total and self.play.isChecked():
            self.play.setChecked(False)

    def go_to(self, position: int) -> None:
        """Show the game at `position` of its timeline."""
        session = self.game.session
        if session is not None:
            self.game.skip_animation()
            self._safely(lambda: session.goto(position))

    def step_back(self) -> None:
        session = self.game.session
        if session is not None and session.position > 0:
            self.go_to(session.position - 1)

    def step_forward(self) -> bool:
        """Play the next step with its animation; False at the end (or when it fails)."""
        session = self.game.session
        if session is None or not session.can_redo():
            return False
        self.game.skip_animation()
        return self._safely(session.redo)

    def _safely(self, action: Callable[[], bool | None]) -> bool:
        """Run a step of the replay (False when it did nothing); if it fails, stop playing
        first, then say so once."""
        try:
            return action() is not False
        except IllegalMoveError as exc:
            self.play.setChecked(False)
            move = exc.move.public_text if isinstance(exc.move, Move) else str(exc.move)
            QMessageBox.warning(self, "Cannot replay this step", f"The step {move} cannot be played: {exc.rule}.")
        except Exception as exc:  # noqa: BLE001 - shown and logged once, never again at each tick
            self.play.setChecked(False)
            from marblestudio.views.app import report_error

            report_error(type(exc), exc, exc.__traceback__, self)
        return False

    def _on_slider_change(self, value: int) -> None:
        self.go_to(value)

    def _on_play_change(self, playing: bool) -> None:
        self.play.setText("Pause" if playing else "Play")
        self.play.setIcon(self.style().standardIcon(_Icon.SP_MediaPause if playing else _Icon.SP_MediaPlay))
        self.play.setToolTip("Pause the replay" if playing else "Play the game from the position shown")
        if playing:
            self._timer.start()
        else:
            self._timer.stop()

    def _on_tick(self) -> None:
        if self.game.scene.clock.is_running():
            return
        self._timer.stop()  # a step that shows a dialog must not be ticked again meanwhile
        if not self.step_forward():
            self.play.setChecked(False)
        elif self.play.isChecked():
            self._timer.start()

    def _on_speed_change(self, _index: int) -> None:
        speed = float(self.speed.currentData())
        self.game.scene.clock.set_speed(speed)
        self._timer.setInterval(50 if speed > 0 else 0)  # "instant" steps as fast as it can draw
