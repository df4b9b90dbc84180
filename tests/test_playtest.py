"""The playtest driver behind `simulate` and the editor: reproducible games and their report."""

from __future__ import annotations

import random
from typing import Any

import pytest

from marblestudio.agents import RandomAgent, make_agent
from marblestudio.engine.core import CHANCE, Termination
from marblestudio.playtest import Played, game_rng, play_game, play_seeded, report_json, run_games
from marblestudio.rulesets import load, load_with_source
from marblestudio.playtest.workers import GameTask, run_indexed


def test_game_i_of_seed_s_uses_random_seeded_with_s_colon_i() -> None:
    rng, reference = game_rng("x", 4), random.Random("x:4")
    assert [rng.random() for _ in range(3)] == [reference.random() for _ in range(3)]
    assert game_rng(7, 0).random() == random.Random("7:0").random() != random.Random("7:1").random()


def test_a_game_played_again_alone_is_the_same_game() -> None:
    rules = load("stay-alive/standard")
    seen: dict[int, list[str]] = {}
    run_games(rules, 2, 5, seed=9, on_game=lambda i, p: seen.__setitem__(i, list(p.moves)))
    alone = play_game(rules, 2, game_rng(9, 3))
    assert [str(m) for m in alone.moves] == seen[3]
    _, again = play_seeded(rules, 2, 9, 3, ("random",))
    assert [str(m) for m in again.moves] == seen[3]


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

        def choose(self, state, seat, rng=None):  # type: ignore[no-untyped-def]
            self.calls += 1
            assert state.to_move == seat != CHANCE
            return state.legal_moves()[0]

    first = FirstMove()
    result = play_game(load("stay-alive/quick"), 2, game_rng(0, 0), agents=[first, RandomAgent()])
    assert first.calls in ((result.length + 1) // 2, result.length // 2)


def test_the_seats_rotate_game_by_game_and_each_agent_is_seeded_by_seed_game_and_seat() -> None:
    rules = load("stay-alive/quick")
    seats0, _ = play_seeded(rules, 2, "s", 0, ("heuristic", "random"))
    seats1, game1 = play_seeded(rules, 2, "s", 1, ("heuristic", "random"))
    assert seats0 == ("heuristic", "random") and seats1 == ("random", "heuristic")
    by_hand = play_game(rules, 2, game_rng("s", 1), [make_agent("random", "s:1:0"), make_agent("heuristic", "s:1:1")])
    assert [str(m) for m in by_hand.moves] == [str(m) for m in game1.moves]


def test_the_report_is_the_same_as_compare_s_game_task_plays() -> None:
    loaded = load_with_source("stay-alive/quick")
    agents = ("heuristic", "random")
    ours = run_games(loaded.rules, 2, 6, "c", agents)
    theirs = run_indexed(GameTask(loaded.resolved, agents, "c", 2), 6, workers=1).results
    from marblestudio.playtest.stats import summarize

    assert ours == summarize(theirs, "stay-alive/quick", requested=6)


def test_the_report_does_not_depend_on_the_number_of_workers() -> None:
    loaded = load_with_source("stay-alive/quick")
    one = run_games(loaded.rules, 3, 12, 5, ("heuristic", "random"), resolved=loaded.resolved, workers=1)
    two = run_games(loaded.rules, 3, 12, 5, ("heuristic", "random"), resolved=loaded.resolved, workers=2)
    assert one == two and one.games == 12


def test_report_statistics_and_progress() -> None:
    rules = load("stay-alive/quick")
    progress: list[tuple[int, int]] = []
    report = run_games(rules, 2, 6, seed="s", progress=lambda d, t: progress.append((d, t)))
    assert report.games == 6 and progress[-1] == (6, 6)
    wins = sum(r.wins for r in report.seat_wins)
    assert wins + report.draws + report.capped == 6
    assert report.lengths.count == 6 and report.lengths.minimum <= report.lengths.median <= report.lengths.maximum
    data = report_json(report, rules, "s", 2.0)
    assert data["ruleset"] == "stay-alive/quick" and data["seed"] == "s" and data["games_per_second"] == 3.0
    assert data["seat_names"] == [rules.presentation.seat_name(0), rules.presentation.seat_name(1)]


def test_a_failing_game_is_kept_as_a_finding_or_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    from marblestudio import playtest
    from marblestudio.playtest import workers

    real = playtest.play_game

    def failing_on_game_2(rules, players, rng, agents=None, start=None):  # type: ignore[no-untyped-def]
        result = real(rules, players, rng, agents, start)
        if agents is not None and agents[0].seed == "f:2:0":
            raise RuntimeError("boom")
        return result

    monkeypatch.setattr(workers, "play_game", failing_on_game_2)  # the one game loop lives there
    rules = load("stay-alive/quick")
    seen: list[Played] = []
    report = run_games(rules, 2, 4, "f", catch_errors=True, on_game=lambda i, p: seen.append(p))
    assert report.games == 3 and [p.index for p in seen] == [0, 1, 2, 3]
    assert seen[2].summary is None and seen[2].error == "RuntimeError: boom" and "Traceback" in seen[2].trace
    with pytest.raises(RuntimeError, match="boom"):
        run_games(rules, 2, 4, "f")


ARCHIMEDES_RANDOM_GAMES = ["archimedes/standard", "archimedes/variation-2", "archimedes/variation-3",
                           *(f"examples/house-rules/archimedes-{name}.yaml" for name in
                             ("three-again", "long-roll", "placing-power", "jump-sends-back", "lose-a-marble", "neutral"))]


def _random_players_step_by_step(rules: Any, rng: random.Random) -> tuple[list[Any], Any, int, dict[str, int]]:
    """The game random players make through `apply`, step by step: (moves, outcome, length, firings)."""
    from marblestudio.engine import new_game
    from marblestudio.playtest.workers import fired_in

    agent, state, moves, length = RandomAgent(), new_game(rules, 2), [], 0
    while state.outcome() is None:
        if state.to_move == CHANCE:
            move = state.sample_chance(rng)
        else:
            move = agent.choose(state, state.to_move, rng)
            length += 1
        state.apply(move)
        moves.append(move)
    return moves, state.outcome(), length, fired_in(state)


@pytest.mark.parametrize("ref", ARCHIMEDES_RANDOM_GAMES)
def test_random_players_play_rock_me_archimedes_in_its_fast_loop_and_the_games_are_the_same(ref: str) -> None:
    """A playtest's random game of Rock Me Archimedes is played in the game's fast loop
    (`State.random_game`), and is the game random players make step by step through `apply`: the
    same moves, chance included, the same end, length and firings."""
    from pathlib import Path

    from marblestudio.engine import new_game

    root = Path(__file__).resolve().parents[1]
    rules = load_with_source(root / ref).rules if ref.endswith(".yaml") else load(ref)
    assert new_game(rules, 2).random_game(random.Random(0), []) is not None  # the fast loop plays these rules
    for index in range(8):
        fast = play_game(rules, 2, game_rng("fast", index))
        assert (fast.moves, fast.outcome, fast.length, fast.fired) == _random_players_step_by_step(rules, game_rng("fast", index)), (ref, index)


def test_random_players_play_the_same_games_in_the_fast_loop_for_random_rule_pieces() -> None:
    """Rule pieces grown at random (the fuzz property's generator) on the bundled Archimedes
    rulesets: whenever the fast loop plays them, a playtest's game is the one random players
    make step by step through `apply` (the fast loop plays through `play`, which a rule must
    not tell from `apply`)."""
    from marblestudio.engine import new_game
    from tests.properties.pieces import ruleset_with_pieces

    compared = 0
    for seed in range(300):
        found = ruleset_with_pieces(seed, "archimedes")
        if found is None or new_game(found[0], 2).random_game(random.Random(0), []) is None:
            continue  # refused, or rules the fast loop does not play (constraints, powers, ...)
        rules, pieces = found
        compared += 1
        fast = play_game(rules, 2, game_rng("pieces", seed))
        assert (fast.moves, fast.outcome, fast.length, fast.fired) == _random_players_step_by_step(rules, game_rng("pieces", seed)), (seed, pieces)
    assert compared >= 20, compared
