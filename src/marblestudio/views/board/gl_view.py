"""A pyqtgraph 3D view that draws into a native OpenGL window instead of a QOpenGLWidget.

A QOpenGLWidget draws into a texture that Qt then composes with the rest of its top-level
window at every frame: on Mesa's software renderer that composition (the window's backing store
and the texture blended into a full-window frame, then the whole window copied to the screen)
costs about as much as drawing the board.  `GLView` is a plain widget holding a native child
window (`QWidget.createWindowContainer`) that the scene draws into directly and swaps: nothing
else of the window is redrawn.

The widget keeps the QOpenGLWidget calls the app uses: `makeCurrent()`, `doneCurrent()`,
`context()`, `isValid()`, `update()`, `repaint()` (draws now), `grabFramebuffer()` (draws into an
image, on screen or not) and the `initializeGL()`/`paintGL()` hooks.  The camera, the items and
the mouse controls are pyqtgraph's `GLViewMixin`, on the widget itself.  The native window lets
the mouse through to the widget (it is transparent for input), so events, event filters,
tooltips and focus work as on any widget.  A widget never shown on screen (a render, a
thumbnail: `WA_DontShowOnScreen`) has no native window at all: it draws into an off-screen
surface when asked for an image.

While the view has the keyboard focus a frame in the palette's highlight colour is drawn round
its edge (`FOCUS_FRAME` pixels wide), in GL, since the native window covers the widget's own
painting: a keyboard user sees where the keys go.
"""

from __future__ import annotations

import logging
from typing import Any

from OpenGL import GL
from pyqtgraph.opengl.GLViewWidget import GLViewMixin
from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QFocusEvent, QImage, QOffscreenSurface, QPalette, QOpenGLContext, QResizeEvent, QShowEvent, QSurface, QSurfaceFormat, QWindow
from PySide6.QtOpenGL import QOpenGLFramebufferObject
from PySide6.QtWidgets import QWidget


log = logging.getLogger(__name__)
FOCUS_FRAME = 3
"""Width of the focus frame, in device pixels."""


def surface_format() -> QSurfaceFormat:
    """The format of every scene: the default one, with a depth buffer."""
    fmt = QSurfaceFormat.defaultFormat()
    fmt.setDepthBufferSize(max(24, fmt.depthBufferSize()))
    fmt.setStencilBufferSize(max(8, fmt.stencilBufferSize()))
    return fmt


class _Surface(QWindow):
    """The native window a `GLView` draws into; input goes through it to the widget."""

    def __init__(self, view: GLView, parent: QWindow | None) -> None:
        super().__init__(parent)  # a parent window: Qt owns it, as the container it goes into expects
        self.view = view
        self.setSurfaceType(QSurface.SurfaceType.OpenGLSurface)
        self.setFormat(surface_format())
        self.setFlags(self.flags() | Qt.WindowType.WindowTransparentForInput | Qt.WindowType.WindowDoesNotAcceptFocus)

    def exposeEvent(self, ev: Any) -> None:  # noqa: N802 - Qt's name
        if self.isExposed():
            self.view.draw_now()

    def event(self, ev: QEvent) -> bool:
        if ev.type() == QEvent.Type.UpdateRequest:
            if self.isExposed():
                self.view.draw_now()
            return True
        return super().event(ev)


