"""Audit of GAMES.md section 2 against the tests (docs/rule-tests.md): rules found without a
test of their own, each worked out by hand on a hand-set table (helpers.table)."""

from __future__ import annotations

import random

from marblestudio.engine.alive import GameEnd, PlayCard, Redeal, new_game

from .helpers import hand, play, rules, table


def test_standard_deck_holds_the_card_counts_of_games_md() -> None:
    # [fact + decision] 0x8, 1x8, 2x8, 3x8, 4x8, 5x4, 6x2, 7x1 (47 number cards); =21x5, =0x3,
    # =10x2, DRAW 1x2, DRAW 2x2, PASS ME BYx4, SKIPx6, HAND IN & RE-DEALx1, BOMBx1, REVERSEx4
    # (30 wild cards): 47 + 30 = 77.
    family = rules().family
    numbers = {kind.value: kind.count for kind in family.deck if not kind.is_wild}
    assert numbers == {0: 8, 1: 8, 2: 8, 3: 8, 4: 8, 5: 4, 6: 2, 7: 1}
    wilds = {kind.label: kind.count for kind in family.deck if kind.is_wild}
    assert wilds == {"=21": 5, "=0": 3, "=10": 2, "DRAW 1": 2, "DRAW 2": 2, "PASS ME BY": 4,
                     "SKIP": 6, "HAND IN & RE-DEAL": 1, "BOMB": 1, "REVERSE": 4}
    assert family.deck_size == 77


def test_two_to_six_players_ten_cards_each() -> None:
    # [book] 2-6 players (6 life sets); 10 cards dealt to each. With 6 players 60 of the 77
    # cards are dealt, 17 stay in the deck.
    ruleset = rules()
    assert (ruleset.players.min, ruleset.players.max) == (2, 6)
    state = new_game(ruleset, 6)
    state.apply(state.sample_chance(random.Random(5)))
    assert state.table.hand_sizes == [10] * 6
    assert state.counts() == {"deck": 17, "discard": 0, "hands": 60}


def test_a_number_zero_can_be_played_at_21() -> None:
    # [book] only a card that would take the total ABOVE 21 may not be played: 21 + 0 = 21.
    state = table([["0", "1"], ["2"]], total=21)
    assert state.legal_moves() == [PlayCard("0")]
    play(state, "play 0")
    assert state.table.total == 21 and state.table.lives == [5, 5]


def test_skip_with_two_players_left_of_three_plays_again() -> None:
    # [book] SKIP: "with 2 players left the player of the card plays again". Seat 1 is out,
    # so seats 0 and 2 are left: seat 0's SKIP skips seat 2 and comes back to seat 0.
    state = table([["SKIP", "1"], [], ["3", "3"]], lives=[5, 0, 5])
    play(state, "play SKIP")
    assert state.to_move == 0


def test_pass_me_by_follows_the_direction_of_play() -> None:
    # [book] PASS ME BY: play passes to the next player in the rotation; anticlockwise from
    # seat 0 of four that is seat 3.
    state = table([["PASS", "1"], ["2"], ["3"], ["4"]], direction=-1)
    play(state, "play PASS")
    assert state.to_move == 3


def test_team_play_draw_hits_team_mates_too() -> None:
    # [decision] DRAW hits every other player, team-mates too. Seat 0 (team 0 with seat 2)
    # plays DRAW 1; seats 1, 2, 3 each draw one card in turn order from the top: 4, 5, 6.
    state = table([["DRAW1", "1"], ["2"], ["3"], ["0"]], deck=["4", "5", "6", "7"], ruleset=rules(teams=True))
    play(state, "play DRAW1")
    assert hand(state, 1) == ["2", "4"]
    assert hand(state, 2) == ["3", "5"]  # the team-mate draws too
    assert hand(state, 3) == ["0", "6"]
    assert hand(state, 0) == ["1"]


def test_shorter_game_ends_when_a_last_card_costs_a_player_their_last_life() -> None:
    # [book] shorter game: "as soon as one player has flipped all 5, the game ends; most life
    # cards left wins". Lives 3, 1, 2: seat 0 plays its last card, seats 1 and 2 each flip
    # one: lives 3, 0, 1. Seat 1 has flipped all: the game ends, seat 0 (3 lives) wins.
    state = table([["2"], ["1", "1"], ["4"]], lives=[3, 1, 2], ruleset=rules(game_end=GameEnd.FIRST_PLAYER_OUT))
    play(state, "play 2")
    assert state.table.lives == [3, 0, 1]
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)


def test_team_play_last_card_costs_the_opposing_team_one_life_with_six_players() -> None:
    # [book] team play: "when a player plays their last card the opposing team loses only one
    # life", however many opponents still hold cards. Six players, teams 0 2 4 and 1 3 5;
    # seat 0 plays its last card: team 1 goes from 5 to 4 lives, team 0 keeps 5.
    state = table([["3"], ["1", "1"], ["2"], ["4", "4"], ["1"], ["2", "2"]], ruleset=rules(teams=True))
    play(state, "play 3")
    assert state.table.lives == [5, 4]


