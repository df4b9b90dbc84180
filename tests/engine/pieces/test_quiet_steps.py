"""Steps played without their events (`State.quiet_steps`, `play_quietly`), and a game with rule
pieces that plays them so when no rule listens (`Ruled.play`): the same game as `apply` plays."""

from __future__ import annotations

import random
from typing import Any
from pathlib import Path

import pytest

from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE, TURN_OVER, State
from marblestudio.rulesets import catalog, load

ROOT = Path(__file__).resolve().parents[3]
QUIET_FAMILIES = ("archimedes", "alive")
"""The families whose states list quiet steps (a family added here is held to its list)."""
SEARCH_FAMILIES = (*QUIET_FAMILIES, "avalanche")
"""The families whose games with rule pieces leave something out in `play` (quiet steps, or the
story of the board: `story_kinds`)."""


def _bundled(family: str) -> list[str]:
    return [entry.id for entry in catalog.list_rulesets() if entry.bundled and entry.game == family]


def _house_rules(family: str) -> list[Path]:
    return sorted((ROOT / "examples" / "house-rules").glob(f"{family}-*.yaml"))


def _random_move(state: State, rng: random.Random):  # type: ignore[no-untyped-def]
    if state.to_move == CHANCE:
        return state.sample_chance(rng)
    legal = state.legal_moves()
    return legal[rng.randrange(len(legal))]


@pytest.mark.parametrize("ref", [ref for family in QUIET_FAMILIES for ref in _bundled(family)])
def test_a_quiet_step_makes_no_event_outside_its_list_and_plays_the_same_game(ref: str) -> None:
    # every step of a class the family lists (Rock Me Archimedes: all; ALIVE: its chance steps),
    # in random games with the fewest and the most players, until 500 were checked
    rules = load(ref)
    steps = 0
    for seed in range(400):
        if steps > 500:
            break
        rng = random.Random(f"{ref}:{seed}")
        state = new_game(rules, rules.players.min if seed % 2 else rules.players.max)
        while state.outcome() is None and steps < 20_000:
            move = _random_move(state, rng)
            kinds = type(state).quiet_steps.get(type(move))
            if kinds is None:
                state.apply(move)
                continue
            quiet = state.copy()
            mover = state.to_move
            events = state.apply(move)
            assert {e.kind for e in events} <= kinds, (move, [e.kind for e in events])
            ended = quiet.play_quietly(move)
            turn_over = [e.get("seat", mover) for e in events if e.kind == TURN_OVER]
            assert ended == (turn_over[0] if turn_over else -1), (move, events)
            assert quiet.position() == state.position()
            steps += 1
    assert steps > 500


@pytest.mark.parametrize("path", [p for family in SEARCH_FAMILIES for p in _house_rules(family)], ids=lambda p: p.stem)
def test_a_game_with_rule_pieces_plays_the_same_through_play_as_through_apply(path: Path) -> None:
    # play() leaves out the events no rule listens to; the rules' state (turns, firings, extra
    # turns) and the game must come out as apply() leaves them, step by step.
    rules = load(str(path))
    compared = 0
    for seed in range(60):  # games enough for 600 steps (Avalanche's are short)
        if compared >= 600:
            break
        rng = random.Random(f"{path.stem}:{seed}")
        applied = new_game(rules, rules.players.min)
        played = applied.copy()
        while applied.outcome() is None and compared < 6_000:
            move = _random_move(applied, rng)
            if played.to_move != CHANCE:
                played.legal_moves()  # as search lists them before it plays one (a constraint counts then)
            applied.apply(move)
            played.play(move)
            assert played.position() == applied.position(), move
            assert played.position_key() == applied.position_key()
            compared += 1
        assert played.outcome() == applied.outcome()
        if hasattr(applied, "fired"):  # a game with rule pieces (not a setting alone, not a team wrapper)
            assert played.fired() == applied.fired()
    assert compared >= 600


def test_a_game_with_rule_pieces_keys_what_its_rules_remember() -> None:
    # Search remembers positions by key: two games on the same board whose rules remember
    # different things that the game goes on from (an extra turn given, a firing that a rule
    # reads with fired()) must not share a key; a firing that no rule reads changes nothing ahead
    rules = load(str(ROOT / "examples" / "house-rules" / "archimedes-three-again.yaml"))
    state = new_game(rules, 2)
    key = state.position_key()
    assert key is not None and key == state.copy().position_key()
    other = state.copy()
    other.rule_state.turn_to = 1  # type: ignore[attr-defined]
    assert other.position_key() != key
    counted = state.copy()
    counted.rule_state.fired[0] += 1  # type: ignore[attr-defined]
    assert counted.position_key() == key  # no rule reads fired(): the same game ahead
    reading = _with_rules("archimedes/standard", [{"name": "once", "on": "die_rolled", "if": "fired('once') == 0",
                                                    "then": "extra_turn"}])
    first = new_game(reading, 2)
    again = first.copy()
    again.rule_state.fired[0] += 1  # type: ignore[attr-defined]
    assert again.position_key() != first.position_key()


def test_the_key_holds_what_the_expressions_and_actions_of_the_rules_can_tell_apart() -> None:
    # moves_played, score, count and times each make their part of the rule state part of the key
    plain = _with_rules("archimedes/standard", [{"name": "a", "on": "die_rolled", "then": "extra_turn"}])
    assert program_of(plain).key_parts == ()
    cases = {
        "moves": {"name": "a", "on": "die_rolled", "if": "moves_played > 3", "then": "extra_turn"},
        "scores": {"name": "a", "on": "die_rolled", "then": {"score": 1}},
        "counters": {"name": "a", "on": "die_rolled", "then": {"count": "rolls"}},
        "used": {"name": "a", "on": "die_rolled", "then": "extra_turn", "times": 2},
        "missed": {"name": "a", "on": "die_rolled", "then": "skip_turn"},
        "fired": {"name": "a", "on": "die_rolled", "if": "fired('a') < 2", "then": "extra_turn"},
    }
    for part, rule in cases.items():
        assert part in program_of(_with_rules("archimedes/standard", [rule])).key_parts, part


def _with_rules(base: str, rules: list[dict]) -> Any:
    from marblestudio.rulesets import load_with_source
    from marblestudio.rulesets.loader import from_resolved

    return from_resolved({**load_with_source(base).resolved, "rules": rules})


def program_of(rules: Any) -> Any:
    from marblestudio.engine.pieces.program import compile_pieces

    return compile_pieces(rules.game, rules.pieces)


def test_a_trigger_that_reads_a_keyword_field_of_move_is_told_the_move() -> None:
    # `move.from` (a field named as a Python keyword) counts as reading the move: the game then
    # describes each move to its rules; each lift scores a point for its mover
    rules = _with_rules("archimedes/standard", [{"name": "lifts", "on": "marble_lifted", "if": "move.from != ''",
                                                 "then": {"score": 1}}])
    assert program_of(rules).reads_move
    state, rng, lifts = new_game(rules, 2), random.Random(3), [0, 0]
    while state.outcome() is None and sum(lifts) < 5:
        if state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        seat, moves = state.to_move, state.legal_moves()
        move = moves[rng.randrange(len(moves))]
        events = state.apply(move)
        lifts[seat] += sum(1 for e in events if e.kind == "marble_lifted")
    assert sum(lifts) >= 5 and list(state.rule_state.scores) == lifts  # type: ignore[attr-defined]
