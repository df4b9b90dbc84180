"""The engine's contract, shared by every game family.

A game is a `State` that a driver advances one decision at a time.  `to_move` is a
seat (0-based) or `CHANCE`; at a chance step the driver picks the outcome with its own
seeded generator (`sample_chance`) or from `chance_outcomes()`, and applies it like a
move.  The state never holds a random generator, so no copy can see a future roll.
"""

from __future__ import annotations

import dataclasses
import enum
import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from marblestudio.engine.rules import Ruleset

CHANCE = -1
"""`State.to_move` when the next step is a die roll, a shuffle, a deal or a random set-up."""


class Termination(enum.Enum):
    """How a game ended."""

    WIN = "win"  # the rules named one or more winners
    DRAW = "draw"  # the rules ended the game with no winner
    CAPPED = "capped"  # the ruleset's move limit was reached: a draw, reported apart


MOVE_LIMIT = "the move limit of"
"""How the reason of a game stopped by its ruleset's move limit begins (`Outcome.capped`)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game as a value: how it ended, the winning seats, and why."""

    termination: Termination
    winners: tuple[int, ...] = ()
    reason: str = ""

    @property
    def is_draw(self) -> bool:
        return not self.winners

    def to_json(self) -> dict[str, Any]:
        return {"termination": self.termination.value, "winners": list(self.winners), "reason": self.reason}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Outcome:
        return cls(Termination(data["termination"]), tuple(data.get("winners", ())), data.get("reason", ""))

    @classmethod
    def capped(cls, limit: int, unit: str = "moves") -> Outcome:
        """The draw that the ruleset's move limit (a safety net, not a rule) ends a game with."""
        return cls(Termination.CAPPED, (), f"{MOVE_LIMIT} {limit} {unit} was reached")

    def event(self) -> Event:
        """The `game_over` event that closes every game, the same in every family."""
        return Event.of(GAME_OVER, termination=self.termination.value, winners=self.winners, reason=self.reason)


class EventKind(enum.StrEnum):
    """What an event says happened.  Each family lists its own kinds in a subclass (e.g.
    `engine.stay_alive.events.StayAliveEvent`); `CoreEvent` holds those every game has.  A kind
    is a string too, so records, logs and JSON carry its plain name ('marble_fell')."""


class CoreEvent(EventKind):
    """The events every game family ends its turns and its game with."""

    TURN_OVER = "turn_over"
    """A turn ended (for undo, the log and "the previous player"): `seat`."""
    GAME_OVER = "game_over"
    """The game ended: the LAST event of the move that ends it, after that move's `turn_over`,
    with the outcome's `termination`, `winners` and `reason`."""
    RULE_FIRED = "rule_fired"
    """A rule piece of the ruleset fired (`rule`: its name, `seat`: the mover); its effects follow."""


@dataclass(frozen=True, slots=True)
class Event:
    """One step of the physical story of a move (a marble placed, a slide moved, ...).

    `kind` names what happened (an `EventKind`: the family's own, or `CoreEvent`); `data` holds its details as sorted (key, value) pairs so that
    events compare and print the same everywhere.  `visible_to` is None for a public event,
    or the seats that may see it (a card drawn from the deck is seen by its receiver only).
    """

    kind: EventKind
    data: tuple[tuple[str, Any], ...] = ()
    visible_to: frozenset[int] | None = None

    @classmethod
    def of(cls, kind: EventKind, visible_to: frozenset[int] | None = None, **data: Any) -> Event:
        return cls(kind, tuple(sorted(data.items())), visible_to)

    def __getitem__(self, key: str) -> Any:
        for k, v in self.data:
            if k == key:
                return v
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.data:
            if k == key:
                return v
        return default

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for k, v in self.data:
            out[k] = list(v) if isinstance(v, tuple) else v
        if self.visible_to is not None:
            out["visible_to"] = sorted(self.visible_to)
        return out

    def __str__(self) -> str:
        args = " ".join(f"{k}={_fmt(v)}" for k, v in self.data)
        return f"{self.kind} {args}".rstrip()


