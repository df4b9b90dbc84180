"""The options that every command playing many seeded games shares (simulate, compare)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable


MAX_GAMES = 1_000_000
"""The most games (or matches) one run plays: the run keeps each game's summary, and a count of
10**12 asked for gigabytes of memory before the first game."""


def games_count(text: str) -> int:
    """--games: a whole number from 1 to MAX_GAMES (argparse's usage error otherwise)."""
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a whole number from 1 to {MAX_GAMES:,}, not {text!r}") from None
    if not 1 <= count <= MAX_GAMES:
        raise argparse.ArgumentTypeError(f"a whole number from 1 to {MAX_GAMES:,}, not {count}")
    return count


MAX_SEED = 200
"""The longest --seed: it is printed in every report, stored in every record and put into the
records' file names."""


def seed_text(text: str) -> str:
    """--seed: one line of text a record can keep (no control characters, at most MAX_SEED)."""
    if len(text) > MAX_SEED:
        raise argparse.ArgumentTypeError(f"at most {MAX_SEED} characters, not {len(text):,}")
    from marblestudio.records import unprintable  # the record's own rule for its seed

    problem = unprintable(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(f"one line of text a record can keep; {text!r} {problem}")
    return text


def add_run_options(parser: argparse.ArgumentParser, games_help: str, players_help: str) -> None:
    """--agents, --games, --seed, --players, --workers and --scheduler, the same everywhere."""
    parser.add_argument(
        "--agents", default="random", metavar="A,B,...",
        help="players, one per seat, repeated to fill the seats and rotated by game: random, heuristic, "
        "mcts, mcts:<iterations>, ismcts:<iterations>, easy, medium, hard (default random)",
    )
    parser.add_argument("--games", type=games_count, default=100, metavar="N", help=f"{games_help}; 1 to {MAX_GAMES:,}")
    parser.add_argument("--seed", type=seed_text, default="0", metavar="S",
                        help=f"the run's seed (default 0), at most {MAX_SEED} characters; game i uses random.Random(f'{{S}}:{{i}}')")
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
