"""Effects as small rounded badges at the right end of a combatant's row: the effect's
name (cut short with "…" when long), the ones ending this turn or the next first, in
amber with a clock mark and bold text (so not by colour alone), and "+N" for those
that do not fit. Hovering a badge shows its full name, note and time left; hovering
"+N" lists the rest.

`place` lays the badges out from the row's rectangle alone, so painting and tooltips
agree; a delegate calls `paint` and, from its `helpEvent`, `tooltip_at`. The side list's
delegate and the identity block of the rulesets' views (`combatant_cell`) paint them on
the name's line."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPoint, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QHelpEvent, QPainter, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolTip,
)

from tracker.qt.models.badges import Badge, BadgesRole
from tracker.qt.palette import BADGE_COLORS
from tracker.qt.rich_text import plain_tip

Index = QModelIndex | QPersistentModelIndex

GAP = 4  # between badges, and between the badges and the text beside them
PAD_X = 5  # inside a badge, left and right
MAX_TEXT_CHARS = 11  # a longer name is cut to about this many average characters
SHARE = 0.45  # the badges take at most this share of the row's width: the name keeps the rest


@dataclass(frozen=True)
class Placed:
    """A badge laid out: its rectangle, its text, and what it stands for (the effect,
    or for "+N" the effects left out)."""

    rect: QRect
    text: str
    badges: tuple[Badge, ...]
    overflow: bool = False

    @property
    def soon(self) -> bool:
        return not self.overflow and self.badges[0].soon

    def tooltip(self) -> str:
        if not self.overflow:
            return self.badges[0].tooltip()
        return "\n\n".join(badge.tooltip() for badge in self.badges)


def badge_font(font: QFont) -> QFont:
    small = QFont(font)
    small.setBold(False)
    if font.pointSizeF() > 0:
        small.setPointSizeF(max(font.pointSizeF() * 0.72, 7.0))
    return small


def _mark_width(metrics: QFontMetrics) -> int:
    return metrics.ascent() * 3 // 4 + 3  # the clock mark and its space


def _sized(text: str, soon: bool, font: QFont, room: int | None = None) -> tuple[str, int]:
    """The text shown (cut short when long, or to fit a badge `room` wide) and the
    badge's width for it."""
    shown_font = QFont(font)
    shown_font.setBold(soon)
    metrics = QFontMetrics(shown_font)
    mark = _mark_width(metrics) if soon else 0
    text_room = metrics.averageCharWidth() * MAX_TEXT_CHARS
    if room is not None:
        text_room = min(text_room, room - 2 * PAD_X - mark)
    shown = metrics.elidedText(text, Qt.TextElideMode.ElideRight, max(text_room, 0))
    return shown, metrics.horizontalAdvance(shown) + 2 * PAD_X + mark


def place(badges: Sequence[Badge], row: QRect, font: QFont) -> list[Placed]:
    """Lay the badges out right-aligned in `row` (a line's rectangle), the ones ending
    soon first, using at most `SHARE` of its width; "+N" for the rest."""
    if not badges:
        return []
    small = badge_font(font)
    height = min(QFontMetrics(small).height() + 2, row.height())
    top = row.top() + (row.height() - height) // 2
    ordered = sorted(badges, key=lambda badge: not badge.soon)  # stable: soon ones first
    sized = [_sized(badge.name, badge.soon, small) for badge in ordered]
    room = int(row.width() * SHARE)

    def overflow_width(count: int) -> int:
        return QFontMetrics(small).horizontalAdvance(f"+{count}") + 2 * PAD_X

    fitted = len(ordered)
    while fitted > 0:
        widths = [width for _text, width in sized[:fitted]]
        left_out = len(ordered) - fitted
        total = sum(widths) + GAP * (len(widths) - 1)
        if left_out:
            total += GAP + overflow_width(left_out)
        if total <= room:
            break
        fitted -= 1
    if fitted == 0:
        # The first badge (one ending soon, if any) always shows, cut to the room left
        # beside "+N": a row never shows only a count.
        rest = len(ordered) - 1
        left = room - (GAP + overflow_width(rest) if rest else 0)
        text, width = _sized(ordered[0].name, ordered[0].soon, small, left)
        if text:
            sized[0], fitted = (text, width), 1
    placed: list[Placed] = []
    x = row.right()
    left_out = len(ordered) - fitted
    if left_out:
        width = overflow_width(left_out)
        x -= width
        hidden = tuple(ordered[fitted:])
        placed.append(Placed(QRect(x + 1, top, width, height), f"+{left_out}", hidden, True))
        x -= GAP
    for index in range(fitted - 1, -1, -1):
        text, width = sized[index]
        x -= width
        placed.append(Placed(QRect(x + 1, top, width, height), text, (ordered[index],)))
        x -= GAP
    placed.reverse()
    return placed


