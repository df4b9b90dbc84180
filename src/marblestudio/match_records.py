"""Match records: one JSON file per match, holding the whole record of each of its games, and
replaying it (docs/matches.md).

A match record lists the match's players (numbered by their seats in the first game), each
game's record (docs/records.md: its ruleset, seed, players in that game's seats, moves and
result), and the score the games add up to.  Replaying plays every game from its record,
scores it by finishing place (`engine.match`; with `points: score`, by the seats' scores from
the rules' `score` actions at the end of the replayed game) and checks that the games follow
the match's rules (the same ruleset with a `match:`, the players in the seats the match gives
them, `start: loser` and `winner` too, no game after the match was over) and that they add up to the recorded scores and winners.  The last
game may be unfinished (its `result` null): a match saved while it goes on.

A record comes from outside, so reading one checks its size, nesting and every field as
`records` does for a game record; whatever the file holds, reading and replaying raise
`RecordError` with a message naming the file (and the game), and nothing else.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from marblestudio.engine.core import Outcome, State
from marblestudio.engine.match import MAX_ROUNDS, GameScore, Match, MatchRules
from marblestudio.engine.pieces.runtime import rule_scores
from marblestudio.engine.rules import Ruleset
from marblestudio.records import (
    MAX_DIGITS,
    GameRecord,
    RecordError,
    RecordUnreadable,
    ReplayStep,
    _fail,
    _format,
    _kind,
    _players,
    _read_text,
    _seed,
    _shown,
    final_outcome,
    parse_record_text,
    record_rules,
    start,
)

FORMAT = 1
"""The match record format this code writes and reads."""

KEYS = ("format", "seed", "players", "games", "scores", "winners")
"""The keys every match record has."""
OPTIONAL_KEYS = ("match",)
"""The key a match record may have besides: its index in a `simulate` run."""

MAX_BYTES = 32 * 1024 * 1024
"""The largest match record read (32 MB): each of its games is a whole record (about 20 KB with
its ruleset, a long game 1 MB), so a match of many games takes more than a game record's 16 MB."""


@dataclass
class MatchRecord:
    """A match as data: its players, its games' records in order, and their score."""

    players: list[dict[str, str]]
    games: list[GameRecord]
    scores: list[int]
    winners: list[int] = field(default_factory=list)  # () while the match goes on
    seed: Any = None  # None, an int or a str, as a game record's
    match: int | None = None  # the match's index in a `simulate` run
    source: str | None = field(default=None, compare=False, repr=False)  # the file it was read from

    def where(self) -> str:
        """"FILE: " for a record read from a file (so messages name it), else ""."""
        return f"{self.source}: " if self.source else ""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "seed": self.seed,
            "players": self.players,
            "games": [game.to_json() for game in self.games],
            "scores": self.scores,
            "winners": self.winners,
        }
        if self.match is not None:
            data["match"] = self.match
        return data

    @classmethod
    def from_json(cls, data: Any, source: str = "match record") -> MatchRecord:
        """Check the shape and every field of `data` and build the record (raises `RecordError`
        naming `source`, the game and the field)."""
        if not isinstance(data, dict):
            raise RecordError(f"{source}: a match record is a JSON object, not {type(data).__name__}")
        if "games" not in data and "moves" in data:
            raise RecordError(f"{source}: this is a game record, not a match record")
        missing = [k for k in KEYS if k not in data]
        if missing:
            raise RecordError(f"{source}: not a match record: missing key(s) {', '.join(missing)}")
        _format(data["format"], source)
        unknown = [k for k in data if k not in KEYS and k not in OPTIONAL_KEYS]
        if unknown:
            raise RecordError(f"{source}: unknown key(s) {', '.join(_shown(k) for k in unknown)}: "
                              f"a match record of format {FORMAT} has {', '.join(KEYS + OPTIONAL_KEYS)}")
        players = _players(data["players"], source)
        games = data["games"]
        if type(games) is not list or not games:
            raise _fail(source, f"'games' must be a list of one or more game records, not {_kind(games) if games != [] else 'an empty list'}")
        if len(games) > MAX_ROUNDS:
            raise _fail(source, f"'games' holds {len(games):,} games; a match has at most {MAX_ROUNDS:,}")
        records = []
        for k, game in enumerate(games):
            records.append(GameRecord.from_json(game, f"{source}, game {k + 1}"))
            records[-1].source = f"{source}, game {k + 1}"  # a replay's messages name the game
        return cls(
            players=players,
            games=records,
            scores=_scores(data["scores"], len(players), source),
            winners=_winners(data["winners"], len(players), source),
            seed=_seed(data["seed"], source),
            match=_index(data.get("match"), source),
        )


