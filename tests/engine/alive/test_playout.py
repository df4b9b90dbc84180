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
from marblestudio.engine.pieces.rule_state import FIELDS

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


TOLD_RULES = ["alive-lucky-seven.yaml", "alive-exact-limit.yaml", "alive-second-chance.yaml", "alive-seven-reverses.yaml",
              "alive-skip-and-draw.yaml", "alive-skip-draw-card.yaml"]


@pytest.mark.parametrize("name", TOLD_RULES)
def test_a_house_rules_fast_playout_leaves_what_telling_every_event_of_every_move_leaves(name: str) -> None:
    """A house rule's playout (`hooked_playout`) builds only the events a trigger reads, and sends
    a move none of whose events a trigger can take to `after_quiet_move`: from the same position
    and seed, the game and the rule state come out as when every move's every event goes through
    `after_fast_move` and every chance step through `play`."""
    from marblestudio.engine.alive.events import AliveEvent
    from marblestudio.engine.alive.playout import random_playout
    from marblestudio.engine.core import TURN_OVER

    rules = load(str(HOUSE / name))
    every_kind = {str(kind) for kind in AliveEvent if kind is not AliveEvent.TOTAL} | {str(TURN_OVER)}
    fired = 0
    for seed in range(30):
        rng = random.Random(f"told:{name}:{seed}")
        state = new_game(rules, 3)
        for _ in range(rng.randrange(0, 40)):  # on to a position part-way through the game
            if state.outcome() is not None:
                break
            state.apply(state.sample_chance(rng) if state.to_move == CHANCE else state.random_move(rng))
        for cap in (3, 1_000_000):
            fast, told = state.copy(), state.copy()
            played = fast.random_playout(random.Random(seed), cap)
            assert random_playout(told, random.Random(seed), cap, told.after_fast_move, every_kind) == played  # type: ignore[arg-type, attr-defined]
            assert fast.position() == told.position(), (name, seed, cap)
            rs_fast, rs_told = fast.rule_state, told.rule_state  # type: ignore[attr-defined]
            assert [getattr(rs_fast, f) for f in FIELDS[1:]] == [getattr(rs_told, f) for f in FIELDS[1:]]
            if cap > 3:
                fired += sum(fast.fired().values())  # type: ignore[attr-defined]
    assert fired > 0


@pytest.mark.parametrize("name", ["alive-second-chance.yaml", "alive-skip-and-draw.yaml", "alive-lucky-seven.yaml"])
def test_a_house_rules_fast_playout_fires_it_as_often_as_legal_moves_and_apply(name: str) -> None:
    """The rule of an effect's event (a life lost, a player skipped) or of a card played fires as
    often in the fast playout as through legal_moves + apply (different draws: the means of 400
    games each agree within 4 standard errors), and no less than once in a few games."""
    rules = load(str(HOUSE / name))
    fast: list[int] = []
    slow: list[int] = []
    for seed in range(400):
        for out, generic in ((fast, False), (slow, True)):
            state = new_game(rules, 3)
            if generic:
                State.random_playout(state, random.Random(seed))
            else:
                state.random_playout(random.Random(seed))
            out.append(sum(state.fired().values()))  # type: ignore[attr-defined]
    error = ((stdev(fast) ** 2 + stdev(slow) ** 2) / 400) ** 0.5
    assert mean(fast) > 0.2 and abs(mean(fast) - mean(slow)) < 4 * error, (mean(fast), mean(slow), error)
