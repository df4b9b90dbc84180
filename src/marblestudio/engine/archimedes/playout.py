"""A fast random playout of Rock Me Archimedes, for search and benchmarks.

A roll step offers about a hundred marble moves; listing them all to pick one is most of the
cost of a random game.  Here a marble move is drawn by rejection instead, without listing:

- a candidate is an unmoved marble, rolled or lifted, a length L of 1 to the spaces left, and
  a direction for each of the L spaces (a direction fixes the next cup: the neighbour, or the
  cup beyond a line of opponent marbles), never straight back, drawn uniformly among all of them;
- a rolled candidate is accepted when its path is one the rules allow (no blocked space, no cup
  twice) and leaves a roll the other marbles can use up (`Tables.completes`): each legal rolled
  move is exactly one candidate;
- a lifted candidate (start, destination, L) is reached by as many candidates as there are
  paths of L spaces to that destination, m; it is accepted with probability 1/m.

So each legal move has the same chance per draw, and the accepted one is uniform among the legal
moves, as picking from `legal_moves()` would be (the draws from the generator differ).  After
`TRIES` rejected draws (a position with few legal moves) the move is picked from the full
listing, which is uniform as well, and is the only way to find that the mover must pass.  At
the start of a turn the choice is drawn among the free midzone cups and the roll, as
`legal_moves` lists them; chance draws as `sample_chance` draws.

A state of the family's own class is played in `_Playout`, which holds the fields that the
commonest steps change (the die, the roll, a placing or a marble move that touches nothing, a
turn that ends without ending the game) natively and plays those steps as `play_move` plays them without
events; every other step is played by the state's own `play_move`.  A test plays seeded games
both ways (a subclass of the state takes the step-by-step loop) and compares every field.  Field
by field on the state object, from native code, the same steps had gained a twentieth: reading
and writing a Python object's attributes is what cost.

A house rule's game plays in `_Playout` too (`hooked_playout`): a step that can make no event a
trigger listens to is played here, and the rule state counted as `Ruled.play` counts it (the
mover's moves, the turn's end); a step whose events a trigger reads, and every step while a turn
given or skipped waits for the turn's end, goes through the state's `play` (its rules).  A test
plays seeded games both ways, step by step through `play` and here, and compares every field and
the rule state.
"""

from __future__ import annotations

import random
from itertools import product
from typing import TYPE_CHECKING, Any, Final, cast

from marblestudio.engine.archimedes.events import die_rolled
from marblestudio.engine.archimedes.movegen import Tables, indexes
from marblestudio.engine.archimedes.moves import Cup, DieRoll, LiftMarble, Place, Roll, RollMarble
from marblestudio.engine.archimedes.passage import travel
from marblestudio.engine.archimedes.phases import Phase
from marblestudio.engine.archimedes.rules import Carrying
from marblestudio.engine.core import Event, Move, turn_over
from marblestudio.engine.draws import below, choose

if TYPE_CHECKING:
    from marblestudio.engine.archimedes.state import ArchimedesState

ROLL: Final = Roll()

# Enum members as native constants: `Phase.DIE` asks the enum's class each time, through its
# `__getattr__` (Python 3.11), about 60 ns even in interpreted code.
_START: Final = Phase.START
_CHOOSE: Final = Phase.CHOOSE
_DIE: Final = Phase.DIE
_MOVING: Final = Phase.MOVING
_OVER: Final = Phase.OVER
_LIFT_ONLY: Final = Carrying.LIFT_ONLY

TRIES: Final = 256
"""Rejected draws before a marble move is picked from the full listing instead."""


def native_playout(state: ArchimedesState, rng: random.Random, max_steps: int = 1_000_000, record: list[Move] | None = None) -> int:
    """`random_playout` in `_Playout`, natively, for a state of the family's own class: the same
    moves drawn from `rng`, the same state left (a test plays seeded games both ways).  With
    `record`, every step's move (chance included) is appended to it, in order."""
    playing = _Playout(state)
    playing.record = record
    return playing.run(rng, max_steps)


