"""Painting what sits over the countdown track's lanes: the axis of values with the
count and the phase (sticky at the top), the drop line of a drag among ties, and a line
of help under the last lane."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPainterPath, QPen

from tracker.qt.brushes import fill, solid
from tracker.qt.rulesets.ap_countdown.texts import number
from tracker.qt.rulesets.ap_countdown.track_paint import (
    COUNT_FILL,
    COUNT_LINE,
    ON_GOLD,
    Frame,
    font,
)
from tracker.qt.rulesets.ap_countdown.track_scale import HEADER_H, LANE_H, NAME_W

HINT_BELOW, HINT_H = 10, 24  # the line of help: its gap under the last lane, its height


def paint_axis(painter: QPainter, frame: Frame, tag: str, phase: str) -> None:
    """The values along the top (sticky), the count in a yellow pill, the round and
    phase in the corner on the phase's colour."""
    fill(painter, QRect(0, 0, frame.width, HEADER_H), solid(frame.color("axis")))
    painter.setPen(QPen(frame.color("axis_edge"), 1))
    painter.drawLine(0, HEADER_H - 1, frame.width, HEADER_H - 1)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    corner = QRectF(4, 3, NAME_W - 8, HEADER_H - 6)
    painter.setPen(Qt.PenStyle.NoPen)
    known = phase in ("resolution", "initiative", "upkeep")
    painter.setBrush(frame.color(phase if known else "setup"))
    painter.drawRoundedRect(corner, 6, 6)
    tag_font = font(14, bold=True)
    painter.setFont(tag_font)
    painter.setPen(ON_GOLD if phase == "resolution" else frame.color("ink"))
    tag = QFontMetrics(tag_font).elidedText(tag, Qt.TextElideMode.ElideRight, NAME_W - 24)
    painter.drawText(corner.adjusted(8, 0, -4, 0), Qt.AlignmentFlag.AlignVCenter, tag)
    painter.restore()
    painter.save()
    painter.setClipRect(QRect(NAME_W, 0, frame.width - NAME_W, HEADER_H))
    painter.setFont(font(13, bold=True))
    painter.setPen(frame.color("quiet"))
    for value, labelled in frame.scale.ticks():
        if labelled and value != frame.count:
            box = QRectF(frame.x(value) - 20, 0, 40, HEADER_H)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, number(value))
    if frame.count is not None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pill = QRectF(frame.x(frame.count) - 24, 3, 48, HEADER_H - 6)
        painter.setPen(QPen(COUNT_LINE, 2))
        painter.setBrush(COUNT_FILL)
        painter.drawRoundedRect(pill, 9, 9)
        painter.setFont(font(15, bold=True))
        painter.setPen(ON_GOLD)
        painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, number(frame.count))
    painter.restore()


def paint_drop(painter: QPainter, frame: Frame, slot: int, refusal: str | None) -> None:
    """Where a dragged lane would land: green where the engine allows it, red (with the
    reason) where it would refuse."""
    y = HEADER_H + slot * LANE_H - frame.dy
    color = QColor("#2e9e5b") if refusal is None else QColor("#c8372d")
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(color, 4))
    painter.drawLine(QPointF(4, y), QPointF(frame.width - 4, y))
    if refusal:
        text_font = font(13, bold=True)
        metrics = QFontMetrics(text_font)
        text = metrics.elidedText(refusal, Qt.TextElideMode.ElideRight, frame.width - 40)
        box = QRectF(16, y + 4, metrics.horizontalAdvance(text) + 16, metrics.height() + 6)
        if box.bottom() > frame.height:
            box.moveBottom(y - 4)
        path = QPainterPath()
        path.addRoundedRect(box, 4, 4)
        painter.fillPath(path, frame.color("refusal_fill"))
        painter.setPen(QPen(color, 1))
        painter.drawPath(path)
        painter.setFont(text_font)
        painter.setPen(frame.color("refusal_ink"))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()


def paint_hint(painter: QPainter, frame: Frame, rows: int, text: str) -> None:
    """A line of help under the last lane, when there is room for it."""
    top = HEADER_H + rows * LANE_H - frame.dy + HINT_BELOW
    if top + HINT_H > frame.height:
        return
    painter.setFont(font(13, italic=True))
    painter.setPen(frame.color("quiet"))
    box = QRect(20, top, frame.width - 40, HINT_H)
    text = QFontMetrics(painter.font()).elidedText(text, Qt.TextElideMode.ElideRight, box.width())
    painter.drawText(box, Qt.AlignmentFlag.AlignVCenter, text)
