"""One authoritative network game: its state, its seats' tokens, and what each seat may see.

The server holds a `NetGame` per game.  Only hashes of the tokens are kept (sha256): a token is
checked by hashing it and comparing the hashes in constant time (`hmac.compare_digest`), so the
files under `--data` hold no token.  `play` applies a seat's move, then plays the chance steps
that follow with the game's own generator (never drawn ahead), and returns the steps; the
`frame_for_*` methods build what one seat, or a spectator, is sent.

Besides moves, a seat may resign (`resign`), talk (`chat`, kept for latecomers), and ask to take
its last move back (`request_undo`): every other seat must agree (`answer_undo`), and the request
is refused outright once a chance step (a die, a draw) or a private event came after that move,
since taking the move back would then let its player choose again knowing what it revealed.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from marblestudio.agents.base import has_hidden_information
from marblestudio.engine.core import CHANCE, Event, IllegalMoveError, Move, NotationError, Outcome, State
from marblestudio.net import protocol
from marblestudio.records import GameRecord, plain_ruleset, record_from_game, resignation

SPECTATOR = -2
"""The `seat` of a connection that watches (a spectator token, or none)."""


def new_token() -> str:
    """A fresh token: 128 random bits as 32 hex digits."""
    return secrets.token_hex(16)


def token_hash(token: str) -> str:
    """The sha256 of a token, as kept in memory and on disk."""
    return hashlib.sha256(token.encode("ascii", "replace")).hexdigest()


@dataclass(frozen=True)
class Step:
    """A step played: who (a seat or CHANCE), the move, what happened, the ply after it."""

    seat: int
    move: Move
    events: tuple[Event, ...]
    ply: int


CHAT_KEPT = 50
"""Chat lines a game keeps, sent to a connection when it says hello."""
CHAT_LIMIT = 500
"""The longest chat line, in characters."""


@dataclass(frozen=True)
class Logged:
    """What everyone may know of a step: who made it (CHANCE for chance), its public text, and
    whether it told some seat something the others did not learn."""

    seat: int
    public: str
    private: bool

    @classmethod
    def of(cls, seat: int, move: Move, events: Sequence[Event]) -> Logged:
        return cls(seat, move.public_text, any(e.visible_to is not None for e in events))

    def to_json(self) -> dict[str, Any]:
        return {"seat": None if self.seat == CHANCE else self.seat, "move": self.public}


@dataclass
class UndoRequest:
    """A seat's request to take back its last move: the game goes back to `ply` once every seat
    in `waiting` agreed."""

    seat: int
    ply: int
    waiting: set[int]


@dataclass
class NetGame:
    """A game on the server: `seat_hashes[i]` is seat i's token hash, `spectator_hash` the
    spectators'.  `moves` are every step's notation (chance included), for the record."""

    game_id: str
    ruleset_id: str
    resolved: Mapping[str, Any]
    state: State
    seat_hashes: list[str]
    spectator_hash: str
    moves: list[str] = field(default_factory=list)
    start: str | None = None
    rng: random.Random = field(default_factory=random.SystemRandom)  # chance: unpredictable (the system's entropy)
    deal_rng: random.Random = field(default_factory=lambda: random.Random(secrets.randbits(128)), repr=False)
    """For the positions sent to seats: their hidden cards are dealt from the cards the seat
    cannot see, which it knows already, so a fast generator tells nothing (the system's cost a
    system call for every card, a tenth of the server's time in ALIVE)."""
    log: list[Logged] = field(default_factory=list)  # each step of `moves` as everyone may know it
    resigned: int | None = None
    undo: UndoRequest | None = None
    chat: list[dict[str, Any]] = field(default_factory=list)
    unsaved: list[dict[str, Any]] = field(default_factory=list)  # journal entries not yet saved (`store`)
    # The position and the public view as written for frames, once per position (`_changed` forgets them)
    _shown: str | None = field(default=None, repr=False)
    _viewed: Any = field(default=None, repr=False)
    plain: tuple[dict[str, Any], str] | None = field(default=None, repr=False)
    """The ruleset as records hold it, and its SHA-256 (`records.plain_ruleset`): worked out on the
    first record if not given (a server shares one between the games of a ruleset)."""
    _told: tuple[Sequence[Step], Any] | None = field(default=None, repr=False)  # the last steps everyone may see, written

    @property
    def ply(self) -> int:
        return len(self.moves)

    @property
    def players(self) -> int:
        return len(self.seat_hashes)

    def outcome(self) -> Outcome | None:
        """The result: the rules', or the resignation's."""
        if self.resigned is not None:
            return resignation(self.state, self.state.ruleset, self.resigned)
        return self.state.outcome()

    def is_over(self) -> bool:
        return self.outcome() is not None

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is, SPECTATOR for the spectator token, else None (every
        hash is compared, in constant time each)."""
        digest = token_hash(token)
        found: int | None = None
        for seat, known in enumerate(self.seat_hashes):
            if hmac.compare_digest(digest, known):
                found = seat
        if hmac.compare_digest(digest, self.spectator_hash):
            found = SPECTATOR
        return found

    # Playing -------------------------------------------------------------------------------
    def check_move(self, seat: int, text: str, ply: int) -> Move:
        """The move `text` of `seat` at `ply`, if the seat may make it now (raises ProtocolError;
        the game is unchanged)."""
        if seat == SPECTATOR:
            raise protocol.ProtocolError(protocol.SPECTATOR, "a spectator cannot move")
        if self.is_over():
            raise protocol.ProtocolError(protocol.GAME_OVER, "the game is over")
        if ply != self.ply:
            raise protocol.ProtocolError(protocol.STALE, f"the move was chosen at ply {ply}; the game is at ply {self.ply}")
        if self.state.to_move != seat:
            raise protocol.ProtocolError(protocol.NOT_YOUR_TURN, "it is not your turn")
        try:
            move = self.state.parse_move(text)
        except NotationError as exc:
            raise protocol.ProtocolError(protocol.BAD_NOTATION, str(exc)[:300]) from None
        if move.is_chance:
            raise protocol.ProtocolError(protocol.ILLEGAL_MOVE, "chance steps are the server's")
        return move

    def play(self, seat: int, text: str, ply: int) -> list[Step]:
        """Play `seat`'s move and the chance steps after it (raises ProtocolError, game unchanged)."""
        move = self.check_move(seat, text, ply)
        try:
            events = self.state.apply(move)
        except IllegalMoveError as exc:
            raise protocol.ProtocolError(protocol.ILLEGAL_MOVE, f"illegal move: {exc.rule}"[:300]) from None
        self._keep(seat, move, events)
        return [Step(seat, move, tuple(events), self.ply), *self.play_chance()]

    def _changed(self) -> None:
        """The game moved on or went back: what was written for the last position is stale."""
        self._shown = self._viewed = None

    def _keep(self, seat: int, move: Move, events: Sequence[Event]) -> None:
        self._changed()
        self.moves.append(str(move))
        self.log.append(Logged.of(seat, move, events))
        self.unsaved.append({"move": self.moves[-1]})

    def apply_saved(self, text: str) -> None:
        """Apply a step read back from the journal (its seat is whoever was to move)."""
        seat = self.state.to_move
        move = self.state.parse_move(text)
        self._keep(seat, move, self.state.apply(move))

    def play_chance(self) -> list[Step]:
        """Play every chance step that is due now, with the game's own generator."""
        steps = []
        while not self.is_over() and self.state.to_move == CHANCE:
            move = self.state.sample_chance(self.rng)
            events = self.state.apply(move)
            self._keep(CHANCE, move, events)
            steps.append(Step(CHANCE, move, tuple(events), self.ply))
        return steps

    def resign(self, seat: int) -> Outcome:
        """`seat` gives up (at any time of the game): the others win."""
        self._check_seat(seat)
        self.resigned = seat
        self.undo = None
        self.unsaved.append({"resign": seat})
        outcome = self.outcome()
        assert outcome is not None
        return outcome

    def _check_seat(self, seat: int) -> None:
        if seat == SPECTATOR:
            raise protocol.ProtocolError(protocol.SPECTATOR, "a spectator does not play")
        if self.is_over():
            raise protocol.ProtocolError(protocol.GAME_OVER, "the game is over")

    # Undo by consent ------------------------------------------------------------------------
    def request_undo(self, seat: int) -> UndoRequest:
        """`seat` asks to take back its last move (and everything after it); refused (ProtocolError)
        when it made none, when a request is pending, or when a chance step or a private event
        came after it."""
        self._check_seat(seat)
        if self.undo is not None:
            raise protocol.ProtocolError(protocol.UNDO_REFUSED, f"{self._name(self.undo.seat)} already asked to undo")
        last = next((i for i in range(len(self.log) - 1, -1, -1) if self.log[i].seat == seat), None)
        if last is None:
            raise protocol.ProtocolError(protocol.UNDO_REFUSED, "you have made no move to take back")
        since = self.log[last:]
        if any(step.seat == CHANCE or step.private for step in since[1:]) or since[0].private:
            raise protocol.ProtocolError(
                protocol.UNDO_REFUSED, "something hidden was revealed since your move (a roll, a draw or a card), so it stands")
        request = UndoRequest(seat, last, {s for s in range(self.players) if s != seat})
        self.undo = request
        return request

    def answer_undo(self, seat: int, accept: bool) -> bool | None:
        """A seat's answer to the pending request: True once every seat agreed (the game is then
        back where the request said), False when refused, None while others have yet to answer."""
        self._check_seat(seat)
        request = self.undo
        if request is None:
            raise protocol.ProtocolError(protocol.UNDO_REFUSED, "nobody asked to undo")
        if seat == request.seat:
            if accept:
                raise protocol.ProtocolError(protocol.UNDO_REFUSED, "the other players answer your request")
            self.undo = None  # the asker withdraws it
            return False
        if not accept:
            self.undo = None
            return False
        request.waiting.discard(seat)
        if request.waiting:
            return None
        self.undo = None
        self.rewind(request.ply)
        return True

    def rewind(self, ply: int) -> None:
        """Back to the position after `ply` steps, by replaying the kept steps (chance included:
        nothing is drawn again)."""
        from marblestudio.engine import rebuild

        self.state = rebuild(self.state.ruleset, self.players, self.moves[:ply], self.start)
        self._changed()
        del self.moves[ply:]
        del self.log[ply:]
        self.unsaved.append({"rewind": ply})

    # Chat ------------------------------------------------------------------------------------
    def say(self, seat: int, text: str) -> dict[str, Any]:
        """A chat line of `seat` (or a spectator), cleaned of control characters; kept for latecomers."""
        clean = "".join(c for c in text if c.isprintable() or c == " ").strip()[:CHAT_LIMIT]
        if not clean:
            raise protocol.ProtocolError(protocol.BAD_MESSAGE, "chat: say something")
        line = {"type": "chat", "seat": None if seat == SPECTATOR else seat, "text": clean}
        self.chat.append(line)
        del self.chat[:-CHAT_KEPT]
        return line

    def _name(self, seat: int) -> str:
        return self.state.ruleset.presentation.seat_name(seat)

    # What each connection is sent ----------------------------------------------------------
    def frame_for(self, seat: int, steps: Sequence[Step] = (), *, positions: bool = False, history: bool = False,
                  sample: bool = False) -> dict[str, Any]:
        """A `state` message for `seat` (or SPECTATOR): the steps just played as it may see them,
        its observation, the legal moves on its turn, and the result.  With `positions`, a full
        position the seat may know (to draw the board); with `sample`, one on the seat's turn (for
        a computer player: in ALIVE a new deal of the unseen cards, not made for a connection that
        does not use it); with `history`, every step so far as
        everyone may know it (for a client that connects, reconnects, or saw moves taken back).
        Some parts are already written JSON (orjson Fragments): the message is for `protocol.dump`."""
        watcher = seat == SPECTATOR
        outcome = self.outcome()
        to_move = None if outcome is not None else self.state.to_move
        my_turn = not watcher and to_move == seat
        message: dict[str, Any] = {
            "type": "state",
            "game": self.game_id,
            "ply": self.ply,
            "seat": None if watcher else seat,
            "to_move": to_move,
            "steps": self._steps_for(seat, steps),
            "observation": self._observation(seat),
            "legal": [str(m) for m in self.state.legal_moves()] if my_turn else None,
            "result": None if outcome is None else outcome.to_json(),
        }
        sample = sample and my_turn
        if sample or positions:
            known = self._sample(seat)
            if sample:
                message["sample"] = known
            if positions:
                message["position"] = known
        if history:
            message["history"] = [step.to_json() for step in self.log]
        if self.resigned is not None:
            message["resigned"] = self.resigned
        return message

    def _observation(self, seat: int) -> Any:
        """What `seat` may know (a spectator: the public view): the family's frozen view, which
        `protocol.dump` writes as `plain` would (orjson writes dataclasses, tuples and enums
        itself, some twenty times faster; a test holds the two equal for every bundled ruleset).
        In a game that hides nothing every seat's observation is the public view: it is written
        once per position, and the same text goes into every seat's frame."""
        if has_hidden_information(self.state):
            return self.state.public_view() if seat == SPECTATOR else self.state.observation(seat)
        if self._viewed is None:  # written once, copied into every frame
            self._viewed = protocol.fragment(self.state.public_view())
        return self._viewed

    def _steps_for(self, seat: int, steps: Sequence[Step]) -> Any:
        """The steps as `seat` may see them.  Steps whose events are all public read the same for
        every seat and spectator: they are written once (an orjson Fragment) for all the frames
        made from the same list of steps."""
        if self._told is not None and self._told[0] is steps:
            return self._told[1]
        if all(e.visible_to is None for step in steps for e in step.events):
            told = protocol.fragment([self._step_for(seat, step) for step in steps])
            self._told = (steps, told)
            return told
        return [self._step_for(seat, step) for step in steps]

    def _step_for(self, seat: int, step: Step) -> dict[str, Any]:
        visible = [e.to_json() for e in step.events if e.visible_to is None or (seat != SPECTATOR and seat in e.visible_to)]
        return {"seat": None if step.seat == CHANCE else step.seat, "move": step.move.public_text, "ply": step.ply, "events": visible}

    def _sample(self, seat: int) -> str | None:
        """A full position consistent with what `seat` (or a spectator) may know: the position
        itself when nothing is hidden (worked out once per position), else one with the hidden
        cards dealt again at random (`determinize`, with `deal_rng`; a spectator's
        sees no hand); None for a family with no notation."""
        try:
            if has_hidden_information(self.state):
                return self.state.determinize(seat, self.deal_rng).position()
            if self._shown is None:
                self._shown = self.state.position()
            return self._shown
        except NotImplementedError:
            return None

    def welcome(self, seat: int) -> dict[str, Any]:
        """The `welcome` message of a connection that said hello (never the start position: its
        notation holds every hidden card)."""
        return {
            "type": "welcome",
            "protocol": protocol.PROTOCOL,
            "game": self.game_id,
            "seat": None if seat == SPECTATOR else seat,
            "players": self.players,
            "ruleset": self.ruleset_id,
            "resolved": dict(self.resolved),
            "chat": list(self.chat),
        }

    # Records -------------------------------------------------------------------------------
    def record(self) -> GameRecord:
        """The game's record so far (with its result once it is over)."""
        players = [{"name": f"player {seat + 1}", "kind": "network"} for seat in range(self.players)]
        if self.plain is None:
            self.plain = plain_ruleset(self.resolved)
        return record_from_game(self.ruleset_id, self.resolved, players, self.moves, self.outcome(), start=self.start,
                                resigned=self.resigned, plain=self.plain)
