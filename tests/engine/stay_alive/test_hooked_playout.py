"""Stay Alive's hooked playout (a house rule's game in the fast loop): the moves it hands to the
rules are played by the family and told to them (`after_fast_move`), as `Ruled.apply` plays them."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE
from marblestudio.engine.stay_alive import playout
from marblestudio.engine.pieces.rule_state import FIELDS
from tests.house_texts import house_rules

HOOKED: dict[str, str | list[dict[str, Any]]] = {
    "fall again": "stay-alive-fall-again.yaml",
    "three strikes": "stay-alive-three-strikes.yaml",
    "neutral": "stay-alive-neutral.yaml",
    "teams": "stay-alive-teams.yaml",
    "a point a marble": [{"name": "count", "on": "marble_fell", "then": {"score": {"seat": "event.seat"}}}],
    "own drop skips": [{"name": "own drop", "on": "marble_fell", "if": "event.seat == mover", "then": "skip_next"}],
    "out gives a turn": [{"name": "out", "on": "player_out", "then": "extra_turn"}],
}


def _fields(state: Any) -> dict[str, Any]:
    """Every field of the game (`__slots__` up the classes) and of the rule state."""
    out = {name: getattr(state, name) for klass in type(state).__mro__ for name in getattr(klass, "__slots__", ())
           if name not in ("rule_state", "tables", "ruleset", "rules") and hasattr(state, name)}
    rs = state.rule_state
    out.update({f"rule.{name}": getattr(rs, name) for name in FIELDS if name != "program"})
    return out


def _through_apply(state: Any, rng: random.Random, cap: int) -> int:
    """The reference: the same loop, the same draws, every move it hands on through the rules'
    own `legal_moves` and `apply`."""
    rs = state.rule_state
    played = playout.hooked_playout(state, rng, cap, set(rs.program.triggers), rs.quiet, type(state).legal_moves, type(state).apply,
                                    lambda seat, events: None)  # (`apply` runs the triggers itself)
    assert played is not None
    return played


def _hookable(state: Any) -> bool:
    """Whether the rules take Stay Alive's hooked loop (`Ruled._hookable`, and no rule on every move)."""
    return bool(state._hookable()) and not set(state.rule_state.program.triggers) & playout.EVERY_MOVE


def _compare(ruleset: Any, players: int, seed: str, moves_first: int) -> int:
    """One game, `moves_first` random moves in, played on both ways with caps of 3 and none:
    the same count and every field equal; the firings of the uncapped game."""
    rng = random.Random(seed)
    state: Any = new_game(ruleset, players)
    for _ in range(moves_first):
        if state.outcome() is not None:
            break
        moves = [state.sample_chance(rng)] if state.to_move == CHANCE else state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
    fired = 0
    for cap in (3, 1_000_000):
        fast, slow = state.copy(), state.copy()
        played = fast.random_playout(random.Random(f"{seed}:{cap}"), cap)
        assert _through_apply(slow, random.Random(f"{seed}:{cap}"), cap) == played, seed
        assert _fields(fast) == _fields(slow), (seed, cap)
        assert fast.position() == slow.position()
        if cap == 1_000_000:
            assert fast.outcome() is not None
            fired = sum(fast.fired().values())
    return fired


@pytest.mark.parametrize("name", HOOKED)
def test_the_hooked_playout_leaves_the_game_and_rule_state_that_apply_leaves(name: str, tmp_path: Path) -> None:
    ruleset = house_rules(HOOKED[name], "stay-alive/standard", tmp_path)
    assert _hookable(new_game(ruleset, 4 if name == "teams" else 2))  # else this compares nothing new
    fired = 0
    for game in range(12):
        players = 4 if name == "teams" else 2 + game % 3
        fired += _compare(ruleset, players, f"{name}:{game}", (0, 9, 25, 40)[game % 4])
    assert fired > 0  # the rule did fire in these games


def test_random_house_rules_play_in_the_hooked_loop_as_through_apply() -> None:
    """Rule pieces grown at random from Stay Alive's vocabulary (the fuzz property's)."""
    from tests.properties.pieces import hookable_rulesets

    compared = 0
    for seed, ruleset, _ in hookable_rulesets("stay-alive", 800):
        if not _hookable(new_game(ruleset, 2)):  # (a rule on every move: no fast loop to compare)
            continue
        _compare(ruleset, 2, f"pieces:{seed}", seed % 30)
        compared += 1
    assert compared >= 30, compared
