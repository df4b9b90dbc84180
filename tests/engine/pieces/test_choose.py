"""A power with a choice (`choose:`): the player names one of the game's pieces when using it, and
`choice` reads it.  Avalanche's `choose: gate` with `flip_gate: choice` swings the named gate
over by hand (examples/house-rules/avalanche-nudge.yaml).  Each outcome is worked out by hand
from the bundled board (rulesets/avalanche/standard.yaml: A1's right side leads to B1's left;
F1's sides both lead out) and GAMES.md's gates: a gate tilted to a side catches on that side,
a gate swung over releases the marble it held from the side it sat on."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE, IllegalMoveError, NotationError
from marblestudio.engine.pieces import program
from marblestudio.engine.pieces.powers import PowerMove
from marblestudio.rulesets import RulesetError, load_with_source

from power_play import until_power

ROOT = Path(__file__).resolve().parents[3]
LEFT, RIGHT, EMPTY = 0, 1, -1
NUDGE = {"name": "nudge", "power": {"flip_gate": "choice"}, "choose": "gate"}


def house(tmp_path: Path, rules: list[dict[str, Any]], base: str = "avalanche/standard") -> Any:
    path = tmp_path / "house.yaml"
    path.write_text(yaml.safe_dump({"format": 1, "id": "house/test", "name": "Test", "extends": base, "rules": rules}))
    return load_with_source(path).rules


def in_play(rules: Any) -> Any:
    """A two-player game after its set-up, every gate empty and tilted left, seat 0 to move."""
    state = new_game(rules, 2)
    rng = random.Random(1)
    while state.to_move == CHANCE:
        state.apply(state.sample_chance(rng))
    state.tilt[:] = [LEFT] * len(state.tilt)
    state.held[:] = [EMPTY] * len(state.held)
    assert state.to_move == 0
    return state


def gate(state: Any, gate_id: str) -> int:
    return state.board.gate_ids.index(gate_id)


def test_the_power_is_offered_once_for_each_gate_and_reads_back(tmp_path: Path) -> None:
    state = in_play(house(tmp_path, [NUDGE]))
    offered = [str(m) for m in state.legal_moves() if isinstance(m, PowerMove)]
    assert offered == [f"use nudge {g}" for g in state.board.gate_ids]  # 15 gates, in the board's order
    move = state.parse_move("use nudge B2")
    assert move == PowerMove("nudge", 0, "B2") and str(move) == "use nudge B2"


def test_a_gate_swung_over_releases_its_marble_from_the_side_it_sat_on(tmp_path: Path) -> None:
    state = in_play(house(tmp_path, [NUDGE]))
    a1, b1 = gate(state, "A1"), gate(state, "B1")
    state.tilt[a1], state.held[a1] = RIGHT, 0  # A1 holds a marble of the first colour on its right side
    state.tilt[b1] = LEFT  # B1 catches on its left, where A1's right side leads
    before = dict(state.counts())
    events = state.apply(state.parse_move("use nudge A1"))
    assert state.tilt[a1] == LEFT and state.held[a1] == EMPTY  # swung over, its marble gone on down
    assert state.held[b1] == 0  # ... to B1's left side, where it stopped
    assert [e.kind for e in events][:3] == ["rule_fired", "gate_flipped", "marble_released"]
    assert dict(state.counts()) == before  # no marble fell: nothing taken, nothing made or lost
    assert state.to_move == 0  # a power leaves the turn going on


def test_a_marble_that_falls_out_is_the_mover_s(tmp_path: Path) -> None:
    state = in_play(house(tmp_path, [NUDGE]))
    f1 = gate(state, "F1")
    state.tilt[f1], state.held[f1] = LEFT, 0  # the lowest gate holds a marble: both its sides lead out
    board, cards, hands = state.counts()["board"], state.counts()["cards"], state.counts()["hands"]
    events = state.apply(state.parse_move("use nudge F1"))
    assert state.held[f1] == EMPTY and state.tilt[f1] == RIGHT
    taken = next(e for e in events if e.kind == "marbles_taken")
    assert taken["seat"] == 0 and len(taken["colours"]) == 1
    counts = state.counts()
    assert counts["board"] == board - 1 and counts["cards"] + counts["hands"] == cards + hands + 1


def test_an_empty_gate_only_swings_over(tmp_path: Path) -> None:
    state = in_play(house(tmp_path, [NUDGE]))
    c2 = gate(state, "C2")
    events = state.apply(state.parse_move("use nudge C2"))
    assert state.tilt[c2] == RIGHT
    assert [e.kind for e in events] == ["rule_fired", "gate_flipped"]


def test_the_condition_reads_the_choice_and_limits_what_may_be_named(tmp_path: Path) -> None:
    rule = {**NUDGE, "if": "choice in ['E1', 'E2', 'E3']"}
    state = in_play(house(tmp_path, [rule]))
    assert [str(m) for m in state.legal_moves() if isinstance(m, PowerMove)] == ["use nudge E1", "use nudge E2", "use nudge E3"]
    with pytest.raises(IllegalMoveError, match="'A1' is not a gate the power 'nudge' may choose now"):
        state.apply(PowerMove("nudge", 0, "A1"))
    kind, options = state.power_choices("nudge")
    assert kind == "gate" and [o for o, _ in options] == ["E1", "E2", "E3"]
    # each as a player finds it: E1 is the first gate of row 5, tilted left (in_play), empty
    assert dict(options)["E1"] == "row 5, 1st from the left, leaning left, empty"


def test_once_used_the_power_offers_nothing(tmp_path: Path) -> None:
    state = in_play(house(tmp_path, [NUDGE]))
    state.apply(state.parse_move("use nudge A1"))
    assert not [m for m in state.legal_moves() if isinstance(m, PowerMove)]
    assert state.power_choices("nudge") == ("gate", [])
    with pytest.raises(IllegalMoveError, match="used up"):
        state.apply(PowerMove("nudge", 0, "A2"))


def test_a_power_with_a_choice_needs_one_and_one_without_takes_none(tmp_path: Path) -> None:
    state = in_play(house(tmp_path, [NUDGE, {"name": "pass it", "power": "end_turn"}]))
    with pytest.raises(IllegalMoveError, match="needs a gate"):
        state.apply(PowerMove("nudge", 0))
    with pytest.raises(IllegalMoveError, match="takes no choice"):
        state.apply(PowerMove("pass it", 1, "A1"))
    with pytest.raises(NotationError, match="no power"):
        state.parse_move("use shove A1")


def test_a_name_with_spaces_reads_back_with_its_choice(tmp_path: Path) -> None:
    state = in_play(house(tmp_path, [{**NUDGE, "name": "big nudge"}]))
    assert state.parse_move("use big nudge  D2") == PowerMove("big nudge", 0, "D2")


@pytest.mark.parametrize(("rule", "message"), [
    ({**NUDGE, "choose": "hole"}, "house.yaml:6:11: error: rules[1].choose must be one of 'gate', not text 'hole'"),
    ({"name": "x", "on": "passed", "then": "extra_turn", "choose": "gate"}, "'choose' does not belong in a trigger"),
    ({"name": "x", "power": {"flip_gate": "choice"}}, "unknown name 'choice'"),
])
def test_a_wrong_choice_is_a_clear_error_at_its_key(tmp_path: Path, rule: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesetError, match=re.escape(message)):
        house(tmp_path, [rule])


def test_a_choice_another_game_has_is_refused_with_this_game_s(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match=re.escape("house.yaml:6:11: error: rules[1].choose must be one of 'slide', not text 'gate'")):
        house(tmp_path, [{"name": "x", "power": "extra_turn", "choose": "gate"}], base="stay-alive/standard")
    # the same check in the rules language itself (a plug-in's ruleset, or the editor before the schema)
    assert [p.message for p in program.check("stay-alive", [{"name": "x", "power": "extra_turn", "choose": "gate"}])] == [
        "'gate' is not something a power of this game can choose (it can choose: slide)"]


def test_games_with_the_power_replay_from_their_moves_in_notation() -> None:
    # Seeded random games of the cookbook's nudge, where the random player uses the power when
    # drawn: each game's moves, written and read back, play it again to the same position.
    rules = load_with_source(ROOT / "examples" / "house-rules" / "avalanche-nudge.yaml").rules
    used = 0
    for seed in range(6):
        rng = random.Random(f"nudge:{seed}")
        state, written = new_game(rules, 2), []
        start = state.copy()
        while state.outcome() is None:
            move = state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.legal_moves())
            used += isinstance(move, PowerMove)
            written.append(str(move))
            state.apply(move)
        again = start
        for text in written:
            again.apply(again.parse_move(text))
        assert again.position() == state.position() and again.outcome() == state.outcome()
        assert sum(again.counts().values()) == sum(start.counts().values())  # no marble made or lost
    assert used >= 6


def test_archimedes_knock_out_names_an_opponent_s_cup(tmp_path: Path) -> None:
    # The seventh audit's 'once a game, name a cup holding an opponent's marble and send it back':
    # `choose: cup`, `owner(choice) == 1 - mover`, `send_back: choice`.  Played until the power is
    # offered: every cup offered holds an opponent's marble, and using it returns that marble.
    rule = {"name": "knock out", "power": {"send_back": "choice"}, "choose": "cup", "if": "owner(choice) == 1 - mover"}
    rules = house(tmp_path, [rule], base="archimedes/standard")
    state = until_power(rules, 2)
    offered = [m for m in state.legal_moves() if isinstance(m, PowerMove)]
    seat = state.to_move
    from marblestudio.engine.archimedes.moves import parse_cup

    assert all(state.board[parse_cup(m.choice)] == 1 - seat for m in offered)
    kind, options = state.power_choices("knock out")
    assert kind == "cup" and "marble" in options[0][1]
    supply = state.supply[1 - seat]
    before = sum(state.counts().values())
    events = state.apply(offered[0])
    assert parse_cup(offered[0].choice) not in state.board and state.supply[1 - seat] == supply + 1
    assert "marble_sent_back" in [e.kind for e in events] and sum(state.counts().values()) == before


def test_archimedes_in_zone_counts_a_seat_s_marbles_in_a_named_zone(tmp_path: Path) -> None:
    # The seventh audit's 'four of your marbles in the midzone at the end of your turn wins' needed
    # a counter kept by five rules; in_zone(seat, zone) reads it from the board.  Checked against a
    # count made from the board itself, zone by zone, over a random game.
    rule = {"name": "midzone four", "on": "turn_over", "if": "in_zone(event.seat, 'midzone') >= 4", "then": {"win": "event.seat"}}
    rules = house(tmp_path, [rule], base="archimedes/standard")
    from marblestudio.engine.pieces.program import family_hooks
    from marblestudio.engine.pieces.context import Context

    in_zone = family_hooks("archimedes").functions["in_zone"].call
    checked = wins = 0
    for seed in range(30):
        state, rng = new_game(rules, 2), random.Random(seed)
        while state.outcome() is None:
            state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.legal_moves()))
            ctx = Context(state, state.rule_state, 0)
            for zone in state.rules.zones:
                for seat in (0, 1):
                    expected = sum(1 for cup, owner in state.board.items() if owner == seat and zone.contains(*cup))
                    assert in_zone(ctx, seat, zone.id) == expected
                    checked += 1
        assert in_zone(Context(state, state.rule_state, 0), 0, "no-such-zone") == 0
        outcome = state.outcome()
        if outcome is not None and "midzone four" in outcome.reason:  # the rule's win: four in the midzone
            wins += 1
            winner = outcome.winners[0]
            assert sum(1 for cup, owner in state.board.items() if owner == winner and state.rules.zones[1].contains(*cup)) >= 4
    assert wins > 0
    assert checked >= 400
