"""Going out, elimination, the winner, the shorter game, team play and the empty deck."""

from __future__ import annotations

import random

from marblestudio.engine.alive import EmptyDeck, GameEnd, Reshuffle
from marblestudio.engine.core import CHANCE, Termination

from .helpers import hand, kinds, play, rules, table


def test_last_card_ends_hand_others_lose_a_life() -> None:
    state = table([["3"], ["1", "2"], ["4"], ["0", "0", "0"]], total=5)
    events = play(state, "play 3")
    assert state.table.lives == [5, 4, 4, 4]
    assert ("hand_over", (0,)) in [(e.kind, e.get("winners")) for e in events]


def test_hand_end_collects_every_card_for_a_full_reshuffle() -> None:
    state = table([["3"], ["1", "2"], ["4"]], deck=["5", "6"], discard=["0", "7"])
    play(state, "play 3")
    assert state.to_move == CHANCE
    assert state.counts() == {"deck": 8, "discard": 0, "hands": 0}
    deal = state.sample_chance(random.Random(3))
    assert sorted(deal.order) == ["0", "1", "2", "3", "4", "5", "6", "7"]  # hands, deck and discards


def test_player_with_every_life_flipped_is_out_and_discards_their_hand() -> None:
    state = table([["7", "6"], ["1", "2"], ["3", "4"]], total=20, lives=[1, 5, 5])
    events = play(state, "flip")
    assert state.table.lives == [0, 5, 5]
    assert state.table.alive == [False, True, True]
    assert hand(state, 0) == []
    assert sorted(state.public_view().discard) == ["6", "7"]
    assert "eliminated" in kinds(events)


def test_players_who_are_out_are_skipped() -> None:
    state = table([["1", "1"], [], ["2", "2"], ["3", "3"]], lives=[5, 0, 5, 5])
    play(state, "play 1")
    assert state.to_move == 2


def test_players_who_are_out_get_no_cards_in_the_next_deal() -> None:
    state = table([["1"], [], ["2", "2"], ["3", "3"]], deck=["4"] * 10, lives=[5, 0, 5, 5])
    play(state, "play 1")
    state.apply(state.sample_chance(random.Random(0)))
    assert state.table.hand_sizes[1] == 0


def test_last_player_with_a_face_up_life_card_wins() -> None:
    state = table([["5"], ["1", "2"], ["4", "4"]], lives=[2, 1, 1])
    events = play(state, "play 5")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.termination is Termination.WIN
    assert outcome.winners == (0,)
    assert kinds(events)[-2:] == ["turn_over", "game_over"]


def test_shorter_game_ends_when_the_first_player_is_out_and_most_lives_win() -> None:
    ruleset = rules(game_end=GameEnd.FIRST_PLAYER_OUT)
    state = table([["7", "6"], ["1", "2"], ["3"]], total=20, lives=[1, 4, 3], ruleset=ruleset)
    play(state, "flip")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,)


def test_shorter_game_tie_goes_to_the_lowest_number_total_in_hand() -> None:
    ruleset = rules(game_end=GameEnd.FIRST_PLAYER_OUT)
    # Seats 1 and 2 both keep 3 lives; seat 1 holds 4 + 3 = 7 in number cards, seat 2 holds 5
    # (the wild card counts nothing).
    state = table([["7", "6"], ["4", "3"], ["5", "SKIP"]], total=20, lives=[1, 3, 3], ruleset=ruleset)
    play(state, "flip")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (2,)


def test_shorter_game_is_the_short_game_ruleset() -> None:
    assert rules("alive/short-game").family.game_end is GameEnd.FIRST_PLAYER_OUT


def test_team_play_opposing_team_loses_one_life_when_a_player_goes_out() -> None:
    ruleset = rules(teams=True)
    state = table([["1"], ["2", "2"], ["3", "3"], ["4", "4"]], ruleset=ruleset)
    play(state, "play 1")  # seat 0 (team 0: seats 0 and 2) goes out
    assert state.table.lives == [5, 4]


def test_team_play_teams_sit_alternately_three_and_two_with_five_players() -> None:
    state = table([["1"], ["2"], ["3"], ["4"], ["5"]], ruleset=rules(teams=True))
    assert state.table.team_of == (0, 1, 0, 1, 0)


def test_team_play_bomb_costs_the_victims_team_a_life_each_team_mates_too() -> None:
    ruleset = rules(teams=True)
    state = table([["BOMB", "1"], ["2", "2"], ["3", "3"], ["4", "4"]], ruleset=ruleset)
    play(state, "play BOMB")
    assert state.table.lives == [4, 3]  # seat 2 (a team-mate) and seats 1, 3 had no zero


def test_team_play_flip_costs_the_team_a_life() -> None:
    state = table([["1", "1"], ["7", "6"], ["3", "3"], ["4", "4"]], total=20, current=1, ruleset=rules(teams=True))
    play(state, "flip")
    assert state.table.lives == [5, 4]


def test_team_play_game_ends_when_a_team_has_flipped_all_its_lives() -> None:
    state = table([["1"], ["2", "2"], ["3", "3"], ["4", "4"]], lives=[3, 1], ruleset=rules(teams=True))
    play(state, "play 1")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0, 2)


def test_empty_deck_reshuffles_the_discard_pile_bar_its_top_card() -> None:
    state = table([["DRAW2", "1"], ["2"], ["3"]], deck=["4"], discard=["5", "6", "7"])
    play(state, "play DRAW2")
    assert hand(state, 1) == ["2", "4"]  # one card drawn, then the deck is empty
    assert state.to_move == CHANCE
    state.apply(Reshuffle(("6", "5", "7")))  # the pile bar the DRAW2 on top
    assert hand(state, 1) == ["2", "4", "6"]
    assert hand(state, 2) == ["3", "5", "7"]
    assert state.public_view().discard == ("DRAW2",)
    assert state.to_move == 1


def test_empty_deck_draw_nothing_option() -> None:
    ruleset = rules(empty_deck=EmptyDeck.DRAW_NOTHING)
    state = table([["DRAW2", "1"], ["2"], ["3"]], deck=["4"], discard=["5", "6"], ruleset=ruleset)
    play(state, "play DRAW2")
    assert hand(state, 1) == ["2", "4"]
    assert hand(state, 2) == ["3"]
    assert state.to_move == 1


def test_move_limit_ends_the_game_as_capped() -> None:
    state = table([["1", "1", "1"], ["1", "1", "1"]], ruleset=rules(move_limit=2))
    play(state, "play 1")
    assert state.outcome() is None
    play(state, "play 1")
    outcome = state.outcome()
    assert outcome is not None and outcome.termination is Termination.CAPPED
