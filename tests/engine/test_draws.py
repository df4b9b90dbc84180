"""`engine.draws.shuffle` is `random.Random.shuffle`, `below` its `randrange(n)` and `choose` its
`choices` of one item by cumulative weights: the same results and the generator left in the same
state; a subclass of `random.Random` draws by its own methods."""

from __future__ import annotations

import random
from typing import Any

import pytest

from itertools import accumulate

from marblestudio.engine.draws import below, choose, shuffle


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


@pytest.mark.parametrize("n", [1, 2, 3, 5, 6, 7, 8, 9, 16, 17, 100, 2**31 + 1])
def test_below_is_randrange(n: int) -> None:
    a, b = random.Random(n), random.Random(n)
    for _ in range(500):
        assert below(b, n) == a.randrange(n)
    assert a.getstate() == b.getstate()


@pytest.mark.parametrize("weights", [[1.0], [0.5, 0.5], [1 / 6, 1 / 3, 1 / 2], [0.0, 0.25, 0.0, 0.75], [3.0, 1e-9, 2.0]])
def test_choose_is_choices_by_cumulative_weights(weights: list[float]) -> None:
    items = [f"item {i}" for i in range(len(weights))]
    cum = list(accumulate(weights))
    a, b = random.Random(7), random.Random(7)
    picked = [choose(b, items, cum) for _ in range(2000)]
    assert picked == [a.choices(items, cum_weights=cum)[0] for _ in range(2000)]
    assert a.getstate() == b.getstate()
    assert {items[i] for i, w in enumerate(weights) if w > 0.01} <= set(picked)  # the draws do spread


def test_a_subclass_of_random_draws_with_its_own_methods() -> None:
    class Low(random.Random):
        def randrange(self, *args: Any, **kwargs: Any) -> int:
            return 0

        def choices(self, population: Any, *args: Any, **kwargs: Any) -> list[Any]:
            return [population[-1]]

    assert below(Low(1), 10) == 0
    assert choose(Low(1), ["a", "b", "c"], [1.0, 2.0, 3.0]) == "c"
