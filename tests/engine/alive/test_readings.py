"""Our readings where neither the rulebook nor GAMES.md says (engine/alive/__init__.py lists them)."""

from __future__ import annotations

from marblestudio.engine.alive import Redeal
from marblestudio.engine.core import CHANCE

from .helpers import hand, kinds, play, rules, table


def test_a_wild_last_card_ends_the_hand_without_its_effect() -> None:
    # A BOMB as the last card: the hand is over; nobody discards a 0 or flips for the bomb.
    state = table([["BOMB"], ["0", "3"], ["4"]])
    events = play(state, "play BOMB")
    assert "bomb_discard" not in kinds(events)
    assert state.table.lives == [5, 4, 4]  # only the hand's end costs a life
    assert state.to_move == CHANCE


def test_several_players_out_at_once_cost_every_other_player_one_life() -> None:
    # Two cards handed in among four players, dealt one at a time from seat 1: seats 1 and 2 get
    # one each; seats 3 and 0 (the re-dealer) get none and have both gone out.
    state = table([["REDEAL", "1"], ["2"], [], []], lives=[5, 5, 5, 5])
    play(state, "play REDEAL")
    events = state.apply(Redeal(("1", "2")))
    assert ("hand_over", (3, 0)) in [(e.kind, e.get("winners")) for e in events]
    assert state.table.lives == [5, 4, 4, 5]
    assert state.table.dealer == 3  # the first of them in turn order from the re-dealer's left


def test_after_a_redeal_play_starts_left_and_the_direction_stays() -> None:
    state = table([["REDEAL", "1", "2"], ["3", "4"], ["5", "6"]], direction=-1)
    play(state, "play REDEAL")
    state.apply(Redeal(("1", "2", "3", "4", "5", "6")))
    assert state.to_move == 1  # seat 0's left, although play goes anticlockwise
    assert state.table.direction == -1
    play(state, str(state.legal_moves()[0]))
    assert state.to_move == 0


def test_team_play_ends_when_the_first_team_flips_its_last_life() -> None:
    # Seat 0 (team 0) bombs; seats 1 (team 1), 2 (team 0) and 3 (team 1) hold no 0.
    state = table([["BOMB", "1"], ["2", "2"], ["3", "3"], ["4", "4"]], lives=[1, 1], ruleset=rules(teams=True))
    play(state, "play BOMB")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0, 2)
    assert state.table.lives == [1, 0]


def test_the_hands_dealt_after_a_redeal_are_private() -> None:
    state = table([["REDEAL", "1", "2"], ["3", "4"]])
    play(state, "play REDEAL")
    events = state.apply(Redeal(("1", "2", "3", "4")))
    seen = {next(iter(e.visible_to)): e["cards"] for e in events if e.kind == "cards_seen"}
    assert seen == {1: ("1", "3"), 0: ("2", "4")}
    assert hand(state, 1) == ["1", "3"]