def _scores(value: Any, players: int, source: str) -> list[int]:
    """Each player's points: whole numbers, negative only in a match by the rules' score (`points:
    score`, whose `score` actions may take points away); replaying checks which."""
    if type(value) is not list or len(value) != players or not all(type(v) is int and abs(v) < 10**MAX_DIGITS for v in value):
        raise _fail(source, f"'scores' must list each player's points ({players} whole numbers), not {_shown(value)}")
    return list(value)


def _index(value: Any, source: str) -> int | None:
    """The match's index in its `simulate` run: a whole number from 0, if given."""
    if value is None or (type(value) is int and 0 <= value < 10**MAX_DIGITS):
        return value
    raise _fail(source, f"'match' must be the match's index in its run, a whole number from 0, not {_kind(value)}")


def _winners(value: Any, players: int, source: str) -> list[int]:
    if type(value) is not list or not all(type(w) is int and 0 <= w < players for w in value):
        raise _fail(source, f"'winners' must list players 0 to {players - 1}, not {_shown(value)}")
    if len(set(value)) < len(value):
        raise _fail(source, f"'winners' names a player twice: {_shown(value)}")
    return list(value)


def match_record(
    players: list[dict[str, str]], games: Sequence[GameRecord], match: Match, seed: Any = None, index: int | None = None
) -> MatchRecord:
    """The record of `match` so far: its players, the records of its games (the last one may be
    unfinished) and its score."""
    return MatchRecord(players, list(games), list(match.scores), list(match.winners), seed, index)


def save_match_record(path: str | os.PathLike[str], record: MatchRecord) -> None:
    """Write `record` atomically: the old file or the whole new one (`marblestudio.atomic`)."""
    from marblestudio.atomic import write_atomic

    write_atomic(path, json.dumps(record.to_json(), ensure_ascii=False, indent=1) + "\n")


def is_match_data(data: Any) -> bool:
    """True for the parsed JSON of a match record (a game record has 'moves', a match 'games')."""
    return isinstance(data, dict) and "games" in data and "moves" not in data


def load_any(path: str | os.PathLike[str]) -> GameRecord | MatchRecord:
    """Read and check a game record or a match record file (raises `RecordError`)."""
    name = os.fspath(path)
    try:
        text, too_big = _read_text(name), None
    except RecordUnreadable:
        raise
    except RecordError as exc:  # larger than a game record: only a match record may be
        try:
            text, too_big = _read_text(name, MAX_BYTES, "a match record is at most that"), exc
        except RecordError:
            raise exc from None
    data = parse_record_text(text, name)
    if too_big is not None and not is_match_data(data):
        raise too_big
    record: GameRecord | MatchRecord
    record = MatchRecord.from_json(data, name) if is_match_data(data) else GameRecord.from_json(data, name)
    record.source = name
    return record


def load_match_record(path: str | os.PathLike[str]) -> MatchRecord:
    """Read and check a match record file (raises `RecordError`)."""
    record = load_any(path)
    if not isinstance(record, MatchRecord):
        raise RecordError(f"{os.fspath(path)}: this is a game record, not a match record")
    return record


# Replay ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ReplayedGame:
    """One game of a replayed match: its record, every step, how it ended (None: unfinished),
    its score (None: unfinished) and the match after it."""

    number: int  # 0-based
    record: GameRecord
    steps: list[ReplayStep]
    outcome: Outcome | None
    score: GameScore | None
    match: Match


