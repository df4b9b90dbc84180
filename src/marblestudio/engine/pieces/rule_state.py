"""What the rule pieces remember during a game: the rule state, copied with the game's state.

Turn counters, scores, counters and marks, how often each piece fired and was used, turns given,
skipped, missed or slipped in, and what a prevention decided for the end of its move.  The
limits of what it holds (`MAX_MARK`, `CHANCE_RUN`) live here too: the triggers keep to them and
a written position is checked against them (`pieces.rule_position`).
"""

from __future__ import annotations

from typing import Any, Final

from marblestudio.engine.core import Move, Outcome
from marblestudio.engine.pieces.program import Program, compile_pieces

MAX_MARK = 40
"""The longest text a mark keeps (a name of a slide, a card, a colour)."""

CHANCE_RUN = 1000
"""Chance steps in a row, without a player's move, after which a game with rule pieces ends as
stopped by the move limit: a rule that deals again on every deal (`on: dealt, then:
hand_in_redeal`) would otherwise never let a player move.  A game by its own rules makes a few in
a row at most (a deal, the gates; a start roll and its re-rolls)."""


FIELDS: Final = ("program", "turn_moves", "in_turn", "turn_of", "extra_for", "moves", "scores", "fired", "used", "forbade", "turn_to", "skips",
             "missed", "counters", "insert_to", "resume", "inserted", "queued",
             "inside", "decided", "partner_next", "deferred", "player", "chance_run", "waived", "waived_for", "marks")
"""Every field of a `RuleState`, in the order its pickle keeps them (after `program`): its `__slots__`
in pure Python (compiled, the class has no `__slots__` attribute to read them from)."""