def hooked_playout(state: ArchimedesState, rng: random.Random, max_steps: int, rule_state: Any,
                   quiet_die: bool, quiet_place: bool, quiet_marble: bool, record: list[Move] | None = None) -> int:
    """`random_playout` of a game with rule pieces (`state` a `Ruled` state, `rule_state` its
    rules' state), in `_Playout`: the same moves drawn from `rng` as step by step through the
    state's `play`, the same state and rule state left.  `quiet_die`, `quiet_place` and
    `quiet_marble`: no trigger listens to the events of a die roll, a placing, a marble move
    (`ArchimedesState.quiet_steps`); such steps are played here while the rules wait for nothing
    (`RuleState.idle`).  `record`: as `native_playout`'s."""
    playing = _Playout(state)
    playing.hook(rule_state, quiet_die, quiet_place, quiet_marble)
    playing.record = record
    return playing.run(rng, max_steps)


def random_playout(state: ArchimedesState, rng: random.Random, max_steps: int = 1_000_000) -> int:
    """Play `state` to its end with uniformly random moves, move by move through its
    `play_move`; return the number of player moves."""
    seats = state.seat_bits()  # each seat's marbles as a bitmask, kept up to date by the moves
    played = 0
    while state.result is None and played < max_steps:
        phase = state.phase
        if phase is _DIE or phase is _START:
            state.play_move(state.sample_chance(rng), record=False)
            continue
        state.play_move(draw_move(state, rng, seats), record=False)
        played += 1
    return played


