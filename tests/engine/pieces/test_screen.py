"""A trigger's quick test of the event alone (`Trigger.screen`, `expr.compile_screen`): the parts of
a condition's top-level `and` that read only the event, called with the event itself.  Whenever
it is false the condition is false, so the rules may skip the condition on that event."""

from __future__ import annotations

import random
from itertools import product
from typing import Any

import pytest

from marblestudio.engine.core import Event
from marblestudio.engine.pieces.program import build
from marblestudio.engine.pieces.context import Context
from marblestudio.engine.pieces.spec import pieces_of


def trigger(game: str, on: str, condition: str) -> Any:
    program = build(game, pieces_of([{"on": on, "if": condition, "then": "extra_turn"}]))
    return program.triggers[on][0]


def card(card: str, left: int, seat: int = 0, total: int = 5) -> Event:
    return Event.of("card_played", seat=seat, card=card, total=total, left=left)


def test_a_condition_on_the_event_alone_is_its_own_screen() -> None:
    screen = trigger("alive", "card_played", "event.card == '7' and event.left > 0").screen
    assert screen is not None
    assert screen(card("7", 3)) is True
    assert screen(card("7", 0)) is False  # the last card
    assert screen(card("3", 3)) is False


def test_a_part_that_reads_the_game_is_left_to_the_full_condition() -> None:
    screen = trigger("alive", "card_played", "event.card == '7' and lives(mover) > 1").screen
    assert screen is not None
    assert screen(card("7", 3)) is True  # the screen cannot judge lives(mover): it lets the event through
    assert screen(card("8", 3)) is False


@pytest.mark.parametrize("condition", [
    "event.seat == mover and turn_moves < 3",  # every part reads more than the event
    "event.card == '7' or turn_moves > 3",  # an 'or' reads the game as a whole
    "lives(event.seat) == 1",  # a function call reads the game
])
def test_no_screen_when_no_part_reads_the_event_alone(condition: str) -> None:
    assert trigger("alive", "card_played", condition).screen is None


def test_a_screen_is_never_false_where_the_condition_is_true() -> None:
    # Over every combination of the fields the condition reads, with the full condition evaluated
    # in a context whose game part does not matter (the condition reads only the event and mover).
    t = trigger("alive", "card_played", "event.card in ['7', '8'] and event.left >= 2 and event.seat != mover and event.total < 15")
    assert t.screen is not None

    class Game:
        num_players = 2

    checked = 0
    for seat, mover, name, left, total in product(range(2), range(2), ["3", "7", "8", "SKIP"], range(4), [0, 14, 15, 21]):
        event = card(name, left, seat, total)
        ctx = Context(Game(), None, mover)  # type: ignore[arg-type]
        ctx.event = event
        if t.condition(ctx):
            assert t.screen(event), event
            checked += 1
    assert checked > 10


def test_the_screen_leaves_a_house_rule_s_games_as_they_were() -> None:
    # The cookbook's lucky seven fires as often with screens as its condition alone says it should:
    # every 7 played with cards left gives its player another turn.
    from marblestudio.engine import new_game
    from marblestudio.rulesets import load
    from pathlib import Path

    rules = load(str(Path(__file__).resolve().parents[3] / "examples" / "house-rules" / "alive-lucky-seven.yaml"))
    sevens = fired = 0
    for seed in range(8):
        state = new_game(rules, 2)
        rng = random.Random(seed)
        while state.outcome() is None:
            move = state.sample_chance(rng) if state.to_move < 0 else rng.choice(state.legal_moves())
            events = state.apply(move)
            sevens += sum(1 for e in events if e.kind == "card_played" and e.get("card") == "7" and e.get("left") > 0)
            fired += sum(1 for e in events if e.kind == "rule_fired")
    assert sevens >= 4
    assert fired == sevens
