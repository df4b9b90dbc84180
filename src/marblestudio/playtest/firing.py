"""Where a rule piece fires: the first firing of each piece of a ruleset in seeded random games.

The rules editor's preview shows, for each rule piece, a position where it fired.  Games are
those of the playtest with random players: game i of seed S draws its chance and every player's
move from ``random.Random(f"{S}:{i}")`` (`workers.game_rng`), so game 7 here is game 7 of
``simulate RULESET --seed S`` (and of the editor's playtest) with random players.  The search
plays games 0, 1, 2, ... until every piece has fired, the games run out or the time is up, so it
stays bounded, and the first firing of a piece (its lowest game, then its earliest move) is the
same on every machine that finds it.

A trigger fires at the step whose events hold its `rule_fired`; a constraint adds no event, so
its firing is read from `state.fired()`: the move made at a decision where it left out a move.
Nothing here imports Qt: the preview runs `find_firings` in a worker thread.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from marblestudio.engine import CHANCE, new_game, rebuild
from marblestudio.engine.core import Move, State
from marblestudio.engine.pieces.runtime import Ruled, rules_of
from marblestudio.engine.pieces.triggers import RULE_FIRED
from marblestudio.engine.rules import Ruleset
from marblestudio.playtest.workers import game_rng

GAMES = 200
"""Games searched at most."""
SECONDS = 0.5
"""Time searched at most (the preview's search must not keep a core busy after each edit)."""
MAX_STEPS = 10_000
"""Steps (chance included) of one game at most: a game without a move limit may go on for long."""


@dataclass(frozen=True, slots=True)
class Firing:
    """The first firing of the piece `rule`: in game `game` of the run with seed `seed` for
    `players` players, at the last of `moves` (notation, chance included: `rebuild(rules,
    players, moves)` gives the position just after it).

    `mover` is the seat the piece fired for (the seat whose turn it was, for a chance step);
    `number` counts the players' moves up to and including the firing move, as the move log
    numbers them (for a chance step: the player moves before it); `text` is what every player
    may read of the firing move.  A constraint fires at a decision: `forbidden` holds the moves
    left out there (by any constraint), and the position before the last move shows it."""

    rule: str
    seed: int | str
    game: int
    players: int
    moves: tuple[str, ...]
    mover: int
    number: int
    text: str
    chance: bool = False
    constraint: bool = False
    forbidden: tuple[str, ...] = ()

    def state(self, rules: Ruleset) -> State:
        """The game just after the firing move (replayed from `moves`)."""
        return rebuild(rules, self.players, self.moves)

    def decision(self, rules: Ruleset) -> State:
        """The game just before the firing move: where a constraint left out `forbidden`."""
        return rebuild(rules, self.players, self.moves[:-1])


@dataclass(frozen=True, slots=True)
class Search:
    """What `find_firings` found: the first firing of each piece in `names` that fired, in
    `games` games; `stopped` when the clock (or a cancel) ended the search before every piece
    fired and before the budget of games ran out (the game under way then does not count);
    `seconds` is the time the search was given (None: no limit)."""

    names: tuple[str, ...]
    found: Mapping[str, Firing]
    games: int
    stopped: bool = False
    seconds: float | None = None

    def missing(self) -> tuple[str, ...]:
        """The pieces that did not fire in any game searched."""
        return tuple(name for name in self.names if name not in self.found)


def piece_names(rules: Ruleset) -> tuple[str, ...]:
    """The names of `rules`' pieces, each once, in `rules:` order (as `state.fired()` names them)."""
    return tuple(dict.fromkeys(piece.name for piece in rules.pieces))


def find_firings(
    rules: Ruleset,
    names: Iterable[str] | None = None,
    *,
    seed: int | str = 0,
    players: int | None = None,
    games: int = GAMES,
    seconds: float | None = SECONDS,
    cancelled: Callable[[], bool] | None = None,
) -> Search:
    """Play random games 0, 1, ... of `seed` until each piece in `names` (default: all of
    `rules`' pieces) has fired once, `games` games are played, `seconds` have passed or
    `cancelled()` says so (asked after every step)."""
    wanted = piece_names(rules) if names is None else tuple(dict.fromkeys(names))
    count = rules.players.default if players is None else players
    found: dict[str, Firing] = {}
    deadline = None if seconds is None else time.monotonic() + seconds
    played = 0
    stopped = False
    while played < games and len(found) < len(wanted) and not stopped:
        stopped = _search_game(rules, count, seed, played, wanted, found, deadline, cancelled)
        if not stopped:
            played += 1
    return Search(wanted, found, played, stopped, seconds)


def first_firing(
    rules: Ruleset, name: str, *, seed: int | str = 0, players: int | None = None, games: int = GAMES,
    seconds: float | None = SECONDS,
) -> Firing | None:
    """The first firing of the piece `name` within the budget (see `find_firings`), or None."""
    return find_firings(rules, (name,), seed=seed, players=players, games=games, seconds=seconds).found.get(name)


def _search_game(
    rules: Ruleset, players: int, seed: int | str, game: int, wanted: tuple[str, ...], found: dict[str, Firing],
    deadline: float | None, cancelled: Callable[[], bool] | None,
) -> bool:
    """Play game `game` until every piece of `wanted` is in `found`, adding the first firing of
    each; True when the clock or `cancelled` stopped it first (the game then does not count)."""
    rng = game_rng(seed, game)
    state = new_game(rules, players)
    ruled = rules_of(state)  # partners' games (engine.partners) run the rules of the game inside
    if ruled is None:
        return False
    moves: list[str] = []
    number = 0
    before = ruled.fired()
    for _ in range(MAX_STEPS):
        if state.outcome() is not None:
            return False
        if (deadline is not None and time.monotonic() > deadline) or (cancelled is not None and cancelled()):
            return True
        seat = state.to_move
        if seat == CHANCE:
            move: Move = state.sample_chance(rng)
        else:
            legal = state.legal_moves()
            move = legal[rng.randrange(len(legal))]  # as `play_random` and the random player choose
            number += 1
        events = state.apply(move)
        moves.append(str(move))
        after = ruled.fired()
        if after == before:
            continue
        fired_by: dict[str, int] = {}  # each trigger that fired: the seat of its first `rule_fired`
        for event in events:
            if event.kind == RULE_FIRED:
                fired_by.setdefault(event["rule"], event["seat"])
        for name in wanted:
            if name in found or after.get(name, 0) <= before.get(name, 0):
                continue
            base = Firing(name, seed, game, players, tuple(moves), seat, number, move.public_text, seat == CHANCE)
            if name in fired_by:
                found[name] = dataclasses.replace(base, mover=fired_by[name])
            else:  # a constraint: it left out moves at the decision just made
                found[name] = _constraint(rules, base)
        if len(found) == len(wanted):
            return False
        before = after
    return False


def _constraint(rules: Ruleset, firing: Firing) -> Firing:
    """`firing` of a constraint, with the moves left out at its decision."""
    decision = firing.decision(rules)
    assert isinstance(decision, Ruled)
    kept = {str(m) for m in decision.legal_moves()}
    family: Any = super(Ruled, decision)  # the family's state class, which `Ruled` wraps
    every: list[Move] = family.legal_moves()  # the moves before any constraint
    forbidden = tuple(m.public_text for m in every if str(m) not in kept)
    return dataclasses.replace(firing, constraint=True, forbidden=forbidden)


__all__ = ["GAMES", "MAX_STEPS", "SECONDS", "Firing", "Search", "find_firings", "first_firing", "piece_names"]
