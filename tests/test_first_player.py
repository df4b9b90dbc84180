"""Who the playtest counts as the first player: whoever made the game's first decision, as the
rulebooks seat them, in the random players' fast loop and in the agents' loop alike."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from marblestudio import rulesets
from marblestudio.agents import make_agent
from marblestudio.cli import main
from marblestudio.playtest.workers import play_game, play_seeded


def test_rock_me_archimedes_first_player_is_the_higher_start_roll() -> None:
    # The book: "Each player rolls the die; the higher roll goes first" (StartRolls first-second:
    # seat 0's roll, then seat 1's). Over 20 seeded games both seats begin some of them.
    rules = rulesets.load("archimedes/standard")
    seen = set()
    for index in range(20):
        _, result = play_seeded(rules, 2, "first", index)
        start = result.moves[0]
        assert str(start).startswith("start ")
        mine, yours = (int(v) for v in str(start).split()[1].split("-"))
        assert result.first == (0 if mine > yours else 1)
        seen.add(result.first)
    assert seen == {0, 1}


def test_the_agents_loop_finds_the_same_first_player() -> None:
    rules = rulesets.load("archimedes/standard")
    for index in range(6):
        result = play_game(rules, 2, random.Random(index), [make_agent("heuristic", f"h{s}") for s in range(2)])
        mine, yours = (int(v) for v in str(result.moves[0]).split()[1].split("-"))
        assert result.first == (0 if mine > yours else 1)


HOUSE = """\
format: 1
extends: stay-alive/standard
id: stay-alive/starter-wins
name: Stay Alive, blue starts and the starter wins
rules:
  - name: blue starts
    on: slides_set
    then: {give_turn: {seat: 1}}
  - name: starter wins
    on: turn_over
    if: moves_played == 1
    then: {win: event.seat}
"""


def test_a_house_rule_that_gives_the_start_to_blue_shows_its_first_player_winning(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Blue (player 2) starts by the set-up rule and wins at the end of its first turn: the first
    # player wins every game. The report had said "first player wins 0.0%" (it counted seat 0).
    path = tmp_path / "starter.yaml"
    path.write_text(HOUSE, encoding="utf-8")
    assert main(["simulate", str(path), "--games", "20", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert [line.split()[:4] for line in out.splitlines() if "player 2 wins" in line] == [["player", "2", "wins", "100.0%"]]
    line = next(line for line in out.splitlines() if line.strip().startswith("first player wins"))
    assert "100.0%" in line and "of 20 decided" in line
    assert "first player favoured" in out
