"""The options that every command playing many seeded games shares (simulate, compare)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable


def add_run_options(parser: argparse.ArgumentParser, games_help: str, players_help: str) -> None:
    """--agents, --games, --seed, --players, --workers and --scheduler, the same everywhere."""
    parser.add_argument(
        "--agents", default="random", metavar="A,B,...",
        help="players, one per seat, repeated to fill the seats and rotated by game: random, heuristic, "
        "mcts, mcts:<iterations>, ismcts:<iterations>, easy, medium, hard (default random)",
    )
    parser.add_argument("--games", type=int, default=100, metavar="N", help=games_help)
    parser.add_argument("--seed", default="0", metavar="S", help="the run's seed (default 0); game i uses random.Random(f'{S}:{i}')")
    parser.add_argument("--players", type=int, default=None, metavar="K", help=players_help)
    parser.add_argument("--workers", default="auto", metavar="auto|N", help="local worker processes (default auto: one per CPU)")
    parser.add_argument(
        "--scheduler", default=None, metavar="tcp://HOST:PORT",
        help="run on this Dask cluster instead (needs the optional 'dask' extra)",
    )


def too_many_agents(agents: tuple[str, ...], players: int, what: str) -> str | None:
    """The usage message when --agents names more players than `what` seats (they would be
    silently left out: agents are repeated to fill the seats, never cut)."""
    if len(agents) <= players:
        return None
    return f"--agents names {len(agents)} players, but {what} has {players} seats: give at most {players}"


def checked_agents(args: argparse.Namespace) -> tuple[str, ...] | str:
    """The --agents specs, checked together with --workers; or the usage message saying what is wrong."""
    from marblestudio.agents import AgentSpecError, check_spec
    from marblestudio.playtest.workers import WorkersError, resolve_workers

    agents = tuple(a.strip() for a in args.agents.split(",") if a.strip())
    if not agents:
        return "--agents needs at least one player"
    try:
        for spec in agents:
            check_spec(spec)
        resolve_workers(args.workers)
    except (AgentSpecError, WorkersError) as error:
        return str(error)
    return agents


def progress_bar(title: str, forced: bool = False) -> Callable[[int, int], None] | None:
    """A bar on stderr, redrawn as chunks of work finish (only on a terminal, unless `forced`)."""
    if not (forced or sys.stderr.isatty()):
        return None

    def show(done: int, total: int) -> None:
        width = 30
        filled = width * done // total if total else width
        sys.stderr.write(f"\r{title}: [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        sys.stderr.flush()

    return show
