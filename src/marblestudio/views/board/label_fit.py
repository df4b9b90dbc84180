"""Labels that scale with the board: each text is sized, and worded, for the room it has on screen.

A board gives each of its texts a `Slot`: a rectangle of the board (a card's face, a strip of
the table) where the text may be drawn, and a few wordings, longest first ("DRAW 2", "+2").
Before every frame `fit_texts` projects the slots with the scene's camera and gives each text
the largest font that fits inside its slot's outline on screen, in the longest wording that is
still legible there; then, in order of priority, a text that would still touch one already
placed is made smaller, or hidden.  So a narrow window gets small, short labels and a wide one
large labels, and no two labels ever overlap.

The texts are pyqtgraph `GLTextItem`s, centred on their slot: the item's font, text and position
are set directly (no `update()`, since this runs while the frame is being painted).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np
from pyqtgraph.opengl import GLTextItem
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFont, QFontMetrics

from marblestudio.views.board import picking
from marblestudio.views.board.labels import FONT_FAMILY

if TYPE_CHECKING:
    from marblestudio.views.board.scene import Scene

Point = tuple[float, float, float]

REFERENCE_PX = 100  # texts are measured once at this size, and scaled
LEGIBLE_PX = 9  # a wording is used only if it can be at least this large...
SMALLEST_PX = 6  # ...except the shortest, which is shown down to this size, then hidden
LARGEST_PX = 72


@dataclass(frozen=True)
class Slot:
    """A rectangle of the board: its centre, and half its width and height as world vectors."""

    centre: Point
    across: Point
    up: Point


def flat_slot(centre: Point, half_width: float, half_height: float) -> Slot:
    """A rectangle lying on the table, its width along x (across the screen from the front)."""
    return Slot(centre, (half_width, 0.0, 0.0), (0.0, half_height, 0.0))


@lru_cache(maxsize=64)
def label_font(pixels: int, bold: bool) -> QFont:
    """The boards' font at `pixels` pixels high (one object per size, shared)."""
    f = QFont(FONT_FAMILY)
    f.setPixelSize(max(1, pixels))
    f.setBold(bold)
    return f


@lru_cache(maxsize=4096)
def ink(text: str, pixels: int, bold: bool) -> tuple[float, float, float, float]:
    """(x, y, width, height) of the ink of `text` at `pixels`, from the baseline's start (the
    integer tight bounding rectangle that a GLTextItem centres)."""
    rect = QFontMetrics(label_font(pixels, bold)).tightBoundingRect(text)
    return float(rect.x()), float(rect.y()), float(rect.width()), float(rect.height())


def drawn_rect(text: str, pixels: int, bold: bool, x: float, y: float) -> QRectF:
    """Where a GLTextItem centred on screen point (x, y) puts the ink of `text` (its `align_text`
    moves the baseline's start to (x - width/2, y + height/2))."""
    ix, iy, w, h = ink(text, pixels, bold)
    return QRectF(x - w / 2 + ix, y + h / 2 + iy, w, h)


class FittedText:
    """One `GLTextItem` whose size and wording follow the room its slot has on screen."""

    def __init__(self, item: GLTextItem, bold: bool = True, priority: int = 0, group: Hashable | None = None) -> None:
        self.item = item
        self.bold = bold
        self.priority = priority  # higher: placed first, never shrunk for a lower one
        self.group = group  # texts of one group (a seat's life letters) share one size and wording
        self.wordings: tuple[str, ...] = ()
        self.slot: Slot | None = None
        self.rect: QRectF | None = None  # where its ink is on screen after the last fit

    def set(self, wordings: Sequence[str], slot: Slot | None) -> None:
        """The texts it may show, longest first ("" or none: nothing), and where.  It shows the
        first at once; the next frame's fit may choose another."""
        self.wordings = tuple(w for w in wordings if w)
        self.slot = slot
        shown = self.wordings[0] if self.wordings and slot is not None else ""
        if slot is not None:
            self.item.setData(text=shown, pos=np.array(slot.centre, dtype=float))
        else:
            self.item.setData(text=shown)

    @property
    def text(self) -> str:
        """What it shows now."""
        return str(self.item.text)


def _room(a: np.ndarray, b: np.ndarray, aspect: float) -> float:
    """The largest height of an upright rectangle of width/height `aspect`, centred in the
    parallelogram spanned by the screen vectors ±a, ±b (a slot seen in perspective)."""
    det = abs(a[0] * b[1] - a[1] * b[0])
    if det < 1e-9:
        return 0.0
    half = det / max(abs(b[1]) * aspect + abs(b[0]), abs(a[1]) * aspect + abs(a[0]), 1e-9)
    return float(2.0 * half)


