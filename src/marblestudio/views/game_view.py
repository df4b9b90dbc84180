"""The board of the game in progress, and the loop that drives it.

`GameView` wraps a `Session` (the model) and a `Scene` with the family's board.  It subscribes
to the session: a played step is animated from its events, then the board is put exactly where
the engine says; then the next decision is asked for: chance is drawn at once, a computer seat
asks the worker process, a human seat gets its legal targets highlighted.  A click on a target
plays its move; a click on anything else asks the engine why not, and `message` tells the user
the rule that stopped it.

A computer seat to move is asked as soon as the step before is played, so that it thinks while
the board draws that step; a move it finds before the drawing ends waits for it (`_answer`).  So
a reply takes the longer of the two times, not their sum (`benchmarks/replies.py`).

The scene is made on first use (`scene`), not with the view: importing pyqtgraph's OpenGL part
is the slowest step of the app's start, so a window can show first ("Loading the board…") and
make its board in the next event-loop turn.  The animation clock belongs to the view.

`view_position(p)` shows an earlier position of the game while it goes on (the move list's rows
ask for it): the board shows it read-only, takes no clicks and no typed moves, and the game's
own moves keep coming without being drawn until `view_live()` returns to the present.

While the board animates moves, the rest of the window (status line, seats, move list) shows the
position the board has finished drawing, not the game as it already stands: `behind()` is that
position as a game of its own while moves wait to be drawn (several at once when moves are
redone, say), and `changed` is emitted as each move's animation ends.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from marblestudio.agents.random import NO_MOVE
from marblestudio.engine import family
from marblestudio.engine.core import CHANCE, IllegalMoveError, Move, NotationError, Outcome
from marblestudio.session import Change, Session
from marblestudio.views.board.animation import AnimationClock, Step
from marblestudio.views.board.help import listing
from marblestudio.views.computer import ComputerWorker
from marblestudio.views.palette import seat_colours

if TYPE_CHECKING:
    from marblestudio.views.board.base import BoardView
    from marblestudio.views.board.scene import Scene

log = logging.getLogger(__name__)

VIEWING_NOTE = "This is an earlier position: press Esc or click the last move to return to the game."


class GameView(QWidget):
    """A 3D board that plays a session."""

    message = Signal(str)  # a rule that stopped a move, or what is going on
    changed = Signal()  # the position changed (status line, move log, menus)
    game_over = Signal(object)  # the Outcome
    idle = Signal()  # animations done and nothing pending (a human to move, or the end)
    scene_ready = Signal(object)  # the 3D scene has just been made (see `scene`)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.clock = AnimationClock(self)  # the scene's animation clock (`scene.clock`)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self.loading = QLabel("Loading the board…")
        self.loading.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.loading.setStyleSheet("QLabel { background: rgb(38, 42, 48); color: rgb(200, 200, 200); font-size: 14pt; }")
        self._layout.addWidget(self.loading)
        self._scene: Scene | None = None
        self.session: Session | None = None
        self.board: BoardView | None = None
        self.worker = ComputerWorker(self)
        self.colour_blind = False
        self.interactive = True  # False while watching a replay
        self.viewing: int | None = None  # the earlier position shown read-only, if any
        self._viewed: Session | None = None  # that position, as a game of its own
        self._pending_tag = 0
        self._asked_at: int | None = None  # the timeline position the pending computer request is for
        self._answer: tuple[int, str] | None = None  # the computer's move, come while the board still drew
        self._thinking = False
        self._announced = False
        # While animations play: the timeline position whose drawing has finished (None: the board
        # has caught up with the game), and that position as a game of its own (made when first
        # asked: `behind`).
        self._drawn: int | None = None
        self._behind: tuple[int, Session] | None = None
        self.clock.finished.connect(self._on_animation_finished)
        self.worker.chosen.connect(self._on_computer_chosen)
        self.worker.failed.connect(self._on_computer_failed)

    @property
    def scene(self) -> Scene:
        """The 3D scene, made on first use: importing pyqtgraph's OpenGL part takes a while, so a
        window shows first and loads its board behind ("Loading the board…" until then)."""
        if self._scene is None:
            from marblestudio.views.board.scene import Scene

            scene = Scene(self, clock=self.clock)
            scene.situation = lambda: situation_text(self.session)
            scene.picked.connect(self._on_picked)
            self._layout.replaceWidget(self.loading, scene)
            self.loading.hide()
            if self.isVisible():
                scene.show()  # a child added to a shown widget is not shown by itself
            self._layout.activate()  # its size now, not at the next event-loop turn (the camera fits it)
            self._scene = scene
            self.scene_ready.emit(scene)
        return self._scene

    def has_scene(self) -> bool:
        """Whether the 3D scene has been made yet (see `scene`)."""
        return self._scene is not None

    # The model ---------------------------------------------------------------------------------
    def set_session(self, session: Session, interactive: bool = True) -> None:
        if self.session is not None:
            self.session.unsubscribe(self._on_session_change)
        self._forget_request()
        # finishing the old animations must drive neither game, nor draw on the wrong board
        self.session = None
        self.board = None
        self.clock.skip()
        self.session = session
        self.interactive = interactive
        self.viewing = None
        self._viewed = None
        self._announced = False
        from marblestudio.views.board.registry import board_class

        cls, reason = board_class(session.rules.game)
        board = cls(self.scene)
        board.session = session
        if reason:
            board.reason = reason  # type: ignore[attr-defined]
            self.message.emit(reason)
        self.scene.set_board(board, session.rules, seat_colours(session.rules.presentation, session.num_players, self.colour_blind))
        self.board = board
        board.show(session.state.public_view())
        self._drawn, self._behind = None, None
        session.subscribe(self._on_session_change)
        if interactive and any(not session.is_human(s) for s in range(session.num_players)):
            self.worker.warm_up()
        self.changed.emit()
        self._next()

    def set_colour_blind(self, on: bool) -> None:
        self.colour_blind = on
        if self.session is not None and self.board is not None:
            self.clock.skip()
            self.board.build(self.session.rules, seat_colours(self.session.rules.presentation, self.session.num_players, on))
            self.board.show(self._shown_session().state.public_view())
            self._update_targets()

    # Looking at an earlier position ----------------------------------------------------------
    def view_position(self, position: int) -> None:
        """Show position `position` of the game's timeline read-only while the game goes on
        (the present position itself: back to the game)."""
        session, board = self.session, self.board
        if session is None or board is None:
            return
        position = max(0, min(position, session.timeline_length))
        if position == session.position:
            self.view_live()
            return
        self.clock.skip()
        self.viewing = position
        self._viewed = session.branch_at(position)
        board.session = self._viewed
        self.scene.set_legal({})
        board.show(self._viewed.state.public_view())
        self.scene.update()
        self.changed.emit()

    def view_live(self) -> None:
        """Back from an earlier position to the game as it stands."""
        if self.viewing is None:
            return
        self.viewing = None
        self._viewed = None
        if self.session is not None and self.board is not None:
            self.board.session = self.session
            self.board.show(self.session.state.public_view())
            self.scene.update()
            self._update_targets()
        self.changed.emit()

    def shown_position(self) -> int | None:
        """The timeline position the board shows (None without a game): an earlier one being
        viewed, else while moves are still being drawn the last one drawn, else the game's."""
        if self.session is None:
            return None
        if self.viewing is not None:
            return self.viewing
        return self._drawn if self._drawn is not None else self.session.position

    def behind(self) -> Session | None:
        """While the board is still drawing moves the game has made: the position it has finished
        drawing, as a game of its own, for the window to describe (None once it has caught up).
        Never in a network game: its earlier positions are known only as the server sent them,
        without the moves before (`RemoteSession.branch_at`), so its window waits for the last."""
        if self.session is None or self._drawn is None or self.viewing is not None:
            return None
        if self._behind is None or self._behind[0] != self._drawn:
            self._behind = (self._drawn, self.session.branch_at(self._drawn))
        return self._behind[1]

    def _drawn_to(self, position: int) -> None:
        """A move's animation ended: the board now shows `position` of the timeline."""
        if self.session is not None and not self.clock.skipping and self.clock.is_running() and position < self.session.position:
            self._drawn = position
            self.changed.emit()

    def _shown_session(self) -> Session:
        assert self.session is not None
        return self._viewed if self._viewed is not None else self.session

    def _on_session_change(self, change: Change) -> None:
        assert self.board is not None and self.session is not None
        self._forget_request()
        self.scene.set_legal({})
        if self.viewing is not None and change.what == "played":
            self.changed.emit()  # the game goes on under the earlier position shown
            self._next()
            return
        if self.viewing is not None:  # undone, redone, reset: the present changed, show it
            self.viewing = None
            self._viewed = None
            self.board.session = self.session
        if change.what in ("played", "redone") and change.events:
            steps = self.board.animate_all(change.events)
            # `changed` (the status line, the seats' counts, the move list) waits for the
            # animation: while the board still shows the move happening, they say what it shows
            # (`behind`), and move by move when several wait to be drawn
            if self.session.draws_chance:  # (a network game's window waits for the last: see `behind`)
                if not self.clock.is_running():  # the board shows the position before these steps
                    self._drawn = self.session.position - len(change.steps)
                position = self.session.position
                steps.append(Step(0.0, _still, done=lambda: self._drawn_to(position)))
            self.clock.play(steps)  # `_on_animation_finished` continues
            if self.clock.is_running() and self.interactive and self.session.waiting_for_computer():
                self._ask_computer()  # it thinks while the board draws: its move is played after
            return
        self.clock.skip()
        self._drawn = None
        self.board.show(self.session.state.public_view())
        self.changed.emit()
        self._next()

    def _on_animation_finished(self) -> None:
        if self.session is None or self.board is None:
            return
        self._drawn, self._behind = None, None
        self.board.show(self._shown_session().state.public_view())
        self.scene.update()
        self.changed.emit()  # the board and the rest of the window show the same position again
        self._next()

    # The next decision -----------------------------------------------------------------------
    def _next(self) -> None:
        session = self.session
        if session is None or self.clock.is_running():
            return
        outcome = session.outcome()
        if outcome is not None:
            self._update_targets()
            if not self._announced:
                self._announced = True
                self.game_over.emit(outcome)
            self.idle.emit()
            return
        self._announced = False
        if self._thinking:  # the computer has moved: its "thinking" note is stale
            self._thinking = False
            self.message.emit("")
        if not self.interactive:
            self._update_targets()
            self.idle.emit()
            return
        seat = session.state.to_move
        if seat == CHANCE:
            if session.draws_chance:
                session.advance_chance()
            return  # else the game's server draws, and says what came
        if session.is_remote(seat):  # a player on another machine: its move comes from the server
            self._update_targets()
            self.idle.emit()
            return
        if session.is_human(seat):
            legal = session.state.legal_moves()
            if not legal:  # the game is not over, yet nothing to click: the family broke the engine contract
                fault = family.contract_broken(session.state, NO_MOVE)
                log.error("%s", fault)
                self.message.emit(f"{session.seat_name(seat)} has no legal move: {fault}. Undo, or start a new game.")
                self._update_targets()
                self.idle.emit()
                return
            forced = len(legal) == 1 and (legal[0].is_pass or (self.board is not None and self.board.target_of(legal[0]) is None))
            if forced:
                ply = session.ply
                try:
                    session.play(legal[0])
                except IllegalMoveError as exc:  # a network game's server cannot be reached, or refused it
                    self.message.emit(f"Not played: {exc.rule}.")
                    return
                if session.ply <= ply + 1 and not session.is_over():  # not when more came of it at once (drawn at once)
                    # said of the position after the pass (a message lasts until the position changes)
                    self.message.emit(f"{session.seat_name(seat)} had no legal move and passed.")
                return
            self._update_targets()
            self.idle.emit()
            return
        self._update_targets()
        if self._answer is not None:  # it answered while the board was still drawing
            tag, notation = self._answer
            self._answer = None
            self._on_computer_chosen(tag, notation)
            return
        if self._asked_at != session.position or not self.worker.is_busy():
            self._ask_computer()
        self._thinking = True
        self.message.emit(f"{session.seat_name(seat)} is thinking…")

    def _update_targets(self) -> None:
        session, board = self.session, self.board
        if session is None or board is None or not self.interactive or self.viewing is not None or not session.waiting_for_human():
            self.scene.set_legal({})
            return
        legal: dict[Hashable, Move] = {}
        for move in session.state.legal_moves():
            key = board.target_of(move)
            if key is not None:
                legal[key] = move
        self.scene.set_legal(legal)

    def legal_targets(self) -> dict[Hashable, Move]:
        """What a human can click now, and the move each click makes."""
        session, board = self.session, self.board
        if session is None or board is None or self.viewing is not None or not session.waiting_for_human() or self.clock.is_running():
            return {}
        return {board.target_of(m): m for m in session.state.legal_moves() if board.target_of(m) is not None}

    def is_busy(self) -> bool:
        """Animating or waiting for the computer."""
        return self.clock.is_running() or self.worker.is_busy()

    # Clicks and the computer's answers ---------------------------------------------------------
    def _on_picked(self, key: Hashable) -> None:
        session, board = self.session, self.board
        if session is None or board is None or not self.interactive:
            return
        if self.viewing is not None:
            self.message.emit(VIEWING_NOTE)
            return
        if session.is_over():
            self.message.emit("The game is over: start a new one, or undo.")
            return
        if self.clock.is_running():
            self.clock.skip()
        if not session.waiting_for_human():
            self.message.emit(self._not_now(session))
            return
        move = self.legal_targets().get(key)
        try:
            if move is None:
                text = board.move_text(key, session.state.public_view())
                if text is None:
                    return
                move = session.state.parse_move(text)
            session.play(move)
        except IllegalMoveError as exc:
            self.message.emit(f"Not allowed: {exc.rule}.")
        except NotationError as exc:
            self.message.emit(str(exc))
        except Exception as exc:
            self._plugin_failed(exc)

    def play_text(self, text: str) -> bool:
        """Play the move written `text` for the human to move; False (with a message) if not."""
        session = self.session
        if session is None or not self.interactive or session.is_over():
            self.message.emit("There is no game to play a move in.")
            return False
        if self.viewing is not None:
            self.message.emit(VIEWING_NOTE)
            return False
        if not session.waiting_for_human():
            self.message.emit(self._not_now(session))
            return False
        self.clock.skip()
        try:
            session.play_text(text)
        except IllegalMoveError as exc:
            self.message.emit(f"Not allowed: {exc.rule}.")
            return False
        except NotationError as exc:
            self.message.emit(str(exc))
            return False
        except Exception as exc:
            self._plugin_failed(exc)
            return False
        return True

    def _plugin_failed(self, exc: Exception) -> None:
        """A move raised `exc`: a plug-in family's fault is said in the status line (and logged);
        anything else is Marble Studio's, raised on to the error dialog."""
        fault = family.blame(exc)
        if fault is None:
            raise exc
        log.error("%s", fault, exc_info=exc)
        self.message.emit(f"Not played: {fault}.")

    @staticmethod
    def _not_now(session: Session) -> str:
        """Why a human's move is not taken now."""
        seat = session.to_move
        if seat is not None and session.is_human(seat):
            return "Your move has gone to the server: wait for its answer."
        if seat is not None and session.is_remote(seat):
            return f"Wait: it is {session.seat_name(seat)}'s turn."
        return "Wait: it is not your turn."

    def play(self, move: Move) -> None:
        """Play `move` for the human to move (the same path as a click)."""
        assert self.session is not None
        self.session.play(move)

    def _ask_computer(self) -> None:
        """Ask the worker for the move of the computer seat to move now."""
        session = self.session
        assert session is not None and session.to_move is not None
        self._pending_tag = self.worker.request(
            session.rules, session.num_players, [str(m) for m in session.moves], session.seats[session.to_move], session.seed,
            session.start,
        )
        self._asked_at = session.position

    def _forget_request(self) -> None:
        """The game changed: a pending or held answer of the computer no longer applies."""
        self.worker.cancel()
        self._asked_at = None
        self._answer = None

    def _on_computer_chosen(self, tag: int, notation: str) -> None:
        session = self.session
        if session is None or tag != self._pending_tag or not session.waiting_for_computer():
            return
        if self.clock.is_running():  # asked while the board drew the last move: played once it has
            self._answer = (tag, notation)
            return
        try:
            session.play(session.state.parse_move(notation))
        except (IllegalMoveError, NotationError) as exc:
            log.error("the computer chose an illegal move %s: %s", notation, exc)
            self.message.emit(f"The computer chose an illegal move ({notation}): {exc}")

    def _on_computer_failed(self, tag: int, text: str) -> None:
        if tag == self._pending_tag:
            self.message.emit(f"The computer player failed: {text}")

    def skip_animation(self) -> None:
        self.clock.skip()

    def shutdown(self) -> None:
        self.worker.shutdown()


