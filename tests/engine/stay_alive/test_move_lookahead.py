"""Stay Alive's look-ahead move fields (`move.drops`, `move.drops_own`, `move.layer`), read by a
constraint such as examples/house-rules/stay-alive-no-own-drops.yaml: each slide move's fields,
worked out before it is played, are what playing it does."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

from marblestudio.engine import new_game
from marblestudio.engine.core import CHANCE, State
from marblestudio.games.hooks.stay_alive import HOOKS
from marblestudio.rulesets import load

HOUSE = Path(__file__).resolve().parents[3] / "examples" / "house-rules"
NO_OWN = HOUSE / "stay-alive-no-own-drops.yaml"
DESCRIBE = HOOKS.move_fields


def decisions(ref: str, seeds: range, players: int = 3) -> Iterator[State]:
    """Each decision of seeded random games of `ref` (the game goes on with a random move)."""
    for seed in seeds:
        rng = random.Random(seed)
        state = new_game(load(ref), players)
        while state.outcome() is None:
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            yield state
            state.apply(rng.choice(state.legal_moves()))


def test_a_slide_moves_predicted_drops_are_the_marbles_it_drops() -> None:
    assert DESCRIBE is not None
    checked = dropping = 0
    for ref in ("stay-alive/standard", str(HOUSE / "stay-alive-neutral.yaml")):
        for state in decisions(ref, range(6)):
            mover = state.to_move
            for move in state.legal_moves():
                fields = DESCRIBE(state, move)
                fell = [e for e in state.copy().apply(move) if e.kind in ("marble_fell", "neutral_fell")]
                assert fields["drops"] == len(fell), (ref, str(move))
                assert fields["drops_own"] == sum(1 for e in fell if e.kind == "marble_fell" and e["seat"] == mover)
                assert fields["layer"] in (("red", "white") if fields["kind"] == "slide" else ("",))
                checked += 1
                dropping += fields["drops"] > 0
    assert checked > 1000 and dropping > 100


def test_in_team_play_a_slide_moves_predicted_partner_drops_are_the_partners_marbles_it_drops() -> None:
    assert DESCRIBE is not None
    partnered = 0
    for state in decisions(str(HOUSE / "stay-alive-teams.yaml"), range(4), players=4):
        mover = state.to_move
        partner = (mover + 2) % 4  # teams of seats 0 and 2, 1 and 3
        for move in state.legal_moves():
            fields = DESCRIBE(state, move)
            fell = [e for e in state.copy().apply(move) if e.kind == "marble_fell"]
            assert fields["drops_partner"] == sum(1 for e in fell if e["seat"] == partner), str(move)
            partnered += fields["drops_partner"] > 0
    assert partnered > 10


def test_with_the_house_rule_a_player_drops_an_own_marble_only_when_every_move_would() -> None:
    assert DESCRIBE is not None

    def mixed_decisions(ref: str) -> int:
        """Decisions where some legal moves drop a marble of the mover's and some do not."""
        mixed = 0
        for state in decisions(ref, range(5)):
            own = [DESCRIBE(state, m)["drops_own"] > 0 for m in state.legal_moves()]
            mixed += any(own) and not all(own)
        return mixed

    assert mixed_decisions("stay-alive/standard") > 10  # by the book such moves are offered
    assert mixed_decisions(str(NO_OWN)) == 0  # the house rule leaves them out (all of them only when every move drops one)
