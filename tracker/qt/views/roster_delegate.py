"""Two lines per combatant in the side list: the name (with the ruleset's markers) and,
smaller, every resource the ruleset tracks for it ("AP 4/7 · Reserve 2", pools, bars),
so nothing the GM tracks hides in the log."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QHelpEvent, QPainter, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QStyle,
    QStyleOptionViewItem,
)

from tracker.qt.appearance import is_dark
from tracker.qt.models.badges import BadgesRole
from tracker.qt.views import effect_badges
from tracker.qt.views.elided_tips import FitWidthDelegate

STATE, RESOURCES = 1, 2  # the roster model's columns beside the name
PAD = 4
LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
NOW_BAR = QColor("#c98f00")  # a bar down the left of the row whose turn it is
Index = QModelIndex | QPersistentModelIndex


def resources_line(index: Index) -> str:
    """The row's meters, or its one-line state where the ruleset has no meters."""
    model, row = index.model(), index.row()
    meters = model.index(row, RESOURCES).data() or ""
    return str(meters or model.index(row, STATE).data() or "")


def small_font(font: QFont) -> QFont:
    small = QFont(font)
    small.setBold(False)
    small.setStrikeOut(False)  # a defeated combatant's name is struck, not its resources
    if font.pointSizeF() > 0:
        small.setPointSizeF(font.pointSizeF() * 0.8)
    return small


def _name_line(item: QStyleOptionViewItem) -> QRect:
    """Where the row's first line (the name, and its effects' badges) goes."""
    widget = item.widget
    style = widget.style() if widget is not None else QApplication.style()
    room = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, item, widget)
    height = QFontMetrics(item.font).height()
    return QRect(room.left() + PAD, room.top() + PAD, room.width() - 2 * PAD, height)


class RosterDelegate(FitWidthDelegate):
    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        font = option.font
        lines = QFontMetrics(font).height() + QFontMetrics(small_font(font)).height()
        return QSize(1, lines + 3 * PAD)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        item = QStyleOptionViewItem(option)
        self.initStyleOption(item, index)
        name = item.text
        item.text = ""  # the style paints all but the text
        widget = option.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, item, painter, widget)
        room = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, item, widget)
        palette: QPalette = item.palette
        selected = bool(item.state & QStyle.StateFlag.State_Selected)
        foreground = index.data(Qt.ItemDataRole.ForegroundRole)
        if selected:
            ink = muted = palette.color(QPalette.ColorRole.HighlightedText)
        elif foreground is not None:  # the model's own colour: current turn, hidden
            ink = muted = foreground.color()
        else:
            ink = palette.color(QPalette.ColorRole.Text)
            muted = palette.color(QPalette.ColorRole.PlaceholderText)
        font: QFont = item.font
        small = small_font(font)
        width = room.width() - 2 * PAD
        name_rect = _name_line(item)
        line_rect = QRect(
            name_rect.left(), name_rect.bottom() + PAD // 2, width, QFontMetrics(small).height()
        )
        badges = effect_badges.place(index.data(BadgesRole) or (), name_rect, font)
        name_rect.setRight(name_rect.right() - effect_badges.used_width(badges, name_rect))
        painter.save()
        if index.data(Qt.ItemDataRole.BackgroundRole) is not None:  # the one acting now
            painter.fillRect(
                QRect(option.rect.left(), option.rect.top(), 6, option.rect.height()), NOW_BAR
            )
        for text, rect, text_font, pen in (
            (name, name_rect, font, ink),
            (resources_line(index), line_rect, small, muted),
        ):
            painter.setFont(text_font)
            painter.setPen(pen)
            shown = QFontMetrics(text_font).elidedText(
                text, Qt.TextElideMode.ElideRight, rect.width()
            )
            painter.drawText(rect, LEFT, shown)
        painter.restore()
        effect_badges.paint(painter, badges, font, is_dark(palette))

    def helpEvent(
        self,
        event: QHelpEvent,
        view: QAbstractItemView,
        option: QStyleOptionViewItem,
        index: Index,
    ) -> bool:
        """A badge shows its effect's name, note and time left."""
        if effect_badges.show_badge_tip(self, event, view, option, index, _name_line):
            return True
        return super().helpEvent(event, view, option, index)