def outcome_text(session: Session, outcome: Outcome) -> str:
    """'Red wins: last player with marbles on the grid.', 'Red team wins: ...' when the winners are
    a whole team (team play), and the like."""
    if outcome.winners:
        team = team_name(session, outcome.winners)
        if team is not None:
            text = f"{team} team wins"
        else:
            names = [session.seat_name(s) for s in outcome.winners]
            text = f"{listing(names)} {'wins' if len(names) == 1 else 'win'}"
    else:
        text = "Draw"
    return f"{text}: {outcome.reason}." if outcome.reason else f"{text}."


def situation_text(session: Session | None) -> str:
    """The game in words for a screen reader: its name and whose turn it is, or how it ended
    ('Stay Alive. Red to move (you).'); the board adds the target selected."""
    if session is None:
        return "No game."
    outcome, seat = session.outcome(), session.to_move
    if outcome is not None:
        turn = f"Game over. {outcome_text(session, outcome)}"
    elif seat is None or seat == CHANCE:
        turn = "Chance to move."
    else:
        who = "over the network" if session.is_remote(seat) else "you" if session.is_human(seat) else "computer"
        turn = f"{session.seat_name(seat)} to move ({who})."
    return f"{session.rules.name}. {turn}"


def team_name(session: Session, seats: Sequence[int]) -> str | None:
    """The name the seats share when they are one whole team of two or more ('Red' for Red 1, Red 2
    and Red 3), or None (no teams, not a whole team, or names with nothing in common)."""
    teams = session.rules.teams
    if teams is None or len(seats) < 2 or len({teams.team_of(s) for s in seats}) != 1:
        return None
    team = teams.team_of(seats[0])
    if sorted(seats) != [s for s in range(session.num_players) if teams.team_of(s) == team]:
        return None
    shared = [w for w in os.path.commonprefix([session.seat_name(s).split() for s in seats]) if not w.isdigit()]
    return " ".join(shared) or None


def _still(t: float) -> None:
    """The update of a step that marks a moment in the queue (a move drawn) and moves nothing."""
