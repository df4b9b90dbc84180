"""Drawing a scene's items in one pass: the lit meshes and the texts, with shared GL state.

pyqtgraph draws each item on its own: a mesh looks up its shader's attributes, binds and
describes its buffers and sets the GL options again, about thirty calls through PyOpenGL per
item; a `GLTextItem` opens a QPainter on the widget for every text at every frame.  On a
software renderer the Python work of a board of a hundred items then costs more than the
pixels.  `Renderer` draws the same items the same way, with less work per item:

- a mesh in the scene's lit shader keeps a vertex array object (its buffers described once,
  made again only when pyqtgraph uploads new data), and the shader and the GL options are set
  only when they change from one item to the next;
- a text is drawn from a texture of its words, made once per text and font (`TextTextures`),
  as one quad in its colour, where its QPainter would have drawn it.

Any other item (a label plate, a plug-in's own item) is drawn by its own `paint()`.
"""

from __future__ import annotations

import ctypes
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

import numpy as np
from OpenGL import GL
from OpenGL.GL import shaders as gl_shaders
from pyqtgraph.opengl import GLMeshItem, GLTextItem
from pyqtgraph.opengl.GLGraphicsItem import GLOptions
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QMatrix4x4, QPainter, QVector3D

_OPAQUE = GLOptions["opaque"]
_TRANSLUCENT = GLOptions["translucent"]
_TEXT_VERTEX = """
attribute vec2 a_corner;
uniform vec4 u_rect;
varying vec2 v_uv;
void main() {
    v_uv = a_corner;
    gl_Position = vec4(mix(u_rect.xy, u_rect.zw, a_corner), 0.0, 1.0);
}
"""
_TEXT_FRAGMENT = """
#ifdef GL_ES
precision mediump float;
#endif
uniform sampler2D u_texture;
uniform vec4 u_color;
varying vec2 v_uv;
void main() {
    gl_FragColor = vec4(u_color.rgb, u_color.a * texture2D(u_texture, v_uv).a);
}
"""
TEXTURES_KEPT = 400  # text textures kept per scene (the labels' sizes change as the view zooms)


def _gl_options(item: Any) -> Any:
    return item._GLGraphicsItem__glOpts  # noqa: SLF001 - pyqtgraph keeps them private


class _Glyphs:
    """A text drawn once into an image: its texture and where its baseline starts in it."""

    __slots__ = ("height", "origin_x", "origin_y", "texture", "width")

    def __init__(self, texture: int, width: int, height: int, origin_x: float, origin_y: float) -> None:
        self.texture = texture
        self.width = width
        self.height = height
        self.origin_x = origin_x
        self.origin_y = origin_y


