"""The cookbook (examples/house-rules/): each house rule validates, fires in a seeded game with
the effect its actions promise, and `compare` against its base shows a different game."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE, CoreEvent, Event, IllegalMoveError, State
from marblestudio.engine.pieces.runtime import Ruled, rules_of
from marblestudio.rulesets import check_path, load_with_source

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted((ROOT / "examples" / "house-rules").glob("*.yaml"))
WITH_PIECES = [p for p in FILES if "\nrules:" in p.read_text()]  # the others change settings only (a knob's longer moves)
MATCHES = [p for p in FILES if "\nmatch:" in p.read_text()]  # match play (tests/test_match_records_start_and_score.py plays them)
SINGLE = [p for p in FILES if p not in MATCHES]
SEEDS = 40

# What each action's effect looks like right after its rule fired (the events that follow, or the state).
FOLLOWING_EVENT = {"draw_cards": "cards_drawn", "lose_life": "life_lost", "gain_life": "life_gained", "rob_store": "seeds_captured",
                   "reverse": "direction_reversed", "set_total": "total", "send_back": "marble_sent_back", "flip_gate": "gate_flipped"}
# ... or the state right after it: Archimedes' add_to_roll leaves more spaces to move than the die shows
def _roll_changed(state: Any) -> bool:
    remaining = getattr(state, "remaining", None)
    return remaining is not None and remaining > 0 and remaining != state.die


def _rerolled(state: Any) -> bool:  # Archimedes' reroll: the die is to be rolled again
    phase = getattr(state, "phase", None)
    return getattr(phase, "value", None) == "die" and getattr(state, "die", 0) is None


def _clockwise(state: Any) -> bool:  # Mancala's sow_clockwise: the next sowing goes the other way
    return bool(getattr(state, "clockwise", False))


def _any_house(state: Any) -> bool:  # Mancala's sow_any_house: the next sowing may start anywhere
    return bool(getattr(state, "any_house", False))


def _minus_marked(state: Any) -> bool:  # ALIVE's minus_next: a seat's next number card is a minus
    table = getattr(state, "table", None)
    return getattr(table, "minus", -1) >= 0


def _waived(state: Any) -> bool:  # waive: a constraint lifted for the rest of the turn
    return bool(getattr(getattr(state, "rule_state", None), "waived", ()))


STATE_EFFECT = {"add_to_roll": _roll_changed, "reroll": _rerolled, "sow_clockwise": _clockwise, "sow_any_house": _any_house,
                "minus_next": _minus_marked, "waive": _waived}
PREVENTED_EVENT = {"capture": "seeds_captured", "extra_turn": "extra_turn", "touch": "board_touched"}
"""What a prevention stops, as the event the game's own rule would have made."""


def family_moves(state: State) -> list[Any]:
    """The legal moves of the family's own rules, without the house rule's constraints."""
    family_class = next(k for k in type(state).__mro__ if k is not type(state) and k is not Ruled and "legal_moves" in k.__dict__)
    moves: list[Any] = family_class.legal_moves(state)  # type: ignore[attr-defined]
    return moves


def effects_seen(state: State, mover: int, events: list[Event], before: list[int], marks: dict[Any, str] | None = None) -> set[str]:
    """The actions whose effect shows after this move (see FOLLOWING_EVENT for the family's actions)."""
    seen: set[str] = set()
    kinds = [str(e.kind) for e in events]
    fired_at = [i for i, k in enumerate(kinds) if k == CoreEvent.RULE_FIRED]
    if not fired_at:
        return seen
    after = kinds[fired_at[0]:]
    for action, kind in FOLLOWING_EVENT.items():
        if kind in after:
            seen.add(action)
    for action, holds in STATE_EFFECT.items():
        if holds(state):
            seen.add(action)
    outcome = state.outcome()
    if outcome is not None and "house rule" in outcome.reason:
        seen.update({"win", "lose", "draw"})
    if rules_of(state).rule_state.scores != before:  # type: ignore[attr-defined]
        seen.add("score")
    if marks is not None and rules_of(state).rule_state.marks != marks:  # type: ignore[attr-defined]
        seen.add("mark")  # a mark set or cleared
    return seen



