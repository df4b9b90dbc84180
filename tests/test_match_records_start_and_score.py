"""Match records of a match by the rules' score (`points: score`) and of a match the loser
starts (`start: loser`), from the two cookbook examples: each is played, saved, read back and
replayed (by `replay_match` and by `marblestudio replay`) to the same standings, which are
worked out again here from the games' own events; a record that seats the wrong starter or
adds the scores up wrongly is refused."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from marblestudio.cli import main
from marblestudio.cli.simulate_match import MatchGame, PlayedMatch, record_of
from marblestudio.engine import new_game
from marblestudio.engine.match import Match, MatchStart
from marblestudio.engine.pieces.runtime import rule_scores
from marblestudio.engine.rules import Ruleset
from marblestudio.match_records import MatchRecord, load_match_record, replay_match, save_match_record
from marblestudio.playtest.workers import play_seeded, seating
from marblestudio.records import RecordError
from marblestudio.rulesets import load_with_source

ROOT = Path(__file__).resolve().parents[1]
SEED_MATCH = ROOT / "examples" / "house-rules" / "mancala-seed-match.yaml"
LOSER_STARTS = ROOT / "examples" / "house-rules" / "avalanche-loser-starts.yaml"


def play(rules: Ruleset, players: int, seed: str, agents: Sequence[str] = ("random",)) -> PlayedMatch:
    """One seeded match, as `simulate` plays it, each game scored with its seats' rule scores."""
    assert rules.match is not None
    specs = seating(agents, players, 0)
    match = Match(rules.match, players)
    games = []
    while not match.is_over:
        sits = match.seating()
        _, result = play_seeded(rules, players, f"{seed}:0", match.rounds_played, tuple(specs[p] for p in sits), rotate=False)
        state = new_game(rules, players)
        events = [state.apply(move) for move in result.moves]
        match = match.add(result.outcome, events, rule_scores(state))
        games.append(MatchGame(sits, tuple(str(m) for m in result.moves), result.outcome, result.length))
    return PlayedMatch(0, specs, match.scores, match.winners, tuple(games))


def recorded(path: Path, players: int, seed: str, folder: Path) -> tuple[MatchRecord, Path]:
    loaded = load_with_source(path)
    record = record_of(play(loaded.rules, players, seed), loaded.rules, loaded.resolved, seed)
    saved = folder / "match.json"
    save_match_record(saved, record)
    return record, saved


def replay_cli(capsys: pytest.CaptureFixture[str], path: Path) -> tuple[int, dict[str, Any]]:
    code = main(["replay", str(path), "--json"])
    return code, json.loads(capsys.readouterr().out)


# points: score ---------------------------------------------------------------------------------
def test_a_match_by_score_replays_to_the_seeds_each_player_captured(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record, path = recorded(SEED_MATCH, 2, "seeds", tmp_path)
    again = load_match_record(path)
    assert again == record
    match, games = replay_match(again)
    assert match.rules.by_score and match.is_over and match.rounds_played == 3
    # each game's points, worked out from its events: the seeds of every capture go to the
    # player in the capturing seat (the mover: the seat whose move it is)
    expected = [0, 0]
    for game in games:
        assert game.score is not None
        captured = [0, 0]
        for step in game.steps:
            for event in step.events:
                if event.kind == "seeds_captured":
                    captured[game.score.seating[step.seat]] += event["seeds"]
        assert list(game.score.points) == captured
        expected = [a + b for a, b in zip(expected, captured)]
    assert sum(expected) > 0  # random players capture seeds in three games of Kalah
    assert record.scores == expected == list(match.scores)
    best = max(expected)
    assert record.winners == [p for p, s in enumerate(expected) if s == best]
    code, data = replay_cli(capsys, path)
    assert code == 0 and data["error"] is None and data["over"] is True
    assert data["scores"] == expected and data["winners"] == record.winners
    assert [g["points"] for g in data["games"]] == [list(g.score.points) for g in games if g.score is not None]


def test_a_match_by_score_that_does_not_add_up_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, path = recorded(SEED_MATCH, 2, "seeds", tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["scores"] = [data["scores"][0] + 1, data["scores"][1]]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match="the games add up to the scores"):
        replay_match(load_match_record(path))
    code, out = replay_cli(capsys, path)
    assert code == 1 and "add up to the scores" in out["error"]["message"]


def test_a_match_record_may_hold_negative_scores(tmp_path: Path) -> None:
    # a `score` action may take points away: the record reads them (replaying checks them)
    record, path = recorded(SEED_MATCH, 2, "seeds", tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["scores"] = [-3, 5]
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_match_record(path).scores == [-3, 5]


# start: loser ----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3])
def test_a_match_the_loser_starts_seats_each_games_last_player_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], players: int
) -> None:
    record, path = recorded(LOSER_STARTS, players, "loser", tmp_path)
    match, games = replay_match(load_match_record(path))
    assert match.rules.start is MatchStart.LOSER and match.rounds_played == 5 and match.is_over
    seatings = [g.score.seating for g in games if g.score is not None]
    assert seatings[0] == tuple(range(players))
    alone = 0  # games with one player last, who then starts
    for before, after in zip(games, seatings[1:]):
        assert before.score is not None
        last = max(before.score.places)
        losers = [p for p, place in enumerate(before.score.places) if place == last]
        alone += len(losers) == 1
        first = losers[0] if len(losers) == 1 else (before.score.seating[0] + 1) % players
        assert after == tuple((first + seat) % players for seat in range(players))
    if players == 2:
        assert alone == 4  # two players: every game has its loser (Avalanche has no draw)
    # the players of each game's record sit where the match seats them
    for game, sits in zip(record.games, seatings):
        assert game.players == [record.players[p] for p in sits]
    points = {0: 3, 1: 1, 2: 0}
    expected = [sum(points.get(g.score.places[p] - 1, 0) for g in games if g.score is not None) for p in range(players)]
    assert record.scores == expected == list(match.scores)
    code, data = replay_cli(capsys, path)
    assert code == 0 and data["scores"] == expected
    assert [tuple(g["seating"]) for g in data["games"]] == seatings


def test_a_record_that_seats_the_wrong_starter_is_refused(tmp_path: Path) -> None:
    _, path = recorded(LOSER_STARTS, 3, "loser", tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    game = data["games"][1]
    game["players"] = game["players"][1:] + game["players"][:1]  # game 2 started by another player
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match="game 2: its players are not seated as the match seats them .*the loser starting"):
        replay_match(load_match_record(path))
