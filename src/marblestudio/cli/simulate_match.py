"""`marblestudio simulate` for a ruleset with `match:` (or `--match`): seeded matches between
computer players, and a report of them.

Match m of a run with seed S seats the agents as game m of a run of single games would (the
list repeated to fill the seats, turned by m), numbering the players by those seats; its games
then follow the ruleset's `match:` (`engine.match`).  Game k of match m is game k of the run
with seed "S:m": its chance comes from ``random.Random(f"{S}:{m}:{k}")`` and each seat's
agent is seeded ``f"{S}:{m}:{k}:{seat}"``, so a match replays alone (``--game m``) and the
report does not depend on ``--workers``.  The report gives matches won by player (shared wins
count as fractions) with 95% Wilson intervals, by agent when several kinds play, the mean
score, and the games per match; ``--record-dir`` writes one match record per match
(`match_records`).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from marblestudio.cli.record_dir import file_stem, index_width, write_or_stop
from marblestudio.engine import new_game
from marblestudio.engine.core import Event, Move, Outcome
from marblestudio.engine.match import Match
from marblestudio.engine.pieces.runtime import rule_scores
from marblestudio.engine.rules import Ruleset
from marblestudio.playtest.stats import Rate
from marblestudio.playtest.workers import GameTask, play_seeded, seating

if TYPE_CHECKING:
    from marblestudio.match_records import MatchRecord


@dataclass(frozen=True)
class MatchGame:
    """One game of a simulated match: who sat where (`seating[seat]` is a player), its moves
    in notation (when kept), its outcome and its length in player moves."""

    seating: tuple[int, ...]
    moves: tuple[str, ...]
    outcome: Outcome
    length: int


@dataclass(frozen=True)
class PlayedMatch:
    """What one match of a run sends back: each player's agent spec, the final scores and
    winners, and its games."""

    index: int
    specs: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    games: tuple[MatchGame, ...]


def _events(rules: Ruleset, players: int, moves: Sequence[Move]) -> tuple[list[list[Event]], tuple[int, ...] | None]:
    """The events of each move of a game played (the game loop keeps only the moves), and each
    seat's rule score at its end (for `points: score`)."""
    state = new_game(rules, players)
    events = [state.apply(move) for move in moves]
    return events, rule_scores(state)


def play_match(rules: Ruleset, players: int, seed: int | str, index: int, agents: Sequence[str], keep_moves: bool = False) -> PlayedMatch:
    """Match `index` of the run with `seed` (see the module docstring)."""
    if rules.match is None:
        raise ValueError(f"{rules.id} has no 'match:'")
    specs = seating(agents, players, index)
    match = Match(rules.match, players)
    games = []
    while not match.is_over:
        sits = match.seating()
        in_seats = tuple(specs[player] for player in sits)
        _, result = play_seeded(rules, players, f"{seed}:{index}", match.rounds_played, in_seats, rotate=False)
        events, scores = _events(rules, players, result.moves)
        match = match.add(result.outcome, events, scores)
        moves = tuple(str(m) for m in result.moves) if keep_moves else ()
        games.append(MatchGame(sits, moves, result.outcome, result.length))
    return PlayedMatch(index, specs, match.scores, match.winners, tuple(games))


@dataclass(frozen=True)
class MatchTask:
    """Plays match ``indexes[k]`` (or match k) of a seeded run; picklable, for `run_indexed`."""

    game: GameTask  # the ruleset (or its resolved data), agents, seed and players
    keep_moves: bool = False
    indexes: Sequence[int] | None = None  # a range for a whole run

    def __call__(self, k: int) -> PlayedMatch:
        index = k if self.indexes is None else self.indexes[k]
        g = self.game
        return play_match(g.ruleset(), g.players, g.seed, index, g.agents, self.keep_moves)


# The report -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class MatchReport:
    """The summary of a run of matches."""

    title: str
    matches: int
    requested: int
    names: tuple[str, ...]  # each player's name (its seat in the first game)
    player_wins: tuple[Rate, ...]
    agent_wins: tuple[tuple[str, Rate], ...]
    mean_scores: tuple[float, ...]
    games: int
    games_min: int
    games_max: int

    @property
    def games_mean(self) -> float:
        return self.games / self.matches if self.matches else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title, "matches": self.matches, "requested": self.requested, "players": list(self.names),
            "player_wins": [r.to_json() for r in self.player_wins],
            "agent_wins": {spec: r.to_json() for spec, r in self.agent_wins},
            "mean_scores": list(self.mean_scores),
            "games": {"total": self.games, "mean": self.games_mean, "min": self.games_min, "max": self.games_max},
        }


