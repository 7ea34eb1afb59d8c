"""One Unit in a column of the side-phase view, painted in two lines: its identity block
(side, turn marker, name with its marks, "acted", effects' badges; then its Wounds,
the spell it charges, this turn's uses and the reactions it can still afford) and, at
the right end of the second line, the Stamina bar with the last command's change. In
the window's scheme, light or dark."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QHelpEvent, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolTip,
)

from tracker.engine.rulesets.stamina_battle import UnitReadout
from tracker.qt.appearance import is_dark
from tracker.qt.models.combatant_summary import CombatantSummary, SummaryRole
from tracker.qt.rich_text import plain_tip
from tracker.qt.rulesets.stamina_battle.model import DeltaRole, Index, ReadoutRole
from tracker.qt.rulesets.stamina_battle.texts import stamina_text
from tracker.qt.views import effect_badges
from tracker.qt.views.combatant_cell import cell_height, name_line, paint_cell, second_line

MARGIN = 2  # around each card
BAR_W = 80
BAR_H = 10
FULL = "#3a8f4a"  # Stamina left
SPENT = "#e0734f"  # what the last command spent
GAINED = "#8fd19e"  # what the last command gave
# Per scheme (False: light, True: dark): the card, an acted card, the empty bar, its
# edge, the selection's outline, the Stamina text after a loss (at least 4.5:1).
CARD = {
    False: {"card": "#ffffff", "acted": "#ececec", "empty": "#e4e4e4", "edge": "#707070",
            "selected": "#1f5fbf", "spent": "#a02a00"},
    True: {"card": "#26282c", "acted": "#1b1c1f", "empty": "#3a3d44", "edge": "#8d9097",
           "selected": "#7fb0ff", "spent": "#ff9e80"},
}  # fmt: skip


def font(points: float, bold: bool = False) -> QFont:
    made = QFont()
    made.setPointSizeF(points)
    made.setBold(bold)
    return made


NAME_FONT = 11.0  # points


def row_height() -> int:
    return cell_height(font(NAME_FONT)) + 2 * MARGIN


def paint_bar(
    painter: QPainter, rect: QRect, value: int, maximum: int, delta: int, dark: bool = False
) -> None:
    """The pool as a bar: what is left, what the last command spent (after it) or gave
    (its end); a pool above its maximum (carried over) fills the bar."""
    colors = CARD[dark]
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(colors["empty"]))
    painter.drawRoundedRect(rect, 3, 3)
    scale = max(maximum, value, value - delta, 1)

    def width(amount: int) -> int:
        return round(rect.width() * max(amount, 0) / scale)

    left = width(value)
    painter.setBrush(QColor(FULL))
    painter.drawRoundedRect(QRect(rect.left(), rect.top(), left, rect.height()), 3, 3)
    if delta < 0:
        painter.setBrush(QColor(SPENT))
        painter.drawRect(QRect(rect.left() + left, rect.top(), width(-delta), rect.height()))
    elif delta > 0:
        painter.setBrush(QColor(GAINED))
        gained = width(delta)
        painter.drawRect(QRect(rect.left() + left - gained, rect.top(), gained, rect.height()))
    painter.setPen(QPen(QColor(colors["edge"])))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(rect.adjusted(0, 0, -1, -1), 3, 3)
    painter.restore()


class UnitDelegate(QStyledItemDelegate):
    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        return QSize(max(option.rect.width(), 240), row_height())

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        readout = index.data(ReadoutRole)
        summary = index.data(SummaryRole)
        if not isinstance(readout, UnitReadout) or not isinstance(summary, CombatantSummary):
            return
        palette: QPalette = option.palette
        dark = is_dark(palette)
        colors = CARD[dark]
        rect = option.rect.adjusted(MARGIN, MARGIN, -MARGIN, -MARGIN)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(colors["acted" if readout.acted else "card"]))
        painter.drawRoundedRect(rect, 5, 5)
        painter.restore()
        name_font = font(NAME_FONT)
        delta = int(index.data(DeltaRole) or 0)
        text = stamina_text(readout, delta)
        text_w = QFontMetrics(font(9.5, bold=True)).horizontalAdvance(text) + 2
        bar_w = max(min(BAR_W, rect.width() // 6), 36)
        reserve = bar_w + text_w + 12
        paint_cell(painter, rect, summary, name_font, palette, reserve=reserve)
        line = second_line(rect, name_font)
        text_box = QRect(line.right() - text_w, line.top(), text_w, line.height())
        bar = QRect(text_box.left() - 4 - bar_w, line.center().y() - BAR_H // 2, bar_w, BAR_H)
        paint_bar(painter, bar, readout.stamina, readout.maximum, delta, dark)
        painter.save()
        painter.setFont(font(9.5, bold=True))
        # On the turn's gold (light in both schemes) the light scheme's inks.
        on_page = dark and not summary.acting
        ink = QColor(CARD[on_page]["spent"] if delta < 0 else "#e8e8ea" if on_page else "#111111")
        painter.setPen(ink)
        painter.drawText(text_box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, text)
        painter.restore()
        if selected:
            painter.save()
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(QPen(QColor(colors["selected"]), 2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), 5, 5)
            painter.restore()

    def helpEvent(
        self,
        event: QHelpEvent,
        view: QAbstractItemView,
        option: QStyleOptionViewItem,
        index: Index,
    ) -> bool:
        """A badge's tooltip: its effect's name, note and time left; elsewhere the whole
        card in words."""
        summary = index.data(SummaryRole) if index.isValid() else None
        if event is None or not isinstance(summary, CombatantSummary):
            return super().helpEvent(event, view, option, index)
        rect = option.rect.adjusted(MARGIN, MARGIN, -MARGIN, -MARGIN)
        name_font = font(NAME_FONT)
        placed = effect_badges.place(summary.badges, name_line(rect, name_font, summary), name_font)
        tip = effect_badges.tooltip_at(placed, event.pos()) or summary.text()
        QToolTip.showText(event.globalPos(), plain_tip(tip), view.viewport())
        return True
