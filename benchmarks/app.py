"""Benchmarks of the desktop app, for each of the four game families (issue 14's targets):

- frames/s of the board's scene at 1280x720 with the camera orbiting, glFinish after every
  frame: drawn off screen (the drawing alone), as a bare GL widget on screen ("alone", target
  >= 60), and inside the main window with its docks shown (target >= 30);
- the start-up of `marblestudio play ID` (a subprocess, timed from just before it is started):
  the main window exposed on screen (target <= 1.0 s) and the first frame of the board painted
  (target <= 2.0 s);
- the app's RSS after that first frame, and with the Rules Editor open on the ruleset and its
  3D preview drawn (target < 400 MB), with the computer's worker process beside it.

Each scene shows a seeded game of the family's standard ruleset some moves in, with a person
to move (so nothing moves by itself), and runs in a process of its own.  Figures are min /
median / max over a few runs; quote the median.  Run `python benchmarks/app.py` (a few
minutes; `--quick` for one run of each); with no display it runs itself under `xvfb-run`
(Mesa llvmpipe).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from _display import child_env as user_env
from _display import rerun_without_display

SIZE = (1280, 720)
FAMILIES = (
    ("Stay Alive", "stay-alive/standard", 20),
    ("ALIVE", "alive/standard", 14),
    ("Avalanche", "avalanche/standard", 24),
    ("Archimedes", "archimedes/standard", 20),
)  # name, ruleset, plies played before the scene is drawn
FRAMES = 120
FPS_RUNS = 3
STARTUP_RUNS = 3
HERE = Path(__file__).resolve().parent


PYCACHE: Path | None = None  # compiled modules of the measured processes (made by `main`)


def child_env(home: Path) -> dict[str, str]:
    """A measured process's environment (`_display.child_env`), its compiled modules kept in
    this run's folder."""
    return user_env(home, PYCACHE)


def _rss_mb(pid: int | str = "self") -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


# The position ----------------------------------------------------------------------------------
def mid_game(ref: str, plies: int) -> Any:
    """A seeded game of `ref` at least `plies` steps in, a person (seat 0) to move."""
    from marblestudio import rulesets
    from marblestudio.engine.core import CHANCE
    from marblestudio.session import HUMAN, Session

    loaded = rulesets.load_with_source(ref)
    for attempt in range(50):
        seats = [HUMAN] + ["medium"] * (loaded.rules.players.default - 1)
        session = Session(loaded.rules, seats, 21 + attempt, loaded.resolved, ref)
        rng = random.Random(f"bench:{attempt}")
        while not session.is_over() and (session.ply < plies or session.state.to_move != 0):
            if session.state.to_move == CHANCE:
                session.advance_chance()
            else:
                session.play(rng.choice(session.state.legal_moves()))
        if not session.is_over():
            session.saved = True
            return session
    raise RuntimeError(f"no game of {ref} lasts {plies} steps")


# Frames per second --------------------------------------------------------------------------------
def orbit(scene: Any, frames: int) -> float:
    """Frames/s over `frames` drawn frames: turn the camera, draw now, glFinish.

    Inside a window Qt may skip a repaint while the previous frame is still being composed,
    so frames are counted as painted (the scene's `frame_painted`), not as requested.
    """
    from PySide6.QtWidgets import QApplication

    painted: list[int] = []

    def count() -> None:
        painted.append(1)

    scene.frame_painted.connect(count)
    try:
        _draw(scene)
        QApplication.processEvents()
        painted.clear()
        start = time.perf_counter()
        requests = 0
        while len(painted) < frames:
            requests += 1
            if requests > 50 * frames:
                raise RuntimeError(f"only {len(painted)} frames drawn for {requests} repaints: is the scene on screen?")
            scene.orbit(360 / frames, 0.0)
            _draw(scene)
            QApplication.processEvents()
            _finish(scene)
        return frames / (time.perf_counter() - start)
    finally:
        scene.frame_painted.disconnect(count)


def _draw(scene: Any) -> None:
    draw_now = getattr(scene, "draw_now", None)
    if draw_now is not None:
        draw_now()
    else:
        scene.repaint()


