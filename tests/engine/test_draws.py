"""`engine.draws.shuffle` is `random.Random.shuffle`: the same order and the generator left in the
same state, for every size of list; a subclass of `random.Random` shuffles by its own method."""

from __future__ import annotations

import random
from typing import Any

import pytest

from marblestudio.engine.draws import shuffle


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 31, 32, 33, 64, 77, 100, 129])
def test_the_same_order_and_the_same_draws_as_random_shuffle(size: int) -> None:
    for seed in range(200):
        theirs, ours = list(range(size)), list(range(size))
        a, b = random.Random(seed), random.Random(seed)
        a.shuffle(theirs)
        shuffle(b, ours)
        assert ours == theirs
        assert a.getstate() == b.getstate()  # the next draws are the same too


def test_a_subclass_of_random_shuffles_with_its_own_method() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: Any) -> None:  # type: ignore[override]
            x.reverse()

    items = [1, 2, 3, 4]
    shuffle(Reversing(1), items)
    assert items == [4, 3, 2, 1]
