"""Avalanche's set-up, a chance step or two: the cards dealt, then the gates set at random.

`SetUp` is a mixin of `AvalancheState`: it draws and applies the set-up moves (`Deal`,
`SetGates`), whose notation a record keeps, so a game replays on any machine.
"""

from __future__ import annotations

import enum
import random

from marblestudio.engine.core import Event, IllegalMoveError, Move
from marblestudio.engine.avalanche.moves import Deal, SetGates
from marblestudio.engine.avalanche.rules import AvalancheRules, GameOptions, Side
from marblestudio.engine.avalanche.events import AvalancheEvent


class Phase(enum.Enum):
    DEAL = "deal"
    GATES = "gates"
    PLAY = "play"
    OVER = "over"


class SetUp:
    """The chance steps at the start of a game."""

    rules: AvalancheRules
    options: GameOptions
    num_players: int
    phase: Phase
    random_gates: tuple[int, ...]
    tilt: list[int]
    cards: list[tuple[int, ...]]

    # Chance ----------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[Move, float]] | None:
        if self.phase is Phase.GATES and len(self.random_gates) <= 8:
            n = len(self.random_gates)
            tilts = ["".join("R" if bits >> (n - 1 - i) & 1 else "L" for i in range(n)) for bits in range(2**n)]
            return [(SetGates(t), 1.0 / 2**n) for t in tilts]
        return None

    def sample_chance(self, rng: random.Random) -> Move:
        if self.phase is Phase.DEAL:
            ids = [c.id for c in self.rules.cards]
            return Deal(tuple(rng.sample(ids, self.num_players * self.options.cards_per_player)))
        if self.phase is Phase.GATES:
            return SetGates("".join(rng.choice("LR") for _ in self.random_gates))
        raise ValueError("not a chance step")

    # Set-up ----------------------------------------------------------------------------
    def _deal(self, cards: tuple[str, ...]) -> list[Event]:
        per = self.options.cards_per_player
        ids = [c.id for c in self.rules.cards]
        index = {cid: i for i, cid in enumerate(ids)}
        events = []
        for seat in range(self.num_players):
            mine = tuple(index[cid] for cid in cards[seat * per:(seat + 1) * per])
            self.cards[seat] = mine
            events.append(Event.of(AvalancheEvent.CARDS_DEALT, seat=seat, cards=tuple(ids[i] for i in mine)))
        return events

    def _apply_deal(self, move: Deal) -> list[Event]:
        if self.phase is not Phase.DEAL:
            raise IllegalMoveError(move, "the cards are dealt once, at the start")
        ids = {c.id for c in self.rules.cards}
        wanted = self.num_players * self.options.cards_per_player
        if len(move.cards) != wanted or len(set(move.cards)) != wanted or not set(move.cards) <= ids:
            raise IllegalMoveError(move, f"deal {wanted} different cards of this ruleset")
        events = self._deal(move.cards)
        self.phase = Phase.GATES if self.random_gates else Phase.PLAY
        return events

    def _apply_gates(self, move: SetGates) -> list[Event]:
        if self.phase is not Phase.GATES:
            raise IllegalMoveError(move, "the gates are set at random once, at the start")
        if len(move.tilts) != len(self.random_gates):
            raise IllegalMoveError(move, f"give the tilt of each of the {len(self.random_gates)} random gates")
        events = []
        for gate, letter in zip(self.random_gates, move.tilts):
            self.tilt[gate] = int(Side.LEFT if letter == "L" else Side.RIGHT)
            events.append(Event.of(AvalancheEvent.GATE_SET, gate=self.rules.gates[gate].id, tilt=Side(self.tilt[gate]).word))
        self.phase = Phase.PLAY
        return events
