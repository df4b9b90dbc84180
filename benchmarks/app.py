"""Benchmarks of the desktop app: start-up to the first painted frame, frames per second of the
Stay Alive scene at 1280x720 with the camera orbiting (glFinish after each forced repaint), and
the memory of the running app.  Targets: start-up < 2 s, >= 30 frames/s, RSS < 400 MB.

Run `python benchmarks/app.py`; with no display it runs itself under `xvfb-run` (Mesa llvmpipe).
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

SIZE = (1280, 720)
FRAMES = 150
STARTUP_RUNS = 3


def _rss_mb(pid: int | str = "self") -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _startup_child() -> None:
    """Open the window and start the ready game; print when the board's first frame is painted."""
    from PySide6.QtCore import Qt, QTimer

    from marblestudio.views.app import application
    from marblestudio.views.main_window import MainWindow

    app = application()
    window = MainWindow()
    window.resize(*SIZE)
    window.show()

    def painted() -> None:
        print(f"FIRST_FRAME {time.time():.6f} rss={_rss_mb():.1f}", flush=True)
        if window.game.session is not None:
            window.game.session.saved = True
        QTimer.singleShot(0, app.quit)  # not from inside paintGL

    window.game.scene.frame_painted.connect(painted, Qt.ConnectionType.SingleShotConnection)
    window.start_game("stay-alive/standard")
    app.exec()
    window.game.shutdown()


def startup_seconds() -> list[float]:
    times = []
    for _ in range(STARTUP_RUNS):
        start = time.time()
        out = subprocess.run(
            [sys.executable, __file__, "--startup-child"], capture_output=True, text=True, timeout=120, check=True
        ).stdout
        line = next(line for line in out.splitlines() if line.startswith("FIRST_FRAME"))
        times.append(float(line.split()[1]) - start)
    return times


def frames_per_second() -> tuple[float, float, float]:
    """(frames/s, RSS of the app in MB, RSS of the computer's worker process in MB)."""
    from PySide6.QtTest import QTest

    from marblestudio.views.app import application
    from marblestudio.views.main_window import MainWindow

    app = application()
    window = MainWindow()
    window.resize(SIZE[0] + 300, SIZE[1] + 120)
    window.show()
    session = _mid_game()
    window.set_session(session)
    scene = window.game.scene
    scene.setFixedSize(*SIZE)
    QTest.qWaitForWindowExposed(window)
    for _ in range(10):
        app.processEvents()
    fps = _orbit(scene, FRAMES)
    app.processEvents()
    pool = window.game.worker._pool
    worker_rss = 0.0
    if pool is not None:
        for process in getattr(pool, "_processes", {}).values():
            worker_rss += _rss_mb(process.pid)
    rss = _rss_mb()
    session.saved = True
    window.close()
    return fps, rss, worker_rss


def _orbit(scene, frames: int) -> float:  # type: ignore[no-untyped-def]
    """Frames/s over `frames` drawn frames: turn the camera, force a repaint, glFinish.

    Inside a window Qt may skip a repaint while the previous frame is still being composed,
    so frames are counted as painted (the scene's `frame_painted`), not as requested.
    """
    from OpenGL import GL
    from PySide6.QtWidgets import QApplication

    painted: list[int] = []
    scene.frame_painted.connect(lambda: painted.append(1))
    scene.repaint()
    QApplication.processEvents()
    painted.clear()
    start = time.perf_counter()
    requests = 0
    while len(painted) < frames:
        requests += 1
        if requests > 50 * frames:
            raise RuntimeError(f"only {len(painted)} frames drawn for {requests} repaints: is the scene on screen?")
        scene.orbit(360 / frames, 0.0)
        scene.repaint()
        QApplication.processEvents()
        scene.makeCurrent()
        GL.glFinish()
        scene.doneCurrent()
    return frames / (time.perf_counter() - start)


def _mid_game():  # type: ignore[no-untyped-def]
    from marblestudio import rulesets
    from marblestudio.engine.core import CHANCE
    from marblestudio.session import HUMAN, Session

    loaded = rulesets.load_with_source("stay-alive/standard")
    session = Session(loaded.rules, [HUMAN, "medium"], 21, loaded.resolved, "stay-alive/standard")
    rng = random.Random("bench")
    while session.ply < 20:
        if session.state.to_move == CHANCE:
            session.advance_chance()
        else:
            session.play(rng.choice(session.state.legal_moves()))
    return session


def scene_alone_fps() -> float:
    """Frames/s of the board's scene drawn off screen (no window to compose)."""
    from marblestudio.views.app import application
    from marblestudio.views.render import offscreen_scene

    app = application()
    scene = offscreen_scene(_mid_game(), SIZE)
    app.processEvents()
    fps = _orbit(scene, FRAMES)
    scene.close()
    return fps


def _renderer() -> str:
    out = subprocess.run(["glxinfo", "-B"], capture_output=True, text=True, check=False).stdout if shutil.which("glxinfo") else ""
    for line in out.splitlines():
        if "renderer string" in line:
            return line.split(":", 1)[1].strip()
    return "unknown (glxinfo not installed)"


def main() -> int:
    if "--startup-child" in sys.argv:
        _startup_child()
        return 0
    if not os.environ.get("DISPLAY") and not os.environ.get("MARBLESTUDIO_BENCH_XVFB"):
        xvfb = shutil.which("xvfb-run")
        if xvfb is None:
            print("no display and no xvfb-run: install xvfb to run the app benchmarks", file=sys.stderr)
            return 1
        env = dict(os.environ, MARBLESTUDIO_BENCH_XVFB="1")
        cmd = [xvfb, "-a", "-s", "-screen 0 1920x1080x24 +extension GLX", sys.executable, __file__]
        return subprocess.run(cmd, env=env, check=False).returncode
    print(f"renderer: {_renderer()}")
    times = startup_seconds()
    print(f"start-up to the first painted board frame: best {min(times):.2f} s, runs {', '.join(f'{t:.2f}' for t in times)} (target < 2 s)")
    fps, rss, worker = frames_per_second()
    alone = scene_alone_fps()
    print(f"Stay Alive scene {SIZE[0]}x{SIZE[1]}, camera orbiting, glFinish per frame (target >= 30):")
    print(f"  the scene on its own: {alone:.1f} frames/s")
    w, h = SIZE[0] + 300, SIZE[1] + 120
    print(f"  the scene inside the {w}x{h} main window (Qt composes the whole window each frame): {fps:.1f} frames/s")
    print(f"memory: app RSS {rss:.0f} MB (target < 400 MB); computer worker process RSS {worker:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