def _finish(scene: Any) -> None:
    from OpenGL import GL

    scene.makeCurrent()
    GL.glFinish()
    scene.doneCurrent()


def _settle(frames: int = 10) -> None:
    from PySide6.QtWidgets import QApplication

    for _ in range(frames):
        QApplication.processEvents()
        time.sleep(0.005)


def fps_child(ref: str, plies: int) -> dict[str, list[float]]:
    """Every frames/s figure of one family, in this process."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from marblestudio.views.app import application
    from marblestudio.views.board.registry import board_class
    from marblestudio.views.board.scene import Scene
    from marblestudio.views.main_window import MainWindow
    from marblestudio.views.palette import seat_colours

    app = application()
    session = mid_game(ref, plies)

    def bare(on_screen: bool) -> Any:
        scene = Scene()
        if not on_screen:
            scene.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen)
        scene.resize(*SIZE)
        cls, _ = board_class(session.rules.game)
        board = cls(scene)
        board.session = session
        scene.set_board(board, session.rules, seat_colours(session.rules.presentation, session.num_players))
        board.show(session.state.public_view())
        scene.show()
        if on_screen:
            QTest.qWaitForWindowExposed(scene)
        _settle()
        return scene

    out: dict[str, list[float]] = {"offscreen": [], "alone": [], "window": []}
    for key, on_screen in (("offscreen", False), ("alone", True)):
        scene = bare(on_screen)
        out[key] = [orbit(scene, FRAMES) for _ in range(FPS_RUNS)]
        scene.close()
        scene.deleteLater()
        _settle()

    window = MainWindow()
    window.resize(SIZE[0] + 320, SIZE[1] + 140)
    window.show()
    window.set_session(session)
    QTest.qWaitForWindowExposed(window)
    _settle(20)
    scene = window.game.scene
    scene.setFixedSize(*SIZE)
    _settle(20)
    assert scene.width() == SIZE[0] and scene.height() == SIZE[1], (scene.width(), scene.height())
    out["window"] = [orbit(scene, FRAMES) for _ in range(FPS_RUNS)]
    window.close()
    window.game.shutdown()
    app.processEvents()
    return out


def frames_per_second(ref: str, plies: int) -> dict[str, list[float]]:
    with tempfile.TemporaryDirectory() as home:
        out = subprocess.run(
            [sys.executable, __file__, "--fps-child", ref, str(plies)],
            capture_output=True, text=True, timeout=600, check=False, env=child_env(Path(home)),
        )
    line = next((line for line in out.stdout.splitlines() if line.startswith("FPS ")), None)
    if out.returncode != 0 or line is None:
        raise RuntimeError(f"the frames/s of {ref} failed:\n{out.stdout}\n{out.stderr}")
    result: dict[str, list[float]] = json.loads(line[4:])
    return result


# Start-up and memory ------------------------------------------------------------------------------
def startup(ref: str) -> dict[str, float]:
    """One `marblestudio play ref`: seconds to the window and the first board, and memory."""
    with tempfile.TemporaryDirectory() as home:
        env = child_env(Path(home))
        start = time.time()
        out = subprocess.run(
            [sys.executable, str(HERE / "_app_probe.py"), "play", ref, "--seed", "1"],
            capture_output=True, text=True, timeout=120, check=False, env=env,
        )
    figures: dict[str, float] = {}
    for line in out.stdout.splitlines():
        words = line.split()
        if words and words[0] == "WINDOW":
            figures["window"] = float(words[1]) - start
        elif words and words[0] == "BOARD":
            figures["board"] = float(words[1]) - start
            figures["rss"] = float(words[2])
        elif words and words[0] == "EDITOR":
            figures["editor"] = float(words[1])
            figures["worker"] = float(words[2])
    if not {"window", "board", "editor"} <= set(figures):
        raise RuntimeError(f"the start-up of {ref} went wrong (exit {out.returncode}):\n{out.stdout}\n{out.stderr}")
    return figures


# Report ---------------------------------------------------------------------------------------------
def spread(values: list[float], digits: int = 1) -> str:
    """min / median / max."""
    if not values:
        return "-"
    return " / ".join(f"{v:.{digits}f}" for v in (min(values), statistics.median(values), max(values)))


def _renderer() -> str:
    from PySide6.QtGui import QGuiApplication, QOffscreenSurface, QOpenGLContext

    QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    context = QOpenGLContext()
    if not context.create():
        return "no OpenGL context"
    surface = QOffscreenSurface()
    surface.create()
    context.makeCurrent(surface)
    from OpenGL import GL, acceleratesupport

    name = GL.glGetString(GL.GL_RENDERER)
    context.doneCurrent()
    accelerated = "with" if acceleratesupport.ACCELERATE_AVAILABLE else "WITHOUT"
    return f"{name.decode() if isinstance(name, bytes) else name}, {accelerated} PyOpenGL-accelerate"


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    games = [ref.split("/")[0] for _, ref, _ in FAMILIES]
    parser.add_argument("only", nargs="*", metavar="GAME", help=f"measure only this game ({', '.join(games)}); all four by default")
    parser.add_argument("--quick", action="store_true", help="one run of each figure instead of a few")
    parser.add_argument("--fps-child", nargs=2, metavar=("REF", "PLIES"), help=argparse.SUPPRESS)
    parser.add_argument("--renderer", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    unknown = [g for g in args.only if g not in games]
    if unknown:
        parser.error(f"no game {unknown[0]!r} (choose from {', '.join(games)})")
    return args


def main() -> int:
    global FPS_RUNS, STARTUP_RUNS, PYCACHE
    args = _arguments()
    if args.fps_child:
        ref, plies = args.fps_child
        print("FPS " + json.dumps(fps_child(ref, int(plies))), flush=True)
        return 0
    if args.renderer:
        print(_renderer())
        return 0
    rerun = rerun_without_display(__file__)
    if rerun is not None:
        return rerun
    if args.quick:
        FPS_RUNS = STARTUP_RUNS = 1
    PYCACHE = Path(tempfile.mkdtemp(prefix="marblestudio-bench-pycache-"))
    try:
        return report(args.only)
    finally:
        shutil.rmtree(PYCACHE, ignore_errors=True)


def report(only: list[str]) -> int:
    renderer = subprocess.run([sys.executable, __file__, "--renderer"], capture_output=True, text=True, check=False).stdout.strip()
    print(f"renderer: {renderer}; {os.cpu_count()} cores; scene {SIZE[0]}x{SIZE[1]}, {FRAMES} frames a run, camera orbiting, glFinish per frame")
    print("figures: min / median / max")
    rows = []
    for name, ref, plies in FAMILIES:
        if only and ref.split("/")[0] not in only:
            continue
        fps = frames_per_second(ref, plies)
        startup(ref)  # a first start compiles the family's modules: not counted
        runs = [startup(ref) for _ in range(STARTUP_RUNS)]
        rows.append((name, fps, runs))
        print(f"\n{name} ({ref}, {plies} steps in)")
        print(f"  frames/s, drawing only (off screen):        {spread(fps['offscreen'])}")
        print(f"  frames/s, the scene alone on screen:         {spread(fps['alone'])}   (target >= 60)")
        print(f"  frames/s, inside the main window:            {spread(fps['window'])}   (target >= 30)")
        print(f"  `marblestudio play`: window on screen, s:    {spread([r['window'] for r in runs], 2)}   (target <= 1.0)")
        print(f"  `marblestudio play`: first board painted, s: {spread([r['board'] for r in runs], 2)}   (target <= 2.0)")
        print(f"  RSS after the first board, MB:               {spread([r['rss'] for r in runs], 0)}")
        print(f"  RSS with the Rules Editor open, MB:          {spread([r['editor'] for r in runs], 0)}   (target < 400)"
              f"; the computer's worker process {spread([r['worker'] for r in runs], 0)}")
    print("\nmedians          alone fps  window fps  window s  board s  RSS editor MB")
    for name, fps, runs in rows:
        print(f"  {name:<14} {statistics.median(fps['alone']):9.1f} {statistics.median(fps['window']):11.1f}"
              f" {statistics.median([r['window'] for r in runs]):9.2f} {statistics.median([r['board'] for r in runs]):8.2f}"
              f" {statistics.median([r['editor'] for r in runs]):14.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
