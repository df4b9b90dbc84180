"""Rule pieces at play: a game whose ruleset has pieces is a `Ruled` subclass of its family's state.

`ruled(state, program)` gives a game the same state with three methods wrapped:

- `legal_moves` leaves out the moves a constraint forbids (never all of them), and adds the
  powers the player may use (`pieces.powers`);
- `apply` refuses a forbidden move, plays the family's move, then runs the triggers on the
  move's events (`pieces.triggers`: the family's own actions at once, the core's turn actions
  once the turn is over, an end of the game at once);
- `copy` (and `determinize`) keep the rule state (`pieces.rule_state`): turn counters, scores,
  and how often each piece fired (`fired()`, read by `simulate`, `compare` and the playtest for
  rule coverage).

A ruleset without pieces plays the family's own class, untouched: pieces cost nothing there.
What an expression reads is a `pieces.context.Context`; what the rule state holds is written in a
position by `pieces.rule_position`.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Hashable, Mapping
from typing import Any, SupportsIndex, cast

from marblestudio.engine.core import GAME_OVER, TURN_OVER, Event, EventKind, IllegalMoveError, Move, NotationError, Outcome, State, Termination, turn_over
from marblestudio.engine.pieces import rule_position
from marblestudio.engine.pieces.context import Context
from marblestudio.engine.pieces.powers import POWER_PREFIX, PowerMove, power_options, power_ready, powers_now, use_power
from marblestudio.engine.pieces.program import Program
from marblestudio.engine.pieces.rule_state import CHANCE_RUN, Effects, RuleState
from marblestudio.engine.pieces.triggers import CHANCE_MOVE, fired_event, fires, may_fire, run_triggers, take_actions


class Ruled(State):
    """The methods a family's state gets when its ruleset has pieces (mixed in by `ruled`)."""

    __slots__ = ()
    rule_state: RuleState
    story: bool  # a family's with `story_kinds`: whether `apply` tells the board's story

    def position_key(self) -> Hashable | None:
        """The family's key and what the pieces remember that the game goes on from: a turn given
        or skipped that waits for the end of the turn, the counts of the turn's moves, and of the
        rest what the rules can read or act on (`Program.key_parts`): the game's moves, scores, counters,
        missed turns, firings and uses (None when the family gives no key)."""
        base: Any = super()
        key = base.position_key()
        if key is None:
            return None
        rs = self.rule_state
        out = [key, rs.turn_of, rs.extra_for, rs.turn_to, rs.skips, rs.turn_moves, rs.in_turn, rs.partner_next]
        for part in rs.program.key_parts:
            out.append(_KEY_PARTS[part](rs))
        return tuple(out)

    def result_key(self, move: Move) -> Hashable | None:
        """None: the rules' triggers may tell apart moves that leave the same board (a rolled
        path from a lifted marble), so every move is tried."""
        return None

    def position(self) -> str:
        """The family's position and what the pieces remember (`pieces.rule_position.read` reads it)."""
        base: Any = super()
        return f"{base.position()} {rule_position.write(self.rule_state)}"

    def play(self, move: Move) -> None:
        """As `apply`, for search: the rules' triggers read the events.  A step that can produce
        no event a trigger listens to (the family's `quiet_steps`) is played without building
        them, and the rule state is kept as `apply` keeps it: the mover's count of turns and
        moves, and at the end of a turn the extra turn or skip the turn's triggers decided.  Else
        the family's story events (`story_kinds`) are left out when no trigger listens to them."""
        program = self.rule_state.program
        kinds = self.quiet_steps.get(type(move))
        if (kinds is not None and not program.constraints and not program.reads_move and not program.prevents
                and kinds.isdisjoint(program.triggers)):
            self._play_quietly(move)
        elif self.story_kinds and self.story_kinds.isdisjoint(program.triggers):
            told, self.story = self.story, False
            try:
                self.apply(move)
            finally:
                self.story = told
        else:
            self.apply(move)

    def _play_quietly(self, move: Move) -> None:
        """`move` by the family without its events, none of which a trigger listens to; the rule
        state kept as `apply` keeps it (run_triggers then only ends the turn: a turn_over event is
        all it reads)."""
        mover = self.to_move if self.outcome() is None else -1
        ended = self.play_quietly(move)
        rs = self.rule_state
        if mover >= 0:
            rs.begin_move(mover)
            rs.moves += 1
        elif move.is_chance:
            self._chance_step([])
        if rs.idle():
            if ended < 0:
                return  # no event: nothing for the rules to do
            if TURN_OVER not in rs.program.triggers:  # the turn ended, and no rule listens: as `run_triggers` ends it
                rs.turn_over()
                return
        events = [turn_over(ended)] if ended >= 0 else []
        run_triggers(self, rs, mover if mover >= 0 else _chance_actor(self, rs), events)

    def after_fast_move(self, mover: int, events: list[Event]) -> None:
        """A family's `hooked_playout` (or `play`, quietly) played `mover`'s move itself: the rules' triggers read
        `events` and keep their counts, as after `apply`.  `events` are the move's, in `apply`'s
        order, or only some of them: every event of a kind a trigger listens to must be there, and
        the closing ones (`turn_over`, `game_over`) always."""
        self._after_move(mover, events, False)

    def after_quiet_move(self, mover: int, events: list[Event]) -> None:
        """`after_fast_move` for a move whose events no trigger can take (the caller knows: none
        of a kind a trigger listens to, or `may_fire` said no of them): the rules only count it,
        unless a turn given or skipped waits for the turn's end."""
        self._after_move(mover, events, True)

    def _after_move(self, mover: int, events: list[Event], untaken: bool) -> None:
        rs = self.rule_state
        rs.begin_move(mover)
        rs.moves += 1
        if rs.idle() and (untaken or not may_fire(rs.program.triggers, events)):  # only the turn's count changes, as `run_triggers` changes it
            for event in events:  # a loop, not any(): this runs on every move of a fast playout
                if event.kind == TURN_OVER:
                    rs.turn_over()
                    break
            return
        run_triggers(self, rs, mover, events)

    def may_fire(self, events: list[Event]) -> bool:
        """Whether a trigger on one of `events` passes its quick test of the event alone (which reads
        nothing else: a fast loop may remember the answer for the same event)."""
        return may_fire(self.rule_state.program.triggers, events)

    def after_fast_chance(self, events: list[Event]) -> None:
        """A family's `hooked_playout` played a chance step itself: the rules' triggers read its
        `events` (every event of a kind a trigger listens to), and the step is counted, as after
        `apply`.  The caller tells the rules only a step that a trigger's quick test passes
        (`may_fire`) or that comes while they wait for something (not `RuleState.idle`); any
        other it counts itself (`RuleState.chance_run`), so it is not tested again here."""
        rs = self.rule_state
        run_triggers(self, rs, _chance_actor(self, rs), events)
        self._chance_step(events)

    def listens(self, kind: str) -> bool:
        return kind in self.rule_state.program.triggers

    def prevented(self, what: str, seat: int, fields: Mapping[str, Any], events: list[Event] | None) -> bool:
        """The first `prevent: what` piece whose condition holds (and whose `times:` are not used
        up for `seat`) stops it: counted, and told as `rule_fired` where it stopped it."""
        rs = self.rule_state
        found = rs.program.prevents.get(what)
        if not found:
            return False
        ctx = Context(self, rs, seat)
        ctx.event = Event.of(cast(EventKind, what), **fields)  # what would happen, read as an event
        for prevention in found:
            if fires(rs, prevention, ctx, seat):
                if events is not None:
                    events.append(fired_event(rs.program, prevention.piece, seat))
                if prevention.actions:  # its `then:`: turns, points and counters at once, an end with the move's triggers
                    effects = rs.deferred if rs.deferred is not None else Effects(rs)
                    take_actions(self, ctx, prevention, seat, effects, [])
                    if effects.end is not None or effects.end_turn:
                        rs.deferred = effects
                return True
        return False

    def legal_moves(self) -> list[Move]:
        moves = self._family_moves()
        rs = self.rule_state
        if rs.program.powers and not rs.inside and self.to_move >= 0 and self.outcome() is None:  # never at a chance step
            moves = moves + powers_now(self, rs)
        return moves

    def _family_moves(self) -> list[Move]:
        """The family's legal moves, less those a constraint forbids.  When they forbid them all,
        the player uses a power if one is left, else makes the game's own move for having no legal
        move (`State.no_move`: a pass, ALIVE's flip); in a game without one, they forbid none."""
        rs = self.rule_state
        if rs.decided is not None:  # the family checks the move being played: against the moves the player had
            return rs.decided
        base: Any = super()
        moves: list[Move] = base.legal_moves()
        if not rs.program.constraints or not moves:
            return moves
        kept = []
        forbade: set[int] = set()
        judge = _judge(self, rs)
        for m in moves:
            piece = judge(m)
            if piece is None:
                kept.append(m)
            else:
                forbade.add(piece.index)
        if not kept:
            if rs.program.powers and not rs.inside and self.to_move >= 0 and powers_now(self, rs):
                rs.forbade = tuple(sorted(forbade))
                return []  # every move forbidden, but a power is left: the player uses it
            fallback = self.no_move()
            if fallback is not None:  # as a player with no legal move: a pass, ALIVE's flip
                rs.forbade = tuple(sorted(forbade))
                return [fallback]
            rs.forbade = ()
            return moves
        rs.forbade = tuple(sorted(forbade))  # counted as fired when the decision is made (apply)
        return kept

    def apply(self, move: Move) -> list[Event]:
        rs = self.rule_state
        mover = self.to_move if self.outcome() is None else -1
        if type(move) is PowerMove:
            return use_power(self, rs, mover, move)
        decided = None
        if mover >= 0 and rs.program.constraints and not move.is_chance:
            # before the move starts the turn's count, which a constraint may read
            decided = self._family_moves()
            piece = _forbidding(self, rs, move)
            if piece is not None and move not in decided:  # left out (a constraint never leaves out all)
                raise IllegalMoveError(move, f"the rule '{piece.name}' forbids it" + (f": {piece.because}" if piece.because else ""))
        if mover >= 0:
            rs.begin_move(mover)
        fields = None
        if rs.program.reads_move:  # described before the move changes the game
            describe = rs.program.hooks.move_fields
            fields = CHANCE_MOVE if move.is_chance or describe is None else describe(self, move)
        base: Any = super()
        rs.inside, rs.decided = True, decided
        try:
            events: list[Event] = base.apply(move)
        finally:
            rs.inside, rs.decided = False, None
        if mover >= 0:
            rs.moves += 1
            if rs.forbade:
                for index in rs.forbade:
                    rs.fired[index] += 1
                rs.forbade = ()
        run_triggers(self, rs, mover if mover >= 0 else _chance_actor(self, rs), events, fields)
        if mover < 0 and move.is_chance:
            self._chance_step(events)
        return events

    def _chance_step(self, events: list[Event]) -> None:
        """A chance step was played: counted, and a game whose rules keep making them without a
        player's move ends (`CHANCE_RUN`), told in `events`."""
        rs = self.rule_state
        rs.chance_run += 1
        if rs.chance_run >= CHANCE_RUN and self.outcome() is None:
            self.end_by_rule(Outcome(Termination.CAPPED, (), f"no player could move: the rules made {CHANCE_RUN} chance steps "
                                                              "in a row (a rule that deals, rolls or shuffles again each time)"), events)

    def __reduce_ex__(self, protocol: SupportsIndex) -> tuple[Any, ...]:
        """Pickled as the family's own state and the rule state (the `Ruled` class is made at run time,
        so pickle could not find it by name): worker processes send states across."""
        family: Any = object.__new__(type(self).__bases__[1])
        for klass in type(self).__mro__:
            for name in klass.__dict__.get("__slots__", ()):
                if name != "rule_state" and hasattr(self, name):
                    setattr(family, name, getattr(self, name))
        if hasattr(self, "__dict__"):
            family.__dict__.update((k, v) for k, v in self.__dict__.items() if k != "rule_state")
        return _unpickle, (family, self.rule_state)

    def copy(self) -> State:
        base: Any = super()
        new = cast(Ruled, base.copy())
        new.rule_state = self.rule_state.copy()
        return new

    def determinize(self, seat: int, rng: random.Random) -> State:
        new = super().determinize(seat, rng)
        if not isinstance(new, Ruled):
            new = _adopt(new, type(self))
        new.rule_state = self.rule_state.copy()
        return new

    def random_move(self, rng: random.Random) -> Move:
        """The family's own draw, unless a constraint or a power changes which moves are legal:
        then a pick from these rules' `legal_moves()`."""
        program = self.rule_state.program
        if program.constraints or program.powers:
            return State.random_move(self, rng)
        base: Any = super()
        move: Move = base.random_move(rng)
        return move

    def random_playout(self, rng: random.Random, max_steps: int = 1_000_000) -> int:
        """The family's hooked fast loop when it has one (`hooked_playout(rng, max_steps, listened,
        quiet)`: it plays the moves that fire no rule itself and the others through `apply`), else
        legal_moves + apply.  Constraints and powers change which moves are legal: those games
        always take legal_moves + apply."""
        rs = self.rule_state
        hooked = getattr(self, "hooked_playout", None)
        if hooked is not None and self._hookable():
            played = hooked(rng, max_steps, set(rs.program.triggers), rs.quiet)
            if played is not None:
                return int(played)
        return State.random_playout(self, rng, max_steps)

    def _hookable(self) -> bool:
        """Whether a family's hooked fast loop may play these rules: no constraint or power (they
        change which moves are legal), nothing that reads the move, misses turns or prevents, no
        trigger on the game's end (the fast loops tell no game's end, nor ask what rules prevent)."""
        program = self.rule_state.program
        return not (program.constraints or program.powers or program.reads_move or program.misses_turns or program.prevents
                    or GAME_OVER in program.triggers)

    def random_game(self, rng: random.Random, moves: list[Move]) -> int | None:
        """The family's hooked loop that records its moves (`hooked_game(rng, listened, moves)`),
        when it has one and may play these rules (see `random_playout`), else None."""
        game = getattr(self, "hooked_game", None)
        if game is None or not self._hookable():
            return None
        played = game(rng, set(self.rule_state.program.triggers), moves)
        return None if played is None else int(played)

    def parse_move(self, text: str) -> Move:
        if text.startswith(POWER_PREFIX):
            name = " ".join(text[len(POWER_PREFIX):].split())
            for power in sorted(self.rule_state.program.powers, key=lambda p: -len(p.piece.name)):  # the longest name first
                piece = power.piece
                if name == piece.name:
                    return PowerMove(name, piece.index)
                if piece.choose is not None and name.startswith(piece.name + " "):
                    return PowerMove(piece.name, piece.index, name[len(piece.name) + 1:])
            known = ", ".join(f"'use {p.piece.name}'" for p in self.rule_state.program.powers) or "none"
            raise NotationError(f"there is no power {name!r} in these rules (powers: {known})")
        base: Any = super()
        move: Move = base.parse_move(text)
        return move

    def fired(self) -> dict[str, int]:
        """How often each piece fired this game, by name (in `rules:` order)."""
        out: dict[str, int] = {}
        for name, count in zip(self.rule_state.program.names, self.rule_state.fired, strict=True):
            out[name] = out.get(name, 0) + count
        return out


    def powers(self) -> list[tuple[str, bool, str]]:
        """Every power of the rules for the seat to move: (name, usable now, what it does or why not)."""
        rs, seat = self.rule_state, self.to_move
        out = []
        for power in rs.program.powers:
            piece = power.piece
            why = "it is not a player's turn" if seat < 0 or self.outcome() is not None else power_ready(self, rs, power, seat)
            what = piece.says or ", ".join(a.name.replace("_", " ") for a in piece.actions)
            out.append((piece.name, why is None, f"use {piece.name}: {what}" if why is None else why))
        return out

    def power_choices(self, name: str) -> tuple[str, list[tuple[str, str]]]:
        """For the power `name` with `choose:`, what it chooses ('gate') and the options the seat
        to move may name now, each with how the game describes it on the board now ('' if it
        does not); ('', []) for a power without a choice (or no such power)."""
        rs, seat = self.rule_state, self.to_move
        for power in rs.program.powers:
            piece = power.piece
            if piece.name == name and piece.choose is not None:
                usable = seat >= 0 and self.outcome() is None and power_ready(self, rs, power, seat) is None
                options = power_options(self, rs, power, seat) if usable else []
                describe = rs.program.hooks.choices[piece.choose].describe
                return piece.choose, [(o, describe(self, o) if describe is not None else "") for o in options]
        return "", []


