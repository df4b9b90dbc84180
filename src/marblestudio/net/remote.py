"""A network game as the app plays it: a `Session` fed by the server's messages (no Qt).

The server holds the game; this session mirrors what one seat (or a spectator) may know of it,
so that the board, its animations and the move list work as in local play:

- each `state` message carries a full position the connection may know (the client asks for it
  with `positions` in its hello): the position itself, or in ALIVE one with every card it cannot
  see dealt again at random by the server.  The session's `state` is read from it, so the board
  and the legal moves of the own seat are the engine's own;
- the steps of each message become `Step`s with their events (for the animation) and a
  `HeardMove` (their public text, for the move list): a step's full notation may hold hidden
  cards, and is never sent;
- `play` checks a move against the mirrored state and sends it (`send`); nothing changes until
  the server's answer comes back (`receive`).  Chance is the server's (`draws_chance` is False),
  the other seats are `REMOTE`;
- `resign` and `request_undo` ask the server; an undo takes effect only when every other seat
  agreed, and the server then sends the history again (a `state` with `history`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from marblestudio.agents.base import has_hidden_information
from marblestudio.engine import from_position, rebuild
from marblestudio.engine.core import CHANCE, Event, EventKind, IllegalMoveError, Move, NotationError, Outcome, State
from marblestudio.net import protocol
from marblestudio.session import HUMAN, REMOTE, Change, Session, Step

Sender = Callable[[dict[str, Any]], None]

MOVE_REFUSALS = frozenset({protocol.STALE, protocol.NOT_YOUR_TURN, protocol.BAD_NOTATION, protocol.ILLEGAL_MOVE,
                           protocol.RATE_LIMITED, protocol.GAME_OVER, protocol.SPECTATOR, protocol.INTERNAL})
"""The `error` codes that answer a `move` (others answer a chat line, an undo request, ...)."""


@dataclass(frozen=True)
class HeardMove(Move):
    """A step as the server told it: its public text (the notation itself, but for a shuffle)."""

    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class HeardChance(HeardMove):
    """A chance step as the server told it."""

    is_chance = True


@cache
def _kinds() -> dict[str, EventKind]:
    """Every event kind of every family loaded, by its value."""
    found: dict[str, EventKind] = {}
    pending: list[type[EventKind]] = [EventKind]
    while pending:
        klass = pending.pop()
        pending.extend(klass.__subclasses__())
        for member in klass:
            found.setdefault(member.value, member)
    return found


def _frozen(value: Any) -> Any:
    """JSON data as an event holds it: lists become tuples (events are hashable)."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def event_from_json(data: Mapping[str, Any]) -> Event:
    """An event as `Event.to_json` wrote it, with its family's kind where it is known."""
    kind = str(data["kind"])
    items = tuple(sorted((k, _frozen(v)) for k, v in data.items() if k not in ("kind", "visible_to")))
    visible = data.get("visible_to")
    return Event(_kinds().get(kind, kind), items, None if visible is None else frozenset(visible))  # type: ignore[arg-type]


def _heard(seat: int | None, text: str) -> tuple[int, Move]:
    mover = CHANCE if seat is None else seat
    return mover, (HeardChance(text) if mover == CHANCE else HeardMove(text))


