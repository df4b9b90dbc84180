"""A game of Stay Alive in progress (GAMES.md section 1), on integer bitmasks.

Phases: the set-up (a chance step, unless the ruleset gives start positions), placing (each
player in turn puts one marble on a closed, empty cell), then sliding (each turn one slide moves
one position; every marble over a cell that opens falls).  A player whose marbles have all fallen
is out and skipped; the last player with marbles wins, and when the last marbles fall together
the player who moved the slide wins.  A player with no legal move passes; the ruleset's move
limit ends the game as a capped draw.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping
from typing import Any, cast

from marblestudio.engine.cells import cell_name, parse_cell
from marblestudio.engine.core import CHANCE, Event, IllegalMoveError, Move, Outcome, State, Termination
from marblestudio.engine.rules import Ruleset
from marblestudio.engine.stay_alive import playout
from marblestudio.engine.stay_alive.board import RED, BoardTables, tables_for
from marblestudio.engine.stay_alive.moves import PASS, PassMove, PlaceMove, SetupMove, SlideMove, parse_move
from marblestudio.engine.stay_alive.rules import OpenCellPlacing, PreviousSlide, StayAliveRules, TwoPlayerLimit
from marblestudio.engine.stay_alive.setup import draw_setup
from marblestudio.engine.stay_alive.turns import OVER, PLACING, SETUP, SLIDING, blocked, phase_rule, slide_rule
from marblestudio.engine.stay_alive.view import StayAliveView, public_view
from marblestudio.engine.stay_alive.events import StayAliveEvent

_item = tuple.__getitem__
_chain = itertools.chain.from_iterable


class StayAliveState(State):
    """One game; see the module docstring.  Build it with `new_game`.

    Besides the contract, its attributes are the family's own API, read and written by
    `turns`, `view` and the fast `playout` of this package: `tables` (the board's masks and
    interned moves), `seat_to_move`, `result` (the outcome once decided), `marbles_each`,
    `move_limit`, `book_reading` (the book's readings of the slide rules: the fast loop applies)
    and `after_turn` (closing a turn)."""

    __slots__ = (
        "tables", "ruleset", "rules", "num_players", "seat_to_move", "phase", "positions", "red", "white",
        "marbles", "occupied", "hand", "fallen", "alive", "last_slide", "game_streak", "own_last",
        "own_streak", "moves_played", "result", "marbles_each", "move_limit", "book_reading", "neutral", "neutral_fallen",
        "team_of",
    )

    def __init__(self, ruleset: Ruleset[StayAliveRules], players: int) -> None:
        rules: StayAliveRules = ruleset.family
        self.tables: BoardTables = tables_for(rules)
        self.ruleset = ruleset
        self.rules = rules
        self.num_players = players
        self.marbles_each = rules.marbles_per_player
        self.move_limit = ruleset.move_limit
        teams = ruleset.teams
        self.team_of = None if teams is None else tuple(teams.team_of(s) for s in range(players))  # team play: seat -> team
        self.book_reading = (rules.previous_slide is PreviousSlide.FORBIDDEN
                      and rules.two_player_limit is TwoPlayerLimit.OWN_TURNS and rules.knob_steps == 1 and teams is None)
        self.positions = [0] * len(rules.slides)
        self.red = self.white = 0
        self.marbles = [0] * players
        self.occupied = 0
        self.hand = [rules.marbles_per_player] * players
        self.fallen = [0] * players
        self.alive = players
        self.last_slide = -1  # the slide moved on the previous turn (-1: none, or a pass)
        self.game_streak = 0  # on how many game turns in a row `last_slide` has moved
        self.own_last = [-1] * players  # per seat: the slide it moved on its last own turn
        self.own_streak = [0] * players  # ... and on how many own turns in a row
        self.moves_played = 0  # decisions of players (chance excluded), for the move limit
        self.result: Outcome | None = None
        self.neutral = 0  # the cells of neutral marbles on the grid (a ruleset's `neutral:`, put on at the set-up)
        self.neutral_fallen = 0
        if rules.start_positions is None:
            self.phase = SETUP
            self.seat_to_move = CHANCE
        else:
            given = dict(rules.start_positions)
            self._set_positions([given.get(sid, 0) for sid in self.tables.slide_ids])
            self._put_neutral([])
            self.phase = PLACING
            self.seat_to_move = 0

    # The contract ------------------------------------------------------------------------
    @property
    def to_move(self) -> int:
        return self.seat_to_move

    def outcome(self) -> Outcome | None:
        return self.result

    def legal_moves(self) -> list[Move]:
        phase = self.phase
        if phase == SLIDING:
            b1, b2 = self._blocked(self.seat_to_move)
            parts = list(map(_item, self.tables.moves_at, self.positions))  # each slide's moves from here
            if b1 >= 0:
                parts[b1] = ()
            if b2 >= 0:
                parts[b2] = ()
            moves: list[Move] = list(_chain(parts))
            return moves or [PASS]
        if phase == PLACING:
            free = self.tables.full & ~self.occupied
            if self.rules.placing_on_open_cell is OpenCellPlacing.FORBIDDEN:
                free &= ~(self.red & self.white)
            place = self.tables.place_moves
            out: list[Move] = []
            while free:
                low = free & -free
                out.append(place[low.bit_length() - 1])
                free ^= low
            return out or [PASS]
        return []

    def apply(self, move: Move) -> list[Event]:
        if self.result is not None:
            raise IllegalMoveError(move, "the game is over")
        if type(move) is SlideMove:
            return self._slide(move)
        if type(move) is PlaceMove:
            return self._place(move)
        if isinstance(move, PassMove):
            return self._pass(move)
        if isinstance(move, SetupMove):
            return self._setup(move)
        raise IllegalMoveError(move, "not a Stay Alive move")

    def copy(self) -> StayAliveState:
        new = object.__new__(type(self))  # a house rule's subclass copies as itself
        new.tables = self.tables
        new.ruleset = self.ruleset
        new.rules = self.rules
        new.num_players = self.num_players
        new.marbles_each = self.marbles_each
        new.move_limit = self.move_limit
        new.book_reading = self.book_reading
        new.seat_to_move = self.seat_to_move
        new.phase = self.phase
        new.positions = self.positions[:]
        new.red = self.red
        new.white = self.white
        new.marbles = self.marbles[:]
        new.occupied = self.occupied
        new.hand = self.hand[:]
        new.fallen = self.fallen[:]
        new.alive = self.alive
        new.last_slide = self.last_slide
        new.game_streak = self.game_streak
        new.own_last = self.own_last[:]
        new.own_streak = self.own_streak[:]
        new.moves_played = self.moves_played
        new.result = self.result
        new.neutral = self.neutral
        new.neutral_fallen = self.neutral_fallen
        new.team_of = self.team_of
        return new

    def parse_move(self, text: str) -> Move:
        return parse_move(text, self.tables)

    def position(self) -> str:
        from marblestudio.engine.stay_alive.position import write

        return write(self)

    def sample_chance(self, rng: random.Random) -> Move:
        """Every slide's position, drawn as ``rng.randrange(positions)`` per slide in ruleset
        order, again while fewer cells are closed than there are marbles; on a board where that
        rarely succeeds, the bounded search of `setup.draw_setup` finds one."""
        if self.seat_to_move != CHANCE:
            raise IllegalMoveError("setup", "only the set-up is a chance step")
        return SetupMove(self.tables.slide_ids, draw_setup(self.tables, self._need(), rng))

    def public_view(self) -> StayAliveView:
        return public_view(self)

    def observation(self, seat: int) -> StayAliveView:
        return public_view(self)

    def counts(self) -> Mapping[str, int]:
        out = {
            "to_place": sum(self.hand),
            "on_grid": sum(m.bit_count() for m in self.marbles),
            "fallen": sum(self.fallen),
        }
        if self.rules.neutral:
            placed = self.phase != SETUP
            out["neutral_to_place"] = 0 if placed else len(self.rules.neutral)
            out["neutral_on_grid"] = self.neutral.bit_count()
            out["neutral_fallen"] = self.neutral_fallen
        return out

    # Helpers for views and tests -----------------------------------------------------------
    @property
    def previous_slide(self) -> str | None:
        """The slide moved on the previous turn (None at the start or after a pass)."""
        return self.tables.slide_ids[self.last_slide] if self.last_slide >= 0 else None

    def slide_positions(self) -> dict[str, int]:
        return dict(zip(self.tables.slide_ids, self.positions, strict=True))

    def marbles_of(self, seat: int) -> list[str]:
        """The cells (``c4``) where `seat` has marbles on the grid, in row-major order."""
        return self.cells_of(self.marbles[seat])

    def cells_of(self, mask: int) -> list[str]:
        """The cells (``c4``) of a mask of the grid, in row-major order."""
        cols = self.tables.columns
        return [cell_name(*divmod(i, cols)) for i in range(self.tables.cells) if mask >> i & 1]

    def is_open(self, cell: str) -> bool:
        row, col = parse_cell(cell, self.tables.rows, self.tables.columns)
        return bool(self.red & self.white >> (row * self.tables.columns + col) & 1)

    def is_out(self, seat: int) -> bool:
        return self.fallen[seat] >= self.marbles_each

    # Rules -------------------------------------------------------------------------------
    def _blocked(self, seat: int) -> tuple[int, int]:
        """The (up to two) slides `seat` may not move now (see `turns`)."""
        if self.book_reading:  # the bundled reading, the common case: inline
            if self.alive == 2 and self.own_streak[seat] >= 2:
                return self.last_slide, self.own_last[seat]
            return self.last_slide, -1
        return blocked(self, seat)

    def _slide(self, move: SlideMove) -> list[Event]:
        t = self.tables
        s = move.slide
        pos = self.positions
        seat = self.seat_to_move
        step = move.step
        # Fast check of the common legal case; `_slide_rule` explains anything else.
        legal = False
        if self.phase == SLIDING and 0 <= s < len(pos) and (step == 1 or step == -1 or 0 < abs(step) <= self.rules.knob_steps) and t.slide_ids[s] == move.slide_id:
            old = pos[s]
            new = old + step
            prev, own = self._blocked(seat)
            legal = s != prev and s != own and 0 <= new < len(t.open_masks[s])
        if not legal:
            raise IllegalMoveError(move, slide_rule(self, move) or "not legal now")
        events = [t.slide_event(s, old, new)]
        self._move_slide(s, new, seat, events)
        return events

    def _move_slide(self, s: int, new: int, seat: int, events: list[Event]) -> None:
        """Set slide `s` to position `new` for `seat` (already checked), drop what falls, end the turn."""
        t = self.tables
        self.positions[s] = new
        if t.layer_of[s] == RED:
            self.red = (self.red & t.keep_mask[s]) | t.open_masks[s][new]
        else:
            self.white = (self.white & t.keep_mask[s]) | t.open_masks[s][new]
        if self.last_slide == s:
            self.game_streak += 1
        else:
            self.last_slide = s
            self.game_streak = 1
        if self.own_last[seat] == s:
            self.own_streak[seat] += 1
        else:
            self.own_last[seat] = s
            self.own_streak[seat] = 1
        falling = self.occupied & self.red & self.white
        if falling:
            self._fall(falling, events)
        self._end_turn(seat, events)

    def random_playout(self, rng: random.Random, max_steps: int = 1_000_000) -> int:
        """Play on to the end with uniformly random moves (see `playout.random_playout`: the
        same distribution as the generic loop, other draws, no events)."""
        return playout.random_playout(self, rng, max_steps)

    def hooked_playout(self, rng: random.Random, max_steps: int, listened: set[str], quiet: Callable[[int], None]) -> int | None:
        """A random playout for a game with rule pieces (this state a `Ruled` one; see
        `playout.hooked_playout`): the moves that drop nothing in the fast loop; the others listed
        and played by this family, their events told to the rules (`Ruled.after_fast_move`), as
        `Ruled.apply` plays a move when no rule constrains, reads or prevents it (the hooked loop's
        condition), as Avalanche's loop does."""
        return playout.hooked_playout(self, rng, max_steps, listened, quiet, StayAliveState.legal_moves, StayAliveState.apply,
                                      cast(Any, self).after_fast_move)

    def _fall(self, falling: int, events: list[Event]) -> None:
        """Drop every marble on `falling` (in row-major order), then mark who is out."""
        t = self.tables
        self.occupied &= ~falling
        marbles, fallen = self.marbles, self.fallen
        dropped: list[tuple[int, int]] = []  # (cell, seat)
        hit: list[int] = []
        for seat in range(self.num_players):
            mine = marbles[seat] & falling
            if mine:
                marbles[seat] &= ~mine
                fallen[seat] += mine.bit_count()
                hit.append(seat)
                while mine:
                    low = mine & -mine
                    dropped.append((low.bit_length() - 1, seat))
                    mine ^= low
        if len(hit) > 1:
            dropped.sort()
        for cell, seat in dropped:
            events.append(t.fell_event(seat, cell))
        gone = self.neutral & falling
        if gone:
            self._neutral_falls(gone, events)
        for seat in hit:
            if fallen[seat] >= self.marbles_each:
                self.alive -= 1
                events.append(_player_out(seat))

    def _neutral_falls(self, gone: int, events: list[Event]) -> None:
        """The neutral marbles on `gone` fall (row-major); no one loses by it."""
        self.neutral &= ~gone
        self.occupied &= ~gone
        self.neutral_fallen += gone.bit_count()
        cols = self.tables.columns
        while gone:
            low = gone & -gone
            row, col = divmod(low.bit_length() - 1, cols)
            events.append(Event.of(StayAliveEvent.NEUTRAL_FELL, row=row, col=col, cell=cell_name(row, col)))
            gone ^= low

    def _need(self) -> int:
        """Closed cells the set-up must leave: one per marble, neutral ones too."""
        return self.num_players * self.marbles_each + len(self.rules.neutral)

    def _put_neutral(self, events: list[Event]) -> None:
        """Put the ruleset's neutral marbles on their cells; one on an open cell falls at once."""
        cols = self.tables.columns
        for row, col in self.rules.neutral:
            bit = 1 << (row * cols + col)
            self.neutral |= bit
            self.occupied |= bit
        gone = self.neutral & self.red & self.white
        if gone:
            self._neutral_falls(gone, events)

    def _place(self, move: PlaceMove) -> list[Event]:
        t = self.tables
        if self.phase != PLACING:
            raise IllegalMoveError(move, phase_rule(self, "place a marble"))
        cell = move.cell
        if not (0 <= cell < t.cells) or t.place_moves[cell] != move:
            raise IllegalMoveError(move, f"{move} is not a cell of this board")
        bit = 1 << cell
        name = cell_name(move.row, move.col)
        if self.occupied & bit:
            raise IllegalMoveError(move, f"cell {name} is taken")
        is_open = bool(self.red & self.white & bit)
        if is_open and self.rules.placing_on_open_cell is OpenCellPlacing.FORBIDDEN:
            raise IllegalMoveError(move, f"cell {name} is open: placing there is forbidden")
        seat = self.seat_to_move
        self.hand[seat] -= 1
        events = [t.placed_event(seat, cell)]
        if is_open:  # the marble drops through at once
            self.fallen[seat] += 1
            events.append(t.fell_event(seat, cell))
            if self.fallen[seat] >= self.marbles_each:
                self.alive -= 1
                events.append(_player_out(seat))
        else:
            self.marbles[seat] |= bit
            self.occupied |= bit
        if not any(self.hand):
            self.phase = SLIDING
        self._end_turn(seat, events)
        return events

    def _pass(self, move: Move) -> list[Event]:
        if self.phase == SETUP:
            raise IllegalMoveError(move, phase_rule(self, "pass"))
        legal = self.legal_moves()
        if legal != [PASS]:
            raise IllegalMoveError(move, f"a player may pass only when no move is legal ({len(legal)} are)")
        seat = self.seat_to_move
        self.last_slide = -1
        self.game_streak = 0
        if self.phase == SLIDING:
            self.own_last[seat] = -1
            self.own_streak[seat] = 0
        events: list[Event] = [Event.of(StayAliveEvent.PASSED, seat=seat)]
        self._end_turn(seat, events)
        return events

    def _setup(self, move: SetupMove) -> list[Event]:
        t = self.tables
        if self.phase != SETUP:
            raise IllegalMoveError(move, "the slides are set up only once, at the start")
        if tuple(move.slide_ids) != t.slide_ids:
            raise IllegalMoveError(move, f"the set-up must give the slides {', '.join(t.slide_ids)} in that order")
        for sid, p, masks in zip(t.slide_ids, move.positions, t.open_masks, strict=True):
            if not 0 <= p < len(masks):
                raise IllegalMoveError(move, f"slide {sid} has no position {p}")
        need = self._need()
        closed = t.cells - t.open_cells(move.positions).bit_count()
        if closed < need:
            raise IllegalMoveError(
                move, f"the set-up leaves {closed} closed cells for {need} marbles: the slides are drawn again"
            )
        self._set_positions(list(move.positions))
        self.phase = PLACING
        self.seat_to_move = 0
        events = [Event.of(StayAliveEvent.SLIDES_SET, positions=tuple(move.positions), slides=t.slide_ids)]
        if self.rules.neutral:
            self._put_neutral(events)
        return events

    def _set_positions(self, positions: list[int]) -> None:
        self.positions = positions
        self.red = self.tables.layer_open(RED, positions)
        self.white = self.tables.layer_open(1 - RED, positions)

    def _end_turn(self, mover: int, events: list[Event]) -> None:
        """Close the turn: decide the game, or pass the turn to the next player still in."""
        self.moves_played += 1
        events.append(self.tables.turn_event(mover))
        self.after_turn(mover, events)

    def after_turn(self, mover: int, events: list[Event]) -> None:
        """Decide the game after `mover`'s turn, or give the turn to the next player still in."""
        if self.team_of is not None and self._team_decided(mover, events):
            return
        if self.alive <= 1:
            alive = [s for s in range(self.num_players) if self.fallen[s] < self.marbles_each]
            if alive:
                self._finish(Outcome(Termination.WIN, (alive[0],), "last player with marbles on the grid"), events)
            else:
                self._finish(Outcome(Termination.WIN, (mover,), "the last marbles fell together: the mover wins"), events)
            return
        if self.move_limit is not None and self.moves_played >= self.move_limit:
            self._finish(Outcome.capped(self.move_limit), events)
            return
        n, fallen, mpp = self.num_players, self.fallen, self.marbles_each
        seat = (mover + 1) % n
        if self.phase == PLACING:  # whoever has marbles left to place (an even round: the next)
            hand = self.hand
            while hand[seat] == 0:
                seat = (seat + 1) % n
        else:
            while fallen[seat] >= mpp:
                seat = (seat + 1) % n
        self.seat_to_move = seat

    def _team_decided(self, mover: int, events: list[Event]) -> bool:
        """Team play (a ruleset's `teams:`): the game ends when every player still in is of one
        team, which wins whole (its players that are out too); when the last marbles fall
        together, the mover's team wins."""
        team_of = self.team_of
        assert team_of is not None
        left = {team_of[s] for s in range(self.num_players) if self.fallen[s] < self.marbles_each}
        if len(left) > 1:
            return False
        team = next(iter(left)) if left else team_of[mover]
        winners = tuple(s for s in range(self.num_players) if team_of[s] == team)
        why = "the last team with marbles on the grid" if left else "the last marbles fell together: the mover's team wins"
        self._finish(Outcome(Termination.WIN, winners, why), events)
        return True

    # Seams for rule pieces ---------------------------------------------------------------
    def no_move(self) -> Move | None:
        """A player with no legal move passes (placing or sliding)."""
        return PASS if self.phase == PLACING or self.phase == SLIDING else None

    def give_turn(self, seat: int) -> bool:
        if self.result is not None or not 0 <= seat < self.num_players:
            return False
        if self.phase == PLACING and self.hand[seat] == 0 or self.phase == SLIDING and self.is_out(seat) or self.phase in (SETUP, OVER):
            return False
        self.seat_to_move = seat
        return True

    def seat_after(self, seat: int) -> int:
        n = self.num_players
        for step in range(1, n + 1):
            nxt = (seat + step) % n
            if (self.hand[nxt] > 0) if self.phase == PLACING else not self.is_out(nxt):
                return nxt
        return seat

    def end_by_rule(self, outcome: Outcome, events: list[Event]) -> None:
        self._finish(outcome, events)

    def _finish(self, outcome: Outcome, events: list[Event]) -> None:
        self.result = outcome
        self.phase = OVER
        events.append(outcome.event())


def _player_out(seat: int) -> Event:
    return Event.of(StayAliveEvent.PLAYER_OUT, seat=seat)

