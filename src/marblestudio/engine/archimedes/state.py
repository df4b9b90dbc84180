"""A game of Rock Me Archimedes in progress (GAMES.md section 4).

A turn is EITHER one `Place` OR a `Roll`, the die (`DieRoll`, chance) and one marble move per
decision until the roll is used up (several moves with the same `to_move`).  Each marble move
walks through every position the board passes: a rolled marble at each cup of its path, a
lifted marble (or a jumping one) off the board while in the air, and the landing, which with
the swing option sets the board swinging past its new rest slope.  The first position that
brings an end down to the table decides the game at once; otherwise a win is checked when the
turn ends.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import accumulate
from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction
from typing import Any, cast

from marblestudio.engine.archimedes.moves import (
    Cup,
    DieRoll,
    LiftMarble,
    Pass,
    Place,
    Roll,
    RollMarble,
    StartRolls,
    cup_name,
    parse,
)
from marblestudio.engine.archimedes import playout
from marblestudio.engine.archimedes.phases import Phase
from marblestudio.engine.archimedes.passage import way
from marblestudio.engine.archimedes.movegen import indexes, tables
from marblestudio.engine.archimedes.physics import Balance, End, shared
from marblestudio.engine.archimedes.rules import NEUTRAL, ArchimedesRules, Carrying, StartRule, TouchRule, face_odds, times_words
from marblestudio.engine.archimedes.view import ArchimedesView, public_view
from marblestudio.engine.core import CHANCE, GAME_OVER, TURN_OVER, Event, IllegalMoveError, Move, Outcome, State, Termination, turn_over
from marblestudio.engine.rules import Ruleset
from marblestudio.engine.archimedes.events import ArchimedesEvent, die_rolled
from marblestudio.engine.draws import choose

# The phases as module constants: `Phase.DIE` goes through the enum class's `__getattr__` (Python
# 3.11), about 60 ns a look-up; `to_move` asks on every call (docs/native.md).
_START, _CHOOSE, _DIE, _MOVING, _OVER = Phase.START, Phase.CHOOSE, Phase.DIE, Phase.MOVING, Phase.OVER
_TILTED, _ROLLED = ArchimedesEvent.BOARD_TILTED, ArchimedesEvent.MARBLE_ROLLED


HOME, LOST = "home", "lost"
"""Why a game was won besides a touch (`ArchimedesState.won`): marbles home, or the other lost too many."""

Met = tuple[int, int, int, int, int]
"""A position at the start of a turn, for the stalemate: each seat's marbles (bitmasks), the
two supplies and the player to move."""


@cache
def _chances(phase: Phase, die: tuple[int, ...]) -> tuple[list[Move], list[float], list[float]]:
    """`odds_of(phase)` of a die with the faces `die`, worked out once per process (every game
    of a ruleset shares it: the Fractions cost about a fiftieth of a random game)."""
    odds = face_odds(die)
    if phase is _DIE:
        pairs: list[tuple[Move, float]] = [(DieRoll(v), float(p)) for v, p in odds]
    else:
        tie = sum(p * p for _, p in odds)
        pairs = [(StartRolls(a, b), float(pa * pb / (1 - tie))) for a, pa in odds for b, pb in odds if a != b]
    weights = [p for _, p in pairs]
    return [m for m, _ in pairs], weights, list(accumulate(weights))


class ArchimedesState(State):
    """Rock Me Archimedes for two players; seat 0 is player 1."""

    def __init__(self, ruleset: Ruleset[ArchimedesRules], count: int) -> None:
        if count != 2:
            raise ValueError(f"Rock Me Archimedes is for 2 players, not {count}")
        rules: ArchimedesRules = ruleset.family
        self.ruleset, self.rules, self.num_players = ruleset, rules, count
        self.balance: Balance = shared(rules)
        self.tables = tables(rules.rows, rules.columns)
        # cup -> the seat whose marble is there; a house rule's neutral marbles (`NEUTRAL`) stand from the start
        self.board: dict[Cup, int] = dict.fromkeys(rules.neutral, NEUTRAL)
        self._bits: list[int] | None = None  # each seat's marbles as a bitmask, kept with `board` once worked out
        # The neutral marbles' cups as a bitmask: OR-ed into the mover's marbles for listing moves,
        # they block as the mover's own (0 without them: the book's game does nothing more).
        self.neutral = self.tables.mask(rules.neutral)
        self.supply = [rules.marbles_per_player] * count
        self.lost = [0] * count  # marbles out of the game (a house rule: `touch: marble-lost`)
        self.k = sum(self.balance.moment(row) for row, _ in rules.neutral)  # the sum of the marbles' moments (see physics.py)
        # A die with one value can never break the tie: player 1 begins.
        rolls_differ = len(set(rules.die)) > 1
        self.phase = _START if rules.start is StartRule.HIGHER_ROLL and rolls_differ else _CHOOSE
        self.mover = 0
        self.remaining = 0  # spaces of the roll still to move
        self.moved: tuple[Cup, ...] = ()  # where this turn's moved marbles now stand (rule f)
        self.turns = 0
        self.die: int | None = None  # the value rolled this turn, while it is being used
        self.touched: End | None = None  # the end that touched the table, once one has
        self.result: Outcome | None = None
        self._legal: list[Move] | None = None
        self._midzone = rules.midzone_cups()
        self.place_moves = tuple(Place(c) for c in self._midzone)  # immutable: built once
        self._midzone_mask = self.tables.mask(self._midzone)
        # The choices at the start of a turn, by the midzone's marbles, whether the mover may add
        # one and whether it has one to roll (`_generate`); shared by copies: every entry is final.
        self._choices: dict[int, list[Move]] = {}
        # The cups of each end zone that counts for each seat's win (variation 2: either one).
        self._homes = tuple(tuple(zone.cups() for zone in rules.win_zones(seat)) for seat in range(count))
        self._home_masks = tuple(tuple(map(self.tables.mask, zones)) for zones in self._homes)
        self._ends = self._end_owners()
        # The stalemate (`rules.stalemate`).  `_met`: how often each position met at the start of
        # a turn has come round since a marble was last added (`_place` starts the table again).
        # A copy shares the table until either of them meets the next position (search copies a
        # state for every trial).  `met_hash` sums the table up for `position_key`, whatever the
        # order the positions came in: two states that met different positions may end differently.
        self._met: dict[Met, int] = {}
        self._met_mine = True
        self.met_hash = 0
        if self.phase is _CHOOSE and rules.stalemate.repeats:  # the first turn starts now, with only the neutral marbles on the board
            self._meet((0, 0, self.supply[0], self.supply[1], self.mover))
        # `quiet`: turns in a row that ended with `_ends_as`, the end zones' marbles (each seat's,
        # as bitmasks) and the supplies as they were.
        self._end_cups = self.tables.mask(cup for zone in rules.end_zones() for cup in zone.cups())
        self._ends_as: tuple[int, int, int, int] = (0, 0, self.supply[0], self.supply[1])
        self.quiet = 0

    def _end_owners(self) -> dict[End, int]:
        """The seat whose end zone lies at each end of the board (variation 1)."""
        owners: dict[End, int] = {}
        for zone in self.rules.end_zones():
            if zone.seat is None:
                continue
            if zone.rows[0] == 0:
                owners.setdefault(End.LOW, zone.seat)
            if zone.rows[1] == self.rules.rows - 1:
                owners.setdefault(End.HIGH, zone.seat)
        return owners

    # The contract ------------------------------------------------------------------------
    @property
    def to_move(self) -> int:
        phase = self.phase
        return CHANCE if phase is _START or phase is _DIE else self.mover

    def outcome(self) -> Outcome | None:
        return self.result

    def copy(self) -> ArchimedesState:
        other = object.__new__(type(self))  # a house rule's subclass copies as itself
        other.__dict__.update(self.__dict__)
        other.board = dict(self.board)
        other.supply = list(self.supply)
        other.lost = list(self.lost)
        if self._bits is not None:
            other._bits = list(self._bits)
        self._met_mine = other._met_mine = False
        return other

    def parse_move(self, text: str) -> Move:
        return parse(text)

    def position(self) -> str:
        """The position as one line of text (docs/notation.md, "Positions"; `archimedes.position`)."""
        from marblestudio.engine.archimedes.position import write

        return write(self)

    def position_key(self) -> Hashable:
        """Each seat's marbles as a bitmask, the supplies, whose turn and what is left of it, the
        turn count (the move limit) and the result: everything the game goes on from."""
        first, second = self.seat_bits()
        return (first, second, self.supply[0], self.supply[1], self.phase, self.mover, self.remaining, self.moved,
                self.die, self.turns, self.result, self.met_hash, self.quiet)

    def chance_outcomes(self) -> list[tuple[Move, float]] | None:
        found = self._odds()
        return None if found is None else list(zip(found[0], found[1], strict=True))

    def sample_chance(self, rng: random.Random) -> Move:
        """As `State.sample_chance` (the same draw from `rng`), with the odds worked out once."""
        if (found := self._odds()) is None:
            raise ValueError("chance does not decide now")
        return choose(rng, found[0], found[2])

    def _odds(self) -> tuple[list[Move], list[float], list[float]] | None:
        """The chance outcomes now, their probabilities and cumulative sums, or None."""
        if self.phase is not _DIE and self.phase is not _START:
            return None
        return self.odds_of(self.phase)

    def odds_of(self, phase: Phase) -> tuple[list[Move], list[float], list[float]]:
        """The chance outcomes of `phase` (the die, or the starting rolls), their probabilities and
        cumulative sums, worked out once (shared: do not change them)."""
        return _chances(phase, self.rules.die)

    def legal_moves(self) -> list[Move]:
        if self._legal is None:
            self._legal = self._generate()
        return list(self._legal)

    def _generate(self) -> list[Move]:
        if self.phase is _OVER:
            return []
        if self.phase in (_START, _DIE):
            return [m for m, _ in self.chance_outcomes() or []]
        if self.phase is _CHOOSE:
            bits = self.seat_bits()
            placing = self.supply[self.mover] > 0
            key = ((bits[0] | bits[1] | self.neutral) & self._midzone_mask) << 2 | placing << 1 | (bits[self.mover] != 0)
            found = self._choices.get(key)
            if found is None:  # a few dozen of them in a game: the midzone fills slowly
                board = self.board
                moves: list[Move] = [place for place in self.place_moves if place.cup not in board] if placing else []
                if bits[self.mover]:
                    moves.append(Roll())
                found = self._choices[key] = moves or [Pass()]
            return found  # (shared, as the marble moves' listing is: `legal_moves` hands out a copy)
        marble_moves = self._marble_moves()
        return marble_moves if marble_moves else [Pass()]

    def unmoved(self) -> tuple[Cup, ...]:
        """The mover's marbles that may still move this turn, in cup order."""
        return tuple(sorted(c for c, s in self.board.items() if s == self.mover and c not in self.moved))

    def random_playout(self, rng: random.Random, max_steps: int = 1_000_000) -> int:
        """Play on to the end with uniformly random moves (a fast loop: see `playout.py`).  This
        class plays natively; a subclass (which may play otherwise) move by move through its
        `play_move`, drawing the same moves and leaving the same state."""
        if type(self) is ArchimedesState:
            return playout.native_playout(self, rng, max_steps)
        return playout.random_playout(self, rng, max_steps)

    def random_game(self, rng: random.Random, moves: list[Move]) -> int | None:
        """A playtest's random game in the fast loop (`playout.native_playout`, recording the moves):
        `random_move` and `sample_chance` draw as it draws, and `apply` leaves the game as its
        steps without events do.  None for a subclass (which may play otherwise)."""
        if type(self) is ArchimedesState:
            return playout.native_playout(self, rng, record=moves)
        return None

    def hooked_playout(self, rng: random.Random, max_steps: int, listened: set[str], quiet: Callable[[int], None],
                       record: list[Move] | None = None) -> int | None:
        """A random playout for a game with rule pieces (this state a `Ruled` one): moves drawn
        without listing them, a step whose events a trigger reads through `play`, the others in the
        fast loop, counted in the rule state as `play` counts them (see `playout.hooked_playout`);
        with `record`, every step's move appended to it."""
        steps = self.quiet_steps
        return playout.hooked_playout(self, rng, max_steps, cast(Any, self).rule_state, steps[DieRoll].isdisjoint(listened),
                                      steps[Place].isdisjoint(listened), steps[RollMarble].isdisjoint(listened), record)

    def hooked_game(self, rng: random.Random, listened: set[str], moves: list[Move]) -> int | None:
        """`random_game` for a game with rule pieces (`Ruled.random_game`): `hooked_playout` to the
        end, recording the moves."""
        return self.hooked_playout(rng, 1_000_000, listened, lambda played: None, moves)

    def _marble_moves(self) -> list[Move]:
        """Every marble move that leaves a roll the mover can still use up (rules e, f, h)."""
        mine, theirs, unmoved = self.masks()
        rolling = self.rules.carrying is not Carrying.LIFT_ONLY
        moves: list[Move] = self.tables.marble_moves(mine, theirs, unmoved, self.remaining, rolling)
        return moves

    def seat_bits(self) -> list[int]:
        """Each seat's marbles as a bitmask of cups (`movegen`), worked out from `board` once and
        then kept up to date by the moves (do not change the list).  The neutral marbles are
        nobody's: they are in `neutral`."""
        bits = self._bits
        if bits is None:
            bit_of = self.tables.bit_of
            bits = [0] * self.num_players
            for cup, owner in self.board.items():
                if owner >= 0:
                    bits[owner] |= bit_of[cup]
            self._bits = bits
        return bits

    def masks(self) -> tuple[int, int, tuple[int, ...]]:
        """The mover's and the opponent's marbles as bitmasks (`movegen`), and the mover's unmoved
        ones.  The first mask holds the neutral marbles too: they block as the mover's own do."""
        bit_of, seat = self.tables.bit_of, self.mover
        bits = self.seat_bits()
        mine, theirs = bits[seat], bits[1 - seat]
        free = mine
        for cup in self.moved:
            free &= ~bit_of[cup]
        return mine | self.neutral, theirs, indexes(free)

    # Playing -------------------------------------------------------------------------------
    def apply(self, move: Move) -> list[Event]:
        legal = self._legal
        if legal is None:
            if (type(move) is RollMarble or type(move) is LiftMarble) and self._offers(move):
                return self.play_move(move)  # checked alone: listing every marble move costs far more
            if move.is_chance and (odds := self._odds()) is not None:
                legal = odds[0]  # among the outcomes worked out once (shared: read, never kept)
            else:
                legal = self._legal = self._generate()
        for offered in legal:  # the move picked from `legal_moves()` is usually the very object
            if offered is move:
                break
        else:
            if move not in legal and not (type(move) is Pass and self.legal_moves() == [move]):  # a house rule's forced pass
                raise IllegalMoveError(move, self._why_illegal(move))
        return self.play_move(move)

    _MOVED = frozenset({ArchimedesEvent.MARBLE_ROLLED, ArchimedesEvent.MARBLE_LIFTED, ArchimedesEvent.MARBLE_JUMPED, ArchimedesEvent.BOARD_TILTED,
                        ArchimedesEvent.BOARD_TOUCHED, ArchimedesEvent.MARBLE_LOST, TURN_OVER, GAME_OVER})
    quiet_steps = {
        RollMarble: _MOVED,
        LiftMarble: _MOVED,
        Place: frozenset({ArchimedesEvent.MARBLE_PLACED, ArchimedesEvent.BOARD_TILTED, ArchimedesEvent.BOARD_TOUCHED,
                          ArchimedesEvent.MARBLE_LOST, TURN_OVER, GAME_OVER}),
        Roll: frozenset(),
        DieRoll: frozenset({ArchimedesEvent.DIE_ROLLED}),
        StartRolls: frozenset({ArchimedesEvent.DIE_ROLLED}),
        Pass: frozenset({ArchimedesEvent.PASSED, TURN_OVER, GAME_OVER}),
    }

    def play_quietly(self, move: Move) -> int:
        seat, turns = self.mover, self.turns
        self.play_move(move, record=False)
        return seat if self.turns != turns else -1

    def _offers(self, move: RollMarble | LiftMarble) -> bool:
        """Whether `legal_moves()` lists `move` (a marble move), decided for it alone
        (`Tables.offers`); False for anything it cannot read, which the listing then decides."""
        if self.phase is not _MOVING:
            return False
        mine, theirs, unmoved = self.masks()
        try:
            return self.tables.offers(mine, theirs, unmoved, self.remaining, self.rules.carrying is not Carrying.LIFT_ONLY, move)
        except TypeError:  # a move built with unhashable parts: never one of the listed
            return False

    def random_move(self, rng: random.Random) -> Move:
        """A legal move drawn uniformly, as `State.random_move`, but without listing every marble
        move (`playout.draw_move`: by rejection, the same odds for each move; other draws from
        `rng` than a pick from the listing)."""
        if self.to_move == CHANCE or self.result is not None:
            return super().random_move(rng)
        return playout.draw_move(self, rng, self.seat_bits())

    def vouch(self, move: Move) -> None:
        """`move` is legal here, drawn by the rules themselves (the fast playouts): the next
        `apply` of it skips the check, whose listing of every marble move is what they avoid."""
        self._legal = [move]

    def play(self, move: Move) -> None:
        """A legal move or chance outcome played without the check or the events (search)."""
        self.play_move(move, record=False)

    def play_move(self, move: Move, record: bool = True) -> list[Event]:
        """Play a move known to be legal (`apply` checks; the fast playout knows); without
        `record` no events are built (the fast playout), the game goes on the same."""
        self._legal = None
        events: list[Event] | None = [] if record else None
        # `type(move) is`: exactly a move class (`apply` found it among the legal moves), and fast
        if type(move) is RollMarble or type(move) is LiftMarble:
            if events is None:
                self._move_quietly(move)
            else:
                self._move_marble(move, events)
        elif type(move) is DieRoll:
            if events is not None:
                events.append(die_rolled(self.mover, move.value, "move"))
            self.phase, self.remaining, self.moved, self.die = _MOVING, move.value, (), move.value
        elif type(move) is Roll:
            self.phase = _DIE
        elif type(move) is Place:
            self._place(move, events)
        elif type(move) is StartRolls:
            if events is not None:
                events.append(die_rolled(0, move.first, "start"))
                events.append(die_rolled(1, move.second, "start"))
            self.mover = 0 if move.first > move.second else 1
            self.phase = _CHOOSE
            if self.rules.stalemate.repeats:  # every marble is in its supply
                self._meet((0, 0, self.supply[0], self.supply[1], self.mover))
        elif type(move) is Pass:
            if events is not None:
                events.append(Event.of(ArchimedesEvent.PASSED, seat=self.mover))
            self._end_turn(events)
        return events if events is not None else []

    def _place(self, move: Place, events: list[Event] | None) -> None:
        seat = self.mover
        before = (self.k, len(self.board))
        self.supply[seat] -= 1
        self.board[move.cup] = seat
        if self._met:  # the stalemate counts the positions since a marble was last added
            self._met, self._met_mine, self.met_hash = {}, True, 0
        if self._bits is not None:
            self._bits[seat] |= self.tables.bit_of[move.cup]
        self.k += self.balance.moment(move.cup[0])
        if events is not None:
            events.append(Event.of(ArchimedesEvent.MARBLE_PLACED, seat=seat, cup=cup_name(move.cup)))
        end = self._settle(events, move.cup, landing_from=before)
        if end is None or self._touch_prevented(end, events):
            self._end_turn(events)
        else:
            self._touched(end, None, move.cup, before[0], events)

    def _move_marble(self, move: RollMarble | LiftMarble, events: list[Event] | None) -> None:
        seat, moment = self.mover, self.balance.moment
        if isinstance(move, LiftMarble):
            if events is not None:
                start, dest = cup_name(move.start), cup_name(move.dest)
                events.append(Event.of(ArchimedesEvent.MARBLE_LIFTED, seat=seat, start=start, dest=dest, spaces=move.spaces))
            steps: list[tuple[Cup, bool]] | zip[tuple[Cup, bool]] = [(move.dest, True)]
        else:
            if events is not None:
                names = tuple([cup_name(c) for c in move.path])
                events.append(Event(_ROLLED, (("jumps", move.jumps), ("path", names), ("seat", seat), ("start", cup_name(move.start)))))
            steps = zip(move.path, move.jumps, strict=True)
        here: Cup | None = move.start  # None while the marble is in the air
        k_before = self.k
        touched: End | None = None
        for cup, lifted in steps:
            assert here is not None
            if lifted:  # in the air: the board loses the marble's weight
                if events is not None and type(move) is RollMarble and self.listens(ArchimedesEvent.MARBLE_JUMPED):
                    for over in _between(here, cup):  # a jump: the opponent's marbles in line (for rules only)
                        events.append(Event.of(ArchimedesEvent.MARBLE_JUMPED, seat=seat, cup=cup_name(over)))
                self.k -= moment(here[0])
                here = None
                if touched := self._settle(events, None, marble_off=True):
                    break
                before = (self.k, len(self.board) - 1)
                self.k += moment(cup[0])
                here = cup
                touched = self._settle(events, cup, landing_from=before)
            else:  # rolled along the groove: the board feels it in each cup
                self.k += moment(cup[0]) - moment(here[0])
                here = cup
                touched = self._settle(events, cup)
            if touched:
                break
        if here != move.dest:  # the game ended on the way: the marble is set down where it was going
            self.k += moment(move.dest[0]) - (moment(here[0]) if here is not None else 0)
        self._set_down(move, touched, k_before, events)

    def _move_quietly(self, move: RollMarble | LiftMarble) -> None:
        """`_move_marble` without events (search, playouts): the same positions checked in the
        same order, each as `_settle` checks it, to the same result; only the bookkeeping of
        events and the calls are left out."""
        end, k = self._way(move)
        k_before = self.k
        self.k = k
        self._set_down(move, end, k_before, None)

    def _set_down(self, move: RollMarble | LiftMarble, touched: End | None, k_before: int, events: list[Event] | None) -> None:
        """The moved marble set down on its destination (`k` already says so), then what the move
        comes to: an end that `touched` the table on the way (unless a house rule lets it pass),
        else the spaces used, and the turn over once the roll is used up."""
        del self.board[move.start]
        self.board[move.dest] = self.mover
        if self._bits is not None:
            bit_of = self.tables.bit_of
            self._bits[self.mover] ^= bit_of[move.start] | bit_of[move.dest]
        if touched is not None and not self._touch_prevented(touched, events):
            self._touched(touched, move.start, move.dest, k_before, events)
            return
        self.remaining -= move.spaces
        self.moved += (move.dest,)
        if self.remaining == 0:
            self._end_turn(events)

    def _way(self, move: RollMarble | LiftMarble) -> tuple[End | None, int]:
        """Where `move` takes the board, changing nothing: the end that touches the table on the
        way (None if none), and the board's `k` with the marble set down on its destination
        (`passage.way`, compiled)."""
        return way(self.balance, self.k, len(self.board), move)  # the marble stays in `board` until it is set down

    def result_key(self, move: Move) -> Hashable | None:
        """Equal for two marble moves of this position that leave the same position: a move whose
        way touches nothing ends as every other one that takes the same marble to the same cup
        in as many spaces (rolled or lifted, by any path); None for any other move."""
        if (type(move) is RollMarble or type(move) is LiftMarble) and self.phase is _MOVING and self._way(move)[0] is None:
            return (move.start, move.dest, move.spaces)
        return None

    def _settle(
        self, events: list[Event] | None, at: Cup | None, landing_from: tuple[int, int] | None = None, marble_off: bool = False
    ) -> End | None:
        """Evaluate one position the board passes through; the end that touched the table, if any
        (`_touched` then says what the touch costs, once the marble is set down).

        `at`: the cup the moving marble is in, None while it is in the air (`marble_off`: it is
        still in `board`).  `landing_from`: the position (k, n) just before a marble landed,
        which sets the board swinging (when the rules say so).
        """
        n = len(self.board) - (1 if marble_off else 0)
        tilt, angle_now, printed = self.balance.settled(self.k, n)
        end = tilt.touching
        swing = None
        if tilt.slope is not None and landing_from is not None:
            swing = self.balance.landing(landing_from, self.k, n)
            if swing is not None:
                end = end or swing.touching
        if events is not None:  # (the data in key order, as `Event.of` sorts it: a move tells this at every cup)
            at_name = "air" if at is None else cup_name(at)
            if swing is None:
                data: tuple[tuple[str, Any], ...] = (("angle", angle_now), ("marble_at", at_name), ("slope", printed))
            else:
                data = (("angle", angle_now), ("marble_at", at_name), ("peak_angle", swing.angle), ("peak_slope", swing.printed),
                        ("slope", printed))
            events.append(Event(_TILTED, data))
        return end

    def _touch_prevented(self, end: End, events: list[Event] | None) -> bool:
        """Whether a house rule lets this touch of the table pass (`prevent: touch`): the move then
        goes on to its end as if the board had not touched (a later position is checked as ever)."""
        return self.prevented("touch", self.mover, {"seat": self.mover, "end": end.value}, events)

    def _touched(self, end: End, start: Cup | None, cup: Cup, k_before: int, events: list[Event] | None) -> None:
        """`end` touched the table while the mover placed a marble on `cup` (`start` None) or moved
        one from `start` to `cup`; `k_before` is the board's `k` before that.  By the book (and
        variation 1) the game is over.  Under the house rule `touch: marble-lost` the touch costs a
        marble instead, and the board is as it stood before that placing or move: a placed marble
        comes off and leaves the game; a moved one goes back to `start`, and a marble of the
        mover's supply leaves the game, or with none there the moved marble itself if the board
        stands without it (else the book's rule stands).  The turn ends; a player left with fewer
        marbles than a win needs has lost."""
        seat = self.mover
        if self.rules.touch is not TouchRule.MARBLE_LOST:
            self._touch(end, events)
            return
        balance, bit_of = self.balance, self.tables.bit_of
        gone = cup  # the cup of the marble that leaves the game ('' in the event when it is the supply's)
        k = k_before
        if start is not None and self.supply[seat] == 0:
            k = k_before - balance.moment(start[0])
            if balance.settled(k, len(self.board) - 1).tilt.touching is not None:
                self._touch(end, events)  # the moved marble held the board: nothing the mover gives up rights it
                return
            gone = start
        del self.board[cup]
        if self._bits is not None:
            self._bits[seat] &= ~bit_of[cup]
        if start is not None and gone != start:  # back to its start; a marble of the supply pays
            self.board[start] = seat
            if self._bits is not None:
                self._bits[seat] |= bit_of[start]
            self.supply[seat] -= 1
        self.k = k
        self.lost[seat] += 1
        if events is not None:
            events.append(Event.of(ArchimedesEvent.BOARD_TOUCHED, seat=seat, end=end.value, loser=-1))
            back = "" if start is None else cup_name(start)
            events.append(Event.of(ArchimedesEvent.MARBLE_LOST, seat=seat, cup=cup_name(cup), back=back,
                                   supply=start is not None and gone != start))
            _, angle_now, printed = balance.settled(self.k, len(self.board))
            at = back if start is not None and gone != start else "air"  # back to its start, or lifted away
            events.append(Event.of(ArchimedesEvent.BOARD_TILTED, marble_at=at, angle=angle_now, slope=printed))
        if self.marbles_left(seat) < self.rules.marbles_to_win:
            self._finish(self.won(1 - seat, LOST), events)
            return
        self._end_turn(events)

    def _touch(self, end: End, events: list[Event] | None) -> None:
        """`end` touched the table during the mover's move: the game is over (variation 1 says who lost)."""
        loser = self.touch_loser(end)
        self.touched = end
        if events is not None:
            events.append(Event.of(ArchimedesEvent.BOARD_TOUCHED, seat=self.mover, end=end.value, loser=loser))
        self._finish(self.won(1 - loser, end.value), events)

    def touch_loser(self, end: End) -> int:
        """Who loses when `end` touches the table during the mover's move: the mover, or by
        variation 1 the player whose end it is."""
        if self.rules.touch is TouchRule.END_OWNER_LOSES and end in self._ends:
            return self._ends[end]
        return self.mover

    def marbles_left(self, seat: int) -> int:
        """`seat`'s marbles still in the game: on the board and in its supply."""
        return self.supply[seat] + sum(1 for s in self.board.values() if s == seat)

    def won(self, seat: int, why: str) -> Outcome:
        """The outcome of a game `seat` won, in the engine's words: `HOME` (its marbles home),
        `LOST` (the other lost a marble and has too few left) or the end that touched the table
        (`low`, `high`, `either`; the position at the end)."""
        loser = 1 - seat
        if why == HOME:
            reason = f"{self.rules.marbles_to_win} marbles home"
        elif why == LOST:
            reason = f"the board touched the table: the mover lost a marble and has too few left to win ({self.marbles_left(loser)})"
        else:
            whose = "its mover" if loser == self.mover else "the player whose end went down"
            reason = f"the board's {End(why).value} end touched the table: {whose} loses"
        return Outcome(Termination.WIN, (seat,), reason)

    def slope(self, marble_off: bool = False) -> Fraction:
        """The board's rest slope now (positive: the high end is down); a marble in the air if asked."""
        n = len(self.board) - (1 if marble_off else 0)
        tilt = self.balance.tilt(self.k, n)
        return tilt.slope if tilt.slope is not None else Fraction(0)

    def _end_turn(self, events: list[Event] | None) -> None:
        seat = self.mover
        self.turns += 1
        self.remaining, self.moved, self.die = 0, (), None
        if events is not None:
            events.append(turn_over(seat))
        if self.home(seat) >= self.rules.marbles_to_win:
            self._finish(self.won(seat, HOME), events)
        elif self.ruleset.move_limit is not None and self.turns >= self.ruleset.move_limit:
            self._finish(Outcome.capped(self.ruleset.move_limit, "turns"), events)
        else:
            self.mover, self.phase = 1 - seat, _CHOOSE
            stalemate = self.rules.stalemate
            if stalemate:
                first, second = self.seat_bits()
                supply = self.supply
                if stalemate.repeats and self._meet((first, second, supply[0], supply[1], 1 - seat)) >= stalemate.repeats:
                    self._finish(self.stalemate(), events)
                    return
                ends = self._end_cups
                now = (first & ends, second & ends, supply[0], supply[1])
                if now != self._ends_as:
                    self._ends_as, self.quiet = now, 0
                else:
                    self.quiet += 1
                    if self.quiet == stalemate.quiet_turns:
                        self._finish(self.stalemate(quiet=True), events)

    def _meet(self, position: Met) -> int:
        """Count `position`, met at the start of a turn; how often it has now come round."""
        met = self._met
        if not self._met_mine:
            met = self._met = dict(met)
            self._met_mine = True
        times = met[position] = met.get(position, 0) + 1
        self.met_hash ^= hash((position, times))
        return times

    def restart_stalemate_count(self) -> None:
        """Count for the stalemate from now on only: the positions met from this one (at the start
        of a turn), and the quiet turns from 0 (a position read from text: what came before it is
        not known)."""
        self._met, self._met_mine, self.met_hash = {}, True, 0
        first, second = self.seat_bits()
        supply, ends = self.supply, self._end_cups
        if self.phase is _CHOOSE and self.rules.stalemate.repeats:
            self._meet((first, second, supply[0], supply[1], self.mover))
        self._ends_as, self.quiet = (first & ends, second & ends, supply[0], supply[1]), 0

    def stalemate(self, quiet: bool = False) -> Outcome:
        """The draw of a stalemate: the same position came round `repeats` times, or (`quiet`)
        `quiet_turns` turns left the end zones and the supplies as they were."""
        rule = self.rules.stalemate
        if quiet:
            why = f"{rule.quiet_turns} turns in a row left the end zones and the supplies as they were"
        else:
            why = f"the same position came round {times_words(rule.repeats)}"
        return Outcome(Termination.DRAW, (), f"stalemate ({why}; the book: play again)")

    def home(self, seat: int) -> int:
        """The most marbles of `seat` in one end zone that counts for its win (variation 2)."""
        mine, best = self.seat_bits()[seat], 0
        for mask in self._home_masks[seat]:
            here = (mine & mask).bit_count()
            if here > best:
                best = here
        return best

    # Seams for rule pieces -----------------------------------------------------------------
    def no_move(self) -> Move | None:
        """A player who can neither place nor make a full legal move passes."""
        return Pass() if self.phase is _CHOOSE or self.phase is _MOVING else None

    def send_back(self, cup: Cup, events: list[Event]) -> bool:
        """A house rule's `send_back`: the player's marble on `cup` leaves the board for its
        owner's supply, and the board settles without it.  Nothing happens (False) when the game is
        over, when `cup` holds no player's marble (empty, off the board, a neutral marble), or when
        its weight holds the board: without it an end would touch the table."""
        owner = self.board.get(cup)
        if self.result is not None or owner is None or owner < 0:
            return False
        k, n = self.k - self.balance.moment(cup[0]), len(self.board) - 1
        tilt, angle_now, printed = self.balance.settled(k, n)
        if tilt.touching is not None:
            return False
        del self.board[cup]
        self.k = k
        self.supply[owner] += 1
        if self._bits is not None:
            self._bits[owner] &= ~self.tables.bit_of[cup]
        if cup in self.moved:
            self.moved = tuple(c for c in self.moved if c != cup)
        self._legal = None
        events.append(Event.of(ArchimedesEvent.MARBLE_SENT_BACK, seat=owner, cup=cup_name(cup)))
        events.append(Event.of(ArchimedesEvent.BOARD_TILTED, marble_at="air", angle=angle_now, slope=printed))
        return True

    def give_turn(self, seat: int) -> bool:
        if self.result is not None or self.phase is not _CHOOSE or seat not in (0, 1):
            return False
        self.mover = seat
        self._legal = None
        return True

    def end_turn(self, events: list[Event]) -> bool:
        """A rule ends the turn after a roll or a marble move: the spaces left are lost, and the
        turn ends as every turn does (four home wins; the move limit)."""
        if self.result is not None or self.phase is not _MOVING:
            return super().end_turn(events)
        self._end_turn(events)
        self._legal = None
        return True

    def seat_after(self, seat: int) -> int:
        return 1 - seat

    def end_by_rule(self, outcome: Outcome, events: list[Event]) -> None:
        self._finish(outcome, events)

    def _finish(self, outcome: Outcome, events: list[Event] | None) -> None:
        self.result, self.phase = outcome, _OVER
        if events is not None:
            events.append(outcome.event())

    def _why_illegal(self, move: Move) -> str:
        if self.phase is _OVER:
            return "the game is over"
        if move.is_chance != (self.to_move == CHANCE):
            return "it is chance's turn" if self.to_move == CHANCE else "chance does not decide now"
        if isinstance(move, Place):
            if self.phase is not _CHOOSE:
                return "a marble is added only instead of rolling, at the start of a turn"
            if self.supply[self.mover] == 0:
                return "the player has no marbles left to add"
            if self.board.get(move.cup) == NEUTRAL:
                return f"{cup_name(move.cup)} holds a neutral marble: a marble is added only to an empty cup of the midzone"
            return "a marble is added only to an empty cup of the midzone"
        if isinstance(move, (RollMarble, LiftMarble)):
            if self.board.get(move.start) == NEUTRAL:
                return f"{cup_name(move.start)} holds a neutral marble, which never moves"
            if self.phase is not _MOVING:
                return "roll the die before moving a marble"
            if self.board.get(move.start) != self.mover:
                return f"{cup_name(move.start)} holds none of the mover's marbles"
            if move.start in self.moved:
                return "rule f: a marble moves only once in a turn"
            if move.spaces > self.remaining:
                return f"the roll leaves {self.remaining} spaces, not {move.spaces}"
            if isinstance(move, RollMarble) and self.rules.carrying is Carrying.LIFT_ONLY:
                return "variation 3: marbles are always lifted, never rolled"
            neutral = " (never a neutral one)" if self.neutral else ""
            return (
                "rules a, c, d, h: moves are orthogonal paths to an empty cup that never revisit a cup, jump only "
                f"opponent marbles{neutral}, and leave a roll that can be used in full"
            )
        if isinstance(move, Pass):
            return "a player passes only when no placement or full move is possible"
        return "not a move of this phase"

    # Views ---------------------------------------------------------------------------------
    def public_view(self) -> ArchimedesView:
        return public_view(self)

    def observation(self, seat: int) -> ArchimedesView:
        return public_view(self)

    def counts(self) -> Mapping[str, int]:
        out: dict[str, int] = {}
        for seat in range(self.num_players):
            out[f"supply_{seat + 1}"] = self.supply[seat]
            out[f"board_{seat + 1}"] = sum(1 for s in self.board.values() if s == seat)
            if self.lost[seat]:
                out[f"lost_{seat + 1}"] = self.lost[seat]
        if self.rules.neutral:  # a house rule's neutral marbles: always all on the board
            out["neutral"] = sum(1 for s in self.board.values() if s == NEUTRAL)
        return out


def _between(a: Cup, b: Cup) -> list[Cup]:
    """The cups strictly between `a` and `b` on one row or one column (a jump's marbles)."""
    (r0, c0), (r1, c1) = a, b
    dr, dc = (r1 > r0) - (r1 < r0), (c1 > c0) - (c1 < c0)
    out, r, c = [], r0 + dr, c0 + dc
    while (r, c) != (r1, c1):
        out.append((r, c))
        r, c = r + dr, c + dc
    return out
