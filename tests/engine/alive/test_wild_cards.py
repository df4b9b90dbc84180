"""Each wild card of GAMES.md section 2, worked out by hand on hand-set tables."""

from __future__ import annotations

import random

from marblestudio.engine.alive import Redeal
from marblestudio.engine.core import CHANCE

from .helpers import hand, kinds, play, table


def test_draw_1_every_other_player_draws_one_card() -> None:
    state = table([["DRAW1", "1"], ["2"], ["3"]], deck=["4", "5", "6"], total=9)
    play(state, "play DRAW1")
    assert hand(state, 1) == ["2", "4"]  # the next player draws first: the top card
    assert hand(state, 2) == ["3", "5"]
    assert hand(state, 0) == ["1"]
    assert state.table.total == 9
    assert state.to_move == 1


def test_draw_2_every_other_player_draws_two_cards() -> None:
    state = table([["DRAW2", "1"], ["2"], ["3"]], deck=["4", "5", "6", "7", "0"])
    play(state, "play DRAW2")
    assert hand(state, 1) == ["2", "4", "5"]
    assert hand(state, 2) == ["3", "6", "7"]
    assert state.counts() == {"deck": 1, "discard": 1, "hands": 7}


def test_pass_me_by_passes_play_to_the_next_player() -> None:
    state = table([["PASS", "1"], ["2"], ["3"]], total=20)
    play(state, "play PASS")
    assert state.to_move == 1
    assert state.table.total == 20


def test_reverse_changes_the_direction_of_play() -> None:
    state = table([["1", "1"], ["REVERSE", "1"], ["3", "3"], ["4", "4"]], current=1)
    play(state, "play REVERSE")
    assert state.table.direction == -1
    assert state.to_move == 0
    play(state, "play 1")
    assert state.to_move == 3


def test_reverse_with_two_players_is_pass_me_by() -> None:
    # Three seats, but seat 1 is out: two players left.
    state = table([["REVERSE", "1"], [], ["3", "3"]], lives=[5, 0, 5])
    play(state, "play REVERSE")
    assert state.table.direction == 1
    assert state.to_move == 2


def test_skip_skips_the_next_player() -> None:
    state = table([["SKIP", "1"], ["2"], ["3"], ["4"]])
    events = play(state, "play SKIP")
    assert state.to_move == 2
    assert ("player_skipped", 1) in [(e.kind, e.get("seat")) for e in events]


def test_skip_with_two_players_plays_again() -> None:
    state = table([["SKIP", "1"], ["2", "2"]])
    play(state, "play SKIP")
    assert state.to_move == 0


def test_skip_follows_the_direction_of_play() -> None:
    state = table([["SKIP", "1"], ["2"], ["3"], ["4"]], direction=-1)
    play(state, "play SKIP")
    assert state.to_move == 2  # seat 3 is skipped going anticlockwise


def test_equals_21_sets_the_total_to_21() -> None:
    state = table([["=21", "1"], ["2"]], total=4)
    play(state, "play =21")
    assert state.table.total == 21


def test_equals_21_can_be_played_at_21_and_avoids_the_penalty() -> None:
    state = table([["=21", "5"], ["2"]], total=21)
    play(state, "play =21")
    assert state.table.total == 21
    assert state.table.lives == [5, 5]


def test_equals_10_sets_the_total_to_10() -> None:
    state = table([["=10", "1"], ["2"]], total=19)
    play(state, "play =10")
    assert state.table.total == 10


def test_equals_0_sets_the_total_to_0() -> None:
    state = table([["=0", "1"], ["2"]], total=19)
    play(state, "play =0")
    assert state.table.total == 0


def test_bomb_others_discard_a_zero_or_flip_a_life_and_the_total_resets() -> None:
    state = table([["BOMB", "1"], ["0", "0", "3"], ["4", "5"]], total=12)
    play(state, "play BOMB")
    assert hand(state, 1) == ["0", "3"]  # one zero discarded
    assert state.table.lives == [5, 5, 4]  # seat 2 had no zero
    assert state.table.total == 0
    assert state.public_view().discard == ("BOMB", "0")
    assert state.to_move == 1


def test_bomb_needs_a_number_zero_not_a_wild_zero() -> None:
    state = table([["BOMB", "1"], ["=0", "PASS", "3"]])
    play(state, "play BOMB")
    assert state.table.lives == [5, 4]
    assert hand(state, 1) == ["3", "=0", "PASS"]


def test_bomb_victim_left_without_a_card_has_gone_out() -> None:
    # Seat 1 discards its only card, a 0: like a last card played, the hand ends.
    state = table([["BOMB", "1"], ["0"], ["4", "5"]])
    events = play(state, "play BOMB")
    assert ("hand_over", (1,)) in [(e.kind, e.get("winners")) for e in events]
    assert state.table.lives == [4, 5, 3]  # seat 2: no zero (bomb), then the hand's end
    assert state.to_move == CHANCE
    assert state.table.dealer == 1


