"""The live preview: the 3D board that the edited ruleset describes, redrawn as it changes.

The board comes from the board registry of `views/board/` (one `BoardView` per family), so the
preview shows exactly what a game of the ruleset would: board size, slides, gates, cards,
rocker.  The scene (OpenGL) is made only when the preview is first shown, so the rest of the
editor needs no OpenGL.  The position shown is a new game after its seeded set-up.

For a ruleset with rule pieces, "Show" offers, for each piece, a position where it fired: a
search of seeded random games (`playtest.firing`, bounded in games and time) runs in a daemon
thread each time a new version of the ruleset is shown, and is cancelled when another comes
or the text stops being valid.  A trigger is shown just after the move that fired it (the
last-move marker on that move); a constraint at the decision where it left moves out.
"""

from __future__ import annotations

import logging
import random
import threading
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE, State
from marblestudio.engine.rules import Ruleset
from marblestudio.playtest.firing import SECONDS, Firing, Search, find_firings, piece_names
from marblestudio.session import Session

if TYPE_CHECKING:
    from marblestudio.views.board.base import BoardView
    from marblestudio.views.board.scene import Scene

log = logging.getLogger(__name__)

PREVIEW_SEED = "preview"
"""The set-up shown is drawn from `random.Random(PREVIEW_SEED)`: the same every time."""
START = "The start position"
"""The first choice of "Show"."""
LISTED = 3
"""The moves a constraint left out named in the caption (then "and N more")."""


def set_up(rules: Ruleset, players: int | None = None) -> State:
    """A new game of `rules` with its opening chance steps (random set-up) drawn from a fixed seed."""
    state = new_game(rules, players)
    rng = random.Random(PREVIEW_SEED)
    for _ in range(10_000):
        if state.outcome() is not None or state.to_move != CHANCE:
            break
        state.apply(state.sample_chance(rng))
    return state


def firing_caption(rules: Ruleset, firing: Firing) -> str:
    """Where `firing` happened, in words: "'fall again' fired here: game 7, move 23 (Red: R3+)." """
    who = rules.presentation.seat_name(firing.mover)
    where = f"game {firing.game}"
    if firing.constraint:
        left = ", ".join(firing.forbidden[:LISTED]) + (
            f" and {len(firing.forbidden) - LISTED} more" if len(firing.forbidden) > LISTED else ""
        )
        text = f"'{firing.rule}' left out {left} here: {where}, move {firing.number}, {who} to move ({who} played {firing.text})."
    elif firing.chance:
        text = f"'{firing.rule}' fired here: {where}, the chance step after move {firing.number} (chance: {firing.text}, for {who})."
    else:
        text = f"'{firing.rule}' fired here: {where}, move {firing.number} ({who}: {firing.text})."
    return text + f" Games are those of a playtest with seed {firing.seed} and random players."


def missing_caption(name: str, search: Search) -> str:
    """Why no position is shown for the piece `name`: "'never' did not fire in 200 random games." """
    games = f"{search.games} random game{'s' if search.games != 1 else ''}"
    limit = f" (the search stopped after {search.seconds:g} s)" if search.stopped and search.seconds is not None else ""
    return f"'{name}' did not fire in {games}{limit}. The board shows the start position."


class FiringSearch:
    """`find_firings(rules)` in a daemon thread: `result` (or `error`) once `done()`."""

    def __init__(self, rules: Ruleset, seconds: float) -> None:
        self.rules = rules
        self.seconds = seconds
        self.result: Search | None = None
        self.error: Exception | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="preview-firings", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self.result = find_firings(self.rules, seconds=self.seconds, cancelled=self._stop.is_set)
        except Exception as exc:  # noqa: BLE001 - a piece that fails in play is reported, editing goes on
            self.error = exc

    def cancel(self) -> None:
        self._stop.set()

    @property
    def cancelled(self) -> bool:
        return self._stop.is_set()

    def done(self) -> bool:
        return not self._thread.is_alive()


