"""Pictures of rulesets' boards for the library, drawn once and kept in the user's cache folder.

A thumbnail is the board of a ruleset's seeded set-up (seed `SEED`, its default number of
players), drawn offscreen by `render.render_session` at `RENDER_SIZE` and kept at `STORED_SIZE`
as PNG (drawing large and scaling down keeps the scene's fixed-size labels small).  The cache is
`$MARBLESTUDIO_CACHE_DIR/thumbnails`, else `marblestudio/thumbnails` in the user's cache folder
(beside the log file).  A file's name is a digest of the ruleset file's resolved path, then a
digest of its modification time, size and `VERSION`: an edited ruleset gets a new picture, the
old one is removed when the new one is written, and a change to the drawing bumps `VERSION`.

`ThumbnailFiller` fills thumbnails in from the event loop, one drawing per turn of the loop
(a drawing takes 50-100 ms), so the library paints at once with placeholders and stays usable;
before the first drawing, what drawing imports comes in a turn per module (`DRAWING_MODULES`).
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import logging
import os
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from PySide6.QtCore import QBuffer, QIODevice, QObject, QStandardPaths, Qt, QTimer, Signal
from PySide6.QtGui import QImage

from marblestudio.atomic import write_atomic

log = logging.getLogger(__name__)

VERSION = 1
"""The version of the drawing: bump it when thumbnails should be drawn again."""
SEED = 0
RENDER_SIZE = (640, 480)
STORED_SIZE = (320, 240)
STEP_BUDGET = 0.008
"""Seconds of cached pictures read in one turn of the event loop (about half a frame)."""

Draw = Callable[[Path], QImage]
"""Draws the thumbnail of a ruleset file (raises when it cannot)."""

DRAWING_MODULES = ("numpy", "OpenGL.GL", "pyqtgraph", "pyqtgraph.opengl", "marblestudio.views.render")
"""What drawing a board imports, in order, each a turn of the event loop of its own before the
first drawing: the window shows before them, and imported with that drawing they held the loop
up for 0.7-0.9 s (the largest, pyqtgraph, about 0.27 s alone)."""


def cache_dir() -> Path:
    """The folder of thumbnails (it need not exist)."""
    explicit = os.environ.get("MARBLESTUDIO_CACHE_DIR")
    if explicit:
        return Path(explicit).expanduser() / "thumbnails"
    cache = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericCacheLocation)
    return Path(cache or Path.home() / ".cache") / "marblestudio" / "thumbnails"


def _digest(*parts: object) -> str:
    text = "\0".join(str(part) for part in parts)
    return hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()[:20]


def file_name(ruleset: Path) -> str:
    """The cache file name of `ruleset`'s thumbnail as the file is now (raises OSError when the
    file cannot be read): '<digest of the resolved path>-<digest of mtime, size, the drawing>.png',
    where the drawing is `VERSION` and the version of every installed game family's package (a
    plug-in's new board draws its pictures again)."""
    resolved = ruleset.resolve()
    stat = resolved.stat()
    return f"{_digest(resolved)}-{_digest(VERSION, _drawing(), stat.st_mtime_ns, stat.st_size)}.png"


@functools.cache
def _drawing() -> str:
    """The versions of the packages whose code draws the boards (Marble Studio and its plug-ins)."""
    from importlib import metadata

    from marblestudio.engine import family as families

    versions = []
    for source in sorted({f.source for f in families.families() if f.source}):
        try:
            versions.append(f"{source}={metadata.version(source)}")
        except metadata.PackageNotFoundError:
            versions.append(source)
    return ",".join(versions)


def draw_setup(ruleset: Path) -> QImage:
    """The board of `ruleset` after its seeded set-up, at `STORED_SIZE` (needs OpenGL)."""
    from marblestudio.rulesets import load_with_source
    from marblestudio.session import Session
    from marblestudio.views.render import render_session

    loaded = load_with_source(ruleset)
    seats = ["random"] * loaded.rules.players.default
    session = Session(loaded.rules, seats, SEED, loaded.resolved, str(ruleset))
    session.advance_chance()
    image = render_session(session, RENDER_SIZE)
    return image.scaled(*STORED_SIZE, Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.SmoothTransformation)


def png_bytes(image: QImage) -> bytes:
    """`image` encoded as PNG in memory (so that the file is written in one atomic step)."""
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):  # type: ignore[call-overload]  # the stubs say bytes; PySide6 takes str only
        raise OSError(f"Qt could not encode a {image.width()}x{image.height()} image as PNG")
    return bytes(buffer.data().data())