def test_hand_in_redeal_collects_all_hands_and_deals_them_from_the_players_left() -> None:
    state = table([["REDEAL", "1", "2"], ["3", "4"], ["5", "6", "7"]], deck=["0"], discard=["=0"], total=8)
    play(state, "play REDEAL")
    assert state.to_move == CHANCE
    assert state.counts() == {"deck": 1, "discard": 2, "hands": 7}
    assert state.table.hand_sizes == [0, 0, 0]  # all handed, face down, to the player of the card
    assert state.public_view().collected == 7
    state.apply(Redeal(("1", "2", "3", "4", "5", "6", "7")))
    assert hand(state, 1) == ["1", "4", "7"]
    assert hand(state, 2) == ["2", "5"]
    assert hand(state, 0) == ["3", "6"]
    assert state.table.total == 0
    assert state.to_move == 1  # after a deal of any sort, play starts to the left


def test_hand_in_redeal_does_not_include_the_deck_or_the_discards() -> None:
    state = table([["REDEAL", "1"], ["3"]], deck=["0", "0"], discard=["=0"])
    play(state, "play REDEAL")
    assert state.counts() == {"deck": 2, "discard": 2, "hands": 2}
    redeal = state.sample_chance(random.Random(0))
    assert sorted(redeal.order) == ["1", "3"]


def test_hand_in_redeal_uneven_hands_stay_uneven() -> None:
    state = table([["REDEAL", "1", "2"], ["3", "4"], ["5"]])
    play(state, "play REDEAL")
    state.apply(Redeal(("1", "2", "3", "4", "5")))
    assert state.table.hand_sizes == [1, 2, 2]


def test_hand_in_redeal_as_last_card_ends_the_hand() -> None:
    state = table([["REDEAL"], ["3", "4"], ["5", "6"]])
    events = play(state, "play REDEAL")
    assert "hand_over" in kinds(events)
    assert state.table.lives == [5, 4, 4]
    assert state.table.phase.value == "deal"


def test_redeal_leaving_a_player_with_no_card_means_they_have_gone_out() -> None:
    # Two cards are collected among three players: seat 0, the dealer, gets none.
    state = table([["REDEAL", "1"], ["3"], []], lives=[5, 5, 5])
    play(state, "play REDEAL")
    events = state.apply(Redeal(("1", "3")))
    assert ("hand_over", (0,)) in [(e.kind, e.get("winners")) for e in events]
    assert state.table.lives == [5, 4, 4]
    assert state.table.dealer == 0


def test_card_played_reports_the_total_the_card_leaves() -> None:
    # docs/rulesets.md: card_played's total is the running total after the card.  A number adds
    # its points; =21 and =0 set it; a BOMB resets it to 0; a wild card played as the last card
    # of a hand has no effect, so the total stays
    for card, before, after in (("5", 9, 14), ("=21", 9, 21), ("=0", 20, 0), ("BOMB", 17, 0), ("PASS", 12, 12)):
        state = table([[card, "1"], ["2"], ["3"]], total=before)
        events = play(state, f"play {card}")
        played = [e for e in events if e.kind == "card_played"]
        assert [e["total"] for e in played] == [after], card
    state = table([["=21"], ["2"], ["3"]], total=4)
    events = play(state, "play =21")
    assert [e["total"] for e in events if e.kind == "card_played"] == [4]


def test_with_wild_hits_opponents_a_draw_in_team_play_skips_the_partner() -> None:
    # seats 0 and 2 against 1 and 3: seat 0's DRAW 1 makes only seats 1 and 3 draw (the book,
    # `everyone`: seat 2 draws too)
    from marblestudio.engine.alive.rules import WildHits

    from .helpers import rules

    for hits, drawers in ((WildHits.EVERYONE, [1, 2, 3]), (WildHits.OPPONENTS, [1, 3])):
        state = table([["DRAW1", "1"], ["2"], ["3"], ["4"]], deck=["5", "6", "7"], ruleset=rules(teams=True, wild_hits=hits))
        play(state, "play DRAW1")
        assert [s for s in range(4) if len(hand(state, s)) == 2] == drawers, hits


def test_with_wild_hits_opponents_a_bomb_in_team_play_spares_the_partner() -> None:
    from marblestudio.engine.alive.rules import WildHits

    from .helpers import rules

    state = table([["BOMB", "1"], ["2"], ["3"], ["4"]], ruleset=rules(teams=True, wild_hits=WildHits.OPPONENTS))
    lives = list(state.table.lives)
    events = play(state, "play BOMB")
    hit = sorted(e["seat"] for e in events if e.kind == "life_lost")
    assert hit == [1, 3]  # the other team's two players flip a life each (their team's lives)
    assert state.table.lives[state.table.team_of[0]] == lives[state.table.team_of[0]]
