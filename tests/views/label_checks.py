"""Where the texts of a board are drawn on screen, worked out independently of the layout code:
every text is a GLTextItem centred on its projected position by its font's integer tight
bounds (GLTextItem.align_text), so its ink covers that rectangle."""

from __future__ import annotations

import itertools

from pyqtgraph.opengl import GLTextItem
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontMetrics

from marblestudio.views.board.scene import Scene


def drawn_texts(scene: Scene) -> list[tuple[str, QRectF]]:
    """(text, rectangle on screen) of every text the scene draws now."""
    out = []
    for item in scene.items:
        if isinstance(item, GLTextItem) and item.visible() and item.text:
            px, py, pz = (float(v) for v in item.pos)
            x, y = scene.screen_position((px, py, pz))
            tight = QFontMetrics(item.font).tightBoundingRect(item.text)
            left, baseline = x - tight.width() / 2, y + tight.height() / 2
            out.append((item.text, QRectF(left + tight.x(), baseline + tight.y(), tight.width(), tight.height())))
    return out


def overlaps(texts: list[tuple[str, QRectF]]) -> list[tuple[str, str]]:
    """The pairs of texts whose rectangles intersect."""
    return [(a, b) for (a, ra), (b, rb) in itertools.combinations(texts, 2) if ra.intersects(rb)]
