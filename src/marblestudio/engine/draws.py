"""Drawing from a seeded generator quickly, with exactly the draws `random.Random` makes.

A card game's search shuffles a deck in every rollout, and `random.Random.shuffle` calls a Python
method per card (`_randbelow`).  `shuffle` here makes the same calls to `getrandbits`, in the
same order, with the same rejections, so the deck comes out in the same order and the generator
is left in the same state: a seeded game or search goes exactly as before, only faster.
"""

from __future__ import annotations

import random
from typing import Any


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """`rng.shuffle(items)`: the same order and the same draws (Python's own algorithm: for each
    place from the last down to the second, a place at or before it, by rejection from
    `getrandbits`), without a method call per item.  A subclass of `random.Random` (which may
    draw otherwise) shuffles with its own method."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
