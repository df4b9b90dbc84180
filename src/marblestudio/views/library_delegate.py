"""How the library draws its rows: a game's heading, or a ruleset with its board's picture.

A ruleset row shows the thumbnail (or a placeholder while it is drawn), the name in bold followed
by a "yours" badge for the user's own files, the players and id, and the description, wrapped to the
list's width.  A file that cannot be loaded shows a warning sign and its problem instead.  The
rows read `ShelfItem` and `ShelfGroup` values from the item roles below; the picture is the
item's decoration (a QPixmap), set when the thumbnail arrives.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPoint, QPointF, QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPalette, QPixmap, QTextLayout, QTextOption
from PySide6.QtWidgets import QListView, QStyle, QStyledItemDelegate, QStyleOptionViewItem

from marblestudio.views.shelf import ShelfGroup, ShelfItem

ITEM_ROLE = Qt.ItemDataRole.UserRole + 1
"""The `ShelfItem` of a ruleset row."""
GROUP_ROLE = Qt.ItemDataRole.UserRole + 2
"""The `ShelfGroup` of a heading row."""
PICTURE_ROLE = Qt.ItemDataRole.UserRole + 3
"""Why a ruleset row has no picture yet: '' while it is being drawn, else the reason."""
COUNT_ROLE = Qt.ItemDataRole.UserRole + 4
"""A heading's count of rulesets, as shown ('3 of 6 rulesets' while filtered)."""

MARGIN = 8
GAP = 12
SPACING = 3
WIDE_THUMB = QSize(160, 120)
NARROW_THUMB = QSize(96, 72)
NARROW_BELOW = 560
"""Below this list width (pixels) the thumbnails are drawn smaller, to leave room for text."""
BADGE = "yours"

Index = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True)
class _Fonts:
    title: QFont
    body: QFont
    small: QFont


def _fonts(base: QFont) -> _Fonts:
    title = QFont(base)
    title.setBold(True)
    title.setPointSizeF(base.pointSizeF() * 1.1)
    small = QFont(base)
    small.setPointSizeF(base.pointSizeF() * 0.9)
    return _Fonts(title, QFont(base), small)


def _blend(a: QColor, b: QColor, share: float) -> QColor:
    """`share` of `a` and the rest of `b`."""
    def mix(x: float, y: float) -> float:
        return share * x + (1 - share) * y

    return QColor.fromRgbF(mix(a.redF(), b.redF()), mix(a.greenF(), b.greenF()), mix(a.blueF(), b.blueF()))


def _problem_colour(palette: QPalette) -> QColor:
    """A red that reads on the palette's background, light or dark."""
    return QColor(255, 120, 110) if palette.color(QPalette.ColorRole.Base).lightness() < 128 else QColor(180, 30, 20)


def text_block(text: str, font: QFont, width: float) -> QTextLayout:
    """`text` laid out in lines of `width` pixels, broken between words, or inside a word too
    long for a line (an id, a JSON pointer); its height is `boundingRect().height()`."""
    block = QTextLayout(text, font)
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    block.setTextOption(option)
    block.beginLayout()
    y = 0.0
    while True:
        line = block.createLine()
        if not line.isValid():
            break
        line.setLineWidth(max(width, 1.0))
        line.setPosition(QPointF(0, y))
        y += line.height()
    block.endLayout()
    return block


def badge_size(font: QFont) -> QSize:
    """The size of the "yours" badge drawn in `font`."""
    metrics = QFontMetrics(font)
    return QSize(metrics.horizontalAdvance(BADGE) + 14, metrics.height() + 2)


