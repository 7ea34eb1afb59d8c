"""A combatant's identity block, drawn the same way on every ruleset's central view: the
side's colour as a bar down the left, the turn marker (a drawn arrow on a tinted row)
for the one acting now, the name (bold when acting, grey and italic with a "hidden" tag
when hidden from the players, struck through with the system's word when defeated),
its effects as badges at the right end of the name's line and, on a second, smaller
line, its health in the system's words and the ruleset's resources.

The summary comes from `tracker.qt.models.combatant_summary`. `paint_cell` draws one in
a rectangle; `CombatantCellDelegate` draws the `SummaryRole` of an item view's cell."""

from __future__ import annotations

import math

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPointF, QRect, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QHelpEvent,
    QIcon,
    QPainter,
    QPalette,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolTip,
)

from tracker.qt.appearance import is_dark
from tracker.qt.brushes import fill, solid
from tracker.qt.models.combatant_summary import CombatantSummary, SummaryRole
from tracker.qt.palette import CELL_COLORS, SIDE_COLORS
from tracker.qt.rich_text import plain_tip
from tracker.qt.views import effect_badges

Index = QModelIndex | QPersistentModelIndex

BAR_W = 5  # the side's bar
MARK_W = 14  # room for the turn marker, kept on every row so the names line up
PAD = 3
TAG_PAD = 4
MAX_WIDTH = 460  # a delegate's cell asks for no more (a long name is cut short)

# Colours of the block, per scheme (False: light, True: dark). Text on the row's
# background keeps a contrast of at least 4.5:1 in both.
COLORS: dict[bool, dict[str, str]] = {
    False: {
        "muted": "#4a4f57",  # the second line
        "hidden": "#5f6368",  # a hidden combatant's name
        "tag": "#3c4043",  # the "hidden" tag's text and outline
        "down_fill": "#fde2e0",  # the defeated word's tag
        "down_ink": "#7a1410",
        "down_edge": "#c8372d",
    },
    True: {
        "muted": "#b9bdc5",
        "hidden": "#a8abb2",
        "tag": "#c7cad1",
        "down_fill": "#4d1714",
        "down_ink": "#ffd9d5",
        "down_edge": "#e0564b",
    },
}
# The row of the one acting now, in both schemes: the turn's gold (as every view's
# current cell) with dark text on it.
NOW_FILL = CELL_COLORS["current"]
ON_NOW: dict[str, str] = {
    "ink": "#000000",
    "marker": "#000000",
    "muted": "#3a3a3a",
    "hidden": "#45474b",
    "tag": "#2b2b2b",
    "down_fill": "#fde2e0",
    "down_ink": "#7a1410",
    "down_edge": "#a8281f",
}


# --- painting -----------------------------------------------------------------------------
def small_font(font: QFont) -> QFont:
    small = QFont(font)
    small.setBold(False)
    small.setItalic(False)
    small.setStrikeOut(False)
    if font.pixelSize() > 0:
        small.setPixelSize(max(round(font.pixelSize() * 0.82), 10))
    elif font.pointSizeF() > 0:
        small.setPointSizeF(max(font.pointSizeF() * 0.82, 8.0))
    return small


def tag_font(font: QFont) -> QFont:
    tag = small_font(font)
    if font.pixelSize() > 0:
        tag.setPixelSize(max(round(font.pixelSize() * 0.74), 10))
    elif font.pointSizeF() > 0:
        tag.setPointSizeF(max(font.pointSizeF() * 0.74, 7.5))
    return tag


def cell_height(font: QFont) -> int:
    """The height of a two-line block in `font` (the name's)."""
    return QFontMetrics(font).height() + QFontMetrics(small_font(font)).height() + 3 * PAD


def cell_width(summary: CombatantSummary, font: QFont) -> int:
    """The width that shows the whole block: the name and its tags beside the badges
    (which take at most their share of the row), and the second line."""
    name_font = QFont(font)
    name_font.setBold(True)
    name_font.setItalic(summary.hidden)
    name_w = QFontMetrics(name_font).horizontalAdvance(summary.name) + TAG_PAD + 2
    first = name_w + _tags_width(summary.tags, font)
    if summary.badges:
        wide = QRect(0, 0, 4000, QFontMetrics(font).height())
        badges = effect_badges.used_width(effect_badges.place(summary.badges, wide, font), wide)
        # The badges take at most their share of the line (`effect_badges.place`): the
        # line is wide enough for the name beside them and for them within that share.
        first = max(first + badges, math.ceil(badges / effect_badges.SHARE) + 1)
    second = QFontMetrics(small_font(font)).horizontalAdvance(summary.second_line)
    return BAR_W + MARK_W + max(first, second) + 2 * PAD


