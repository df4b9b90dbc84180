"""Audit of GAMES.md section 1 against the tests (docs/rule-tests.md): rules found without a
test of their own, each worked out by hand on a small board (see helpers.board).

Boards here are one row of cells; every white slide W<j> is ".|o|o" and starts at the centre,
so column j is white-open and a cell opens exactly when red slide R1 opens it.
"""

from __future__ import annotations

from random import Random

from marblestudio.engine.core import Termination
from marblestudio.engine.stay_alive import StayAliveState, new_game

from .helpers import board, bundled, kinds, play, started


def row_game(players: int, red: str, placements: list[str], marbles: int = 1) -> StayAliveState:
    """A one-row board of len(placements) cells, marbles placed in the given order."""
    width = len(red.split("|")[0])
    rules = board([red], [".|o|o"] * width, start={f"W{j}": 1 for j in range(1, width + 1)}, marbles=marbles)
    state = started(rules, players)
    play(state, *[f"place {cell}" for cell in placements])
    return state


def test_a_player_is_out_only_when_all_five_marbles_have_fallen() -> None:
    # [book] "A player whose 5 marbles have fallen is out". Ten cells a1..j1, five marbles
    # each, placed alternately: seat 0 on a1 b1 c1 d1 e1, seat 1 on f1 g1 h1 i1 j1.
    # R1: inside opens nothing, centre opens a1-d1, outside opens a1-e1.
    state = row_game(2, "..........|oooo......|ooooo.....",
                     ["a1", "f1", "b1", "g1", "c1", "h1", "d1", "i1", "e1", "j1"], marbles=5)
    events = play(state, "R1+")  # seat 0 drops four of its own marbles: a1 b1 c1 d1
    assert [e.get("cell") for e in events if e.kind == "marble_fell"] == ["a1", "b1", "c1", "d1"]
    assert "player_out" not in kinds(events)
    assert not state.is_out(0) and state.marbles_of(0) == ["e1"] and state.outcome() is None
    play(state, "W6-")  # seat 1: f1's column closes (white inside); nothing opens
    play(state, "W7-")  # seat 0: g1's column closes; nothing opens
    events = play(state, "R1+")  # seat 1: R1 outside opens e1 too: seat 0's fifth marble falls
    assert [e.get("cell") for e in events if e.kind == "marble_fell"] == ["e1"]
    assert state.is_out(0)
    outcome = state.outcome()
    assert outcome is not None and outcome.termination is Termination.WIN and outcome.winners == (1,)


def test_mover_whose_last_marble_falls_while_another_player_keeps_one_is_out_and_the_other_wins() -> None:
    # [book] "If the last marbles of the remaining players fall on the same move, the player
    # who moved the slide wins" applies only when nobody keeps a marble. Seat 0 on a1, seat 1
    # on b1, seat 2 on c1; R1 centre opens a1 and b1. Seat 0 moves R1+: its own and seat 1's
    # last marbles fall, seat 2 still has c1: seat 2 is the last player on the grid and wins.
    state = row_game(3, "...|oo.|...", ["a1", "b1", "c1"])
    play(state, "R1+")
    assert state.is_out(0) and state.is_out(1) and not state.is_out(2)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (2,)


def test_last_marbles_of_three_players_fall_together_mover_wins() -> None:
    # [book] "(If two drop at once, the player who moved the slide wins.)" with three players:
    # seat 1 (b1) moves R1 to the centre, which opens a1 b1 c1: all three last marbles fall at
    # once, so seat 1, the mover, wins. Seat 0 first moves a quiet slide (W1 to outside).
    state = row_game(3, "...|ooo|...", ["a1", "b1", "c1"])
    play(state, "W1+")
    play(state, "R1+")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,)


def test_two_player_game_has_the_own_turns_limit_from_the_first_slide_move() -> None:
    # [book] "in a 2-player game a player may move the SAME KNOB on 2 consecutive turns only";
    # [decision] no slide on 3 own turns in a row. Seat 0 moves W1 on its turns 1 and 2 (seat 1
    # moves W2, W3 in between); on its third turn W1 is refused, W2... are free.
    state = row_game(2, "....|....|....", ["a1", "b1"])
    play(state, "W1+", "W2+", "W1-", "W3+")
    assert state.to_move == 0
    legal = [str(m) for m in state.legal_moves()]
    assert "W1+" not in legal and "W1-" not in legal  # third own turn in a row
    assert "W3-" not in legal  # the previous player's slide
    assert "W2-" in legal and "R1+" in legal


def test_setup_draws_each_slide_into_each_of_its_three_positions_over_many_games() -> None:
    # [book] "arrange the slides in random positions at the beginning so each game will play
    # differently". Each slide is drawn among 3 positions; in 200 seeded set-ups a slide misses
    # a given position with chance (2/3)^200 (about 1e-35), so every slide shows all three.
    rules = bundled("stay-alive/standard")
    seen: dict[str, set[int]] = {}
    setups = set()
    for seed in range(200):
        state = new_game(rules, 2)
        state.apply(state.sample_chance(Random(seed)))
        positions = state.slide_positions()
        setups.add(tuple(positions.values()))
        for slide, pos in positions.items():
            seen.setdefault(slide, set()).add(pos)
    assert len(seen) == 14 and all(found == {0, 1, 2} for found in seen.values())
    assert len(setups) > 190  # 3^14 = 4782969 set-ups: repeats among 200 are rare


def test_slide_moved_by_a_player_who_went_out_on_that_move_is_still_blocked() -> None:
    # [book] "Each player in his turn may NOT move the slide moved by the player immediately
    # before his turn" - even when that move put the mover out. Three players, one marble
    # each on a1 b1 c1; R1 centre opens a1 only. Seat 0 moves R1+: its own marble falls, it is
    # out. Seat 1 may not move R1 on the next turn.
    state = row_game(3, "...|o..|...", ["a1", "b1", "c1"])
    play(state, "R1+")
    assert state.is_out(0) and state.to_move == 1
    legal = [str(m) for m in state.legal_moves()]
    assert "R1+" not in legal and "R1-" not in legal and "W1-" in legal


def test_two_to_four_players() -> None:
    # [book] "2-4 players" (20 marbles in the box, 5 each): the bundled game seats 2 to 4.
    players = bundled("stay-alive/standard").players
    assert (players.min, players.max) == (2, 4)
