"""Nothing of another hand or of the deck's order reaches a seat's observation."""

from __future__ import annotations

import random

from marblestudio.engine.alive import Deal, new_game

from .helpers import play, rules, table


def test_observation_is_own_hand_and_public_facts() -> None:
    state = table([["1", "SKIP"], ["2", "BOMB", "0"], ["3"]], deck=["4", "5"], discard=["6"], total=6)
    seen = state.observation(0)
    assert seen.seat == 0 and seen.hand == ("1", "SKIP")
    assert seen.hand_sizes == (2, 3, 1)
    assert seen.discard == ("6",)
    assert seen.deck_size == 2
    assert seen.total == 6 and seen.direction == 1 and seen.lives == (5, 5, 5)
    assert seen.to_move == 0
    assert "BOMB" not in repr(seen) and "4" not in seen.hand


def test_changing_other_hands_and_the_deck_leaves_the_observation_identical() -> None:
    one = table([["1", "SKIP"], ["2", "BOMB", "0"], ["3"]], deck=["4", "5"], discard=["6"])
    two = table([["1", "SKIP"], ["5", "4", "3"], ["BOMB"]], deck=["0", "2"], discard=["6"])
    for seat in range(3):
        if seat == 0:
            assert one.observation(seat) == two.observation(seat)
        else:
            assert one.observation(seat) != two.observation(seat)


def test_observations_stay_identical_through_play_when_only_hidden_cards_differ() -> None:
    one = table([["1", "DRAW1"], ["2", "2"], ["3", "3"]], deck=["4", "5"])
    two = table([["1", "DRAW1"], ["3", "2"], ["3", "2"]], deck=["5", "4"])
    for state in (one, two):
        play(state, "play DRAW1")
    assert one.observation(0) == two.observation(0)


def test_cards_drawn_and_dealt_are_seen_by_their_receiver_only() -> None:
    state = table([["DRAW1", "1"], ["2"], ["3"]], deck=["4", "5"])
    events = play(state, "play DRAW1")
    private = [e for e in events if e.kind == "cards_seen"]
    assert [(e.visible_to, e["cards"]) for e in private] == [(frozenset({1}), ("4",)), (frozenset({2}), ("5",))]
    public = [e for e in events if e.kind == "cards_drawn"]
    assert all(e.visible_to is None and "cards" not in dict(e.data) for e in public)


def test_determinize_keeps_the_observation_and_deals_the_unseen_cards() -> None:
    state = new_game(rules(), 4)
    state.apply(state.sample_chance(random.Random(5)))
    for _ in range(6):
        state.apply(state.legal_moves()[0])
    seen = state.observation(2)
    others = [state.table.hand_ids(s) for s in (0, 1, 3)]
    changed = False
    for i in range(5):
        guess = state.determinize(2, random.Random(i))
        assert guess.observation(2) == seen
        assert sum(guess.counts().values()) == 77
        changed |= [guess.table.hand_ids(s) for s in (0, 1, 3)] != others
    assert changed


def test_a_state_holds_no_generator_the_caller_decides_every_shuffle() -> None:
    state = new_game(rules(), 3)
    one, two = state.copy(), state.copy()
    one.apply(one.sample_chance(random.Random("a")))
    two.apply(two.sample_chance(random.Random("b")))
    assert one.table.hand_ids(0) != two.table.hand_ids(0)
    again = state.copy()
    deal = state.sample_chance(random.Random("a"))
    assert isinstance(deal, Deal)
    again.apply(deal)
    assert again.table.hand_ids(0) == one.table.hand_ids(0)


def test_the_player_of_hand_in_redeal_does_not_see_the_hands_handed_in() -> None:
    one = table([["REDEAL", "1"], ["2", "BOMB"], ["3"]])
    two = table([["REDEAL", "1"], ["7", "SKIP"], ["0"]])
    for state in (one, two):
        play(state, "play REDEAL")
    assert one.observation(0).hand == ()
    assert one.observation(0) == two.observation(0)
