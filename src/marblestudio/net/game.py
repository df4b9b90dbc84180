"""One authoritative network game: its state, its seats' tokens, and what each seat may see.

The server holds a `NetGame` per game.  Only hashes of the tokens are kept (sha256): a token is
checked by hashing it and comparing the hashes in constant time (`hmac.compare_digest`), so the
files under `--data` hold no token.  `play` applies a seat's move, then plays the chance steps
that follow with the game's own generator (never drawn ahead), and returns the steps; the
`frame_for_*` methods build what one seat, or a spectator, is sent.
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
from marblestudio.engine.core import CHANCE, Event, IllegalMoveError, Move, NotationError, Outcome, State, plain
from marblestudio.net import protocol
from marblestudio.records import GameRecord, record_from_game

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
    rng: random.Random = field(default_factory=random.SystemRandom)

    @property
    def ply(self) -> int:
        return len(self.moves)

    @property
    def players(self) -> int:
        return len(self.seat_hashes)

    def is_over(self) -> bool:
        return self.state.outcome() is not None

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
        self.moves.append(str(move))
        return [Step(seat, move, tuple(events), self.ply), *self.play_chance()]

    def play_chance(self) -> list[Step]:
        """Play every chance step that is due now, with the game's own generator."""
        steps = []
        while not self.is_over() and self.state.to_move == CHANCE:
            move = self.state.sample_chance(self.rng)
            events = self.state.apply(move)
            self.moves.append(str(move))
            steps.append(Step(CHANCE, move, tuple(events), self.ply))
        return steps

    # What each connection is sent ----------------------------------------------------------
    def frame_for(self, seat: int, steps: Sequence[Step] = ()) -> dict[str, Any]:
        """A `state` message for `seat` (or SPECTATOR): the steps just played as it may see them,
        its observation, the legal moves on its turn, and the result."""
        watcher = seat == SPECTATOR
        view = self.state.public_view() if watcher else self.state.observation(seat)
        to_move = None if self.is_over() else self.state.to_move
        my_turn = not watcher and to_move == seat
        outcome = self.state.outcome()
        message: dict[str, Any] = {
            "type": "state",
            "game": self.game_id,
            "ply": self.ply,
            "seat": None if watcher else seat,
            "to_move": to_move,
            "steps": [self._step_for(seat, step) for step in steps],
            "observation": plain(view),
            "legal": [str(m) for m in self.state.legal_moves()] if my_turn else None,
            "result": None if outcome is None else outcome.to_json(),
        }
        if my_turn:
            message["sample"] = self._sample(seat)
        return message

    def _step_for(self, seat: int, step: Step) -> dict[str, Any]:
        visible = [e.to_json() for e in step.events if e.visible_to is None or (seat != SPECTATOR and seat in e.visible_to)]
        return {"seat": None if step.seat == CHANCE else step.seat, "move": step.move.public_text, "ply": step.ply, "events": visible}

    def _sample(self, seat: int) -> str | None:
        """A full position consistent with what `seat` may know, for a computer player: the
        position itself when nothing is hidden, else one with the hidden cards dealt again at
        random (`determinize`, with the server's generator); None for a family with no notation."""
        try:
            sample = self.state.determinize(seat, self.rng) if has_hidden_information(self.state) else self.state
            return sample.position()
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
        }

    # Records -------------------------------------------------------------------------------
    def record(self, moves: Sequence[str] | None = None, outcome: Outcome | None = None) -> GameRecord:
        """The game's record so far (the result once it is over), or after `moves` ending in
        `outcome` (a copy taken as the game stood, for a save in another thread)."""
        players = [{"name": f"seat {seat + 1}", "kind": "network"} for seat in range(self.players)]
        if moves is None:
            moves, outcome = self.moves, self.state.outcome()
        return record_from_game(self.ruleset_id, self.resolved, players, moves, outcome, start=self.start)