class ThumbnailStore:
    """Thumbnails in memory and on disk: an unchanged ruleset's picture is read, not drawn."""

    def __init__(self, folder: Path | None = None, draw: Draw = draw_setup, modules: Sequence[str] | None = None) -> None:
        """`modules`: what `draw` imports, for `prepare` (by default `DRAWING_MODULES` for the
        board's drawing, none for another)."""
        self.folder = cache_dir() if folder is None else folder
        self.draw = draw
        self._memory: dict[str, QImage] = {}  # file name -> image, for a library refreshed often
        if modules is None:
            modules = DRAWING_MODULES if draw is draw_setup else ()
        self._to_import = list(modules)

    def prepare(self) -> bool:
        """Import the next module that drawing needs and that is not imported yet; False when
        there is none left (the next drawing then imports nothing large)."""
        while self._to_import:
            name = self._to_import.pop(0)
            if name not in sys.modules:
                importlib.import_module(name)
                return True
        return False

    def remembered(self, ruleset: Path) -> QImage | None:
        """The thumbnail already in memory for `ruleset` as it is now, else None (no disk read)."""
        try:
            return self._memory.get(file_name(ruleset))
        except OSError:
            return None

    def cached(self, ruleset: Path) -> QImage | None:
        """The kept thumbnail of `ruleset` as it is now, else None (raises OSError when the
        ruleset itself cannot be read).  An unreadable cache file counts as missing."""
        name = file_name(ruleset)
        image = self._memory.get(name)
        if image is None:
            kept = self.folder / name
            image = QImage(str(kept)) if kept.is_file() else None
            if image is None or image.isNull():
                return None
            self._memory[name] = image
        return image

    def make(self, ruleset: Path) -> QImage:
        """Draw `ruleset`'s thumbnail and keep it; a cache that cannot be written is logged and
        the picture is still returned."""
        name = file_name(ruleset)  # before drawing: a file edited meanwhile is drawn again later
        image = self.draw(ruleset)
        self._memory[name] = image
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            write_atomic(self.folder / name, png_bytes(image), fsync=False)
        except OSError as exc:
            log.warning("cannot keep the thumbnail of %s in %s: %s", ruleset, self.folder, exc)
            return image
        self._forget_older(name)
        return image

    def get(self, ruleset: Path) -> QImage:
        """The thumbnail of `ruleset`: kept, or drawn now."""
        image = self.cached(ruleset)
        return image if image is not None else self.make(ruleset)

    def _forget_older(self, name: str) -> None:
        """Remove the pictures of earlier versions of the same file."""
        prefix = name.split("-", 1)[0]
        for old in self.folder.glob(f"{prefix}-*.png"):
            if old.name != name:
                try:
                    old.unlink()
                except OSError as exc:
                    log.warning("cannot remove the old thumbnail %s: %s", old, exc)
        for old_name in [n for n in self._memory if n.startswith(f"{prefix}-") and n != name]:
            del self._memory[old_name]


class ThumbnailFiller(QObject):
    """Gets thumbnails from a `ThumbnailStore` in turns of the event loop, in the order asked.

    In one turn it reads kept pictures for up to `STEP_BUDGET` seconds, or imports one module that
    drawing needs (`ThumbnailStore.prepare`), or draws one picture, never two of these, so no turn
    takes much longer than one drawing.  Paused, it does nothing.
    """

    ready = Signal(str, QImage)  # the job's key, its picture
    failed = Signal(str, str)  # the job's key, why there is no picture
    finished = Signal()  # every job asked for is done

    def __init__(self, store: ThumbnailStore, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self._jobs: deque[tuple[str, Path]] = deque()
        self._paused = True
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._step)

    @property
    def pending(self) -> int:
        return len(self._jobs)

    def fill(self, jobs: Iterable[tuple[str, Path]]) -> None:
        """Get the picture of each (key, ruleset file), replacing the jobs not yet done."""
        self._jobs = deque(jobs)
        self._schedule()

    def pause(self) -> None:
        self._paused = True
        self._timer.stop()

    def resume(self) -> None:
        self._paused = False
        self._schedule()

    def _schedule(self) -> None:
        if self._jobs and not self._paused and not self._timer.isActive():
            self._timer.start()

    def _step(self) -> None:
        deadline = time.perf_counter() + STEP_BUDGET
        first = True
        while self._jobs and (first or time.perf_counter() < deadline):
            key, ruleset = self._jobs[0]
            try:
                image = self.store.cached(ruleset)
            except OSError as exc:
                self._jobs.popleft()
                self.failed.emit(key, f"cannot read {ruleset}: {exc.strerror or exc}")
            else:
                if image is None:  # to be drawn: this turn draws it only if it has read nothing
                    if first and not self._prepare():
                        self._draw_next()
                    break
                self._jobs.popleft()
                self.ready.emit(key, image)
            first = False
        self._after_step()

    def _prepare(self) -> bool:
        """One module that drawing needs imported in this turn (see `DRAWING_MODULES`), if any."""
        try:
            return self.store.prepare()
        except Exception:  # noqa: BLE001 - the drawing imports it again and says what failed
            log.warning("cannot import what drawing a board needs", exc_info=True)
            return False

    def _draw_next(self) -> None:
        key, ruleset = self._jobs.popleft()
        try:
            image = self.store.make(ruleset)
        except Exception as exc:  # noqa: BLE001 - a picture that cannot be drawn must not stop the library
            log.warning("cannot draw the thumbnail of %s", ruleset, exc_info=True)
            self.failed.emit(key, f"{type(exc).__name__}: {exc}")
            return
        self.ready.emit(key, image)

    def _after_step(self) -> None:
        if self._jobs:
            self._schedule()
        else:
            self.finished.emit()
