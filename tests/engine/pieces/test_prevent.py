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


def test_a_prevention_takes_no_actions() -> None:
    assert problems("mancala", {"prevent": "capture", "then": "extra_turn"}) == [
        ("/rules/0/then", "'then' does not belong in a prevention")]
    assert problems("mancala", {"prevent": "capture", "on": "turn_over", "then": "draw"})[0][1].startswith(
        "a rule is a trigger ('on:' and 'then:'), a constraint ('forbid:'), a turn shorthand ('turn:'), a power ('power:') or a prevention")


def test_a_forgiven_touch_lets_the_move_and_the_game_go_on() -> None:
    # Rock Me Archimedes: a random game played until a move makes an end touch; with the touch
    # prevented once for each player, that same move ends nothing, the marble stands on its cup,
    # and the turn goes on as after any move (the rule fires, told in the move's events)
    import random

    from marblestudio.engine import new_game
    from marblestudio.engine.core import CHANCE
    from marblestudio.engine.pieces import runtime
    from marblestudio.engine.pieces.spec import pieces_of
    from marblestudio.rulesets import load

    rules = load("archimedes/standard")
    forgiving = program.compile_pieces("archimedes", pieces_of([{"name": "free touch", "prevent": "touch", "times": 1}]))
    for seed in range(20):
        state, rng = new_game(rules, 2), random.Random(seed)
        while state.outcome() is None:
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            move = state.legal_moves()[rng.randrange(len(state.legal_moves()))]
            trial = state.copy()
            events = trial.apply(move)
            if "board_touched" in [e.kind for e in events]:
                ruled = runtime.ruled(state.copy(), forgiving)
                seat = ruled.to_move
                told = ruled.apply(move)
                assert [e.kind for e in told].count("rule_fired") == 1 and "board_touched" not in [e.kind for e in told]
                assert ruled.outcome() is None and ruled.fired() == {"free touch": 1}
                cup = move.cup if hasattr(move, "cup") else move.dest
                assert ruled.board[cup] == seat  # the marble stands where it went
                again = ruled.copy()
                assert again.rule_state.used == {(0, seat): 1}  # used up for this player
                return
            state.apply(move)
    raise AssertionError("no touch in 20 random games")
