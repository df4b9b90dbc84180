"""How long a player waits for the computer, in the main window, for each game family.

A person (seat 0, playing seeded random moves through the window, as a click plays them) against
the computer at a level (`hard` by default) in every other seat.  A reply is timed from the
person's move to the moment the window waits for the person again with the board at rest: the
person's move drawn, every computer move (and chance step) thought out and drawn.  So it is the
wait a player feels: thinking and animations at normal speed, wall-clock time.

Each family's game runs in a process of its own (the computer's worker process beside it), with
its own settings and user folders.  With no display it runs itself under `xvfb-run` (Mesa
llvmpipe).  Run `python benchmarks/replies.py` (about three minutes; `--moves N` for more or
fewer of the person's moves, `--level` for another level).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _display import child_env, rerun_without_display

FAMILIES = (
    ("Stay Alive", "stay-alive/standard"),
    ("ALIVE", "alive/standard"),
    ("Avalanche", "avalanche/standard"),
    ("Archimedes", "archimedes/standard"),
    ("Kalah (plug-in)", "mancala/kalah"),
)
SEED = 11
TIMEOUT_S = 600.0


def play(ref: str, level: str, moves: int) -> list[float]:
    """In this process: the main window, a game of `ref`, `moves` of the person's moves; the
    replies' times in seconds (the person's last move, or the game's end, has no reply)."""
    import random

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    from marblestudio import rulesets
    from marblestudio.engine.core import CHANCE
    from marblestudio.session import HUMAN
    from marblestudio.views.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    QMessageBox.question = staticmethod(lambda *a, **k: QMessageBox.StandardButton.Discard)  # type: ignore[method-assign]
    win = MainWindow()
    win.resize(1280, 800)
    win.show()
    players = rulesets.load(ref).players.default
    if not win.start_game(ref, [HUMAN] + [level] * (players - 1), seed=SEED):
        raise RuntimeError(f"cannot start {ref}")
    rng = random.Random(f"replies:{ref}")
    replies: list[float] = []
    asked: float | None = None  # when the person's last move was played
    played = 0
    started = time.monotonic()

    def tick() -> None:
        nonlocal asked, played
        session = win.game.session
        assert session is not None
        if time.monotonic() - started > TIMEOUT_S:
            app.exit(1)
            return
        at_rest = session.waiting_for_human() and not win.game.clock.is_running()
        if session.outcome() is not None or (at_rest and played >= moves):
            app.exit(0)
            return
        if at_rest and session.state.to_move != CHANCE:
            if asked is not None:
                replies.append(time.monotonic() - asked)
            win.game.play(rng.choice(session.state.legal_moves()))
            played += 1
            asked = time.monotonic()
        QTimer.singleShot(10, tick)

    QTimer.singleShot(300, tick)  # the board's first frame
    code = app.exec()
    win.game.shutdown()
    if code:
        raise RuntimeError(f"{ref}: no end after {TIMEOUT_S:.0f} s")
    return replies


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=10, help="the person's moves per game (default 10)")
    parser.add_argument("--level", default="hard", help="the computer's level (default hard)")
    parser.add_argument("--child", help=argparse.SUPPRESS)  # a family's game, in a process of its own
    return parser.parse_args()


def main() -> int:
    args = _arguments()
    if args.child:
        print("RESULT " + json.dumps(play(args.child, args.level, args.moves)), flush=True)
        return 0
    rerun = rerun_without_display(__file__)
    if rerun is not None:
        return rerun
    print(f"Waiting for the computer ({args.level}) in the main window: a person's {args.moves} seeded random moves, "
          "each reply timed from the move to the person's turn with the board at rest (wall clock)")
    print(f"  {'family':<17}{'replies':>8}{'median s':>10}{'mean s':>8}{'max s':>8}{'total s':>9}")
    for name, ref in FAMILIES:
        with tempfile.TemporaryDirectory(prefix="replies-") as home:
            cmd = [sys.executable, __file__, "--child", ref, "--level", args.level, "--moves", str(args.moves)]
            done = subprocess.run(cmd, env=child_env(Path(home)), capture_output=True, text=True, check=False)
        found = [line[7:] for line in done.stdout.splitlines() if line.startswith("RESULT ")]
        if done.returncode or not found:
            print(f"  {name:<17}failed: {(done.stderr.strip().splitlines() or ['no result'])[-1]}")
            continue
        replies = json.loads(found[0])
        if not replies:
            print(f"  {name:<17}{0:>8}   (the game ended first)")
            continue
        print(f"  {name:<17}{len(replies):>8}{statistics.median(replies):>10.2f}{statistics.fmean(replies):>8.2f}"
              f"{max(replies):>8.2f}{sum(replies):>9.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
