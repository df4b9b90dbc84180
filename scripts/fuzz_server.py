"""Fuzz the network game server: COUNT fuzzed frames (random bytes, JSON junk, mutated
messages, huge and deeply nested ones; tests/net/fuzzing.py) against a live server while two
computer players finish another game on it.  Prints the replies by code; exit 1 if the server
failed on a message (an `internal` error), stopped answering, or spoiled the other game.

    python scripts/fuzz_server.py [--count 10000] [--seed S]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from net.fuzzing import blast  # noqa: E402
from net.netkit import serving  # noqa: E402

from marblestudio.net.client import play_bot  # noqa: E402
from marblestudio.net.server import GameServer  # noqa: E402
from marblestudio.records import load_record, replay  # noqa: E402


async def _main(count: int, seed: int, data: Path) -> int:
    server = GameServer(data, rate=1e6, burst=1e6)
    target = server.create_game("alive/standard", 2)
    other = server.create_game("alive/standard", 2)
    started = time.perf_counter()
    async with serving(server) as url:
        fuzz = blast(url, count, seed, [*target.seats, target.spectator, "0" * 32], target.game_id)
        replies, first, second = await asyncio.gather(fuzz, *(play_bot(url, t, "random", i) for i, t in enumerate(other.seats)))
    took = time.perf_counter() - started
    print(f"{count:,} frames in {took:.1f} s ({count / took:,.0f}/s); replies by code:")
    for code, n in replies.most_common():
        print(f"  {code:16} {n:7,}")
    state, _ = replay(load_record(data / f"{other.game_id}.json"))
    ok = first == second == state.outcome().to_json() and "internal" not in replies  # type: ignore[union-attr]
    print("the other game finished and replays" if ok else "FAILED")
    return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        return asyncio.run(_main(args.count, args.seed, Path(folder)))


if __name__ == "__main__":
    sys.exit(main())
