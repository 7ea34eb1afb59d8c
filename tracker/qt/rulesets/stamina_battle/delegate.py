"""One Unit in a column of the side-phase view, painted: its side's stripe, name, whether
it acts, acted or is still to act, its wounds; the Stamina bar with the last command's
change and this turn's limited uses; the reactions it can still afford and the spell
it charges."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

from tracker.engine.rulesets.stamina_battle import UnitReadout
from tracker.qt.palette import CELL_COLORS, SIDE_COLORS
from tracker.qt.rulesets.stamina_battle.model import (
    DeltaRole,
    HiddenRole,
    Index,
    ReadoutRole,
    SideRole,
)
from tracker.qt.rulesets.stamina_battle.texts import (
    charge_text,
    reactions_text,
    stamina_text,
    status_text,
    uses_text,
    wounds_text,
)

ROW_H = 66
PAD = 6
BAR_W = 170
BAR_H = 14
FULL = "#3a8f4a"  # Stamina left
SPENT = "#e0734f"  # what the last command spent
GAINED = "#8fd19e"  # what the last command gave
EMPTY = "#e4e4e4"
CHARGE = "#b35c00"


def font(points: float, bold: bool = False) -> QFont:
    made = QFont()
    made.setPointSizeF(points)
    made.setBold(bold)
    return made


def paint_bar(painter: QPainter, rect: QRect, value: int, maximum: int, delta: int) -> None:
    """The pool as a bar: what is left, what the last command spent (after it) or gave
    (its end); a pool above its maximum (carried over) fills the bar."""
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(EMPTY))
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
    painter.setPen(QPen(QColor("#707070")))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(rect.adjusted(0, 0, -1, -1), 3, 3)
    painter.restore()


class UnitDelegate(QStyledItemDelegate):
    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        return QSize(max(option.rect.width(), 240), ROW_H)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        readout = index.data(ReadoutRole)
        if not isinstance(readout, UnitReadout):
            return
        rect = option.rect.adjusted(2, 2, -2, -2)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        background = CELL_COLORS["current"] if readout.acting else "#ffffff"
        if readout.acted:
            background = "#ececec"
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(background))
        painter.drawRoundedRect(rect, 6, 6)
        if option.state & QStyle.StateFlag.State_Selected:
            painter.setPen(QPen(QColor("#1f5fbf"), 2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), 6, 6)
        side = SIDE_COLORS.get(str(index.data(SideRole)), SIDE_COLORS["neutral"])
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(side))
        painter.drawRoundedRect(QRect(rect.left(), rect.top(), 6, rect.height()), 3, 3)
        self._texts(painter, rect.adjusted(6 + PAD, PAD // 2, -PAD, -PAD // 2), index, readout)
        painter.restore()

    def _texts(self, painter: QPainter, rect: QRect, index: Index, readout: UnitReadout) -> None:
        ink = QColor("#8c8c8c" if readout.acted else "#111111")
        left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        line = rect.height() // 3
        first = QRect(rect.left(), rect.top(), rect.width(), line)
        status = status_text(readout).upper() if readout.acting else status_text(readout)
        wounds = wounds_text(readout)
        hidden = "hidden" if index.data(HiddenRole) else ""
        tail = " · ".join(t for t in (wounds, hidden, status) if t)
        painter.setFont(font(9.5, bold=readout.acting))
        tail_w = QFontMetrics(painter.font()).horizontalAdvance(tail) + 6
        painter.setPen(QColor("#a02020") if wounds and not readout.acted else ink)
        painter.drawText(first, right, tail)
        painter.setFont(font(11, bold=True))
        painter.setPen(ink)
        name = QFontMetrics(painter.font()).elidedText(
            str(index.data() or ""), Qt.TextElideMode.ElideRight, max(first.width() - tail_w, 20)
        )
        painter.drawText(first, left, name)

        second = QRect(rect.left(), rect.top() + line, rect.width(), line)
        bar_w = min(BAR_W, max(second.width() // 2, 60))
        bar = QRect(second.left(), second.center().y() - BAR_H // 2, bar_w, BAR_H)
        delta = int(index.data(DeltaRole) or 0)
        paint_bar(painter, bar, readout.stamina, readout.maximum, delta)
        painter.setFont(font(10, bold=True))
        painter.setPen(QColor("#b02a00") if delta < 0 else ink)
        text = stamina_text(readout, delta)
        text_rect = second.adjusted(bar_w + 6, 0, 0, 0)
        painter.drawText(text_rect, left, text)
        uses = uses_text(readout)
        if uses:
            painter.setFont(font(10, bold=True))
            shift = QFontMetrics(painter.font()).horizontalAdvance(text) + 12
            painter.setFont(font(9.5))
            painter.setPen(ink)
            room = text_rect.adjusted(shift, 0, 0, 0)
            shown = QFontMetrics(painter.font()).elidedText(
                uses, Qt.TextElideMode.ElideRight, max(room.width(), 0)
            )
            painter.drawText(room, left, shown)

        third = QRect(rect.left(), rect.top() + 2 * line, rect.width(), line)
        charge = charge_text(readout)
        if charge:  # the charge first: it is what matters of a caster
            painter.setFont(font(9.5, bold=True))
            charge = QFontMetrics(painter.font()).elidedText(
                charge, Qt.TextElideMode.ElideRight, third.width()
            )
            painter.setPen(QColor(CHARGE))
            painter.drawText(third, left, charge)
            shift = QFontMetrics(painter.font()).horizontalAdvance(charge + "  ")
            third = third.adjusted(shift, 0, 0, 0)
        painter.setFont(font(9.5))
        painter.setPen(QColor("#8c8c8c" if readout.acted else "#444444"))
        shown = QFontMetrics(painter.font()).elidedText(
            f"Can afford: {reactions_text(readout)}",
            Qt.TextElideMode.ElideRight,
            max(third.width(), 0),
        )
        painter.drawText(third, left, shown)
