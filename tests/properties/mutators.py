"""Hostile inputs for the fuzz properties, drawn from a `random.Random`, so that the hypothesis
tests (a seed per example) and `scripts/fuzz.py` (thousands of seeds, counted) share them.

- `mutate_bytes`: byte flips, deletions, insertions of YAML's own punctuation, huge numbers,
  deep nesting, odd unicode and aliases, truncation and duplication, applied to a ruleset file.
- `yaml_tree` / `mutate_tree`: data-level changes (a value of another type, a number out of
  range, a key deleted or added, a subtree swapped in from another ruleset of the same game).
- `plausible_ruleset`: a resolved bundled ruleset changed a few times with values that rulesets
  really hold, so that many of them are accepted and can be played.
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = ROOT / "rulesets"

YAML_BITS = [
    ":", "-", " ", "\n", "  ", "[", "]", "{", "}", ",", "&a ", "*a", "!!float ", "!!python/object:os.system ", "#",
    "'", '"', "0", "-1", "9" * 320, "1.5", ".nan", ".inf", "-.inf", "null", "~", "true", "2024-13-01", "0x1F",
    "o", ".", "red", "R1", "\t", "\x00", "é", "\u202e", "\ud800", "\ufeff", "\r", "<<: *a", "? ", "|", ">-", "---\n",
    "...\n", "%YAML 1.1\n", "[" * 80, "{a: " * 70, "extends: ../../../etc/passwd\n", "extends: /proc/self/mem\n",
    "extends: stay-alive/standard\n", "&x [*x]", "\\n", "id: \"house/x\\n\"\n",
]  # fmt: skip

ODD_VALUES: list[Any] = [
    None, True, False, 0, -1, 1, 2, 3, 7, 10**310, -(10**310), 1.5, float("nan"), float("inf"), -0.0, "", "x",
    "house/x\n", "BOMB\n", "é" * 3, [], {}, [1, 2], {"a": 1}, "o.o....", "random", "red", "white",
]  # fmt: skip


def bundled_texts() -> dict[Path, str]:
    return {path: path.read_text(encoding="utf-8") for path in sorted(BUNDLED.rglob("*.yaml"))}


def mutate_bytes(raw: bytes, rng: random.Random, rounds: int | None = None) -> bytes:
    """`raw` changed `rounds` (1 to 4) times at random places."""
    data = bytearray(raw)
    for _ in range(rng.randint(1, 4) if rounds is None else rounds):
        at = rng.randrange(len(data) + 1)
        kind = rng.randrange(7)
        if kind == 0 and data:  # flip a byte
            data[min(at, len(data) - 1)] ^= 1 << rng.randrange(8)
        elif kind == 1:  # delete a run
            del data[at : at + rng.randint(1, 40)]
        elif kind == 2:  # insert YAML punctuation and odd values
            bits = "".join(rng.choice(YAML_BITS) for _ in range(rng.randint(1, 4)))
            data[at:at] = bits.encode("utf-8", "surrogatepass")
        elif kind == 3:  # truncate
            del data[at:]
        elif kind == 4:  # duplicate a line
            lines = bytes(data).split(b"\n")
            i = rng.randrange(len(lines))
            lines.insert(i, lines[i])
            data = bytearray(b"\n".join(lines))
        elif kind == 5:  # a random byte
            data[at:at] = bytes([rng.randrange(256)])
        else:  # swap two lines
            lines = bytes(data).split(b"\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            data = bytearray(b"\n".join(lines))
    return bytes(data)


def yaml_tree(rng: random.Random, depth: int = 0) -> Any:
    """An arbitrary YAML-able tree: mappings with odd keys, lists, and odd scalars."""
    roll = rng.random()
    if depth > 6 or roll < 0.45:
        return rng.choice(ODD_VALUES)
    if roll < 0.7:
        return [yaml_tree(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    keys = ["format", "id", "name", "game", "players", "extends", "teams", "stay_alive", "alive", "avalanche",
            "archimedes", "min", "max", "move_limit", "grid", "slides", "deck", "x", "", "é", "1"]  # fmt: skip
    return {rng.choice(keys): yaml_tree(rng, depth + 1) for _ in range(rng.randint(0, 5))}


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _paths(value, (*prefix, i))


def _parent(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path[:-1]:
        data = data[part]
    return data


@cache
def resolved_rulesets() -> dict[str, dict[str, Any]]:
    from marblestudio.rulesets import load_with_source
    from marblestudio.rulesets.catalog import list_rulesets

    return {e.id: load_with_source(e.path).resolved for e in list_rulesets() if e.bundled}


@cache
def value_pool() -> dict[str, list[Any]]:
    """The values every bundled ruleset holds under each key name (for plausible changes)."""
    pool: dict[str, list[Any]] = {}
    for data in resolved_rulesets().values():
        for path in _paths(data):
            if path and isinstance(path[-1], str):
                value = _parent(data, path)[path[-1]]
                bucket = pool.setdefault(path[-1], [])
                if value not in bucket:
                    bucket.append(value)
    return pool


def mutate_tree(data: Any, rng: random.Random, plausible: bool) -> Any:
    """A changed deep copy of `data`: one leaf or subtree replaced, or one key deleted."""
    data = copy.deepcopy(data)
    paths = [p for p in _paths(data) if p]
    if not paths:
        return data
    path = rng.choice(paths)
    parent = _parent(data, path)
    key = path[-1]
    roll = rng.random()
    if roll < 0.15 and isinstance(parent, dict):
        del parent[key]
        return data
    old = parent[key]
    if plausible:
        if isinstance(old, bool):
            parent[key] = not old
        elif isinstance(old, int) and roll < 0.6:
            parent[key] = max(0, old + rng.choice([-3, -2, -1, 1, 2, 3, old, -old // 2]))
        elif isinstance(key, str) and value_pool().get(key) and roll < 0.9:
            parent[key] = copy.deepcopy(rng.choice(value_pool()[key]))
        elif isinstance(old, list) and old and roll < 0.95:
            del old[rng.randrange(len(old))]
        else:
            parent[key] = copy.deepcopy(rng.choice(ODD_VALUES))
    else:
        parent[key] = rng.choice([yaml_tree(rng), copy.deepcopy(rng.choice(ODD_VALUES))])
    return data


def plausible_ruleset(rng: random.Random) -> tuple[str, dict[str, Any]]:
    """A bundled ruleset's resolved data changed 1 to 4 times with plausible values."""
    ruleset_id = rng.choice(sorted(resolved_rulesets()))
    data = resolved_rulesets()[ruleset_id]
    if isinstance(data.get("alive"), dict) and rng.random() < 0.5:
        data = with_answers(data, rng)
    if isinstance(data.get("alive"), dict) and rng.random() < 0.3:  # a house rule's pairs
        data = copy.deepcopy(data)
        data["alive"]["pairs"] = "numbers"
    for _ in range(rng.randint(1, 4)):
        data = mutate_tree(data, rng, plausible=True)
    return ruleset_id, data


ANSWER_THEN = {"draw": ["pass-on", "block", "bounce"], "skip": ["pass-on", "block"], "bomb": ["pass-on", "block", "bounce"]}
"""What `alive: answers:` may do with each card it answers (the schema's choices)."""


def with_answers(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """An ALIVE ruleset's data with a house rule's `answers:` for 1 to 3 of DRAW, SKIP and BOMB,
    each answered by 1 to 3 kinds of its deck, the same card answering more than one maybe."""
    data = copy.deepcopy(data)
    kinds = sorted(data["alive"]["deck"])
    chosen = rng.sample(sorted(ANSWER_THEN), rng.randint(1, 3))
    data["alive"]["answers"] = {
        effect: {"with": rng.sample(kinds, min(len(kinds), rng.randint(1, 3))), "then": rng.choice(ANSWER_THEN[effect])}
        for effect in chosen
    }
    return data


def text_lines(text: str) -> int:
    """How many lines `text` has, lines ending where YAML ends them (a final line break opens no
    new line that anyone wrote)."""
    lines = re.split("\r\n|[\r\n\x85\u2028\u2029]", text)
    return max(1, len(lines) - (1 if len(lines) > 1 and lines[-1] == "" else 0))
