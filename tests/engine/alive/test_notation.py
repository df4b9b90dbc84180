"""Move notation: `play CARD`, `play CARD CARD` (a house rule's pair), `flip`, and the chance steps `deal`, `redeal`, `reshuffle`."""

from __future__ import annotations

import pytest

from marblestudio.engine.alive import Deal, Flip, PlayCard, PlayPair, Redeal, Reshuffle
from marblestudio.engine.core import NotationError

from .helpers import table


@pytest.mark.parametrize(
    "move",
    [PlayCard("3"), PlayCard("SKIP"), PlayCard("=21"), PlayPair("3"), Flip(), Deal(("0", "BOMB", "7")), Redeal(("1",)),
     Reshuffle(("2", "=0"))],
)
def test_notation_reads_back_every_move(move: object) -> None:
    state = table([["1"], ["2"]])
    assert state.parse_move(str(move)) == move


def test_notation_examples() -> None:
    assert str(PlayCard("3")) == "play 3"
    assert str(PlayPair("3")) == "play 3 3"  # a house rule's pair (alive: pairs:)
    assert str(Flip()) == "flip"
    assert str(Deal(("0", "SKIP"))) == "deal 0 SKIP"


@pytest.mark.parametrize("text", ["", "play", "play 9", "play SKIP 3", "play 3 3 3", "play 9 9", "flip 1", "jump 3", "deal 0 ZAP"])
def test_bad_notation_is_a_notation_error(text: str) -> None:
    state = table([["1"], ["2"]])
    with pytest.raises(NotationError):
        state.parse_move(text)


def test_chance_move_must_be_an_order_of_the_cards_being_shuffled() -> None:
    from marblestudio.engine.core import IllegalMoveError

    state = table([["1"], ["2", "3"]])
    state.apply(PlayCard("1"))
    with pytest.raises(IllegalMoveError, match="exactly the cards"):
        state.apply(Deal(("1", "2")))
    with pytest.raises(IllegalMoveError, match="not reshuffle"):
        state.apply(Reshuffle(("1", "2", "3")))
