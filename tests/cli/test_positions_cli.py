"""Positions on the command line: `simulate --position`, `play --position`, records with `start:`
replayed, and `replay --json`'s error object; plus records a person can write (seats before moves).

The position is worked out by hand on the bundled Stay Alive board (docs/notation.md): the slides'
digits give a grid on which none of the marbles stands over an open cell."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from marblestudio.cli import main
from marblestudio.engine import from_position
from marblestudio.records import load_record, record_from_game, save_record
from marblestudio.rulesets import load_with_source

POSITION = ("stay-alive players=2 phase=sliding turn=0 slides=12200212201001 marbles=c2,f2,c6,f6,b7/b3,e3,b6,d7 "
            "hand=0/0 fallen=0/1 last=R1 streak=1 own-last=W4/R1 own-streak=1/1 moves=14 result=-")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def test_simulate_plays_every_game_from_the_position(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "simulate", "stay-alive/standard", "--position", POSITION, "--games", "4",
                         "--record-dir", str(tmp_path), "--json")
    assert code == 0, err
    report = json.loads(out)
    assert report["games"] == 4 and report["title"].endswith(f"from the position {POSITION}")
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 4
    for path in records:
        record = load_record(path)
        assert record.start == POSITION
        assert not record.moves[0].startswith("setup")  # no set-up: the game goes on from the position
        code, out, err = run(capsys, "replay", str(path))
        assert code == 0, err
        assert out.splitlines()[1] == f"from the position: {POSITION}"


def test_simulate_position_from_a_file_and_players_taken_from_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "study.txt"
    path.write_text(f"# an endgame study\n{POSITION}\n")
    code, out, err = run(capsys, "simulate", "stay-alive/standard", "--position", str(path), "--games", "2")
    assert code == 0, err
    assert "stay-alive/standard: 2 players, seed 0, from the position stay-alive players=2" in out


@pytest.mark.parametrize(("value", "code", "message"), [
    (POSITION.replace("turn=0", "turn=3"), 1, "position field 'turn': there is no seat 3: seats are numbered 0-1"),
    (POSITION.replace("marbles=c2,", "marbles=c2,c2,"), 1, "position field 'marbles': cell c2 holds two marbles"),
    ("no-such-file.txt", 2, "no-such-file.txt: no such file, and no position's text"),
    (POSITION.replace("stay-alive", "alive", 1), 1, "a position of alive, but the rules stay-alive/standard are stay-alive"),
])
def test_a_bad_position_names_its_field(capsys: pytest.CaptureFixture[str], value: str, code: int, message: str) -> None:
    got, _, err = run(capsys, "simulate", "stay-alive/standard", "--position", value, "--games", "1")
    assert got == code and "simulate: --position: " in err and message in err


def test_simulate_refuses_players_that_the_position_does_not_have(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate", "stay-alive/standard", "--position", POSITION, "--players", "3")
    assert code == 2 and "--players 3, but the position is for 2 players" in err


def test_play_checks_the_position_before_opening_a_window(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "play", "stay-alive/standard", "--position", POSITION.replace("hand=0/0", "hand=1/0"))
    assert code == 1
    assert "marblestudio play: --position: position field 'marbles': seat 0 has 6 marbles" in err
    code, _, err = run(capsys, "play", "stay-alive/standard", "--position", POSITION, "--seats", "human,easy,easy")
    assert code == 2 and "--seats names 3 players, but the position is for 2" in err


# Records a person can write ----------------------------------------------------------------------
def written(tmp_path: Path, moves: list[str], result: dict[str, Any] | None, start: str | None = POSITION) -> Path:
    loaded = load_with_source("stay-alive/standard")
    record = record_from_game(loaded.rules.id, loaded.resolved, [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}],
                              moves, None, start=start)
    record.result = result
    path = tmp_path / "by-hand.json"
    save_record(path, record)
    return path


def first_moves() -> list[str]:
    """Two legal moves from POSITION: Red (seat 0) moves a slide other than R1, then Blue answers."""
    state = from_position(load_with_source("stay-alive/standard").rules, POSITION)
    red = next(str(m) for m in state.legal_moves() if not str(m).startswith("R1"))
    state.apply(state.parse_move(red))
    blue = str(state.legal_moves()[0])
    return [red, blue]


def test_moves_may_carry_their_seat(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    red, blue = first_moves()
    path = written(tmp_path, [f"Red: {red}", f"blue: {blue}"], None)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0, err
    assert f"0 Ann: {red}" in out and f"1 Bob: {blue}" in out and out.rstrip().endswith("result: unfinished")


def test_a_move_with_the_wrong_seat_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    red, blue = first_moves()
    path = written(tmp_path, [f"Red: {red}", f"Red: {blue}"], None)
    code, out, _ = run(capsys, "replay", str(path), "--json")
    error = json.loads(out)["error"]
    assert code == 1
    assert error["move"] == 1 and error["kind"] == "illegal-move"
    assert error["message"].endswith(f"move 1 (Red: {blue}): it is Blue's turn, not Red's")


def test_replay_json_tells_the_kinds_of_fault_apart(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    red, _ = first_moves()
    path = written(tmp_path, [red, red], None)  # Blue may not move the slide Red just moved
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert code == 1 and json.loads(out)["error"]["kind"] == "illegal-move" and json.loads(out)["error"]["move"] == 1

    data = json.loads(path.read_text())
    data["ruleset"]["resolved"]["move_limit"] = 5  # edited after it was written: the SHA-256 no longer matches
    path.write_text(json.dumps(data))
    code, out, _ = run(capsys, "replay", str(path), "--json")
    error = json.loads(out)["error"]
    assert code == 1 and error["kind"] == "ruleset-changed" and error["move"] is None and "was changed" in error["message"]

    path.write_text("{not json")
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert code == 1 and json.loads(out)["error"]["kind"] == "unreadable-record"


def test_a_record_whose_start_is_no_position_names_the_field(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = written(tmp_path, [], None, start=POSITION.replace("slides=12200212201001", "slides=9"))
    code, _, err = run(capsys, "replay", str(path))
    assert code == 1
    assert "'start' is not a position of stay-alive/standard: position field 'slides': '9' is not one digit per slide" in err


def test_a_finished_game_with_a_null_result_is_an_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """From the position, the first legal move each turn plays the game to its end: a record of
    those moves that says `result: null` is refused, as the game it holds is finished."""
    rules = load_with_source("stay-alive/standard").rules
    state = from_position(rules, POSITION)
    moves: list[str] = []
    while state.outcome() is None:  # play the first legal move until the end
        move = state.legal_moves()[0]
        state.apply(move)
        moves.append(str(move))
    path = written(tmp_path, moves, None)
    code, out, _ = run(capsys, "replay", str(path), "--json")
    error = json.loads(out)["error"]
    assert code == 1 and error["kind"] == "wrong-result"
    assert "but the record says an unfinished game (its 'result' is null)" in error["message"]


def test_a_position_file_that_is_not_utf8_is_told_so(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # it gave Python's codec message ("'utf-8' codec can't decode byte 0xe9 ..."), as a usage error
    path = tmp_path / "latin1.txt"
    comments = "# a study\n" * 3000  # the offset is the file's, not that of a chunk the reader decoded
    path.write_bytes((comments + POSITION.replace("turn=0", "turn=0 \xe9")).encode("latin-1"))
    got, _, err = run(capsys, "simulate", "stay-alive/standard", "--position", str(path), "--games", "1")
    offset = len(comments) + POSITION.index("turn=0") + len("turn=0 ")
    assert got == 1
    assert err == f"simulate: --position: {path}: byte 0xE9 at offset {offset} is not UTF-8 text; save the file as UTF-8\n"
