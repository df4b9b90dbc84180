"""GAMES.md section 3, Standard rule #4: four players as partners (seats 0 and 2, 1 and 3).

Cards in seat order: P0 needs yellow, P1 blue, P2 red (or two reds), P3 blue.  The board is a
row of four gates and a chute (hole 5), as in test_standard.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml

from marblestudio.engine.avalanche import GoOut
from marblestudio.engine.avalanche.rules import GoingOut
from marblestudio.engine import new_game
from marblestudio.engine.core import IllegalMoveError
from marblestudio.engine.rules import Teams
from marblestudio.rulesets import load_with_source

from .helpers import hand, kinds, play, row_of_gates, started


def partnership(p2: str = "R"):  # type: ignore[no-untyped-def]
    rules = row_of_gates(4, cards={"P0": "Y", "P1": "B", "P2": p2, "P3": "B"}, players=(4, 4), teams=Teams(2),
                         partnership=True, going_out=GoingOut.CHOICE)
    return started(rules, 4)


def test_partner_may_fill_either_card() -> None:
    state = partnership()
    events = play(state, "R5")  # red: seat 0's card wants yellow; its partner's card wants red
    assert [(e["card"], e["colour"]) for e in events if e.kind == "marble_on_card"] == [("P2", "red")]
    # the event tells who dropped it (seat 0) and whose card it filled (the partner's, seat 2)
    assert [(e["seat"], e["owner"]) for e in events if e.kind == "marble_on_card"] == [(0, 2)]


def test_partner_may_go_out() -> None:
    state = partnership()
    play(state, "Y5")  # yellow on seat 0's card; seat 0 ends the turn with nothing in hand
    assert state.legal_moves() == [GoOut(True), GoOut(False)]
    events = play(state, "out")
    assert kinds(events) == ["went_out", "turn_over"]
    assert state.to_move == 1


def test_partner_who_has_gone_out_takes_no_more_turns() -> None:
    state = partnership()
    play(state, "Y5", "out")
    play(state, "Y5")  # seat 1: yellow is on no card of theirs: held
    play(state, "B5")  # seat 2: blue is on no card of theirs: held
    play(state, "Y5")  # seat 3: held
    assert state.to_move == 1  # seat 0 is skipped


def test_only_one_partner_may_go_out() -> None:
    state = partnership(p2="RR")
    play(state, "Y5", "out", "Y5")
    events = play(state, "R5")  # seat 2 ends a turn with nothing in hand, but its partner is out
    assert kinds(events)[-1] == "turn_over" and state.to_move == 3
    with pytest.raises(IllegalMoveError):
        play(state, "out")


def test_partnership_wins_with_both_cards_full_and_nothing_in_hand() -> None:
    state = partnership()
    play(state, "Y5", "stay", "B5", "stay")  # seat 1 fills its own card and stays in
    play(state, "R5")  # seat 2 fills its card: both partnership cards full, both hands empty
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0, 2)


def test_partnership_does_not_win_while_a_partner_holds_marbles() -> None:
    state = partnership()
    play(state, "Y1", "B1")  # blue and yellow fall: yellow on seat 0's card, blue held
    play(state, "B5", "stay")
    play(state, "R5")  # both cards full, but seat 0 still holds a blue
    assert state.outcome() is None and hand(state, 0) == {"blue": 1}
    play(state, "stay", "Y5")  # seat 2 stays in; seat 3 takes a yellow
    play(state, "B2")  # seat 0 drops its blue and none falls: the partnership wins
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0, 2)


def test_in_team_play_a_partner_who_runs_out_wins_with_the_whole_team(tmp_path: Path) -> None:
    # Expert I played by partners (teams of seats 0 and 2, 1 and 3): the player who drops their
    # last marble with none falling out wins, and with partners the team wins (an audit found the
    # win naming the seat alone)
    path = tmp_path / "team-run-out.yaml"
    path.write_text(yaml.safe_dump({"format": 1, "id": "avalanche/team-run-out", "name": "T", "extends": "avalanche/expert-1",
                                    "players": {"min": 4, "max": 4, "default": 4}, "teams": {"count": 2},
                                    "avalanche": {"play": {"partnership": True}}}))
    rules = load_with_source(path).rules
    wins = 0
    for seed in range(20):
        rng = random.Random(seed)
        state = new_game(rules, 4)
        while state.outcome() is None:
            state.apply(state.sample_chance(rng) if state.to_move < 0 else rng.choice(state.legal_moves()))
        outcome = state.outcome()
        assert outcome is not None
        if outcome.winners:
            assert outcome.winners in ((0, 2), (1, 3)), (seed, outcome)
            wins += 1
    assert wins > 0