def name_line(rect: QRect, font: QFont, summary: CombatantSummary | None = None) -> QRect:
    """Where the name and the badges go in a block drawn in `rect` (for `summary`: a
    block with no second line has its name in the middle)."""
    left = rect.left() + BAR_W + MARK_W
    height = QFontMetrics(font).height()
    two_lines = rect.height() >= cell_height(font) - PAD
    if summary is not None and not summary.second_line:
        two_lines = False
    top = rect.top() + PAD if two_lines else rect.top() + (rect.height() - height) // 2
    return QRect(left, top, rect.right() - left - PAD, height)


def second_line(rect: QRect, font: QFont) -> QRect:
    """Where the second line goes in a two-line block drawn in `rect`."""
    line = name_line(rect, font)
    return QRect(
        line.left(), line.bottom() + 1, line.width(), QFontMetrics(small_font(font)).height()
    )


def inks(palette: QPalette, selected: bool = False, acting: bool = False) -> dict[str, QColor]:
    """The block's colours for the palette's scheme (`selected`: on the highlight;
    `acting`: on the turn's gold)."""
    colors = {name: QColor(value) for name, value in COLORS[is_dark(palette)].items()}
    colors["ink"] = palette.color(QPalette.ColorRole.Text)
    colors["marker"] = colors["ink"]
    if acting and not selected:
        colors.update((name, QColor(value)) for name, value in ON_NOW.items())
    if selected:
        on_highlight = palette.color(QPalette.ColorRole.HighlightedText)
        for name in ("ink", "muted", "hidden", "tag", "marker"):
            colors[name] = on_highlight
    return colors


def paint_cell(
    painter: QPainter,
    rect: QRect,
    summary: CombatantSummary,
    font: QFont,
    palette: QPalette,
    selected: bool = False,
    reserve: int = 0,
) -> list[effect_badges.Placed]:
    """Draw the block in `rect` (two lines when it is tall enough, else one: the
    second line's text then follows the tags). `reserve`: pixels at the right end of
    the second line left to the caller (a bar of its own). Returns the badges as placed
    (for their tooltips). The row's background is the caller's, but for the turn's
    gold."""
    colors = inks(palette, selected, summary.acting)
    painter.save()
    if summary.acting and not selected:
        fill(painter, rect, solid(NOW_FILL))
    bar = QRect(rect.left() + 1, rect.top() + 2, BAR_W - 1, rect.height() - 4)
    fill(painter, bar, solid(SIDE_COLORS.get(summary.side, SIDE_COLORS["neutral"])))
    line = name_line(rect, font, summary)
    if summary.acting:
        _paint_marker(
            painter, QRect(rect.left() + BAR_W, line.top(), MARK_W, line.height()), colors
        )
    placed = effect_badges.place(summary.badges, line, font)
    room = QRect(line)
    room.setRight(line.right() - effect_badges.used_width(placed, line))
    name_font = QFont(font)
    name_font.setBold(summary.acting)
    name_font.setItalic(summary.hidden)
    name_font.setStrikeOut(bool(summary.defeated))
    one_line = line.bottom() + QFontMetrics(small_font(font)).height() > rect.bottom()
    tags = summary.tags
    tags_w = _tags_width(tags, font)
    metrics = QFontMetrics(name_font)
    # The name first (up to 60 % of the room when the tags would squeeze it); the tags
    # that do not fit after it are left out (they are in the tooltip).
    whole = metrics.horizontalAdvance(summary.name)
    name_room = max(room.width() - tags_w, min(whole, int(room.width() * 0.6)))
    name = metrics.elidedText(summary.name, Qt.TextElideMode.ElideRight, name_room)
    painter.setFont(name_font)
    painter.setPen(colors["hidden"] if summary.hidden else colors["ink"])
    middle = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
    painter.drawText(room, middle, name)
    x = room.left() + metrics.horizontalAdvance(name) + TAG_PAD + 2
    x = _paint_tags(painter, summary, x, room, font, colors, selected)
    second = summary.second_line
    if second:
        small = small_font(font)
        if one_line:
            shown = QRect(x + TAG_PAD, line.top(), room.right() - x - TAG_PAD, line.height())
        else:
            top = line.bottom() + 1
            width = line.width() - reserve
            shown = QRect(line.left(), top, width, QFontMetrics(small).height())
        painter.setFont(small)
        painter.setPen(colors["muted"])
        text = QFontMetrics(small).elidedText(second, Qt.TextElideMode.ElideRight, shown.width())
        if shown.width() > 0:
            painter.drawText(shown, middle, text)
    painter.restore()
    effect_badges.paint(painter, placed, font, is_dark(palette))
    return placed


