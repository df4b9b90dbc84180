"""`make fuzz`: the fuzz properties of the test suite over many more inputs, with figures.

The suite runs each property on a few dozen seeded examples; this script runs the same mutators
(tests/properties/mutators.py) over thousands of seeds, counts the inputs tried, the rulesets
accepted and played, and every failure (an exception, or a diagnostic placed outside its file),
and prints the first failures with the seed that reproduces them.  Exit 1 if anything failed.

    python scripts/fuzz.py [--count N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import yaml  # noqa: E402

from properties.test_pieces_play import check_pieces_play  # noqa: E402
from properties.mutators import bundled_texts, mutate_bytes, text_lines, yaml_tree  # noqa: E402
from properties.test_accepted_rulesets_play import check_plays, play_all  # noqa: E402

from marblestudio.rulesets.loader import check_file_loaded, check_text  # noqa: E402
from marblestudio.rulesets.yamlio import read_bytes  # noqa: E402


def _positioned(found: list, text: str) -> None:  # type: ignore[type-arg]
    lines = text_lines(text)
    for d in found:
        if not 1 <= d.line <= lines or d.column < 1:
            raise AssertionError(f"{d} is outside the file's {lines} lines")


def loader_bytes(seed: int) -> bool:
    rng = random.Random(seed)
    texts = bundled_texts()
    path = rng.choice(sorted(texts))
    raw = mutate_bytes(path.read_bytes(), rng)
    doc, found = read_bytes(raw, "fuzz.yaml")
    _positioned(found, raw.decode("utf-8", "replace"))
    if doc is None or any(d.is_error for d in found):
        return False
    with tempfile.TemporaryDirectory() as folder:  # not the bundled folder, whose files have the id of their place
        target = Path(folder) / "fuzz.yaml"
        target.write_bytes(raw)
        loaded, found = check_file_loaded(target)
        _positioned(found, raw.decode("utf-8-sig"))
        if loaded is None:
            return False
        play_all(loaded.rules, loaded.resolved, rng)  # any ruleset the loader accepts plays
        return True


def loader_tree(seed: int) -> bool:
    tree = yaml_tree(random.Random(seed))
    text = yaml.safe_dump(tree, allow_unicode=True) if not isinstance(tree, str) else tree
    found = check_text(text, "tree.yaml")
    _positioned(found, text)
    return not any(d.is_error for d in found)


PROPERTIES: dict[str, tuple[str, Callable[[int], bool]]] = {
    "loader-bytes": ("mutated bundled files through the YAML reader and the loader; accepted ones played", loader_bytes),
    "loader-trees": ("arbitrary YAML trees through the loader", loader_tree),
    "accepted-play": ("changed rulesets: accepted ones played at fewest/default/most players", check_plays),
    "pieces-play": ("bundled rulesets with 1-4 random rule pieces: accepted ones played the same way", check_pieces_play),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=3000, help="inputs per property (default 3000)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    args = parser.parse_args()
    failed = 0
    print(f"{'property':<15} {'inputs':>7} {'accepted':>9} {'failures':>9} {'seconds':>8}")
    for name, (what, run) in PROPERTIES.items():
        start = time.perf_counter()
        accepted = failures = 0
        first: list[str] = []
        for seed in range(args.seed, args.seed + args.count):
            try:
                accepted += bool(run(seed))
            except Exception:  # noqa: BLE001 - every failure is counted and shown
                failures += 1
                if len(first) < 3:
                    first.append(f"  {name} seed {seed}:\n" + traceback.format_exc(limit=4))
        seconds = time.perf_counter() - start
        print(f"{name:<15} {args.count:>7} {accepted:>9} {failures:>9} {seconds:>8.1f}   {what}")
        for text in first:
            print(text)
        failed += failures
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
