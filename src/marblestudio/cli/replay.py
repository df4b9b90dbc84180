"""`marblestudio replay RECORD`: play a game record again and print every move with its events.

Exit 0 when the record replays to its recorded result; 1 when it cannot be read (a file too
large or nested too deep, a field of the wrong type or size: docs/records.md), its ruleset
was changed or is invalid, a move is illegal (the message names the move's index and the rule
it breaks; the moves before it are printed), or the replay ends otherwise than the record says
(a finished game whose result is null included).  Whatever the file holds, a bad record is
exit 1 with a message; exit 3 (an unexpected error) would be a bug.

A match record (docs/matches.md) replays game by game, each as above under a `game K of N`
heading with its places and points, then the match's score; it is exit 1 as well when a game
breaks the match's rules or the games do not add up to the recorded score.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from marblestudio.engine.core import Event, Outcome
    from marblestudio.engine.match import Match
    from marblestudio.match_records import MatchRecord, ReplayedGame
    from marblestudio.records import GameRecord, RecordError, ReplayStep

HELP = "replay a game or match record: print each move with its events and the final result (and a match's score)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("record", metavar="RECORD", help="a game record or a match record (.json)")
    parser.add_argument("--json", action="store_true", help="print the moves, events and result as JSON")


def run(args: argparse.Namespace) -> int:
    from marblestudio.cli.errors import guarded

    return guarded("replay", _run, args)


def _run(args: argparse.Namespace) -> int:
    from marblestudio.cli.errors import INVALID, OK, USAGE
    from marblestudio.match_records import MatchRecord, load_any
    from marblestudio.records import GameRecord, RecordError, RecordUnreadable, final_outcome, play_moves, record_rules, start

    steps: list[ReplayStep] = []
    error: RecordError | None = None
    code = OK
    record: GameRecord | None = None
    outcome: Outcome | None = None
    try:
        loaded = load_any(args.record)
        if isinstance(loaded, MatchRecord):
            return _run_match(args, loaded)
        assert isinstance(loaded, GameRecord)
        record = loaded
        rules = record_rules(record)
        state = start(record, rules)
        for step in play_moves(state, record.moves, args.record):
            steps.append(step)
        outcome = state.outcome()  # printed even if the check below fails
        outcome = final_outcome(record, state, rules)
    except RecordError as exc:
        error = exc
        code = USAGE if isinstance(exc, RecordUnreadable) else INVALID
    if args.json:
        _print_json(record, steps, outcome, error_json(error))
    else:
        _print_text(args.record, record, steps, outcome, None if error is None else str(error))
    return code


def error_json(error: RecordError | None) -> dict[str, Any] | None:
    """A fault as `replay --json` reports it: the move's index (null for the record as a whole),
    its kind (`records.KINDS`: an illegal move, an unreadable record, a changed ruleset, ...) and
    the message."""
    if error is None:
        return None
    return {"move": error.index, "kind": error.kind, "message": str(error)}


def _seat(record: GameRecord | None, seat: int) -> str:
    from marblestudio.engine.core import CHANCE

    if seat == CHANCE:
        return "chance"
    if record is not None and 0 <= seat < len(record.players):
        return record.players[seat]["name"]
    return f"player {seat + 1}"


def _events_text(events: list[Event]) -> str:
    return "; ".join(str(e) for e in events)


def _print_text(
    path: str, record: GameRecord | None, steps: list[ReplayStep], outcome: Outcome | None, error: str | None, stopped: bool = False
) -> None:
    """The header, each step with its events, and the result (nothing of it when `stopped` part way)."""
    if record is not None:
        players = ", ".join(f"{p['name']} ({p['kind']})" for p in record.players)
        print(f"{path}: {record.ruleset_id}, {len(record.players)} players: {players}; seed {record.seed}")
        if record.start is not None:
            print(f"from the position: {record.start}")
    width = len(str(max(len(steps) - 1, 0)))
    for step in steps:
        print(f"{step.index:>{width}} {_seat(record, step.seat)}: {step.move}")
        for event in step.events:
            print(f"{'':>{width}}   {event}")
    if outcome is not None:
        winners = ", ".join(_seat(record, s) for s in outcome.winners)
        what = f"{outcome.termination.value}: {winners}" if winners else outcome.termination.value
        print(f"result: {what} ({outcome.reason})" if outcome.reason else f"result: {what}")
    elif not error and not stopped:
        print("result: unfinished")
    if error:
        print(f"replay: {error}", file=sys.stderr)


def _print_json(record: GameRecord | None, steps: list[ReplayStep], outcome: Outcome | None, error: dict[str, Any] | None) -> None:
    data: dict[str, Any] = {
        "ruleset": None if record is None else record.ruleset_id,
        "players": None if record is None else record.players,
        "start": None if record is None else record.start,
        "moves": [
            {"index": s.index, "seat": s.seat, "move": str(s.move), "events": [e.to_json() for e in s.events]}
            for s in steps
        ],
        "result": None if outcome is None else outcome.to_json(),
        "error": error,
    }
    json.dump(data, sys.stdout, indent=2)
    sys.stdout.write("\n")


# Match records ---------------------------------------------------------------------------------
def _run_match(args: argparse.Namespace, record: MatchRecord) -> int:
    """Replay a match record game by game; print each game, its places and points, then the score."""
    from marblestudio.cli.errors import INVALID, OK
    from marblestudio.match_records import MatchReplay
    from marblestudio.records import RecordError, play_moves

    games: list[ReplayedGame] = []
    partial: tuple[GameRecord, list[ReplayStep]] | None = None  # the game a fault stopped in
    error: RecordError | None = None
    match: Match | None = None
    try:
        replay = MatchReplay(record)
        match = replay.match
        for number, game in enumerate(record.games):
            state = replay.start_game(number)
            steps: list[ReplayStep] = []
            partial = (game, steps)
            for step in play_moves(state, game.moves, game.source):
                steps.append(step)
            games.append(replay.finish_game(number, state, steps))
            partial, match = None, replay.match
        match = replay.finish()
    except RecordError as exc:
        error = exc
    if args.json:
        _print_match_json(record, games, partial, match, error_json(error))
    else:
        _print_match_text(args.record, record, games, partial, match, None if error is None else str(error))
    return INVALID if error else OK


def _player_names(record: MatchRecord, players: list[int] | tuple[int, ...]) -> str:
    return ", ".join(record.players[p]["name"] for p in players)


def _print_match_text(
    path: str, record: MatchRecord, games: list[ReplayedGame], partial: tuple[GameRecord, list[ReplayStep]] | None,
    match: Match | None, error: str | None,
) -> None:
    from marblestudio.match_records import ordinal

    players = ", ".join(f"{p['name']} ({p['kind']})" for p in record.players)
    about = f" ({match.rules.describe()})" if match is not None else ""
    print(f"{path}: a match of {record.games[0].ruleset_id}{about}, {len(record.players)} players: {players}; seed {record.seed}")
    total = len(record.games)
    for game in games:
        _print_text(f"game {game.number + 1} of {total}", game.record, game.steps, game.outcome, None)
        if game.score is not None:
            places = ", ".join(f"{record.players[p]['name']} {ordinal(place)}" for p, place in enumerate(game.score.places))
            points = ", ".join(f"{record.players[p]['name']} +{pts}" for p, pts in enumerate(game.score.points))
            scores = ", ".join(f"{record.players[p]['name']} {s}" for p, s in enumerate(game.match.scores))
            print(f"places: {places}; points: {points}; score: {scores}")
    if partial is not None:
        _print_text(f"game {len(games) + 1} of {total}", partial[0], partial[1], None, None, stopped=True)
    if match is not None and error is None:
        scores = ", ".join(f"{record.players[p]['name']} {s}" for p, s in enumerate(match.scores))
        if match.is_over:
            verb = "wins" if len(match.winners) == 1 else "share"
            print(f"match: {scores}: {_player_names(record, match.winners)} {verb} the match")
        else:
            print(f"match: {scores} after {match.rounds_played} games: the match goes on")
    if error:
        print(f"replay: {error}", file=sys.stderr)


def _print_match_json(
    record: MatchRecord, games: list[ReplayedGame], partial: tuple[GameRecord, list[ReplayStep]] | None,
    match: Match | None, error: dict[str, Any] | None,
) -> None:
    def steps_json(steps: list[ReplayStep]) -> list[dict[str, Any]]:
        return [{"index": s.index, "seat": s.seat, "move": str(s.move), "events": [e.to_json() for e in s.events]} for s in steps]

    out = []
    for game in games:
        out.append({
            "players": game.record.players,
            "moves": steps_json(game.steps),
            "result": None if game.outcome is None else game.outcome.to_json(),
            "seating": None if game.score is None else list(game.score.seating),
            "places": None if game.score is None else list(game.score.places),
            "points": None if game.score is None else list(game.score.points),
            "scores": list(game.match.scores),
        })
    if partial is not None:
        out.append({"players": partial[0].players, "moves": steps_json(partial[1]), "result": None,
                    "seating": None, "places": None, "points": None, "scores": None})
    data: dict[str, Any] = {
        "ruleset": record.games[0].ruleset_id,
        "players": record.players,
        "games": out,
        "scores": None if match is None else list(match.scores),
        "winners": None if match is None else list(match.winners),
        "over": None if match is None else match.is_over,
        "error": error,
    }
    json.dump(data, sys.stdout, indent=2)
    sys.stdout.write("\n")
