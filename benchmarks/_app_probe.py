"""Runs `marblestudio ARGS...` as the user starts it, and reports its start-up (for benchmarks/app.py).

Printed lines (seconds are `time.time()`, to compare with the parent's clock at the start):
  WINDOW <t>            the main window is exposed on screen
  BOARD <t> <rss MB>    the first frame of the game's board is painted
  EDITOR <rss MB> <worker MB>   the Rules Editor is open on the ruleset, its preview painted

Nothing is changed in the app: an import hook wraps `views.app.application` once the app
imports it, so the app loads its modules in its own order and at its own time.  After the
first board the probe opens the editor (dock shown, the bundled ruleset file opened, the
Preview tab chosen), waits for the preview's first frame, and quits.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

TIMEOUT_S = 60.0


def rss_mb(pid: int | str = "self") -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def children_rss_mb() -> float:
    """The RSS of this process's child processes (the computer's worker), in MB."""
    total = 0.0
    for task in Path("/proc/self/task").iterdir():
        for pid in (task / "children").read_text().split():
            try:
                total += rss_mb(pid)
            except OSError:
                pass
    return total


class Probe:
    def __init__(self, ruleset: str) -> None:
        self.ruleset = ruleset
        self.window_seen = False
        self.board_seen = False
        self.frames: dict[int, int] = {}  # id(scene) -> frames painted with a board
        self.filter: Any = None

    def install(self, app: Any) -> None:
        from PySide6.QtCore import QEvent, QObject, QTimer

        probe = self

        class Filter(QObject):
            def eventFilter(self, obj: Any, event: Any) -> bool:  # noqa: N802
                kind = event.type()
                if kind == QEvent.Type.Expose and not probe.window_seen and obj.isWindowType():
                    if obj.isExposed() and "Marble Studio" in obj.title():
                        probe.window_seen = True
                        print(f"WINDOW {time.time():.6f}", flush=True)
                elif type(obj).__name__ == "Scene" and id(obj) not in probe.frames:
                    probe.frames[id(obj)] = 0
                    obj.frame_painted.connect(lambda scene=obj: probe.painted(scene))
                return False

        self.filter = Filter(app)
        app.installEventFilter(self.filter)
        QTimer.singleShot(int(TIMEOUT_S * 1000), lambda: (print("TIMEOUT", flush=True), app.exit(3)))

    def painted(self, scene: Any) -> None:
        if scene.board is None:
            return
        self.frames[id(scene)] += 1
        if self.board_seen:
            return
        self.board_seen = True
        print(f"BOARD {time.time():.6f} {rss_mb():.1f}", flush=True)
        from PySide6.QtCore import QTimer

        QTimer.singleShot(0, lambda: self.open_editor(scene))  # not from inside paintGL

    def open_editor(self, game_scene: Any) -> None:
        from PySide6.QtCore import QTimer

        from marblestudio.rulesets import catalog

        window = game_scene.window()
        dock = window.editor_dock
        editor = dock.widget()
        dock.show()
        dock.raise_()
        folder = catalog.bundled_dir()
        assert folder is not None, "no bundled rulesets"
        editor.open_file(folder / f"{self.ruleset}.yaml")
        editor.tabs.setCurrentWidget(editor.preview)
        start = time.monotonic()

        def wait() -> None:
            scene = editor.preview.scene
            if scene is not None and editor.preview.board is not None and self.frames.get(id(scene), 0) > 0:
                QTimer.singleShot(300, lambda: self.finish(window))
            elif time.monotonic() - start > 20:
                print("EDITOR_TIMEOUT", flush=True)
                self.finish(window)
            else:
                QTimer.singleShot(20, wait)

        wait()

    def finish(self, window: Any) -> None:
        from PySide6.QtWidgets import QApplication

        print(f"EDITOR {rss_mb():.1f} {children_rss_mb():.1f}", flush=True)
        session = window.game.session
        if session is not None:
            session.saved = True
        app = QApplication.instance()
        assert app is not None
        app.quit()


class _Hook:
    """Wraps `marblestudio.views.app.application` when that module is first imported."""

    def __init__(self, probe: Probe) -> None:
        self.probe = probe

    def find_spec(self, name: str, path: Any, target: Any = None) -> Any:
        if name != "marblestudio.views.app":
            return None
        import importlib.util

        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.loader is not None
        loader = spec.loader
        run = loader.exec_module
        probe = self.probe

        def exec_module(module: Any) -> None:
            run(module)
            make = module.application

            def application(*args: Any, **kwargs: Any) -> Any:
                app = make(*args, **kwargs)
                if probe.filter is None:
                    probe.install(app)
                return app

            module.application = application

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def main() -> int:
    args = sys.argv[1:]
    ruleset = next(a for a in args[1:] if not a.startswith("-"))
    sys.meta_path.insert(0, _Hook(Probe(ruleset)))
    from marblestudio.cli import main as cli_main

    return cli_main(args)


if __name__ == "__main__":
    sys.exit(main())
