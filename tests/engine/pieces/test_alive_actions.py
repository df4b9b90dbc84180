"""ALIVE's actions for the wild cards' effects (`reverse`, `set_total`) and the core's `skip_next`
as the SKIP effect, each worked out by hand on a hand-set table from the action's description
(docs/rulesets.md, ALIVE's own actions) and the cards' rules (GAMES.md section 2, "Wild cards")."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from marblestudio.engine import new_game
from marblestudio.engine.alive.state import AliveState
from marblestudio.engine.alive.table import Phase
from marblestudio.engine.core import CHANCE, GAME_OVER, CoreEvent, Event, State
from marblestudio.engine.pieces import program, runtime
from marblestudio.engine.pieces.context import Context
from marblestudio.games.hooks.alive import HOOKS
from marblestudio.rulesets import load, load_with_source

SEVEN_REVERSES = {"name": "seven reverses", "on": "card_played", "if": "event.card == '7'", "then": "reverse"}
RESET = {"name": "reset", "power": {"set_total": 0}}


def house(tmp_path: Path, rules: list[dict[str, Any]], **extra: Any) -> Any:
    path = tmp_path / "house.yaml"
    path.write_text(yaml.safe_dump({"format": 1, "id": "house/alive-actions", "name": "Actions", "extends": "alive/standard",
                                    "rules": rules, **extra}))
    return load_with_source(path).rules


def ruled_table(tmp_path: Path, rules: list[dict[str, Any]], hands: list[list[str]], *, extra: dict[str, Any] | None = None,
                **kwargs: Any) -> Any:
    """A hand in progress (AliveState.from_hands: seat 0 to play, the deck top card first) under the house rules."""
    loaded = house(tmp_path, rules, **(extra or {}))
    state = AliveState.from_hands(loaded, hands, **kwargs)
    return runtime.ruled(state, program.compile_pieces(loaded.game, loaded.pieces))


def play(state: State, text: str) -> list[Event]:
    return state.apply(state.parse_move(text))


def after_rule(events: list[Event]) -> list[tuple[str, dict[str, Any]]]:
    """The events the rules added: from the first rule_fired on, as (kind, data)."""
    kinds = [str(e.kind) for e in events]
    start = kinds.index(CoreEvent.RULE_FIRED)
    return [(str(e.kind), dict(e.data)) for e in events[start:]]


def rule_events(events: list[Event]) -> list[str]:
    return [kind for kind, _ in after_rule(events)]


# reverse -----------------------------------------------------------------------------------------

def test_a_seven_that_reverses_makes_the_player_on_the_other_side_play_next(tmp_path: Path) -> None:
    # four players, clockwise; seat 0's 7 would pass play to seat 1, but play turns round: seat 3
    # (on seat 0's other side) plays next, and after it seat 2
    state = ruled_table(tmp_path, [SEVEN_REVERSES], [["7", "1"], ["1", "1"], ["2", "2"], ["3", "3"]])
    events = play(state, "play 7")
    assert after_rule(events) == [("rule_fired", {"rule": "seven reverses", "seat": 0}), ("direction_reversed", {"direction": -1})]
    assert state.table.direction == -1 and state.to_move == 3
    assert state.table.total == 7  # the 7 still counts
    play(state, "play 3")
    assert state.to_move == 2
    events = play(state, "play 2")  # no 7: no rule, and play goes on the new way round
    assert CoreEvent.RULE_FIRED not in [e.kind for e in events]
    assert state.to_move == 1


def test_a_second_reverse_turns_play_back(tmp_path: Path) -> None:
    # a REVERSE card that also reverses by a rule: the card turns play round (seat 3 would be
    # next), the rule turns it back, and seat 1 plays next, as after a number card
    rules = [{"name": "double", "on": "card_played", "if": "event.card == 'REVERSE'", "then": "reverse"}]
    state = ruled_table(tmp_path, rules, [["REVERSE", "1"], ["1", "1"], ["2", "2"], ["3", "3"]])
    events = play(state, "play REVERSE")
    reversals = [e["direction"] for e in events if e.kind == "direction_reversed"]
    assert reversals == [-1, 1]  # the card's, then the rule's
    assert state.table.direction == 1 and state.to_move == 1


def test_reverse_does_nothing_with_two_players_left(tmp_path: Path) -> None:
    # as the REVERSE card (a PASS ME BY with two players left): seat 1 is out, seat 2 plays next
    state = ruled_table(tmp_path, [SEVEN_REVERSES], [["7", "1"], [], ["3", "3"]], lives=[5, 0, 5])
    events = play(state, "play 7")
    assert rule_events(events) == ["rule_fired"]
    assert state.table.direction == 1 and state.to_move == 2


def test_reverse_after_a_skip_keeps_the_skip(tmp_path: Path) -> None:
    # seat 0's SKIP passes over seat 1: seat 2 plays next.  The rule then reverses play: the skip
    # stands (seat 2 still plays), and play goes on the other way round, to seat 1
    rules = [{"name": "skip reverses", "on": "player_skipped", "then": "reverse"}]
    state = ruled_table(tmp_path, rules, [["SKIP", "1"], ["1", "1"], ["2", "2"], ["3", "3"]])
    events = play(state, "play SKIP")
    assert [(str(e.kind), e["seat"]) for e in events if e.kind == "player_skipped"] == [("player_skipped", 1)]
    assert state.table.direction == -1 and state.to_move == 2
    play(state, "play 2")
    assert state.to_move == 1


def test_reverse_after_a_flip_passes_play_the_other_way(tmp_path: Path) -> None:
    # seat 0 holds only a 7 with the total at 20: it flips a life card (the total resets to 0);
    # the rule on life_lost reverses play, so seat 3, not seat 1, plays next
    rules = [{"name": "a flip reverses", "on": "life_lost", "then": "reverse"}]
    state = ruled_table(tmp_path, rules, [["7"], ["1", "1"], ["2", "2"], ["3", "3"]], total=20)
    events = play(state, "flip")
    assert state.table.lives[0] == 4 and state.table.total == 0
    assert rule_events(events) == ["rule_fired", "direction_reversed"]
    assert state.to_move == 3


def test_a_reverse_power_keeps_the_turn_with_its_user(tmp_path: Path) -> None:
    # a power is used before the player's own card: play turns round, seat 0 still plays, and its
    # card then passes play to seat 3
    state = ruled_table(tmp_path, [{"name": "turn round", "power": "reverse"}], [["1", "1"], ["1", "1"], ["2", "2"], ["3", "3"]])
    events = play(state, "use turn round")
    assert after_rule(events) == [("rule_fired", {"rule": "turn round", "seat": 0, "power": True}),
                                  ("direction_reversed", {"direction": -1})]
    assert state.to_move == 0 and state.table.direction == -1
    play(state, "play 1")
    assert state.to_move == 3
    assert "use turn round" in [str(m) for m in state.legal_moves()]  # seat 3 has its own use; seat 0's is gone
    assert state.rule_state.used == {(0, 0): 1}


def test_reverse_while_a_draw_waits_leaves_the_draw_with_its_seat(tmp_path: Path) -> None:
    # with answers, seat 0's DRAW1 waits on seat 1; the rule reverses play: the draw still waits on
    # seat 1, who takes it (seats 2, 3 and 1 draw, in the old order: the draw was made before) and
    # plays on; then play goes the other way, to seat 0
    rules = [{"name": "draws reverse", "on": "card_played", "if": "event.card == 'DRAW1'", "then": "reverse"}]
    answers = {"alive": {"answers": {"draw": {"with": ["DRAW1", "DRAW2"], "then": "pass-on"}}}}
    state = ruled_table(tmp_path, rules, [["DRAW1", "1"], ["1", "1"], ["2", "2"], ["3", "3"]], extra=answers,
                        deck=["4", "4", "4", "4"])
    play(state, "play DRAW1")
    assert state.table.direction == -1 and state.to_move == 1 and state.table.answering == 1
    play(state, "take")
    assert state.to_move == 1 and state.table.hand_sizes == [1, 3, 3, 3]
    play(state, "play 1")
    assert state.to_move == 0


def test_reverse_at_the_deal_starts_the_hand_the_other_way(tmp_path: Path) -> None:
    # a set-up trigger on `dealt`: seat 0 (left of the dealer) still plays first, then seat 3
    state = new_game(house(tmp_path, [{"name": "widdershins", "on": "dealt", "then": "reverse"}]), 4)
    events = state.apply(state.sample_chance(random.Random(0)))
    assert rule_events(events) == ["rule_fired", "direction_reversed"]
    assert state.to_move == 0 and state.table.direction == -1  # type: ignore[attr-defined]


def test_reverse_between_hands_does_nothing(tmp_path: Path) -> None:
    # seat 0 plays its last card: the hand is over, and the next deal plays clockwise from the
    # dealer's left whatever the direction was, so the rule changes nothing and says nothing
    rules = [{"name": "hand over reverses", "on": "hand_over", "then": ["reverse", {"set_total": 10}]}]
    state = ruled_table(tmp_path, rules, [["1"], ["1", "1"], ["2", "2"], ["3", "3"]], total=4)
    events = play(state, "play 1")
    assert rule_events(events) == ["rule_fired"]
    assert state.table.phase is Phase.DEAL and state.table.direction == 1 and state.table.total == 0
    state.apply(state.sample_chance(random.Random(1)))
    assert state.table.total == 0 and state.table.direction == 1 and state.to_move == 1  # the winner, seat 0, dealt


# set_total ---------------------------------------------------------------------------------------

def test_the_reset_power_sets_the_total_to_zero_and_the_turn_goes_on(tmp_path: Path) -> None:
    # at 18, seat 0's 5 would go above 21; after the power the total is 0 and the 5 is playable
    state = ruled_table(tmp_path, [RESET], [["5", "1"], ["1", "1"], ["2", "2"]], total=18)
    assert [str(m) for m in state.legal_moves()] == ["play 1", "use reset"]
    events = play(state, "use reset")
    assert after_rule(events) == [("rule_fired", {"rule": "reset", "seat": 0, "power": True}), ("total", {"total": 0})]
    assert state.table.total == 0 and state.to_move == 0
    assert [str(m) for m in state.legal_moves()] == ["play 1", "play 5"]  # used up: once a game
    play(state, "play 5")
    assert state.table.total == 5 and state.to_move == 1


def test_a_trigger_sets_the_total_after_the_card(tmp_path: Path) -> None:
    # the 7 takes 3 to 10; the rule then makes it 17; seat 1 plays next, at 17
    rules = [{"name": "seven to seventeen", "on": "card_played", "if": "event.card == '7'", "then": {"set_total": "event.total + 7"}}]
    state = ruled_table(tmp_path, rules, [["7", "1"], ["5", "4"], ["2", "2"]], total=3)
    events = play(state, "play 7")
    assert after_rule(events)[1:] == [("total", {"total": 17})]
    assert state.table.total == 17 and state.to_move == 1
    assert [str(m) for m in state.legal_moves()] == ["play 4"]  # 17 + 5 would go above 21


@pytest.mark.parametrize(("given", "total"), [("99", 21), ("limit + 5", 21), ("-4", 0), ("total - 10", 0), ("limit", 21), ("13", 13)])
def test_set_total_keeps_the_total_between_zero_and_the_limit(tmp_path: Path, given: str, total: int) -> None:
    state = ruled_table(tmp_path, [{"name": "set", "power": {"set_total": given}}], [["1", "1"], ["2", "2"]], total=6)
    events = play(state, "use set")
    assert after_rule(events)[1:] == [("total", {"total": total})]
    assert state.table.total == total


def test_set_total_at_the_deal_starts_the_hand_at_that_total(tmp_path: Path) -> None:
    state = new_game(house(tmp_path, [{"name": "head start", "on": "dealt", "then": {"set_total": 5}}]), 3)
    events = state.apply(state.sample_chance(random.Random(0)))
    assert after_rule(events)[1:] == [("total", {"total": 5})]
    assert state.table.total == 5 and state.to_move == 0  # type: ignore[attr-defined]


def test_set_total_needs_its_total(tmp_path: Path) -> None:
    from marblestudio.rulesets import check_path

    path = tmp_path / "house.yaml"
    path.write_text(yaml.safe_dump({"format": 1, "id": "house/x", "name": "X", "extends": "alive/standard",
                                    "rules": [{"name": "bare", "power": "set_total"}]}))
    problems = check_path(path)
    assert problems and "set_total needs 'total'" in str(problems[0])


# once the game is over ---------------------------------------------------------------------------

def test_the_actions_do_nothing_once_the_game_is_over(tmp_path: Path) -> None:
    # 'last' makes seat 0 flip its last life card (two of three seats then have none: seat 2 wins);
    # the reverse and set_total after it in the same rule, and the rule after it, take no effect,
    # and game_over stays the last event
    rules = [{"name": "last", "on": "card_played", "then": [{"lose_life": "mover"}, "reverse", {"set_total": 15}]},
             {"name": "after", "on": "card_played", "then": ["reverse", {"set_total": 3}]}]
    state = ruled_table(tmp_path, rules, [["1", "1"], [], ["2", "2"]], lives=[1, 0, 2], total=4)
    events = play(state, "play 1")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (2,)
    kinds = [str(e.kind) for e in events]
    assert "direction_reversed" not in kinds and "total" not in kinds[kinds.index(CoreEvent.RULE_FIRED):]
    assert kinds[-1] == GAME_OVER and kinds.count(GAME_OVER) == 1
    assert state.table.direction == 1 and state.table.total == 5 and state.table.phase is Phase.OVER
    # and called on a finished game directly (a plug-in or a future hook might), they change nothing
    before = state.position()
    told: list[Event] = []
    ctx = Context(state, state.rule_state, 0)
    HOOKS.actions["reverse"].perform(state, ctx, {}, told)  # type: ignore[misc]
    HOOKS.actions["set_total"].perform(state, ctx, {"total": 0}, told)  # type: ignore[misc]
    assert told == [] and state.position() == before


# skip: the core's skip_next is the SKIP effect -------------------------------------------------------

@pytest.mark.parametrize(("direction", "after"), [(1, 2), (-1, 2)])
def test_skip_next_skips_as_a_skip_card_does(tmp_path: Path, direction: int, after: int) -> None:
    # seat 0's 7 with skip_next: the next player (seat 1 clockwise, seat 3 the other way) misses
    # the turn, so seat 2 plays, where a SKIP card would have sent play
    rules = [{"name": "seven skips", "on": "card_played", "if": "event.card == '7'", "then": "skip_next"}]
    hands = [["7", "1"], ["1", "1"], ["2", "2"], ["3", "3"]]
    state = ruled_table(tmp_path, rules, hands, direction=direction)
    events = play(state, "play 7")
    assert state.to_move == after
    assert "player_skipped" not in [str(e.kind) for e in events]  # as the description of player_skipped says
    card = AliveState.from_hands(load("alive/standard"), [["SKIP", "1"], *hands[1:]], direction=direction)
    play(card, "play SKIP")
    assert card.to_move == after


def test_skip_next_with_two_players_lets_the_mover_play_again(tmp_path: Path) -> None:
    rules = [{"name": "seven skips", "on": "card_played", "if": "event.card == '7'", "then": "skip_next"}]
    state = ruled_table(tmp_path, rules, [["7", "1"], ["1", "1"]])
    play(state, "play 7")
    assert state.to_move == 0
    card = AliveState.from_hands(load("alive/standard"), [["SKIP", "1"], ["1", "1"]])
    play(card, "play SKIP")
    assert card.to_move == 0


# seeded games ------------------------------------------------------------------------------------

def test_a_seeded_game_of_seven_reverses_reverses_at_every_seven(tmp_path: Path) -> None:
    # every time the rule fires with more than two players left, the direction it leaves is the
    # opposite of the one before the 7 (a 7 is a number card: it never reverses by itself)
    rules = house(tmp_path, [SEVEN_REVERSES])
    reversed_at = 0
    for seed in range(6):
        rng = random.Random(seed)
        state: Any = new_game(rules, 4)
        while state.outcome() is None:
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            moves = state.legal_moves()
            mover, direction, living = state.to_move, state.table.direction, len(state.table.living())
            events = state.apply(moves[rng.randrange(len(moves))])
            if any(e.kind == CoreEvent.RULE_FIRED for e in events) and living > 2 and state.table.phase is Phase.PLAY:
                assert state.table.direction == -direction
                assert rule_events(events) == ["rule_fired", "direction_reversed"]
                assert state.to_move == state.table.next_seat(mover)  # the mover's other neighbour
                reversed_at += 1
    assert reversed_at >= 3


@pytest.mark.parametrize("rules", [
    [SEVEN_REVERSES],
    [{"name": "sevens set", "on": "card_played", "if": "event.card == '7'", "then": {"set_total": "limit - 2"}}],
    [{"name": "flips reverse", "on": "life_lost", "then": "reverse"},
     {"name": "skips add", "on": "player_skipped", "then": {"set_total": "total + 3"}}],
    [{"name": "sevens mark", "on": "card_played", "if": "event.card == '7'", "then": "minus_next"}],  # the mover's next card a minus
])
def test_the_fast_playout_plays_the_actions_as_apply_does(tmp_path: Path, rules: list[dict[str, Any]]) -> None:
    # a house rule's fast playout tells the rules each move's events and takes their actions; the
    # same draws through legal_moves + apply end in the same position with the same firings
    loaded = house(tmp_path, rules)
    fired = 0
    for seed in range(12):
        fast: Any = new_game(loaded, 3)
        fast.random_playout(random.Random(seed))
        rng = random.Random(seed)
        slow: Any = new_game(loaded, 3)
        while slow.outcome() is None:
            if slow.to_move == CHANCE:
                slow.apply(slow.sample_chance(rng))
            else:
                moves = slow.legal_moves()
                slow.apply(moves[int(rng.random() * len(moves))])
        assert slow.outcome() == fast.outcome() and slow.position() == fast.position(), seed
        assert fast.rule_state.fired == slow.rule_state.fired
        fired += min(fast.rule_state.fired)
    assert fired > 0


def test_skip_next_on_the_last_card_ends_with_the_hand(tmp_path: Path) -> None:
    # a SKIP played as the last card has no effect, and so a skip_next on the move that ends a
    # hand ends with the hand (State.between_rounds): the next hand's first player (seat 1, left
    # of the dealer, seat 0) plays first, whether or not the rule keeps to `event.left > 0`
    rules = [{"name": "skips", "on": "card_played", "then": "skip_next"}]
    for rule in (rules[0], {**rules[0], "if": "event.left > 0"}):
        state = ruled_table(tmp_path, [rule], [["1"], ["1", "1"], ["2", "2"], ["3", "3"]], deck=["4"] * 20)
        play(state, "play 1")
        assert state.table.phase is Phase.DEAL
        assert state.rule_state.skips == 0
        state.apply(state.sample_chance(random.Random(0)))
        assert state.to_move == 1
    # in the middle of a hand the skip stands: seat 0 plays its first of two cards, seat 1 is skipped
    mid = ruled_table(tmp_path, rules, [["1", "1"], ["1", "1"], ["2", "2"], ["3", "3"]], deck=["4"] * 20)
    play(mid, "play 1")
    assert mid.to_move == 2


def test_a_rule_on_game_over_reverses_and_sets_nothing(tmp_path: Path) -> None:
    # game_over is a trigger (for scoring the end of a game): the rule fires, its score counts, and
    # the reverse and set_total in it take no effect on the finished table
    rules = [{"name": "the end", "on": "game_over", "then": ["reverse", {"set_total": 9}, {"score": 2}]}]
    state = ruled_table(tmp_path, rules, [["1", "1"], [], ["2", "2"], []], lives=[5, 0, 1, 0], total=20, current=2)
    events = play(state, "flip")  # seat 2 can only go above 21: it flips its last life card; seat 0 is the last with one
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert [kind for kind in rule_events(events) if kind != GAME_OVER] == ["rule_fired"]
    assert state.table.direction == 1 and state.table.total == 0 and state.rule_state.scores == [0, 0, 2, 0]  # the flip's 0; the mover's points


def test_an_action_on_a_group_of_seats_acts_for_each_in_turn_order(tmp_path: Path) -> None:
    # "a 7 makes every other player draw a card": seat 0's 7 makes seats 1 then 2 draw the top
    # cards of the deck (5, then 6); `opponents` in team play spares the partner
    state = ruled_table(tmp_path, [{"name": "seven", "on": "card_played", "if": "event.card == '7'",
                                    "then": {"draw_cards": {"seat": "others", "count": 1}}}],
                        [["7", "1"], ["2"], ["3"]], deck=["5", "6", "0"])
    play(state, "play 7")
    assert state.table.hand_ids(1) == ("2", "5") and state.table.hand_ids(2) == ("3", "6")
    assert state.table.hand_ids(0) == ("1",)
    teams = {"players": {"min": 4, "max": 4, "default": 4}, "teams": {"count": 2}}
    state = ruled_table(tmp_path, [{"name": "bomb them", "on": "card_played", "if": "event.card == '7'",
                                    "then": {"lose_life": "opponents"}}],
                        [["7", "1"], ["2"], ["3"], ["4"]], extra=teams)
    events = play(state, "play 7")
    assert sorted(e["seat"] for e in events if e.kind == "life_lost") == [1, 3]


def test_gain_life_turns_a_flipped_life_card_up_again_once_a_game(tmp_path: Path) -> None:
    # "once a game, the first life you lose comes back": seat 0 flips (nothing playable at 20 with
    # only a 5), loses a life and gains it back; the second time it stays lost
    rules = [{"name": "second chance", "on": "life_lost", "if": "event.lives > 0", "times": 1, "then": {"gain_life": "event.seat"}}]
    state = ruled_table(tmp_path, rules, [["5", "5", "5"], ["1", "1"], ["2", "2"]], total=20)
    lives = state.table.lives[0]
    events = play(state, "flip")
    assert [e.kind for e in events if e.kind in ("life_lost", "life_gained")] == ["life_lost", "life_gained"]
    assert state.table.lives[0] == lives
    state.table.total = 20
    state.table.current = 0
    play(state, "flip")
    assert state.table.lives[0] == lives - 1


# the BOMB and HAND IN & RE-DEAL effects as actions; a DRAW as draw_cards for a seat group -------

def test_a_seven_that_bombs_hits_every_other_player_and_resets_the_total(tmp_path: Path) -> None:
    # seat 0's 7 also bombs: seat 1 holds a 0 and discards it, seats 2 and 3 hold none and each
    # flip a life card (5 -> 4); the total goes back to 0 and seat 1 plays next
    rules = [{"name": "seven bombs", "on": "card_played", "if": "event.card == '7'", "then": "bomb"}]
    state = ruled_table(tmp_path, rules, [["7", "1"], ["0", "1"], ["2", "2"], ["3", "3"]])
    events = play(state, "play 7")
    assert [(k, d.get("seat")) for k, d in after_rule(events) if k in ("bomb_discard", "life_lost")] == [
        ("bomb_discard", 1), ("life_lost", 2), ("life_lost", 3)]
    assert list(state.table.lives) == [5, 5, 4, 4]
    assert state.table.total == 0 and state.to_move == 1
    assert state.table.hand_sizes == [1, 1, 2, 2]


def test_a_bomb_by_rule_that_leaves_a_victim_without_cards_ends_the_hand(tmp_path: Path) -> None:
    # [decision] a BOMB victim who discarded their only card has gone out: seat 1's only card is a 0
    rules = [{"name": "seven bombs", "on": "card_played", "if": "event.card == '7'", "then": "bomb"}]
    state = ruled_table(tmp_path, rules, [["7", "1"], ["0"], ["2", "2"], ["3", "3"]])
    events = play(state, "play 7")
    assert "hand_over" in rule_events(events)
    assert state.table.phase is Phase.DEAL


def test_a_seven_that_calls_a_redeal_collects_every_hand(tmp_path: Path) -> None:
    # seat 0 plays its 7 onto the pile and keeps one card; then every hand goes to seat 0: 1 + 2 + 2 + 2
    # = 7 cards collected, the total 0, and the next step is their shuffle (chance)
    rules = [{"name": "seven redeals", "on": "card_played", "if": "event.card == '7'", "then": "hand_in_redeal"}]
    state = ruled_table(tmp_path, rules, [["7", "1"], ["1", "1"], ["2", "2"], ["3", "3"]])
    events = play(state, "play 7")
    handed = [d for k, d in after_rule(events) if k == "hands_handed_in"]
    assert handed == [{"seat": 0, "cards": 7}]
    assert state.table.total == 0 and state.table.phase is Phase.REDEAL and state.to_move == CHANCE


def test_a_group_draw_goes_round_in_the_direction_of_play(tmp_path: Path) -> None:
    # play runs anticlockwise (direction -1): seat 0's 7 makes the others draw one card each, seat 3
    # first, then 2, then 1, from the top of the deck A, B, C (here the cards 4, 5, 6)
    rules = [{"name": "seven draws", "on": "card_played", "if": "event.card == '7'", "then": {"draw_cards": {"seat": "others", "count": 1}}}]
    state = ruled_table(tmp_path, rules, [["7", "1"], ["1"], ["2"], ["3"]], deck=["4", "5", "6"], direction=-1)
    play(state, "play 7")
    assert [state.table.hands[s][state.cat.index[c]] for s, c in ((3, "4"), (2, "5"), (1, "6"))] == [1, 1, 1]


def test_group_draws_that_run_out_of_deck_wait_for_the_reshuffle_in_turn(tmp_path: Path) -> None:
    # one card in the deck and three to draw: seat 1 draws it, the discards are reshuffled (a
    # chance step), then seats 2 and 3 draw theirs
    rules = [{"name": "seven draws", "on": "card_played", "if": "event.card == '7'", "then": {"draw_cards": {"seat": "others", "count": 1}}}]
    state = ruled_table(tmp_path, rules, [["7", "1"], ["1"], ["2"], ["3"]], deck=["4"], discard=["0", "5", "6", "0", "5"])
    play(state, "play 7")
    assert state.table.hand_sizes == [1, 2, 1, 1]
    assert state.to_move == CHANCE and state.table.pending_draws == [[2, 1], [3, 1]]
    state.apply(state.sample_chance(random.Random(0)))
    assert state.table.hand_sizes == [1, 2, 2, 2] and state.to_move == 1