class ShelfDelegate(QStyledItemDelegate):
    """Draws the library's headings and ruleset rows (see the module docstring)."""

    def __init__(self, view: QListView) -> None:
        super().__init__(view)
        self.view = view

    def thumb_size(self) -> QSize:
        """The thumbnail's size on screen: smaller when the list is narrow."""
        return WIDE_THUMB if self.view.viewport().width() >= NARROW_BELOW else NARROW_THUMB

    def _text_width(self) -> int:
        return max(self.view.viewport().width() - self.thumb_size().width() - 2 * MARGIN - GAP, 80)

    # Sizes ------------------------------------------------------------------------------------
    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        width = max(self.view.viewport().width(), 1)
        group = index.data(GROUP_ROLE)
        if isinstance(group, ShelfGroup):
            return QSize(width, QFontMetrics(_fonts(option.font).title).height() + 20)
        item = index.data(ITEM_ROLE)
        if not isinstance(item, ShelfItem):
            return super().sizeHint(option, index)
        blocks = self._blocks(item, _fonts(option.font), self._text_width())
        text_height = sum(ceil(block.boundingRect().height()) + SPACING for block in blocks)
        return QSize(width, max(self.thumb_size().height(), text_height) + 2 * MARGIN)

    @staticmethod
    def _blocks(item: ShelfItem, fonts: _Fonts, width: int) -> list[QTextLayout]:
        """The title (with room for the badge of the user's own), the players and id or why it cannot
        be played, and the description or the problem, each wrapped to `width`."""
        title_width = width - (badge_size(fonts.small).width() + 8 if item.mine else 0)
        facts = f"{item.players}  ·  {item.ruleset_id}" if item.playable else "cannot be played"
        body = item.description if item.playable else item.problem
        return [
            text_block(item.title, fonts.title, title_width),
            text_block(facts, fonts.small, width),
            text_block(body, fonts.body, width),
        ]

    # Painting ---------------------------------------------------------------------------------
    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        group = index.data(GROUP_ROLE)
        item = index.data(ITEM_ROLE)
        if isinstance(group, ShelfGroup):
            self._paint_heading(painter, option, index, group)
        elif isinstance(item, ShelfItem):
            self._paint_item(painter, option, index, item)
        else:
            super().paint(painter, option, index)

    def _paint_heading(self, painter: QPainter, option: QStyleOptionViewItem, index: Index, group: ShelfGroup) -> None:
        painter.save()
        fonts = _fonts(option.font)
        rect = option.rect.adjusted(MARGIN, 12, -MARGIN, -4)
        palette = option.palette
        active = QPalette.ColorGroup.Active  # a heading is not enabled (never selected), yet not greyed
        text = palette.color(active, QPalette.ColorRole.Text)
        painter.setFont(fonts.title)
        painter.setPen(text)
        painter.drawText(rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop), group.title)
        title_width = QFontMetrics(fonts.title).horizontalAdvance(group.title)
        count = index.data(COUNT_ROLE) or f"{len(group.items)} ruleset{'s' if len(group.items) != 1 else ''}"
        painter.setFont(fonts.small)
        painter.setPen(_blend(text, palette.color(active, QPalette.ColorRole.Base), 0.55))
        count_rect = QRect(rect.left() + title_width + GAP, rect.top(), max(rect.width() - title_width - GAP, 0), QFontMetrics(fonts.title).height())
        painter.drawText(count_rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), str(count))
        painter.setPen(palette.color(active, QPalette.ColorRole.Mid))
        bottom = option.rect.bottom() - 1
        painter.drawLine(option.rect.left() + MARGIN, bottom, option.rect.right() - MARGIN, bottom)
        painter.restore()

    def _paint_item(self, painter: QPainter, option: QStyleOptionViewItem, index: Index, item: ShelfItem) -> None:
        panel = QStyleOptionViewItem(option)
        self.initStyleOption(panel, index)  # only the row's background and selection are drawn by the style
        self.view.style().drawPrimitive(QStyle.PrimitiveElement.PE_PanelItemViewItem, panel, painter, self.view)
        painter.save()
        rect: QRect = option.rect
        palette: QPalette = option.palette
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        fonts = _fonts(option.font)
        text = palette.color(QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text)
        background = palette.color(QPalette.ColorRole.Highlight if selected else QPalette.ColorRole.Base)
        muted = _blend(text, background, 0.65)
        size = self.thumb_size()
        thumb = QRect(rect.left() + MARGIN, rect.top() + MARGIN, size.width(), size.height())
        self._paint_picture(painter, thumb, index, item, muted)
        left = thumb.right() + 1 + GAP
        width = rect.right() - MARGIN - left
        title, facts, body = self._blocks(item, fonts, width)
        top = float(rect.top() + MARGIN)
        if item.mine and title.lineCount():  # just after the title (its width leaves room for it)
            last = title.lineAt(title.lineCount() - 1)
            self._paint_badge(
                painter, fonts.small, palette, selected, QPoint(left + ceil(last.naturalTextWidth()) + 8, int(top + last.y())), ceil(last.height())
            )
        pens = (text, muted, text if item.playable or selected else _problem_colour(palette))
        for block, pen in zip((title, facts, body), pens):
            painter.setPen(pen)
            block.draw(painter, QPointF(left, top))
            top += ceil(block.boundingRect().height()) + SPACING
        painter.restore()

    @staticmethod
    def _paint_badge(painter: QPainter, font: QFont, palette: QPalette, selected: bool, at: QPoint, line_height: int) -> None:
        """Draw the "yours" badge from `at`, centred on a title line `line_height` high."""
        badge = QRect(at, badge_size(font))
        badge.moveTop(at.y() + (line_height - badge.height()) // 2)
        fill = palette.color(QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Highlight)
        ink = palette.color(QPalette.ColorRole.Highlight if selected else QPalette.ColorRole.HighlightedText)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(fill)
        painter.drawRoundedRect(badge, badge.height() / 2, badge.height() / 2)
        painter.setFont(font)
        painter.setPen(ink)
        painter.drawText(badge, int(Qt.AlignmentFlag.AlignCenter), BADGE)
        painter.restore()

    def _paint_picture(self, painter: QPainter, thumb: QRect, index: Index, item: ShelfItem, muted: QColor) -> None:
        picture = index.data(Qt.ItemDataRole.DecorationRole)
        if isinstance(picture, QPixmap) and not picture.isNull():
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            painter.drawPixmap(thumb, picture)
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(muted)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(thumb.adjusted(0, 0, -1, -1), 6, 6)
        if not item.playable:
            icon = self.view.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
            side = min(thumb.width(), thumb.height()) // 2
            icon.paint(painter, QRect(thumb.center().x() - side // 2, thumb.center().y() - side // 2, side, side))
            return
        reason = index.data(PICTURE_ROLE)
        painter.drawText(thumb, int(Qt.AlignmentFlag.AlignCenter), "no picture" if reason else "drawing…")