def _paint_marker(painter: QPainter, room: QRect, colors: dict[str, QColor]) -> None:
    """The turn marker: a filled arrow pointing at the name (drawn: no font lacks it)."""
    size = min(room.width() - 4, room.height() - 4)
    left = room.left() + (room.width() - size) / 2
    middle = room.center().y() + 0.5
    arrow = QPolygonF(
        [
            QPointF(left, middle - size / 2),
            QPointF(left + size * 0.9, middle),
            QPointF(left, middle + size / 2),
        ]
    )
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colors["marker"])
    painter.drawPolygon(arrow)
    painter.restore()


def _tags_width(tags: tuple[str, ...], font: QFont) -> int:
    metrics = QFontMetrics(tag_font(font))
    return sum(metrics.horizontalAdvance(tag) + 2 * TAG_PAD + TAG_PAD for tag in tags)


def _paint_tags(
    painter: QPainter,
    summary: CombatantSummary,
    x: int,
    room: QRect,
    font: QFont,
    colors: dict[str, QColor],
    selected: bool,
) -> int:
    """The words beside the name as small outlined tags (the defeated word filled in
    red); returns where the next thing may start."""
    small = tag_font(font)
    metrics = QFontMetrics(small)
    height = min(metrics.height() + 2, room.height())
    top = room.top() + (room.height() - height) // 2
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setFont(small)
    kinds = ["hidden"] * summary.hidden + ["down"] * bool(summary.defeated)
    for tag, kind in zip(summary.tags, kinds + ["marker"] * len(summary.markers), strict=True):
        width = metrics.horizontalAdvance(tag) + 2 * TAG_PAD
        if x + width > room.right():
            break
        box = QRect(x, top, width, height)
        if kind == "down" and not selected:
            painter.setPen(QPen(colors["down_edge"], 1))
            painter.setBrush(colors["down_fill"])
            ink = colors["down_ink"]
        else:
            pen = QPen(colors["tag"], 1)
            if kind == "hidden":
                pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            ink = colors["tag"]
        painter.drawRoundedRect(box.adjusted(0, 0, -1, -1), 3, 3)
        painter.setPen(ink)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, tag)
        x += width + TAG_PAD
    painter.restore()
    return x


class CombatantCellDelegate(QStyledItemDelegate):
    """An item view's cell showing its `SummaryRole` as the identity block; a badge
    shows its effect's name, note and time left on hover, the rest of the cell the
    model's tooltip (or the whole row in words)."""

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        summary = index.data(SummaryRole)
        if not isinstance(summary, CombatantSummary):
            return super().sizeHint(option, index)
        return QSize(min(cell_width(summary, option.font), MAX_WIDTH), cell_height(option.font))

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        summary = index.data(SummaryRole)
        if not isinstance(summary, CombatantSummary):
            super().paint(painter, option, index)
            return
        item = QStyleOptionViewItem(option)
        self.initStyleOption(item, index)
        item.text = ""
        item.icon = QIcon()
        item.features &= ~QStyleOptionViewItem.ViewItemFeature.HasDecoration
        widget = option.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, item, painter, widget)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        paint_cell(painter, option.rect, summary, option.font, option.palette, selected)

    def helpEvent(
        self,
        event: QHelpEvent,
        view: QAbstractItemView,
        option: QStyleOptionViewItem,
        index: Index,
    ) -> bool:
        summary = index.data(SummaryRole) if index.isValid() else None
        if event is None or not isinstance(summary, CombatantSummary):
            return super().helpEvent(event, view, option, index)
        line = name_line(option.rect, option.font, summary)
        placed = effect_badges.place(summary.badges, line, option.font)
        tip = effect_badges.tooltip_at(placed, event.pos())
        if tip is None:  # the model's own tooltip, else the whole row in words
            tip = index.data(Qt.ItemDataRole.ToolTipRole) or summary.text()
        QToolTip.showText(event.globalPos(), plain_tip(str(tip)), view.viewport())
        return True