@dataclass
class RemoteSession(Session):
    """One seat's (`me`; None for a spectator) view of a game on a server."""

    me: int | None = None
    game_id: str = ""
    send: Sender | None = field(default=None, repr=False)
    server_ply: int = 0  # the ply of the last `state`: a move names it
    pending: Move | None = None  # a move sent, not yet answered
    refused: tuple[int, str, str] | None = None  # (ply, move, why) of the last move the server refused
    positions: dict[int, str] = field(default_factory=dict)  # ply -> the position then (for looking back)
    undo_request: tuple[int, int] | None = None  # (seat, ply) of a pending undo request
    undo_agreed: set[int] = field(default_factory=set)  # the seats that agreed to it so far
    undo_event: str = ""  # what the server last said of undo requests ("requested", "declined", "done", ...)
    chat: list[tuple[int | None, str]] = field(default_factory=list)
    talk: list[Callable[[str], None]] = field(default_factory=list, repr=False)  # told "chat" or "undo" (not the board's business)

    draws_chance = False

    @classmethod
    def joined(cls, welcome: Mapping[str, Any], send: Sender) -> RemoteSession:
        """The session of a connection the server welcomed (raises RulesetError, ValueError)."""
        from marblestudio.rulesets import from_resolved

        rules = from_resolved(welcome["resolved"])
        me = welcome["seat"]
        seats = [HUMAN if seat == me else REMOTE for seat in range(int(welcome["players"]))]
        session = cls(rules, seats, 0, dict(welcome["resolved"]), str(welcome["ruleset"]), None, me=me,
                      game_id=str(welcome["game"]), send=send)
        session.hear_chat(welcome)
        return session

    def hear_chat(self, welcome: Mapping[str, Any]) -> None:
        """The chat lines a `welcome` brings (what was said before this connection, or while it was lost)."""
        self.chat = [(line.get("seat"), str(line.get("text", ""))) for line in welcome.get("chat", [])]

    # What the server says ----------------------------------------------------------------------
    def receive(self, message: Mapping[str, Any]) -> None:
        """Take in one server message (`state`, `chat`, `undo`; others are the window's)."""
        kind = message.get("type")
        if kind == "state":
            self._receive_state(message)
        elif kind == "chat":
            self.chat.append((message.get("seat"), str(message.get("text", ""))))
            self._tell("chat")
        elif kind == "undo":
            event = str(message.get("event"))
            self.undo_event = event
            if event == "requested":
                self.undo_request = (int(message["seat"]), int(message["ply"]))
                self.undo_agreed = set()
            elif event == "agreed":
                self.undo_agreed.add(int(message["by"]))
            else:
                self._clear_undo()
            self._tell("undo")
        elif kind == "error" and self.pending is not None and message.get("code") in MOVE_REFUSALS:
            # the move sent was refused (an answer to a chat line or an undo request says
            # nothing of it): the seat is to move again, but not with that move at this ply
            self.refused = (self.server_ply, str(self.pending), str(message.get("message", "")))
            self.pending = None
            self._emit(Change("refused"))

    def _clear_undo(self) -> None:
        """No undo request stands (any more)."""
        self.undo_request, self.undo_agreed = None, set()

    def _receive_state(self, message: Mapping[str, Any]) -> None:
        text = message.get("position")
        if not isinstance(text, str):
            raise ValueError("the server sent no position: this game's family has no position notation")
        state = from_position(self.rules, text)
        steps = []
        for entry in message.get("steps", ()):
            mover, move = _heard(entry["seat"], str(entry["move"]))
            steps.append(Step(mover, move, tuple(event_from_json(e) for e in entry["events"])))
        reset = "history" in message
        if reset:  # (re)connected, or moves taken back: what came before is told again
            self.history = [Step(*_heard(entry["seat"], str(entry["move"])), ()) for entry in message["history"]]
            self.positions = {}  # those known may be of a line taken back meanwhile
            self._clear_undo()  # a request still pending is sent again after this
        else:
            self.history.extend(steps)
        self.state = state
        self.server_ply = int(message["ply"])
        self.positions[self.server_ply] = text
        self.pending = None
        result, resigned = message.get("result"), message.get("resigned")
        self.resigned = (int(resigned), Outcome.from_json(result)) if resigned is not None and result else None
        self.saved = True  # the server keeps the record
        if result is not None and self.undo_request is not None:  # the game ended: no request stands
            self._clear_undo()
            self._tell("undo")
        if reset:
            self._emit(Change("reset"))
        else:
            self._emit(Change("played", tuple(e for s in steps for e in s.events), tuple(steps)))

    def _tell(self, what: str) -> None:
        for callback in list(self.talk):
            callback(what)

    # What this seat does ----------------------------------------------------------------------
    def _say(self, message: dict[str, Any]) -> None:
        if self.send is None:
            raise ConnectionError("not connected to the game's server")
        self.send(message)

    def waiting_for_human(self) -> bool:
        return self.pending is None and super().waiting_for_human()

    def play(self, move: Move) -> list[Event]:
        """Send the own seat's move (checked here first: raises IllegalMoveError, and nothing
        is sent); the board moves when the server's answer comes."""
        if self.is_over():
            raise IllegalMoveError(move.public_text, "the game is over")
        if not self.waiting_for_human():
            raise IllegalMoveError(move.public_text, "it is not your turn")
        if self.refused is not None and self.refused[:2] == (self.server_ply, str(move)):
            raise IllegalMoveError(move.public_text, f"the server refused it: {self.refused[2]}")
        self.state.copy().apply(move)
        try:
            self._say({"type": "move", "move": str(move), "ply": self.server_ply})
        except ConnectionError as exc:
            raise IllegalMoveError(move.public_text, f"{exc}; play it again then") from None
        self.pending = move
        return []

    def advance_chance(self) -> list[Event]:
        return []  # the server draws

    def resign(self, seat: int) -> Outcome:
        """Ask the server to end the game, the own seat resigning; the result comes back."""
        from marblestudio.records import resignation

        self._say({"type": "resign"})
        return resignation(self.state, self.rules, seat)

    def request_undo(self) -> None:
        self._say({"type": "undo", "action": "request"})

    def answer_undo(self, accept: bool) -> None:
        self._say({"type": "undo", "action": "accept" if accept else "decline"})

    def say(self, text: str) -> None:
        self._say({"type": "chat", "text": text})

    # Undo and redo are the server's (by consent); the timeline is what the server told -------------
    def can_undo(self) -> bool:
        return False

    def can_redo(self) -> bool:
        return False

    def undo(self) -> bool:
        return False

    def redo(self) -> bool:
        return False

    def goto(self, position: int) -> None:
        raise NotImplementedError("a network game is looked back at with branch_at")

    def _known_position(self, position: int) -> str:
        """The position after `position` steps as this connection may know it.

        In a game that hides nothing, every step's public text is its notation, so the steps
        heard are replayed from the set-up.  In one that hides cards, it is the position the
        server sent then (or, inside a step's chance steps, the first one sent after it); before
        the first one this connection saw, that first one."""
        if not has_hidden_information(self.state):
            try:
                return rebuild(self.rules, self.num_players, [str(step.move) for step in self.history[: max(0, position)]]).position()
            except (IllegalMoveError, NotationError, ValueError):  # a game that began from a position
                pass
        later = [ply for ply in self.positions if ply >= position]
        ply = min(later) if later else max(self.positions)
        return self.positions[ply]

    def state_at(self, position: int) -> State:
        return from_position(self.rules, self._known_position(position))

    def branch_at(self, position: int, seats: Sequence[str] | None = None) -> Session:
        """The position after `position` steps as a game of its own, to look at."""
        new = Session(self.rules, list(seats or [HUMAN] * self.num_players), 0, self.resolved, self.ruleset_ref,
                      self._known_position(position))
        new.saved = True
        return new

    def branch(self, seats: Sequence[str] | None = None, seed: int | None = None) -> Session:
        return self.branch_at(self.ply, seats)