class TextTextures:
    """Textures of texts, one per (text, font, pixel ratio), made in the current GL context."""

    def __init__(self) -> None:
        self._kept: OrderedDict[tuple[str, str, float, int], _Glyphs] = OrderedDict()
        self.made = 0  # textures made so far (for tests and benchmarks)

    def get(self, text: str, font: QFont, ratio: float, dpi: int) -> _Glyphs:
        key = (text, font.key(), ratio, dpi)
        glyphs = self._kept.get(key)
        if glyphs is not None:
            self._kept.move_to_end(key)
            return glyphs
        glyphs = self._make(text, font, ratio, dpi)
        self._kept[key] = glyphs
        self.made += 1
        while len(self._kept) > TEXTURES_KEPT:
            _, old = self._kept.popitem(last=False)
            GL.glDeleteTextures([old.texture])
        return glyphs

    @staticmethod
    def _make(text: str, font: QFont, ratio: float, dpi: int) -> _Glyphs:
        """White text, antialiased in grey levels, on a transparent image as large as its ink
        and a margin; `dpi` is the view's, so that a font sized in points matches its QPainter."""
        dots = round(dpi / 0.0254)
        probe = QImage(1, 1, QImage.Format.Format_RGBA8888_Premultiplied)
        probe.setDotsPerMeterX(dots)
        probe.setDotsPerMeterY(dots)
        box = QFontMetricsF(font, probe).boundingRect(text)
        margin = 2
        width = max(1, int(np.ceil((box.width() + 2 * margin) * ratio)))
        height = max(1, int(np.ceil((box.height() + 2 * margin) * ratio)))
        image = QImage(width, height, QImage.Format.Format_RGBA8888_Premultiplied)
        image.setDotsPerMeterX(dots)
        image.setDotsPerMeterY(dots)
        image.setDevicePixelRatio(ratio)
        image.fill(Qt.GlobalColor.transparent)
        origin = QPointF(margin - box.x(), margin - box.y())  # the baseline's start, in logical pixels
        grey = QFont(font)
        grey.setStyleStrategy(QFont.StyleStrategy(grey.styleStrategy() | QFont.StyleStrategy.NoSubpixelAntialias))
        painter = QPainter(image)
        painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        painter.setFont(grey)
        painter.setPen(QColor(255, 255, 255))
        painter.drawText(origin, text)
        painter.end()
        pixels = np.frombuffer(image.constBits(), dtype=np.uint8, count=image.sizeInBytes())
        pixels = np.ascontiguousarray(pixels.reshape(height, image.bytesPerLine())[:, : width * 4])
        texture = int(GL.glGenTextures(1))
        GL.glBindTexture(GL.GL_TEXTURE_2D, texture)
        for name, value in ((GL.GL_TEXTURE_MIN_FILTER, GL.GL_NEAREST), (GL.GL_TEXTURE_MAG_FILTER, GL.GL_NEAREST),
                            (GL.GL_TEXTURE_WRAP_S, GL.GL_CLAMP_TO_EDGE), (GL.GL_TEXTURE_WRAP_T, GL.GL_CLAMP_TO_EDGE)):
            GL.glTexParameteri(GL.GL_TEXTURE_2D, name, value)
        GL.glPixelStorei(GL.GL_UNPACK_ALIGNMENT, 4)
        GL.glTexImage2D(GL.GL_TEXTURE_2D, 0, GL.GL_RGBA, width, height, 0, GL.GL_RGBA, GL.GL_UNSIGNED_BYTE, pixels)
        GL.glBindTexture(GL.GL_TEXTURE_2D, 0)
        return _Glyphs(texture, width, height, origin.x(), origin.y())

    def clear(self) -> None:
        """Forget every texture (their context is gone, or is current now)."""
        self._kept.clear()


