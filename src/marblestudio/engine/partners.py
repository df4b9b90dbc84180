"""Team play for a game of two sides: partners take the turns of their side in turn.

A family whose game is played by two sides (Rock Me Archimedes, Mancala) says so in its
descriptor (`Family.partners`).  A ruleset of it with ``teams: {count: 2}`` and four (or six)
players is then played by teams: seat s plays side ``s % 2`` (seats 0 and 2 are the first side,
seats 1 and 3 the second), and the members of a side take its turns one after the other (seat 0,
seat 1, seat 2, seat 3, seat 0, ...).  A turn is everything a side does until the other side is
to decide: a roll and its marble moves, or a sowing and the extra turns it earns.  The team of
the winning side wins.

`Partners` wraps the family's own two-sided game (with its rule pieces, which think in sides) and
changes only who is to move and who won: the moves, the events (whose `seat` is the side), the
views and the notation are the family's.  Its position is the family's with ``players=N`` and
two fields of its own: ``partners=i,j`` (the member of each side who plays its next turn) and
``partners-last=S`` (the side whose turn is under way, or ``none``).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence

from marblestudio.engine.core import CHANCE, Event, Move, Outcome, State
from marblestudio.engine.position import Fields, PositionError

SIDES = 2
"""The sides of a game partners play."""


class Partners(State):
    """A two-sided game played by `players` seats, `players // 2` to a side."""

    def __init__(self, inner: State, players: int, turns: Sequence[int] = (0, 0), last: int = CHANCE) -> None:
        if inner.num_players != SIDES or players % SIDES or players < SIDES:
            raise ValueError(f"team play needs a game of {SIDES} sides and a multiple of {SIDES} players, not {players}")
        self.inner = inner
        self.num_players = players
        self.ruleset = inner.ruleset
        self.turns = list(turns)  # per side: the member (0, 1, ...) who plays its next turn
        self.last = last  # the side whose turn is under way (it made the last player move), else CHANCE

    @property
    def size(self) -> int:
        """Players to a side."""
        return self.num_players // SIDES

    def side_of(self, seat: int) -> int:
        return seat % SIDES if seat >= 0 else seat

    def seat_of(self, side: int) -> int:
        """The seat that plays `side`'s turn now (a negative value, chance, passes through)."""
        return side + SIDES * self.turns[side] if side >= 0 else side

    def spread(self, values: Sequence[float]) -> list[float]:
        """Per-side figures (a value, a reward) as per-seat ones: each seat gets its side's."""
        return [values[seat % SIDES] for seat in range(self.num_players)]

    # Who moves ---------------------------------------------------------------------------------
    @property
    def to_move(self) -> int:
        return self.seat_of(self.inner.to_move)

    def _after(self, side: int) -> None:
        """Keep the turns after a step by `side` (a side, or CHANCE): once the other side is to
        decide, the side whose turn ended hands its next one to its next member."""
        if side >= 0:
            self.last = side
        if self.inner.outcome() is not None:
            return
        nxt = self.inner.to_move
        if nxt >= 0 and self.last >= 0 and nxt != self.last:
            self.turns[self.last] = (self.turns[self.last] + 1) % self.size
            self.last = CHANCE
        elif nxt >= 0 and nxt == self.last and self._partner_plays_next():  # a rule's partner_turn
            self.turns[nxt] = (self.turns[nxt] + 1) % self.size

    def _partner_plays_next(self) -> bool:
        """Whether the side's turn has just ended with a rule's `partner_turn` (its extra turn goes
        to the side's next partner): told once, by the game's rule pieces."""
        rules = getattr(self.inner, "rule_state", None)
        if rules is None or not rules.partner_next or rules.turn_of >= 0:
            return False
        rules.partner_next = False
        return True

    def _tell(self, side: int) -> None:
        """Tell the game's rule pieces who plays `side`'s step (their name `player`)."""
        rules = getattr(self.inner, "rule_state", None)
        if rules is not None:
            rules.player = self.seat_of(side)

    def apply(self, move: Move) -> list[Event]:
        side = self.inner.to_move
        self._tell(side)
        events = self.inner.apply(move)
        self._after(side)
        return events

    def play(self, move: Move) -> None:
        side = self.inner.to_move
        self._tell(side)
        self.inner.play(move)
        self._after(side)

    def outcome(self) -> Outcome | None:
        found = self.inner.outcome()
        if found is None:
            return None
        winners = tuple(seat for seat in range(self.num_players) if seat % SIDES in found.winners)
        return Outcome(found.termination, winners, found.reason)

    def give_turn(self, seat: int) -> bool:
        return self.inner.give_turn(self.side_of(seat))

    def seat_after(self, seat: int) -> int:
        return self.seat_of(self.inner.seat_after(self.side_of(seat)))

    def end_by_rule(self, outcome: Outcome, events: list[Event]) -> None:
        self.inner.end_by_rule(outcome, events)

    # The family's own ---------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        self._tell(self.inner.to_move)  # a constraint or a power's condition may read `player`
        return self.inner.legal_moves()

    def parse_move(self, text: str) -> Move:
        return self.inner.parse_move(text)

    def chance_outcomes(self) -> list[tuple[Move, float]] | None:
        return self.inner.chance_outcomes()

    def sample_chance(self, rng: random.Random) -> Move:
        return self.inner.sample_chance(rng)

    def observation(self, seat: int) -> object:
        return self.inner.observation(self.side_of(seat))

    def public_view(self) -> object:
        return self.inner.public_view()

    def counts(self) -> Mapping[str, int]:
        return self.inner.counts()

    def _around(self, inner: State) -> Partners:
        """This team game around `inner` (a copy of its own game): no checks, as search copies often."""
        new = object.__new__(Partners)
        new.inner, new.num_players, new.ruleset, new.turns, new.last = inner, self.num_players, self.ruleset, self.turns[:], self.last
        return new

    def copy(self) -> Partners:
        return self._around(self.inner.copy())

    def determinize(self, seat: int, rng: random.Random) -> Partners:
        return self._around(self.inner.determinize(self.side_of(seat), rng))

    def random_playout(self, rng: random.Random, max_steps: int = 1_000_000) -> int:
        """The family's fast loop when it plays to the end (who won is all that is read then);
        a playout cut short goes step by step, keeping the turns."""
        rules = getattr(self.inner, "rule_state", None)
        if max_steps >= 1_000_000 and (rules is None or "player" not in rules.program.reads):  # no rule reads who plays
            return self.inner.random_playout(rng, max_steps)
        return State.random_playout(self, rng, max_steps)

    def position_key(self) -> Hashable | None:
        key = self.inner.position_key()
        return None if key is None else (key, tuple(self.turns), self.last)

    # Positions ----------------------------------------------------------------------------------
    def position(self) -> str:
        game, *parts = self.inner.position().split()
        parts = [f"players={self.num_players}" if part.startswith("players=") else part for part in parts]
        last = "none" if self.last < 0 else str(self.last)
        return " ".join([game, *parts, f"partners={','.join(map(str, self.turns))}", f"partners-last={last}"])


def inner_fields(fields: Fields) -> Fields:
    """The fields of a team game's position as its two sides' game reads them."""
    return Fields(fields.game, {k: v for k, v in fields.values.items() if not k.startswith("partners")} | {"players": str(SIDES)}, SIDES)


def read(fields: Fields, inner: State, read_inner: Fields) -> Partners:
    """The team game at `fields`, around `inner` (read from `read_inner`)."""
    if fields.players % SIDES or fields.players < SIDES:
        raise PositionError(f"team play is for a multiple of {SIDES} players, not {fields.players}", "players", rule=True)
    size = fields.players // SIDES
    parts = fields.text("partners", ",".join(["0"] * SIDES)).split(",")
    if len(parts) != SIDES:
        raise fields.error("partners", f"one member per side ({SIDES}), separated by commas")
    turns = [fields.bounded("partners", fields.convert("partners", part, int, "a whole number"), 0, size - 1) for part in parts]
    raw = fields.text("partners-last", "none")
    last = CHANCE if raw == "none" else fields.bounded("partners-last", fields.convert("partners-last", raw, int, "a side or 'none'"), 0, SIDES - 1)
    fields.mark_read(read_inner)  # the two share the family's fields
    return Partners(inner, fields.players, turns, last)