class PreviewPanel(QWidget):
    """Shows the board of a ruleset in a 3D scene (made on first use) and, for a ruleset with
    rule pieces, a position where each piece fired."""

    searched = Signal(object)  # the `Search` of the ruleset shown, once its search is over

    def __init__(self, parent: QWidget | None = None, enabled: bool = True) -> None:
        super().__init__(parent)
        self.enabled = enabled
        self.scene: Scene | None = None
        self.board: BoardView | None = None
        self.shown: Ruleset | None = None
        self.start: State | None = None  # the start position of `shown`
        self.position: State | None = None  # the position on the board
        self.search: Search | None = None  # the finished search of `shown`
        self.failure = ""  # why the search of `shown` failed
        self.running: FiringSearch | None = None  # the search under way, of `shown`
        self.seconds = SECONDS  # how long a search may take
        self._wanted: str | None = None  # the piece whose firing the user asked for (None: the start)
        self._caption = ""
        self._start_caption = ""
        self._poll = QTimer(self)
        self._poll.setInterval(30)
        self._poll.timeout.connect(self._on_poll)

        self.note = QLabel("The board appears here while the file is valid.", self)
        self.note.setWordWrap(True)
        self.choice = QComboBox(self)
        self.choice.setToolTip("A position where a rule piece of the file fired, in seeded random games")
        # a long piece name must not widen the editor (and the window beside it): the list shrinks
        self.choice.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.choice.setMinimumContentsLength(12)
        self.choice.currentIndexChanged.connect(self._on_choice_change)
        self.choice_row = QWidget(self)
        row = QHBoxLayout(self.choice_row)
        row.setContentsMargins(0, 0, 0, 0)
        label = QLabel("Show", self.choice_row)
        label.setBuddy(self.choice)
        row.addWidget(label)
        row.addWidget(self.choice, 1)
        self.choice_row.hide()
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.addWidget(self.choice_row)
        self._layout.addWidget(self.note)

    def _ensure_scene(self) -> Scene | None:
        if self.scene is None and self.enabled:
            try:
                from marblestudio.views.board.scene import Scene
            except ImportError as exc:  # the 3D scene is not there (yet): say so, keep editing
                self.note.setText(f"No 3D preview: {exc}")
                self.enabled = False
                return None
            self.scene = Scene(self)
            self.scene.setMinimumSize(160, 120)  # the editor's tab may be small; the board scales
            self._layout.addWidget(self.scene, 1)
        return self.scene

    def show_invalid(self) -> None:
        """Say that the file has errors; the board of its last valid text stays (its search stops)."""
        self.cancel_search()
        if self.shown is not None:
            self.note.setText(f"The file has errors: the board shown is its last valid version ({self.shown.name}).")
        else:
            self.note.setText("The board appears here once the file is valid.")

    def show_rules(self, rules: Ruleset) -> bool:
        """Draw the board of `rules`; False when it cannot be drawn (the note says why).  For a
        ruleset with pieces, start looking for where each fires."""
        if rules == self.shown:
            if rules.pieces and self.search is None and not self.failure and self.running is None:
                self._start_search(rules)  # its search was cancelled while the text had errors
            self.note.setText(self._caption)
            return True
        scene = self._ensure_scene()
        if scene is None:
            return False
        from marblestudio.views.board.registry import board_class
        from marblestudio.views.palette import seat_colours

        self.cancel_search()
        try:
            state = set_up(rules)
            cls, reason = board_class(rules.game)
            board = cls(scene)
            if reason is not None and hasattr(board, "reason"):
                board.reason = reason
            scene.set_board(board, rules, seat_colours(rules.presentation, state.num_players))
            board.show(state.public_view())
        except Exception as exc:  # noqa: BLE001 - a board that cannot draw this ruleset must not break editing
            log.exception("preview of %s failed", rules.id)
            self.note.setText(f"The board cannot be drawn: {exc}")
            return False
        self.board = board
        self.shown = rules
        self.start = self.position = state
        self.search = None
        self.failure = ""
        self._start_caption = f"{rules.name}: the board after a set-up drawn from seed '{PREVIEW_SEED}'." + (
            f" ({reason})" if reason else ""
        )
        self._fill_choices(rules)
        if rules.pieces:
            self._start_search(rules)
        self._show_choice()
        return True

    def _start_search(self, rules: Ruleset) -> None:
        self.running = FiringSearch(rules, self.seconds)
        self._poll.start()

    def cancel_search(self) -> None:
        """Stop looking for firings (a new version of the text is coming, or none that is valid)."""
        if self.running is not None:
            self.running.cancel()
            self.running = None
        self._poll.stop()

    # "Show" ------------------------------------------------------------------------------------
    def _fill_choices(self, rules: Ruleset) -> None:
        """The start position, then one entry per piece; the piece chosen before stays chosen."""
        names = piece_names(rules)
        self.choice.blockSignals(True)
        self.choice.clear()
        self.choice.addItem(START, None)
        for name in names:
            self.choice.addItem(f"Where '{name}' fires", name)
        if self._wanted not in names:
            self._wanted = None
        self.choice.setCurrentIndex(max(0, self.choice.findData(self._wanted)) if self._wanted is not None else 0)
        self.choice.blockSignals(False)
        self.choice_row.setVisible(bool(names))

    def _label_choices(self, search: Search) -> None:
        """Each piece's entry says where it fired, or that it did not."""
        for index in range(1, self.choice.count()):
            name = self.choice.itemData(index)
            firing = search.found.get(name)
            self.choice.setItemText(
                index,
                f"Where '{name}' fires (game {firing.game}, move {firing.number})" if firing is not None
                else f"'{name}' (did not fire in {search.games} games)",
            )

    def choose(self, name: str | None) -> None:
        """Show where the piece `name` fired (None: the start position)."""
        index = self.choice.findData(name) if name is not None else 0
        if index < 0:
            raise KeyError(name)
        if index == self.choice.currentIndex():
            self._on_choice_change(index)
        else:
            self.choice.setCurrentIndex(index)

    def _on_choice_change(self, index: int) -> None:
        self._wanted = self.choice.itemData(index) if index > 0 else None
        self._show_choice()

    def _on_poll(self) -> None:
        running = self.running
        if running is None:
            self._poll.stop()
            return
        if not running.done():
            return
        self._poll.stop()
        self.running = None
        if running.rules != self.shown:
            return
        if running.error is not None:
            log.error("looking for rule firings of %s failed", running.rules.id, exc_info=running.error)
            self.failure = f"Looking for where the rules fire failed: {running.error}"
        self.search = running.result
        if self.search is not None:
            self._label_choices(self.search)
        self._show_choice()
        self.searched.emit(self.search)

    def _show_choice(self) -> None:
        """Put the chosen position on the board, with its caption."""
        rules, name = self.shown, self._wanted
        if rules is None or self.board is None or self.start is None:
            return
        firing = self.search.found.get(name) if self.search is not None and name is not None else None
        if firing is None:
            if name is None:
                caption = self._start_caption
            elif self.failure:
                caption = self.failure
            elif self.search is None:
                caption = f"Looking for a game where '{name}' fires…"
            else:
                caption = missing_caption(name, self.search)
            self._put(self.start, None)
        else:
            caption = firing_caption(rules, firing)
            try:
                moves = firing.moves[:-1] if firing.constraint else firing.moves
                session = Session.from_moves(rules, ["random"] * firing.players, moves, firing.game)
                self._put(session.state, session)
            except Exception as exc:  # noqa: BLE001 - a position that cannot be drawn must not break editing
                log.exception("the preview could not draw where %r fired", name)
                caption = f"The board cannot show where '{name}' fired: {exc}"
        self._caption = caption
        self.note.setText(caption)

    def _put(self, state: State, session: Session | None) -> None:
        """Draw `state` (with `session`, whose last move the board marks)."""
        assert self.board is not None
        self.board.session = session
        self.board.show(state.public_view())
        self.position = state
        if self.scene is not None:
            self.scene.update()