class Renderer:
    """Draws a scene's items (see the module); one per scene, used inside its GL context."""

    def __init__(self, shader: Any) -> None:
        self.shader = shader  # the scene's lit ShaderProgram: meshes in it take the fast path
        self.texts = TextTextures()
        self._context_key: object = None
        self._mesh_locations: tuple[int, int, int, int, int] | None = None
        self._program = 0
        self._text_program = 0
        self._text_locations: tuple[int, int, int, int] = (0, 0, 0, 0)
        self._quad = 0
        self._state: object = None  # the GL options set now ("opaque", "translucent", "text", or None)
        self._vaos_to_delete: list[int] = []

    def new_context(self) -> None:
        """The scene's GL context is new: every GL object is to be made again."""
        self._context_key = object()
        self._mesh_locations = None
        self._program = 0
        self._text_program = 0
        self._quad = 0
        self._vaos_to_delete.clear()
        self.texts.clear()

    def forget(self, item: Any) -> None:
        """`item` left the scene: its vertex array is deleted at the next frame."""
        vao = getattr(item, "_marble_vao", None)
        if vao is not None and vao[0] is self._context_key:
            self._vaos_to_delete.append(vao[1])
        if vao is not None:
            item._marble_vao = None

    # The frame --------------------------------------------------------------------------------
    def draw(self, view: Any, items: Sequence[Any], projection: QMatrix4x4, view_matrix: QMatrix4x4) -> None:
        """Draw `items` (top level, visible, in drawing order) as pyqtgraph's `drawItemTree` would."""
        if self._vaos_to_delete:
            GL.glDeleteVertexArrays(len(self._vaos_to_delete), self._vaos_to_delete)
            self._vaos_to_delete.clear()
        self._state = None
        self._used = 0  # 1: the lit program is bound, 2: the text program
        try:
            for item in items:
                modelview = view_matrix * item.transform()
                if isinstance(item, GLMeshItem) and item.opts["shader"] is self.shader and not item.opts["drawEdges"]:
                    self._draw_mesh(item, projection, modelview)
                elif isinstance(item, GLTextItem):
                    self._draw_text(view, item, projection * modelview)
                else:
                    self._unbind()
                    view._modelViewStack.append(modelview)
                    try:
                        if item.childItems():
                            view.drawItemTree(item)
                        else:
                            item.paint()
                    finally:
                        view._modelViewStack.pop()
                    self._state = None
        finally:
            self._unbind()

    def _unbind(self) -> None:
        if self._used:
            GL.glBindVertexArray(0)
            GL.glBindBuffer(GL.GL_ARRAY_BUFFER, 0)
            GL.glUseProgram(0)
            self._used = 0

    def _set_state(self, item: Any) -> None:
        options = _gl_options(item)
        state = "opaque" if options == _OPAQUE else "translucent" if options == _TRANSLUCENT else None
        if state is None or state != self._state:
            item.setupGLState()
            self._state = state

    # Meshes -------------------------------------------------------------------------------------
    def _draw_mesh(self, item: Any, projection: QMatrix4x4, modelview: QMatrix4x4) -> None:
        dirty = item.parseMeshData()
        if dirty:
            GL.glBindVertexArray(0)
            item.upload_vertex_buffers(dirty)
            item._marble_vao = None
        if item.vertexes is None or not item.opts["drawFaces"]:
            return
        self._set_state(item)
        if self._used != 1:
            if self._mesh_locations is None:
                self._program = self.shader.program()
                program = self._program
                self._mesh_locations = (
                    GL.glGetAttribLocation(program, "a_position"),
                    GL.glGetAttribLocation(program, "a_normal"),
                    GL.glGetAttribLocation(program, "a_color"),
                    GL.glGetUniformLocation(program, "u_mvp"),
                    GL.glGetUniformLocation(program, "u_normal"),
                )
            GL.glUseProgram(self._program)
            self._used = 1
        assert self._mesh_locations is not None
        a_position, a_normal, a_color, u_mvp, u_normal = self._mesh_locations
        vao = item._marble_vao if hasattr(item, "_marble_vao") else None
        if vao is None or vao[0] is not self._context_key:
            vao = (self._context_key, self._make_vao(item, a_position, a_normal, a_color))
            item._marble_vao = vao
        GL.glBindVertexArray(vao[1])
        if item.colors is None and a_color != -1:
            color = item.opts["color"]
            if isinstance(color, QColor):
                color = color.getRgbF()
            GL.glVertexAttrib4f(a_color, *color)
        if item.normals is None and a_normal != -1:
            GL.glVertexAttrib3f(a_normal, 0.0, 0.0, 1.0)
        GL.glUniformMatrix4fv(u_mvp, 1, False, np.array((projection * modelview).data(), dtype=np.float32))
        if u_normal != -1:
            GL.glUniformMatrix3fv(u_normal, 1, False, np.array(modelview.normalMatrix().data(), dtype=np.float32))
        if item.faces is None:
            GL.glDrawArrays(GL.GL_TRIANGLES, 0, item.vertexes.size // 3)
        else:
            GL.glDrawElements(GL.GL_TRIANGLES, item.faces.size, GL.GL_UNSIGNED_INT, None)

    @staticmethod
    def _make_vao(item: Any, a_position: int, a_normal: int, a_color: int) -> int:
        """A vertex array describing `item`'s buffers (its face indexes included)."""
        vao = int(GL.glGenVertexArrays(1))
        GL.glBindVertexArray(vao)
        for location, buffer, array, size in (
            (a_position, item.m_vbo_position, item.vertexes, 3),
            (a_normal, item.m_vbo_normal, item.normals, 3),
            (a_color, item.m_vbo_color, item.colors, 4),
        ):
            if location == -1 or array is None:
                continue
            GL.glBindBuffer(GL.GL_ARRAY_BUFFER, buffer.bufferId())
            if array.dtype == np.uint8:
                GL.glVertexAttribPointer(location, size, GL.GL_UNSIGNED_BYTE, True, 0, None)
            else:
                GL.glVertexAttribPointer(location, size, GL.GL_FLOAT, False, 0, None)
            GL.glEnableVertexAttribArray(location)
        if item.faces is not None:
            GL.glBindBuffer(GL.GL_ELEMENT_ARRAY_BUFFER, item.m_ibo_faces.bufferId())
        GL.glBindVertexArray(0)
        GL.glBindBuffer(GL.GL_ARRAY_BUFFER, 0)
        GL.glBindBuffer(GL.GL_ELEMENT_ARRAY_BUFFER, 0)
        return vao

    # Texts ----------------------------------------------------------------------------------------
    def _draw_text(self, view: Any, item: Any, mvp: QMatrix4x4) -> None:
        text = item.text
        if not text:
            return
        width, height = max(view.width(), 1), max(view.height(), 1)
        ndc = mvp.map(QVector3D(float(item.pos[0]), float(item.pos[1]), float(item.pos[2])))
        x = (ndc.x() + 1.0) * 0.5 * width
        y = (1.0 - ndc.y()) * 0.5 * height
        dx, dy = _alignment_shift(text, item.font, item.alignment)
        ratio = view.devicePixelRatioF()
        glyphs = self.texts.get(text, item.font, ratio, view.logicalDpiY())
        # the baseline starts at (x - dx, y + dy), as GLTextItem.align_text puts it; whole device pixels
        left = round((x - dx - glyphs.origin_x) * ratio)
        top = round((y + dy - glyphs.origin_y) * ratio)
        w_px, h_px = width * ratio, height * ratio
        x0, x1 = 2.0 * left / w_px - 1.0, 2.0 * (left + glyphs.width) / w_px - 1.0
        y0, y1 = 1.0 - 2.0 * top / h_px, 1.0 - 2.0 * (top + glyphs.height) / h_px
        if self._state != "text":
            GL.glDisable(GL.GL_DEPTH_TEST)
            GL.glDisable(GL.GL_CULL_FACE)
            GL.glEnable(GL.GL_BLEND)
            GL.glBlendFunc(GL.GL_SRC_ALPHA, GL.GL_ONE_MINUS_SRC_ALPHA)
            self._state = "text"
        if self._used != 2:
            self._bind_text_program()
        _, u_rect, u_color, _ = self._text_locations
        colour = item.color if isinstance(item.color, QColor) else QColor(item.color)
        GL.glBindTexture(GL.GL_TEXTURE_2D, glyphs.texture)
        GL.glUniform4f(u_rect, x0, y0, x1, y1)
        GL.glUniform4f(u_color, colour.redF(), colour.greenF(), colour.blueF(), colour.alphaF())
        GL.glDrawArrays(GL.GL_TRIANGLE_STRIP, 0, 4)

    def _bind_text_program(self) -> None:
        if not self._text_program:
            program = gl_shaders.compileProgram(
                gl_shaders.compileShader(_TEXT_VERTEX, GL.GL_VERTEX_SHADER),
                gl_shaders.compileShader(_TEXT_FRAGMENT, GL.GL_FRAGMENT_SHADER),
                validate=False,
            )
            self._text_program = int(program)
            a_corner = GL.glGetAttribLocation(program, "a_corner")
            self._text_locations = (
                a_corner,
                GL.glGetUniformLocation(program, "u_rect"),
                GL.glGetUniformLocation(program, "u_color"),
                GL.glGetUniformLocation(program, "u_texture"),
            )
            corners = np.array([0, 0, 1, 0, 0, 1, 1, 1], dtype=np.float32)
            self._quad = int(GL.glGenVertexArrays(1))
            GL.glBindVertexArray(self._quad)
            buffer = int(GL.glGenBuffers(1))
            GL.glBindBuffer(GL.GL_ARRAY_BUFFER, buffer)
            GL.glBufferData(GL.GL_ARRAY_BUFFER, corners.nbytes, corners, GL.GL_STATIC_DRAW)
            GL.glVertexAttribPointer(a_corner, 2, GL.GL_FLOAT, False, 0, ctypes.c_void_p(0))
            GL.glEnableVertexAttribArray(a_corner)
            GL.glBindVertexArray(0)
            GL.glBindBuffer(GL.GL_ARRAY_BUFFER, 0)
        GL.glUseProgram(self._text_program)
        GL.glUniform1i(self._text_locations[3], 0)
        GL.glActiveTexture(GL.GL_TEXTURE0)
        GL.glBindVertexArray(self._quad)
        self._used = 2


_SHIFTS: dict[tuple[str, str, int], tuple[float, float]] = {}


def _alignment_shift(text: str, font: QFont, alignment: Any) -> tuple[float, float]:
    """How far GLTextItem moves a text from its point for `alignment` (its `align_text`)."""
    flags = int(alignment.value) if hasattr(alignment, "value") else int(alignment)
    key = (text, font.key(), flags)
    shift = _SHIFTS.get(key)
    if shift is None:
        from PySide6.QtGui import QFontMetrics

        rect = QFontMetrics(font).tightBoundingRect(text)
        dx = dy = 0.0
        if flags & Qt.AlignmentFlag.AlignRight.value:
            dx = rect.width()
        if flags & Qt.AlignmentFlag.AlignHCenter.value:
            dx = rect.width() / 2.0
        if flags & Qt.AlignmentFlag.AlignTop.value:
            dy = rect.height()
        if flags & Qt.AlignmentFlag.AlignVCenter.value:
            dy = rect.height() / 2.0
        if len(_SHIFTS) > 20000:
            _SHIFTS.clear()
        shift = _SHIFTS[key] = (dx, dy)
    return shift