@pytest.mark.parametrize("path", WITH_PIECES, ids=[p.stem for p in WITH_PIECES])
def test_the_house_rule_fires_and_does_what_it_says(path: Path) -> None:
    assert check_path(path) == []  # valid, without a warning
    rules = load_with_source(path).rules
    assert rules.pieces
    wanted: dict[str, set[str]] = {p.name: {a.name for a in p.actions} or {"prevent" if p.prevent else "forbid"} for p in rules.pieces}
    prevents = {p.name: PREVENTED_EVENT[p.prevent] for p in rules.pieces if p.prevent}
    shown: dict[str, set[str]] = {name: set() for name in wanted}
    extra: dict[str, int] = {}  # an extra turn given and not yet seen: the seat it is for (it shows when the turn ends)
    partner: dict[str, int] = {}  # a partner_turn given: the seat whose turn it was (its partner plays next)
    last_mover = -1
    for seed in range(SEEDS):
        rng = random.Random(f"house:{seed}")
        state = new_game(rules)
        assert isinstance(rules_of(state), Ruled)
        while state.outcome() is None:
            if state.to_move == CHANCE:
                before = list(rules_of(state).rule_state.scores)
                marks = dict(rules_of(state).rule_state.marks)
                events = state.apply(state.sample_chance(rng))
                for e in events:
                    if e.kind == CoreEvent.RULE_FIRED:
                        if "extra_turn" in wanted[e["rule"]]:
                            extra[e["rule"]] = e["seat"]
                        if "partner_turn" in wanted[e["rule"]]:
                            partner[e["rule"]] = last_mover
                        shown[e["rule"]] |= effects_seen(state, -1, events, before, marks) & wanted[e["rule"]]
                continue
            moves = state.legal_moves()
            every = family_moves(rules_of(state))
            left_out = [m for m in every if m not in moves]
            if left_out:  # a constraint: the move it leaves out is refused with the rule's name
                with pytest.raises(IllegalMoveError, match="forbids it"):
                    state.copy().apply(left_out[0])
                for piece in rules.pieces:
                    if piece.is_constraint:
                        shown[piece.name].add("forbid")
            mover = last_mover = state.to_move
            before = list(rules_of(state).rule_state.scores)
            marks = dict(rules_of(state).rule_state.marks)
            events = state.apply(moves[rng.randrange(len(moves))])
            fired = {e["rule"]: e["seat"] for e in events if e.kind == CoreEvent.RULE_FIRED}
            names = set(fired)
            for name, seat in fired.items():
                if "extra_turn" in wanted[name]:
                    extra[name] = seat
            if any(e.kind == CoreEvent.TURN_OVER for e in events):
                for name, seat in list(extra.items()):
                    if state.outcome() is None and state.to_move == seat:
                        shown[name].add("extra_turn")
                    del extra[name]
                for name, seat in list(partner.items()):  # the side moves again, by the other partner
                    now = state.to_move
                    if state.outcome() is None and now != seat and now % 2 == seat % 2:
                        shown[name].add("partner_turn")
                    del partner[name]
            if names:
                seen = effects_seen(state, mover, events, before, marks)
                for name in names:
                    shown[name] |= seen & wanted[name]
                    if name in prevents and prevents[name] not in [e.kind for e in events]:
                        shown[name].add("prevent")  # what it prevents did not happen in the move
        if all(shown[n] == wanted[n] for n in wanted):
            break
    assert shown == wanted, f"in {SEEDS} seeded games, these pieces never showed these effects: " + str(
        {n: wanted[n] - shown[n] for n in wanted if shown[n] != wanted[n]})


def _compared(base: str, path: Path, *options: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """`marblestudio compare BASE FILE` (20 games, JSON): the base's report and the house rule's.
    The house rule's pieces each fired (when it has pieces) and the base has no rule coverage."""
    out = subprocess.run(
        [sys.executable, "-m", "marblestudio", "compare", base, str(path), *options, "--games", "20", "--workers", "1", "--json"],
        capture_output=True, text=True, timeout=300, check=True,
    ).stdout
    plain, house = json.loads(out)
    if path in WITH_PIECES:
        assert house["rule_coverage"] and all(row["total"] > 0 for row in house["rule_coverage"])
    assert not plain.get("rule_coverage")
    return plain, house


@pytest.mark.parametrize("path", SINGLE, ids=[p.stem for p in SINGLE])
def test_compare_against_the_base_shows_a_different_game(path: Path) -> None:
    base = load_with_source(path).resolved.get("extends") or _base_of(path)
    plain, house = _compared(base, path)
    keys = ("seat_wins", "draws", "capped", "lengths")
    assert any(plain[k] != house[k] for k in keys), "the house rule played exactly like its base"


@pytest.mark.parametrize("path", MATCHES, ids=[p.stem for p in MATCHES])
def test_a_match_example_plays_its_bases_games_as_a_match(path: Path) -> None:
    # its single games (compare --no-match) are its base's, and its pieces fire; the match itself
    # (who starts, the points) is played and replayed in tests/test_match_records_start_and_score.py
    loaded = load_with_source(path)
    base = loaded.resolved.get("extends") or _base_of(path)
    assert loaded.rules.match is not None and load_with_source(base).rules.match is None
    _compared(base, path, "--no-match")


def test_the_cookbook_has_a_match_by_score_and_a_match_the_loser_starts() -> None:
    matches = {p.name: load_with_source(p).rules.match for p in MATCHES}
    seeds, loser = matches["mancala-seed-match.yaml"], matches["avalanche-loser-starts.yaml"]
    assert seeds is not None and seeds.by_score and seeds.rounds == 3
    assert loser is not None and loser.start.value == "loser" and loser.points == (3, 1, 0) and loser.rounds == 5


def _base_of(path: Path) -> str:
    for line in path.read_text().splitlines():
        if line.startswith("extends:"):
            return line.split(":", 1)[1].strip()
    raise AssertionError(f"{path} extends nothing")


def test_the_cookbook_spans_every_family_with_at_least_fifteen_rules() -> None:
    games = {load_with_source(p).rules.game for p in FILES}
    assert len(FILES) >= 15
    assert games == {"stay-alive", "alive", "avalanche", "archimedes", "mancala"}
