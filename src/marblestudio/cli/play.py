"""`marblestudio play RULESET`: open the app on a new game; `run_app(None)` opens the library.

Qt is imported only inside the functions, so `marblestudio --help` and the other commands
never load it.
"""

from __future__ import annotations

import argparse
import os
import sys

from marblestudio.cli.position_arg import add_position_option, read_position

HELP = "Open the app and start a game of RULESET (an id such as stay-alive/standard, or a path)."

SEAT_KINDS = ("human", "easy", "medium", "hard", "random", "heuristic")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ruleset", metavar="RULESET", help="a bundled or user ruleset id, or a path to a .yaml file")
    parser.add_argument(
        "--seats",
        metavar="KIND,KIND,...",
        help="who plays each seat: human, easy, medium, hard (or an agent spec such as mcts:200); "
        "default: you against the computer",
    )
    parser.add_argument("--seed", type=int, default=None, help="seed of the chance steps (default: random)")
    add_position_option(parser)


def has_display() -> bool:
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")) or os.environ.get("QT_QPA_PLATFORM") == "offscreen"


NO_DISPLAY = (
    "marblestudio: no display found (DISPLAY is not set); Marble Studio is a desktop app.\n"
    "  To run it on a virtual screen:  xvfb-run -a -s '-screen 0 1280x1024x24 +extension GLX' marblestudio\n"
    "  To draw a board to a PNG instead:  marblestudio render stay-alive/standard --out board.png"
)


def run(args: argparse.Namespace) -> int:
    from marblestudio.cli.errors import guarded

    return guarded("play", _run, args)


def _run(args: argparse.Namespace) -> int:
    seats = [s.strip() for s in args.seats.split(",")] if args.seats else None
    return run_app(args.ruleset, seats=seats, seed=args.seed, position=args.position)


def run_app(ruleset: str | None, seats: list[str] | None = None, seed: int | None = None, position: str | None = None) -> int:
    """Open the window (on the library, or on a new game of `ruleset`) and run until it closes.

    The ruleset, seats and position are checked first, so a mistake in them is reported even with no display."""
    start: str | None = None
    if ruleset is not None:
        from marblestudio.cli.ruleset_arg import load_ruleset

        loaded = load_ruleset(ruleset, "marblestudio play")
        if isinstance(loaded, int):
            return loaded
        rules = loaded.rules
        if position is not None:
            read = read_position(position, rules, "marblestudio play")
            if isinstance(read, int):
                return read
            start = read[0]
            if seats is not None and len(seats) != read[1].num_players:
                print(f"marblestudio play: --seats names {len(seats)} players, but the position is for {read[1].num_players}",
                      file=sys.stderr)
                return 2
        for seat in seats or []:
            if seat != "human":
                from marblestudio.agents import make_agent

                try:
                    make_agent(seat, 0)
                except ValueError as exc:
                    print(f"marblestudio: --seats: {seat!r} is not a player: {exc}", file=sys.stderr)
                    return 2
        if seats is not None and not rules.players.min <= len(seats) <= rules.players.max:
            print(
                f"marblestudio: {rules.name} is for {rules.players}, "
                f"but --seats names {len(seats)}",
                file=sys.stderr,
            )
            return 2
    if not has_display():
        print(NO_DISPLAY, file=sys.stderr)
        return 1
    from marblestudio.views.app import application, install_excepthook, setup_logging
    from marblestudio.views.main_window import MainWindow

    app = application()
    setup_logging()
    install_excepthook()
    window = MainWindow(library=ruleset is None)  # on a game, the library is made when it is asked for
    window.show()
    if ruleset is not None:
        window.open_game(ruleset, seats, seed, start)  # once the window is on screen: the board loads behind it
    return int(app.exec())
