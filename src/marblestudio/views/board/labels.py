"""Text for a board: printed on a flat plate (one texture, one draw call), pinned labels, or
one centred `GLTextItem` in the boards' common font.

`LabelPlate` paints its texts once into an image that lies flat on the table, like print on a
real board; it costs one textured quad per frame.  `Labels` pins texts to points and keeps
facing the camera, but opens a QPainter each frame, which is slow on a software renderer.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from OpenGL import GL
from OpenGL.GL import shaders
from pyqtgraph.opengl import GLGraphicsItem, GLImageItem, GLTextItem
from pyqtgraph.opengl.items.GLImageItem import SHADER_CORE, SHADER_LEGACY
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QImage, QMatrix4x4, QOpenGLContext, QPainter, QVector3D
from PySide6.QtOpenGL import QOpenGLBuffer

Label = tuple[tuple[float, float, float], str, QColor | None]

FONT_FAMILY = "DejaVu Sans"
WHITE_TEXT = (255, 255, 255, 255)


def font(size: int, bold: bool = True) -> QFont:
    """The boards' font at `size` points (bold unless told otherwise)."""
    f = QFont(FONT_FAMILY, size)
    f.setBold(bold)
    return f


def centred_text(
    qfont: QFont,
    colour: tuple[int, int, int, int] = WHITE_TEXT,
    text: str = "",
    pos: tuple[float, float, float] = (0.0, 0.0, 0.0),
) -> GLTextItem:
    """A text item centred on `pos` both ways (not yet added to the scene)."""
    item = GLTextItem(pos=pos, text=text, color=colour, font=qfont)
    item.setData(alignment=Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter)
    return item


class LabelPlate(GLImageItem):  # type: ignore[misc]  # pyqtgraph has no type stubs
    """An opaque plate from (x0, y0) to (x1, y1) at height z with texts printed on it."""

    def __init__(
        self,
        rect: tuple[float, float, float, float],
        z: float,
        background: QColor,
        texts: Sequence[tuple[tuple[float, float], str, QColor, float]],
        pixels_per_unit: int = 64,
    ) -> None:
        """`texts`: (centre (x, y), text, colour, height in world units) each."""
        x0, y0, x1, y1 = rect
        width, height = round((x1 - x0) * pixels_per_unit), round((y1 - y0) * pixels_per_unit)
        image = QImage(width, height, QImage.Format.Format_RGBA8888)
        image.fill(background)
        painter = QPainter(image)
        painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        for (x, y), text, colour, size in texts:
            font = QFont("DejaVu Sans")
            font.setPixelSize(max(6, round(size * pixels_per_unit)))
            painter.setFont(font)
            painter.setPen(colour)
            px, py = (x - x0) * pixels_per_unit, (y1 - y) * pixels_per_unit
            box = QRectF(px - 4 * pixels_per_unit, py - pixels_per_unit, 8 * pixels_per_unit, 2 * pixels_per_unit)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
        painter.end()
        pixels = np.frombuffer(image.constBits(), dtype=np.uint8).reshape(height, image.bytesPerLine() // 4, 4)[:, :width]
        data = np.ascontiguousarray(pixels[::-1].transpose(1, 0, 2))  # GLImageItem wants (x, y, RGBA), y up
        super().__init__(data, smooth=False, glOptions="opaque")
        self.scale(1.0 / pixels_per_unit, 1.0 / pixels_per_unit, 1.0)
        self.translate(x0, y0, z)
        self._context: object = None
        self._programs: dict[int, int] = {}

    def getShaderProgram(self) -> int:  # noqa: N802 - pyqtgraph's name; one program per context
        context = QOpenGLContext.currentContext()
        key = id(context)
        if key not in self._programs:
            fmt = context.format()
            core = not context.isOpenGLES() and fmt.version() >= (3, 1)
            version = "#version 140\n" if core else ""
            sources = SHADER_CORE if core else SHADER_LEGACY
            compiled = [shaders.compileShader([version, v], k) for k, v in sources.items()]
            program = shaders.compileProgram(*compiled)
            GL.glBindAttribLocation(program, 0, "a_position")
            GL.glBindAttribLocation(program, 1, "a_texcoord")
            GL.glLinkProgram(program)
            self._programs[key] = program
        return self._programs[key]

    def paint(self) -> None:
        context = QOpenGLContext.currentContext()
        if context is not self._context:  # a new context (first paint, or the widget moved)
            self._context = context
            self.texture = None
            self.m_vbo_position = QOpenGLBuffer(QOpenGLBuffer.Type.VertexBuffer)
            self._needUpdate = True
        super().paint()


class Labels(GLGraphicsItem.GLGraphicsItem):  # type: ignore[misc]  # pyqtgraph has no type stubs
    """Texts centred on world points, facing the camera; `set_labels` replaces them all."""

    def __init__(self, font: QFont | None = None, colour: QColor | None = None) -> None:
        super().__init__()
        self.font = font or QFont("DejaVu Sans", 10)
        self.colour = colour or QColor(230, 230, 230)
        self._labels: list[Label] = []
        self.setGLOptions("additive")

    def set_labels(self, labels: Sequence[Label]) -> None:
        """(point, text, colour or None for the default) per label."""
        self._labels = list(labels)
        self.update()

    def paint(self) -> None:
        view = self.view()
        if not self._labels or view is None:
            return
        rect = QRectF(view.rect())
        viewport = QMatrix4x4()
        viewport.viewport(rect.left(), rect.bottom(), rect.width(), -rect.height())
        project = viewport * self.mvpMatrix()
        metrics = QFontMetrics(self.font)
        painter = QPainter(view)
        painter.setFont(self.font)
        painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        for point, text, colour in self._labels:
            at = project.map(QVector3D(*point)).toPointF()
            box = metrics.tightBoundingRect(text)
            painter.setPen(colour or self.colour)
            painter.drawText(QPointF(at.x() - box.width() / 2, at.y() + box.height() / 2), text)
        painter.end()
