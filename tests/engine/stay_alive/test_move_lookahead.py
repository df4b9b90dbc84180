"""Stay Alive's look-ahead move fields (`move.drops`, `move.drops_own`, `move.layer`), read by a
constraint such as examples/house-rules/stay-alive-no-own-drops.yaml: each slide move's fields,
worked out before it is played, are what playing it does."""

from __future__ import annotations

import random
from pathlib import Path

from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE
from marblestudio.games.hooks.stay_alive import HOOKS
from marblestudio.rulesets import load

NO_OWN = Path(__file__).resolve().parents[3] / "examples" / "house-rules" / "stay-alive-no-own-drops.yaml"


def test_a_slide_moves_predicted_drops_are_the_marbles_it_drops() -> None:
    describe = HOOKS.move_fields
    assert describe is not None
    checked = dropping = 0
    for ref in ("stay-alive/standard", str(Path(NO_OWN).parent / "stay-alive-neutral.yaml")):
        for seed in range(6):
            rng = random.Random(seed)
            state = new_game(load(ref), 3)
            while state.outcome() is None:
                if state.to_move == CHANCE:
                    state.apply(state.sample_chance(rng))
                    continue
                mover = state.to_move
                for move in state.legal_moves():
                    fields = describe(state, move)
                    trial = state.copy()
                    events = trial.apply(move)
                    fell = [e for e in events if e.kind in ("marble_fell", "neutral_fell")]
                    assert fields["drops"] == len(fell), (ref, seed, str(move))
                    assert fields["drops_own"] == sum(1 for e in fell if e.kind == "marble_fell" and e["seat"] == mover)
                    if fields["kind"] == "slide":
                        assert fields["layer"] in ("red", "white")
                    checked += 1
                    dropping += fields["drops"] > 0
                state.apply(rng.choice(state.legal_moves()))
    assert checked > 1000 and dropping > 100


def test_with_the_house_rule_a_player_drops_an_own_marble_only_when_every_move_would() -> None:
    describe = HOOKS.move_fields
    assert describe is not None

    def mixed_decisions(ref: str) -> int:
        """Decisions where some legal moves drop a marble of the mover's and some do not."""
        mixed = 0
        for seed in range(5):
            rng = random.Random(seed)
            state = new_game(load(ref), 3)
            while state.outcome() is None:
                if state.to_move == CHANCE:
                    state.apply(state.sample_chance(rng))
                    continue
                legal = state.legal_moves()
                own = [describe(state, m)["drops_own"] > 0 for m in legal]
                mixed += any(own) and not all(own)
                state.apply(rng.choice(legal))
        return mixed

    assert mixed_decisions("stay-alive/standard") > 10  # by the book such moves are offered
    assert mixed_decisions(str(NO_OWN)) == 0  # the house rule leaves them out (all of them only when every move drops one)
