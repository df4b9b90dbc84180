"""Marks (`mark` and `mark(name, seat)`): a seat's text a house rule keeps, such as what a player
named with a power's `choose:`.  The seventh audit's 'once a game, name a slide; the next player
may not move it on their turn' (examples/house-rules/stay-alive-lock-a-slide.yaml), and a card
named in ALIVE, whose text ('=21') a position writes as in a web address."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import yaml

from marblestudio.engine import from_position, new_game
from marblestudio.engine.core import CHANCE
from marblestudio.engine.pieces import program
from marblestudio.engine.pieces.powers import PowerMove
from marblestudio.rulesets import load_with_source

from power_play import until_power

LOCK = Path(__file__).resolve().parents[3] / "examples" / "house-rules" / "stay-alive-lock-a-slide.yaml"


def sliding(rules: Any, seed: int = 1) -> Any:
    """A game in its sliding phase, the power offered to the seat to move."""
    return until_power(rules, seed)


def slide_moves(state: Any, slide: str) -> list[str]:
    return [str(m) for m in state.legal_moves() if not isinstance(m, PowerMove) and str(m).startswith(slide)]


def test_a_named_slide_is_locked_for_the_next_player_s_turn_only() -> None:
    state = sliding(load_with_source(LOCK).rules)
    assert state.phase == "sliding"
    me = state.to_move
    assert [m.choice for m in state.legal_moves() if isinstance(m, PowerMove)] == list(state.tables.slide_ids)
    state.apply(state.parse_move("use lock R3"))
    assert state.rule_state.marks == {("locked", 1 - me): "R3"}
    assert state.to_move == me  # a power: the user still moves
    state.apply(next(m for m in state.legal_moves() if not isinstance(m, PowerMove) and not str(m).startswith("R3")))
    assert state.outcome() is None and state.to_move == 1 - me  # a slide move ends the turn
    family = [str(m) for m in type(state).__mro__[2].legal_moves(state) if str(m).startswith("R3")]
    assert family and slide_moves(state, "R3") == []  # the game would allow R3; the rule locks it for this turn
    state.apply(next(m for m in state.legal_moves() if not isinstance(m, PowerMove)))
    assert state.rule_state.marks == {}  # the turn is over: unlocked


def test_a_mark_survives_a_position_written_as_in_a_web_address(tmp_path: Path) -> None:
    path = tmp_path / "ban.yaml"
    path.write_text(yaml.safe_dump({"format": 1, "id": "house/ban", "name": "Ban", "extends": "alive/standard", "rules": [
        {"name": "ban", "power": {"mark": {"name": "banned", "seat": "next_seat()", "text": "choice"}}, "choose": "card"},
        {"name": "banned", "forbid": "move.card == mark('banned', mover)", "because": "that card was banned"}]}))
    rules = load_with_source(path).rules
    state, rng = new_game(rules, 3), random.Random(2)
    while state.to_move == CHANCE:
        state.apply(state.sample_chance(rng))
    state.apply(state.parse_move("use ban =21"))
    nxt = state.table.seat_after(state.to_move) if hasattr(state.table, "seat_after") else state.seat_after(state.to_move)
    assert state.rule_state.marks == {("banned", nxt): "=21"}
    text = state.position()
    assert f" marks=banned.{nxt}.%3D21 " in f" {text} "
    again = from_position(rules, text)
    assert again.rule_state.marks == state.rule_state.marks  # type: ignore[attr-defined]


def test_mark_reads_empty_until_set_and_checks_its_types() -> None:
    assert program.check("alive", [{"name": "x", "on": "card_played", "if": "mark('named', mover) == event.card", "then": "extra_turn"}]) == []
    problems = program.check("alive", [{"name": "x", "on": "card_played", "if": "mark('named', mover) == 3", "then": "extra_turn"}])
    assert problems and "cannot compare a text with a number" in problems[0].message


def test_a_text_function_of_a_seat_that_does_not_exist_reads_as_empty_text(tmp_path: Path) -> None:
    # Found by the fuzz property (seed 30205, Oware): mark(name, 48) read as 0, a number, and a
    # function of texts given it crashed.  A seat out of range now reads as nothing of the result's
    # type: '' for a text, so `seeds(mark(...))` is the seeds of no house, 0.
    path = tmp_path / "odd.yaml"
    path.write_text(yaml.safe_dump({"format": 1, "id": "house/odd", "name": "Odd", "extends": "mancala/kalah", "rules": [
        {"name": "odd", "on": "seeds_taken", "if": "mark('x', total_seeds) == '' and seeds(mark('x', 99)) == 0",
         "then": {"score": 1}}]}))
    state = new_game(load_with_source(path).rules, 2)
    state.apply(state.legal_moves()[0])
    assert state.rule_state.scores[0] == 1  # type: ignore[attr-defined]