class GLView(GLViewMixin, QWidget):  # type: ignore[misc]
    """A pyqtgraph GL view drawn in a native child window (see the module)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        self._context: QOpenGLContext | None = None
        self._offscreen: QOffscreenSurface | None = None
        self._surface: _Surface | None = None
        self._container: QWidget | None = None
        self._fbo: QOpenGLFramebufferObject | None = None
        self._initialized = False
        self._no_gl = False  # no OpenGL context could be made: nothing is drawn
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)

    # The QOpenGLWidget calls ----------------------------------------------------------------
    def devicePixelRatioF(self) -> float:  # noqa: N802 - Qt's name
        if self._surface is not None:
            return float(self._surface.devicePixelRatio())
        return float(super().devicePixelRatioF())

    def context(self) -> QOpenGLContext | None:
        return self._context

    def isValid(self) -> bool:  # noqa: N802 - Qt's name
        return self._initialized

    def surface(self) -> QWindow | None:
        """The native window the view draws into (None while it has never been on screen)."""
        return self._surface

    def _on_screen(self) -> bool:
        return self._surface is not None and self._surface.isExposed()

    def makeCurrent(self) -> None:  # noqa: N802 - Qt's name
        """Make the view's context current: on its window when it is on screen, else off screen."""
        if self._context is None:
            self._context = QOpenGLContext(self)
            self._context.setFormat(surface_format())
            share = QOpenGLContext.globalShareContext()
            if share is not None:
                self._context.setShareContext(share)
            if not self._context.create():
                raise RuntimeError("no OpenGL context could be created for the 3D view")
        surface: QSurface
        if self._on_screen():
            assert self._surface is not None
            surface = self._surface
        else:
            if self._offscreen is None:
                self._offscreen = QOffscreenSurface(self.screen())
                self._offscreen.setFormat(self._context.format())
                self._offscreen.create()
            surface = self._offscreen
        if not self._context.makeCurrent(surface):
            raise RuntimeError("the 3D view's OpenGL context could not be made current")
        if not self._initialized:
            self._initialized = True
            self.initializeGL()

    def doneCurrent(self) -> None:  # noqa: N802 - Qt's name
        if self._context is not None:
            self._context.doneCurrent()

    def update(self, *args: Any) -> None:
        """Draw again soon (once, however often this is called before the frame)."""
        if args:
            QWidget.update(self, *args)
        elif self._surface is not None and self._surface.isExposed():
            self._surface.requestUpdate()

    def repaint(self, *args: Any) -> None:
        """Draw now, on screen when the view is shown there."""
        if args:
            QWidget.repaint(self, *args)
        else:
            self.draw_now()

    def draw_now(self) -> None:
        """Draw a frame now: on the view's window when it is on screen, else into its image.
        Without OpenGL (a platform that has none) it draws nothing and says so once in the log."""
        if self._no_gl:
            return
        try:
            self._draw_now()
        except RuntimeError as exc:
            self._no_gl = True
            log.warning("the 3D view cannot draw: %s", exc)

    def _draw_now(self) -> None:
        if self._on_screen():
            assert self._surface is not None
            self.makeCurrent()
            assert self._context is not None
            ratio = self._surface.devicePixelRatio()
            GL.glBindFramebuffer(GL.GL_FRAMEBUFFER, self._context.defaultFramebufferObject())
            size = QSize(round(self.width() * ratio), round(self.height() * ratio))
            GL.glViewport(0, 0, size.width(), size.height())
            self.paintGL()
            self._draw_focus_frame(size)
            self._context.swapBuffers(self._surface)
        elif self.isVisible():
            self._draw_off_screen()

    def _draw_off_screen(self) -> QOpenGLFramebufferObject:
        """Draw into the view's off-screen framebuffer (made again when the size changes)."""
        ratio = self.devicePixelRatioF()
        size = QSize(max(1, round(self.width() * ratio)), max(1, round(self.height() * ratio)))
        self.makeCurrent()
        if self._fbo is None or self._fbo.size() != size:
            self._fbo = QOpenGLFramebufferObject(size, QOpenGLFramebufferObject.Attachment.CombinedDepthStencil)
        self._fbo.bind()
        GL.glViewport(0, 0, size.width(), size.height())
        self.paintGL()
        self._draw_focus_frame(size)
        return self._fbo

    def _draw_focus_frame(self, size: QSize) -> None:
        """The focus frame round the frame just drawn, when the view has the keyboard focus."""
        if not self.hasFocus():
            return
        colour = self.palette().color(QPalette.ColorRole.Highlight)
        w, h, k = size.width(), size.height(), FOCUS_FRAME
        GL.glEnable(GL.GL_SCISSOR_TEST)
        GL.glClearColor(colour.redF(), colour.greenF(), colour.blueF(), 1.0)
        for x, y, sw, sh in ((0, 0, w, k), (0, h - k, w, k), (0, 0, k, h), (w - k, 0, k, h)):
            GL.glScissor(x, y, sw, sh)
            GL.glClear(GL.GL_COLOR_BUFFER_BIT)
        GL.glDisable(GL.GL_SCISSOR_TEST)

    def focusInEvent(self, ev: QFocusEvent) -> None:  # noqa: N802 - Qt's name
        super().focusInEvent(ev)
        self.update()  # draws the focus frame

    def focusOutEvent(self, ev: QFocusEvent) -> None:  # noqa: N802 - Qt's name
        super().focusOutEvent(ev)
        self.update()

    def grabFramebuffer(self) -> QImage:  # noqa: N802 - Qt's name
        """The view drawn now into an image of its size (on screen or not)."""
        fbo = self._draw_off_screen()
        image = fbo.toImage()
        fbo.release()
        if self._on_screen():  # keep no second framebuffer for a view drawn on screen
            self._fbo = None
        image.setDevicePixelRatio(self.devicePixelRatioF())
        return image

    # The native window ----------------------------------------------------------------------------
    def showEvent(self, ev: QShowEvent) -> None:
        super().showEvent(ev)
        if self._container is None and not self.window().testAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen):
            self._surface = _Surface(self, self.window().windowHandle())
            self._container = QWidget.createWindowContainer(self._surface, self)
            self._container.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            self._container.setMouseTracking(True)  # moves without a button reach the view too
            self._container.setGeometry(self.rect())
            self._container.show()

    def resizeEvent(self, ev: QResizeEvent) -> None:
        super().resizeEvent(ev)
        if self._container is not None:
            self._container.setGeometry(self.rect())

    def paintEvent(self, ev: Any) -> None:  # noqa: N802 - the native window covers the widget
        pass

