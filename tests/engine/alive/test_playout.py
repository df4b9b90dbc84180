"""ALIVE's fast random playout (MCTS's rollouts and benchmarks) against legal_moves + apply."""

from __future__ import annotations

import random
from pathlib import Path
from statistics import mean, stdev

import pytest

from marblestudio.engine import new_game
from marblestudio.engine.alive import AliveState
from marblestudio.engine.core import CHANCE, State
from marblestudio.rulesets import load

HOUSE = Path(__file__).resolve().parents[3] / "examples" / "house-rules"
RULESETS = ["alive/standard", "alive/short-game", "alive/team-play", "alive/limit-31", str(HOUSE / "alive-pass-the-draw.yaml"),
            str(HOUSE / "alive-skip-draw-card.yaml"), str(HOUSE / "alive-pass-the-skip.yaml"), str(HOUSE / "alive-bomb-shelter.yaml")]


def _players(ref: str) -> int:
    return 4 if "team" in ref else 3


@pytest.mark.parametrize("ref", RULESETS)
def test_a_fast_playout_ends_the_game_keeps_every_card_and_leaves_the_state_usable(ref: str) -> None:
    rules = load(ref)
    for seed in range(15):
        state = new_game(rules, _players(ref))
        assert isinstance(state, AliveState)
        cards = sum(state.counts().values())
        played = state.random_playout(random.Random(seed))
        assert played > 0 and state.outcome() is not None
        assert sum(state.counts().values()) == cards
        assert state.quiet is False and state.legal_moves() == []


def test_a_capped_fast_playout_stops_after_that_many_player_moves_and_the_game_goes_on() -> None:
    state = new_game(load("alive/standard"), 3)
    assert state.random_playout(random.Random(1), max_steps=7) == 7
    assert state.outcome() is None and state.table.moves_made == 7  # type: ignore[attr-defined]
    rng = random.Random(2)
    while state.outcome() is None:  # the ordinary path takes over from where it stopped
        state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.legal_moves()))


@pytest.mark.parametrize("ref", ["alive/standard", str(HOUSE / "alive-pass-the-draw.yaml")])
def test_fast_playouts_play_like_legal_moves_and_apply(ref: str) -> None:
    # the same distribution of games as the generic loop (different draws): the mean length, the
    # winner's seat and the lives left agree within 4 standard errors over 300 games each
    rules = load(ref)
    fast: list[tuple[float, ...]] = []
    slow: list[tuple[float, ...]] = []
    for seed in range(300):
        for out, generic in ((fast, False), (slow, True)):
            state = new_game(rules, 3)
            moves = State.random_playout(state, random.Random(seed)) if generic else state.random_playout(random.Random(seed))
            outcome = state.outcome()
            assert outcome is not None
            out.append((moves, outcome.winners[0] if outcome.winners else -1, sum(state.table.lives)))  # type: ignore[attr-defined]
    for k in range(3):
        a, b = [x[k] for x in fast], [x[k] for x in slow]
        error = ((stdev(a) ** 2 + stdev(b) ** 2) / 300) ** 0.5
        assert abs(mean(a) - mean(b)) < 4 * error, (k, mean(a), mean(b), error)


@pytest.mark.parametrize("ref", [r for r in RULESETS if not r.endswith(".yaml")])  # a house rule's pieces play through `Ruled`
def test_a_silent_fast_playout_builds_no_event_and_plays_the_same_game(ref: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # `core.tell` with no list: the wild cards' effects, the flips, the hands won and the deals of
    # a playout that nobody is told about build no event (in the bundled rules); the game is the
    # one the playout plays when it is told every move's events
    from marblestudio.engine import core

    built = []

    class Counted(core.Event):
        __slots__ = ()

        def __init__(self, *args: object) -> None:
            built.append(args[0])
            super().__init__(*args)  # type: ignore[arg-type]

    rules = load(ref)
    for seed in range(5):
        quiet = new_game(rules, _players(ref))
        loud = quiet.copy()
        monkeypatch.setattr(core, "Event", Counted)
        moves = quiet.random_playout(random.Random(seed))
        monkeypatch.undo()
        assert quiet.outcome() is not None and built == []
        told: list[str] = []
        assert isinstance(loud, AliveState)
        from marblestudio.engine.alive.playout import random_playout

        assert random_playout(loud, random.Random(seed), told=lambda seat, events: told.extend(e.kind for e in events),
                              listened=frozenset({"card_played", "total", "player_skipped", "hand_over"})) == moves
        assert told.count("turn_over") == moves  # the same game, told move by move
        assert loud.outcome() == quiet.outcome() and loud.counts() == quiet.counts()