def rules_of(state: State) -> Ruled | None:
    """The game whose rule pieces run: `state` itself, or the two-sided game that partners play
    (`engine.partners`, whose rules think in sides); None when the ruleset has no pieces."""
    inner = getattr(state, "inner", None)  # Partners wraps the family's game
    if isinstance(inner, Ruled):
        return inner
    return state if isinstance(state, Ruled) else None


def rule_scores(state: State) -> tuple[int, ...] | None:
    """Each seat's score from the ruleset's `score` actions at the end of the game on `state`
    (its `rule_state.scores`): what `Match.add` takes as `scores` for `points: score`; None for
    a game without rule pieces."""
    ruled = rules_of(state)
    if ruled is None:
        return None
    scores = ruled.rule_state.scores
    return tuple(scores[seat % len(scores)] for seat in range(state.num_players))  # partners: each seat its side's


def _chance_actor(state: State, rs: RuleState) -> int:
    """Who a chance step acts for: the seat whose turn it is (a die roll), else, between turns (a
    deal, a reshuffle), the seat that moves next; -1 at the set-up, before any player has moved
    (nobody made the slides' set-up drop a marble), and once the game is over."""
    if rs.turn_of >= 0:
        return rs.turn_of
    if rs.moves and state.outcome() is None and state.to_move >= 0:
        return state.to_move
    return -1