def fit_texts(
    texts: Iterable[FittedText], width: int, height: int, projection: np.ndarray, view: np.ndarray
) -> None:
    """Size and word every shown text for the view, then shrink or hide any that touch (see the
    module).  Texts whose item is hidden are left alone and take no room."""
    todo = []
    for t in texts:
        if not t.item.visible():
            t.rect = None
        elif t.slot is None or not t.wordings:
            _show(t, "", LEGIBLE_PX, None)
        else:
            todo.append(t)
    if not todo:
        return
    points = []
    for t in todo:
        slot = t.slot
        assert slot is not None
        c = np.asarray(slot.centre)
        points += [c, c + slot.across, c + slot.up]
    screen = picking.project_points(np.array(points), width, height, projection, view).reshape(-1, 3, 2)
    rooms = [(across - centre, up - centre) for centre, across, up in screen]
    picks = [_wording(t, a, b) for t, (a, b) in zip(todo, rooms)]
    shortest: dict[Hashable, int] = {}  # a group's texts are all worded alike: the shortest any needs
    for t, pick in zip(todo, picks):
        if t.group is not None and pick is not None:
            shortest[t.group] = max(shortest.get(t.group, 0), pick[0])
    choices: list[tuple[str, int] | None] = []
    for t, pick, (a, b) in zip(todo, picks, rooms):
        if pick is not None and t.group is not None and shortest[t.group] > pick[0]:
            text = t.wordings[min(shortest[t.group], len(t.wordings) - 1)]
            pixels = _size(t, text, a, b)
            pick = None if pixels is None or pixels < SMALLEST_PX else (shortest[t.group], text, pixels)
        choices.append(None if pick is None else (pick[1], pick[2]))
    smallest: dict[Hashable, int] = {}
    for t, choice in zip(todo, choices):
        if t.group is not None and choice is not None:
            smallest[t.group] = min(smallest.get(t.group, LARGEST_PX), choice[1])
    placed: list[QRectF] = []
    for t, choice, (centre, _, _) in sorted(zip(todo, choices, screen), key=lambda row: -row[0].priority):
        if choice is None:
            _show(t, "", LEGIBLE_PX, None)
            continue
        text, pixels = choice
        if t.group is not None:
            pixels = smallest[t.group]
        rect = drawn_rect(text, pixels, t.bold, float(centre[0]), float(centre[1]))
        touching = any(rect.intersects(other) for other in placed)
        while touching and pixels > SMALLEST_PX:
            pixels = max(SMALLEST_PX, int(pixels * 0.85))
            rect = drawn_rect(text, pixels, t.bold, float(centre[0]), float(centre[1]))
            touching = any(rect.intersects(other) for other in placed)
        if touching:
            _show(t, "", pixels, None)
            continue
        placed.append(rect)
        _show(t, text, pixels, rect)


def _wording(t: FittedText, a: np.ndarray, b: np.ndarray) -> tuple[int, str, int] | None:
    """The longest wording legible in the slot, at the largest size that fits, or the shortest
    at a small size, or None when even that does not fit: (its index in `t.wordings`, it, size)."""
    last: tuple[int, str, int] | None = None
    for i, text in enumerate(t.wordings):
        pixels = _size(t, text, a, b)
        if pixels is None:
            continue
        if pixels >= LEGIBLE_PX:
            return i, text, pixels
        last = (i, text, pixels)
    if last is not None and last[2] >= SMALLEST_PX:
        return last
    return None


def _size(t: FittedText, text: str, a: np.ndarray, b: np.ndarray) -> int | None:
    """The largest size at which `text` fits in the slot spanned by screen vectors a and b
    (None for a text without ink)."""
    _, _, w, h = ink(text, REFERENCE_PX, t.bold)
    if w <= 0 or h <= 0:
        return None
    return min(LARGEST_PX, int(REFERENCE_PX * _room(a, b, w / h) / h))


def _show(t: FittedText, text: str, pixels: int, rect: QRectF | None) -> None:
    t.item.text = text
    t.item.font = label_font(pixels, t.bold)
    t.rect = rect


def _state(t: FittedText) -> tuple[object, ...]:
    """Everything of `t` a fit reads or writes (its item's text and font included, so that a
    text set from outside since the last fit is fitted again)."""
    item = t.item
    return (t, t.wordings, t.slot, t.priority, t.group, t.bold, item.visible(), item.text, id(item.font))


class BoardTexts:
    """The fitted texts of one board, laid out for the view before every frame (a paint hook
    of the scene from `__init__` until `remove()`); `extra()` adds texts the board keeps
    elsewhere (the labels of its cards).  A frame drawn with the same camera, size and texts as
    the last (an animation, a highlight) keeps the last layout instead of working it out again."""

    def __init__(self, scene: Scene, extra: Callable[[], Sequence[FittedText]] | None = None) -> None:
        self.scene = scene
        self.extra = extra
        self.texts: list[FittedText] = []
        self._fitted: tuple[object, ...] | None = None  # what the last fit saw, and left
        self.fits = 0  # layouts worked out (for tests)
        scene.add_paint_hook(self.fit)

    def add(self, item: GLTextItem, priority: int = 0, bold: bool = True) -> FittedText:
        """`item` (in the scene already) as a fitted text; `set()` gives its wordings and slot."""
        text = FittedText(item, bold, priority)
        self.texts.append(text)
        return text

    def all(self) -> list[FittedText]:
        return self.texts + list(self.extra() if self.extra is not None else ())

    def fit(self) -> None:
        texts = self.all()
        projection, view = self.scene.camera_matrices()
        camera = (self.scene.width(), self.scene.height(), projection.tobytes(), view.tobytes())
        if self._fitted is not None and self._fitted == (camera, *(_state(t) for t in texts)):
            return
        self.scene.fit_texts(texts)
        self.fits += 1
        self._fitted = (camera, *(_state(t) for t in texts))

    def remove(self) -> None:
        self.scene.remove_paint_hook(self.fit)
