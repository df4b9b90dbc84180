"""Match play on the command line (issue 16): `simulate` plays matches of a ruleset with
`match:` (report, --json, --game, --record-dir, --match/--no-match), and `replay` replays a match
record game by game and then its score, with the exit codes of the README."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from marblestudio.cli import main
from marblestudio.match_records import load_match_record, replay_match

from house_texts import quick_match

MATCH = quick_match(3, (3, 1, 0))


@pytest.fixture
def ruleset(tmp_path: Path) -> Path:
    path = tmp_path / "quick-match.yaml"
    path.write_text(MATCH, encoding="utf-8")
    return path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def records(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.json"))


# simulate -----------------------------------------------------------------------------------------
def test_a_ruleset_with_match_plays_matches(capsys: pytest.CaptureFixture[str], ruleset: Path) -> None:
    code, out, err = run(capsys, "simulate", str(ruleset), "--games", "6", "--players", "3", "--workers", "1", "--seed", "5")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "house/quick-match: 3 players, seed 5; each match 3 games, points 3/1/0, the first seat rotating"
    assert lines[1] == "matches: 6"
    assert lines[2].startswith("matches won by player")
    assert [line.split()[:2] for line in lines[3:6]] == [["Red", "random"], ["Blue", "random"], ["Yellow", "random"]]
    assert "games per match: mean 3.00, min 3, max 3 (18 games)" in out
    assert "matches/s" in out


def test_match_json_adds_up(capsys: pytest.CaptureFixture[str], ruleset: Path) -> None:
    code, out, _ = run(capsys, "simulate", str(ruleset), "--games", "5", "--players", "3", "--workers", "1", "--json")
    data = json.loads(out)
    assert code == 0 and data["matches"] == 5 and data["ruleset"] == "house/quick-match"
    assert data["match"] == {"rounds": 3, "to": None, "points": [3, 1, 0], "start": "rotate"}
    assert sum(r["wins"] for r in data["player_wins"]) == pytest.approx(5)  # every match has winners, shared wins as fractions
    assert sum(data["mean_scores"]) >= 3 * 3  # at least 3 points a game, 3 games a match
    assert data["games"] == {"total": 15, "mean": 3.0, "min": 3, "max": 3}


def test_workers_do_not_change_the_report(capsys: pytest.CaptureFixture[str], ruleset: Path) -> None:
    args = ("simulate", str(ruleset), "--games", "6", "--players", "3", "--seed", "2", "--json")
    one = json.loads(run(capsys, *args, "--workers", "1")[1])
    two = json.loads(run(capsys, *args, "--workers", "2")[1])
    for key in ("player_wins", "mean_scores", "games"):
        assert one[key] == two[key]


def test_record_dir_writes_match_records_that_replay_to_their_score(capsys: pytest.CaptureFixture[str], ruleset: Path, tmp_path: Path) -> None:
    folder = tmp_path / "records"
    code, _, err = run(capsys, "simulate", str(ruleset), "--games", "3", "--players", "3", "--workers", "1", "--seed", "s",
                       "--record-dir", str(folder))
    assert code == 0, err
    paths = records(folder)
    assert [p.name for p in paths] == [f"house-quick-match-s-match-{i}.json" for i in range(3)]
    for index, path in enumerate(paths):
        record = load_match_record(path)
        assert record.match == index and record.seed == "s" and [g.seed for g in record.games] == [f"s:{index}"] * 3
        assert [g.game for g in record.games] == [0, 1, 2]
        match, _ = replay_match(record)
        assert list(match.scores) == record.scores


def test_game_plays_one_match_alone_as_it_was_in_the_run(capsys: pytest.CaptureFixture[str], ruleset: Path, tmp_path: Path) -> None:
    args = ("simulate", str(ruleset), "--games", "3", "--players", "3", "--workers", "1", "--agents", "heuristic,random")
    run(capsys, *args, "--record-dir", str(tmp_path / "all"))
    code, out, _ = run(capsys, *args, "--game", "2", "--record-dir", str(tmp_path / "one"))
    assert code == 0
    assert out.startswith("match 2 of seed 0:\n  game 1 (Red, Blue, Yellow): setup ")
    alone = load_match_record(records(tmp_path / "one")[0])
    assert alone == load_match_record(records(tmp_path / "all")[2])
    # the agents repeated to fill three seats (heuristic, random, heuristic) and turned by two for
    # match 2; in its game 2 the players move on one seat (seat 0 is player 1)
    assert [p["kind"] for p in alone.players] == ["heuristic", "heuristic", "random"]
    assert [p["kind"] for p in alone.games[1].players] == ["heuristic", "random", "heuristic"]


def test_no_match_plays_single_games(capsys: pytest.CaptureFixture[str], ruleset: Path) -> None:
    code, out, _ = run(capsys, "simulate", str(ruleset), "--games", "4", "--workers", "1", "--no-match")
    assert code == 0 and "player 1 wins" in out and "matches" not in out


def test_match_on_a_ruleset_without_match_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "stay-alive/quick", "--match", "--games", "2")
    assert code == 2 and out == ""
    assert err == "simulate: stay-alive/quick has no 'match:', so --match has no match to play: add one in a house rule (docs/matches.md)\n"


# replay -------------------------------------------------------------------------------------------
@pytest.fixture
def match_path(capsys: pytest.CaptureFixture[str], ruleset: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "records"
    assert main(["simulate", str(ruleset), "--games", "1", "--players", "3", "--workers", "1", "--record-dir", str(folder)]) == 0
    capsys.readouterr()
    return records(folder)[0]


def test_replay_prints_each_game_then_the_score(capsys: pytest.CaptureFixture[str], match_path: Path) -> None:
    record = load_match_record(match_path)
    code, out, err = run(capsys, "replay", str(match_path))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == (f"{match_path}: a match of house/quick-match (3 games, points 3/1/0, the first seat rotating), "
                        "3 players: Red (random), Blue (random), Yellow (random); seed 0")
    heads = [line for line in lines if line.startswith("game ")]
    assert [h.split(":")[0] for h in heads] == ["game 1 of 3", "game 2 of 3", "game 3 of 3"]
    assert heads[1].endswith("3 players: Blue (random), Yellow (random), Red (random); seed 0:0")
    assert sum(line.startswith("result: win: ") for line in lines) == 3
    assert sum(line.startswith("places: ") for line in lines) == 3
    scores = ", ".join(f"{p['name']} {s}" for p, s in zip(record.players, record.scores))
    winners = " and ".join(record.players[p]["name"] for p in record.winners)
    assert lines[-1].startswith(f"match: {scores}: {winners} ")
    assert lines[-1].endswith(" the match")


def test_replay_json_of_a_match(capsys: pytest.CaptureFixture[str], match_path: Path) -> None:
    record = load_match_record(match_path)
    code, out, _ = run(capsys, "replay", str(match_path), "--json")
    data = json.loads(out)
    assert code == 0 and data["error"] is None and data["over"] is True
    assert data["scores"] == record.scores and data["winners"] == record.winners
    assert [g["seating"] for g in data["games"]] == [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    assert data["games"][-1]["scores"] == record.scores
    assert all(sorted(g["points"]) == [0, 1, 3] or 1 not in g["places"][1:] for g in data["games"])


def test_replay_of_a_match_that_does_not_add_up_is_exit_1(capsys: pytest.CaptureFixture[str], match_path: Path) -> None:
    data = json.loads(match_path.read_text(encoding="utf-8"))
    data["scores"] = [0, 0, 0]
    match_path.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(match_path))
    assert code == 1
    assert "result: win" in out  # the games are printed before the fault
    assert err.startswith(f"replay: {match_path}: the games add up to the scores ")


def test_replay_of_an_illegal_move_in_game_2_names_the_game_and_the_move(capsys: pytest.CaptureFixture[str], match_path: Path) -> None:
    data = json.loads(match_path.read_text(encoding="utf-8"))
    data["games"][1]["moves"][1] = "place z9"
    match_path.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(match_path))
    assert code == 1
    assert "game 2 of 3: house/quick-match" in out and "game 3 of 3" not in out
    assert err.startswith(f"replay: {match_path}, game 2: move 1 (place z9)")


def test_replay_of_a_missing_match_file_is_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "replay", str(tmp_path / "none.json"))
    assert code == 2 and "cannot read the record" in err
