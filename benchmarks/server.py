"""The game server under load (issue 19's targets): many concurrent games of random bots.

It starts `marblestudio serve` in a subprocess (a free port, a temporary `--data` folder, a
fixed admin token), creates `--games` games of `--ruleset` through the protocol (`create`), and
plays them with random legal moves from `--bot-processes` worker processes, each an asyncio loop
holding every seat of its share of the games over WebSockets.  A seat moves `--delay` seconds
(default 0.1) after its turn starts (the `state` that gives it legal moves); the games' first
moves are spread over the first `--delay` (started in one instant, all games would move in
lockstep).  For `--seconds` (default 20) the games are played; a game that ends is replaced at
once by a new one, so `--games` games are always in play.  Random bots need only the legal moves;
with `--sample` they also ask for the `sample` position a computer player reads.  It reports:

- moves/s: player moves the server applied (its answer reached the mover) per second;
- latency: for each move and each *other* seat of its game, the time from the mover sending it
  to that seat receiving the `state` frame with its events: p50 / p95 / p99 / max in ms
  (target p99 < 50 ms).  Every seat of a game lives in one bot process, so both ends are read
  from one clock (`time.perf_counter_ns`);
- the server's RSS before any game (listening), with every game created and every seat
  connected, and at its peak while playing (sampled every 0.2 s); RSS per game = (peak -
  baseline) / games (target < 1 MB);
- the server's CPU use (of one core) while playing, and the `error` messages the bots got.

`--no-data` runs the server without `--data`, to see what saving every move costs.

Usage: ``python benchmarks/server.py [--games 200] [--seconds 20] [--ruleset stay-alive/standard
| --family all] [--bot-processes 2] [--delay 0.1] [--players N] [--no-data] [--sample] [--json]``.  The target machine
has 2 cores; server, bots and this script share them.  Ctrl-C stops everything and removes the
temporary folder.  Exit 0 (each target's verdict is printed), 130 when interrupted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import multiprocessing as mp
import os
import queue
import random
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from typing import Any

FAMILIES = ("stay-alive/standard", "alive/standard", "avalanche/standard", "archimedes/standard", "mancala/kalah")
TARGET_P99_MS = 50.0
TARGET_RSS_MB = 1.0
ADMIN_CONNECTIONS = 4
"""Connections each bot process creates its replacement games on, in turn: one server connection
may send 20 messages a second, and short games (Mancala, Avalanche) end faster than that."""
CREATE_BATCH = 30
"""Games one admin connection creates (the server's rate limit is 20 messages/s, 40 at once)."""


# Bot worker process ----------------------------------------------------------------------------
def _worker(index: int, url: str, admin: str, ruleset: str, players: int, games: list[list[str]], delay: float,
            seconds: float, seed: int, sample: bool, ready: Any, go: Any, results: Any) -> None:
    """Play `games` (each a list of seat tokens) until `seconds` after `go`; put the stats on `results`."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops us
    try:
        from marblestudio.net.server import loop_factory

        with asyncio.Runner(loop_factory=loop_factory()) as runner:  # the bots' loop is the server's kind
            stats = runner.run(_play(index, url, admin, ruleset, players, games, delay, seconds, seed, sample, ready, go))
    except BaseException as exc:  # noqa: BLE001 - reported by the parent
        results.put({"worker": index, "failed": f"{type(exc).__name__}: {exc}"})
        raise
    results.put(stats)


async def _play(index: int, url: str, admin: str, ruleset: str, players: int, games: list[list[str]], delay: float,
                seconds: float, seed: int, sample: bool, ready: Any, go: Any) -> dict[str, Any]:
    import orjson

    from marblestudio.net.client import Client

    rng = random.Random(seed)
    loop = asyncio.get_running_loop()
    latencies: list[float] = []  # ms, one per (move, other seat)
    sent: dict[tuple[str, int], int] = {}  # (game, ply after the move) -> perf_counter_ns at send
    counters = {"moves": 0, "games_ended": 0, "games_started": 0}
    errors: dict[str, int] = {}
    started = asyncio.Event()
    stopping = asyncio.Event()
    tasks: set[asyncio.Task[None]] = set()
    admins: list[Client] = []  # connections that create games, used in turn (each may send 20 messages/s)
    admin_lock = asyncio.Lock()
    created = 0

    async def move_later(client: Client, game: str, legal: list[str], ply: int) -> None:
        await started.wait()
        await asyncio.sleep(delay)
        if stopping.is_set():
            return
        sent[(game, ply + 1)] = time.perf_counter_ns()
        try:
            await client.move(legal[rng.randrange(len(legal))], ply)
        except Exception:  # noqa: BLE001 - a closed connection: counted by the reader
            pass

    async def seat(client: Client, on_over: asyncio.Future[None]) -> None:
        me = client.welcome["seat"]
        game = client.welcome["game"]
        pending = client.last
        if pending is not None and pending.get("legal"):
            spawn(move_later(client, game, pending["legal"], pending["ply"]))
        try:
            while True:
                raw = await client.ws.recv(decode=False)
                now = time.perf_counter_ns()
                message = orjson.loads(raw)
                kind = message.get("type")
                if kind == "error":
                    errors[message.get("code", "?")] = errors.get(message.get("code", "?"), 0) + 1
                    continue
                if kind != "state":
                    continue
                for step in message["steps"]:
                    mover = step["seat"]
                    if mover is None:
                        continue
                    at = sent.get((game, step["ply"]))
                    if at is None:
                        continue
                    if mover == me:
                        counters["moves"] += 1 if started.is_set() and not stopping.is_set() else 0
                    elif started.is_set() and not stopping.is_set():
                        latencies.append((now - at) / 1e6)
                if message["result"] is not None:
                    if not on_over.done():
                        on_over.set_result(None)
                    return
                if message.get("legal") and not stopping.is_set():
                    spawn(move_later(client, game, message["legal"], message["ply"]))
        except Exception:  # noqa: BLE001 - the connection closed (at the end, or the server dropped it)
            errors["closed"] = errors.get("closed", 0) + 1
        finally:
            if not on_over.done():
                on_over.set_result(None)

    def spawn(coro: Any) -> None:
        task = loop.create_task(coro)
        tasks.add(task)
        task.add_done_callback(tasks.discard)

    async def connect_game(tokens: list[str]) -> tuple[list[Client], list[asyncio.Future[None]]]:
        clients = [await Client.connect(url, token, sample=sample) for token in tokens]
        for client in clients:  # the first state (with the legal moves on the seat's turn)
            while (await client.recv()).get("type") != "state":
                pass
        return clients, [loop.create_future() for _ in clients]

    async def new_game() -> list[str]:
        nonlocal created
        async with admin_lock:
            if len(admins) < ADMIN_CONNECTIONS:
                admins.append(await Client.open(url))
            admin_client = admins[created % len(admins)]
            created += 1
            while True:
                await admin_client.send({"type": "create", "admin": admin, "ruleset": ruleset, "players": players})
                reply = await admin_client.recv()
                if reply.get("type") == "created":
                    seats: list[str] = reply["seats"]
                    return seats
                errors[f"create:{reply.get('code')}"] = errors.get(f"create:{reply.get('code')}", 0) + 1
                await asyncio.sleep(0.1)

    async def run_game(clients: list[Client], overs: list[asyncio.Future[None]], start: float) -> None:
        """Play one game to its end, then (while the run goes on) replace it by a new one.  The
        first game starts `start` seconds into the run, as players arrive at a server one by one."""
        await asyncio.sleep(start)
        while True:
            readers = [loop.create_task(seat(c, f)) for c, f in zip(clients, overs)]
            stop = loop.create_task(stopping.wait())
            waiting: list[asyncio.Future[Any]] = [stop, *overs]
            await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
            if not stop.done():  # a seat saw the end: let the others read it too
                await asyncio.wait(overs, timeout=2)
            stop.cancel()
            for reader in readers:
                reader.cancel()
            for client in clients:
                spawn(client.close())
            if stopping.is_set():
                return
            counters["games_ended"] += 1
            clients, overs = await connect_game(await new_game())
            counters["games_started"] += 1

    connected = await asyncio.gather(*(connect_game(tokens) for tokens in games))
    ready.set()
    await loop.run_in_executor(None, go.wait)
    # The games start spread over the first `delay` seconds: started in the same instant, every
    # game would move in the same instant, 100 ms after the last, forever (a lockstep no players keep).
    runners = [loop.create_task(run_game(c, o, rng.random() * delay)) for c, o in connected]
    started.set()
    begin, cpu = time.perf_counter(), time.process_time()
    await asyncio.sleep(seconds)
    stopping.set()
    elapsed = time.perf_counter() - begin
    cpu = (time.process_time() - cpu) / elapsed
    await asyncio.wait(runners, timeout=10)
    for task in list(tasks):
        task.cancel()
    for admin_client in admins:
        await admin_client.close()
    return {"worker": index, "latencies": latencies, "elapsed": elapsed, "cpu": cpu, "errors": errors, **counters}


# The parent -------------------------------------------------------------------------------------
def _rss(pid: int) -> int:
    """Resident set size of `pid` in bytes."""
    import psutil

    return int(psutil.Process(pid).memory_info().rss)


def _start_server(data: str | None, admin: str, log: Any) -> tuple[subprocess.Popen[bytes], str]:
    # Every bot connects from this machine, hundreds of seats at once: no cap on one address's connections.
    command = [sys.executable, "-m", "marblestudio", "serve", "--port", "0", "--admin-token", admin, "--max-per-address", "0",
               "--max-connections", "100000"]
    if data is not None:
        command += ["--data", data]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, env=env, start_new_session=True)
    assert process.stdout is not None
    for raw in process.stdout:
        line = raw.decode().strip()
        if line.startswith("listening on "):
            return process, line.split()[-1]
    raise RuntimeError(f"the server stopped (exit {process.wait()}); see its log")


def _stop_server(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    if process.stdout is not None:
        process.stdout.close()


async def _create_games(url: str, admin: str, ruleset: str, players: int, count: int) -> list[list[str]]:
    """`count` new games (their seat tokens), created by a few admin connections at once."""
    from marblestudio.net.client import Client

    async def batch(n: int) -> list[list[str]]:
        client = await Client.open(url)
        made = []
        try:
            for _ in range(n):
                made.append(list((await client.create(admin, ruleset, players))["seats"]))
        finally:
            await client.close()
        return made

    sizes = [min(CREATE_BATCH, count - start) for start in range(0, count, CREATE_BATCH)]
    return [game for made in await asyncio.gather(*(batch(n) for n in sizes)) for game in made]


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, math.ceil(q / 100 * len(ordered)) - 1))
    return ordered[k]


def run_one(ruleset: str, args: argparse.Namespace) -> dict[str, Any]:
    """One benchmark run of `ruleset`: its figures."""
    import psutil

    from marblestudio.rulesets import load_with_source

    players = args.players or load_with_source(ruleset).rules.players.default
    admin = secrets.token_hex(16)
    folder = tempfile.mkdtemp(prefix="marble-server-bench-")
    server = None
    workers: list[Any] = []
    try:
        with open(os.path.join(folder, "server.log"), "wb") as log:
            server, url = _start_server(None if args.no_data else os.path.join(folder, "data"), admin, log)
            proc = psutil.Process(server.pid)
            time.sleep(0.3)
            baseline = _rss(server.pid)
            games = asyncio.run(_create_games(url, admin, ruleset, players, args.games))
            ctx = mp.get_context("spawn")
            results = ctx.Queue()
            go = ctx.Event()
            shares = [games[k :: args.bot_processes] for k in range(args.bot_processes)]
            readies = []
            for k, share in enumerate(shares):
                ready = ctx.Event()
                worker = ctx.Process(target=_worker, args=(k, url, admin, ruleset, players, share, args.delay,
                                                           args.seconds, args.seed + k, args.sample, ready, go, results),
                                     daemon=True)
                worker.start()
                workers.append(worker)
                readies.append(ready)
            deadline = time.monotonic() + 120
            for ready, worker in zip(readies, workers):
                while not ready.wait(0.2):
                    if not worker.is_alive() or time.monotonic() > deadline:
                        raise RuntimeError("a bot process failed to connect its seats")
            created_rss = _rss(server.pid)
            cpu_before = proc.cpu_times()
            begin = time.perf_counter()
            go.set()
            peak = created_rss
            while time.perf_counter() - begin < args.seconds:
                time.sleep(0.2)
                peak = max(peak, _rss(server.pid))
                if server.poll() is not None:
                    raise RuntimeError(f"the server stopped (exit {server.returncode})")
            cpu_after = proc.cpu_times()
            wall = time.perf_counter() - begin
            stats = []
            for _ in workers:
                try:
                    stats.append(results.get(timeout=30))
                except queue.Empty:
                    raise RuntimeError("a bot process did not report") from None
            peak = max(peak, _rss(server.pid))
            for worker in workers:
                worker.join(10)
            failed = [s["failed"] for s in stats if "failed" in s]
            if failed:
                raise RuntimeError(f"a bot process failed: {failed[0]}")
        with open(os.path.join(folder, "server.log"), encoding="utf-8", errors="replace") as text:
            problems = [line.rstrip() for line in text if "Traceback" in line or " ERROR" in line or "error" in line.lower()]
    finally:
        for worker in workers:
            if worker.is_alive():
                worker.terminate()
                worker.join(5)
        if server is not None:
            _stop_server(server)
        shutil.rmtree(folder, ignore_errors=True)
    latencies = [x for s in stats for x in s["latencies"]]
    elapsed = max(s["elapsed"] for s in stats)
    moves = sum(s["moves"] for s in stats)
    errors: dict[str, int] = {}
    for s in stats:
        for code, n in s["errors"].items():
            errors[code] = errors.get(code, 0) + n
    cpu = (cpu_after.user + cpu_after.system - cpu_before.user - cpu_before.system) / wall
    p99 = _percentile(latencies, 99)
    per_game = (peak - baseline) / args.games / 2**20
    return {
        "ruleset": ruleset, "players": players, "data": not args.no_data, "games": args.games, "seconds": round(elapsed, 2),
        "bot_processes": args.bot_processes, "delay_ms": args.delay * 1000, "sample": args.sample,
        "moves": moves, "moves_per_s": round(moves / elapsed, 1),
        "games_ended": sum(s["games_ended"] for s in stats), "games_started": sum(s["games_started"] for s in stats),
        "latency_samples": len(latencies),
        "p50_ms": round(_percentile(latencies, 50), 2), "p95_ms": round(_percentile(latencies, 95), 2),
        "p99_ms": round(p99, 2), "max_ms": round(max(latencies, default=math.nan), 2),
        "rss_baseline_mb": round(baseline / 2**20, 1), "rss_created_mb": round(created_rss / 2**20, 1),
        "rss_peak_mb": round(peak / 2**20, 1), "rss_per_game_mb": round(per_game, 3),
        "server_cpu": round(cpu, 2), "bot_cpu": [round(s["cpu"], 2) for s in stats], "errors": errors, "server_log_errors": problems[:5],
        "p99_pass": bool(p99 < TARGET_P99_MS), "rss_pass": bool(per_game < TARGET_RSS_MB),
    }


def _print_table(rows: list[dict[str, Any]]) -> None:
    print(f"{'ruleset':<20} {'games':>5} {'moves/s':>8} {'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7} {'max ms':>7} "
          f"{'RSS MB base/peak':>17} {'MB/game':>8} {'cpu':>5}  verdict")
    for r in rows:
        verdict = (f"p99<{TARGET_P99_MS:g}ms {'PASS' if r['p99_pass'] else 'FAIL'}, "
                   f"RSS<{TARGET_RSS_MB:g}MB/game {'PASS' if r['rss_pass'] else 'FAIL'}")
        rss = f"{r['rss_baseline_mb']:.0f}/{r['rss_peak_mb']:.0f}"
        print(f"{r['ruleset']:<20} {r['games']:>5} {r['moves_per_s']:>8.1f} {r['p50_ms']:>7.1f} {r['p95_ms']:>7.1f} "
              f"{r['p99_ms']:>7.1f} {r['max_ms']:>7.1f} {rss:>17} {r['rss_per_game_mb']:>8.3f} {r['server_cpu']:>5.0%}  {verdict}")
    for r in rows:
        notes = [f"{r['players']} players, {'--data (saved every move)' if r['data'] else 'no --data'}, {r['seconds']:.1f} s, {'bots ask for samples, ' if r.get('sample') else ''}{r['moves']} moves, {r['latency_samples']} latency samples",
                 f"{r['games_ended']} games ended and were replaced", f"RSS with games created {r['rss_created_mb']:.0f} MB",
                 "CPU (of one core) server " + f"{r['server_cpu']:.0%}, bot processes " + ", ".join(f"{c:.0%}" for c in r["bot_cpu"])]
        if r["errors"]:
            notes.append("errors " + ", ".join(f"{k} x{v}" for k, v in sorted(r["errors"].items())))
        print(f"  {r['ruleset']}: " + "; ".join(notes))
        for line in r["server_log_errors"]:
            print(f"  server log: {line}")


def _interrupt(*_: Any) -> None:
    raise KeyboardInterrupt


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="concurrent games (default 200)")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds of play (default 20)")
    parser.add_argument("--ruleset", default="stay-alive/standard", help="the ruleset (default stay-alive/standard)")
    parser.add_argument("--family", choices=["all"], default=None, help="all: one row per family's standard ruleset")
    parser.add_argument("--players", type=int, default=None, help="seats per game (default: the ruleset's default)")
    parser.add_argument("--bot-processes", type=int, default=2, help="bot worker processes (default 2)")
    parser.add_argument("--sample", action="store_true",
                        help="bots ask for a sample position on their turn, as computer players do (random bots need none)")
    parser.add_argument("--delay", type=float, default=0.1, help="seconds a bot waits after its turn starts (default 0.1)")
    parser.add_argument("--no-data", action="store_true", help="run the server without --data (no saving after each move)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if args.games < 1 or args.bot_processes < 1:
        parser.error("--games and --bot-processes must be at least 1")
    args.bot_processes = min(args.bot_processes, args.games)
    previous = signal.signal(signal.SIGTERM, _interrupt)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # even when started in the background
    rows = []
    try:
        for ruleset in FAMILIES if args.family == "all" else (args.ruleset,):
            rows.append(run_one(ruleset, args))
    except KeyboardInterrupt:
        print("interrupted; the server and bots are stopped", file=sys.stderr)
        return 130
    finally:
        signal.signal(signal.SIGTERM, previous)
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        _print_table(rows)
    return 0  # a target not met is a figure (its verdict is printed), not a failure of the benchmark


if __name__ == "__main__":
    sys.exit(main())
