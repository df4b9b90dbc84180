"""One game in progress, Qt-free: its history, undo and redo, who plays each seat.

A `Session` wraps an engine `State`.  Every step (a player's move or a chance outcome) is kept
in order; undo rebuilds the state by replaying the kept steps from the start, so a chance
outcome, being a recorded step, is never drawn again by undo or redo.  Undo goes back to the
last decision of a human seat (undoing the computer's replies and any chance on the way), so it
works against the computer too.  Chance is drawn from `random.Random(f"{seed}:{ply}")`, which
makes a seeded game repeat; at ply 0 it is the generator `playtest.game_rng(seed, 0)` starts with.

A resignation is part of the game's timeline: it comes after the last step, undo takes it back
and redo restores it, and `goto` (the replay timeline) reaches it as one more position after the
last move, so a resigned game replays like any other.

Views subscribe with `session.subscribe(callback)`; the callback gets a `Change` naming what
happened ("reset", "played", "resigned", "undone", "redone") and the events of the steps played.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from marblestudio.engine import from_position, new_game
from marblestudio.engine.core import CHANCE, Event, IllegalMoveError, Move, Outcome, State
from marblestudio.engine.rules import Ruleset
from marblestudio.records import (
    GameRecord, RecordError, final_outcome, play_moves, record_from_game, record_rules, resignation, start_at,
)

HUMAN = "human"
REMOTE = "network"
"""The controller of a seat played on another machine (a network game's other players)."""


@dataclass(frozen=True)
class Step:
    """One applied step: who made it (a seat, or CHANCE), the move, and what happened."""

    mover: int
    move: Move
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Resignation:
    """A redo entry: `seat` resigns (so that redo restores a resignation that undo took back)."""

    seat: int


RedoEntry = tuple[Step, ...] | Resignation
"""What one redo replays: the steps one undo took back, or a resignation."""


@dataclass(frozen=True)
class Change:
    """What a subscriber is told: `what` happened, with the events of the steps played now."""

    what: str
    events: tuple[Event, ...] = ()
    steps: tuple[Step, ...] = ()


@dataclass
class Session:
    """A game of `rules` with one controller per seat ("human" or an agent spec like "mcts:200")."""

    rules: Ruleset
    seats: list[str]
    seed: int = 0
    resolved: Mapping[str, Any] | None = None  # the ruleset as plain data, for records
    ruleset_ref: str | None = None  # how the user named it (an id or a path)
    start: str | None = None  # the position the game started from (docs/notation.md); None: the rules' set-up
    recorded_seed: int | str | None = None
    """The seed of the record the game was opened from, as written (a `simulate` run's is a text):
    an analysis seeds its searches with it, as `marblestudio analyse` of that record does."""
    state: State = field(init=False)
    history: list[Step] = field(init=False, default_factory=list)
    saved: bool = field(init=False, default=True)
    resigned: tuple[int, Outcome] | None = field(init=False, default=None)
    _redo: list[RedoEntry] = field(init=False, default_factory=list)  # the next redo is last
    _listeners: list[Callable[[Change], None]] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        if not self.rules.players.min <= len(self.seats) <= self.rules.players.max:
            raise ValueError(
                f"{self.rules.name} is for {self.rules.players}, not {len(self.seats)}"
            )
        self.state = self.new_state()
        if self.state.num_players != len(self.seats):
            raise ValueError(f"the position is for {self.state.num_players} players, not {len(self.seats)}")

    def new_state(self) -> State:
        """The game before its first step: at the start position, or at the rules' set-up
        (raises `PositionError`, a ValueError, for a start position the rules refuse)."""
        if self.start is not None:
            return from_position(self.rules, self.start)
        return new_game(self.rules, len(self.seats))

    # Subscribers --------------------------------------------------------------------------
    def subscribe(self, callback: Callable[[Change], None]) -> None:
        self._listeners.append(callback)

    def unsubscribe(self, callback: Callable[[Change], None]) -> None:
        if callback in self._listeners:
            self._listeners.remove(callback)

    def _emit(self, change: Change) -> None:
        for callback in list(self._listeners):
            callback(change)

    # Who plays -----------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return len(self.seats)

    def is_human(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and self.seats[seat] == HUMAN

    def has_human(self) -> bool:
        return any(s == HUMAN for s in self.seats)

    def is_remote(self, seat: int) -> bool:
        """Whether `seat` is played elsewhere: its moves come from a game server."""
        return 0 <= seat < len(self.seats) and self.seats[seat] == REMOTE

    draws_chance = True
    """Whether this session draws its own chance outcomes (a network game's come from the server)."""

    @property
    def to_move(self) -> int | None:
        """The seat (or CHANCE) to decide next, or None when the game is over."""
        return None if self.is_over() else self.state.to_move

    def outcome(self) -> Outcome | None:
        if self.resigned is not None:
            return self.resigned[1]
        return self.state.outcome()

    def is_over(self) -> bool:
        return self.outcome() is not None

    def waiting_for_human(self) -> bool:
        seat = self.to_move
        return seat is not None and seat != CHANCE and self.is_human(seat)

    def waiting_for_computer(self) -> bool:
        seat = self.to_move
        return seat is not None and seat != CHANCE and not self.is_human(seat) and not self.is_remote(seat)

    @property
    def moves(self) -> list[Move]:
        return [s.move for s in self.history]

    @property
    def ply(self) -> int:
        return len(self.history)

    @property
    def player_moves(self) -> int:
        """How many of the steps played are players' moves (the others are chance)."""
        return sum(1 for step in self.history if not step.move.is_chance)

    # The timeline: every step, then the resignation if there is one ---------------------
    def all_steps(self) -> list[Step]:
        """The history followed by the steps redo would replay (each with its events)."""
        later = [s for entry in reversed(self._redo) if not isinstance(entry, Resignation) for s in entry]
        return self.history + later

    def all_moves(self) -> list[Move]:
        """The history followed by what redo would replay."""
        return [s.move for s in self.all_steps()]

    def resigning_seat(self) -> int | None:
        """The seat that resigned, or resigns at the end of the timeline (redo restores it)."""
        if self.resigned is not None:
            return self.resigned[0]
        return next((e.seat for e in self._redo if isinstance(e, Resignation)), None)

    @property
    def position(self) -> int:
        """Where the game stands on its timeline: the steps played, plus one once resigned."""
        return self.ply + (1 if self.resigned is not None else 0)

    @property
    def timeline_length(self) -> int:
        """The positions after the start: every step, and the resignation if there is one."""
        return len(self.all_steps()) + (1 if self.resigning_seat() is not None else 0)

    def state_at(self, position: int) -> State:
        """A new state after the first `position` steps of the timeline (for looking back at an
        earlier position while the game goes on; the session itself is not changed)."""
        state = self.new_state()
        for step in self.all_steps()[: max(0, position)]:
            state.apply(step.move)
        return state

    # Playing -------------------------------------------------------------------------------
    def chance_rng(self, ply: int | None = None) -> random.Random:
        return random.Random(f"{self.seed}:{self.ply if ply is None else ply}")

    def play(self, move: Move) -> list[Event]:
        """Apply `move` (raises `IllegalMoveError`, leaving everything unchanged)."""
        step = self._apply(move)
        self._redo.clear()
        self.saved = False
        self._emit(Change("played", step.events, (step,)))
        return list(step.events)

    def play_text(self, text: str) -> list[Event]:
        """Apply the move written `text` (raises `NotationError` or `IllegalMoveError`)."""
        return self.play(self.state.parse_move(text))

    def advance_chance(self) -> list[Event]:
        """Draw and apply every chance step due now; returns their events."""
        events: list[Event] = []
        while not self.is_over() and self.state.to_move == CHANCE:
            events += self.play(self.state.sample_chance(self.chance_rng()))
        return events

    def _apply(self, move: Move) -> Step:
        if self.is_over():
            # the move's public text: a shuffle's notation would print every hidden card
            raise IllegalMoveError(move.public_text, "the game is over")
        mover = self.state.to_move
        events = self.state.apply(move)
        step = Step(mover, move, tuple(events))
        self.history.append(step)
        return step

    def resign(self, seat: int) -> Outcome:
        """`seat` gives up. With two players left the other wins; otherwise the game ends with
        the players still in as winners (a game is a contest between those still playing)."""
        outcome = self._resign(seat)
        self.saved = False
        self._redo.clear()
        self._emit(Change("resigned"))
        return outcome

    def _resign(self, seat: int) -> Outcome:
        outcome = resignation(self.state, self.rules, seat)
        self.resigned = (seat, outcome)
        return outcome

    def seat_name(self, seat: int) -> str:
        return self.rules.presentation.seat_name(seat)

    # Undo and redo -----------------------------------------------------------------------------
    def can_undo(self) -> bool:
        if self.resigned is not None:
            return True
        if self.has_human():
            return any(self.is_human(s.mover) for s in self.history)
        return any(s.mover != CHANCE for s in self.history)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> bool:
        """Go back to before the last human decision (or the last decision, with no human)."""
        if self.resigned is not None:
            self._redo.append(Resignation(self.resigned[0]))
            self.resigned = None
            self.saved = False
            self._emit(Change("undone"))
            return True
        if not self.can_undo():
            return False
        keep = len(self.history)
        humans = self.has_human()
        while keep > 0:
            keep -= 1
            mover = self.history[keep].mover
            if mover != CHANCE and (not humans or self.is_human(mover)):
                break
        undone = tuple(self.history[keep:])
        self._rebuild([s.move for s in self.history[:keep]])
        self._redo.append(undone)
        self.saved = False
        self._emit(Change("undone"))
        return True

    def redo(self) -> bool:
        """Replay what the last undo took back (steps, or a resignation)."""
        if not self._redo:
            return False
        entry = self._redo.pop()
        self.saved = False
        if isinstance(entry, Resignation):
            self._resign(entry.seat)
            self._emit(Change("redone"))
            return True
        steps = tuple(self._apply(s.move) for s in entry)
        self._emit(Change("redone", tuple(e for s in steps for e in s.events), steps))
        return True

    def _rebuild(self, moves: Sequence[Move]) -> None:
        self.state = self.new_state()
        self.history = []
        for move in moves:
            self._apply(move)

    def goto(self, position: int) -> None:
        """Show the game at `position` of its timeline (for the replay): after that many steps,
        or resigned at the position after the last step.  What comes later becomes the redo,
        one step at a time, the resignation last."""
        steps = self.all_steps()
        seat = self.resigning_seat()
        position = max(0, min(position, self.timeline_length))
        ply = min(position, len(steps))
        self.resigned = None
        self._rebuild([s.move for s in steps[:ply]])
        self._redo = [] if seat is None else [Resignation(seat)]
        self._redo += [(s,) for s in reversed(steps[ply:])]
        if seat is not None and position > len(steps):
            self._redo.pop()
            self._resign(seat)
        self._emit(Change("reset"))

    def again(self, seats: Sequence[str] | None = None, seed: int | None = None) -> Session:
        """A new game of the same rules from the same start (the set-up, or the start position),
        with these seats and seed (by default this game's); a plain `Session`, whatever this is."""
        return Session(self.rules, list(seats or self.seats), self.seed if seed is None else seed, self.resolved, self.ruleset_ref,
                       self.start)

    def branch(self, seats: Sequence[str] | None = None, seed: int | None = None) -> Session:
        """A new game that starts from the current position (its history copied)."""
        new = self.again(seats, seed)
        for step in self.history:
            new._apply(step.move)
        new.saved = False
        return new

    @classmethod
    def from_moves(
        cls,
        rules: Ruleset,
        seats: Sequence[str],
        moves: Sequence[Move | str],
        seed: int = 0,
        resolved: Mapping[str, Any] | None = None,
        ruleset_ref: str | None = None,
        start: str | None = None,
    ) -> Session:
        """A session that has played `moves` (Move objects or notation) from the rules' set-up or
        the position `start`."""
        session = cls(rules, list(seats), seed, resolved, ruleset_ref, start)
        for move in moves:
            session._apply(session.state.parse_move(move) if isinstance(move, str) else move)
        return session

    def branch_at(self, position: int, seats: Sequence[str] | None = None) -> Session:
        """A new, unsaved game that starts from `position` of the timeline (its steps copied;
        a resignation is not: the new game goes on)."""
        new = self.again(seats)
        for step in self.all_steps()[: max(0, position)]:
            new._apply(step.move)
        new.saved = False
        return new


# Records ----------------------------------------------------------------------------------------
def to_record(session: Session) -> GameRecord:
    """The session as a game record (unfinished games too: their result is None).  A
    resignation is kept as the record's `resigned` seat, with its result."""
    if session.resolved is None:
        raise ValueError("this game has no resolved ruleset to save")
    players = [
        {"name": session.seat_name(s), "kind": session.seats[s]} for s in range(session.num_players)
    ]
    resigned = session.resigned
    return record_from_game(
        session.rules.id, session.resolved, players, session.moves, session.outcome(), session.seed,
        resigned=None if resigned is None else resigned[0], start=session.start,
    )


def from_record(record: GameRecord, rules: Ruleset | None = None) -> Session:
    """A session that has played the record's moves (raises `RecordError` naming the move).

    A seat recorded as "human" stays human; any other kind (an agent spec, or "computer")
    becomes a computer seat (a kind that is no agent spec plays at the "medium" level).  A
    whole-number seed seeds the chance of the game played on; any other seed (a string of a
    `simulate` run, null) gives seed 0.  The moves are played and checked as `replay` does,
    and the game must end as the record's `result` says; a record without a result may hold
    the first moves of a finished game (the app and `render --move` open such prefixes)."""
    rules = record_rules(record) if rules is None else rules
    seats = [_seat_kind(p.get("kind", HUMAN)) for p in record.players]
    seed = record.seed if type(record.seed) is int else 0
    if record.start is not None:
        start_at(record, rules, record.start)  # a bad start position: the RecordError naming its field
    try:
        session = Session(rules, seats, seed, record.resolved, record.ruleset_id, record.start)
    except ValueError as exc:
        raise RecordError(f"{record.where()}cannot start a game of {record.ruleset_id!r}: {exc}") from None
    for step in play_moves(session.state, record.moves, record.source):
        session.history.append(Step(step.seat, step.move, tuple(step.events)))
    final_outcome(record, session.state, rules, prefix=True)
    if record.resigned is not None:
        session._resign(record.resigned)
    session.recorded_seed = record.seed
    session.saved = True
    return session


def _seat_kind(kind: str) -> str:
    if kind == HUMAN:
        return HUMAN
    try:
        from marblestudio.agents import make_agent

        make_agent(kind, 0)
        return kind
    except Exception:  # noqa: BLE001 - an unknown kind just plays at the middle level
        return "medium"

