"""`marblestudio replay RECORD`: play a game record again and print every move with its events.

Exit 0 when the record replays to its recorded result; 1 when it cannot be read (a file too
large or nested too deep, a field of the wrong type or size: docs/records.md), its ruleset
was changed or is invalid, a move is illegal (the message names the move's index and the rule
it breaks; the moves before it are printed), or the replay ends otherwise than the record says
(a finished game whose result is null included).  Whatever the file holds, a bad record is
exit 1 with a message; exit 3 (an unexpected error) would be a bug.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from marblestudio.engine.core import Event, Outcome
    from marblestudio.records import GameRecord, ReplayStep

HELP = "replay a game record: print each move with its events and the final result"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("record", metavar="RECORD", help="a game record (.json)")
    parser.add_argument("--json", action="store_true", help="print the moves, events and result as JSON")


def run(args: argparse.Namespace) -> int:
    from marblestudio.cli.errors import guarded

    return guarded("replay", _run, args)


def _run(args: argparse.Namespace) -> int:
    from marblestudio.cli.errors import INVALID, OK, USAGE
    from marblestudio.records import RecordError, RecordUnreadable, final_outcome, load_record, play_moves, record_rules, start

    steps: list[ReplayStep] = []
    error: str | None = None
    code = OK
    record: GameRecord | None = None
    outcome: Outcome | None = None
    try:
        record = load_record(args.record)
        rules = record_rules(record)
        state = start(record, rules)
        for step in play_moves(state, record.moves, args.record):
            steps.append(step)
        outcome = state.outcome()  # printed even if the check below fails
        outcome = final_outcome(record, state, rules)
    except RecordError as exc:
        error = str(exc)
        code = USAGE if isinstance(exc, RecordUnreadable) else INVALID
    if args.json:
        _print_json(record, steps, outcome, error)
    else:
        _print_text(args.record, record, steps, outcome, error)
    return code


def _seat(record: GameRecord | None, seat: int) -> str:
    from marblestudio.engine.core import CHANCE

    if seat == CHANCE:
        return "chance"
    if record is not None and 0 <= seat < len(record.players):
        return record.players[seat]["name"]
    return f"seat {seat + 1}"


def _events_text(events: list[Event]) -> str:
    return "; ".join(str(e) for e in events)


def _print_text(path: str, record: GameRecord | None, steps: list[ReplayStep], outcome: Outcome | None, error: str | None) -> None:
    if record is not None:
        players = ", ".join(f"{p['name']} ({p['kind']})" for p in record.players)
        print(f"{path}: {record.ruleset_id}, {len(record.players)} players: {players}; seed {record.seed}")
    width = len(str(max(len(steps) - 1, 0)))
    for step in steps:
        print(f"{step.index:>{width}} {_seat(record, step.seat)}: {step.move}")
        for event in step.events:
            print(f"{'':>{width}}   {event}")
    if outcome is not None:
        winners = ", ".join(_seat(record, s) for s in outcome.winners)
        what = f"{outcome.termination.value}: {winners}" if winners else outcome.termination.value
        print(f"result: {what} ({outcome.reason})" if outcome.reason else f"result: {what}")
    elif not error:
        print("result: unfinished")
    if error:
        print(f"replay: {error}", file=sys.stderr)


def _print_json(record: GameRecord | None, steps: list[ReplayStep], outcome: Outcome | None, error: str | None) -> None:
    data: dict[str, Any] = {
        "ruleset": None if record is None else record.ruleset_id,
        "players": None if record is None else record.players,
        "moves": [
            {"index": s.index, "seat": s.seat, "move": str(s.move), "events": [e.to_json() for e in s.events]}
            for s in steps
        ],
        "result": None if outcome is None else outcome.to_json(),
        "error": error,
    }
    json.dump(data, sys.stdout, indent=2)
    sys.stdout.write("\n")