class MatchReplay:
    """Replays a match record one game at a time, checking it as it goes (see the module
    docstring); `replay_match` runs it to the end.  Every check raises `RecordError`."""

    def __init__(self, record: MatchRecord) -> None:
        self.record = record
        self.rules = self._rules()
        assert self.rules.match is not None
        self.match = Match(self.rules.match, len(record.players))

    @property
    def match_rules(self) -> MatchRules:
        return self.match.rules

    def _rules(self) -> Ruleset:
        record = self.record
        first = record.games[0]
        rules = record_rules(first)
        if rules.match is None:
            raise RecordError(f"{record.where()}its games' ruleset {first.ruleset_id!r} has no 'match:': this is no match")
        for k, game in enumerate(record.games[1:], start=2):
            if game.sha256 != first.sha256:
                raise RecordError(
                    f"{record.where()}game {k} was played with other rules ({game.ruleset_id!r}, SHA-256 {game.sha256[:12]}...) "
                    f"than game 1 ({first.ruleset_id!r}, {first.sha256[:12]}...)"
                )
        return rules

    def start_game(self, number: int) -> State:
        """A new game for game `number` (0-based), once its players are checked to sit where the
        match seats them and the match is checked not to be over."""
        record = self.record
        game = record.games[number]
        if self.match.rounds_played != number:
            raise ValueError(f"game {number + 1} cannot start before game {self.match.rounds_played + 1} is scored")
        if self.match.is_over:
            raise RecordError(f"{record.where()}game {number + 1}: the match was over after game {number}")
        expected = [record.players[p] for p in self.match.seating()]
        if game.players != expected:
            names = ", ".join(p["name"] for p in expected)
            raise RecordError(
                f"{record.where()}game {number + 1}: its players are not seated as the match seats them ({names}; {self.match_rules.describe()})"
            )
        return start(game, self.rules)

    def finish_game(self, number: int, state: State, steps: Sequence[ReplayStep]) -> ReplayedGame:
        """Score game `number` once its moves are played on `state` (checked against its
        recorded result); only the last game may be unfinished."""
        game = self.record.games[number]
        outcome = final_outcome(game, state, self.rules)
        score = None
        if outcome is None:
            if number + 1 < len(self.record.games):
                raise RecordError(f"{self.record.where()}game {number + 1} is unfinished, but game {number + 2} follows it")
        else:  # with `points: score`, each seat's score from the rules' `score` actions
            self.match = self.match.add(outcome, (step.events for step in steps), rule_scores(state))
            score = self.match.games[-1]
        return ReplayedGame(number, game, list(steps), outcome, score, self.match)

    def finish(self) -> Match:
        """The match after every game, checked against the recorded scores and winners."""
        record = self.record
        scores, winners = list(self.match.scores), list(self.match.winners)
        if scores != record.scores:
            raise RecordError(f"{record.where()}the games add up to the scores {scores}, but the record says {record.scores}")
        if sorted(winners) != sorted(record.winners):
            said = "nobody yet" if not record.winners else "seat(s) " + ", ".join(map(str, record.winners))
            got = "nobody yet (the match goes on)" if not winners else "seat(s) " + ", ".join(map(str, winners))
            raise RecordError(f"{record.where()}the match is won by {got}, but the record says {said}")
        return self.match


def replay_match(record: MatchRecord) -> tuple[Match, list[ReplayedGame]]:
    """Replay every game of the match record and check the score (raises `RecordError`)."""
    from marblestudio.records import play_moves

    replay = MatchReplay(record)
    games = []
    for number, game in enumerate(record.games):
        state = replay.start_game(number)
        steps = list(play_moves(state, game.moves, game.source))
        games.append(replay.finish_game(number, state, steps))
    return replay.finish(), games


def ordinal(place: int) -> str:
    """1 -> '1st', 2 -> '2nd', 11 -> '11th'."""
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"
