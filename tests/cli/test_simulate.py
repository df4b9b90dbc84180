"""`marblestudio simulate`: the report, --agents, --workers, --game, --json, --record-dir, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from marblestudio.cli import main
from marblestudio.records import load_record, replay


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(["simulate", *args])
    except SystemExit as usage:  # argparse's own usage errors (a bad --games)
        code = int(usage.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_prints_wins_with_intervals_draws_capped_lengths_first_player_and_notable_games(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "stay-alive/quick", "--games", "4", "--seed", "3", "--workers", "1")
    assert code == 0, err
    assert "stay-alive/quick: 2 players, seed 3" in out
    assert "player 1 wins" in out and "player 2 wins" in out and "% [" in out
    assert "draws                   0 (0.0%)" in out and "capped                  0 (0.0%)" in out
    assert "length median [q1, q3]" in out and "length min-max" in out
    assert "first player wins" in out and "fair share 50.0%" in out
    assert "shortest  game " in out and "(seed 3)" in out
    assert "games/s" in out
    assert "\r" not in err  # no progress bar when stderr is not a terminal


def test_json_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "stay-alive/quick", "--games", "3", "--players", "3", "--json", "--workers", "1")
    data = json.loads(out)
    assert code == 0 and data["games"] == 3 and data["players"] == 3 and len(data["seat_wins"]) == 3
    assert sum(r["wins"] for r in data["seat_wins"]) + data["draws"] + data["capped"] == 3
    assert data["agents"] == ["random"] and data["ruleset"] == "stay-alive/quick"
    assert {"mean", "median", "q1", "q3", "minimum", "maximum"} <= set(data["lengths"])
    assert data["first_player"]["fair"] == pytest.approx(1 / 3)


def test_two_kinds_of_player_get_their_own_win_rates(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "stay-alive/quick", "--games", "6", "--agents", "heuristic,random", "--json", "--workers", "1")
    data = json.loads(out)
    assert code == 0 and set(data["agent_wins"]) == {"heuristic", "random"}
    assert data["agent_wins"]["heuristic"]["games"] == data["agent_wins"]["random"]["games"] == 6


def test_the_report_is_the_same_with_one_worker_or_two(capsys: pytest.CaptureFixture[str]) -> None:
    common = ("stay-alive/quick", "--games", "10", "--seed", "w", "--agents", "heuristic,random", "--json")
    one = json.loads(run(capsys, *common, "--workers", "1")[1])
    two = json.loads(run(capsys, *common, "--workers", "2")[1])
    for data in (one, two):
        del data["seconds"], data["games_per_second"]
    assert one == two


def test_progress_bar_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "stay-alive/quick", "--games", "3", "--workers", "1", "--progress")
    assert code == 0 and "[" in err and "3/3" in err


def test_game_i_reruns_one_game_of_the_run(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, _ = run(capsys, "stay-alive/quick", "--games", "3", "--seed", "5", "--record-dir", str(tmp_path / "all"),
                     "--agents", "heuristic,random", "--workers", "2")
    assert code == 0
    records = sorted((tmp_path / "all").glob("*.json"))
    assert [p.name for p in records] == [f"stay-alive-quick-5-{i}.json" for i in range(3)]
    kinds = [[p["kind"] for p in load_record(path).players] for path in records]
    assert kinds == [["heuristic", "random"], ["random", "heuristic"], ["heuristic", "random"]]  # rotated by game
    code, out, _ = run(capsys, "stay-alive/quick", "--seed", "5", "--game", "2", "--json", "--agents", "heuristic,random")
    assert code == 0
    assert json.loads(out)["moves"] == load_record(records[2]).moves


def test_record_dir_records_replay(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    run(capsys, "stay-alive/standard", "--games", "2", "--record-dir", str(tmp_path), "--workers", "1")
    paths = list(tmp_path.glob("*.json"))
    assert len(paths) == 2
    for path in paths:
        record = load_record(path)
        state, _ = replay(record)
        assert state.outcome() == record.outcome and record.seed == "0"


def test_ctrl_c_stops_with_the_games_that_finished(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from marblestudio import playtest
    from marblestudio.playtest import workers

    real = playtest.play_game
    calls = {"n": 0}

    def interrupted_at_game_60(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == 61:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(workers, "play_game", interrupted_at_game_60)  # the one game loop lives there
    code, out, err = run(capsys, "stay-alive/quick", "--games", "200", "--workers", "1", "--json")
    data = json.loads(out)
    assert code == 130 and "stopped" in err
    assert data["requested"] == 200 and data["games"] == 60  # the 60 games that finished


def test_records_are_written_as_games_finish_not_held_to_the_end(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from marblestudio.playtest import workers

    real = workers.play_game
    on_disk_at_each_game: list[int] = []

    def play_game(*args, **kwargs):  # type: ignore[no-untyped-def]
        on_disk_at_each_game.append(len(list(tmp_path.glob("*.json"))))
        return real(*args, **kwargs)

    monkeypatch.setattr(workers, "play_game", play_game)
    code, _, _ = run(capsys, "stay-alive/quick", "--games", "30", "--workers", "1", "--record-dir", str(tmp_path))
    assert code == 0 and len(list(tmp_path.glob("*.json"))) == 30
    assert on_disk_at_each_game[-1] > 0  # earlier games' records were on disk before the last game


def test_unknown_ruleset_is_a_usage_error_with_a_message(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "stay-alive/nonexistent", "--games", "1")
    assert code == 2 and "no bundled or user ruleset has the id 'stay-alive/nonexistent'" in err
    assert "Traceback" not in out + err


def test_invalid_ruleset_file_shows_line_and_column(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("format: 1\nextends: stay-alive/standard\nid: x/bad\nstay_alive:\n  marbles_per_player: many\n")
    code, _, err = run(capsys, str(path))
    assert code == 1 and f"{path}:5:" in err


@pytest.mark.parametrize("args, message", [
    (["--players", "9"], "is for 2 to 4 players, not 9"),
    (["--games", "0"], "argument --games: a whole number from 1 to 1,000,000, not 0"),
    (["--games", "1000000000000"], "argument --games: a whole number from 1 to 1,000,000, not 1000000000000"),  # was a MemoryError
    (["--game", "-1"], "--game must be 0 or more"),
    (["--agents", "genius"], "unknown agent 'genius'"),
    (["--workers", "0"], "--workers must be at least 1"),
])
def test_bad_options_exit_2(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    code, _, err = run(capsys, "stay-alive/quick", *args)
    assert code == 2 and message in err


@pytest.mark.parametrize("address", ["garbage", "tcp://localhost"])
def test_a_scheduler_that_is_no_address_is_a_usage_error(capsys: pytest.CaptureFixture[str], address: str) -> None:
    pytest.importorskip("distributed", reason="Dask's distributed is not installed (the optional 'dask' extra)")
    code, out, err = run(capsys, "stay-alive/quick", "--games", "2", "--scheduler", address)
    assert code == 2 and out == ""  # was exit 3, "unexpected error ... please report it"
    assert f"simulate: --scheduler {address!r} is not a scheduler's address" in err and "tcp://HOST:PORT" in err


def test_a_run_on_a_dask_cluster_gives_the_same_report(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("distributed", reason="Dask's distributed is not installed (the optional 'dask' extra)")
    from distributed import LocalCluster

    common = ("stay-alive/quick", "--games", "8", "--seed", "d", "--agents", "heuristic,random", "--json")
    local = json.loads(run(capsys, *common, "--workers", "1")[1])
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        code, out, err = run(capsys, *common, "--scheduler", cluster.scheduler_address)
    assert code == 0, err
    on_dask = json.loads(out)
    for data in (local, on_dask):
        del data["seconds"], data["games_per_second"]
    assert on_dask == local


def test_ctrl_c_stops_a_process_pool_run_cleanly_with_the_games_that_finished() -> None:
    import os
    import signal
    import subprocess
    import sys

    command = [sys.executable, "-m", "marblestudio", "simulate", "stay-alive/standard", "--games", "200000",
               "--workers", "2", "--json", "--progress"]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=dict(os.environ),
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as at a terminal
    )
    try:
        assert process.stderr is not None
        seen = ""
        while "/200000" not in seen:  # the bar has moved: some chunks are done
            char = process.stderr.read(1)
            assert char, "simulate ended before showing progress"
            seen += char
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()  # reap it and close its pipes
    data = json.loads(out)
    assert process.returncode == 130 and "stopped" in err and "Traceback" not in err
    assert 0 < data["games"] < 200000 and data["requested"] == 200000
    assert data["notes"] == [f"stopped early: {data['games']} of 200000 games finished"]


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_record_that_cannot_be_written_stops_the_run_with_the_games_played(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, workers: str
) -> None:
    # A full disk mid-run was "unexpected error: OSError ... please report it", exit 3, no report.
    import errno

    from marblestudio import records

    written: list[Path] = []

    def save_record(path: Path, record: object) -> None:
        if len(written) == 2:
            raise OSError(errno.ENOSPC, "No space left on device")
        written.append(path)
        path.write_text("{}")

    monkeypatch.setattr(records, "save_record", save_record)
    code, out, err = run(capsys, "stay-alive/quick", "--games", "6", "--seed", "w", "--workers", workers,
                         "--record-dir", str(tmp_path), "--json")
    assert code == 2
    third = tmp_path / "stay-alive-quick-w-2.json" if workers == "1" else None
    assert "simulate: cannot write " in err and "No space left on device (ENOSPC); stopped there" in err
    if third is not None:
        assert f"cannot write {third}:" in err
    report = json.loads(out)
    assert 3 <= report["games"] < 6  # the two written, the one that failed, and any other back already
    assert len(written) == 2


@pytest.mark.parametrize("letter", ["s", "漢"])
def test_a_long_seed_names_its_records_within_a_file_names_length(capsys: pytest.CaptureFixture[str], tmp_path: Path, letter: str) -> None:
    seed = letter * 200  # a 300-character seed was "File name too long", exit 3; so were 150 CJK letters (450 bytes)
    code, _, err = run(capsys, "stay-alive/quick", "--games", "2", "--seed", seed, "--workers", "1", "--record-dir", str(tmp_path))
    assert code == 0, err
    names = sorted(p.name for p in tmp_path.iterdir())
    assert len(names) == 2 and all(len(n.encode()) <= 120 for n in names) and names[0].startswith(f"stay-alive-quick-{letter * 3}")
    for path in sorted(tmp_path.iterdir()):
        record = load_record(path)
        assert record.seed == seed
        replay(record)


@pytest.mark.parametrize(("seed", "message"), [
    ("s" * 201, "argument --seed: at most 200 characters, not 201"),
    ("a\nb", "argument --seed: one line of text a record can keep; 'a\\nb' holds a control character"),
    ("caf\udce9", "argument --seed: one line of text a record can keep; 'caf\\udce9' holds a character that is not valid Unicode"),
])
def test_a_seed_no_record_could_keep_is_a_usage_error(capsys: pytest.CaptureFixture[str], seed: str, message: str) -> None:
    code, out, err = run(capsys, "stay-alive/quick", "--games", "1", "--seed", seed)
    assert code == 2 and out == "" and message in err


def test_a_game_for_one_count_of_players_says_so_once(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "avalanche/partnership", "--players", "2", "--games", "1")
    assert code == 2 and "avalanche/partnership is for 4 players, not 2" in err  # was "for 4 to 4 players"


def test_players_are_counted_from_1_and_the_record_seats_from_0(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # docs/notation.md: "Seats are numbered from 0: player 1 is seat 0". The report's "won by
    # player P" of game I is seat P - 1 among the winners of game I's record.
    import re

    code, out, err = run(capsys, "stay-alive/quick", "--games", "4", "--seed", "3", "--workers", "1", "--players", "3",
                         "--record-dir", str(tmp_path))
    assert code == 0, err
    found = re.findall(r"game (\d+) \(seed 3\): \d+ moves, won by player (\d+)", out)
    assert found, out
    for index, player in found:
        record = load_record(tmp_path / f"stay-alive-quick-3-{index}.json")
        assert record.result is not None and list(record.result["winners"]) == [int(player) - 1]
