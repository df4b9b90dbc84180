"""Drawing from a seeded generator quickly, with exactly the draws `random.Random` makes.

A card game's search shuffles a deck in every rollout, and `random.Random.shuffle` calls a Python
method per card (`_randbelow`).  `shuffle` here makes the same calls to `getrandbits`, in the
same order, with the same rejections, so the deck comes out in the same order and the generator
is left in the same state: a seeded game or search goes exactly as before, only faster.
`below` is `random.Random.randrange(n)` and `choose` its `choices` for one item by cumulative
weights, the same way.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from typing import Any, Final, TypeVar

T = TypeVar("T")

_RANDOM: Final = random.Random
"""The class, read natively (a module's `random.Random` is two look-ups by name at every call)."""


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """`rng.shuffle(items)`: the same order and the same draws (Python's own algorithm: for each
    place from the last down to the second, a place at or before it, by rejection from
    `getrandbits`), without a method call per item.  A subclass of `random.Random` (which may
    draw otherwise) shuffles with its own method."""
    if type(rng) is not _RANDOM:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):  # `below` written out: a call per card costs a few percent of a search
        n = i + 1
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def below(rng: random.Random, n: int) -> int:
    """`rng.randrange(n)` for n >= 1: the same number from the same draws (by rejection from
    `getrandbits`, as Python's own `_randbelow`), without the call's checks.  A subclass of
    `random.Random` draws with its own method."""
    if type(rng) is not _RANDOM:
        return rng.randrange(n)
    bits = n.bit_length()
    j: int = rng.getrandbits(bits)
    while j >= n:
        j = rng.getrandbits(bits)
    return j


def choose(rng: random.Random, population: list[T], cum_weights: list[float]) -> T:
    """`rng.choices(population, cum_weights=cum_weights)[0]`: the same pick from the same one draw
    (`random()` scaled by the total, then a bisection up to the last item), without the call's
    checks and list.  The caller keeps `cum_weights` increasing, positive and as long as
    `population`.  A subclass of `random.Random` chooses with its own method."""
    if type(rng) is not _RANDOM:
        return rng.choices(population, cum_weights=cum_weights)[0]
    total = cum_weights[-1] + 0.0
    return population[bisect_right(cum_weights, rng.random() * total, 0, len(population) - 1)]
