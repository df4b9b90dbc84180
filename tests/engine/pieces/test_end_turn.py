"""The core action `end_turn`: a rule ends the mover's turn with the move just made, in every
family that has turns of more than one move (Mancala's store landing, Avalanche's drops,
Rock Me Archimedes' roll) and against an extra turn given earlier in the turn."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import yaml

from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE, State
from marblestudio.rulesets import load_with_source


def house(tmp_path: Path, rules: list[dict[str, Any]], base: str) -> Any:
    path = tmp_path / "house.yaml"
    path.write_text(yaml.safe_dump({"format": 1, "id": "house/test", "name": "Test", "extends": base, "rules": rules}))
    return load_with_source(path).rules


def test_a_store_landing_that_ends_the_turn_passes_the_turn_to_the_other_player(tmp_path: Path) -> None:
    # Kalah, 4 seeds a house: South sowing c drops its last seed (the 4th: d, e, f, store) in its
    # store, which by the book gives another turn; the rule ends the turn instead
    rules = house(tmp_path, [{"name": "no bonus", "on": "extra_turn", "then": "end_turn"}], "mancala/kalah")
    state = new_game(rules, 2)
    events = state.apply(state.parse_move("c"))
    kinds = [e.kind for e in events]
    assert "extra_turn" in kinds and kinds[-1] == "turn_over"
    assert state.to_move == 1
    plain = new_game(house(tmp_path, [{"name": "count", "on": "extra_turn", "then": {"score": 1}}], "mancala/kalah"), 2)
    plain.apply(plain.parse_move("c"))
    assert plain.to_move == 0  # without end_turn, the book's extra turn


def test_end_turn_takes_back_an_extra_turn_given_earlier_in_the_turn(tmp_path: Path) -> None:
    # every Kalah sowing gives another move (a turn of two), but a store landing ends the turn: a
    # sowing into the store loses the extra move the first rule gave
    rules = house(tmp_path, [{"name": "two", "on": "seeds_taken", "if": "turn_moves == 1", "then": "extra_turn"},
                             {"name": "no bonus", "on": "extra_turn", "then": "end_turn"}], "mancala/kalah")
    state = new_game(rules, 2)
    state.apply(state.parse_move("a"))  # a: b, c, d, e (no store): the turn of two goes on
    assert state.to_move == 0
    state = new_game(rules, 2)
    state.apply(state.parse_move("c"))  # c: into the store: both extra moves are lost
    assert state.to_move == 1


def _first(state: State, rng: random.Random, seek: Any) -> tuple[State, list[Any]]:
    """Play random moves until `seek(events)` holds for a move's events; the state and events then."""
    while state.outcome() is None:
        move = state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.legal_moves())
        events = state.apply(move)
        if seek(events):
            return state, events
    raise AssertionError("never happened")


def test_a_roll_of_one_that_ends_the_turn_loses_the_space_and_the_other_player_chooses(tmp_path: Path) -> None:
    rules = house(tmp_path, [{"name": "ones", "on": "die_rolled", "if": "event.value == 1 and turns > 0", "then": "end_turn"}],
                  "archimedes/standard")
    state, events = _first(new_game(rules, 2), random.Random(3),
                           lambda ev: any(e.kind == "die_rolled" and e["value"] == 1 for e in ev) and any(e.kind == "rule_fired" for e in ev))
    roller = next(e["seat"] for e in events if e.kind == "die_rolled")
    assert [e.kind for e in events][-1] == "turn_over"
    assert state.to_move == 1 - roller and state.remaining == 0  # type: ignore[attr-defined]
    assert all(str(m) != "pass" for m in state.legal_moves())  # the other player's choice: place or roll


def test_three_drops_that_end_the_turn_pass_the_turn_in_avalanche(tmp_path: Path) -> None:
    rules = house(tmp_path, [{"name": "three", "on": "marble_dropped", "if": "drops_this_turn >= 3", "then": "end_turn"}],
                  "avalanche/standard")
    state, events = _first(new_game(rules, 3), random.Random(5), lambda ev: any(e.kind == "rule_fired" for e in ev))
    dropper = next(e["seat"] for e in events if e.kind == "rule_fired")
    assert [e.kind for e in events].count("turn_over") == 1
    assert state.outcome() is not None or state.to_move == (dropper + 1) % 3
    assert state.drops_this_turn == 0  # type: ignore[attr-defined]
    rng = random.Random(9)  # and no turn is ever longer than three drops
    state = new_game(rules, 3)
    while state.outcome() is None:
        state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.legal_moves()))
        assert state.drops_this_turn <= 3  # type: ignore[attr-defined]


