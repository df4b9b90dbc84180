"""Where a rule piece fires (`playtest.firing`): the first firing of each piece in seeded random
games, replayable from its moves, the same game as the playtest's, and a bounded search."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from marblestudio.engine import CHANCE, new_game
from marblestudio.engine.core import CoreEvent, Event, IllegalMoveError
from marblestudio.engine.pieces.runtime import Ruled, rules_of
from marblestudio.engine.rules import Ruleset
from marblestudio.playtest.firing import Firing, find_firings, first_firing, piece_names
from marblestudio.playtest.workers import play_seeded
from marblestudio.rulesets import load_with_source

from project import BUNDLED, ROOT

HOUSE_RULES = sorted(p for p in (ROOT / "examples" / "house-rules").glob("*.yaml") if "\nrules:" in p.read_text())  # those with pieces


def load(path: Path) -> Ruleset:
    return load_with_source(str(path)).rules


def house_rule(tmp_path: Path, rules: str) -> Ruleset:
    """A Stay Alive house rule with the `rules:` entries `rules` (YAML, indented by two)."""
    path = tmp_path / "house.yaml"
    path.write_text(
        "format: 1\nid: house/test\nname: Test\nextends: stay-alive/standard\nrules:\n" + rules, encoding="utf-8"
    )
    return load(path)


def replay(rules: Ruleset, firing: Firing) -> list[tuple[int, list[Event], dict[str, int]]]:
    """Each step of `firing.moves` replayed as a player makes it (the legal moves asked first, which
    is when a constraint leaves moves out): who was to move (a seat or CHANCE), its events and
    `fired()` after it."""
    state = new_game(rules, firing.players)
    ruled = rules_of(state)  # the game itself, or in team play of two sides the game it wraps
    assert ruled is not None
    steps = []
    for text in firing.moves:
        mover = state.to_move
        if mover != CHANCE:
            state.legal_moves()
        events = state.apply(state.parse_move(text))
        steps.append((mover, events, ruled.fired()))
    return steps


@pytest.mark.parametrize("path", HOUSE_RULES, ids=lambda p: p.stem)
def test_every_cookbook_piece_fires_at_the_last_of_its_moves(path: Path) -> None:
    rules = load(path)
    search = find_firings(rules, seconds=None)
    assert search.names == piece_names(rules) and search.names
    assert search.missing() == () and not search.stopped
    for name, firing in search.found.items():
        assert firing.rule == name and firing.seed == 0 and firing.players == rules.players.default
        steps = replay(rules, firing)
        mover, events, fired = steps[-1]
        assert fired[name] >= 1
        assert all(counts[name] == 0 for _, _, counts in steps[:-1]), "the first firing, not a later one"
        assert (mover == CHANCE) == firing.chance
        assert firing.number == sum(1 for seat, _, _ in steps if seat != CHANCE)
        assert firing.text == firing.decision(rules).parse_move(firing.moves[-1]).public_text
        fired_events = [e for e in events if e.kind == CoreEvent.RULE_FIRED and e["rule"] == name]
        if firing.constraint:
            assert not fired_events and firing.forbidden, "a constraint adds no event: it left moves out"
            assert firing.mover == mover
        else:
            assert fired_events[0]["seat"] == firing.mover
            assert firing.forbidden == ()


def test_the_state_after_a_firing_is_the_game_just_after_its_move(tmp_path: Path) -> None:
    rules = load(ROOT / "examples" / "house-rules" / "stay-alive-fall-again.yaml")
    firing = first_firing(rules, "fall again", seconds=None)
    assert firing is not None and not firing.chance and not firing.constraint
    state = firing.state(rules)
    assert isinstance(state, Ruled) and state.fired() == {"fall again": 1}
    decision = firing.decision(rules)
    assert decision.fired() == {"fall again": 0}  # type: ignore[attr-defined]
    assert decision.to_move == firing.mover
    events = decision.apply(decision.parse_move(firing.moves[-1]))
    assert any(e.kind == CoreEvent.RULE_FIRED and e["rule"] == "fall again" and e["seat"] == firing.mover for e in events)
    assert decision.public_view() == state.public_view()


def test_a_firing_is_in_the_playtest_game_of_the_same_seed_and_index() -> None:
    """Game i here is game i of `simulate --seed S` (and the editor's playtest) with random players."""
    rules = load(ROOT / "examples" / "house-rules" / "stay-alive-bounty.yaml")
    search = find_firings(rules, seed=5, seconds=None)
    for firing in search.found.values():
        _seats, game = play_seeded(rules, firing.players, 5, firing.game)
        assert [str(m) for m in game.moves[: len(firing.moves)]] == list(firing.moves)
        assert game.fired[firing.rule] >= 1


def test_a_constraint_fires_where_it_left_out_a_move_that_is_then_illegal() -> None:
    rules = load(ROOT / "examples" / "house-rules" / "stay-alive-jammed-slide.yaml")
    firing = first_firing(rules, "jammed R4", seconds=None)
    assert firing is not None and firing.constraint
    decision = firing.decision(rules)
    legal = {m.public_text for m in decision.legal_moves()}
    assert firing.forbidden and not legal & set(firing.forbidden)
    for text in firing.forbidden:
        with pytest.raises(IllegalMoveError, match="jammed R4"):
            decision.copy().apply(decision.parse_move(text))
    assert firing.text in legal


def test_a_firing_on_a_chance_step_counts_the_player_moves_before_it() -> None:
    rules = load(ROOT / "examples" / "house-rules" / "archimedes-three-again.yaml")
    firing = first_firing(rules, "three again", seconds=None)
    assert firing is not None and firing.chance
    steps = replay(rules, firing)
    assert steps[-1][0] == CHANCE
    assert firing.number == sum(1 for seat, _, _ in steps if seat != CHANCE) >= 1


def test_the_search_is_the_same_every_time() -> None:
    rules = load(ROOT / "examples" / "house-rules" / "stay-alive-bounty.yaml")
    assert find_firings(rules, seconds=None) == find_firings(rules, seconds=None)
    assert find_firings(rules, seconds=None).found["four points win"].game > 0  # not all in game 0


def test_a_piece_that_never_fires_is_missing_after_the_budget_of_games(tmp_path: Path) -> None:
    rules = house_rule(tmp_path, "  - name: never\n    on: marble_fell\n    if: moves_played < 0\n    then: extra_turn\n"
                                  "  - name: fall again\n    on: marble_fell\n    then: extra_turn\n")
    search = find_firings(rules, games=7, seconds=None)
    assert search.missing() == ("never",)
    assert set(search.found) == {"fall again"}
    assert search.games == 7 and not search.stopped


def test_the_clock_and_a_cancel_stop_the_search(tmp_path: Path) -> None:
    rules = house_rule(tmp_path, "  - name: never\n    on: marble_fell\n    if: moves_played < 0\n    then: extra_turn\n")
    start = time.monotonic()
    search = find_firings(rules, games=100_000, seconds=0.05)
    assert time.monotonic() - start < 1.0
    assert search.stopped and search.games < 100_000 and search.missing() == ("never",) and search.seconds == 0.05
    cancelled = find_firings(rules, cancelled=lambda: True)
    assert cancelled.stopped and cancelled.games == 0 and not cancelled.found


def test_a_ruleset_without_pieces_searches_nothing() -> None:
    rules = load(BUNDLED / "stay-alive" / "standard.yaml")
    search = find_firings(rules)
    assert search.names == () and search.games == 0 and search.found == {}