def summarize_matches(played: Sequence[PlayedMatch], names: Sequence[str], title: str, requested: int) -> MatchReport:
    """The report of `played` (matches of one ruleset and player count)."""
    n = len(played)
    players = len(names)
    wins = [0.0] * players
    scores = [0] * players
    by_agent: dict[str, list[float]] = {}  # spec -> [wins, players' places taken]
    for match in played:
        share = 1.0 / len(match.winners) if match.winners else 0.0
        for player, spec in enumerate(match.specs):
            entry = by_agent.setdefault(spec, [0.0, 0])
            entry[1] += 1
            scores[player] += match.scores[player]
            if player in match.winners:
                entry[0] += share
                wins[player] += share
    counts = [len(m.games) for m in played]
    return MatchReport(
        title, n, requested, tuple(names),
        tuple(Rate.of(w, n) for w in wins),
        tuple((spec, Rate.of(w, int(t))) for spec, (w, t) in by_agent.items()),
        tuple(s / n if n else 0.0 for s in scores),
        sum(counts), min(counts, default=0), max(counts, default=0),
    )


def _pct(rate: Rate) -> str:
    return f"{100 * rate.rate:.1f}% [{100 * rate.low:.1f}, {100 * rate.high:.1f}]"


def render(report: MatchReport, specs: Sequence[str]) -> str:
    """The report as text."""
    done = f"{report.matches} of {report.requested}" if report.matches != report.requested else str(report.matches)
    lines = [report.title, f"matches: {done}", "matches won by player (shared wins count as fractions; 95% interval):"]
    width = max((len(name) for name in report.names), default=0)
    for name, spec, rate in zip(report.names, specs, report.player_wins):
        lines.append(f"  {name:<{width}}  {spec:<10} {_pct(rate)}")
    if len(report.agent_wins) > 1:
        lines.append("matches won by agent:")
        for spec, rate in report.agent_wins:
            lines.append(f"  {spec:<{width + 12}}{_pct(rate)}")
    lines.append("mean score: " + ", ".join(f"{name} {score:.2f}" for name, score in zip(report.names, report.mean_scores)))
    lines.append(f"games per match: mean {report.games_mean:.2f}, min {report.games_min}, max {report.games_max} ({report.games} games)")
    return "\n".join(lines)


def _rows(report: MatchReport, match: str) -> list[tuple[str, str]]:
    done = f"{report.matches} of {report.requested}" if report.matches != report.requested else str(report.matches)
    rows = [("each match", match), ("matches", done)]
    for name, rate in zip(report.names, report.player_wins):
        rows.append((f"{name} wins", f"{100 * rate.rate:.1f}% [{100 * rate.low:.0f}-{100 * rate.high:.0f}]"))
    for name, score in zip(report.names, report.mean_scores):
        rows.append((f"{name} mean score", f"{score:.2f}"))
    rows.append(("games per match", f"{report.games_mean:.2f} ({report.games_min}-{report.games_max})"))
    return rows


def render_side_by_side(reports: Sequence[tuple[MatchReport, str]]) -> str:
    """Match reports (each with its match in words) in columns under shared row labels: players
    are named by their seat in the first game; a row a report lacks shows '-'."""
    tables = [dict(_rows(report, match)) for report, match in reports]
    labels: list[str] = []
    for report, match in reports:
        labels += [label for label, _ in _rows(report, match) if label not in labels]
    heads = [report.title for report, _ in reports]
    label_w = max(len(label) for label in labels)
    widths = [max([len(h)] + [len(t.get(label, "-")) for label in labels]) for h, t in zip(heads, tables, strict=True)]
    out = [(" " * (label_w + 2) + "  ".join(f"{h:<{w}}" for h, w in zip(heads, widths, strict=True))).rstrip()]
    for label in labels:
        cells = "  ".join(f"{t.get(label, '-'):<{w}}" for t, w in zip(tables, widths, strict=True))
        out.append(f"{label:<{label_w}}  {cells}".rstrip())
    return "\n".join(out)


# The command ------------------------------------------------------------------------------------
def simulate_matches(
    args: argparse.Namespace, rules: Ruleset, resolved: dict[str, Any], players: int, agents: tuple[str, ...],
    progress: Callable[[int, int], None] | None,
) -> int:
    """Run the matches `args` ask for and print the report; the exit code."""
    from marblestudio.playtest.pool import exit_code
    from marblestudio.playtest.workers import WorkersError, run_indexed

    assert rules.match is not None
    todo = range(args.games) if args.game is None else (args.game,)
    inline = args.scheduler is None and str(args.workers) == "1"
    task = MatchTask(
        GameTask(rules if inline else dict(resolved), agents, args.seed, players),
        keep_moves=args.record_dir is not None or args.game is not None, indexes=todo,
    )
    names = tuple(rules.presentation.seat_name(p) for p in range(players))
    save = _record_writer(args, rules, resolved)

    def on_result(k: int, played: PlayedMatch) -> PlayedMatch:
        kept = played if args.game is not None else _without_moves(played)
        if save is not None:
            save(played, kept)
        return kept

    start = time.perf_counter()
    try:
        run = run_indexed(task, len(todo), args.workers, args.scheduler, progress, on_result=on_result)
    except WorkersError as error:
        print(f"simulate: {error}", file=sys.stderr)
        return 2
    finally:
        if progress is not None:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
    seconds = time.perf_counter() - start
    title = f"{rules.id}: {players} players, seed {args.seed}; each match {rules.match.describe()}"
    report = summarize_matches(run.results, names, title, len(todo))
    if run.interrupted:
        print("simulate: stopped; the report covers the matches that finished", file=sys.stderr)
    if run.stopped is not None:
        print(f"simulate: {run.stopped}; stopped there: the report covers the matches that finished", file=sys.stderr)
    specs = seating(agents, players, 0)
    try:
        _print(args, report, rules, seconds, run.results if args.game is not None else [], specs)
    except BrokenPipeError:
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - Python's advice: no second error at exit
    return exit_code(run.signum) if run.interrupted else 2 if run.stopped is not None else 0