class _Playout:
    """A random playout of one state with the fields its commonest steps change held natively.

    Those steps (the die, the roll, a placing or a marble move that touches nothing, a turn that
    ends without ending the game) are played here as the state's `play_move` plays them without
    events; every other step (the starting rolls, a pass, a touch, the game's end) is
    handed to the state itself, with the fields stored before and read back after.  The board
    (`board`, `seat_bits()`) is the state's own, changed in place as the state changes it."""

    def __init__(self, state: ArchimedesState) -> None:
        self.state = state
        self.board = state.board
        self.seats = state.seat_bits()
        self.supply = state.supply
        self.tables = state.tables
        self.balance = state.balance
        self.neutral = state.neutral
        self.columns = state.tables.columns
        rules = state.rules
        self.rolling = rules.carrying is not _LIFT_ONLY
        self.to_win = rules.marbles_to_win
        limit = state.ruleset.move_limit
        self.limit = -1 if limit is None else limit
        self.repeats = rules.stalemate.repeats
        self.quiet_turns = rules.stalemate.quiet_turns
        self.stalemate = bool(rules.stalemate)
        self.homes = state._home_masks
        self.end_cups = state._end_cups
        self.places = state.place_moves
        self.place_bits = [self.tables.bit_of[p.cup] for p in self.places]
        self.die_moves: list[Move] = []
        self.die_sums: list[float] = []
        self.phase = _OVER
        self.mover = self.remaining = self.k = self.turns = self.quiet = self.met_hash = 0
        self.moved: tuple[Cup, ...] = ()
        self.moved_bits = 0  # `moved` as a bitmask
        self.die: int | None = None
        self.ends_as: tuple[int, int, int, int] = (0, 0, 0, 0)
        self.met: dict[tuple[int, int, int, int, int], int] = {}
        self.met_mine = False
        # A house rule's game (`hook`): its rule state, and which steps are played here
        self.hooked = False
        self.rs: Any = None
        self.die_events: dict[int, Event] = {}  # the die's event by value * 2 + seat (events are immutable)
        self.die_may_fire: dict[int, bool] = {}  # ... and whether a trigger's quick test of it passes (`Ruled.may_fire`)
        self.idle = True  # the rules wait for nothing at the end of the turn (`RuleState.idle`)
        self.quiet_die = self.quiet_place = self.quiet_marble = True
        self.record: list[Move] | None = None  # every step's move, when asked (`native_playout`)
        self.drawn = Draw()  # the marble move drawn last
        self.load()

    def hook(self, rule_state: Any, quiet_die: bool, quiet_place: bool, quiet_marble: bool) -> None:
        """Play a house rule's game (see `hooked_playout`): the steps this loop plays are counted in
        `rule_state`; the others go through the state's `play`."""
        self.hooked, self.rs, self.idle = True, rule_state, rule_state.idle()
        self.quiet_die, self.quiet_place, self.quiet_marble = quiet_die, quiet_place, quiet_marble

    def load(self) -> None:
        """Read the fields from the state (after a step it played)."""
        state = self.state
        self.phase, self.mover, self.remaining, self.moved, self.die = state.phase, state.mover, state.remaining, state.moved, state.die
        self.k, self.turns, self.quiet, self.ends_as = state.k, state.turns, state.quiet, state._ends_as
        self.moved_bits = self.tables.mask(self.moved)
        self.met, self.met_mine, self.met_hash = state._met, state._met_mine, state.met_hash

    def store(self) -> None:
        """Write the fields to the state (before it plays a step, and at the end)."""
        state = self.state
        state.phase, state.mover, state.remaining, state.moved, state.die = self.phase, self.mover, self.remaining, self.moved, self.die
        state.k, state.turns, state.quiet, state._ends_as = self.k, self.turns, self.quiet, self.ends_as
        state._met, state._met_mine, state.met_hash = self.met, self.met_mine, self.met_hash
        state._legal = None

    def hand_over(self, move: Move) -> bool:
        """The state plays `move` itself; whether the game goes on."""
        self.store()
        return self.stored_play(move)

    def stored_play(self, move: Move) -> bool:
        """`hand_over`, the fields already stored (the state drew `move` from them).  In a house
        rule's game the step goes through the state's `play`, its rules and their counts."""
        state = self.state
        if self.hooked:
            state.vouch(move)  # drawn by the rules: `apply` need not list the moves to check it
            state.play(move)
            self.idle = self.rs.idle()  # only the rules' triggers change it
        else:
            state.play_move(move, record=False)
        self.load()
        return state.result is None

    def counted(self, seat: int, turns: int) -> None:
        """A house rule's game: `seat`'s move, played here, counted as `Ruled.play` counts a quiet
        move (`turns`: the turn count before it; a move that ended the turn ends the rules' turn,
        and what the rules wait for then, a turn given or skipped, goes through the triggers)."""
        if self.turns != turns and not self.idle:
            self.store()
            cast(Any, self.state).after_fast_move(seat, [turn_over(seat)])  # a `Ruled` state's
            self.idle = self.rs.idle()
            self.load()
            return
        rs = self.rs
        rs.begin_move(seat)
        rs.moves += 1
        if self.turns != turns:
            rs.turn_over()

    def run(self, rng: random.Random, max_steps: int) -> int:
        state, seats = self.state, self.seats
        if state.result is not None or max_steps <= 0:
            return 0
        played = 0
        going = True
        while True:  # (`while going and played < max_steps:`, with the `continue`s below: mypyc 2.4 wrote C that did not compile)
            phase = self.phase
            if not going or played >= max_steps or phase is _OVER:
                break
            if phase is _DIE:
                if not self.die_moves:
                    odds = state.odds_of(_DIE)
                    self.die_moves = odds[0]
                    self.die_sums = odds[2]
                roll = choose(rng, self.die_moves, self.die_sums)  # as `sample_chance` draws it
                if self.record is not None:
                    self.record.append(roll)
                if not self.quiet_die:  # the rules read it: its event goes to their triggers
                    self.rolled(cast(DieRoll, roll).value)
                    continue
                if not self.idle:
                    going = self.hand_over(roll)
                    continue
                value = cast(DieRoll, roll).value
                self.phase, self.remaining, self.moved, self.die = _MOVING, value, (), value
                self.moved_bits = 0
                if self.hooked:  # as `Ruled._chance_step` counts it (a player's move always follows: never the cap)
                    self.rs.chance_run += 1
                continue
            if phase is not _MOVING and phase is not _CHOOSE:  # the starting rolls
                self.store()  # the state draws them from its phase
                rolls = state.sample_chance(rng)
                if self.record is not None:
                    self.record.append(rolls)
                going = self.stored_play(rolls)
                continue
            played += 1
            seat = self.mover
            move: Move | None = None
            if phase is _CHOOSE:  # as `draw_move`
                places: list[Place] = []
                if self.supply[seat] > 0:  # the free midzone cups (the board's marbles are the seats' and the neutral ones)
                    occupied = seats[0] | seats[1] | self.neutral
                    places = [self.places[i] for i in range(len(self.places)) if not occupied & self.place_bits[i]]
                move = _place_or_roll(rng, places, seats[seat] != 0)
                if move is not None and self.record is not None:
                    self.record.append(move)
                turns = self.turns
                if move is ROLL:  # (no event: never read by the rules)
                    self.phase = _DIE
                    if self.hooked:
                        self.counted(seat, turns)
                    continue
                if move is not None:
                    if self.quiet_place and self.placed(cast(Place, move)):
                        if self.hooked:
                            self.counted(seat, turns)
                    else:
                        going = self.hand_over(move)  # an end touched the table, or the rules read it
                    continue
            else:
                free = seats[seat] & ~self.moved_bits
                # as `state.masks()`: the neutral marbles (0 without them) block as the mover's own
                drawn = self.drawn
                if draw(self.tables, rng, TRIES, seats[seat] | self.neutral, seats[1 - seat], indexes(free), self.remaining, self.rolling, drawn):
                    if self.record is not None:
                        self.record.append(drawn.move(self.tables))
                    turns = self.turns
                    if self.quiet_marble and self.marble_moved(drawn):
                        if self.hooked:
                            self.counted(seat, turns)
                    else:
                        going = self.hand_over(drawn.move(self.tables))  # it touched the table on its way, or the rules read it
                    continue
            # as `draw_move`: picked from the full listing
            self.store()
            legal = state.legal_moves()
            picked = legal[below(rng, len(legal))]
            if self.record is not None:
                self.record.append(picked)
            going = self.stored_play(picked)
        self.store()
        return played

    def rolled(self, value: int) -> None:
        """A house rule's game whose triggers read the die: the die shows `value` (as `play_move`
        plays it), then its event goes to the rules (`Ruled.after_fast_chance`)."""
        self.phase, self.remaining, self.moved, self.die = _MOVING, value, (), value
        self.moved_bits = 0
        key = value * 2 + self.mover
        event = self.die_events.get(key)
        if event is None:
            event = self.die_events[key] = die_rolled(self.mover, value, "move")
            self.die_may_fire[key] = cast(Any, self.state).may_fire([event])
        if self.idle and not self.die_may_fire[key]:  # no trigger's test of the event passes: as `after_fast_chance`,
            self.rs.chance_run += 1  # only counted (a player's move always follows: never the cap)
            return
        self.store()
        cast(Any, self.state).after_fast_chance([event])
        self.idle = self.rs.idle()
        self.load()

    def placed(self, move: Place) -> bool:
        """`move` played as `_place` plays it, if the board comes to rest without an end touching
        the table (else False, nothing changed); the turn ends."""
        cup, balance = move.cup, self.balance
        n = len(self.board) + 1
        k = self.k + balance.moments[cup[0]]
        tilt = balance.settled(k, n).tilt
        if tilt.touching is not None or tilt.slope is not None and balance.landing_end(self.k, k, n) is not None:
            return False
        seat = self.mover
        self.supply[seat] -= 1
        self.board[cup] = seat
        if self.met:  # the stalemate counts the positions since a marble was last added
            self.met, self.met_mine, self.met_hash = {}, True, 0
        self.seats[seat] |= 1 << cup[0] * self.columns + cup[1]
        self.k = k
        self.end_turn()
        return True

    def marble_moved(self, drawn: Draw) -> bool:
        """The `drawn` move played, as `_move_quietly` and `_set_down` play it, if its way
        touches nothing (else False, nothing changed); the turn ended when the roll is used up."""
        columns, start, dest = self.columns, drawn.start, drawn.dest
        end, k = travel(self.balance, self.k, len(self.board), start // columns, drawn.rows, drawn.jumps)
        if end is not None:
            return False
        mover, board, cups = self.mover, self.board, self.tables.cups
        there = cups[dest]
        del board[cups[start]]
        board[there] = mover
        to = 1 << dest
        self.seats[mover] ^= 1 << start | to
        self.k = k
        self.remaining -= drawn.spaces
        self.moved += (there,)
        self.moved_bits |= to
        if self.remaining == 0:
            self.end_turn()
        return True

    def end_turn(self) -> None:
        """The state's `_end_turn` (without events); a turn that ends the game (marbles home, the
        move limit, a stalemate) is handed to the state's own `_end_turn`."""
        seat, seats, supply = self.mover, self.seats, self.supply
        turns = self.turns + 1
        mine, best = seats[seat], 0
        for mask in self.homes[seat]:  # `home(seat)`
            here = (mine & mask).bit_count()
            if here > best:
                best = here
        ends = best >= self.to_win or (self.limit >= 0 and turns >= self.limit)
        if not self.stalemate:
            if ends:
                self.hand_end()
            else:
                self.next_turn(turns, seat)
            return
        first, second, kept, kept_other = seats[0], seats[1], supply[0], supply[1]  # (the supplies: seat 0's, seat 1's)
        met = (first, second, kept, kept_other, 1 - seat)
        zones, was = self.end_cups, self.ends_as  # the end zones and supplies as they were: the same without a tuple
        same = first & zones == was[0] and second & zones == was[1] and kept == was[2] and kept_other == was[3]
        times = self.met.get(met, 0) + 1 if self.repeats else 0  # (one look-up: a tuple's hash is not kept)
        if not ends:
            if self.repeats and times >= self.repeats:
                ends = True
            elif same and self.quiet + 1 == self.quiet_turns:
                ends = True
        if ends:
            self.hand_end()
            return
        self.next_turn(turns, seat)
        if self.repeats:  # `_meet`
            if not self.met_mine:
                self.met, self.met_mine = dict(self.met), True
            self.met[met] = times
            self.met_hash ^= hash((met, times))
        if same:
            self.quiet += 1
        else:
            self.ends_as, self.quiet = (first & zones, second & zones, kept, kept_other), 0

    def hand_end(self) -> None:
        """The turn that ends the game, played by the state's own `_end_turn`."""
        self.store()
        self.state._end_turn(None)
        self.load()

    def next_turn(self, turns: int, seat: int) -> None:
        """The other seat's turn begins."""
        self.turns = turns
        self.remaining, self.moved, self.die, self.moved_bits = 0, (), None, 0
        self.mover, self.phase = 1 - seat, _CHOOSE


def draw_move(state: ArchimedesState, rng: random.Random, seats: list[int]) -> Move:
    """A move of the seat to move, uniformly among its legal moves (`seats`: `state.seat_bits()`)."""
    phase, seat, move = state.phase, state.mover, None
    if phase is _MOVING:
        bit_of = state.tables.bit_of
        unmoved = seats[seat]
        for cup in state.moved:
            unmoved &= ~bit_of[cup]
        # as `state.masks()`: the neutral marbles (0 without them) block as the mover's own
        move = sample_marble_move(state, rng, TRIES, (seats[seat] | state.neutral, seats[1 - seat], indexes(unmoved)))
    elif phase is _CHOOSE:
        board = state.board
        places = [p for p in state.place_moves if p.cup not in board] if state.supply[seat] > 0 else []
        move = _place_or_roll(rng, places, seats[seat] != 0)
    if move is None:
        legal = state.legal_moves()
        move = legal[below(rng, len(legal))]
    return move


def _place_or_roll(rng: random.Random, places: list[Place], can_roll: bool) -> Move | None:
    """As `legal_moves` offers them at the start of a turn: one of the free midzone cups
    `places`, or the roll when the mover has a marble on the board (`can_roll`), uniformly;
    None when there is neither (the mover passes)."""
    options = len(places) + (1 if can_roll else 0)
    if not options:
        return None
    pick = below(rng, options)
    return places[pick] if pick < len(places) else ROLL


def sample_marble_move(
    state: ArchimedesState, rng: random.Random, tries: int = TRIES, board: tuple[int, int, tuple[int, ...]] | None = None
) -> Move | None:
    """A marble move drawn uniformly among the legal ones by rejection, or None after `tries`
    rejected draws (the caller then picks from `legal_moves()`).  `board`: `state.masks()`, if
    the caller knows it."""
    mine, theirs, unmoved = state.masks() if board is None else board
    rolling = state.rules.carrying is not _LIFT_ONLY
    return sample(state.tables, rng, tries, mine, theirs, unmoved, state.remaining, rolling)


def sample(
    tables: Tables, rng: random.Random, tries: int, mine: int, theirs: int, unmoved: tuple[int, ...], remaining: int, rolling: bool
) -> Move | None:
    """`sample_marble_move` on a board given as bitmasks (`mine`: the neutral marbles too), with
    `remaining` spaces to move and marbles rolled unless `rolling` is False."""
    drawn = Draw()
    return drawn.move(tables) if draw(tables, rng, tries, mine, theirs, unmoved, remaining, rolling, drawn) else None


class Draw:
    """A marble move drawn by `draw`, as cup indexes (`Tables.cups`): the playout plays it
    without the move object, which it builds (`move`) only to record it or hand it over."""

    def __init__(self) -> None:
        self.start = self.dest = self.spaces = self.jumps = 0
        self.lifted = False
        self.steps: list[int] = []  # a rolled move's steps (`Tables.step`)
        self.rows: list[int] = []  # the row of each space's cup (a lift: its destination's)

    def move(self, tables: Tables) -> RollMarble | LiftMarble:
        """The move object, the listing's own (`Tables.rolled`, `Tables.lifted`)."""
        if self.lifted:
            return tables.lifted(self.start, self.dest, self.spaces)
        return tables.rolled(self.start, self.steps)


def draw(
    tables: Tables, rng: random.Random, tries: int, mine: int, theirs: int, unmoved: tuple[int, ...], remaining: int, rolling: bool,
    into: Draw,
) -> bool:
    """`sample`, the move drawn written `into` a `Draw`; False after `tries` rejected draws."""
    if not unmoved or remaining < 1:
        return False
    # Candidates of one marble: [rolled, then lifted] x (a length L of 1..remaining, L directions).
    codes = _codes(remaining)
    per_kind = len(codes)
    per_marble = per_kind * (2 if rolling else 1)
    total = per_marble * len(unmoved)
    ray4, size, most = tables.ray4, len(tables.cups), remaining + 1
    # What the draws found out on this board, made when first needed (most draws need none):
    memo: dict[int, list[int]] | None = None  # each cup's spaces
    witnesses: dict[int, int | None] | None = None
    good: dict[int, bool] | None = None  # (start, destination, L) as one integer -> the roll can be used up
    counts: dict[int, int] | None = None  # (start, destination, L) as one integer -> its paths
    random_ = rng.random
    for _ in range(tries):
        drawn = int(random_() * total)
        which, y = drawn // per_marble, drawn % per_marble
        start = unmoved[which]
        if y >= per_kind:  # the second half: lifted
            length, directions = codes[y - per_kind]
            lifted = True
        else:  # the first half: rolled, or lifted when marbles are never rolled (variation 3)
            length, directions = codes[y]
            lifted = not rolling
        cup, visited = start, 1 << start
        for direction in directions:
            s = tables.step_along(mine, theirs, ray4[cup][direction])  # cheaper than remembering it
            if s < 0 or visited >> (s >> 1) & 1:
                break
            cup = s >> 1
            visited |= 1 << cup
        else:
            if memo is None:
                memo = {}
            which_key = (start * size + cup) * most + length  # (start, destination, L) as one integer
            if length < remaining:
                if good is None or witnesses is None:
                    good, witnesses = {}, {}
                ok = good.get(which_key)
                if ok is None:
                    rest = tuple([m for m in unmoved if m != start])
                    ok = bool(rest) and tables.completes(mine, theirs, start, cup, rest, remaining - length, memo, witnesses)
                    good[which_key] = ok
                if not ok:
                    continue
            if lifted and length > 1:  # (one space: one path, the step drawn)
                if counts is None:
                    counts = {}
                found = counts.get(which_key)
                if found is None:
                    found = counts[which_key] = tables.paths_to(mine, theirs, memo, start, cup, length, 1 << start)
                if random_() * found >= 1:
                    continue
            into.start, into.dest, into.spaces, into.lifted = start, cup, length, lifted
            columns = tables.columns
            if lifted:
                into.rows, into.jumps = [cup // columns], 1
            else:  # the steps walked again (no list for each candidate drawn: most are not taken)
                steps, rows, jumps, at = [], [], 0, start
                for i in range(length):
                    s = tables.step_along(mine, theirs, ray4[at][directions[i]])
                    at = s >> 1
                    steps.append(s)
                    rows.append(at // columns)
                    jumps |= (s & 1) << i
                into.steps, into.rows, into.jumps = steps, rows, jumps
            return True
    return False


_CODES: Final[list[tuple[tuple[int, tuple[int, ...]], ...]]] = []
"""`_codes(n)` at index n, as far as asked for so far."""


def _codes(most: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every (L, directions) with L from 1 to `most` and L directions (0-3, as in DIRECTIONS),
    never one straight back after another (0 and 1, 2 and 3: such a path comes back to the cup
    it came from, even over a jump, and no legal move has one)."""
    while len(_CODES) <= most:
        n = len(_CODES)
        _CODES.append(tuple(
            (length, dirs) for length in range(1, n + 1) for dirs in product(range(4), repeat=length)
            if all(a ^ b != 1 for a, b in zip(dirs, dirs[1:]))
        ))
    return _CODES[most]
