"""The random-play driver behind `simulate`: reproducible games and their statistics."""

from __future__ import annotations

import random

from marblestudio.engine.core import CHANCE, Termination
from marblestudio.playtest import RandomAgent, Report, game_rng, play_game, run_games
from marblestudio.rulesets import load


def test_game_i_of_seed_s_uses_random_seeded_with_s_colon_i() -> None:
    rng, reference = game_rng("x", 4), random.Random("x:4")
    assert [rng.random() for _ in range(3)] == [reference.random() for _ in range(3)]
    assert game_rng(7, 0).random() == random.Random("7:0").random() != random.Random("7:1").random()


def test_a_game_played_again_alone_is_the_same_game() -> None:
    rules = load("stay-alive/standard")
    seen: dict[int, list[str]] = {}
    run_games(rules, 2, 5, seed=9, on_game=lambda i, r: seen.__setitem__(i, [str(m) for m in r.moves]))
    alone = play_game(rules, 2, game_rng(9, 3))
    assert [str(m) for m in alone.moves] == seen[3]


def test_play_game_counts_player_moves_only_and_starts_with_chance() -> None:
    rules = load("stay-alive/quick")
    result = play_game(rules, 3, game_rng(1, 0))
    assert result.moves[0].is_chance and not any(m.is_chance for m in result.moves[1:])
    assert result.length == len(result.moves) - 1
    assert result.outcome.termination is Termination.WIN


def test_agents_choose_the_moves() -> None:
    class FirstMove:
        name = "first"

        def __init__(self) -> None:
            self.calls = 0

        def choose(self, state, rng):  # type: ignore[no-untyped-def]
            self.calls += 1
            assert state.to_move != CHANCE
            return state.legal_moves()[0]

    first = FirstMove()
    result = play_game(load("stay-alive/quick"), 2, game_rng(0, 0), agents=[first, RandomAgent()])
    assert first.calls == (result.length + 1) // 2 or first.calls == result.length // 2


def test_report_statistics() -> None:
    rules = load("stay-alive/quick")
    progress: list[tuple[int, int]] = []
    report = run_games(rules, 2, 6, seed="s", progress=lambda d, t: progress.append((d, t)))
    assert report.games == 6 and progress[-1] == (6, 6)
    assert sum(report.wins) + report.draws + report.capped == 6
    assert report.max_length == max(report.lengths) and len(report.lengths) == 6
    data = report.to_json()
    assert data["length"]["max"] == report.max_length and data["wins"] == report.wins


def test_report_median_and_mean() -> None:
    report = Report("x", 2, 0, wins=[0, 0], lengths=[1, 2, 10])
    assert report.mean_length == 13 / 3 and report.median_length == 2
