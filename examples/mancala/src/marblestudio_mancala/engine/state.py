"""A game of Mancala in progress (docs/rules.md), on one list of pits (see `board`).

A turn is one sowing: the player lifts every seed of one of their houses and drops them one by
one counter-clockwise; the last seed may capture, and with Kalah's store rule a last seed in the
player's own store gives another turn (the same seat moves again: an ``extra_turn`` event
instead of ``turn_over``).  After every move the rules decide whether the game is over (see
`_decide`); when it is, the seeds left in the houses go to their owners' stores (except when a
majority ends it) and most seeds wins.  The ruleset's move limit ends a game as a capped draw.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from marblestudio.engine.core import TURN_OVER, Event, IllegalMoveError, Move, NotationError, Outcome, State, Termination
from marblestudio.engine.rules import Ruleset

from marblestudio_mancala.engine import playout
from marblestudio_mancala.engine.board import BoardTables, tables_for
from marblestudio_mancala.engine.events import MancalaEvent
from marblestudio_mancala.engine.moves import SowMove, house_name, parse_house
from marblestudio_mancala.engine.rules import (
    EndRule,
    Feeding,
    MancalaRules,
    Majority,
    Origin,
    Repetition,
    StoreLanding,
    Stores,
)
from marblestudio_mancala.engine.sowing import can_move, feeds, find_captures, legal_pits, side_seeds, take
from marblestudio_mancala.engine.view import MancalaView, make_view

EXTRA_TURN = MancalaEvent.EXTRA_TURN
"""The kind of the event that ends a move after which the same player moves again."""

_Pending = tuple[str, int | None, bool]
"""How a game ends: the reason, the winner a majority names (None: most seeds), whether the
seeds left in the houses are stored first."""


class MancalaState(State):
    """One game; see the module docstring.  Build it with `new_game`."""

    __slots__ = (
        "_t", "ruleset", "rules", "num_players", "pits", "_to_move", "moves_played", "_outcome",
        "_limit", "history", "_skip", "_extra", "_feed", "clockwise", "any_house",
    )

    def __init__(self, ruleset: Ruleset, players: int = 2) -> None:
        if players != 2:
            raise ValueError(f"Mancala is a game for two players, not {players}")
        rules = ruleset.family
        if not isinstance(rules, MancalaRules):
            raise TypeError(f"ruleset {ruleset.id} has no Mancala rules (its family is {type(rules).__name__})")
        t = tables_for(rules)
        self._t: BoardTables = t
        self.ruleset = ruleset
        self.rules = rules
        self.num_players = 2
        self.pits = [rules.seeds] * t.size
        for store in t.stores:
            self.pits[store] = 0
        self._to_move = 0
        self.moves_played = 0  # decisions made, for the move limit
        self._outcome: Outcome | None = None
        self._limit = ruleset.move_limit
        self._skip = rules.origin is Origin.SKIPPED
        self._extra = rules.stores is Stores.OWN and rules.last_in_store is StoreLanding.EXTRA_TURN
        self._feed = rules.feeding is Feeding.MUST_FEED
        self.clockwise = False  # the next sowing goes clockwise (a house rule's `sow_clockwise`)
        self.any_house = False  # the next sowing may start from any house, the opponent's too (`sow_any_house`)
        # Positions seen since the stores last changed (earlier ones can never come back).
        self.history: set[tuple[tuple[int, ...], int]] | None = None
        if rules.repetition is Repetition.ENDS_GAME:
            self.history = {(tuple(self.pits), 0)}

    # The contract ------------------------------------------------------------------------
    @property
    def to_move(self) -> int:
        return self._to_move

    def outcome(self) -> Outcome | None:
        return self._outcome

    def legal_moves(self) -> list[Move]:
        if self._outcome is not None:
            return []
        t, seat = self._t, self._to_move
        mine, first = t.moves_of[seat], t.first[seat]
        moves: list[Move] = [mine[p - first] for p in legal_pits(self.pits, t, seat, self.clockwise)]
        if self.any_house:  # a house rule's: the opponent's houses with seeds too, in house order
            theirs, other = t.moves_of[1 - seat], t.first[1 - seat]
            moves += [theirs[p - other] for p in range(other, other + t.houses) if self.pits[p]]
        return moves

    def apply(self, move: Move) -> list[Event]:
        if self._outcome is not None:
            raise IllegalMoveError(move, "the game is over")
        if type(move) is not SowMove:
            raise IllegalMoveError(move, "not a Mancala move: a move names a house to sow from")
        t, pits, seat, pit = self._t, self.pits, self._to_move, move.pit
        if not 0 <= pit < t.size or t.moves[pit] != move:
            raise IllegalMoveError(move, f"this board has no house {move.place!r} ({t.houses} houses a side)")
        if move.seat != seat and not self.any_house:
            raise IllegalMoveError(move, f"house {move.place} is {self._name(move.seat)}'s: {self._name(seat)} sows "
                                         f"from {self._range(seat)}")
        if not pits[pit]:
            raise IllegalMoveError(move, f"house {move.place} is empty: sow from a house with seeds")
        if self._feed and side_seeds(pits, t, 1 - seat) == 0 and not feeds(pits, t, seat, pit, self.clockwise):
            raise IllegalMoveError(move, f"{self._name(1 - seat)} has no seeds: {self._name(seat)} must sow so that seeds "
                                         f"reach {self._name(1 - seat)}'s houses, and {move.place} does not")
        return self._play(seat, pit)

    def copy(self) -> MancalaState:
        new = object.__new__(type(self))  # a house rule's subclass copies as itself
        new._t = self._t
        new.ruleset = self.ruleset
        new.rules = self.rules
        new.num_players = 2
        new.pits = self.pits[:]
        new._to_move = self._to_move
        new.moves_played = self.moves_played
        new._outcome = self._outcome
        new._limit = self._limit
        new._skip = self._skip
        new._extra = self._extra
        new._feed = self._feed
        new.clockwise = self.clockwise
        new.any_house = self.any_house
        new.history = None if self.history is None else set(self.history)
        return new

    def parse_move(self, text: str) -> Move:
        seat, index = parse_house(text, self._t.houses)
        return self._t.moves_of[seat][index]

    def public_view(self) -> MancalaView:
        return make_view(self)

    def counts(self) -> Mapping[str, int]:
        t = self._t
        return {"houses": side_seeds(self.pits, t, 0) + side_seeds(self.pits, t, 1),
                "stores": sum(self.pits[s] for s in t.stores)}

    def hooked_playout(self, rng: random.Random, max_steps: int, listened: set[str], quiet: Callable[[int], None]) -> int | None:
        """A random playout for a game with rule pieces (see `playout.hooked_playout`)."""
        return playout.hooked_playout(self, rng, max_steps, listened, quiet)

    def position(self) -> str:
        """The position as one line of text (docs/notation.md, "Positions"; see `position`)."""
        from marblestudio_mancala.engine.position import write

        return write(self)

    def random_playout(self, rng: random.Random, max_steps: int = 1_000_000) -> int:
        """Play on to the end with uniformly random moves (see `playout`: no moves, no events)."""
        return playout.random_playout(self, rng, max_steps)

    # Helpers for views, agents and tests ---------------------------------------------------
    def store(self, seat: int) -> int:
        """The seeds in `seat`'s store."""
        return self.pits[self._t.stores[seat]]

    def houses_of(self, seat: int) -> list[int]:
        """The seeds in `seat`'s houses, in sowing order (``a`` first)."""
        return [self.pits[p] for p in self._t.side(seat)]

    def seeds_on_side(self, seat: int) -> int:
        return side_seeds(self.pits, self._t, seat)

    def is_out(self, seat: int) -> bool:
        """True when `seat` has no seeds in their houses."""
        return side_seeds(self.pits, self._t, seat) == 0

    def seeds_in(self, place: str) -> int:
        """The seeds in the house or store named `place` (``c``, ``C``, ``s``, ``S``)."""
        return self.pits[self._t.names.index(place)]

    @property
    def tables(self) -> BoardTables:
        return self._t

    # Rules ---------------------------------------------------------------------------------
    def _play(self, seat: int, pit: int) -> list[Event]:
        """Sow house `pit` for `seat` (already checked), capture, and close the move."""
        t, pits = self._t, self.pits
        s0, s1 = t.stores
        stored = pits[s0] + pits[s1]
        seeds = pits[pit]
        events = [t.taken(seat, pit, seeds)]
        pits[pit] = 0
        clockwise, self.clockwise, self.any_house = self.clockwise, False, False
        nxt, skip, sown, append = (t.prev_pit if clockwise else t.next_pit)[seat], self._skip, t.sown, events.append
        pos = pit
        while seeds:
            pos = nxt[pos]
            if pos == pit and skip:
                continue
            k = pits[pos] + 1
            pits[pos] = k
            append(sown(pos, k))
            seeds -= 1
        taken, forfeited = find_captures(pits, t, seat, pos, clockwise)
        if taken and self.prevented("capture", seat, {"seat": seat, "place": t.names[pos], "seeds": sum(k for _, k in taken),
                                                       "houses": len(taken)}, events):
            taken = ()  # a house rule stops the capture: the seeds stay where they are
        if forfeited:
            append(t.grand_slam(seat, forfeited))
        for p, k in taken:
            append(t.captured(seat, p, k))
        take(pits, t, seat, taken)
        extra = self._extra and pos == t.stores[seat]
        if extra and self.prevented("extra_turn", seat, {"seat": seat}, events):
            extra = False  # a house rule stops the extra turn: the other player moves
        self.moves_played += 1
        mover = seat if extra else 1 - seat
        ending = self._decide(mover, pits[s0] + pits[s1] != stored)
        if ending is None:
            self._to_move = mover
            append(t.seat_event(EXTRA_TURN if extra else TURN_OVER, seat))
        else:
            append(t.seat_event(TURN_OVER, seat))
            self._finish(ending, events)
        return events

    # Seams for Marble Studio's rule pieces -------------------------------------------------
    def sow_any_house(self) -> bool:
        """A house rule's `sow_any_house`: the next sowing may start from any house with seeds, the
        opponent's too (the seeds go round as the mover sows).  Not when the game is over."""
        if self._outcome is not None:
            return False
        self.any_house = True
        return True

    def sow_clockwise(self) -> bool:
        """A house rule's `sow_clockwise`: the next sowing goes clockwise, whoever makes it.  Not
        when the game is over, nor when the seat to move could then not sow at all (an opponent
        to feed that no clockwise sowing feeds)."""
        if self._outcome is not None or not legal_pits(self.pits, self._t, self._to_move, True):
            return False
        self.clockwise = True
        return True

    def give_turn(self, seat: int) -> bool:
        if self._outcome is not None or seat not in (0, 1) or not can_move(self.pits, self._t, seat):
            return False
        self._to_move = seat
        return True

    def seat_after(self, seat: int) -> int:
        return 1 - seat

    def end_by_rule(self, outcome: Outcome, events: list[Event]) -> None:
        self._outcome = outcome
        events.append(outcome.event())

    def side(self, seat: int) -> int:
        """The seeds in `seat`'s houses."""
        return side_seeds(self.pits, self._t, seat)

    def house_pit(self, house: str) -> tuple[int, int] | None:
        """(owner, pit) of the house named `house` ('c', 'C'), or None when the board has none."""
        try:
            seat, index = parse_house(house, self._t.houses)
        except NotationError:
            return None
        return seat, self._t.side(seat)[index]

    def harvestable(self) -> list[str]:
        """The houses whose seeds a house rule's `harvest` may take now, in house order (``a`` to
        ``f``, then ``A`` to ``F``): those with seeds, except the last house with seeds of the seat to
        move, who must still be able to sow."""
        t, mover = self._t, self.to_move
        out = []
        for seat in (0, 1):
            for index, pit in enumerate(t.side(seat)):
                if self.pits[pit] and not (seat == mover and self.pits[pit] == side_seeds(self.pits, t, seat)):
                    out.append(house_name(seat, index))
        return out

    def harvest(self, house: str, seat: int, events: list[Event]) -> int:
        """A house rule moves every seed of `house` into `seat`'s store (the action `harvest`),
        told as a capture; the seeds moved.  Nothing happens to a house not in `harvestable()`."""
        found = self.house_pit(house)
        if found is None or house not in self.harvestable() or not 0 <= seat < 2:
            return 0
        _, pit = found
        seeds, self.pits[pit] = self.pits[pit], 0
        self.pits[self._t.stores[seat]] += seeds
        events.append(self._t.captured(seat, pit, seeds))
        if self.history is not None:
            self.history.clear()  # the board changed outside a sowing: no earlier position can come back
        return seeds

    def rob_store(self, thief: int, seeds: int) -> int:
        """Move up to `seeds` seeds from the other seat's store into `thief`'s (the plug-in's Python
        piece, `pieces.rob_store`); returns how many moved."""
        stores = self._t.stores
        moved = max(0, min(seeds, self.pits[stores[1 - thief]]))
        self.pits[stores[1 - thief]] -= moved
        self.pits[stores[thief]] += moved
        if self.history is not None:
            self.history.clear()  # the stores changed: no earlier position can come back
        return moved

    def _decide(self, mover: int, stores_changed: bool) -> _Pending | None:
        """After a move, with `mover` to move next: how the game ends now, or None.

        In this order: a store holding more than half of the seeds (when that ends the game); an
        empty side (either side, or the player to move unable to move, as the end rule says); a
        position seen before (when repetition ends the game); the move limit (a capped draw).
        """
        rules, t, pits = self.rules, self._t, self.pits
        if rules.majority is Majority.ENDS_GAME:
            total = rules.total_seeds
            for seat in (0, 1):
                if 2 * pits[t.stores[seat]] > total:
                    return self.ending("majority", seat)
        if rules.end is EndRule.EITHER_SIDE_EMPTY:
            for seat in (mover, 1 - mover):
                if side_seeds(pits, t, seat) == 0:
                    return self.ending("empty", seat)
        elif not can_move(pits, t, mover):
            if side_seeds(pits, t, mover) == 0:
                return self.ending("no-seeds", mover)
            return self.ending("cannot-feed", mover)
        history = self.history
        if history is not None:
            if stores_changed:
                history.clear()
            key = (tuple(pits), mover)
            if key in history:
                return self.ending("repeated")
            history.add(key)
        if self._limit is not None and self.moves_played >= self._limit:
            return self.ending("limit")
        return None

    def ending(self, code: str, seat: int = 0) -> _Pending:
        """How the game ends for the reason `code` names (about `seat`): its words, the winner
        by store or None (the stores decide), and whether the seats left in the houses are stored.
        `majority` (seat has more than half), `empty` (seat's houses are empty), `no-seeds` (seat
        has nothing to sow), `cannot-feed` (seat cannot give the other seeds), `repeated`, `limit`."""
        name = self._name
        if code == "majority":
            return (f"{name(seat)} has more than half of the seeds ({self.store(seat)} of {self.rules.total_seeds})", seat, False)
        if code == "empty":
            return (f"{name(seat)} has no seeds in their houses", None, True)
        if code == "no-seeds":
            return (f"{name(seat)} has no seeds to sow", None, True)
        if code == "cannot-feed":
            return (f"{name(seat)} cannot give {name(1 - seat)} seeds", None, True)
        if code == "repeated":
            return ("the position repeated", None, True)
        if code == "limit":
            return ("", None, False)
        raise ValueError(f"no ending {code!r}")

    def _finish(self, ending: _Pending, events: list[Event] | None) -> None:
        """End the game as `ending` says (storing the seeds left in the houses first if it says so)."""
        reason, winner, store_rest = ending
        t, pits = self._t, self.pits
        if not reason:
            outcome = Outcome.capped(self._limit or 0)
        else:
            if store_rest:
                for seat in (0, 1):
                    store = t.stores[seat]
                    for pit in t.side(seat):
                        seeds = pits[pit]
                        if seeds:
                            pits[pit] = 0
                            pits[store] += seeds
                            if events is not None:
                                events.append(t.collected(seat, pit, seeds))
                reason += ": each player stored the seeds on their side"
            a, b = pits[t.stores[0]], pits[t.stores[1]]
            score = f"{self._name(0)} {a}, {self._name(1)} {b}"
            if winner is None and a != b:
                winner = 0 if a > b else 1
            if winner is None:
                outcome = Outcome(Termination.DRAW, (), f"{reason}; {score}: equal seeds, a draw")
            else:
                outcome = Outcome(Termination.WIN, (winner,), f"{reason}; {score}")
        self._outcome = outcome
        if events is not None:
            events.append(outcome.event())

    def _name(self, seat: int) -> str:
        return self.ruleset.presentation.seat_name(seat)

    def _range(self, seat: int) -> str:
        names = [self._t.names[p] for p in self._t.side(seat)]
        return f"{names[0]}-{names[-1]}"