def test_skip_skips_the_next_player_still_in() -> None:
    # [book] SKIP: "the next player is ignored and play proceeds to the following player".
    # Four seats, seat 1 out: the next player after seat 0 is seat 2, who is skipped: seat 3.
    state = table([["SKIP", "1"], [], ["2"], ["3"]], lives=[5, 0, 5, 5])
    play(state, "play SKIP")
    assert state.to_move == 3


def test_draw_and_bomb_do_not_reach_players_who_are_out() -> None:
    # [book] DRAW: "all other players pick up"; BOMB: "all other players must discard a 0 or
    # flip". A player who is out holds no cards and has no life to flip: seat 1 (out) is left
    # alone. DRAW 1: seat 2 draws the top card 4. Then seat 2 plays 3; seat 0 bombs: seat 2
    # holds no 0 and flips one life (5 -> 4); seat 1 stays at 0 lives with no cards.
    state = table([["DRAW1", "BOMB", "1"], [], ["3", "2"]], deck=["4", "5"], lives=[5, 0, 5])
    play(state, "play DRAW1")
    assert hand(state, 1) == [] and hand(state, 2) == ["2", "3", "4"]
    assert state.counts()["deck"] == 1
    play(state, "play 3")
    play(state, "play BOMB")
    assert state.table.lives == [5, 0, 4] and hand(state, 1) == []


def test_hand_end_costs_a_life_only_to_players_still_in() -> None:
    # [book] "every other player flips a life card": seat 1 is out and has none to flip.
    # Seat 0 plays its last card: seats 2 and 3 go from 5 to 4; seat 1 stays at 0.
    state = table([["3"], [], ["1", "2"], ["4"]], lives=[5, 0, 5, 5])
    play(state, "play 3")
    assert state.table.lives == [5, 0, 4, 4]


def test_hand_in_redeal_deals_only_to_players_still_in() -> None:
    # [book] "every player hands their cards to the player of the card, who ... deals them
    # out starting to the left". Seat 2 is out. Seat 0 plays REDEAL: 1 2 (seat 0), 3 (seat 1),
    # 4 5 (seat 3) are handed in. Dealt in the order 1 2 3 4 5 from seat 0's left, skipping
    # seat 2: seat 1 <- 1, seat 3 <- 2, seat 0 <- 3, seat 1 <- 4, seat 3 <- 5.
    state = table([["REDEAL", "1", "2"], ["3"], [], ["4", "5"]], lives=[5, 5, 0, 5])
    play(state, "play REDEAL")
    state.apply(Redeal(("1", "2", "3", "4", "5")))
    assert hand(state, 0) == ["3"]
    assert hand(state, 1) == ["1", "4"]
    assert hand(state, 2) == []
    assert hand(state, 3) == ["2", "5"]


def test_team_play_ruleset_seats_four_to_six_in_two_teams() -> None:
    # [book] "FOR 4 TO 6 PLAYERS. DIVIDE INTO 2 TEAMS."
    ruleset = rules("alive/team-play")
    assert (ruleset.players.min, ruleset.players.max) == (4, 6)
    assert ruleset.teams is not None and ruleset.teams.count == 2


def test_shorter_game_tie_after_a_last_card_counts_the_hands_as_they_were() -> None:
    # [book] shorter game: "If there is a tie, the tied players add the total value of the
    # number cards remaining in their hand. The player with the lowest total wins." Lives 1, 1,
    # 2: seat 0 plays its last card (2); seats 1 and 2 flip one each: 1, 0, 1. Seat 1 is out,
    # so the game ends with seats 0 and 2 tied on 1 life. Seat 0's hand is empty (total 0),
    # seat 2 still holds a 4 (total 4): seat 0 wins. (Counting after the cards are collected
    # for the next deal would make it 0 against 0.)
    state = table([["2"], ["1", "1"], ["4"]], lives=[1, 1, 2], ruleset=rules(game_end=GameEnd.FIRST_PLAYER_OUT))
    play(state, "play 2")
    assert state.table.lives == [1, 0, 1]
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)


def test_shorter_game_tie_after_a_bomb_goes_to_the_lower_hand() -> None:
    # Lives 2, 1, 2. Seat 0 plays BOMB and keeps a 5; seat 1 (no 0) flips its last life; seat 2
    # discards its 0 and keeps 1 + SKIP. The game ends with seats 0 and 2 tied on 2 lives.
    # Seat 0 holds 5, seat 2 holds 1 (the wild card counts nothing): 1 < 5, seat 2 wins.
    state = table([["BOMB", "5"], ["3"], ["0", "1", "SKIP"]], lives=[2, 1, 2],
                  ruleset=rules(game_end=GameEnd.FIRST_PLAYER_OUT))
    play(state, "play BOMB")
    assert state.table.lives == [2, 0, 2]
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (2,)


def test_after_a_flip_the_next_player_in_the_direction_of_play_starts() -> None:
    # [book] "the running total is reset to 0, and the next player starts play again with a
    # new card". Play goes anticlockwise: after seat 0 flips (7 and 6 on 16 both go above 21),
    # seat 2 is next, with the total at 0.
    state = table([["7", "6"], ["2"], ["3"]], total=16, direction=-1)
    play(state, "flip")
    assert state.to_move == 2 and state.table.total == 0
