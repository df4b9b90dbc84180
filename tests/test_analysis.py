"""Analysis (`marblestudio.analysis`, `marblestudio analyse`), worked out by hand where a move's
worth is plain: on the one-row Stay Alive board a slide that drops the opponent's last marble
wins at once, and one that drops your own loses at once.

The board (tests/engine/stay_alive/helpers.py): cells a1, b1; red slide R1 along the row with
positions ".." / "o." / "oo"; white slides W1 over a1 and W2 over b1, each ".|o|o".  In POSITION,
R1 stands at "o." (a1 open in red), W1 inside (a1 closed in white) and W2 at centre (b1 open in
white, closed in red); Blue (seat 1) is to move, with nothing forbidden.  W1+ opens a1: Red's
marble falls and Blue wins.  R1+ opens b1 as well: Blue's own marble falls and Red wins.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from marblestudio.analysis import BLUNDER, MISTAKE, Budget, analyse, evaluate
from marblestudio.cli import main
from marblestudio.engine.alive import AliveState
from marblestudio.playtest import play_seeded
from marblestudio.records import record_from_game, save_record
from marblestudio.rulesets import load_with_source

from tests.engine.stay_alive.helpers import board

RULES = board(["..|o.|oo"], [".|o|o", ".|o|o"])
POSITION = ("stay-alive players=2 phase=sliding turn=1 slides=101 marbles=a1/b1 hand=0/0 fallen=0/0 last=- streak=0 "
            "own-last=-/- own-streak=0/0 moves=2 result=-")
BUDGET = Budget(iterations=300)


def test_a_move_that_throws_the_game_away_is_a_blunder() -> None:
    review = analyse(RULES, 2, ["R1+"], start=POSITION, budget=BUDGET).moves[0]
    assert (review.seat, review.move, review.best) == (1, "R1+", "W1+")
    assert review.before > 0.95  # W1+ wins at once: the search finds it
    assert review.after == 0.0  # the game is over, lost
    assert review.loss > BLUNDER and review.mark == "blunder"


def test_the_best_move_loses_nothing() -> None:
    review = analyse(RULES, 2, ["W1+"], start=POSITION, budget=BUDGET).moves[0]
    assert (review.best, review.after, review.loss, review.mark) == ("W1+", 1.0, 0.0, "")


def test_only_the_searches_needed_are_made() -> None:
    """One search for the position before W1+; after it the game is over and its result is known.
    A quiet move (R1-, nothing opens) needs a second search, of the position after it."""
    assert analyse(RULES, 2, ["W1+"], start=POSITION, budget=BUDGET).searches == 1
    quiet = analyse(RULES, 2, ["R1-"], start=POSITION, budget=BUDGET)
    assert quiet.searches == 2 and quiet.moves[0].best == "W1+" and quiet.moves[0].loss > 0


def test_figures_do_not_depend_on_the_workers() -> None:
    loaded = load_with_source("stay-alive/quick")
    _, game = play_seeded(loaded.rules, 2, 5, 0, ("easy", "random"), rotate=False)
    moves = [str(m) for m in game.moves][:14]
    one = analyse(loaded.rules, 2, moves, budget=Budget(60), workers=1)
    two = analyse(loaded.rules, 2, moves, budget=Budget(60), workers=2, resolved=loaded.resolved)
    assert one.to_json() == two.to_json()
    assert len(one.moves) == sum(1 for m in moves if not m.startswith("setup"))


def test_marks_follow_the_thresholds() -> None:
    assert 0 < MISTAKE < BLUNDER < 1
    assert (MISTAKE, BLUNDER) == (0.15, 0.3)


def alive_twins() -> tuple[AliveState, AliveState]:
    """Two ALIVE tables that seat 0 cannot tell apart: its own hand, the total and the discard are
    the same; the other hands and the deck hold the same cards, dealt otherwise."""
    rules = load_with_source("alive/standard").rules
    mine = ["3", "5", "SKIP"]
    first = AliveState.from_hands(rules, [mine, ["1", "2", "7"]], deck=["4", "6", "0", "=10"], total=4)
    second = AliveState.from_hands(rules, [mine, ["4", "0", "=10"]], deck=["7", "2", "6", "1"], total=4)
    return first, second


def test_alive_analysis_never_reads_the_hidden_cards() -> None:
    """An information-set search of seat 0 sees only what seat 0 may know: two deals it cannot tell
    apart give the very same evaluation, best moves and all."""
    first, second = alive_twins()
    assert first.observation(0) == second.observation(0)
    assert first.observation(1) != second.observation(1)
    a = evaluate(first, 0, Budget(200), random.Random(7))
    b = evaluate(second, 0, Budget(200), random.Random(7))
    assert a == b and a.best


# The command ---------------------------------------------------------------------------------
@pytest.fixture
def record_path(tmp_path: Path) -> Path:
    loaded = load_with_source("stay-alive/quick")
    _, game = play_seeded(loaded.rules, 2, 3, 0, ("easy", "random"), rotate=False)
    record = record_from_game(loaded.rules.id, loaded.resolved, [{"name": "Ann", "kind": "easy"}, {"name": "Bob", "kind": "random"}],
                              game.moves, game.outcome, seed=3)
    path = tmp_path / "game.json"
    save_record(path, record)
    return path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["analyse", *args])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def test_analyse_prints_every_move_and_each_players_summary(capsys: pytest.CaptureFixture[str], record_path: Path) -> None:
    code, out, err = run(capsys, str(record_path), "--iterations", "40", "--workers", "1")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == f"{record_path}: stay-alive/quick, 2 players: Ann, Bob; 40 iterations per position, full positions"
    assert lines[1].split()[:4] == ["step", "player", "move", "before"]
    assert any(line.startswith("Ann: ") and "average loss" in line for line in lines)
    assert any(line.startswith("Bob: ") for line in lines)


def test_analyse_json_for_tools(capsys: pytest.CaptureFixture[str], record_path: Path) -> None:
    code, out, _ = run(capsys, str(record_path), "--iterations", "40", "--workers", "1", "--json")
    data = json.loads(out)
    assert code == 0 and data["budget"] == {"iterations": 40, "seconds": None} and data["complete"]
    record = json.loads(record_path.read_text())
    players_moves = [m for m in record["moves"] if not m.startswith("setup")]
    assert [m["move"] for m in data["moves"]] == players_moves
    for m in data["moves"]:
        assert 0 <= m["after"] <= 1 and 0 <= m["before"] <= 1 and m["loss"] >= 0
        assert m["mark"] in (None, "mistake", "blunder")
        assert (m["mark"] == "blunder") == (m["loss"] > BLUNDER)
    assert [s["seat"] for s in data["seats"]] == [0, 1]


@pytest.mark.parametrize(("args", "code", "message"), [
    (["--iterations", "0"], 2, "--iterations must be 1 to 999,999,999, not 0"),
    (["--iterations", "1000000000000"], 2, "--iterations must be 1 to 999,999,999"),  # was accepted and never finished
    (["--seconds", "0"], 2, "--seconds must be more than 0 and at most 3,600, not 0.0"),
    (["--seconds", "inf"], 2, "--seconds must be more than 0 and at most 3,600, not inf"),
    (["--seconds", "nan"], 2, "--seconds must be more than 0"),
    (["--workers", "none"], 2, "analyse: --workers must be 'auto' or a whole number, not 'none'"),
])
def test_analyse_usage_errors(capsys: pytest.CaptureFixture[str], record_path: Path, args: list[str], code: int, message: str) -> None:
    got, _, err = run(capsys, str(record_path), *args)
    assert got == code and message in err


def test_analyse_refuses_a_record_that_does_not_replay(capsys: pytest.CaptureFixture[str], record_path: Path) -> None:
    data = json.loads(record_path.read_text())
    data["moves"] = data["moves"][:3] + ["R9+"]
    data["result"] = None
    record_path.write_text(json.dumps(data))
    code, _, err = run(capsys, str(record_path))
    assert code == 1 and "analyse: " in err and "move 3 (R9+)" in err
    code, out, _ = run(capsys, str(record_path), "--json")  # printed nothing: a JSON reader had no answer
    error = json.loads(out)["error"]
    assert code == 1 and error["move"] == 3 and error["kind"] == "illegal-move" and "move 3 (R9+)" in error["message"]


def test_with_more_than_two_players_the_expected_results_add_up_to_one() -> None:
    # A review: in a 4-player ALIVE game every seat read about 50% and the seats added up to about
    # 2; a search cut short scores each seat 1/2 plus half its lead (agents.base.shares).
    from marblestudio.agents.base import shared_out
    from marblestudio.engine import new_game

    state = new_game(load_with_source("alive/standard").rules, 4)
    rng = random.Random(1)
    while state.to_move < 0:
        state.apply(state.sample_chance(rng))
    found = evaluate(state, state.to_move, Budget(60), random.Random(2))
    assert sum(found.values) == pytest.approx(1.0) and all(0.0 <= v <= 1.0 for v in found.values)
    assert all(0.0 <= value <= 1.0 for _, _, value in found.best)
    assert shared_out([0.5, 0.5, 0.5, 0.5]) == 0.5  # four even seats: 25% each
    assert shared_out([0.7, 0.3]) == 1.0  # two seats add up to 1 already: left as they are
