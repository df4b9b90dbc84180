"""Match play: several games of one ruleset in a row, scored by finishing place (issue 16).

A ruleset's `match:` becomes a `MatchRules` (how many games, the score that wins, the points of
each place, who starts); a `Match` is the progress of one match, a frozen value that grows by
one `GameScore` per finished game.  Everything here is arithmetic on outcomes and events, for
any game family, with no chance: a match is as reproducible as its games.

Finishing places (`places`): the game's winners share first place; then the players still in
the game who did not win (a draw, a capped game); then the players who went out, the later out
the better (the family's `player_out`, `eliminated` or `forfeited` event: `OUT_EVENTS`).
Players who went out on the same move tie.  Places are competition ranking ("1, 2, 2, 4"):
players who tie share the better place, and its points (`MatchRules.points_of`).
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from marblestudio.engine.core import Event, Outcome

MAX_ROUNDS = 1_000
"""A safety net, like a ruleset's move limit: a match ends after this many games whatever its
score (only a match played `to:` a score far out of reach gets near it)."""

DEFAULT_POINTS: tuple[int, ...] = (1,)
"""The points of a ruleset whose `match:` gives none: one point for each game won."""

OUT_EVENTS = frozenset({"player_out", "eliminated", "forfeited"})
"""The kinds of event by which a family says a player is out of the game (`seat`): Stay Alive's
`player_out`, ALIVE's `eliminated`, Avalanche's `forfeited`.  A family without them ranks
everyone who did not win as tied."""


class MatchStart(enum.Enum):
    """Who starts each game of a match."""

    SAME = "same"  # every player keeps the seat of the first game
    ROTATE = "rotate"  # the players move on one seat each game, so that the first seat changes hands


@dataclass(frozen=True, slots=True)
class MatchRules:
    """A ruleset's `match:`: the match ends after `rounds` games or in the game in which a
    player reaches `to` points, whichever comes first (one of them is always set)."""

    rounds: int | None = None
    to: int | None = None
    points: tuple[int, ...] = DEFAULT_POINTS
    start: MatchStart = MatchStart.SAME

    def points_of(self, place: int) -> int:
        """The points of finishing place `place` (1 = first); places beyond the list score 0."""
        return self.points[place - 1] if 1 <= place <= len(self.points) else 0

    def describe(self) -> str:
        """The match in words: "3 games, first to 5, points 3/1/0, the first seat rotating"."""
        parts = []
        if self.rounds is not None:
            parts.append(f"{self.rounds} game{'s' if self.rounds != 1 else ''}")
        if self.to is not None:
            parts.append(f"first to {self.to}")
        parts.append(f"points {'/'.join(map(str, self.points))}")
        if self.start is MatchStart.ROTATE:
            parts.append("the first seat rotating")
        return ", ".join(parts)


def places(outcome: Outcome, moves: Iterable[Iterable[Event]], players: int) -> tuple[int, ...]:
    """Each seat's finishing place (1 = first) in a finished game with `outcome`, whose events
    are given move by move (`moves`: one iterable of events per move, in order; see the module
    docstring for the ranking)."""
    winners = set(outcome.winners)
    went_out: dict[int, int] = {}  # seat -> the index of the move it went out on
    for index, events in enumerate(moves):
        for event in events:
            seat = event.get("seat")
            if event.kind in OUT_EVENTS and isinstance(seat, int) and 0 <= seat < players:
                went_out.setdefault(seat, index)
    groups: list[list[int]] = [sorted(winners)]
    groups.append([s for s in range(players) if s not in winners and s not in went_out])
    for index in sorted({i for s, i in went_out.items() if s not in winners}, reverse=True):
        groups.append([s for s, i in went_out.items() if i == index and s not in winners])
    place = [0] * players
    next_place = 1
    for group in groups:
        for seat in group:
            place[seat] = next_place
        next_place += len(group)
    return tuple(place)


def seating(rules: MatchRules, players: int, round_index: int) -> tuple[int, ...]:
    """Which player sits in each seat of game `round_index` (0-based): the seats of the first
    game, or with `start: rotate` turned by one seat per game, so that player k starts game k."""
    shift = round_index % players if rules.start is MatchStart.ROTATE else 0
    return tuple((seat + shift) % players for seat in range(players))


def round_seed(seed: int, round_index: int) -> int:
    """The seed of game `round_index` of a match started with `seed` (the first game's is
    `seed` itself): the same match of the same seed deals the same games."""
    if round_index == 0:
        return seed
    return random.Random(f"{seed}:match:{round_index}").randrange(1_000_000)


@dataclass(frozen=True, slots=True)
class GameScore:
    """One finished game of a match: who sat where (`seating[seat]` is a player), the outcome,
    and each player's place and points (indexed by player, not by seat)."""

    seating: tuple[int, ...]
    outcome: Outcome
    places: tuple[int, ...]
    points: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Match:
    """The progress of one match of `players` players: the games scored so far.  Players are
    numbered by their seat in the first game; `seating()` says where they sit in the next."""

    rules: MatchRules
    players: int
    games: tuple[GameScore, ...] = ()

    @property
    def rounds_played(self) -> int:
        return len(self.games)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's points so far."""
        return tuple(sum(g.points[p] for g in self.games) for p in range(self.players))

    @property
    def is_over(self) -> bool:
        """True once `rounds` games are played, a player has reached `to`, or MAX_ROUNDS games
        are played."""
        played = self.rounds_played
        if played >= MAX_ROUNDS or (self.rules.rounds is not None and played >= self.rules.rounds):
            return True
        return self.rules.to is not None and max(self.scores, default=0) >= self.rules.to

    @property
    def leaders(self) -> tuple[int, ...]:
        """The players with the most points (all of them before the first game)."""
        scores = self.scores
        best = max(scores, default=0)
        return tuple(p for p, s in enumerate(scores) if s == best)

    @property
    def winners(self) -> tuple[int, ...]:
        """The players who won the match (several share a tied top score); () while it goes on."""
        return self.leaders if self.is_over else ()

    def seating(self) -> tuple[int, ...]:
        """Which player sits in each seat of the next game."""
        return seating(self.rules, self.players, self.rounds_played)

    def seats_of(self, seat_values: Sequence[str]) -> list[str]:
        """`seat_values` (one per player, e.g. who plays: "human", "medium") in the seats of the next game."""
        return [seat_values[player] for player in self.seating()]

    def add(self, outcome: Outcome, moves: Iterable[Iterable[Event]]) -> Match:
        """The match after the next game ended with `outcome` (its events move by move, for who
        went out when); raises ValueError once the match is over."""
        if self.is_over:
            raise ValueError("the match is over: it has no next game")
        sits = self.seating()
        by_seat = places(outcome, moves, self.players)
        by_player = [0] * self.players
        for seat, player in enumerate(sits):
            by_player[player] = by_seat[seat]
        score = GameScore(sits, outcome, tuple(by_player), tuple(self.rules.points_of(p) for p in by_player))
        return Match(self.rules, self.players, (*self.games, score))
