"""Match records (issue 16): a match record holds its games' records, saves atomically, reads
back the same, and replays to its score; a record that breaks the match's rules or does not add
up says so, naming the file and the game."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

import pytest

from marblestudio.cli.simulate_match import play_match, record_of
from marblestudio.match_records import (
    MatchRecord,
    load_any,
    load_match_record,
    match_record,
    replay_match,
    save_match_record,
)
from marblestudio.records import GameRecord, RecordError, load_record, save_record
from marblestudio.rulesets import load_with_source

HOUSE = """\
format: 1
extends: {base}
id: house/{name}
name: A match
match:
  rounds: {rounds}
  points: [3, 1, 0]
  start: rotate
"""


def match_ruleset(folder: Path, base: str, rounds: int = 3) -> Path:
    name = base.replace("/", "-") + "-match"
    path = folder / f"{name}.yaml"
    path.write_text(HOUSE.format(base=base, name=name, rounds=rounds), encoding="utf-8")
    return path


def played_record(folder: Path, base: str = "stay-alive/quick", players: int = 3, rounds: int = 3, index: int = 0) -> MatchRecord:
    loaded = load_with_source(match_ruleset(folder, base, rounds))
    played = play_match(loaded.rules, players, "test", index, ("random",), keep_moves=True)
    return record_of(played, loaded.rules, loaded.resolved, "test")


@pytest.fixture
def record(tmp_path: Path) -> MatchRecord:
    return played_record(tmp_path)


def saved(tmp_path: Path, data: dict[str, Any], name: str = "match.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# Playing, saving, reading, replaying -------------------------------------------------------------
@pytest.mark.parametrize(
    ("base", "players"),
    [("stay-alive/quick", 3), ("alive/short-game", 3), ("avalanche/beginners", 2), ("archimedes/standard", 2), ("mancala/kalah", 2)],
)
def test_a_match_of_every_family_replays_from_its_record_to_its_score(tmp_path: Path, base: str, players: int) -> None:
    record = played_record(tmp_path, base, players, rounds=2)
    path = tmp_path / "match.json"
    save_match_record(path, record)
    again = load_match_record(path)
    assert again == record and again.source == str(path)
    match, games = replay_match(again)
    assert list(match.scores) == record.scores and list(match.winners) == record.winners
    assert match.is_over and match.rounds_played == len(games) == 2
    assert sum(match.scores) >= 3 * 2  # every game gives 3 to its first place at least


def test_each_game_in_a_match_record_is_a_whole_game_record(tmp_path: Path, record: MatchRecord) -> None:
    path = tmp_path / "game2.json"
    save_record(path, record.games[1])
    game = load_record(path)
    assert game.moves == record.games[1].moves and game.seed == "test:0" and game.game == 1


def test_the_players_move_on_one_seat_each_game_when_the_start_rotates(record: MatchRecord) -> None:
    names = [p["name"] for p in record.players]
    assert [[p["name"] for p in game.players] for game in record.games] == [
        names, names[1:] + names[:1], names[2:] + names[:2],
    ]


def test_the_score_is_the_sum_of_the_points_by_place(record: MatchRecord) -> None:
    match, games = replay_match(record)
    assert all(game.score is not None for game in games)
    for player in range(3):
        assert match.scores[player] == sum(game.score.points[player] for game in games if game.score is not None)
    for game in games:
        assert game.score is not None and game.outcome is not None
        for seat in game.outcome.winners:  # a game's winners are first and score 3
            player = game.score.seating[seat]
            assert game.score.places[player] == 1 and game.score.points[player] == 3


def test_saving_is_atomic_and_leaves_no_temporary_file(tmp_path: Path, record: MatchRecord) -> None:
    path = tmp_path / "match.json"
    path.write_text("old", encoding="utf-8")
    os.chmod(path, 0o640)
    save_match_record(path, record)
    assert load_match_record(path) == record
    assert oct(path.stat().st_mode & 0o777) == oct(0o640)
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix != ".yaml") == ["match.json"]


def test_an_unfinished_last_game_is_a_match_that_goes_on(record: MatchRecord) -> None:
    cut = copy.deepcopy(record)
    last = cut.games[-1]
    last.moves = last.moves[:5]
    last.result = None
    match, games = replay_match(_rescored(cut))
    assert not match.is_over and match.rounds_played == 2 and games[-1].outcome is None and games[-1].score is None


def _rescored(record: MatchRecord) -> MatchRecord:
    """`record` with the scores and winners its finished games add up to."""
    from marblestudio.match_records import MatchReplay
    from marblestudio.records import play_moves

    replay = MatchReplay(record)
    for number, game in enumerate(record.games):
        state = replay.start_game(number)
        replay.finish_game(number, state, list(play_moves(state, game.moves)))
    record.scores, record.winners = list(replay.match.scores), list(replay.match.winners)
    return record


def test_match_record_takes_the_score_of_the_match_so_far(record: MatchRecord) -> None:
    match, _ = replay_match(record)
    again = match_record(record.players, record.games, match, record.seed)
    assert again.scores == record.scores and again.winners == record.winners and again.match is None


# What a bad record is told ------------------------------------------------------------------------
def test_scores_that_do_not_add_up(tmp_path: Path, record: MatchRecord) -> None:
    data = record.to_json()
    data["scores"][0] += 1
    with pytest.raises(RecordError, match=r"match\.json: the games add up to the scores \[.*\], but the record says"):
        replay_match(load_match_record(saved(tmp_path, data)))


def test_winners_that_are_not_the_winners(tmp_path: Path, record: MatchRecord) -> None:
    data = record.to_json()
    data["winners"] = [p for p in range(3) if p not in data["winners"]][:1]
    with pytest.raises(RecordError, match="the match is won by"):
        replay_match(load_match_record(saved(tmp_path, data)))


def test_players_not_seated_as_the_match_seats_them(tmp_path: Path, record: MatchRecord) -> None:
    data = record.to_json()
    game = data["games"][1]
    game["players"] = game["players"][::-1]
    with pytest.raises(RecordError, match=r"match\.json: game 2: its players are not seated as the match seats them"):
        replay_match(load_match_record(saved(tmp_path, data)))


def test_a_game_after_the_match_was_over(tmp_path: Path, record: MatchRecord) -> None:
    data = record.to_json()
    data["games"].append(data["games"][0])
    with pytest.raises(RecordError, match="game 4: the match was over after game 3"):
        replay_match(load_match_record(saved(tmp_path, data)))


def test_an_unfinished_game_before_the_last(tmp_path: Path, record: MatchRecord) -> None:
    data = record.to_json()
    data["games"][0]["moves"] = data["games"][0]["moves"][:3]
    data["games"][0]["result"] = None
    with pytest.raises(RecordError, match="game 1 is unfinished, but game 2 follows it"):
        replay_match(load_match_record(saved(tmp_path, data)))


def test_a_games_result_that_its_moves_do_not_reach_names_the_game(tmp_path: Path, record: MatchRecord) -> None:
    data = record.to_json()
    result = data["games"][2]["result"]
    result["winners"] = [(result["winners"][0] + 1) % 3]
    with pytest.raises(RecordError, match=r"match\.json, game 3: the replay ends in a win for seat"):
        replay_match(load_match_record(saved(tmp_path, data)))


def test_games_of_other_rules(tmp_path: Path, record: MatchRecord) -> None:
    (tmp_path / "other").mkdir()
    other = played_record(tmp_path / "other", rounds=4)  # the same match, but of four games
    data = record.to_json()
    data["games"][1] = other.games[1].to_json()
    with pytest.raises(RecordError, match=r"match\.json: game 2 was played with other rules \('house/stay-alive-quick-match'"):
        replay_match(load_match_record(saved(tmp_path, data)))


def test_games_of_a_ruleset_without_match(tmp_path: Path) -> None:
    loaded = load_with_source("stay-alive/quick")
    game = GameRecord("stay-alive/quick", loaded.resolved, [{"name": "A", "kind": "random"}, {"name": "B", "kind": "random"}],
                      ["setup R1=0"], None)
    record = MatchRecord(game.players, [game], [0, 0], [])
    with pytest.raises(RecordError, match="its games' ruleset 'stay-alive/quick' has no 'match:'"):
        replay_match(record)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("scores"), "not a match record: missing key(s) scores"),
        (lambda d: d.update(score=[1]), "unknown key(s) 'score'"),
        (lambda d: d.update(format=2), "record format 2 is not supported"),
        (lambda d: d.update(games=[]), "'games' must be a list of one or more game records, not an empty list"),
        (lambda d: d.update(scores=[1, 2]), "'scores' must list each player's points (3 whole numbers)"),
        (lambda d: d.update(scores=[1, True, 2]), "'scores' must list each player's points"),
        (lambda d: d.update(winners=[0, 0]), "'winners' names a player twice"),
        (lambda d: d.update(winners=[3]), "'winners' must list players 0 to 2"),
        (lambda d: d["games"][1].pop("moves"), "game 2: not a game record: missing key(s) moves"),
        (lambda d: d.update(match=-1), "'match' must be"),
    ],
    ids=["missing", "unknown", "format", "no-games", "scores-count", "scores-bool", "winners-twice", "winners-range", "game-field", "index"],
)
def test_fields_are_checked_strictly(tmp_path: Path, record: MatchRecord, change: Any, message: str) -> None:
    data = record.to_json()
    change(data)
    with pytest.raises(RecordError) as caught:
        load_match_record(saved(tmp_path, data))
    assert str(caught.value).startswith(str(tmp_path / "match.json"))
    assert message in str(caught.value)


def test_a_match_record_opened_as_a_game_record_says_what_it_is(tmp_path: Path, record: MatchRecord) -> None:
    path = saved(tmp_path, record.to_json())
    with pytest.raises(RecordError, match="this is a match record, not a game record: replay it with 'marblestudio replay"):
        load_record(path)
    game = tmp_path / "game.json"
    save_record(game, record.games[0])
    with pytest.raises(RecordError, match="this is a game record, not a match record"):
        load_match_record(game)
    assert isinstance(load_any(game), GameRecord)


def test_a_match_record_may_be_larger_than_a_game_record(tmp_path: Path, record: MatchRecord, monkeypatch: pytest.MonkeyPatch) -> None:
    import marblestudio.match_records
    import marblestudio.records

    match_path = saved(tmp_path, record.to_json())
    game_path = tmp_path / "game.json"
    save_record(game_path, record.games[0])
    monkeypatch.setattr(marblestudio.records, "MAX_BYTES", 1000)  # both files are larger than a game record may be
    monkeypatch.setattr(marblestudio.match_records, "MAX_BYTES", 10**8)
    assert load_any(match_path) == record
    with pytest.raises(RecordError, match=r"game\.json: the file is larger than 0 MB; a game record is at most that"):
        load_any(game_path)
    monkeypatch.setattr(marblestudio.match_records, "MAX_BYTES", 2000)
    with pytest.raises(RecordError, match=r"match\.json: the file is larger than 0 MB; a game record is at most that"):
        load_any(match_path)