def tell(events: list[Event] | None, kind: EventKind, visible_to: frozenset[int] | None = None, **data: Any) -> None:
    """Add `Event.of(kind, visible_to, **data)` to `events`, the story of a move; a step played
    silently (`events` None: a search's random playout, which reads no event) builds none.
    (Built as `of` builds it, without the second call: ALIVE's `apply` tells every event so.)"""
    if events is not None:
        events.append(Event(kind, tuple(sorted(data.items())), visible_to))


def _fmt(value: Any) -> str:
    if isinstance(value, tuple):
        return "(" + ",".join(_fmt(v) for v in value) + ")"
    return str(value)


TURN_OVER = CoreEvent.TURN_OVER
"""The kind of the event that ends a turn (for undo, the log and "the previous player")."""

GAME_OVER = CoreEvent.GAME_OVER
"""The kind of the event that ends the game (see `CoreEvent.GAME_OVER`)."""

_TURNS_OVER: dict[int, Event] = {}


def turn_over(seat: int) -> Event:
    """The `turn_over` event of `seat`: events are values, so one per seat serves every game
    (the families end thousands of turns a second in search)."""
    event = _TURNS_OVER.get(seat)
    if event is None:
        event = _TURNS_OVER[seat] = Event.of(TURN_OVER, seat=seat)
    return event


class IllegalMoveError(ValueError):
    """A move that the rules forbid; `rule` names the rule it breaks. The state is unchanged."""

    def __init__(self, move: object, rule: str) -> None:
        super().__init__(f"illegal move {move}: {rule}")
        self.move = move
        self.rule = rule

    def __reduce__(self) -> tuple[type[IllegalMoveError], tuple[object, str]]:
        # Pickle calls the class with `args` (here the message alone), which would fail: worker
        # processes send errors back to the parent, so rebuild from the move and the rule.
        return type(self), (self.move, self.rule)


class NotationError(ValueError):
    """Text that is not a move in this game's notation."""


class Move(ABC):
    """A decision of a player or of chance. Subclasses are frozen dataclasses.

    `str(move)` is the move's notation; `State.parse_move` reads it back.
    """

    is_chance: ClassVar[bool] = False
    is_pass: ClassVar[bool] = False
    """True for a move that only ends the turn (a player alone with it is forced to pass)."""

    @abstractmethod
    def __str__(self) -> str: ...

    @property
    def public_text(self) -> str:
        """What every player may read of this move, for logs shown during play.

        The notation by default; a shuffle overrides it, since its notation holds every hidden card.
        """
        return str(self)


