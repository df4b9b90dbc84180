"""Playtest statistics: Wilson intervals, win counting, lengths, first-player advantage,
notable games, and the printed reports.  Expected values are worked out by hand."""

from __future__ import annotations

import json

import pytest

from marblestudio.playtest.report import pct, render, render_side_by_side, to_json_text
from marblestudio.playtest.stats import FirstPlayer, GameSummary, LengthSummary, Rate, summarize, wilson


def test_wilson_interval_of_five_in_ten() -> None:
    # p = 0.5, n = 10, z = 1.96: centre 0.5, half-width 1.96 * sqrt(0.025 + 0.009604) / 1.38416
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4)
    assert high == pytest.approx(0.7634, abs=1e-4)


def test_wilson_interval_of_none_and_all() -> None:
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)


def test_wilson_interval_without_games_is_everything() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


LIMIT = "the move limit of 4000 moves was reached"  # engine.core.Outcome.capped(4000)


def _game(index: int, winners: tuple[int, ...], length: int, termination: str = "win",
          seating: tuple[str, ...] = ("mcts", "random"), reason: str = "", first: int | None = 0) -> GameSummary:
    return GameSummary(index, 7, seating, termination, winners, length, reason, {}, first)


GAMES = [
    _game(0, (0,), 10),
    _game(1, (1,), 20, seating=("random", "mcts")),
    _game(2, (0,), 30),
    _game(3, (0, 1), 40, seating=("random", "mcts")),  # a shared win: half to each
    _game(4, (), 100, "capped", reason=LIMIT),
    _game(5, (), 50, "draw", seating=("random", "mcts")),
]


def test_wins_are_counted_by_seat_and_by_agent_with_shared_wins_split() -> None:
    report = summarize(GAMES, "t")
    assert report.games == 6 and report.players == 2
    assert [r.wins for r in report.seat_wins] == [2.5, 1.5]
    by_agent = dict(report.agent_wins)
    # mcts won games 0 (seat 0), 1 (seat 1), 2 (seat 0) and half of 3 (seat 1)
    assert by_agent["mcts"].wins == 3.5 and by_agent["mcts"].games == 6
    assert by_agent["random"].wins == 0.5
    assert report.draws == 1 and report.capped == 1


def test_length_distribution() -> None:
    s = LengthSummary.of([10, 20, 30, 40, 100, 50])
    # sorted 10 20 30 40 50 100: median (30 + 40) / 2; q1 at position 1.25 -> 20 + 0.25 * 10
    assert (s.minimum, s.maximum, s.median, s.q1, s.q3) == (10, 100, 35, 22.5, 47.5)
    assert s.mean == pytest.approx(250 / 6)
    assert s.p10 == 15 and s.p90 == 75


def test_first_player_advantage_is_judged_by_the_interval() -> None:
    assert FirstPlayer(Rate.of(80, 100), 0.5).verdict == "first player favoured"
    assert FirstPlayer(Rate.of(20, 100), 0.5).verdict == "first player disfavoured"
    assert FirstPlayer(Rate.of(55, 100), 0.5).verdict == "no clear advantage"
    assert FirstPlayer(Rate.of(55, 100), 0.5).advantage == pytest.approx(0.05)


def test_notable_games_name_their_index_and_seed() -> None:
    notable = {(n.why, n.index) for n in summarize(GAMES).notable}
    assert notable == {("shortest", 0), ("longest", 3), ("capped", 4), ("draw", 5)}
    assert all(n.seed == 7 for n in summarize(GAMES).notable)


def test_an_interrupted_run_says_so() -> None:
    report = summarize(GAMES[:3], "t", requested=10)
    assert report.requested == 10 and report.games == 3
    assert "stopped early: 3 of 10 games finished" in render(report)


def test_the_text_report_shows_rates_intervals_and_reproducible_games() -> None:
    text = render(summarize(GAMES, "stay-alive/standard"))
    assert "player 1 wins" in text and pct(Rate.of(2.5, 6)) in text
    assert [line.split() for line in text.splitlines() if line.strip().startswith(("capped ", "draws "))][:2] == [
        ["draws", "1", "(16.7%)"],
        ["capped", "1", "(16.7%)"],
    ]
    assert f"game 4 (seed 7): 100 moves, capped ({LIMIT})" in text
    assert any(line.split() == ["first", "player", "no", "clear", "advantage"] for line in text.splitlines())