def _forbidding(state: Ruled, rs: RuleState, move: Move) -> Any:
    """The first constraint that forbids `move`, or None."""
    return _judge(state, rs)(move)


def _judge(state: Ruled, rs: RuleState) -> Callable[[Move], Any]:
    """For the position as it is: the first constraint that forbids a move, or None.  One
    context serves every move of a listing (a roll step of Rock Me Archimedes lists a hundred)."""
    describe = rs.program.hooks.move_fields
    assert describe is not None  # checked when the program was built
    seat = state.to_move
    ctx = Context(state, rs, seat)
    waived = rs.waived if rs.waived_for == seat and rs.turn_of == seat else ()  # lifted for this turn (`waive`)
    constraints = [c for c in rs.program.constraints if c.piece.index not in waived]

    def first(move: Move) -> Any:
        ctx.move = describe(state, move)
        for constraint in constraints:
            if constraint.test(ctx):
                return constraint.piece
        return None

    return first


_KEY_PARTS: dict[str, Callable[[RuleState], Any]] = {
    "moves": lambda rs: rs.moves,
    "scores": lambda rs: tuple(rs.scores),
    "counters": lambda rs: tuple(sorted(rs.counters.items())),
    "missed": lambda rs: (tuple(rs.missed), rs.insert_to, rs.resume, rs.inserted, rs.queued),
    "fired": lambda rs: tuple(rs.fired),
    "used": lambda rs: tuple(sorted(rs.used.items())),
    "waived": lambda rs: (rs.waived, rs.waived_for),
    "marks": lambda rs: tuple(sorted(rs.marks.items())),
}
"""How `Ruled.position_key` reads each part a program's key holds (`Program.key_parts`)."""


@functools.cache
def ruled_class(base: type[State]) -> type[State]:
    """The `Ruled` subclass of a family's state class (one per class)."""
    slots = ("rule_state",) if "__slots__" in base.__dict__ or any("__slots__" in k.__dict__ for k in base.__mro__[:-1]) else ()
    return type(f"Ruled{base.__name__}", (Ruled, base), {"__slots__": slots, "__module__": base.__module__})


def _adopt(state: State, cls: type[State]) -> Ruled:
    """The same game as an instance of `cls` (a `Ruled` subclass of its class)."""
    new = object.__new__(cls)
    for klass in type(state).__mro__:
        for name in klass.__dict__.get("__slots__", ()):
            if hasattr(state, name):
                setattr(new, name, getattr(state, name))
    if hasattr(state, "__dict__"):
        new.__dict__.update(state.__dict__)
    return cast(Ruled, new)


def _unpickle(family: State, rule_state: RuleState) -> State:
    new = _adopt(family, ruled_class(type(family)))
    new.rule_state = rule_state
    return new


def ruled(state: State, program: Program) -> State:
    """`state` playing by the pieces of `program` (see the module docstring)."""
    new = _adopt(state, ruled_class(type(state)))
    new.rule_state = RuleState(program, state.num_players)
    return new
