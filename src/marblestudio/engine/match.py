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

With `points: score` (`MatchRules.by_score`) a game gives each player instead the score its
seat ended the game with from the ruleset's `score` actions (`pieces.runtime.rule_scores(state)`, passed to
`Match.add` as `scores`).  Who starts (`MatchStart`): the same seats every game, the seats
turned by one each game, or the previous game's last-placed player (`loser`) or winner
(`winner`) in the first seat; a tie for that place passes the first seat on as `rotate` would.
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


SCORE = "score"
"""`match.points: score`: each game gives each player its seat's score from the `score` actions."""


class MatchStart(enum.Enum):
    """Who starts each game of a match (the player in the first seat, who moves first)."""

    SAME = "same"  # every player keeps the seat of the first game
    ROTATE = "rotate"  # the players move on one seat each game, so that the first seat changes hands
    LOSER = "loser"  # the previous game's last-placed player starts the next (a tie for last: as rotate)
    WINNER = "winner"  # the previous game's winner starts the next (a draw, a shared win: as rotate)


STARTS_IN_WORDS = {
    MatchStart.ROTATE: "the first seat rotating",
    MatchStart.LOSER: "the loser starting",
    MatchStart.WINNER: "the winner starting",
}


@dataclass(frozen=True, slots=True)
class MatchRules:
    """A ruleset's `match:`: the match ends after `rounds` games or in the game in which a
    player reaches `to` points, whichever comes first (one of them is always set)."""

    rounds: int | None = None
    to: int | None = None
    points: tuple[int, ...] = DEFAULT_POINTS  # () with `by_score`
    start: MatchStart = MatchStart.SAME
    by_score: bool = False
    """`points: score`: a game gives each player its seat's rule score, not points by place."""

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
        parts.append("points by the rules' score" if self.by_score else f"points {'/'.join(map(str, self.points))}")
        if self.start in STARTS_IN_WORDS:
            parts.append(STARTS_IN_WORDS[self.start])
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


def starter(rules: MatchRules, players: int, round_index: int, previous: GameScore | None = None) -> int:
    """The player who starts game `round_index` (0-based; sits in the first seat).

    `same`: player 0 always.  `rotate`: player k starts game k.  `loser` and `winner`: player 0
    starts the first game; then the previous game's only last-placed player (`loser`) or only
    winner, first place (`winner`), starts; when several share that place (a draw, a shared
    last place, team-mates winning together), the first seat moves on one player from the
    previous game's starter, as with `rotate`.  `previous` is game `round_index - 1`, which
    `loser` and `winner` need (ValueError without it)."""
    if rules.start is MatchStart.SAME or players < 1:
        return 0
    if rules.start is MatchStart.ROTATE or round_index == 0:
        return round_index % players
    if previous is None:
        raise ValueError(f"with start: {rules.start.value}, who starts game {round_index + 1} depends on game {round_index}")
    place = max(previous.places) if rules.start is MatchStart.LOSER else 1
    chosen = [player for player, p in enumerate(previous.places) if p == place]
    if len(chosen) == 1:
        return chosen[0]
    return (previous.seating[0] + 1) % players


def seating(rules: MatchRules, players: int, round_index: int, previous: GameScore | None = None) -> tuple[int, ...]:
    """Which player sits in each seat of game `round_index` (0-based): the seats of the first
    game turned so that the game's starter (`starter`) sits in the first seat; the players keep
    their order round the table.  With `start: rotate` that is one seat per game, so that player
    k starts game k; `loser` and `winner` need the previous game (`previous`)."""
    shift = starter(rules, players, round_index, previous)
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
        return seating(self.rules, self.players, self.rounds_played, self.games[-1] if self.games else None)

    def seats_of(self, seat_values: Sequence[str]) -> list[str]:
        """`seat_values` (one per player, e.g. who plays: "human", "medium") in the seats of the next game."""
        return [seat_values[player] for player in self.seating()]

    def add(self, outcome: Outcome, moves: Iterable[Iterable[Event]], scores: Sequence[int] | None = None) -> Match:
        """The match after the next game ended with `outcome` (its events move by move, for who
        went out when); `scores` is each seat's rule score at the end of the game
        (`pieces.runtime.rule_scores(state)`), which `points: score` needs and other matches ignore.  Raises
        ValueError once the match is over, or for `points: score` without `scores`."""
        if self.is_over:
            raise ValueError("the match is over: it has no next game")
        if self.rules.by_score and (scores is None or len(scores) != self.players):
            raise ValueError(
                "a match with 'points: score' scores each game by its seats' rule scores: give each seat's score "
                f"at the end of the game (rule_scores(state)), {self.players} numbers, not {scores!r}"
            )
        sits = self.seating()
        by_seat = places(outcome, moves, self.players)
        by_player = [0] * self.players
        points = [0] * self.players
        for seat, player in enumerate(sits):
            by_player[player] = by_seat[seat]
            points[player] = int(scores[seat]) if self.rules.by_score and scores is not None else self.rules.points_of(by_seat[seat])
        score = GameScore(sits, outcome, tuple(by_player), tuple(points))
        return Match(self.rules, self.players, (*self.games, score))
