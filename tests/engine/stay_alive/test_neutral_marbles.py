"""Neutral marbles (a ruleset's `stay_alive.neutral:`): owned by no one, they block a cell and fall
like any marble when it opens; no one loses by it.

Worked from the standard tables (rulesets/stay-alive/standard.yaml), every slide at the centre
(position 1): d1 is row 1, column d (index 3).  R1 at 1 is "....o.." (index 3 closed), so d1 is
closed; R1 at 2 is ".o.o.oo" (index 3 open) and W4 at 1 is "o.o...." (row 1, index 0, open), so
R1+ opens d1 and the neutral marble there falls."""

from __future__ import annotations

from pathlib import Path

import yaml

from marblestudio.engine import new_game
from marblestudio.rulesets import check_path, load_with_source

SLIDES = [f"R{i}" for i in range(1, 8)] + [f"W{i}" for i in range(1, 8)]


def write(tmp_path: Path, neutral: list[str]) -> Path:
    path = tmp_path / "neutral.yaml"
    path.write_text(yaml.safe_dump({
        "format": 1, "id": "house/neutral", "name": "Neutral", "extends": "stay-alive/standard",
        "stay_alive": {"neutral": neutral, "start": {sid: "centre" for sid in SLIDES}},
    }))
    return path


def test_a_neutral_marble_blocks_its_cell_and_falls_when_it_opens(tmp_path: Path) -> None:
    state = new_game(load_with_source(write(tmp_path, ["d1"])).rules, 2)
    view = state.public_view()
    assert view.neutral == ("d1",)  # type: ignore[attr-defined]
    total = sum(state.counts().values())
    assert state.counts()["neutral_on_grid"] == 1
    assert "place d1" not in [str(m) for m in state.legal_moves()]  # taken
    for _ in range(10):  # every marble placed, none in row 1
        state.apply(next(m for m in state.legal_moves() if m.row != 0))  # type: ignore[attr-defined]
    events = state.apply(state.parse_move("R1+"))
    fell = [e for e in events if e.kind == "neutral_fell"]
    assert [(e["cell"], e["row"], e["col"]) for e in fell] == [("d1", 0, 3)]
    assert not any(e.kind in ("marble_fell", "player_out") for e in events)
    assert state.public_view().neutral == ()  # type: ignore[attr-defined]
    assert state.counts()["neutral_fallen"] == 1 and state.fallen == [0, 0]  # type: ignore[attr-defined]
    assert sum(state.counts().values()) == total  # no marble created or lost


def test_a_neutral_marble_on_an_open_cell_falls_at_the_set_up(tmp_path: Path) -> None:
    # after the random set-up each neutral marble is on the grid, or fell at once (its cell was
    # open), with one neutral_fell event each
    path = tmp_path / "random.yaml"
    path.write_text(yaml.safe_dump({"format": 1, "id": "house/neutral-random", "name": "Neutral", "extends": "stay-alive/standard",
                                    "stay_alive": {"neutral": ["a1", "g7"]}}))
    import random

    for seed in range(20):
        state = new_game(load_with_source(path).rules, 2)
        assert state.counts()["neutral_to_place"] == 2
        events = state.apply(state.sample_chance(random.Random(seed)))
        counts = state.counts()
        assert counts["neutral_to_place"] == 0 and counts["neutral_on_grid"] + counts["neutral_fallen"] == 2
        assert counts["neutral_fallen"] == sum(1 for e in events if e.kind == "neutral_fell")


def test_a_neutral_marble_off_the_grid_is_refused_where_it_is_written(tmp_path: Path) -> None:
    errors = [d for d in check_path(write(tmp_path, ["d1", "h9"])) if d.is_error]
    assert [d.message for d in errors] == ["neutral marble 2: cell h9 is off the board (a1 to g7)"]
    assert errors[0].pointer == "/stay_alive/neutral/1"


def test_longer_moves_let_a_knob_jump_two_positions(tmp_path: Path) -> None:
    # knob_steps: 2 adds R1++ and R1-- after the one-position moves, where the knob has room;
    # every slide at the centre (position 1 of 0..2) has room for one position either way only
    path = tmp_path / "long.yaml"
    path.write_text(yaml.safe_dump({"format": 1, "id": "house/long", "name": "Long", "extends": "stay-alive/standard",
                                    "stay_alive": {"knob_steps": 2, "start": {sid: "inside" for sid in SLIDES}}}))
    state = new_game(load_with_source(path).rules, 2)
    for _ in range(10):
        state.apply(state.legal_moves()[0])
    legal = [str(m) for m in state.legal_moves()]
    assert legal[:4] == ["R1+", "R1++", "R2+", "R2++"]  # inside (0): one or two positions out
    events = state.apply(state.parse_move("R1++"))
    assert (events[0]["from"], events[0]["to"]) == (0, 2)
    assert state.slide_positions()["R1"] == 2  # type: ignore[attr-defined]
    plain = path.with_name("plain.yaml")
    plain.write_text(path.read_text().replace("knob_steps: 2", "knob_steps: 1"))
    book = new_game(load_with_source(plain).rules, 2)
    for _ in range(10):
        book.apply(book.legal_moves()[0])
    from marblestudio.engine.core import IllegalMoveError
    import pytest

    with pytest.raises(IllegalMoveError, match="a knob moves one position"):
        book.apply(book.parse_move("R1++"))


def test_a_knob_cannot_move_further_than_its_positions(tmp_path: Path) -> None:
    path = tmp_path / "long.yaml"
    path.write_text(yaml.safe_dump({"format": 1, "id": "house/long", "name": "Long", "extends": "stay-alive/standard",
                                    "stay_alive": {"knob_steps": 3}}))
    errors = [d.message for d in check_path(path) if d.is_error]
    assert errors == ["a knob has 3 positions, so it can move at most 2 in one move, not 3"]


def test_team_play_ends_when_one_team_is_left_and_the_whole_team_wins(tmp_path: Path) -> None:
    # teams: {count: 2} seats 0 and 2 against 1 and 3 (seat i in team i mod 2): the game ends at
    # the move after which every player still in is of one team, and that team wins whole
    import random

    from marblestudio.engine.core import play_random

    path = tmp_path / "teams.yaml"
    path.write_text(yaml.safe_dump({"format": 1, "id": "house/teams", "name": "Teams", "extends": "stay-alive/standard",
                                    "players": {"min": 4, "max": 4, "default": 4}, "teams": {"count": 2}}))
    rules = load_with_source(path).rules
    ended_with_partners_out = 0
    for seed in range(40):
        state = new_game(rules, 4)
        for _ in play_random(state, random.Random(seed)):
            out = [s for s in range(4) if state.is_out(s)]  # type: ignore[attr-defined]
            teams_in = {s % 2 for s in range(4) if s not in out}
            assert (state.outcome() is None) == (len(teams_in) == 2)  # it goes on exactly while both teams are in
        outcome = state.outcome()
        assert outcome is not None and outcome.winners in ((0, 2), (1, 3))
        ended_with_partners_out += any(state.is_out(s) for s in outcome.winners)  # type: ignore[attr-defined]
    assert ended_with_partners_out > 0  # a team won with one of its players already out