class State(ABC):
    """A game in progress. Subclasses implement one game family."""

    num_players: int
    ruleset: Ruleset
    """The rules the game is played by (`ruleset.game` names its family)."""

    @property
    @abstractmethod
    def to_move(self) -> int:
        """The seat to decide next, or `CHANCE`; undefined once the game is over."""

    @abstractmethod
    def legal_moves(self) -> list[Move]:
        """Every legal move of the seat to move, in a fixed order that does not depend on hashing.

        Empty at a `CHANCE` step (the driver uses `chance_outcomes` or `sample_chance`) and once
        the game is over; never empty otherwise (a game offers a pass when nothing else is legal).
        """

    @abstractmethod
    def apply(self, move: Move) -> list[Event]:
        """Play `move` and return what physically happened, in order.

        Raises `IllegalMoveError` (state unchanged) when the rules forbid it.
        """

    @abstractmethod
    def copy(self) -> State:
        """An independent copy."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""

    def is_terminal(self) -> bool:
        return self.outcome() is not None

    @abstractmethod
    def parse_move(self, text: str) -> Move:
        """The move whose notation is `text` (raises `NotationError`)."""

    # Chance --------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[Move, float]] | None:
        """The chance outcomes with their probabilities, or None when they are too many."""
        return None

    def sample_chance(self, rng: random.Random) -> Move:
        """Draw a chance outcome with the caller's generator."""
        outcomes = self.chance_outcomes()
        if outcomes is None:
            raise NotImplementedError(f"{type(self).__name__} must implement sample_chance")
        moves = [m for m, _ in outcomes]
        weights = [p for _, p in outcomes]
        return rng.choices(moves, weights)[0]

    # Hidden information ----------------------------------------------------------------
    def observation(self, seat: int) -> object:
        """Everything `seat` may know, as the family's frozen view dataclass (a game with hidden
        information gives its own observation type).  Perfect-information games show everything."""
        return self.public_view()

    def determinize(self, seat: int, rng: random.Random) -> State:
        """A full state consistent with `observation(seat)`; for search."""
        return self.copy()

    @abstractmethod
    def public_view(self) -> object:
        """What everyone can see, as the family's frozen view dataclass (boards, computer players
        and tests read its attributes; `plain(view)` gives it as JSON-like data)."""

    # Search helpers -----------------------------------------------------------------------
    def random_move(self, rng: random.Random) -> Move:
        """A move of the seat to move drawn uniformly among `legal_moves()` with `rng` (the
        random player's move; ``moves[rng.randrange(len(moves))]``).  A family whose listing
        costs much may override it with a draw that needs no listing, with the same odds for each
        move (its draws from `rng` then differ from this one's)."""
        moves = self.legal_moves()
        return moves[rng.randrange(len(moves))]

    def random_game(self, rng: random.Random, moves: list[Move]) -> int | None:
        """Play on as a playtest's random players play (`random_move(rng)`, chance by
        `sample_chance(rng)`, every step through `apply`), appending each step's move, chance
        included, to `moves`: the same moves and the same end from the same `rng`, in a faster
        loop.  The player moves made, or None when this game has no such loop (nothing is played:
        the caller plays it step by step)."""
        return None

    def random_playout(self, rng: random.Random, max_steps: int = 1_000_000) -> int:
        """Play this state on to its end with uniformly random moves and chance from `rng`
        (``moves[rng.randrange(len(moves))]``, as `play_random` does), each played with `play`;
        return the number of player moves made.  A family may override it with a faster loop
        that still picks uniformly among the legal moves (its draws from `rng` may then differ
        from this one's).  MCTS's random rollouts are this (`max_steps`: their depth)."""
        played = 0
        while self.outcome() is None and played < max_steps:
            if self.to_move == CHANCE:
                self.play(self.sample_chance(rng))
                continue
            moves = self.legal_moves()
            self.play(moves[rng.randrange(len(moves))])
            played += 1
        return played

    def play(self, move: Move) -> None:
        """Play `move`, one of `legal_moves()` or a chance outcome, for search: as `apply`, but a
        family may skip the legality check and building the events (the game goes on the same)."""
        self.apply(move)

    quiet_steps: ClassVar[Mapping[type, frozenset[str]]] = {}
    """For a family that can play a step without building its events (`play_quietly`): by the
    step's move class, every kind of event such a step may produce.  A game with rule pieces
    plays a step so when no rule listens to any of them (a test holds each family to its list)."""

    story_kinds: ClassVar[frozenset[str]] = frozenset()
    """Event kinds of the board's story that a family leaves out of `apply` while its instance's
    `story` is False (Avalanche: a marble's way down); a game with rule pieces leaves them out in
    search when no rule listens to them."""

    def play_quietly(self, move: Move) -> int:
        """Play the legal `move` as `apply` would, without building its events; the seat whose
        turn it ended (the `turn_over` event's), or -1.  Only for the classes in `quiet_steps`."""
        raise NotImplementedError

    def position(self) -> str:
        """The position as one line of text, everything needed to continue the game, hidden
        cards included (docs/notation.md); `engine.from_position` reads it back."""
        raise NotImplementedError(f"the game family {self.ruleset.game} has no position notation")

    def position_key(self) -> Hashable | None:
        """A value equal for two states of one ruleset only when the game goes on the same from
        both (the same moves in the same order, the same chances, the same outcome), so that
        search may remember what it worked out about a position (`agents.player`); None (the
        default) when the family gives none, and then nothing is remembered."""
        return None

    def result_key(self, move: Move) -> Hashable | None:
        """A value equal for two legal moves of this state only when playing either leaves the
        same position (search then tries one of them for both: `agents.player.move_scores`);
        None (the default) when the family cannot tell without playing the move."""
        return None

    # Seams for rule pieces (engine.pieces) -------------------------------------------------
    def give_turn(self, seat: int) -> bool:
        """Make `seat` the next to move, after a turn ended (an extra turn, a skip); False when the
        family cannot now (a chance step is pending, the seat is out) and nothing changed."""
        return False

    def seat_after(self, seat: int) -> int:
        """The seat that would move after `seat` in turn order, skipping seats that are out."""
        return (seat + 1) % self.num_players

    def end_turn(self, events: list[Event]) -> bool:
        """End the turn of the seat to move now, between two of its moves (a rule piece's
        `end_turn`), as the family ends a turn, adding its events (`turn_over`, and `game_over`
        if the end of the turn ends the game); False when the family cannot, and nothing changed.
        By default the next seat in turn order moves (`give_turn`)."""
        seat = self.to_move
        return seat >= 0 and self.give_turn(self.seat_after(seat))

    def prevented(self, what: str, seat: int, fields: Mapping[str, Any], events: list[Event] | None) -> bool:
        """Whether a house rule stops `what` of the family's own rules here (`prevent:` pieces,
        `FamilyHooks.prevents`), done by `seat`, with `fields` for the rule's `event`; a firing is
        told in `events` (None: no events are being built).  A family asks it where its own rule
        would act, and goes on as if that rule had not applied.  False without rule pieces."""
        return False

    def listens(self, kind: str) -> bool:
        """Whether a house rule's trigger listens to events of `kind`: a family makes an event
        that only rules read (Rock Me Archimedes' `marble_jumped`) only then, so that a game
        without such a rule tells the same story as ever.  False without rule pieces."""
        return False

    def no_move(self) -> Move | None:
        """The game's own move for a player with no legal move (a pass; ALIVE's flip of a life
        card), which a house rule's constraints leave when they forbid every other move; None for a
        game without one (a rule then forbids none: Mancala's player must sow)."""
        return None

    def seats_from(self, seat: int) -> list[int]:
        """Every seat in turn order from `seat` (itself first), out or not: the order in which a
        rule's action for a group of seats (`others`, `opponents`, ...) is taken.  Seat order by
        default; ALIVE follows the direction of play."""
        n = self.num_players
        return [(seat + k) % n for k in range(n)]

    def between_rounds(self) -> bool:
        """Whether a round of the game has just ended and the next is still to be set up (ALIVE
        between hands): a turn a rule gave or skipped in the round ends with it, as a card's
        own skip does.  False by default (a game of one round)."""
        return False

    def end_by_rule(self, outcome: Outcome, events: list[Event]) -> None:
        """End the game now with `outcome` (a rule piece decided it), appending `game_over`."""
        raise NotImplementedError(f"{type(self).__name__} cannot be ended by a rule piece")

    # Conservation and display helpers ---------------------------------------------------
    def counts(self) -> Mapping[str, int]:
        """Where the game's pieces are, as counts (for conservation checks)."""
        return {}


def plain(view: object) -> Any:
    """A view as JSON-like data (dicts, lists, scalars): a dataclass field by field, recursively.
    (The game server writes views with orjson instead: `net.protocol.dump`, held equal to this.)"""
    if dataclasses.is_dataclass(view) and not isinstance(view, type):
        return {f.name: plain(getattr(view, f.name)) for f in dataclasses.fields(view)}
    if isinstance(view, Mapping):
        return {str(k): plain(v) for k, v in view.items()}
    if isinstance(view, (list, tuple)):
        return [plain(v) for v in view]
    if isinstance(view, (set, frozenset)):
        return sorted(plain(v) for v in view)
    if isinstance(view, enum.Enum):
        return view.value
    return view


def play_random(state: State, rng: random.Random, max_steps: int = 1_000_000) -> Iterator[tuple[Move, list[Event]]]:
    """Play `state` to its end with uniformly random moves and chance from `rng`."""
    for _ in range(max_steps):
        if state.outcome() is not None:
            return
        if state.to_move == CHANCE:
            move = state.sample_chance(rng)
        else:
            moves = state.legal_moves()
            move = moves[rng.randrange(len(moves))]
        yield move, state.apply(move)

