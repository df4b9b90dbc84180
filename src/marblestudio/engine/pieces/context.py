"""What an expression of the rule pieces reads: the game, its rule state, the event or move judged."""

from __future__ import annotations

from typing import Any

from marblestudio.engine.core import Event, State
from marblestudio.engine.pieces.rule_state import RuleState


class Context:
    """What an expression reads: the state, the rule state, the event or move being judged."""

    __slots__ = ("state", "rules", "event", "move", "mover", "players", "each", "choice", "power")

    def __init__(self, state: State, rules: RuleState, mover: int) -> None:
        self.state = state
        self.rules = rules
        self.mover = mover
        self.players = state.num_players
        self.event: Event | None = None
        self.move: Any = None
        self.each = -1  # an action for a group of seats: the seat it is taken for now (`seat`)
        self.choice: Any = ""  # a power's choice (`choose:`), as its type reads it
        self.power = False  # a power's condition or actions: its user is still to move

    def turn_moves(self) -> int:
        """The number of the move being judged in its turn: for a trigger, the move just made
        (the rule state counts it); for a constraint or a power, the move about to be made."""
        rs = self.rules
        if self.event is not None:
            return rs.turn_moves
        if rs.turn_of == self.mover:  # a turn under way (decisions after a roll)
            return rs.turn_moves
        return rs.turn_moves + 1 if rs.extra_for == self.mover else 1

    def moves_in_turn(self) -> int:
        """As `turn_moves`, counting the game's own continuing moves too (see vocab.core_names)."""
        rs = self.rules
        if self.event is not None or rs.turn_of == self.mover:
            return rs.in_turn + (0 if self.event is not None else 1)
        return rs.in_turn + 1 if rs.extra_for == self.mover else 1

    def player(self) -> int:
        """The seat who plays the mover's turn: in team play of a two-sided game the member of the
        side whose turn it is (the partners tell the rules before each step), else the mover."""
        told = self.rules.player
        return told if told >= 0 and self.mover >= 0 else self.mover

    def team_of(self, seat: int) -> int:
        teams = self.state.ruleset.teams
        return seat if teams is None else teams.team_of(seat)

    def next_to_move(self) -> int:
        """The seat that moves next as the game stands; in a power (whose user is still to move,
        its own move to come), the seat that moves after the user's turn."""
        if self.state.outcome() is not None:
            return -1
        if self.power and self.mover >= 0:
            return self.state.seat_after(self.mover)
        return self.state.to_move

    def won(self, seat: int) -> bool:
        outcome = self.state.outcome()
        return outcome is not None and seat in outcome.winners

    def fired_by_name(self, name: str) -> int:
        names = self.rules.program.names
        return sum(n for piece_name, n in zip(names, self.rules.fired, strict=True) if piece_name == name)