def _without_moves(played: PlayedMatch) -> PlayedMatch:
    """What the run keeps of a match once its record is written: its games' moves go."""
    games = tuple(MatchGame(g.seating, (), g.outcome, g.length) for g in played.games)
    return PlayedMatch(played.index, played.specs, played.scores, played.winners, games)


def _record_writer(
    args: argparse.Namespace, rules: Ruleset, resolved: dict[str, Any]
) -> Callable[[PlayedMatch, PlayedMatch], None] | None:
    """What writes one match's record into --record-dir (None without it), atomically."""
    if args.record_dir is None:
        return None
    from marblestudio.match_records import save_match_record

    width, stem = index_width(args), file_stem(rules.id, args.seed)

    def save(played: PlayedMatch, kept: PlayedMatch) -> None:
        """`played`'s record written, or the run ended keeping `kept` of it (`write_or_stop`)."""
        record = record_of(played, rules, resolved, args.seed)
        write_or_stop(args.record_dir / f"{stem}-match-{played.index:0{width}d}.json",
                      lambda path: save_match_record(path, record), kept)

    return save


def record_of(played: PlayedMatch, rules: Ruleset, resolved: Mapping[str, Any], seed: int | str) -> MatchRecord:
    """The match record of match `played` (its games' moves kept) of the run with `seed`: each
    player named by its seat in the first game, of the kind its agent spec says."""
    from marblestudio.match_records import MatchRecord
    from marblestudio.records import record_from_game

    players = [{"name": rules.presentation.seat_name(p), "kind": spec} for p, spec in enumerate(played.specs)]
    games = [
        record_from_game(rules.id, resolved, [players[p] for p in game.seating], game.moves, game.outcome,
                         seed=f"{seed}:{played.index}", game=k)
        for k, game in enumerate(played.games)
    ]
    return MatchRecord(players, games, list(played.scores), list(played.winners), seed, played.index)


def _print(args: argparse.Namespace, report: MatchReport, rules: Ruleset, seconds: float,
           single: Sequence[PlayedMatch], specs: Sequence[str]) -> None:
    assert rules.match is not None
    if args.json:
        data = report.to_json()
        data.update({
            "ruleset": rules.id, "seed": args.seed,
            "match": {"rounds": rules.match.rounds, "to": rules.match.to, "points": "score" if rules.match.by_score else list(rules.match.points),
                      "start": rules.match.start.value},
            "agents": list(specs), "seconds": seconds,
            "matches_per_second": report.matches / seconds if seconds > 0 else 0.0,
        })
        if single:
            data["match_index"] = args.game
            data["games_played"] = [_game_json(g) for g in single[0].games]
            data["scores"] = list(single[0].scores)
            data["winners"] = list(single[0].winners)
        json.dump(data, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        for played in single:
            print(f"match {played.index} of seed {args.seed}:")
            for k, game in enumerate(played.games):
                seats = ", ".join(report.names[p] for p in game.seating)
                print(f"  game {k + 1} ({seats}): {' '.join(game.moves)}")
                print(f"    result: {_result(game.outcome, report.names, game.seating)}")
            print("  score: " + ", ".join(f"{report.names[p]} {s}" for p, s in enumerate(played.scores)))
        print(render(report, specs))
        speed = report.matches / seconds if seconds > 0 else 0.0
        print(f"speed: {speed:.1f} matches/s ({seconds:.2f} s)")
    sys.stdout.flush()


def _result(outcome: Outcome, names: Sequence[str], sits: Sequence[int]) -> str:
    winners = ", ".join(names[sits[s]] for s in outcome.winners)
    what = f"{outcome.termination.value}: {winners}" if winners else outcome.termination.value
    return f"{what} ({outcome.reason})" if outcome.reason else what


def _game_json(game: MatchGame) -> dict[str, Any]:
    return {"seating": list(game.seating), "moves": list(game.moves), "result": game.outcome.to_json(), "length": game.length}