def test_side_by_side_puts_each_run_in_a_column() -> None:
    a = summarize(GAMES, "A")
    b = summarize(GAMES[:2], "B")
    lines = render_side_by_side([a, b]).splitlines()
    assert lines[0].split() == ["A", "B"]
    games_line = next(line for line in lines if line.startswith("games"))
    assert games_line.split() == ["games", "6", "2"]


def test_json_report_round_trips_through_json() -> None:
    data = json.loads(to_json_text(summarize(GAMES, "A")))
    assert data["seat_wins"][0]["wins"] == 2.5
    assert data["first_player"]["fair"] == 0.5
    assert data["lengths"]["median"] == 35


def test_the_first_player_is_judged_on_the_decided_games_only() -> None:
    # Decided: games 0-3 (4 is capped, 5 drawn). Seat 0 moved first in each and won games 0 and 2
    # and half of 3: 2.5 of 4, not 2.5 of 6.
    first = summarize(GAMES).first_player
    assert (first.rate.wins, first.rate.games, first.fair) == (2.5, 4, 0.5)


def test_equal_players_and_many_capped_games_are_no_first_player_disadvantage() -> None:
    # The reviewer's case: 83 and 79 wins of 162 decided games, 38 of 200 capped. Counted over all
    # 200 games seat 0's 41.5% was "disfavoured"; over the decided ones it is 51.2%.
    games = [_game(i, (0,), 10) for i in range(83)] + [_game(83 + i, (1,), 10) for i in range(79)]
    games += [_game(162 + i, (), 4000, "capped", reason=LIMIT) for i in range(38)]
    first = summarize(games).first_player
    assert first.rate.games == 162 and first.rate.rate == pytest.approx(83 / 162)
    assert first.verdict == "no clear advantage"


def test_the_first_player_is_whoever_moved_first_not_seat_0() -> None:
    # Seat 1 moved first in every game (ALIVE: left of the dealer; a house rule's give_turn) and
    # won every game: the first player won 100%, although seat 0 never won.
    games = [_game(i, (1,), 10, first=1) for i in range(20)]
    first = summarize(games).first_player
    assert first.rate.rate == 1.0 and first.verdict == "first player favoured"


def test_a_run_without_a_decided_game_has_no_first_player_verdict() -> None:
    games = [_game(i, (), 6, "capped", reason=LIMIT) for i in range(5)] + [_game(5, (0,), 9, first=None)]
    assert summarize(games).first_player.verdict == "no decided games"


def test_games_stopped_at_the_move_limit_are_warned_of_when_surely_above_one_percent() -> None:
    decided = [_game(i, (i % 2,), 10) for i in range(162)]
    many = decided + [_game(162 + i, (), 4000, "capped", reason=LIMIT) for i in range(38)]
    assert summarize(many).warnings == [
        "38 of 200 games (19.0%) were stopped by the move limit, which the bundled rulesets reach in under 1% of "
        "random games: a rule may keep games from ending"]
    # 2 of 200 (1%): the interval reaches below 1%, as random play of a bundled ruleset may
    few = decided[:198] + [_game(198 + i, (), 4000, "capped", reason=LIMIT) for i in range(2)]
    assert summarize(few).warnings == []


def test_a_game_stopped_for_another_reason_is_always_warned_of_with_its_reason() -> None:
    runaway = "no player could move: the rules made 1000 chance steps in a row (a rule that deals, rolls or shuffles again each time)"
    games = [_game(i, (0,), 10) for i in range(199)] + [_game(199, (), 6, "capped", reason=runaway)]
    report = summarize(games)
    assert report.warnings == [f"1 of 200 games were stopped before anyone won: {runaway}"]
    assert ("capped", 199, 7, 6, f"capped ({runaway})") in [(n.why, n.index, n.seed, n.length, n.result) for n in report.notable]