def test_a_power_that_ends_the_turn_declines_an_extra_move(tmp_path: Path) -> None:
    # every Kalah turn is two sowings, but a player may stop after the first ("use stop", as
    # often as they like): the other player moves next
    rules = house(tmp_path, [{"name": "two", "turn": {"moves": 2}},
                             {"name": "stop", "power": "end_turn", "times": 99, "if": "turn_moves == 2"}], "mancala/kalah")
    state = new_game(rules, 2)
    assert all(str(m) != "use stop" for m in state.legal_moves())  # not before the first sowing
    state.apply(state.parse_move("a"))  # a: b, c, d, e: no store, the turn of two goes on
    assert state.to_move == 0 and "use stop" in [str(m) for m in state.legal_moves()]
    events = state.apply(state.parse_move("use stop"))
    assert [e.kind for e in events] == ["rule_fired", "turn_over"]
    assert state.to_move == 1
    state.apply(state.parse_move("A"))  # North's first sowing: its own turn of two goes on
    assert state.to_move == 1


def _longest_run(rules: Any, seeds: range) -> int:
    """The most moves one seat made in a row in seeded random games of `rules`."""
    longest = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = new_game(rules, 2)
        run, last = 0, -1
        while state.outcome() is None:
            seat = state.to_move
            state.apply(rng.choice(state.legal_moves()))
            run = run + 1 if seat == last else 1
            last = seat
            longest = max(longest, run)
    return longest


def test_at_most_two_sowings_a_turn_with_moves_in_turn_and_end_turn(tmp_path: Path) -> None:
    # moves_in_turn counts Kalah's own extra sowings (turn_moves does not: it counts the rules'
    # extra turns): ending the turn at the second sowing caps every run of one player at two
    base = house(tmp_path, [{"name": "count", "on": "extra_turn", "then": {"score": 1}}], "mancala/kalah")
    assert _longest_run(base, range(40)) >= 3
    capped = house(tmp_path, [{"name": "two at most", "on": "extra_turn", "if": "moves_in_turn >= 2", "then": "end_turn"}],
                   "mancala/kalah")
    assert _longest_run(capped, range(40)) == 2


def test_moves_in_turn_is_kept_in_positions_and_an_older_position_still_reads(tmp_path: Path) -> None:
    from marblestudio.engine import from_position

    rules = house(tmp_path, [{"name": "count", "on": "extra_turn", "then": {"score": 1}}], "mancala/kalah")
    state = new_game(rules, 2)
    state.apply(state.parse_move("c"))  # into the store: the turn goes on
    text = state.position()  # type: ignore[attr-defined]
    assert "rule-turn=1,0,-1,-1,0,1" in text
    again = from_position(rules, text)
    assert again.rule_state.in_turn == 1 and again.position() == text  # type: ignore[attr-defined]
    older = from_position(rules, text.replace("rule-turn=1,0,-1,-1,0,1", "rule-turn=1,0,-1,-1,0"))
    assert older.rule_state.in_turn == 1  # type: ignore[attr-defined]


def test_a_constraint_that_forbids_every_move_leaves_the_power_when_one_is_left(tmp_path: Path) -> None:
    # the second move of a turn of two may only be declined: every sowing is forbidden then, and
    # the power that ends the turn is the one move left (an audit found the constraint dropped)
    from marblestudio.engine.core import IllegalMoveError

    rules = house(tmp_path, [{"name": "two", "turn": {"moves": 2}},
                             {"name": "stop", "power": "end_turn", "times": 99, "if": "turn_moves == 2"},
                             {"name": "no second sowing", "forbid": "turn_moves == 2", "because": "the second move may only be declined"}],
                  "mancala/kalah")
    state = new_game(rules, 2)
    assert "use stop" not in [str(m) for m in state.legal_moves()]
    state.apply(state.parse_move("a"))
    assert [str(m) for m in state.legal_moves()] == ["use stop"]
    try:
        state.apply(state.parse_move("b"))
        raise AssertionError("a forbidden sowing was played")
    except IllegalMoveError as exc:
        assert "no second sowing" in str(exc)
    state.apply(state.parse_move("use stop"))
    assert state.to_move == 1 and "use stop" not in [str(m) for m in state.legal_moves()]