class RuleState:
    """What the pieces remember during a game (copied with the state)."""

    __slots__ = FIELDS

    def __init__(self, program: Program, players: int) -> None:
        self.program = program
        self.turn_moves = 0  # moves in the current turn (see vocab.core_names)
        self.in_turn = 0  # ... counting the game's own continuing moves too (a roll's marbles, a drop, a sowing into the store)
        self.turn_of = -1  # the seat whose turn is under way (-1: between turns)
        self.extra_for = -1  # the seat an extra turn was given to
        self.moves = 0
        self.scores = [0] * players
        self.fired = [0] * len(program.pieces)
        self.used: dict[tuple[int, int], int] = {}  # (piece, seat) -> times fired, for `times:`
        self.forbade: tuple[int, ...] = ()  # the constraints that left out moves at this decision
        self.turn_to = -1  # who moves after this turn (extra_turn, give_turn), decided earlier in the turn
        self.skips = 0  # ... and how many seats are skipped then
        self.missed = [0] * players  # per seat: turns it is still to miss (skip_turn)
        self.counters: dict[tuple[str, int], int] = {}  # (name, seat) -> a house rule's own tally (count, set_count)
        self.insert_to = -1  # a seat to take a turn slipped in when this turn ends (insert_turn)
        self.resume = self.inserted = -1  # during a slipped-in turn: the seat play goes back to, and the seat playing it
        self.queued: tuple[int, ...] = ()  # more seats to slip a turn in, one after the other (insert_turn for several)
        self.inside = False  # True while the family plays a move (its own legal_moves calls see no powers)
        self.decided: list[Move] | None = None  # ... and the moves the player chose among, which its check sees
        self.partner_next = False  # partner_turn: the side's extra turn goes to its next partner (engine/partners.py)
        self.deferred: Effects | None = None  # a prevention's end of game or turn, for the triggers at the end of its move
        self.player = -1  # team play of a two-sided game: the seat that plays the side's turn now (told by engine/partners.py)
        self.chance_run = 0  # chance steps since the last player's move (a rule that deals on every deal never stops: CHANCE_RUN)
        self.waived: tuple[int, ...] = ()  # constraints a `waive` lifted for the rest of a turn, by piece number ...
        self.waived_for = -1  # ... and the seat whose turn it is
        self.marks: dict[tuple[str, int], str] = {}  # (name, seat) -> a house rule's text (mark), what a player named

    def begin_move(self, mover: int) -> None:
        """`mover` is about to decide: the first decision of its turn starts the turn's count (one
        more move when an extra turn was given to it)."""
        self.chance_run = 0
        if self.turn_of != mover:
            self.waived, self.waived_for = (), -1  # a new turn: a limit lifted for the last one applies again
            self.partner_next = False  # a new turn: the team game has handed it on (or there is none)
            self.turn_moves = self.turn_moves + 1 if self.extra_for == mover else 1
            self.in_turn = self.in_turn + 1 if self.extra_for == mover else 1
            self.turn_of = mover
        else:
            self.in_turn += 1

    def idle(self) -> bool:
        """Whether nothing waits for the end of a turn: no turn to give or skip, no turn to miss or
        slip in, no end a prevention decided (a move that fires nothing then only ends the turn)."""
        return self.turn_to < 0 and not self.skips and not self.program.misses_turns and self.deferred is None

    def turn_over(self) -> None:
        """The turn under way is over: the next decision starts a new one (`begin_move`)."""
        self.turn_of = self.extra_for = -1

    def record_firing(self, piece: Any, seat: int) -> None:
        """`piece` fired for `seat`: counted for coverage, and for its `times:` limit."""
        self.fired[piece.index] += 1
        if piece.times is not None:
            self.used[piece.index, seat] = self.used.get((piece.index, seat), 0) + 1

    def quiet(self, moves: int) -> None:
        """`moves` whole turns of one move each were played by a family's fast loop, none of them
        firing a rule (so the count of the last turn's moves is 1, as `apply` would leave it)."""
        if moves:
            self.chance_run = 0
            self.moves += moves
            self.turn_of = self.extra_for = -1
            self.turn_moves = self.in_turn = 1

    def used_up(self, piece: Any, seat: int) -> bool:
        """Whether `seat` has used `piece` as many times as its `times:` allows."""
        return piece.times is not None and self.used.get((piece.index, seat), 0) >= piece.times

    def copy(self) -> RuleState:
        new = RuleState(self.program, 0)
        new.turn_moves, new.turn_of, new.extra_for, new.moves = self.turn_moves, self.turn_of, self.extra_for, self.moves
        new.in_turn = self.in_turn
        new.scores = self.scores[:]
        new.fired = self.fired[:]
        new.used = dict(self.used)
        new.forbade = self.forbade
        new.turn_to, new.skips = self.turn_to, self.skips
        new.missed = self.missed[:]
        new.counters = dict(self.counters)
        new.insert_to, new.resume, new.inserted, new.queued = self.insert_to, self.resume, self.inserted, self.queued
        new.inside = False
        new.decided = None
        new.partner_next = self.partner_next
        new.deferred = None
        new.player = self.player
        new.chance_run = self.chance_run
        new.waived, new.waived_for = self.waived, self.waived_for
        new.marks = dict(self.marks) if self.marks else {}
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its pieces (plain data): the receiving process compiles them again (cached)."""
        kept = tuple(getattr(self, name) for name in FIELDS[1:])
        return _rule_state, (self.program.game, self.program.pieces, kept)


def _rule_state(game: str, pieces: Any, kept: tuple[Any, ...]) -> RuleState:
    new = RuleState(compile_pieces(game, pieces), 0)
    for name, value in zip(FIELDS[1:], kept, strict=True):
        setattr(new, name, value)
    new.inside = False
    new.deferred = None
    return new


class Effects:
    """What the triggers of one move decided: the turn's effects go to the rule state (they wait for
    the end of the turn: a die roll's trigger gives its extra turn when the turn is over)."""

    def __init__(self, rs: RuleState) -> None:
        self.rs = rs
        self.end: Outcome | None = None
        self.end_turn = False
        self.final = False  # `end` came from a trigger on game_over: it replaces the game's own result
