"""A prevention (`prevent:`) as the loader checks it: only what the family lets rules prevent,
its condition typed over what would happen (`event`), and nothing of another kind of rule."""

from __future__ import annotations

import pytest

from marblestudio.engine.pieces import program
from marblestudio.engine.pieces.vocab import HOOKS


def problems(game: str, *entries: dict) -> list[tuple[str, str]]:
    return [(p.pointer, p.message) for p in program.check(game, list(entries))]


def test_the_hooks_list_prevent() -> None:
    assert "prevent" in {h.name for h in HOOKS}


@pytest.mark.parametrize("game", ["stay-alive", "alive", "avalanche"])
def test_a_game_that_names_nothing_to_prevent_says_so_at_the_prevent_key(game: str) -> None:
    assert problems(game, {"prevent": "capture"}) == [
        ("/rules/0/prevent", "this game names nothing of its own rules that a rule may prevent")]


def test_mancala_lists_what_it_lets_rules_prevent() -> None:
    assert problems("mancala", {"prevent": "sowing"}) == [
        ("/rules/0/prevent", "'sowing' is not a rule this game lets a rule prevent (it can: capture, extra_turn)")]
    assert problems("mancala", {"prevent": "capture", "if": "event.seeds >= 4 and store(event.seat) > 10"}) == []
    assert problems("archimedes", {"prevent": "capture"}) == [
        ("/rules/0/prevent", "'capture' is not a rule this game lets a rule prevent (it can: touch)")]
    assert problems("archimedes", {"prevent": "touch", "if": "event.end == 'low' and turns > 10", "times": 1}) == []


def test_a_prevention_s_condition_is_checked_at_its_column() -> None:
    found = program.check("mancala", [{"prevent": "extra_turn", "if": "mover == 0 and event.seeds > 2"}])
    assert [(p.pointer, p.message) for p in found] == [("/rules/0/if", "event has no field 'seeds' here (its fields: seat)")]
    assert (found[0].line, found[0].column) == (1, 16)  # at 'event.seeds' (columns from 1)


def test_a_prevention_acts_with_the_core_s_actions_only() -> None:
    assert problems("mancala", {"prevent": "capture", "then": "extra_turn"}) == []
    assert problems("mancala", {"prevent": "capture", "then": [{"score": "event.seeds"}, "end_turn"]}) == []
    assert problems("mancala", {"prevent": "capture", "then": "sow_clockwise"}) == [
        ("/rules/0/then", "a prevention acts with the game's turns, points, counters and result only (count, draw, end_turn, "
                          "extra_turn, give_turn, insert_turn, lose, mark, partner_turn, score, set_count, skip_next, skip_turn, waive, win), "
                          "not 'sow_clockwise': it acts in the middle of the game's own rule, where a change to the board would upset it")]
    assert problems("mancala", {"prevent": "capture", "on": "turn_over", "then": "draw"})[0][1].startswith(
        "a rule is a trigger ('on:' and 'then:'), a constraint ('forbid:'), a turn shorthand ('turn:'), a power ('power:') or a prevention")


def _first_touch(seed_range: range = range(20)):  # type: ignore[no-untyped-def]
    """A Rock Me Archimedes game just before a move that makes an end touch, and that move."""
    import random

    from marblestudio.engine import new_game
    from marblestudio.engine.core import CHANCE
    from marblestudio.rulesets import load

    rules = load("archimedes/standard")
    for seed in seed_range:
        state, rng = new_game(rules, 2), random.Random(seed)
        while state.outcome() is None:
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            move = state.legal_moves()[rng.randrange(len(state.legal_moves()))]
            if "board_touched" in [e.kind for e in state.copy().apply(move)]:
                return state, move
            state.apply(move)
    raise AssertionError("no touch in 20 random games")


def test_a_forgiven_touch_can_cost_a_point_and_the_rest_of_the_turn() -> None:
    # 'a touch is forgiven once, but it costs a point and ends your turn': the move stands, the
    # mover's score is -1, and the other player is next (a die roll first, chance's step)
    from marblestudio.engine.pieces import runtime
    from marblestudio.engine.pieces.spec import pieces_of

    state, move = _first_touch()
    rule = {"name": "paid touch", "prevent": "touch", "times": 1, "then": [{"score": -1}, "end_turn"]}
    ruled = runtime.ruled(state.copy(), program.compile_pieces("archimedes", pieces_of([rule])))
    seat = ruled.to_move
    told = ruled.apply(move)
    assert ruled.outcome() is None and "board_touched" not in [e.kind for e in told]
    assert ruled.rule_state.scores[seat] == -1
    kinds = [e.kind for e in told]
    assert "turn_over" in kinds and ruled.mover == 1 - seat  # the turn ended with the move: the other seat's turn


def test_a_prevention_that_ends_the_game_ends_it_with_the_move() -> None:
    # 'a touch does not lose for the mover: it wins for them' (a prevention whose action is win):
    # the move's events end with the turn's end and the result, the mover the winner
    from marblestudio.engine.pieces import runtime
    from marblestudio.engine.pieces.spec import pieces_of

    state, move = _first_touch()
    rule = {"name": "lucky touch", "prevent": "touch", "then": "win"}
    ruled = runtime.ruled(state.copy(), program.compile_pieces("archimedes", pieces_of([rule])))
    seat = ruled.to_move
    told = ruled.apply(move)
    outcome = ruled.outcome()
    assert outcome is not None and outcome.winners == (seat,) and "lucky touch" in outcome.reason
    assert [e.kind for e in told][-2:] == ["turn_over", "game_over"]


def test_a_forgiven_touch_lets_the_move_and_the_game_go_on() -> None:
    # Rock Me Archimedes: a random game played until a move makes an end touch; with the touch
    # prevented once for each player, that same move ends nothing, the marble stands on its cup,
    # and the turn goes on as after any move (the rule fires, told in the move's events)
    from marblestudio.engine.pieces import runtime
    from marblestudio.engine.pieces.spec import pieces_of

    forgiving = program.compile_pieces("archimedes", pieces_of([{"name": "free touch", "prevent": "touch", "times": 1}]))
    state, move = _first_touch()
    ruled = runtime.ruled(state.copy(), forgiving)
    seat = ruled.to_move
    told = ruled.apply(move)
    assert [e.kind for e in told].count("rule_fired") == 1 and "board_touched" not in [e.kind for e in told]
    assert ruled.outcome() is None and ruled.fired() == {"free touch": 1}
    cup = move.cup if hasattr(move, "cup") else move.dest
    assert ruled.board[cup] == seat  # the marble stands where it went
    again = ruled.copy()
    assert again.rule_state.used == {(0, seat): 1}  # used up for this player
