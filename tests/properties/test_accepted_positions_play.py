"""Fuzz property (issue 18): any position the reader accepts plays, and any other is refused with
`PositionError` naming a field.

A position of a seeded game of a bundled ruleset (every family) is changed a few times, token by
token: a field's value swapped for another field's, a list item dropped or doubled, a number
nudged, a seat's part moved to another seat, a field deleted or doubled.  Reading it either
raises `PositionError` (nothing else) or gives a game that writes itself back as it reads, keeps
its pieces (the counts after the read are the counts it plays with), and plays random moves to its
end or 300 steps without an exception; every legal move reads back from its notation on the way.

Examples: `MARBLESTUDIO_FUZZ_EXAMPLES` (default 60; `make fuzz` runs thousands).
"""

from __future__ import annotations

import os
import random
from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from marblestudio.engine import PositionError, from_position, new_game
from marblestudio.engine.core import CHANCE
from marblestudio.engine.rules import Ruleset
from marblestudio.rulesets import load_with_source
from marblestudio.rulesets.catalog import list_rulesets

EXAMPLES = int(os.environ.get("MARBLESTUDIO_FUZZ_EXAMPLES", "60"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
STEPS = 300


@cache
def positions() -> list[tuple[Ruleset, str]]:
    """Positions of seeded random games of every bundled ruleset, at a few steps each."""
    out = []
    for entry in sorted(list_rulesets(), key=lambda e: e.id):
        if not entry.bundled:
            continue
        rules = load_with_source(entry.id).rules
        rng = random.Random(entry.id)
        state = new_game(rules, rules.players.default)
        for step in range(120):
            if step % 30 == 0:
                out.append((rules, state.position()))
            if state.outcome() is not None:
                break
            legal = state.legal_moves() if state.to_move != CHANCE else [state.sample_chance(rng)]
            state.apply(legal[rng.randrange(len(legal))])
        out.append((rules, state.position()))
    return out


def mutate(text: str, rng: random.Random) -> str:
    """`text` changed one to three times at the level of its fields and items."""
    game, *fields = text.split()
    for _ in range(rng.randint(1, 3)):
        if not fields:
            break
        i = rng.randrange(len(fields))
        key, _, value = fields[i].partition("=")
        kind = rng.randrange(7)
        if kind == 0:  # another field's value
            fields[i] = f"{key}={fields[rng.randrange(len(fields))].partition('=')[2]}"
        elif kind == 1:  # a list item dropped
            items = value.split(",")
            del items[rng.randrange(len(items))]
            fields[i] = f"{key}={','.join(items)}"
        elif kind == 2:  # a list item doubled
            items = value.split(",")
            items.insert(rng.randrange(len(items) + 1), rng.choice(items))
            fields[i] = f"{key}={','.join(items)}"
        elif kind == 3:  # a number nudged
            digits = [j for j, ch in enumerate(value) if ch.isdigit()]
            if digits:
                j = rng.choice(digits)
                value = value[:j] + str((int(value[j]) + rng.choice((1, 9))) % 10) + value[j + 1:]
            fields[i] = f"{key}={value}"
        elif kind == 4:  # seats' parts swapped
            seats = value.split("/")
            rng.shuffle(seats)
            fields[i] = f"{key}={'/'.join(seats)}"
        elif kind == 5:  # a field deleted
            del fields[i]
        else:  # an odd value
            fields[i] = f"{key}={rng.choice(['', '-', '0', '-1', '99', 'x', '/', ',', 'chance', 'win:0:x', '9' * 30])}"
    return " ".join([game, *fields])


@FUZZ
@given(st.integers(min_value=0, max_value=2**32))
def test_an_accepted_position_plays_and_any_other_is_refused_by_field(seed: int) -> None:
    rng = random.Random(seed)
    rules, text = rng.choice(positions())
    mutant = mutate(text, rng)
    try:
        state = from_position(rules, mutant)
    except PositionError as exc:
        assert str(exc).startswith("position")
        return
    again = state.position()
    assert from_position(rules, again).position() == again, "a position read writes itself back"
    total = sum(state.counts().values())
    for _ in range(STEPS):
        if state.outcome() is not None:
            break
        if state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_moves()
        assert legal, "a seat to move has a legal move"
        move = legal[rng.randrange(len(legal))]
        assert str(state.parse_move(str(move))) == str(move)
        state.apply(move)
        assert sum(state.counts().values()) == total, f"pieces are conserved from {mutant}"