def test_a_seat_that_must_miss_its_next_turn_is_passed_over_once(tmp_path: Path) -> None:
    from marblestudio.engine import from_position

    # South's first sowing makes North miss its next turn: South sows again, then North plays
    rules = house(tmp_path, [{"name": "miss", "on": "seeds_taken", "if": "mover == 0 and moves_played == 1",
                              "then": {"skip_turn": 1}}], "mancala/kalah")
    state = new_game(rules, 2)
    state.apply(state.parse_move("a"))  # a: b, c, d, e (no store): North's turn, which it misses
    assert state.to_move == 0
    assert state.rule_state.missed == [0, 0]  # type: ignore[attr-defined]
    state.apply(state.parse_move("f"))  # f: its four seeds go to North's houses: North plays now
    assert state.to_move == 1
    # a turn still to miss is kept in positions
    state = new_game(house(tmp_path, [{"name": "miss", "on": "seeds_taken", "if": "mover == 0 and moves_played == 1",
                                       "then": {"skip_turn": {"seat": 1}}},
                                      {"name": "again", "on": "seeds_taken", "if": "mover == 0 and moves_played == 1",
                                       "then": {"skip_turn": 1}}], "mancala/kalah"), 2)
    state.apply(state.parse_move("a"))
    assert state.to_move == 0 and state.rule_state.missed == [0, 1]  # type: ignore[attr-defined]
    text = state.position()  # type: ignore[attr-defined]
    assert "missed=0/1" in text
    assert from_position(state.ruleset, text).rule_state.missed == [0, 1]  # type: ignore[attr-defined]
    state.apply(state.parse_move("c"))
    assert state.to_move == 0  # the second turn North misses
    state.apply(state.parse_move("d"))
    assert state.to_move == 1


def test_a_counter_of_the_rules_own_counts_drops_per_turn_and_is_kept_in_positions(tmp_path: Path) -> None:
    from marblestudio.engine import from_position

    rules = house(tmp_path, [{"name": "new turn", "on": "turn_over", "then": {"set_count": {"counter": "drops", "seat": "event.seat"}}},
                             {"name": "tally", "on": "marble_dropped", "then": {"count": "drops"}},
                             {"name": "three drops", "on": "marble_dropped", "if": "count('drops', mover) >= 3", "then": "end_turn"}],
                  "avalanche/standard")
    rng = random.Random(4)
    state = new_game(rules, 3)
    seen_counter = False
    while state.outcome() is None:
        state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.legal_moves()))
        assert state.drops_this_turn <= 3  # type: ignore[attr-defined]
        counters = state.rule_state.counters  # type: ignore[attr-defined]
        if state.to_move >= 0 and counters.get(("drops", state.to_move)):
            assert counters[("drops", state.to_move)] == state.drops_this_turn  # type: ignore[attr-defined]
            text = state.position()  # type: ignore[attr-defined]
            assert f"drops.{state.to_move}.{state.drops_this_turn}" in text  # type: ignore[attr-defined]
            assert from_position(rules, text).rule_state.counters == counters  # type: ignore[attr-defined]
            seen_counter = True
    assert seen_counter


def test_a_counters_name_is_a_plain_name(tmp_path: Path) -> None:
    from marblestudio.rulesets import RulesetError

    try:
        house(tmp_path, [{"name": "tally", "on": "marble_dropped", "then": {"count": "two words"}}], "avalanche/standard")
        raise AssertionError("a name with a space was accepted")
    except RulesetError as exc:
        assert "count's counter is a name of letters, digits and _" in str(exc)


def test_set_count_sets_any_value_in_full_form(tmp_path: Path) -> None:
    # the third audit found `set_count: {counter: x, value: 1}` refused: the value is `to`
    rules = house(tmp_path, [{"name": "mark", "on": "seeds_taken", "then": {"set_count": {"counter": "last", "to": "event.pit + 1"}}}],
                  "mancala/kalah")
    state = new_game(rules, 2)
    state.apply(state.parse_move("c"))  # house c is pit 2
    assert state.rule_state.counters == {("last", 0): 3}  # type: ignore[attr-defined]


def test_a_rule_on_the_seeds_collected_at_the_end_of_kalah(tmp_path: Path) -> None:
    # a point for every seed a player stores at the end from their own houses: the rule's score is
    # what the game's seeds_collected events carry, through apply and through the fast playout
    rules = house(tmp_path, [{"name": "sweep", "on": "seeds_collected", "then": {"score": {"seat": "event.seat", "points": "event.seeds"}}}],
                  "mancala/kalah")
    fast_firings = 0
    for seed in range(5):
        state = new_game(rules, 2)
        rng = random.Random(seed)
        collected = [0, 0]
        while state.outcome() is None:
            for event in state.apply(rng.choice(state.legal_moves())):
                if event.kind == "seeds_collected":
                    collected[event["seat"]] += event["seeds"]
        assert state.rule_state.scores == collected  # type: ignore[attr-defined]
        fast = new_game(rules, 2)
        fast.random_playout(random.Random(seed))  # the end's events reach the rules there too
        assert fast.outcome() is not None
        fast_firings += fast.fired()["sweep"]  # type: ignore[attr-defined]
    assert fast_firings > 0