def used_width(placed: Sequence[Placed], row: QRect) -> int:
    """How much of the row's right end the badges take, the gap before them included."""
    if not placed:
        return 0
    return row.right() - placed[0].rect.left() + 1 + GAP


def paint(painter: QPainter, placed: Sequence[Placed], font: QFont, dark: bool) -> None:
    small = badge_font(font)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    for item in placed:
        fill, ink, border = BADGE_COLORS[dark]["soon" if item.soon else "effect"]
        shown_font = QFont(small)
        shown_font.setBold(item.soon)
        rect = QRectF(item.rect).adjusted(0.5, 0.5, -0.5, -0.5)
        radius = rect.height() / 2
        painter.setPen(QPen(QColor(border), 1.5 if item.soon else 1.0))
        painter.setBrush(QColor(fill))
        painter.drawRoundedRect(rect, radius, radius)
        text_rect = item.rect.adjusted(PAD_X, 0, -PAD_X, 0)
        if item.soon:
            mark = _mark_width(QFontMetrics(shown_font))
            _clock(painter, QRectF(text_rect.left(), rect.top(), mark - 3, rect.height()), ink)
            text_rect.setLeft(text_rect.left() + mark)
        painter.setFont(shown_font)
        painter.setPen(QColor(ink))
        painter.drawText(text_rect, Qt.AlignmentFlag.AlignCenter, item.text)
    painter.restore()


def _clock(painter: QPainter, room: QRectF, ink: str) -> None:
    """A small clock face: the mark of an effect that ends soon (drawn, not a glyph a
    font may lack)."""
    size = min(room.width(), room.height() - 4)
    center = QPointF(room.left() + size / 2, room.center().y())
    painter.save()
    painter.setPen(QPen(QColor(ink), 1.2))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(center, size / 2, size / 2)
    painter.drawLine(center, QPointF(center.x(), center.y() - size * 0.32))
    painter.drawLine(center, QPointF(center.x() + size * 0.28, center.y()))
    painter.restore()


def tooltip_at(placed: Sequence[Placed], point: QPoint) -> str | None:
    """The tooltip of the badge under `point`, if any."""
    for item in placed:
        if item.rect.contains(point):
            return item.tooltip()
    return None


def show_badge_tip(
    delegate: QStyledItemDelegate,
    event: QHelpEvent | None,
    view: QAbstractItemView,
    option: QStyleOptionViewItem,
    index: Index,
    line: Callable[[QStyleOptionViewItem], QRect],
) -> bool:
    """Show the tooltip of the badge under the pointer (name, note, time left), the
    badges laid out on `line` of the cell; False when the pointer is on no badge."""
    if event is None or not index.isValid():
        return False
    item = QStyleOptionViewItem(option)
    delegate.initStyleOption(item, index)
    tip = tooltip_at(place(_badges(index), line(item), item.font), event.pos())
    if tip is None:
        return False
    QToolTip.showText(event.globalPos(), plain_tip(tip), view.viewport())
    return True


def _badges(index: Index) -> tuple[Badge, ...]:
    return tuple(index.sibling(index.row(), 0).data(BadgesRole) or ())
